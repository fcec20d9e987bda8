//! Any page of an online tournament but the organizer's (a player's or a
//! spectator's): a controller ([`FollowPage`]) around the sans-IO
//! [`Follower`] (what it believes of the organizer's signed state, where
//! its player stands, what it sends after each state), its links (the
//! lobby, and its player's own room) and what it keeps; and its view: the
//! entry form, its player's board, the round, the standings.

use gloo_timers::callback::Interval;
use leptos::prelude::*;

use super::boards::{ended_game, play_board};
use super::progress::{Entrants, Progress};
use super::rooms::{now, Rooms};
use super::saved::{followed, keep_followed, reindex, store};
use crate::app::i18n::tr_text;
use crate::app::online::link::LinkEvent;
use crate::app::services::browser::random_bytes;
use crate::app::services::storage::Saves;
use crate::engine::Millis;
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::message::Seat;
use crate::net::room::RoomCode;
use crate::net::tournament::{
    lobby_room, member_room, BoardRoom, Follower, Heard, MyBoard, Place, Refusal, State,
};
use crate::store::{local, StoreKey};
use crate::tr;

/// A follower's page as its view holds it. Everything belongs to the view
/// that made it.
#[derive(Clone, Copy)]
struct FollowPage {
    follower: StoredValue<Follower, LocalStorage>,
    /// The organizer's key (the link's).
    organizer: StoredValue<PublicKey>,
    /// The last state believed, and where this page's player stands in it.
    state: RwSignal<Option<State>>,
    place: RwSignal<Option<Place>>,
    /// The organizer refused this page's last message.
    refused: RwSignal<Option<Refusal>>,
    /// No state of this tournament was kept before this visit.
    first_visit: StoredValue<bool>,
    saves: Option<Saves>,
    rooms: StoredValue<Option<Rooms>, LocalStorage>,
}

impl FollowPage {
    /// The page following `organizer`'s tournament: the state kept from an
    /// earlier visit shown, in the lobby and (for a player) its own room,
    /// asking for the state until a fresh one comes.
    fn open(organizer: PublicKey) -> FollowPage {
        let key = local::load(&StoreKey::TournamentSeat(organizer.to_string()))
            .and_then(|t| SeatKey::parse(&t));
        let mine = key.as_ref().map(|k| member_room(&organizer, &k.public()));
        let mut follower = Follower::new(organizer, key);
        let kept = followed(&organizer);
        let first_visit = kept.is_none();
        if let Some((state, heard)) = kept {
            follower.remember(state, heard);
        }
        let page = FollowPage {
            state: RwSignal::new(follower.state().cloned()),
            place: RwSignal::new(follower.place()),
            follower: StoredValue::new_local(follower),
            organizer: StoredValue::new(organizer),
            refused: RwSignal::new(None),
            first_visit: StoredValue::new(first_visit),
            saves: use_context::<Saves>(),
            rooms: StoredValue::new_local(None),
        };
        let rooms = Rooms::new(move |room, event| page.event(room, event));
        page.rooms.set_value(Some(rooms));
        rooms.open(lobby_room(&organizer));
        if let Some(code) = mine {
            rooms.open(code);
        }
        // Until a state addressed to this page came (the organizer's
        // welcome may be lost, or dropped when it is flooded), it asks
        // again, with a backoff; the ticks die with the view.
        let asking = Interval::new(1_000, move || {
            if let Some(Some(hello)) = page.follower.try_update_value(|f| f.ask(Millis(now()))) {
                rooms.broadcast(&hello);
            }
        });
        StoredValue::new_local(asking);
        page
    }

    /// The links.
    fn rooms(self) -> Option<Rooms> {
        self.rooms.try_get_value().flatten()
    }

    /// Sends `messages` to every room this page is in.
    fn send(self, messages: impl IntoIterator<Item = String>) {
        if let Some(rooms) = self.rooms() {
            for message in messages {
                rooms.broadcast(&message);
            }
        }
    }

    /// What arrives from a room: this page's peer id there (a state
    /// addressed to it is this page's), the organizer's messages.
    fn event(self, room: &RoomCode, event: LinkEvent) {
        let text = match event {
            LinkEvent::Id(id) => {
                self.follower.update_value(|f| f.add_id(&id));
                return;
            }
            LinkEvent::Message(_, text) => text,
            _ => return,
        };
        match self.follower.try_update_value(|f| f.receive(&text)) {
            Some(Heard::State) => self.believed(room),
            Some(Heard::Refused(why)) => self.refused.set(Some(why)),
            Some(Heard::Nothing) | None => {}
        }
    }

    /// A new state came from `room`: kept, shown; a player sends what
    /// follows from it, and talks in its own room only.
    fn believed(self, room: &RoomCode) {
        let (state, place, heard, playing) = self
            .follower
            .with_value(|f| (f.state().cloned(), f.place(), f.heard(), f.me().is_some()));
        if let Some(state) = &state {
            keep_followed(&self.organizer.get_value(), heard, state);
            if self.first_visit.get_value() {
                reindex();
            }
        }
        self.state.set(state);
        self.place.set(place);
        if !playing {
            return;
        }
        self.refused.set(None);
        // Its board's room when it plays the first side there, and a
        // report of each of its boards whose game has ended.
        let saves = self.saves;
        let out = self.follower.try_update_value(|f| {
            f.follow_up(now(), |room: &BoardRoom, names| {
                ended_game(saves, room, names)
            })
        });
        self.send(out.into_iter().flatten());
        let lobby = lobby_room(&self.organizer.get_value());
        if let (Some(rooms), true) = (self.rooms(), *room != lobby) {
            rooms.close_soon(lobby);
        }
    }

    /// A spectator enters under `name`, with the key made once for this
    /// tournament (and kept), and joins its own room.
    fn join(self, name: &str) {
        let organizer = self.organizer.get_value();
        let seat_key = StoreKey::TournamentSeat(organizer.to_string());
        let key = local::load(&seat_key)
            .and_then(|t| SeatKey::parse(&t))
            .unwrap_or_else(|| {
                let k = SeatKey::from_seed(random_bytes::<32>());
                store(&seat_key, &k.to_text());
                k
            });
        let own = member_room(&organizer, &key.public());
        self.follower.update_value(|f| f.set_key(key));
        self.send(
            self.follower
                .try_update_value(|f| f.enter(name, now()))
                .flatten(),
        );
        if let Some(rooms) = self.rooms() {
            rooms.open(own);
        }
    }

    /// The player leaves the tournament.
    fn leave(self) {
        self.send(self.follower.try_update_value(|f| f.leave(now())).flatten());
    }

    /// The player opens its game of the board of `room`.
    fn play(self, room: &BoardRoom) {
        let (state, key) = self
            .follower
            .with_value(|f| (f.state().cloned(), f.key().cloned()));
        if let (Some(state), Some(key)) = (state, key) {
            play_board(self.saves, &state, &key, &self.organizer.get_value(), room);
        }
    }
}

/// Any other page: it follows the organizer's signed state, joins under a
/// name (a key made here, kept for this tournament), and can leave.
#[component]
pub fn FollowView(organizer: String) -> impl IntoView {
    let Some(public) = PublicKey::parse(&organizer) else {
        return view! {
            <section class="panel tournament" data-testid="tournament-online">
                <p role="alert">{tr_text(|| tr!("tournament-online-bad-link"))}</p>
            </section>
        }
        .into_any();
    };
    let page = FollowPage::open(public);
    let Some(rooms) = page.rooms() else {
        return ().into_any();
    };
    let (state, place, refused) = (page.state, page.place, page.refused);
    let name = RwSignal::new(String::new());
    let join = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        page.join(&name.get_untracked());
    };
    // A player: named by the state (withdrawn or not).
    let playing = move || {
        place.with(|p| matches!(p, Some(Place::Entered(_) | Place::Left | Place::Playing(_))))
    };
    // Connected: a page of the tournament is there (the organizer, once
    // this page is a player in its own room).
    let connected = move || rooms.peers.with(|p| !p.is_empty());
    view! {
        <section class="panel tournament" data-testid="tournament-online"
            data-role=move || if playing() { "player" } else { "spectator" }>
            {move || match (state.get(), place.get()) {
                (Some(s), Some(place)) => {
                    let started = s.started;
                    let over = started && s.tournament.is_over();
                    let may_leave = !over && matches!(place, Place::Entered(_) | Place::Playing(_));
                    view! {
                        <h2><bdi>{s.tournament.name().to_owned()}</bdi></h2>
                        {match place {
                            Place::Left => view! { <p class="notice" data-testid="tournament-online-left">{tr_text(|| tr!("tournament-online-left"))}</p> }.into_any(),
                            Place::Entered(n) => view! {
                                <p class="notice" role="status" data-testid="tournament-online-joined">{move || tr!("tournament-online-joined", { "name" => n.clone() })}</p>
                            }.into_any(),
                            Place::Playing(board) => view! { <YourBoard board=board page=page/> }.into_any(),
                            Place::Outside => view! {
                                <form class="tournament-join" data-testid="tournament-join" on:submit=join>
                                    <label class="field" for="tournament-join-name">
                                        <span>{tr_text(|| tr!("tournament-online-join-name"))}</span>
                                        <input id="tournament-join-name" type="text" maxlength="40" dir="auto" data-testid="tournament-join-name"
                                            prop:value=move || name.get() on:input=move |e| name.set(event_target_value(&e))/>
                                    </label>
                                    <button type="submit" class="primary" data-testid="tournament-join-button">{tr_text(|| tr!("tournament-online-join"))}</button>
                                </form>
                            }.into_any(),
                            Place::Watching => view! { <p class="notice" role="status" data-testid="tournament-online-watching">{tr_text(|| tr!("tournament-online-watching"))}</p> }.into_any(),
                        }}
                        {move || refused.get().map(|why| view! {
                            <p class="notice forbidden" role="alert" data-testid="tournament-online-refused">
                                {move || tr!("tournament-online-refused", { "why" => why.token() })}
                            </p>
                        })}
                        {if started {
                            view! { <Progress state=RwSignal::new(s).read_only() decide=None withdraw=None/> }.into_any()
                        } else {
                            view! { <Entrants state=RwSignal::new(s).read_only() remove=None/> }.into_any()
                        }}
                        {may_leave.then(|| view! {
                            <details class="withdraw" data-testid="tournament-leave">
                                <summary>{tr_text(|| tr!("tournament-online-leave"))}</summary>
                                <button type="button" data-testid="tournament-leave-confirm" on:click=move |_| page.leave()>
                                    {tr_text(|| tr!("tournament-online-leave-confirm"))}
                                </button>
                            </details>
                        })}
                    }.into_any()
                }
                _ => view! {
                    <p role="status" data-testid="tournament-online-waiting">
                        {move || if rooms.unavailable.get() { tr!("tournament-online-unavailable") } else { tr!("tournament-online-waiting") }}
                    </p>
                }.into_any(),
            }}
            <p class="tournament-connections" data-testid="tournament-connection"
                data-peers=move || rooms.peers.with(Vec::len).to_string()
                data-status=move || if connected() { "connected" } else { "waiting" }>
                {move || if connected() { tr!("tournament-online-connected") } else { tr!("tournament-online-waiting") }}
            </p>
        </section>
    }
    .into_any()
}

/// The notice of this page's player's board in the round under way (none
/// once the tournament is over), with the button that opens its game.
#[component]
fn YourBoard(board: Option<MyBoard>, page: FollowPage) -> impl IntoView {
    let Some(board) = board else {
        return ().into_any();
    };
    match board {
        MyBoard::Disputed { opponent } => view! {
            <p class="notice" role="status" data-testid="tournament-online-board" data-disputed="true">
                {move || tr!("tournament-online-your-dispute", { "name" => opponent.clone() })}
            </p>
        }
        .into_any(),
        MyBoard::Reported { score, opponent } => view! {
            <p class="notice" role="status" data-testid="tournament-online-board" data-reported=score.token()>
                {move || tr!("tournament-online-reported", { "score" => score.token(), "name" => opponent.clone() })}
            </p>
        }
        .into_any(),
        MyBoard::Play {
            at,
            side,
            opponent,
            room,
        } => {
            let (round, board, side) = (at.round + 1, at.board + 1, Seat::from(side).token());
            view! {
                <p class="notice" role="status" data-testid="tournament-online-board">
                    {move || tr!("tournament-online-your-board", { "round" => round, "board" => board, "name" => opponent.clone(), "side" => side })}
                </p>
                <button type="button" class="primary" data-testid="tournament-online-play"
                    disabled=room.is_none() on:click=move |_| if let Some(room) = &room { page.play(room) }>
                    {tr_text(|| tr!("tournament-online-play"))}
                </button>
            }
            .into_any()
        }
        MyBoard::Bye => view! { <p class="notice" data-testid="tournament-online-board">{tr_text(|| tr!("tournament-online-bye"))}</p> }.into_any(),
        MyBoard::Done => view! { <p class="notice" data-testid="tournament-online-board">{tr_text(|| tr!("tournament-online-board-done"))}</p> }.into_any(),
    }
}
