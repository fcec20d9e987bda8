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
    when_loaded(async move { game_chunk(game, session, on_new_game, on_rematch).await })
}

/// Fetches the page's own chunk (`first`; a ready `Ok` where it has none),
/// then the game screen's: a task of the page itself, as the shell's own
/// preloads (`lazy::preload_all`); a chunk that fails is fetched again when
/// its screen opens.
pub fn preload_after<E>(first: impl std::future::Future<Output = Result<(), E>> + 'static) {
    leptos::task::spawn_local(async move {
        if first.await.is_ok() {
            let _ = preload_game().await;
        }
    });
}
