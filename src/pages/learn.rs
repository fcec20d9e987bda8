//! `learn.html`: the shell and the tutorial and the rules sheet.

fn main() {
    kharbga::app::page::start(&kharbga::app::learn::LearnPage);
}
