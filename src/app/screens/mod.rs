//! The screens other than the game: a new game, the library of saved
//! games, the replay viewer and the settings.

pub mod forms;
pub mod library;
pub mod new_game;
pub mod replay;
pub mod settings;

use leptos::prelude::*;

/// The shell's library and replay viewer, for the pages that show them
/// (every page but the first: `PageScreens::archive`).
pub const ARCHIVE: crate::app::page::Archive = crate::app::page::Archive {
    library: |on_continue, on_replay| {
        view! { <library::LibraryScreen on_continue=on_continue on_replay=on_replay/> }.into_any()
    },
    replay: |record, flipped, on_play| {
        view! { <replay::Replay record=record flipped=flipped on_play=on_play/> }.into_any()
    },
};
