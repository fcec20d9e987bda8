//! The tutorial on the page: the lessons of [`crate::learn`] on the real
//! `<Board>`, the learner's progress, and the one-screen rules sheet.
//!
//! The screens are reached only from `learn.html`'s binary ([`LearnPage`]),
//! so the first page keeps its size budget; the other pages link there
//! (`learn.html#learn`, `#learn/<lesson>`, `#rules`).

pub mod puzzles;
pub mod run;
mod screen;
pub mod solve;
pub use screen::LearnScreen;

use leptos::prelude::*;

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

/// The puzzles' address (`learn.html#learn/puzzles`; what follows it:
/// `/daily`, `/streak`, `/<id>`, `/find/<rules>/<position>/<ply>`).
pub const PUZZLES: &str = "#learn/puzzles";

/// The rest of a puzzles' address after `#learn/` (`puzzles…`): what
/// follows `puzzles`, if it is theirs.
fn puzzles_place(id: &str) -> Option<&str> {
    let rest = id.strip_prefix("puzzles")?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// The link to the puzzles at `rest` (empty, or `/…`), from any page.
pub fn puzzles_url(rest: &str) -> String {
    format!("{}{PUZZLES}{rest}", Page::Learn.file())
}

/// What the tutorial's page opens on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnStart {
    /// The list of lessons.
    List,
    /// A lesson, by id.
    Lesson(&'static str),
    /// The rules sheet.
    Rules,
}

impl LearnStart {
    /// The address fragment that opens it.
    pub fn fragment(self) -> String {
        match self {
            LearnStart::List => "#learn".to_owned(),
            LearnStart::Lesson(id) => format!("#learn/{id}"),
            LearnStart::Rules => "#rules".to_owned(),
        }
    }

    /// What a fragment opens, if it is the tutorial's (an unknown lesson
    /// opens the list).
    pub fn from_fragment(fragment: &str) -> Option<LearnStart> {
        match fragment {
            "#learn" => Some(LearnStart::List),
            "#rules" => Some(LearnStart::Rules),
            _ => {
                let id = fragment.strip_prefix("#learn/")?;
                Some(
                    crate::learn::Lesson::find(id)
                        .map_or(LearnStart::List, |l| LearnStart::Lesson(l.id)),
                )
            }
        }
    }

    /// Whether a fragment is a place of the tutorial (read without the
    /// lessons: the other pages only pass it on).
    pub fn is_fragment(fragment: &str) -> bool {
        fragment == "#learn" || fragment == "#rules" || fragment.starts_with("#learn/")
    }

    /// The tutorial's page at this place (a link from any page).
    pub fn url(self) -> String {
        crate::app::route::Route::parse(&self.fragment()).url()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_round_trip_and_unknown_lessons_open_the_list() {
        for start in [
            LearnStart::List,
            LearnStart::Rules,
            LearnStart::Lesson(crate::learn::LESSONS[0].id),
        ] {
            assert_eq!(LearnStart::from_fragment(&start.fragment()), Some(start));
        }
        assert_eq!(
            LearnStart::from_fragment("#learn/<script>"),
            Some(LearnStart::List)
        );
        assert_eq!(LearnStart::from_fragment("#g1abc"), None);
        assert!(LearnStart::is_fragment("#learn/anything"));
        assert!(!LearnStart::is_fragment("#g1abc"));
        assert_eq!(LearnStart::Rules.url(), "learn.html#rules");
    }

    #[test]
    fn the_puzzles_address_is_a_lesson_address_to_the_other_pages() {
        use crate::app::route::{LearnPlace, Route};
        for rest in ["", "/daily", "/streak", "/0680a7a4", "/find/a/b/c"] {
            let fragment = format!("{PUZZLES}{rest}");
            let Route::Learn(LearnPlace::Lesson(id)) = Route::parse(&fragment) else {
                panic!("{fragment}: the tutorial's page")
            };
            assert_eq!(puzzles_place(&id), Some(rest));
            assert_eq!(puzzles_url(rest), format!("learn.html{fragment}"));
        }
        // A lesson whose id starts like it is not theirs.
        assert_eq!(puzzles_place("puzzlesque"), None);
        assert_eq!(puzzles_place("capture"), None);
    }
}
