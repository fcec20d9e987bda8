//! `study.html`: the shell and the board editor and the analysis board.

fn main() {
    kharbga::app::page::start(&kharbga::app::study::StudyPage);
}
