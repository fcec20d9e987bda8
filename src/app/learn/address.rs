//! The tutorial page's places and their addresses: where it opens
//! ([`LearnStart`]: the list of lessons, a lesson or the rules sheet) and
//! the puzzles' address ([`PUZZLES`]), which the other pages read as a
//! lesson's.

use crate::app::route::Page;

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

/// The puzzles' address (`learn.html#learn/puzzles`; what follows it:
/// `/daily`, `/streak`, `/<id>`, `/find/<rules>/<position>/<ply>`).
pub const PUZZLES: &str = "#learn/puzzles";

/// The rest of a puzzles' address after `#learn/` (`puzzles…`): what
/// follows `puzzles`, if it is theirs.
pub(super) fn puzzles_place(id: &str) -> Option<&str> {
    let rest = id.strip_prefix("puzzles")?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// The link to the puzzles at `rest` (empty, or `/…`), from any page.
pub fn puzzles_url(rest: &str) -> String {
    format!("{}{PUZZLES}{rest}", Page::Learn.file())
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
