//! The tournament page (`tournament.html` only).
//!
//! **Here**, on one device: the organizer enters the players (people and
//! computer levels), the format and the game; each round's boards are
//! played here, the people's by the people at this device, the computer's
//! against itself shown live; the standings and the crosstable follow
//! every result; a game is replayed from the crosstable; tournaments are
//! kept in localStorage and exported (the standings as text, every game as
//! one record file).
//!
//! **Online**, from one link: the organizer's hub ([`hub`]) and every other
//! page, a player's or a spectator's ([`follow`]), each a controller around
//! the sans-IO [`Hub`](crate::net::tournament::Hub) or
//! [`Follower`](crate::net::tournament::Follower) of
//! [`crate::net::tournament`], with its views. The pages talk in a star
//! (see that module): the organizer's page holds the lobby's link and one
//! link per player's private room; a player's page holds its own room's
//! link (and the lobby's until the organizer's state names it); a
//! spectator's, the lobby's. Each link is matchbox's ([`rooms`]).
//! Everything belongs to the view that made it: links, retries and
//! listeners die with it.
//!
//! The rules are [`crate::tournament`]'s and the protocol
//! [`crate::net::tournament`]'s: these screens only ask. The rest: the new
//! tournament's form ([`setup`]), the screens of a tournament played here
//! ([`local`]), the tables every screen shows ([`tables`], and an online
//! tournament's state: [`progress`]), what the page keeps ([`saved`]) and
//! an online board's game in the library ([`boards`]).

use leptos::prelude::*;

use crate::app::i18n::tr_text;
use crate::app::play::Match;
use crate::app::route::Route;
use crate::app::screens::lazy::replay;
use crate::app::services::browser::{go, now_ms, replace_fragment};
use crate::engine::{Game, Record};
use crate::tournament::{BoardRef, Tournament};
use crate::tr;

mod boards;
mod follow;
mod hub;
mod local;
pub mod page;
mod progress;
mod rooms;
mod saved;
mod setup;
mod tables;

use follow::FollowView;
use hub::HostView;
use local::{BoardGame, TournamentList, TournamentView};
use saved::{reindex, save, saved};

/// Now, in whole milliseconds since 1970 (what an online page numbers its
/// messages from: a reloaded page numbers above what it signed before).
fn now() -> u64 {
    now_ms().get()
}

/// Where the screen is.
#[derive(Clone, Debug, PartialEq)]
enum View {
    /// The saved tournaments and the form for a new one.
    List,
    /// A tournament.
    Open(String),
    /// A board's game, played or watched.
    Board(String, BoardRef),
    /// A game replayed from the crosstable.
    Replay(String, Box<Record>),
}

/// An online tournament's page: the organizer's hub (`#tournament/host/<lobby
/// code>`) or any other page (`#tournament/join/<organizer's key>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentOnline {
    Host(String),
    Follow(String),
}

impl TournamentOnline {
    /// The online tournament `place` (what follows `#tournament`) names.
    pub fn of(place: &str) -> Option<TournamentOnline> {
        if let Some(code) = place.strip_prefix("/host/") {
            return Some(TournamentOnline::Host(code.to_owned()));
        }
        place
            .strip_prefix("/join/")
            .map(|key| TournamentOnline::Follow(key.to_owned()))
    }
}

/// The page's screens after its first (the list and the new tournament's
/// form): an online tournament's, or one of this device's tournaments
/// open. The page's binary draws them from a chunk of its own (the hub,
/// the follower, their protocol and signatures; the tables, the boards).
pub enum TournamentPart {
    Online(TournamentOnline),
    Local(LocalPart),
}

/// One of this device's tournaments open (or one of its boards).
pub struct LocalPart {
    id: String,
    t: Tournament,
    at: Option<BoardRef>,
    view: RwSignal<View>,
    list: RwSignal<Vec<(String, Tournament)>>,
}

/// Draws one of the page's later screens (in the page's chunk).
pub fn part_view(part: TournamentPart) -> AnyView {
    match part {
        TournamentPart::Online(TournamentOnline::Host(code)) => {
            reindex();
            view! { <HostView code=code/> }.into_any()
        }
        TournamentPart::Online(TournamentOnline::Follow(key)) => {
            reindex();
            view! { <FollowView organizer=key/> }.into_any()
        }
        TournamentPart::Local(LocalPart {
            id,
            t,
            at,
            view,
            list,
        }) => {
            let put = move |id: String, t: Tournament| put(list, id, t);
            match at {
                None => view! { <TournamentView id=id t=t view=view put=put/> }.into_any(),
                Some(at) => view! { <BoardGame id=id t=t at=at view=view put=put/> }.into_any(),
            }
        }
    }
}

/// Keeps `t` under `id`, and shows it in `list`.
fn put(list: RwSignal<Vec<(String, Tournament)>>, id: String, t: Tournament) {
    save(&id, &t);
    list.update(|l| match l.iter_mut().find(|(i, _)| *i == id) {
        Some(entry) => entry.1 = t,
        None => l.insert(0, (id, t)),
    });
}

/// The tournament screen of this device's tournaments: `place` is what
/// follows `#tournament` (`/<id>` opens one); `part` draws the screens
/// after the list (the page's chunk).
#[component]
pub fn TournamentScreen(place: String, part: fn(TournamentPart) -> AnyView) -> impl IntoView {
    reindex();
    let list = RwSignal::new(saved());
    let start = match place.strip_prefix('/') {
        Some(id) if list.with_untracked(|l| l.iter().any(|(i, _)| i == id)) => {
            View::Open(id.to_owned())
        }
        _ => View::List,
    };
    let view = RwSignal::new(start);
    // The address names the tournament open, so that a reload returns to it.
    Effect::new(move |_| {
        let rest = match view.get() {
            View::List => String::new(),
            View::Open(id) | View::Board(id, ..) | View::Replay(id, _) => {
                format!("/{id}")
            }
        };
        replace_fragment(&Route::Tournament(rest).fragment());
    });
    let find = move |id: &str| {
        list.with_untracked(|l| l.iter().find(|(i, _)| i == id).map(|(_, t)| t.clone()))
    };
    let put = move |id: String, t: Tournament| put(list, id, t);
    (move || match view.get() {
        View::List => view! { <TournamentList list=list view=view put=put/> }.into_any(),
        View::Open(id) => match find(&id) {
            Some(mut t) => {
                // A round finished but not followed yet (a page closed in
                // between): the next one is paired now.
                if t.round_done() && !t.is_over() && t.pair_next() {
                    put(id.clone(), t.clone());
                }
                part(TournamentPart::Local(LocalPart {
                    id,
                    t,
                    at: None,
                    view,
                    list,
                }))
            }
            None => {
                view.set(View::List);
                ().into_any()
            }
        },
        View::Board(id, at) => match find(&id) {
            Some(t) => part(TournamentPart::Local(LocalPart {
                id,
                t,
                at: Some(at),
                view,
                list,
            })),
            None => ().into_any(),
        },
        View::Replay(id, record) => {
            let back = move |_| view.set(View::Open(id.clone()));
            view! {
                <div class="tournament-bar">
                    <button type="button" data-testid="tournament-back" on:click=back>{tr_text(|| tr!("tournament-back"))}</button>
                </div>
                {replay(*record, false, Callback::new(|(_, game): (Match, Game)| {
                    // Played on from the first page, which opens the game.
                    let link = crate::store::share::encode(&Record::new(game));
                    go(&Route::Shared(link));
                }))}
            }
            .into_any()
        }
    })
    .into_any()
}
