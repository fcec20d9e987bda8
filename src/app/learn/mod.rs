//! The tutorial on the page: the lessons of [`crate::learn`] on the real
//! `<Board>`, the learner's progress, and the one-screen rules sheet.
//!
//! The screens are reached only from `learn.html`'s binary ([`LearnPage`]),
//! so the first page keeps its size budget; the other pages link there
//! (`learn.html#learn`, `#learn/<lesson>`, `#rules`).

mod address;
pub mod puzzles;
pub mod run;
mod screen;
pub mod solve;
pub use address::{puzzles_url, LearnStart, PUZZLES};
pub use screen::LearnScreen;

use leptos::prelude::*;

use address::puzzles_place;

use crate::app::page::{GameView, OwnScreen, PageScreens, Screen, Shell};
use crate::app::route::{LearnPlace, Page, Route};

/// What `learn.html` adds to the shell: the tutorial, the rules sheet and
/// the puzzles.
pub struct LearnPage {
    /// The puzzles' screen on a place (what follows `#learn/puzzles`), as the
    /// page's binary draws it: there, behind the split point of the chunk
    /// that carries the screen and the puzzles (`src/pages/src/bin/kharbga-learn.rs`). A
    /// split point in this library would be exported by every page's
    /// module and keep the puzzles in each (90 KB on the first page).
    pub puzzles: fn(String) -> AnyView,
    /// The game screen, from a chunk of the page's binary.
    pub game: GameView,
    /// Fetches the game screen's chunk (after the first paint).
    pub preload: fn(),
}

impl PageScreens for LearnPage {
    fn page(&self) -> Page {
        Page::Learn
    }

    fn game_screen(&self) -> GameView {
        self.game
    }

    fn preload(&self) {
        (self.preload)();
    }

    fn open(&self, route: Route, _here: Option<&Screen>, _shell: Shell) -> Option<Screen> {
        let Route::Learn(place) = route else {
            return None;
        };
        // The puzzles: `#learn/puzzles[/…]`, a lesson's address to every
        // other page (the first page's router needs no code for them).
        if let LearnPlace::Lesson(id) = &place {
            if let Some(rest) = puzzles_place(id) {
                let puzzles = self.puzzles;
                let rest = rest.to_owned();
                return Some(OwnScreen::screen("puzzles", move |_| puzzles(rest.clone())));
            }
        }
        let start = match place {
            LearnPlace::List => LearnStart::List,
            LearnPlace::Rules => LearnStart::Rules,
            LearnPlace::Lesson(id) => crate::learn::Lesson::find(&id)
                .map_or(LearnStart::List, |l| LearnStart::Lesson(l.id)),
        };
        Some(OwnScreen::screen("learn", move |_| {
            view! { <LearnScreen start=start/> }.into_any()
        }))
    }
}
