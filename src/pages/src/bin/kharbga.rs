//! `index.html`: the first page, the shell alone (local games, the
//! library, replays, settings), within its size budget.

fn main() {
    kharbga::app::start(&kharbga::app::page::FirstPage);
}
