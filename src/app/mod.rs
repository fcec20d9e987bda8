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
pub mod i18n;
pub mod learn;
pub mod online;
pub mod play;
pub mod screens;
pub mod services;

use crate::app::i18n::I18n;
use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use self::i18n::errors::{load_error, share_error};
use self::i18n::{I18nProvider, LanguageSwitcher};
#[cfg(feature = "learn")]
use self::learn::LearnScreen;
use self::learn::LearnStart;
#[cfg(feature = "online")]
use self::online::{OnlineScreen, OnlineStart};
use self::play::describe::side_key;
use self::play::{GameScreen, Match, Session};
use self::screens::library::LibraryScreen;
use self::screens::new_game::NewGame;
use self::screens::replay::Replay;
use self::screens::settings::SettingsScreen;
use self::services::browser::{fresh_id, now_ms, page_fragment, record_date};
use self::services::computer::ComputerPlayer;
use self::services::prefs::Prefs;
use self::services::storage::{SaveNotice, Saves};
use crate::engine::{Game, Record, Rules, Side};
use crate::store::share::{self, ShareError};
use crate::store::Seats;

/// Which screen is up.
#[derive(Clone, Debug, PartialEq)]
enum Screen {
    NewGame(Option<Match>),
    Playing(Match, Box<Session>),
    Library,
    /// A record in the replay viewer.
    Replay(Box<Record>),
    /// The theme, the board's style, sound.
    Settings,
    /// An online game's room (`online.html` only).
    #[cfg(feature = "online")]
    Online(Box<OnlineStart>),
    /// The tutorial or the rules sheet (`learn.html` only).
    #[cfg(feature = "learn")]
    Learn(LearnStart),
}

/// The page's fragment, if it is a place of the tutorial.
fn learn_fragment() -> Option<String> {
    page_fragment().filter(|f| LearnStart::is_fragment(f))
}

/// The screen for a place of the tutorial (a fragment): here on the
/// tutorial's page; other pages send the learner there (without reading
/// the lessons, which they do not carry).
fn learn_screen(fragment: &str, here: Screen) -> Screen {
    #[cfg(feature = "learn")]
    {
        let _ = here;
        Screen::Learn(LearnStart::from_fragment(fragment).unwrap_or(LearnStart::List))
    }
    #[cfg(not(feature = "learn"))]
    {
        let _ = window()
            .location()
            .assign(&format!("{}{fragment}", self::learn::PAGE));
        here
    }
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

/// The page's fragment, if it carries a game link.
fn shared_fragment() -> Option<String> {
    page_fragment().filter(|h| h.starts_with("#g"))
}

/// The page's fragment, if it carries a game sent by link.
fn by_link_fragment() -> Option<String> {
    page_fragment().filter(|h| h.starts_with(crate::net::room::MOVE_FRAGMENT))
}

/// The screen for a game sent by link (the online page takes it; the first
/// page sends it there); a link refused says why and leaves the library.
fn by_link(saves: Saves, fragment: &str, error: RwSignal<Option<ByLinkError>>) -> Screen {
    #[cfg(feature = "online")]
    {
        match open_by_link(saves, fragment) {
            Ok(screen) => screen,
            Err(e) => {
                error.set(Some(e));
                Screen::Library
            }
        }
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = (saves, error);
        online::hand_over(fragment);
        Screen::Library
    }
}

/// The invitation in the page's address, if any.
fn invitation_code() -> Option<crate::net::room::Invitation> {
    crate::net::room::from_fragment(&page_fragment()?)
}

/// This page's saved game in the online room `code`, if any.
#[cfg(feature = "online")]
fn saved_in_room(
    saves: Saves,
    code: &crate::net::room::RoomCode,
) -> Option<(crate::store::SavedGame, Record)> {
    saves
        .update(|l| {
            let id = l
                .games()
                .iter()
                .find(|g| g.room.as_deref() == Some(code.as_str()) && g.seats.is_online())
                .map(|g| g.id.clone());
            Ok(id.and_then(|id| l.load(&id)))
        })
        .flatten()
}

/// The online screen for a room: this page's saved game in it, if any
/// (a player returning), else the invitation. A link of an earlier version
/// (no key to believe) is said so.
#[cfg(feature = "online")]
fn online_room(
    saves: Saves,
    invitation: crate::net::room::Invitation,
    notice: RwSignal<Option<ByLinkError>>,
) -> Screen {
    use crate::net::room::Invitation;
    let host = match invitation {
        Invitation::Room(host) => host,
        Invitation::Earlier(_) => {
            notice.set(Some(ByLinkError::EarlierLink));
            return Screen::Library;
        }
    };
    match saved_in_room(saves, &host.room()) {
        Some((saved, record)) => {
            let (m, session) = Session::from_saved(&saved, record);
            playing(m, session, notice)
        }
        None => Screen::Online(Box::new(OnlineStart::Join(host))),
    }
}

/// Why a game sent by link was not taken (only the online page takes one).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(not(feature = "online"), allow(dead_code))]
enum ByLinkError {
    /// The link is damaged.
    Share(ShareError),
    /// The game does not continue this page's game as it may.
    Refused(crate::net::table::Warning),
    /// A game played online with an earlier version: it is replayed, not
    /// continued online.
    EarlierGame,
    /// An invitation of an earlier version (no key to believe).
    EarlierLink,
}

/// A game sent by link (`#m…`): taken into this page's saved game of its
/// room (or a new one, as the sender's opponent) when it continues it as
/// the engine and the referee allow, saved, and shown in its room.
#[cfg(feature = "online")]
fn open_by_link(saves: Saves, fragment: &str) -> Result<Screen, ByLinkError> {
    use crate::net::identity::SeatKey;
    use crate::net::table::Table;
    use crate::store::OnlineSeat;
    let link = crate::net::room::MoveLink::parse(fragment)
        .ok_or(ByLinkError::Share(ShareError::NotALink))?;
    let (host, sender) = (link.host, link.sender);
    let record = share::decode(link.share).map_err(ByLinkError::Share)?;
    let fresh_key = || SeatKey::from_seed(self::services::browser::random_bytes::<32>());
    let (m, mut session) = match saved_in_room(saves, &host.room()) {
        Some((saved, old)) => Session::from_saved(&saved, old),
        None => {
            // First news of this game: this page plays the sender's opponent.
            let rules = *record.game.rules();
            let start = if record.game.has_custom_start() {
                Game::from_position(*record.game.start())
            } else {
                Game::new(rules)
            };
            let m = Match {
                rules,
                first: record.first.clone(),
                second: record.second.clone(),
                seats: Seats::online(sender.opponent()),
            };
            let mut session = new_session(start);
            session.online = Some(OnlineSeat::new(host, fresh_key(), None));
            (m, session)
        }
    };
    let side = m.seats.hands_side().unwrap_or(Side::First);
    let seat = session
        .online
        .clone()
        .unwrap_or_else(|| OnlineSeat::new(host, fresh_key(), None));
    let mut table = Table::resume(
        session.game.clone(),
        side,
        [m.first.clone(), m.second.clone()],
        seat.key,
        seat.host,
        seat.cert,
        session.date.clone(),
    );
    table
        .take_link(&link, record)
        .map_err(ByLinkError::Refused)?;
    // The host's certificate of a guest seated by link is kept.
    session.online = table.key.clone().map(|key| {
        OnlineSeat::new(
            table.host,
            key,
            table.cert.as_ref().map(|c| (c.key, c.signature)),
        )
    });
    session.game = table.game;
    let entry = session.entry(
        &m,
        &session.game,
        session.flipped,
        now_ms(),
        &mut crate::engine::Movetext::default(),
    );
    saves.update(|l| {
        l.save(&entry)?;
        l.set_current(Some(&entry.id))
    });
    Ok(Screen::Online(Box::new(OnlineStart::ByLink(m, session))))
}

/// The first page sends an invitation to the page that plays online.
#[cfg(not(feature = "online"))]
fn online_room(
    _saves: Saves,
    _invitation: crate::net::room::Invitation,
    _notice: RwSignal<Option<ByLinkError>>,
) -> Screen {
    online::hand_over(&page_fragment().unwrap_or_default());
    Screen::NewGame(None)
}

/// The new-game form with online play chosen.
fn online_form(rules: Rules) -> Screen {
    Screen::NewGame(Some(Match {
        seats: Seats::online(Side::First),
        ..Match::local(rules)
    }))
}

#[component]
fn Shell() -> impl IntoView {
    let i18n = expect_context::<I18n>();
    // The tab title follows the language; the document is outside Leptos' tree.
    Effect::new(move |_| {
        i18n.language.track();
        document().set_title(&tr!("app-title"));
    });
    let saves = Saves::open();
    provide_context(saves);
    provide_context(ComputerPlayer::new());
    // The player's preferences, shown on the page and kept as they change.
    let prefs = RwSignal::new(Prefs::load());
    provide_context(prefs);
    Effect::new(move |_| prefs.get().save_and_apply());
    // The app offline: a new version that took over says so.
    let updated = RwSignal::new(false);
    let worker = self::services::browser::register_service_worker(move || updated.set(true));
    StoredValue::new_local(worker);
    let link_error = RwSignal::new(None::<ShareError>);
    let by_link_error = RwSignal::new(None::<ByLinkError>);

    // A shared link opens in the replay viewer; else the current game resumes;
    // else a new game starts with the default players.
    let initial = match shared_fragment().map(|f| share::decode(&f)) {
        Some(Ok(record)) => Screen::Replay(Box::new(record)),
        None if cfg!(feature = "learn") && learn_fragment().is_some() => {
            learn_screen(&learn_fragment().unwrap_or_default(), Screen::Library)
        }
        None if invitation_code().is_some() => invitation_code().map_or(Screen::Library, |code| {
            online_room(saves, code, by_link_error)
        }),
        None if by_link_fragment().is_some() => by_link(
            saves,
            &by_link_fragment().unwrap_or_default(),
            by_link_error,
        ),
        None if cfg!(feature = "online")
            && window().location().hash().ok().as_deref() == Some("#online") =>
        {
            online_form(Rules::kharbga())
        }
        other => {
            if let Some(Err(e)) = other {
                link_error.set(Some(e));
            }
            saves
                .update(|l| Ok(l.current().and_then(|id| l.load(&id))))
                .flatten()
                .map_or_else(
                    || {
                        Screen::Playing(
                            default_match(),
                            Box::new(new_session(Game::new(Rules::kharbga()))),
                        )
                    },
                    |(saved, record)| {
                        let (m, session) = Session::from_saved(&saved, record);
                        playing(m, session, by_link_error)
                    },
                )
        }
    };
    let screen = RwSignal::new(initial);
    let play = move |(m, game): (Match, Game)| {
        if m.seats.is_online() {
            #[cfg(feature = "online")]
            screen.set(Screen::Online(Box::new(OnlineStart::Host(m, game, None))));
            #[cfg(not(feature = "online"))]
            online::go_online("#online");
        } else {
            screen.set(Screen::Playing(m, Box::new(new_session(game))));
        }
    };
    // A link pasted into this tab (only the fragment changes: no reload).
    let on_hash = gloo_events::EventListener::new(&window(), "hashchange", move |_| {
        if let Some(fragment) = by_link_fragment() {
            screen.set(by_link(saves, &fragment, by_link_error));
        } else if let Some(code) = invitation_code() {
            #[cfg(feature = "online")]
            let here = matches!(screen.get_untracked(), Screen::Online(_));
            #[cfg(not(feature = "online"))]
            let here = false;
            if !here {
                screen.set(online_room(saves, code, by_link_error));
            }
        } else if let Some(fragment) = learn_fragment() {
            screen.set(learn_screen(&fragment, screen.get_untracked()));
        } else if let Some(fragment) = shared_fragment() {
            match share::decode(&fragment) {
                Ok(record) => screen.set(Screen::Replay(Box::new(record))),
                Err(e) => link_error.set(Some(e)),
            }
        }
    });
    StoredValue::new_local(on_hash);
    let on_start = Callback::new(play);
    let on_rematch = Callback::new(move |m: Match| play((m.clone(), Game::new(m.rules))));
    let on_new_game = Callback::new(move |()| {
        let previous = match screen.get_untracked() {
            Screen::Playing(m, _) => Some(m),
            Screen::NewGame(previous) => previous,
            _ => None,
        };
        screen.set(Screen::NewGame(previous));
    });
    let on_continue = Callback::new(move |(m, session): (Match, Session)| {
        screen.set(playing(m, session, by_link_error));
    });
    let on_replay = Callback::new(move |record: Record| {
        screen.set(Screen::Replay(Box::new(record)));
    });

    let notice_text = move |notice: &SaveNotice| match notice {
        SaveNotice::SetAside {
            reason,
            players,
            remaining,
        } => match players {
            Some((first, second)) => tr!("save-set-aside-named", {
                "first" => first.clone(),
                "second" => second.clone(),
                "remaining" => *remaining,
                "reason" => load_error(reason),
            }),
            None => tr!("save-set-aside-unnamed", {
                "remaining" => *remaining,
                "reason" => load_error(reason),
            }),
        },
        SaveNotice::Newer => tr!("save-newer"),
        SaveNotice::Full => tr!("save-full"),
    };

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
                       let rules = match screen.get_untracked() {
                           Screen::Playing(m, _) => m.rules,
                           Screen::NewGame(Some(m)) => m.rules,
                           _ => Rules::kharbga(),
                       };
                       if cfg!(feature = "online") {
                           screen.set(online_form(rules));
                       } else {
                           online::go_online("#online");
                       }
                   }>
                       {tr_text(|| tr!("nav-online"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-library" on:click=move |_| screen.set(Screen::Library)>
                       {tr_text(|| tr!("nav-library"))}
                   </button>
                   <button type="button" class="nav" data-testid="nav-learn"
                       on:click=move |_| screen.set(learn_screen(&LearnStart::List.fragment(), screen.get_untracked()))>
                       {tr_text(|| tr!("nav-learn"))}
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
               {move || link_error.get().map(|e| {
                   let text = move || match &e {
                       ShareError::Newer(v) => tr!("link-newer", { "version" => *v }),
                       other => tr!("link-bad", { "error" => share_error(other) }),
                   };
                   view! {
                       <p class="notice warning" data-testid="link-error">{text}
                           <button type="button" class="link" on:click=move |_| link_error.set(None)>{tr_text(|| tr!("notice-dismiss"))}</button>
                       </p>
                   }
               })}
               {move || updated.get().then(|| view! {
                <p class="notice" data-testid="updated" role="status">{tr_text(|| tr!("app-updated"))}
                    <button type="button" class="link" on:click=move |_| { let _ = window().location().reload(); }>
                        {tr_text(|| tr!("app-reload"))}
                    </button>
                </p>
            })}
            {move || by_link_error.get().map(|e| {
                let text = move || match &e {
                    ByLinkError::Share(ShareError::Newer(v)) => tr!("link-newer", { "version" => *v }),
                    ByLinkError::Share(other) => tr!("link-bad", { "error" => share_error(other) }),
                    ByLinkError::Refused(w) => self::i18n::errors::net_warning(w),
                    ByLinkError::EarlierGame => tr!("online-earlier-game"),
                    ByLinkError::EarlierLink => tr!("online-earlier-link"),
                };
                view! {
                    <p class="notice warning" data-testid="by-link-error">{text}
                        <button type="button" class="link" on:click=move |_| by_link_error.set(None)>{tr_text(|| tr!("notice-dismiss"))}</button>
                    </p>
                }
            })}
            {move || saves.notices.get().into_iter().map(|notice| {
                   let kind = notice.token();
                   let dismiss = notice.clone();
                   view! {
                       <p class="notice warning" data-testid=format!("save-notice-{kind}")>
                           {move || notice_text(&notice)}
                           <button type="button" class="link"
                               on:click=move |_| saves.notices.update(|l| l.retain(|n| *n != dismiss))>
                               {tr_text(|| tr!("notice-dismiss"))}
                           </button>
                       </p>
                   }
               }).collect_view()}
           </div>
           <main class="layout">
               // The screen is rebuilt only when `screen` changes: nothing a
               // screen reads while it is built may rebuild it.
               {move || { let shown = screen.get(); untrack(move || match shown {
                   Screen::NewGame(previous) => {
                       #[cfg(feature = "online")]
                    let on_quick = Some(Callback::new(move |m: Match| {
                        screen.set(Screen::Online(Box::new(OnlineStart::Quick(m))));
                    }));
                    #[cfg(not(feature = "online"))]
                    let on_quick = None;
                    view! { <NewGame previous=previous.unwrap_or_else(default_match) on_start=on_start on_quick=on_quick/> }.into_any()
                   }
                   Screen::Playing(m, session) => {
                       let m = if m.first.is_empty() { named_defaults(m) } else { m };
                       view! { <GameScreen game=m session=*session on_new_game=on_new_game on_rematch=on_rematch/> }.into_any()
                   }
                   Screen::Library => {
                       view! { <LibraryScreen on_continue=on_continue on_replay=on_replay/> }.into_any()
                   }
                   Screen::Settings => view! { <SettingsScreen/> }.into_any(),
                   Screen::Replay(record) => {
                       view! { <Replay record=*record on_play=on_start/> }.into_any()
                   }
                   #[cfg(feature = "learn")]
                   Screen::Learn(start) => view! { <LearnScreen start=start/> }.into_any(),
                   #[cfg(feature = "online")]
                   Screen::Online(start) => {
                       let on_start = Callback::new(move |start: OnlineStart| screen.set(Screen::Online(Box::new(start))));
                    view! { <OnlineScreen start=*start on_new_game=on_new_game on_start=on_start/> }.into_any()
                   }
               })}}
           </main>
       }
}

/// The screen for a saved game: its room if it was played online.
fn playing(m: Match, session: Session, notice: RwSignal<Option<ByLinkError>>) -> Screen {
    match &session.online {
        #[cfg(feature = "online")]
        Some(_) if m.seats.is_online() => Screen::Online(Box::new(OnlineStart::Resume(m, session))),
        #[cfg(not(feature = "online"))]
        Some(seat) if m.seats.is_online() => {
            online::hand_over(&crate::net::room::fragment(&seat.host));
            Screen::Library
        }
        // Played online with an earlier version: its seats were secrets,
        // not keys, and cannot be proved any more. It is replayed.
        None if m.seats.is_online() => {
            notice.set(Some(ByLinkError::EarlierGame));
            let mut record = Record::new(session.game);
            record.first = m.first;
            record.second = m.second;
            record.date = session.date;
            Screen::Replay(Box::new(record))
        }
        _ => Screen::Playing(m, Box::new(session)),
    }
}

fn default_match() -> Match {
    Match::local(Rules::kharbga())
}

/// A new session for `game`, starting now.
fn new_session(game: Game) -> Session {
    let now = now_ms();
    Session::new(game, fresh_id(), now, record_date(now))
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
