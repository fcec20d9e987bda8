//! The game screen as a wasm chunk of a page whose first screen is another
//! (the online, tutorial, study and tournament pages): fetched after the
//! first paint, so that the first screen does not wait for it. Each such
//! page's binary holds this split point (`mod game;`): one in the library
//! would be exported by the first page's module too.

use kharbga::app::play::{GameScreen, Match, Session};
use kharbga::app::screens::lazy::{when_loaded, ChunkMissing};
use leptos::prelude::*;
use wasm_split_helpers::wasm_split;

#[wasm_split(game, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_game))]
fn game_chunk(
    game: Match,
    session: Session,
    on_new_game: Callback<()>,
    on_rematch: Callback<Match>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <GameScreen game=game session=session on_new_game=on_new_game on_rematch=on_rematch/> }.into_any())
}

/// The game screen, once its chunk is here.
pub fn game(
    game: Match,
    session: Session,
    on_new_game: Callback<()>,
    on_rematch: Callback<Match>,
) -> AnyView {
    replaced(when_loaded(async move {
        game_chunk(game, session, on_new_game, on_rematch).await
    }))
}

/// `screen` as a view that the next screen replaces at once. Every screen
/// from a chunk is a view of one type, and a view is updated in place by
/// the next of its type: a screen waiting for its chunk keeps the one
/// before on the page until it arrives, and that one's state is gone (a tap
/// on it would reach disposed values). A closure's view is built anew and
/// the old one taken off.
pub fn replaced(screen: AnyView) -> AnyView {
    let mut screen = Some(screen);
    // (It tracks nothing, so it never runs again.)
    (move || untrack(|| screen.take())).into_any()
}

/// Fetches the game screen's chunk (one that fails is fetched again when
/// the screen opens).
pub async fn preload() {
    let _ = preload_game().await;
}
