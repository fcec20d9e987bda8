//! `tournament.html`: the shell and tournaments, on one device and online.
//!
//! The page's first screen is the list of this device's tournaments and
//! the form for a new one. The screens after it (an online tournament's:
//! the organizer's hub, a player's or a spectator's page, their protocol,
//! links and signatures; one of this device's open: its tables and boards)
//! are a wasm chunk of this page alone: its split point is here, in the
//! page's binary, so that no other page's module holds it. The game screen
//! is another (`game`).

use kharbga::app::screens::lazy::{when_loaded, ChunkMissing};
use kharbga::app::tournament::page::TournamentPage;
use kharbga::app::tournament::{part_view, TournamentPart};
use leptos::prelude::*;
use wasm_split_helpers::wasm_split;

// (The game screen's chunk: every page but the first holds it, src/pages/src/game.rs.)
#[path = "../game.rs"]
mod game;

#[wasm_split(tournament_screens, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_screens))]
fn part_chunk(part: TournamentPart) -> Result<AnyView, ChunkMissing> {
    Ok(part_view(part))
}

/// One of the screens after the list, once its chunk is here.
fn part(part: TournamentPart) -> AnyView {
    when_loaded(async move { part_chunk(part).await })
}

/// Fetches the later screens' chunk, then the game screen's (a chunk that
/// fails is fetched again when its screen opens).
fn preload() {
    game::preload_after(preload_screens());
}

static PAGE: TournamentPage = TournamentPage {
    part,
    game: game::game,
    preload,
};

fn main() {
    kharbga::app::start(&PAGE);
}
