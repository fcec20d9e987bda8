//! The organizer's page of an online tournament: a controller ([`HubPage`])
//! around the sans-IO [`Hub`] (which says what goes to which room, and when
//! to save), the links it holds ([`Rooms`]: the lobby, each player's room)
//! and what it keeps; and its view: the link to share, who entered, the
//! start; then the rounds, results decided, withdrawals, the standings.

use leptos::prelude::*;

use super::progress::{Entrants, Progress};
use super::rooms::{now, Rooms};
use super::saved::store;
use super::tables::SetupProblem;
use crate::app::i18n::tr_text;
use crate::app::online::link::LinkEvent;
use crate::app::route::Route;
use crate::app::services::browser::{copy_to_clipboard, download, page_url, random_bytes};
use crate::engine::clock::TimeControl;
use crate::engine::{Millis, Rules};
use crate::net::identity::SeatKey;
use crate::net::room::RoomCode;
use crate::net::tournament::{lobby_room, Hub, HubOut, Organizer, State};
use crate::store::{local, StoreKey};
use crate::tournament::{BoardRef, Format, Score, SetupError};
use crate::tr;

/// Creates an online tournament organized from this page and opens its
/// hub (`#tournament/host/<lobby code>`).
pub(super) fn create(name: String, rules: Rules, clock: Option<TimeControl>, format: Format) {
    let organizer = Organizer::new(
        SeatKey::from_seed(random_bytes::<32>()),
        name,
        rules,
        clock,
        format,
    );
    let code = lobby_room(&organizer.public());
    store(
        &StoreKey::TournamentHost(code.to_string()),
        &organizer.to_text(),
    );
    crate::app::services::browser::show(&Route::Tournament(format!("/host/{code}")));
}

/// The organizer's page as its view holds it: the [`Hub`], the state shown,
/// its links and where it keeps its text. Everything belongs to the view
/// that made it.
#[derive(Clone, Copy)]
struct HubPage {
    hub: StoredValue<Hub, LocalStorage>,
    /// The state shown (set again at each change).
    state: RwSignal<State>,
    /// Where the organizer's text is kept.
    key: StoredValue<StoreKey>,
    rooms: StoredValue<Option<Rooms>, LocalStorage>,
}

impl HubPage {
    /// The page of `organizer`, kept under `key`, in its rooms.
    fn open(organizer: Organizer, key: StoreKey) -> HubPage {
        let hub = Hub::new(organizer);
        let page = HubPage {
            state: RwSignal::new(hub.state().clone()),
            hub: StoredValue::new_local(hub),
            key: StoredValue::new(key),
            rooms: StoredValue::new_local(None),
        };
        let rooms = Rooms::new(move |room, event| page.event(room, event));
        page.rooms.set_value(Some(rooms));
        for code in page.hub.with_value(Hub::rooms) {
            rooms.open(code);
        }
        page
    }

    /// The links.
    fn rooms(self) -> Option<Rooms> {
        self.rooms.try_get_value().flatten()
    }

    /// What arrives from a room: a page's arrival, its messages.
    fn event(self, room: &RoomCode, event: LinkEvent) {
        let now = Millis(now());
        match event {
            LinkEvent::Peer(peer) => self.act(|hub| hub.arrived(room, &peer, now)),
            LinkEvent::Message(peer, text) => {
                self.act(|hub| hub.received(room, &peer, &text, now));
            }
            _ => {}
        }
    }

    /// Does what the hub says after `step`: saves, shows the new state and
    /// holds exactly its rooms, sends.
    fn act(self, step: impl FnOnce(&mut Hub) -> Vec<HubOut>) {
        let (Some(out), Some(rooms)) = (self.hub.try_update_value(step), self.rooms()) else {
            return; // the view is gone
        };
        for out in out {
            match out {
                HubOut::Send { room, peer, text } => rooms.send(&room, &peer, &text),
                HubOut::Save => self.hub.with_value(|hub| {
                    self.key
                        .with_value(|k| store(k, &hub.organizer().to_text()));
                }),
                HubOut::Rooms(codes) => {
                    self.state
                        .set(self.hub.with_value(|hub| hub.state().clone()));
                    rooms.keep(&codes);
                }
                HubOut::Broadcast(text) => rooms.broadcast(&text),
            }
        }
    }

    /// The organizer starts the tournament: why not, if it cannot.
    fn start(self) -> Option<SetupError> {
        let mut refused = None;
        self.act(|hub| match hub.start(Millis(now())) {
            Ok(out) => out,
            Err(e) => {
                refused = Some(e);
                Vec::new()
            }
        });
        refused
    }

    /// The organizer's result of board `at`.
    fn decide(self, at: BoardRef, score: Score) {
        self.act(|hub| hub.decide(at, score, Millis(now())));
    }

    /// The organizer withdraws `player` (before the start: its entry).
    fn withdraw(self, player: usize) {
        self.act(|hub| hub.withdraw(player, Millis(now())));
    }

    /// Downloads the records of the games the players reported.
    fn export_games(self) {
        let (name, records) = self.hub.with_value(|hub| {
            let o = hub.organizer();
            (
                o.state().tournament.name().to_owned(),
                o.records().join("\n"),
            )
        });
        download(&format!("{name}.pgn"), &records);
    }
}

/// The organizer's page: the link to share, who entered, the start; then
/// the rounds, results entered or decided, withdrawals, the standings.
#[component]
pub fn HostView(code: String) -> impl IntoView {
    let key = StoreKey::TournamentHost(code);
    let Some(organizer) = local::load(&key).and_then(|t| Organizer::from_text(&t).ok()) else {
        return view! {
            <section class="panel tournament" data-testid="tournament-online">
                <p role="alert">{tr_text(|| tr!("tournament-online-missing"))}</p>
            </section>
        }
        .into_any();
    };
    let share = page_url(&Route::Tournament(format!("/join/{}", organizer.public())).fragment());
    let page = HubPage::open(organizer, key);
    let Some(rooms) = page.rooms() else {
        return ().into_any();
    };
    let state = page.state;
    let error = RwSignal::new(None::<SetupError>);
    let copied = RwSignal::new(false);
    let start = move |_| error.set(page.start());
    let decide = move |(at, score): (BoardRef, Score)| page.decide(at, score);
    let withdraw = move |player: usize| page.withdraw(player);
    let share_copy = share.clone();
    view! {
        <section class="panel tournament" data-testid="tournament-online" data-role="organizer">
            <h2><bdi>{move || state.with(|s| s.tournament.name().to_owned())}</bdi></h2>
            {move || (!state.with(|s| s.started)).then(|| view! {
                <p class="notice" role="status">{tr_text(|| tr!("tournament-online-organizer"))}</p>
            })}
            <label class="field wide" for="tournament-link">
                <span>{tr_text(|| tr!("tournament-online-link"))}</span>
                <input id="tournament-link" type="text" readonly dir="ltr" data-testid="tournament-link" prop:value=share/>
            </label>
            <button type="button" data-testid="tournament-link-copy" on:click=move |_| {
                copy_to_clipboard(&share_copy);
                copied.set(true);
            }>{move || if copied.get() { tr!("library-copied") } else { tr!("library-copy") }}</button>
            {move || rooms.unavailable.get().then(|| view! {
                <p class="notice forbidden" role="alert">{tr_text(|| tr!("tournament-online-unavailable"))}</p>
            })}
            {move || if state.with(|s| s.started) {
                view! { <Progress state=state.read_only() decide=Some(Callback::new(decide)) withdraw=Some(Callback::new(withdraw))/> }.into_any()
            } else {
                view! {
                    <Entrants state=state.read_only() remove=Some(Callback::new(withdraw))/>
                    {move || error.get().map(|e| view! { <SetupProblem error=e/> })}
                    <button type="button" class="primary" data-testid="tournament-online-start" on:click=start>
                        {tr_text(|| tr!("tournament-start"))}
                    </button>
                }.into_any()
            }}
            {move || state.with(|s| s.started).then(|| view! {
                <div class="tournament-export">
                    <button type="button" data-testid="export-games" on:click=move |_| page.export_games()>
                        {tr_text(|| tr!("tournament-export-games"))}
                    </button>
                </div>
            })}
            <p class="tournament-connections" data-testid="tournament-connections"
                data-peers=move || rooms.peers.with(Vec::len).to_string()>
                {move || tr!("tournament-online-pages", { "n" => rooms.peers.with(Vec::len) })}
            </p>
        </section>
    }
    .into_any()
}
