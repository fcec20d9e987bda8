//! Studying a game: the board editor (and, on the study page, its screen).
//!
//! The study page (`study.html`, whose binary hands the shell
//! [`StudyPage`]) is the app with the editor's and the analysis' screens; the other pages hand an `#edit…` address over to it,
//! so the first page stays within its size budget.

pub mod analysis;
pub mod analysis_screen;
pub mod editor;
pub mod review;
pub mod review_panel;
pub mod screen;

/// What `study.html` adds to the shell: the board editor and the analysis
/// board.
pub struct StudyPage {
    /// The game screen, from a chunk of the page's binary.
    pub game: crate::app::page::GameView,
    /// Fetches the page's chunks (after the first paint).
    pub preload: fn(),
}

impl crate::app::page::PageScreens for StudyPage {
    fn page(&self) -> crate::app::route::Page {
        crate::app::route::Page::Study
    }

    fn game_screen(&self) -> crate::app::page::GameView {
        self.game
    }

    fn preload(&self) {
        (self.preload)();
    }

    fn open(
        &self,
        route: crate::app::route::Route,
        here: Option<&crate::app::page::Screen>,
        shell: crate::app::page::Shell,
    ) -> Option<crate::app::page::Screen> {
        use crate::app::page::{OwnScreen, Screen};
        use crate::app::play::Match;
        use crate::app::route::Route;
        use leptos::prelude::*;
        // "Play from here": the new-game form, from the position shown.
        let play_from = move |shell: crate::app::page::Shell| {
            Callback::new(move |position: crate::engine::Position| {
                leave();
                shell.show(Screen::NewGame(
                    Some(Match::local(*position.rules())),
                    Some(position.to_string()),
                ));
            })
        };
        match route {
            Route::Edit(rest) => {
                let rules = here
                    .and_then(Screen::rules)
                    .unwrap_or_else(crate::engine::Rules::kharbga);
                let (editor, error) = match editor::Editor::from_place(&rest) {
                    Ok(editor) => (editor.unwrap_or_else(|| editor::Editor::new(rules)), None),
                    Err(e) => (editor::Editor::new(rules), Some(e)),
                };
                Some(OwnScreen::screen("editor", move |shell| {
                    let on_play = play_from(shell);
                    view! { <screen::EditorScreen start=editor.clone() error=error.clone() on_play=on_play/> }
                        .into_any()
                }))
            }
            Route::Analyse(rest) => match read_analyse(&rest) {
                Ok(place) => Some(OwnScreen::screen("analysis", move |shell| {
                    let on_play = play_from(shell);
                    view! { <analysis_screen::AnalysisScreen place=place.clone() on_play=on_play/> }
                        .into_any()
                })),
                Err(e) => {
                    shell.link_error.set(Some(e));
                    None
                }
            },
            _ => None,
        }
    }
}

pub use crate::app::route::{ANALYSE, REVIEW};

/// The analysis board's address for `record` at ply `at` (the position
/// before it; the game's length for its end).
pub fn analyse_fragment(record: &crate::engine::Record, at: usize) -> String {
    crate::app::route::Route::analyse(record, at).fragment()
}

/// What an analysis address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysePlace {
    /// The game.
    pub record: crate::engine::Record,
    /// The position shown: before this ply.
    pub at: usize,
    /// The computer's review of the game starts at once (`…/review`).
    pub review: bool,
}

/// The place an analysis address names (`/<game link>@<ply>[/review]`).
///
/// # Errors
/// The game link's, when it does not read.
pub fn read_analyse(rest: &str) -> Result<AnalysePlace, crate::store::share::ShareError> {
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let (rest, review) = match rest.strip_suffix(REVIEW) {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let (link, at) = match rest.rsplit_once('@') {
        Some((link, at)) => (link, at.parse().ok()),
        None => (rest, None),
    };
    let record = crate::store::share::decode(&format!("#{link}"))?;
    let length = record.game.plies().len();
    Ok(AnalysePlace {
        record,
        at: at.unwrap_or(length).min(length),
        review,
    })
}

/// Drops the study page's place from the address (a game starts from it:
/// a reload must return to the game, not to the editor or the analysis).
pub fn leave() {
    crate::app::services::browser::replace_fragment("");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Record, Rules, Variant};

    #[test]
    fn analysis_addresses_round_trip() {
        let mut game = Game::new(Rules::new(Variant::Kharbaga));
        game.play_text("c2-c3").unwrap();
        let mut record = Record::new(game);
        record.first = "Amel".into();
        let fragment = analyse_fragment(&record, 1);
        assert!(
            fragment.starts_with("#analyse/g1~kharbaga~Amel~"),
            "{fragment}"
        );
        let place = read_analyse(&fragment[ANALYSE.len()..]).unwrap();
        assert_eq!(
            (place.record.game.plies().len(), place.at, place.review),
            (1, 1, false)
        );
        assert_eq!(place.record.first, "Amel");
        // No ply, or one past the end: the end.
        let bare = &fragment.rsplit_once('@').unwrap().0[ANALYSE.len()..];
        assert_eq!(read_analyse(bare).unwrap().at, 1);
        assert_eq!(read_analyse(&format!("{bare}@99")).unwrap().at, 1);
        // The review asked for.
        let place = read_analyse(&format!("{bare}@0/review")).unwrap();
        assert_eq!((place.at, place.review), (0, true));
        assert!(read_analyse("/g1~broken").is_err());
    }
}
