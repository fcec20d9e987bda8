//! The application shell: header, language switcher, and either the
//! new-game screen or the game.

use leptos::prelude::*;
use leptos_fluent::{tr, I18n};

use super::game_screen::{GameScreen, Match};
use super::i18n::{I18nProvider, LanguageSwitcher};
use super::new_game::NewGame;
use crate::engine::Rules;

/// Which screen is up.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Screen {
    NewGame(Option<Match>),
    Playing(Match, u32),
}

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <I18nProvider>
            <Shell/>
        </I18nProvider>
    }
}

#[component]
fn Shell() -> impl IntoView {
    let i18n = expect_context::<I18n>();
    // The tab title follows the language; the document is outside Leptos' tree.
    Effect::new(move |_| {
        i18n.language.track();
        document().set_title(&tr!("app-title"));
    });

    // A game starts right away with the default players; "new game" offers the choices.
    let screen = RwSignal::new(Screen::Playing(default_match(), 0));
    let games_started = StoredValue::new(0u32);
    let play = move |m: Match| {
        games_started.update_value(|n| *n += 1);
        screen.set(Screen::Playing(m, games_started.get_value()));
    };
    let on_start = Callback::new(play);
    let on_rematch = Callback::new(play);
    let on_new_game = Callback::new(move |()| {
        let previous = match screen.get_untracked() {
            Screen::Playing(m, _) => Some(m),
            Screen::NewGame(previous) => previous,
        };
        screen.set(Screen::NewGame(previous));
    });

    view! {
        <header class="topbar">
            <div class="brand">
                <span class="brand-mark" aria-hidden="true"></span>
                <h1>{move || tr!("app-title")}</h1>
            </div>
            <LanguageSwitcher/>
        </header>
        <main class="layout">
            {move || match screen.get() {
                Screen::NewGame(previous) => {
                    view! { <NewGame previous=previous.unwrap_or_else(default_match) on_start=on_start/> }.into_any()
                }
                Screen::Playing(m, _) => {
                    let m = if m.first.is_empty() { named_defaults(m) } else { m };
                    view! { <GameScreen game=m on_new_game=on_new_game on_rematch=on_rematch/> }.into_any()
                }
            }}
        </main>
    }
}

fn default_match() -> Match {
    Match {
        rules: Rules::kharbga(),
        first: String::new(),
        second: String::new(),
        computer: None,
    }
}

/// A match whose players are called by their role.
fn named_defaults(m: Match) -> Match {
    use super::describe::side_key;
    use crate::engine::Side;
    let variant = m.rules.variant;
    Match {
        first: tr!("player-default", { "side" => side_key(variant, Side::First) }),
        second: tr!("player-default", { "side" => side_key(variant, Side::Second) }),
        ..m
    }
}
