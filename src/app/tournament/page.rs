//! The tournament page (`tournament.html`): tournaments on one device and
//! online.

use leptos::context::Provider;
use leptos::prelude::*;

use crate::app::page::{OwnScreen, PageScreens, Screen, Shell};
use crate::app::play::result::{back_button, TournamentBack};
use crate::app::route::{Page, Route};

/// What `tournament.html` adds to the shell.
pub struct TournamentPage;

impl PageScreens for TournamentPage {
    fn page(&self) -> Page {
        Page::Tournament
    }

    fn open(&self, route: Route, _here: Option<&Screen>, _shell: Shell) -> Option<Screen> {
        let Route::Tournament(place) = route else {
            return None;
        };
        Some(OwnScreen::screen("tournament", move |_| {
            // Its games are boards: their dialogs lead back here.
            let back = TournamentBack(Callback::new(|on_new_game: Callback<()>| {
                back_button(move || on_new_game.run(()))
            }));
            let place = place.clone();
            view! {
                <Provider value=back>
                    <super::TournamentScreen place=place/>
                </Provider>
            }
            .into_any()
        }))
    }
}
