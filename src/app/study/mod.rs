//! Studying a game: the board editor (and, on the study page, its screen).
//!
//! The study page (`study.html`, whose binary hands the shell
//! [`StudyPage`]) is the app with the editor's and the analysis' screens; the other pages hand an `#edit…` address over to it,
//! so the first page stays within its size budget.

pub mod analysis;
pub mod analysis_screen;
pub mod editor;
mod place;
pub mod review;
pub mod review_panel;
pub mod screen;

pub use crate::app::route::{ANALYSE, REVIEW};
pub use place::{analyse_fragment, read_analyse, AnalysePlace};

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

/// Drops the study page's place from the address (a game starts from it:
/// a reload must return to the game, not to the editor or the analysis).
pub fn leave() {
    crate::app::services::browser::replace_fragment("");
}
