//! `study.html`: the shell and the board editor and the analysis board.
//!
//! The game screen ("play from here") is a chunk of this page (`game`).

// (The game screen's chunk: every page but the first holds it, src/pages/src/game.rs.)
#[path = "../game.rs"]
mod game;

static PAGE: kharbga::app::study::StudyPage = kharbga::app::study::StudyPage {
    game: game::game,
    preload: || game::preload_after(std::future::ready(Ok::<(), ()>(()))),
};

fn main() {
    kharbga::app::start(&PAGE);
}
