//! `study.html`: the shell and the board editor and the analysis board.

fn main() {
    kharbga::app::start(&kharbga::app::study::StudyPage);
}
