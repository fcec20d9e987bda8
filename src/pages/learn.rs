//! `learn.html`: the shell and the tutorial and the rules sheet.

fn main() {
    kharbga::app::start(&kharbga::app::learn::LearnPage);
}
