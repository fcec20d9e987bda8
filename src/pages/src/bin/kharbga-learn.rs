//! `learn.html`: the shell, the tutorial, the rules sheet and the puzzles.
//!
//! The puzzles' screen and its data are a wasm chunk of this page alone:
//! its split point is here, in the page's binary, so that no other page's
//! module holds it.

use kharbga::app::learn::puzzles::PuzzleScreen;
use kharbga::app::learn::LearnPage;
use kharbga::app::screens::lazy::{when_loaded, ChunkMissing};
use leptos::prelude::*;
use wasm_split_helpers::wasm_split;

// (The game screen's chunk: every page but the first holds it, src/pages/src/game.rs.)
#[path = "../game.rs"]
mod game;

#[wasm_split(puzzles, fallible, wasm_split_path = ::wasm_split_helpers)]
fn puzzles_view(place: String) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <PuzzleScreen place=place/> }.into_any())
}

/// The puzzles' screen, once its chunk is here.
fn puzzles(place: String) -> AnyView {
    when_loaded(async move { puzzles_view(place).await })
}

static PAGE: LearnPage = LearnPage {
    puzzles,
    game: game::game,
    preload: || game::preload_after(std::future::ready(Ok::<(), ()>(()))),
};

fn main() {
    kharbga::app::start(&PAGE);
}
