//! `study.html`: the shell and the board editor and the analysis board.
//!
//! The game screen ("play from here") is a chunk of this page (`game`).

mod game;

/// Fetches the game screen's chunk.
fn preload() {
    leptos::task::spawn_local(game::preload());
}

static PAGE: kharbga::app::study::StudyPage = kharbga::app::study::StudyPage {
    game: game::game,
    preload,
};

fn main() {
    kharbga::app::start(&PAGE);
}
