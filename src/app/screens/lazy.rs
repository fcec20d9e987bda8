//! The screens a page does not need for its first paint, each in a wasm
//! chunk of its own (`wasm_split_helpers`): the release build splits them
//! out of the page's module (`make release`, src/web/split.mjs), the page
//! fetches them after its first paint, and a screen opened before its
//! chunk arrived waits for it. A native build (and a debug build that is
//! not split) calls them directly.
//!
//! Each function takes only owned, concrete values (the chunk's entry is
//! an `extern "C"` function) and returns the screen's view; a chunk that
//! cannot be fetched (offline before the service worker kept it) is
//! `ChunkMissing`, shown as a notice with a way to try again.

use std::future::Future;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_split_helpers::wasm_split;

use super::library::LibraryScreen;
use super::new_game::NewGame;
use super::notices::{Notices, RareNotices};
use super::replay::Replay;
use super::settings::SettingsScreen;
pub use crate::app::chunks::ChunkMissing;
use crate::app::chunks::{missing, part};
use crate::app::page::{OnlineChoices, Shell};
use crate::app::play::{Match, Session};
use crate::engine::{Game, Record};

#[wasm_split(replay, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_replay))]
fn replay_view(
    record: Record,
    flipped: bool,
    on_play: Callback<(Match, Game)>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <Replay record=record flipped=flipped on_play=on_play/> }.into_any())
}

#[wasm_split(library, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_library))]
fn library_view(
    on_continue: Callback<(Match, Session)>,
    on_replay: Callback<(Record, bool)>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <LibraryScreen on_continue=on_continue on_replay=on_replay/> }.into_any())
}

#[wasm_split(new_game, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_new_game))]
fn new_game_view(
    previous: Match,
    position: Option<String>,
    on_start: Callback<(Match, Game)>,
    online_choices: Option<OnlineChoices>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! {
        <NewGame previous=previous position=position on_start=on_start online_choices=online_choices/>
    }
    .into_any())
}

#[wasm_split(settings, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_settings))]
fn settings_view() -> Result<AnyView, ChunkMissing> {
    Ok(view! { <SettingsScreen/> }.into_any())
}

#[wasm_split(notices, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_notices))]
fn notices_view(notices: Notices) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <RareNotices notices=notices/> }.into_any())
}

/// The rare notices (`RareNotices`), once their chunk is here (not a
/// screen: nothing is replaced meanwhile).
pub fn notices(notices: Notices) -> AnyView {
    part(move || notices_view(notices))
}

/// The replay viewer (`Replay`), once its chunk is here.
pub fn replay(record: Record, flipped: bool, on_play: Callback<(Match, Game)>) -> AnyView {
    when_loaded(async move { replay_view(record, flipped, on_play).await })
}

/// The library (`LibraryScreen`), once its chunk is here.
pub fn library(
    on_continue: Callback<(Match, Session)>,
    on_replay: Callback<(Record, bool)>,
) -> AnyView {
    when_loaded(async move { library_view(on_continue, on_replay).await })
}

/// The new-game form (`NewGame`), once its chunk is here.
pub fn new_game(
    previous: Match,
    position: Option<String>,
    on_start: Callback<(Match, Game)>,
    online_choices: Option<OnlineChoices>,
) -> AnyView {
    when_loaded(async move { new_game_view(previous, position, on_start, online_choices).await })
}

/// The settings (`SettingsScreen`), once its chunk is here.
pub fn settings() -> AnyView {
    when_loaded(async move { settings_view().await })
}

/// Fetches every chunk, one after the other, so that a screen opened later
/// opens at once (and the service worker keeps them for offline play).
/// Started after the page's first paint, a task of the page itself (the
/// shell lives as long as the page); a chunk that fails is fetched again
/// when its screen opens.
pub fn preload_all() {
    leptos::task::spawn_local(async {
        if preload_new_game().await.is_err()
            || preload_library().await.is_err()
            || preload_replay().await.is_err()
        {
            return;
        }
        if preload_settings().await.is_err() || crate::app::play::result::preload().await.is_err() {
            return;
        }
        let _ = preload_notices().await;
    });
}

/// The view `load` makes, shown when it is ready; when its chunk could not
/// be fetched, a notice and a button that builds the screen again (and so
/// fetches the chunk again). The screen before it leaves the page at once
/// (`replaced`), not when this one's chunk is here.
pub fn when_loaded(load: impl Future<Output = Result<AnyView, ChunkMissing>> + 'static) -> AnyView {
    let load = SendWrapper::new(load);
    let screen = expect_context::<Shell>().screen;
    replaced(
        view! {
            {Suspend::new(async move {
                match load.await {
                    Ok(view) => view,
                    Err(ChunkMissing) => missing(move || screen.notify()),
                }
            })}
        }
        .into_any(),
    )
}

/// `screen` as a view the next screen replaces at once. Every screen from a
/// chunk is a view of one type (`when_loaded`'s), which the next of its type
/// would update in place once that one's chunk is here: until then the
/// screen before would stay on the page with its state gone (a tap on it
/// would reach disposed values). A closure's view is built anew and the old
/// one taken off.
fn replaced(screen: AnyView) -> AnyView {
    let mut screen = Some(screen);
    // (It tracks nothing, so it never runs again.)
    (move || untrack(|| screen.take())).into_any()
}
