//! Studying a game: the board editor (and, on the study page, its screen).
//!
//! The study page (`study.html`, the `study` feature) is the app with the
//! editor's screen; the other pages hand an `#edit…` address over to it,
//! so the first page stays within its size budget.

pub mod editor;
#[cfg(feature = "study")]
pub mod screen;

/// The study page.
pub const PAGE: &str = "study.html";

/// Goes to the study page at `fragment` (from a page without the editor).
pub fn go_study(fragment: &str) {
    let _ = leptos::prelude::window()
        .location()
        .assign(&format!("{PAGE}{fragment}"));
}

/// Opens the editor at `fragment` (`#edit…`): on the study page by changing
/// the address (the shell follows it), elsewhere by going there.
pub fn open(fragment: &str) {
    #[cfg(feature = "study")]
    {
        let _ = leptos::prelude::window().location().set_hash(fragment);
    }
    #[cfg(not(feature = "study"))]
    go_study(fragment);
}

/// Opens the editor on `position`.
pub fn edit(position: &crate::engine::Position) {
    open(&editor::fragment(*position.rules(), &position.to_string()));
}
