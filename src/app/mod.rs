//! The page: a Leptos app that runs in the browser.
//!
//! Its rooms: [`services`] (saved games, the computer player, the browser's
//! small things: long-lived, provided at the root), [`board`] (the
//! `<Board>` and its headless view model), [`play`] (the game screen, its
//! parts and the headless logic behind them), [`screens`] (new game,
//! library, replay) and [`i18n`] (translations, numbers, error messages).
//! This module is the shell: header, language switcher, saving notices,
//! and one screen at a time. Components render view models and emit
//! intents; rules are asked of [`crate::engine`], and every user-visible
//! string comes from `locales/`.

pub mod board;
pub mod chunks;
pub mod i18n;
pub mod learn;
pub mod online;
pub mod page;
pub mod play;
pub mod route;
pub mod screens;
pub mod services;
pub mod staging;
pub mod study;
pub mod tournament;

use crate::app::i18n::I18n;
use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use self::i18n::tokens::side_key;
use self::i18n::{I18nProvider, LanguageSwitcher};
use self::page::{ByLinkError, PageScreens, Room, Screen, Shell};
use self::play::{Match, Session};
use self::route::{LearnPlace, Page, Route};
use self::screens::lazy;
use self::screens::notices::Notices;
use self::services::browser;
use self::services::computer::ComputerPlayer;
use self::services::prefs::Prefs;
use self::services::storage::Saves;
use crate::engine::{Game, Record, Rules, Side};
use crate::net::table::Warning;
use crate::store::share::{self, ShareError};
use crate::store::Seats;

/// Starts `page` in the browser: the panic hook, then the app, a task
/// later. (No logger: the page's code logs nothing; a panic goes to the
/// console by its hook.)
pub fn start(page: &'static dyn PageScreens) {
    page.page().start();
    #[cfg(target_arch = "wasm32")]
    {
        console_error_panic_hook::set_once();
        // In a task after the module's own start (compiling and starting it
        // is a long task on a slow phone already; issue 47).
        staging::one_a_task(vec![Box::new(move || {
            leptos::mount::mount_to_body(move || view! { <App page=page/> });
        })]);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("kharbga is a browser app: build it with `make serve` or `make build`.");
        std::process::exit(2);
    }
}

/// The whole application, as `page` makes it.
#[component]
pub fn App(page: &'static dyn PageScreens) -> impl IntoView {
    view! {
        <I18nProvider>
            <ShellView page=page/>
        </I18nProvider>
    }
}

/// The new-game form with online play chosen (the other pages send the
/// player to the online page).
fn online_form(shell: Shell, rules: Rules) -> Option<Screen> {
    if shell.page.online_choices().is_none() {
        browser::go(&Route::OnlineForm);
        return None;
    }
    Some(Screen::NewGame(
        Some(Match {
            seats: Seats::online(Side::First),
            ..Match::local(rules)
        }),
        None,
    ))
}

/// The one place an address becomes a screen: the screen `route` opens, or
/// `None` to stay (the page is already there, the route is the current
/// game, or another page serves it and the page goes there). `here` is the
/// screen up, when the address changed under it.
fn go_to(route: Route, here: Option<&Screen>, shell: Shell) -> Option<Screen> {
    let page = route.page();
    if page != Page::First && page != shell.page.page() {
        // The places a player goes to stay in the history; the links that
        // only pass through (an invitation, a game by link, the editor's
        // and the analysis' addresses) do not.
        match route {
            Route::Invite(_) | Route::ByLink(_) | Route::Edit(_) | Route::Analyse(_) => {
                browser::hand_over(&route);
            }
            _ => browser::go(&route),
        }
        return None;
    }
    match route {
        Route::Home => None,
        Route::OnlineForm => online_form(shell, Rules::kharbga()),
        Route::Shared(fragment) => match share::decode(&fragment) {
            Ok(record) => Some(Screen::Replay(Box::new(record), false)),
            Err(e) => {
                shell.link_error.set(Some(e));
                None
            }
        },
        // This page's own.
        route => shell.page.open(route, here, shell),
    }
}

#[component]
fn ShellView(page: &'static dyn PageScreens) -> impl IntoView {
    let i18n = expect_context::<I18n>();
    // The tab title follows the language; the document is outside Leptos' tree.
    Effect::new(move |_| {
        i18n.language.track();
        document().set_title(&tr!("app-title"));
    });
    let saves = Saves::open();
    provide_context(saves);
    // Every refused write is said, as long as the page lives.
    StoredValue::new_local(saves.watch_refusals());
    provide_context(ComputerPlayer::new());
    // The player's preferences, shown on the page and kept as they change.
    let prefs = RwSignal::new(Prefs::load());
    provide_context(prefs);
    Effect::new(move |_| prefs.get().save_and_apply());
    // The app offline: a new version that took over says so.
    let updated = RwSignal::new(false);
    // (Registered once the first screen is painted, below: its install
    // fetches the app's files, which must not hold the page's own.)
    let worker = StoredValue::new_local(None::<gloo_events::EventListener>);
    let link_error = RwSignal::new(None::<ShareError>);
    let by_link_error = RwSignal::new(None::<ByLinkError>);
    // (Filled in below: the shell's callbacks need the shell.)
    let screen = RwSignal::new(Screen::Library);
    let on_start = Callback::new(move |(m, game): (Match, Game)| {
        if m.seats.is_online() {
            match page.rooms() {
                Some(rooms) => screen.set(rooms.open(m, Room::New(game))),
                None => browser::go(&Route::OnlineForm),
            }
        } else {
            let mut session = self::play::session::new_session(game);
            // A person playing the second side sees it at the bottom.
            session.flipped = m.seats.hands_side() == Some(Side::Second);
            screen.set(Screen::Playing(m, Box::new(session)));
        }
    });
    let on_new_game = Callback::new(move |()| {
        let previous = match screen.get_untracked() {
            Screen::Playing(m, _) => Some(m),
            Screen::NewGame(previous, _) => previous,
            _ => None,
        };
        screen.set(Screen::NewGame(previous, None));
    });
    let shell = Shell {
        screen,
        saves,
        link_error,
        by_link_error,
        on_new_game,
        on_start,
        page,
    };
    provide_context(shell);
    // The address's route; else the current game resumes; else a new game
    // starts with the default players.
    let initial = go_to(browser::current_route(), None, shell).unwrap_or_else(|| {
        saves
            .update(|l| Ok(l.current().and_then(|id| l.load(&id))))
            .flatten()
            .map_or_else(
                || {
                    Screen::Playing(
                        default_match(),
                        Box::new(self::play::session::new_session(
                            Game::new(Rules::kharbga()),
                        )),
                    )
                },
                |(saved, record)| {
                    let (m, session) = Session::from_saved(&saved, record);
                    shell.playing(m, session)
                },
            )
    });
    screen.set(initial);
    // Behind the page's copy of its first screen, the screen is built a
    // task after the shell, its parts in the tasks after that (staging.rs).
    // Then the screens opened later are fetched, once the first one is
    // whole and painted (a frame's callback runs before its paint: the fetches start
    // after it). Each in a task of its own: starting a fetch costs the main
    // thread (the service worker's registration most), and together they
    // made a long task on a slow phone (issue 47).
    let preload = move || {
        request_animation_frame(move || {
            staging::one_a_task(vec![
                Box::new(lazy::preload_all),
                Box::new(move || page.preload()),
                Box::new(move || {
                    worker.try_set_value(self::services::browser::register_service_worker(
                        move || updated.set(true),
                    ));
                }),
            ]);
        });
    };
    staging::provide(Box::new(preload));
    // Every screen opens at its top (the first as the browser shows it).
    Effect::new(move |first: Option<()>| {
        screen.track();
        if first.is_some() {
            self::services::browser::scroll_to_top();
        }
    });
    // A link pasted into this tab (only the fragment changes: no reload).
    let on_hash = gloo_events::EventListener::new(&window(), "hashchange", move |_| {
        let here = screen.get_untracked();
        if let Some(next) = go_to(browser::current_route(), Some(&here), shell) {
            screen.set(next);
        }
    });
    StoredValue::new_local(on_hash);
    let on_rematch = Callback::new(move |m: Match| on_start.run((m.clone(), Game::new(m.rules))));
    let on_continue = Callback::new(move |(m, session): (Match, Session)| {
        screen.set(shell.playing(m, session));
    });
    let on_replay = Callback::new(move |(record, flipped): (Record, bool)| {
        screen.set(Screen::Replay(Box::new(record), flipped));
    });

    let any_notice = Memo::new(move |_| {
        saves.notices.with(|n| !n.is_empty())
            || link_error.with(Option::is_some)
            || by_link_error.with(Option::is_some)
    });
    let warning = Callback::new(move |w: Warning| page.warning(&w));
    let screen_ready = staging::reached(staging::SCREEN);

    view! {
           <header class="topbar">
               <div class="brand">
                   <span class="brand-mark" aria-hidden="true"></span>
                   <h1>{tr_text(|| tr!("app-title"))}</h1>
               </div>
               <nav class="topnav" aria-label=move || tr!("nav-label")>
                   <button type="button" class="nav" data-testid="nav-new-game" on:click=move |_| on_new_game.run(())>
                       {tr_text(|| tr!("control-new"))}
                   </button>
    <button type="button" class="nav" data-testid="nav-online" on:click=move |_| {
                       let rules = screen.with_untracked(Screen::rules).unwrap_or_else(Rules::kharbga);
                       if let Some(form) = online_form(shell, rules) {
                           screen.set(form);
                       }
                   }>
                       {tr_text(|| tr!("nav-online"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-library" on:click=move |_| screen.set(Screen::Library)>
                       {tr_text(|| tr!("nav-library"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-tournaments"
                       on:click=move |_| if let Some(next) = go_to(Route::Tournament(String::new()), None, shell) { screen.set(next) }>
                       {tr_text(|| tr!("nav-tournaments"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-learn"
                       on:click=move |_| if let Some(next) = go_to(Route::Learn(LearnPlace::List), None, shell) { screen.set(next) }>
                       {tr_text(|| tr!("nav-learn"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-puzzles"
                       on:click=move |_| if let Some(next) = go_to(Route::Learn(LearnPlace::Lesson(String::from("puzzles"))), None, shell) { screen.set(next) }>
                       {tr_text(|| tr!("nav-puzzles"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-settings" on:click=move |_| screen.set(Screen::Settings)>
                       {tr_text(|| tr!("nav-settings"))}
                   </button>
               </nav>
               <LanguageSwitcher/>
           </header>
           <div class="save-notices" aria-live="polite">
               {saves.memory_only.then(|| view! {
                   <p class="notice warning" data-testid="storage-unavailable">{tr_text(|| tr!("save-unavailable"))}</p>
               })}
               // (Rare: their chunk is fetched only when one is to be shown.)
               {move || any_notice.get().then(|| lazy::notices(Notices { saves, screen, link_error, by_link_error, warning }))}
               {move || updated.get().then(|| view! {
                <p class="notice" data-testid="updated" role="status">{tr_text(|| tr!("app-updated"))}
                    <button type="button" class="link" on:click=move |_| browser::reload()>
                        {tr_text(|| tr!("app-reload"))}
                    </button>
                </p>
            })}
           </div>
           <main class="layout">
               // The screen is rebuilt only when `screen` changes: nothing a
               // screen reads while it is built may rebuild it. Each screen
               // reads the language through its own memo (I18n::for_screen),
               // forgotten with it, with every text it showed.
               {move || { if !screen_ready() { return ().into_any() } let shown = screen.get(); untrack(move || { self::i18n::scope_screen(); match shown {
                   Screen::NewGame(previous, position) => {
                       let previous = previous.unwrap_or_else(default_match);
                       match page.new_game_form() {
                           Some(form) => form(previous, position, on_start),
                           None => lazy::new_game(previous, position, on_start, page.online_choices()),
                       }
                   }
                   Screen::Playing(m, session) => {
                       let m = if m.first.is_empty() { named_defaults(m) } else { m };
                       (page.game_screen())(m, *session, on_new_game, on_rematch)
                   }
                   Screen::Library => {
                       lazy::library(on_continue, on_replay)
                   }
                   Screen::Settings => lazy::settings(),
                   Screen::Replay(record, flipped) => {
                       lazy::replay(*record, flipped, on_start)
                   }
                   Screen::Own(own) => own.view(shell),
               }})}}
           </main>
       }
}

fn default_match() -> Match {
    Match::local(Rules::kharbga())
}

/// A match whose players are called by their role.
fn named_defaults(m: Match) -> Match {
    let variant = m.rules.variant;
    Match {
        first: tr!("player-default", { "side" => side_key(variant, Side::First) }),
        second: tr!("player-default", { "side" => side_key(variant, Side::Second) }),
        ..m
    }
}
