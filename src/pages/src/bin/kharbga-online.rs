//! `online.html`: the shell and online play: rooms, invitations, games by link, quick pairing.
//!
//! The page's first screen is the new-game form. The room's screen (the
//! referee, the protocol, the signatures and the room's views) is a wasm
//! chunk of this page alone, fetched once the form is painted: its split
//! point is here, in the page's binary, so that no other page's module
//! holds it.

use kharbga::app::online::page::OnlinePage;
use kharbga::app::online::{OnlineScreen, OnlineStart};
use kharbga::app::screens::lazy::{when_loaded, ChunkMissing};
use leptos::prelude::*;
use wasm_split_helpers::wasm_split;

// (The game screen's chunk: every page but the first holds it, src/pages/src/game.rs.)
#[path = "../game.rs"]
mod game;

#[wasm_split(room, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_room))]
fn room_view(
    start: OnlineStart,
    on_new_game: Callback<()>,
    on_start: Callback<OnlineStart>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <OnlineScreen start=start on_new_game=on_new_game on_start=on_start/> }.into_any())
}

/// The room's screen, once its chunk is here.
fn room(start: OnlineStart, on_new_game: Callback<()>, on_start: Callback<OnlineStart>) -> AnyView {
    when_loaded(async move { room_view(start, on_new_game, on_start).await })
}

/// Fetches the room's chunk, then the game screen's (a chunk that fails is
/// fetched again when its screen opens).
fn preload() {
    game::preload_after(preload_room());
}

static PAGE: OnlinePage = OnlinePage {
    room,
    game: game::game,
    preload,
};

fn main() {
    kharbga::app::start(&PAGE);
}
