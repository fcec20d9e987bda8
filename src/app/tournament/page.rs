//! The tournament page (`tournament.html`): tournaments on one device and
//! online.

use leptos::context::Provider;
use leptos::prelude::*;

use crate::app::page::{GameView, OwnScreen, PageScreens, Screen, Shell};
use crate::app::play::result::{back_button, TournamentBack};
use crate::app::route::{Page, Route};

use super::{TournamentOnline, TournamentPart};

/// What `tournament.html` adds to the shell.
pub struct TournamentPage {
    /// The screens after the list (an online tournament's, one of this
    /// device's open), as the page's binary draws them: there, behind the
    /// split point of its chunk (a split point in this library would be
    /// exported by every page's module).
    pub part: fn(TournamentPart) -> AnyView,
    /// The game screen, from a chunk of the page's binary.
    pub game: GameView,
    /// Fetches the later screens' and the game screen's chunks (after the
    /// first paint).
    pub preload: fn(),
}

impl PageScreens for TournamentPage {
    fn page(&self) -> Page {
        Page::Tournament
    }

    fn preload(&self) {
        (self.preload)();
    }

    fn game_screen(&self) -> GameView {
        self.game
    }

    fn open(&self, route: Route, _here: Option<&Screen>, _shell: Shell) -> Option<Screen> {
        let Route::Tournament(place) = route else {
            return None;
        };
        let part = self.part;
        Some(OwnScreen::screen("tournament", move |_| {
            // Its games are boards: their dialogs lead back here.
            let back = TournamentBack(Callback::new(|on_new_game: Callback<()>| {
                back_button(move || on_new_game.run(()))
            }));
            let place = place.clone();
            // (Built inside the provider, which the screens read.)
            view! {
                <Provider value=back>
                    {match TournamentOnline::of(&place) {
                        Some(tournament) => part(TournamentPart::Online(tournament)),
                        None => view! { <super::TournamentScreen place=place part=part/> }.into_any(),
                    }}
                </Provider>
            }
            .into_any()
        }))
    }
}
