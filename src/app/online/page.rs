//! The online page (`online.html`): its routes (an invitation, a game sent
//! by link), its rooms, and the new-game form's online options.
//!
//! The page's first screen is the new-game form; the room's screen (the
//! referee, the protocol, the signatures, the room's views) is a wasm chunk
//! of this page alone, fetched once the form is painted: its split point is
//! in the page's binary (`src/pages/src/bin/kharbga-online.rs`), which hands its view in as
//! [`OnlinePage::room`].

use leptos::prelude::*;

use super::entry::{self, ByLinkGame, RoomEntry};
use super::start::OnlineStart;
use super::views::net_warning;
use crate::app::i18n::tokens::side_key;
use crate::app::i18n::tr_text;
use crate::app::page::{
    GameView, NewGameForm, OnlineChoices, OwnScreen, PageScreens, Room, Rooms, Screen, Shell,
};
use crate::app::play::Match;
use crate::app::route::{Page, Route};
use crate::app::screens::forms::{NameField, SideMenu};
use crate::app::screens::new_game::form::{side_of, Form, Mode};
use crate::app::screens::new_game::NewGame;
use crate::engine::Side;
use crate::net::table::Warning;
use crate::store::Seats;
use crate::tr;

/// The room's screen ([`super::screen::OnlineScreen`]) for a start, the way to a
/// new game and what opens another start (quick pairing found a room).
pub type RoomView = fn(OnlineStart, Callback<()>, Callback<OnlineStart>) -> AnyView;

/// What `online.html` adds to the shell.
pub struct OnlinePage {
    /// The room's screen, as the page's binary draws it: there, behind the
    /// split point of its chunk (a split point in this library would be
    /// exported by every page's module).
    pub room: RoomView,
    /// The game screen, from a chunk of the page's binary.
    pub game: GameView,
    /// Fetches the room's and the game screen's chunks (after the first
    /// paint).
    pub preload: fn(),
}

/// What a room screen is called (an invitation leaves a room up alone).
const ROOM: &str = "room";

/// The room's screen for `start`, drawn by `view`.
fn room(view: RoomView, start: OnlineStart) -> Screen {
    OwnScreen::screen(ROOM, move |shell: Shell| {
        let on_start = Callback::new(move |start: OnlineStart| shell.show(room(view, start)));
        view(start.clone(), shell.on_new_game, on_start)
    })
}

/// The new-game form's online options.
const CHOICES: OnlineChoices = OnlineChoices {
    view: choices,
    draw: draw_side,
};

impl PageScreens for OnlinePage {
    fn page(&self) -> Page {
        Page::Online
    }

    fn open(&self, route: Route, here: Option<&Screen>, shell: Shell) -> Option<Screen> {
        match route {
            Route::Invite(invitation) => {
                // A room already up stays: its own link is in the address.
                if here.is_some_and(|s| s.is_own(ROOM)) {
                    return None;
                }
                match entry::enter_room(shell.saves, invitation) {
                    Ok(RoomEntry::Resume(m, session)) => Some(shell.playing(m, *session)),
                    Ok(RoomEntry::Join(host)) => Some(room(self.room, OnlineStart::Join(host))),
                    Err(e) => {
                        shell.by_link_error.set(Some(e));
                        Some(Screen::Library)
                    }
                }
            }
            Route::ByLink(fragment) => match entry::open_by_link(shell.saves, &fragment) {
                Ok(ByLinkGame::Continued(m, session)) => {
                    Some(room(self.room, OnlineStart::ByLink(m, session)))
                }
                Ok(ByLinkGame::Offered(m, session, entry)) => {
                    Some(room(self.room, OnlineStart::LinkOffer(m, session, entry)))
                }
                Err(e) => {
                    shell.by_link_error.set(Some(e));
                    Some(Screen::Library)
                }
            },
            _ => None,
        }
    }

    // (The form is this page's first screen: in the page, not a chunk.)
    fn new_game_form(&self) -> Option<NewGameForm> {
        Some(|previous, position, on_start| {
            view! {
                <NewGame previous=previous position=position on_start=on_start online_choices=Some(CHOICES)/>
            }
            .into_any()
        })
    }

    fn rooms(&self) -> Option<&dyn Rooms> {
        Some(self)
    }

    fn preload(&self) {
        (self.preload)();
    }

    fn game_screen(&self) -> GameView {
        self.game
    }

    fn online_choices(&self) -> Option<OnlineChoices> {
        Some(CHOICES)
    }

    fn warning(&self, warning: &Warning) -> String {
        net_warning(warning)
    }
}

impl Rooms for OnlinePage {
    fn open(&self, m: Match, start: Room) -> Screen {
        room(
            self.room,
            match start {
                Room::New(game) => OnlineStart::Host(m, game, None),
                Room::Saved(session) => OnlineStart::Resume(m, *session),
                Room::Quick => OnlineStart::Quick(m),
            },
        )
    }
}

/// The new-game form's online options: the player's name and side (or
/// sides drawn by lot), the connection settings, and quick pairing. They
/// read and set the form's state (a context value of the form).
fn choices() -> AnyView {
    let shell = expect_context::<Shell>();
    let form = expect_context::<RwSignal<Form>>();
    let shown = Memo::new(move |_| form.read().mode == Mode::Online);
    let variant = Signal::derive(move || form.read().rules.variant);
    let quick = move |_| {
        let (typed, rules) =
            form.with_untracked(|f| (crate::net::text::clean_name(&f.names[0]), f.rules));
        let name = if typed.is_empty() {
            crate::app::i18n::as_data(
                tr!("player-default", { "side" => side_key(rules.variant, Side::First) }),
            )
        } else {
            typed
        };
        let m = Match {
            first: name,
            ..Match {
                seats: Seats::online(Side::First),
                ..Match::local(rules)
            }
        };
        if let Some(rooms) = shell.page.rooms() {
            shell.show(rooms.open(m, Room::Quick));
        }
    };
    let options = move || {
        shown.get().then(|| view! {
        <div class="computer-options" data-testid="online-options">
            <NameField id="online-name" testid="online-name"
                value=Signal::derive(move || form.read().names[0].clone())
                set_value=SignalSetter::map(move |name| form.update(|f| f.names[0] = name))/>
            <label class="field" for="online-side">
                <span>{tr_text(|| tr!("newgame-you-play"))}</span>
                <SideMenu id="online-side" testid="online-side"
                    value=Signal::derive(move || form.read().human.token())
                    on_change=Callback::new(move |value: String| form.update(|f| f.human = side_of(&value)))
                    variant=variant/>
            </label>
            <label class="toggle">
                <input type="checkbox" data-testid="online-draw-lots" prop:checked=move || form.read().draw_lots
                    on:change=move |event| {
                        let drawn = event_target_checked(&event);
                        form.update(|f| f.draw_lots = drawn);
                    }/>
                {tr_text(|| tr!("online-draw-lots"))}
            </label>
            <super::settings::SettingsForm/>
            <p class="quick">
                <button type="button" data-testid="quick-game" on:click=quick>
                    {tr_text(|| tr!("online-quick-button"))}
                </button>
                " "
                <span class="hint-text">{tr_text(|| tr!("online-quick-hint"))}</span>
            </p>
        </div>
        })
    };
    options.into_any()
}

/// The side this page's player gets when the sides are drawn by lot.
fn draw_side() -> Side {
    if crate::app::services::browser::random_bytes::<1>()[0] & 1 == 0 {
        Side::First
    } else {
        Side::Second
    }
}
