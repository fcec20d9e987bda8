//! The tutorial on the page: the lessons of [`crate::learn`] on the real
//! `<Board>`, the learner's progress, and the one-screen rules sheet.
//!
//! The screens are reached only from `learn.html`'s binary ([`LearnPage`]),
//! so the first page keeps its size budget; the other pages link there
//! (`learn.html#learn`, `#learn/<lesson>`, `#rules`).

pub mod run;
mod screen;
pub use screen::LearnScreen;

use leptos::prelude::*;

use crate::app::page::{OwnScreen, PageScreens, Screen, Shell};
use crate::app::route::{LearnPlace, Page, Route};

/// What `learn.html` adds to the shell: the tutorial and the rules sheet.
pub struct LearnPage;

impl PageScreens for LearnPage {
    fn page(&self) -> Page {
        Page::Learn
    }

    fn open(&self, route: Route, _here: Option<&Screen>, _shell: Shell) -> Option<Screen> {
        let Route::Learn(place) = route else {
            return None;
        };
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
}
