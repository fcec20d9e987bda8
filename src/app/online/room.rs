//! The room's controller: the referee's [`Table`], the link to the room
//! (fetched, opened, opened again after a loss or a stopped module), the
//! heartbeat, the goodbye when the page closes, and what the views show
//! of it (the link's state, warnings, chat lines, the last answer, the QR
//! code). Everything here belongs to the screen that made the [`Room`]:
//! its timers and listeners die with that screen, and leaving says goodbye
//! and closes the link. The views (`views.rs`) only read it and call
//! [`Room::act`].

use std::collections::BTreeMap;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::{Interval, Timeout};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::board::game_changes;
use super::hooks::BoardFeed;
use super::link::{self, Link, LinkEvent};
use super::settings::OnlineSettings;
use crate::app::services::browser::{
    fresh_id, now_ms, page_url, record_date, replace_fragment, trace,
};
use crate::app::services::storage::Saves;
use crate::engine::Millis;
use crate::net::identity::PublicKey;
use crate::net::message::{encode, fields_text, Message, Offer};
use crate::net::room::{self, PeerPath};
use crate::net::table::{Event, Presence, Role, Table, Warning, PING_MS};

/// The link's state, as the indicator shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkState {
    /// Fetching the network module.
    Loading,
    /// Waiting for the signalling server.
    Connecting,
    /// In the room.
    Open,
    /// Lost: trying again shortly.
    Reconnecting,
    /// The network module could not be fetched.
    Unavailable,
}

/// What the indicator says, as a token of `online-status`.
pub fn status_token(state: &LinkState, role: Role, presence: Presence) -> &'static str {
    match state {
        LinkState::Loading | LinkState::Connecting => "connecting",
        LinkState::Reconnecting => "reconnecting",
        LinkState::Unavailable => "unavailable",
        LinkState::Open => match (role, presence) {
            (Role::Newcomer, _) => "connecting",
            (Role::Player(_), Presence::Waiting) => "waiting",
            (_, Presence::Connected) => "connected",
            (_, _) => "away",
        },
    }
}

/// How long ICE may look for a path to a peer whose offer or answer came
/// before the page says that no direct connection could be made (Chromium
/// gives up by itself only after 15 to 30 seconds; through a relay a path
/// is found in a second or two).
pub const NO_PATH_MS: u32 = 10_000;

/// How long after the browser's last news of a network change the page
/// joins the room afresh (the news come in a burst as the old network goes
/// and the new one comes, within about a tenth of a second).
pub const NETWORK_SETTLE_MS: u32 = 300;

/// The heartbeat's step: a half of [`PING_MS`].
const STEP_MS: u32 = 250;

/// The invitation link to `host`'s room on this page's address.
pub fn invitation(host: &PublicKey) -> String {
    page_url(&room::fragment(host))
}

/// A library entry's id, start time and date.
pub type Entry = (String, Millis, String);

/// One online room, as this page holds it.
#[derive(Clone, Copy)]
pub struct Room {
    /// The referee: its game is the one the board follows.
    pub table: RwSignal<Table>,
    /// The room's host key (the room is its hash).
    pub host: StoredValue<PublicKey>,
    /// The link's state.
    pub state: RwSignal<LinkState>,
    /// The last warnings about dropped messages (at most three).
    pub warnings: RwSignal<Vec<(u32, Warning)>>,
    /// The chat's lines (at most fifty): who, what.
    pub chat: RwSignal<Vec<(String, String)>>,
    /// The answer to our last offer.
    pub answered: RwSignal<Option<(Offer, bool)>>,
    /// The indicator's clock (the heartbeat sets it).
    pub clock: RwSignal<Millis>,
    /// The invitation's QR code (SVG), once drawn.
    pub qr: RwSignal<Option<String>>,
    /// Play goes by link (moves are open without the opponent connected).
    pub by_link: RwSignal<bool>,
    /// This page's library entry (a rematch is a new one).
    pub entry: StoredValue<Option<Entry>>,
    /// Counts rematches: the game screen is built again for each.
    pub generation: RwSignal<u32>,
    /// The board the table's game changes go to (the game screen's, while
    /// one is attached).
    pub board: BoardFeed,
    /// How each connected peer is reached (direct or relayed, the round
    /// trip, lost), as the browser last told.
    pub paths: RwSignal<BTreeMap<String, PeerPath>>,
    /// A peer's offer or answer came but no path to it was found: no
    /// direct connection is possible from here (until a peer connects).
    pub unreachable: RwSignal<bool>,
    /// The deadline of the last peer ICE looks for a path to.
    trying: StoredValue<Option<Timeout>, LocalStorage>,
    /// Joins the room afresh when the connection to the other side stays
    /// lost.
    rejoin: StoredValue<Option<Timeout>, LocalStorage>,
    /// That deadline is counting.
    rejoining: StoredValue<bool>,
    /// How soon (the first time at once, later when it happens again).
    rejoins: StoredValue<room::Rejoins>,
    /// Whether this page reached the host's page since it joined, and how
    /// soon it joins again when it did not ([`room::HostWait`]).
    host_wait: StoredValue<room::HostWait>,
    /// That join, once decided.
    host_retry: StoredValue<Option<Timeout>, LocalStorage>,
    /// Opens the link again at once.
    reopen: StoredValue<Option<Reopen>, LocalStorage>,
    /// Looks whether the signalling server is back (it went away while
    /// the game went on over the connections the page holds).
    probe: StoredValue<Option<Interval>, LocalStorage>,
    /// Joins the room afresh shortly after the browser says the network
    /// changed (each news puts it off again).
    network: StoredValue<Option<Timeout>, LocalStorage>,
    link: StoredValue<Option<Link>, LocalStorage>,
    warning_count: StoredValue<u32>,
    /// The library, where this page's game is kept (and forgotten when the
    /// seat it asked for went to someone else).
    saves: Option<Saves>,
}

impl Room {
    /// Opens the room `code` for `table`, with this page's entry (if it
    /// plays), now: the link, the heartbeat, the goodbye and the QR code
    /// start, and stop with the current owner (the screen).
    pub fn open(mut table: Table, entry: Option<Entry>, by_link: bool) -> Room {
        let host = table.host_key();
        // Signed messages are numbered from now on (above any this seat
        // signed before a reload).
        table.number_from(now_ms());
        let room = Room {
            table: RwSignal::new(table),
            host: StoredValue::new(host),
            state: RwSignal::new(LinkState::Loading),
            warnings: RwSignal::new(Vec::new()),
            chat: RwSignal::new(Vec::new()),
            answered: RwSignal::new(None),
            clock: RwSignal::new(now_ms()),
            qr: RwSignal::new(None),
            by_link: RwSignal::new(by_link),
            entry: StoredValue::new(entry),
            generation: RwSignal::new(0),
            board: StoredValue::new((0, None)),
            paths: RwSignal::new(BTreeMap::new()),
            unreachable: RwSignal::new(false),
            trying: StoredValue::new_local(None),
            rejoin: StoredValue::new_local(None),
            rejoining: StoredValue::new(false),
            rejoins: StoredValue::new(room::Rejoins::default()),
            host_wait: StoredValue::new(room::HostWait::default()),
            host_retry: StoredValue::new_local(None),
            reopen: StoredValue::new_local(None),
            probe: StoredValue::new_local(None),
            network: StoredValue::new_local(None),
            link: StoredValue::new_local(None),
            warning_count: StoredValue::new(0),
            saves: use_context::<Saves>(),
        };
        replace_fragment(&room::fragment(&host));
        room.connect_room();
        // The invitation's QR code, drawn by the network module.
        let url = invitation(&host);
        let qr = room.qr;
        spawn_local(async move {
            if let Ok(net) = link::load().await {
                let _ = qr.try_set(Some(link::qr_svg(&net, &url)));
            }
        });
        room.heartbeat();
        room.follow_network();
        // Closing the tab says goodbye (matchbox does not tell peers at once).
        let goodbye = EventListener::new(&window(), "pagehide", move |_| {
            let bye = room.table.with_untracked(Table::bye);
            room.process(vec![bye]);
        });
        StoredValue::new_local(goodbye);
        on_cleanup(move || {
            if let Some(bye) = room.table.try_with_untracked(Table::bye) {
                room.process(vec![bye]);
            }
            room.link.set_value(None);
            replace_fragment("");
        });
        room
    }

    /// Sends what `events` say to send (signed by this page's seat where a
    /// player signs), and keeps what the views show.
    pub fn process(&self, events: Vec<Event>) {
        for event in &events {
            trace_event(event);
        }
        // (Untracked: the seat's message number is no news to the views. A
        // screen being left still says goodbye, which is not signed.)
        let texts = self
            .table
            .try_update_untracked(|t| t.outgoing(&events))
            .unwrap_or_else(|| {
                events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Broadcast(m) if !m.is_signed_kind() => Some((None, encode(m))),
                        _ => None,
                    })
                    .collect()
            });
        self.link.with_value(|l| {
            if let Some(l) = l {
                for (to, text) in texts {
                    match to {
                        Some(peer) => l.send(&peer, &text),
                        None => l.broadcast(&text),
                    }
                }
                // Connections the referee gives up (silent, or refused).
                for event in &events {
                    if let Event::Close(peer) = event {
                        l.close_peer(peer);
                    }
                }
            }
        });
        // The game's changes to the board, in one go.
        let changes = game_changes(&events);
        if !changes.is_empty() {
            if let Some((_, Some(board))) = self.board.try_get_value() {
                board.run(changes);
            }
        }
        for event in events {
            if event == Event::Warn(Warning::SeatTaken) {
                self.forget_game();
            }
            match event {
                Event::Warn(w) => {
                    let n = self.warning_count.get_value() + 1;
                    self.warning_count.set_value(n);
                    self.warnings.update(|list| {
                        list.push((n, w));
                        let excess = list.len().saturating_sub(3);
                        list.drain(..excess);
                    });
                }
                Event::Chat { name, text } => self.chat.update(|lines| {
                    lines.push((name, text));
                    let excess = lines.len().saturating_sub(50);
                    lines.drain(..excess);
                }),
                Event::Answered(offer, accept) => self.answered.set(Some((offer, accept))),
                Event::Rematch => {
                    let now = now_ms();
                    self.entry
                        .set_value(Some((fresh_id(), now, record_date(now))));
                    self.generation.update(|g| *g += 1);
                }
                _ => {}
            }
        }
    }

    /// The seat this page asked for went to someone else: the game it saved
    /// when it pressed *Join* is not its game, and leaves the library (a
    /// reload then watches, as a spectator, instead of waiting as a player).
    fn forget_game(&self) {
        let Some((id, _, _)) = self.entry.get_value() else {
            return;
        };
        self.entry.set_value(None);
        if let Some(saves) = self.saves {
            saves.update(|l| l.forget(&id));
        }
    }

    /// Does `f` to the table and processes what it says (nothing once the
    /// screen is gone).
    pub fn act(&self, f: impl FnOnce(&mut Table) -> Vec<Event>) {
        if let Some(events) = self.table.try_update(f) {
            self.process(events);
        }
    }

    /// A message from `peer`: read by the table, and the views told only
    /// when it changed something they show. A heartbeat only asks for an
    /// answer, and a message dropped (a flood) asks for nothing: a crowd's
    /// hundreds a second must not redraw the page each time.
    fn take_message(&self, peer: &str, text: &str, now: Millis) {
        let Some(events) = self
            .table
            .try_update_untracked(|t| t.receive(peer, text, now))
        else {
            return;
        };
        if events.is_empty() {
            return;
        }
        trace_incoming(peer, text);
        let shown = events
            .iter()
            .any(|e| !matches!(e, Event::Send(..) | Event::Broadcast(..) | Event::Close(..)));
        if shown {
            self.table.notify();
        }
        self.process(events);
    }

    /// The indicator's token.
    pub fn status(&self) -> &'static str {
        let presence = self.table.with(|t| t.presence(self.clock.get()));
        let role = self.table.with(|t| t.role());
        let token = status_token(&self.state.get(), role, presence);
        match token {
            // A newcomer whose host cannot be reached.
            "connecting" if self.no_path() => "unreachable",
            // The connection to the other side went quiet (its network
            // changed or went away) before the heartbeat says so.
            "connected" if self.lost() => "lost",
            token => token,
        }
    }

    /// The connection to the other side brings nothing: the browser says so
    /// (ICE `disconnected`), or it missed three of its heartbeats (a page
    /// pings every [`PING_MS`]; see [`Table::quiet`]): a phone that changed
    /// networks, while the browser may keep saying "connected" as it finds
    /// a new path.
    pub fn lost(&self) -> bool {
        let now = self.clock.get();
        self.path().is_some_and(|p| p.lost) || self.table.with(|t| t.quiet(now))
    }

    /// How this page reaches the peer it plays or watches through.
    pub fn path(&self) -> Option<PeerPath> {
        let paths = self.paths;
        self.table.with(|t| {
            t.counterpart()
                .and_then(|peer| paths.with(|p| p.get(peer).copied()))
        })
    }

    /// No direct connection could be made and nobody to play or watch with
    /// is connected: the page says why, and what would help.
    pub fn no_path(&self) -> bool {
        self.unreachable.get()
            && self.state.get() == LinkState::Open
            && self.table.with(|t| t.counterpart().is_none())
    }

    /// A peer's offer or answer came: unless a peer connects within
    /// [`NO_PATH_MS`] (which ends this deadline), no direct connection is
    /// possible from here.
    fn trying(self) {
        let unreachable = self.unreachable;
        let deadline = Timeout::new(NO_PATH_MS, move || {
            let _ = unreachable.try_set(true);
        });
        self.trying.set_value(Some(deadline));
    }

    /// The link to the room: fetched, opened, and opened again two seconds
    /// after a loss (a server gone, or a network module that stopped).
    fn connect_room(self) {
        let settings = OnlineSettings::load();
        let url = room::room_url(&settings.server, &self.host.get_value().room());
        let settings_server = settings.server.clone();
        let reached = StoredValue::new(false);
        let on_event = move |event: LinkEvent| {
            let now = now_ms();
            match event {
                LinkEvent::Id(id) => {
                    self.act(|t| t.set_id(id, now));
                    self.state.set(LinkState::Open);
                    reached.set_value(true);
                    self.host_wait.update_value(|w| w.joined(now));
                }
                LinkEvent::Peer(peer) => {
                    self.unreachable.set(false);
                    self.trying.set_value(None);
                    self.act(|t| t.connected(peer, now));
                }
                LinkEvent::Left(peer) => {
                    self.paths.update(|p| {
                        p.remove(&peer);
                    });
                    self.act(|t| t.disconnected(&peer, now));
                }
                LinkEvent::Trying(_) => self.trying(),
                LinkEvent::Unreachable(_) => {
                    self.trying.set_value(None);
                    self.unreachable.set(true);
                }
                LinkEvent::SignalLost => self.await_signalling(&settings_server),
                LinkEvent::Path(peer, path) => {
                    self.paths.update(|p| {
                        p.insert(peer, path);
                    });
                    self.rejoin_if_lost();
                }
                LinkEvent::Message(peer, text) => self.take_message(&peer, &text, now),
                LinkEvent::Closed(_) => {
                    // Never reached the server: no network (or no server) —
                    // say so, and keep trying.
                    self.state.set(if reached.get_value() {
                        LinkState::Reconnecting
                    } else {
                        LinkState::Unavailable
                    });
                    self.table.update(Table::forget_peers);
                    self.paths.update(BTreeMap::clear);
                    self.trying.set_value(None);
                    self.probe.set_value(None);
                    self.host_wait.update_value(room::HostWait::closed);
                }
            }
        };
        let reopen = Connection::start(url, settings, self.state, self.link, on_event);
        self.reopen.set_value(Some(reopen));
    }

    /// The signalling server went away while the game goes on over the
    /// connections the page holds (a server restarted, say): nobody new can
    /// come in (a spectator, a player coming back) until the page joins the
    /// room again, which it does as soon as the server takes a connection
    /// (looked at every two seconds); meanwhile nothing is cut.
    fn await_signalling(self, server: &str) {
        if self.probe.with_value(Option::is_some) {
            return;
        }
        let url = room::probe_url(server);
        let looking = StoredValue::new(false);
        let probe = Interval::new(2_000, move || {
            if looking.get_value() {
                return;
            }
            looking.set_value(true);
            let url = url.clone();
            spawn_local(async move {
                let back = link::signal_reachable(&url).await;
                let _ = looking.try_set_value(false);
                // (`try_set_value` gives the value back when the room is gone.)
                if back && self.probe.try_set_value(None).is_none() {
                    self.join_afresh();
                }
            });
        });
        self.probe.set_value(Some(probe));
    }

    /// The browser says this device's network changed: it went off line,
    /// came back, or the connection's type changed (a phone that went from
    /// Wi-Fi to its carrier). The connections it held went with the old
    /// address, although nothing says so for seconds (the silence, or ICE):
    /// [`NETWORK_SETTLE_MS`] after the last such news the page joins the
    /// room afresh, as it does when it finds the other side silent. A page
    /// off line keeps trying (its link says it is unavailable meanwhile).
    fn follow_network(self) {
        let changed = move || {
            let deadline = Timeout::new(NETWORK_SETTLE_MS, move || self.join_afresh());
            // (The previous deadline, dropped here, never fires.)
            self.network.set_value(Some(deadline));
        };
        let window = window();
        let listeners =
            ["online", "offline"].map(|name| EventListener::new(&window, name, move |_| changed()));
        StoredValue::new_local(listeners);
        // (`navigator.connection`, where the browser has it: only a change
        // of type, not of the speed it estimates, is a new network.)
        if let Some(connection) = link::network_information() {
            let kind = StoredValue::new(link::connection_type(&connection));
            let listener = EventListener::new(&connection, "change", move |event| {
                let Some(target) = event.target() else {
                    return;
                };
                let now = link::connection_type(&target);
                if now != kind.get_value() {
                    kind.set_value(now);
                    changed();
                }
            });
            StoredValue::new_local(listener);
        }
    }

    /// The connection to the other side is lost (the browser's ICE says
    /// `disconnected`, or the other side fell silent): unless it comes back
    /// (or a new one comes) soon ([`room::Rejoins`]: at once the first
    /// time), the page joins the room afresh, which makes a new connection
    /// through the signalling server (the seat's owner is welcomed back on
    /// it). A phone that changed networks has lost its signalling
    /// connection too, without knowing it yet.
    fn rejoin_if_lost(self) {
        if !self.lost_untracked() {
            self.rejoining.set_value(false);
            self.rejoin.set_value(None);
            return;
        }
        if self.rejoining.get_value() {
            return; // already counting
        }
        self.rejoining.set_value(true);
        // (The deadline is the room's: it dies with it. A fired one is
        // dropped when the next is set, never inside its own call.)
        let Some(wait) = self.rejoins.try_update_value(|r| r.delay(now_ms())) else {
            return;
        };
        let deadline = Timeout::new(wait, move || {
            self.rejoining.set_value(false);
            if self.lost_untracked() {
                self.join_afresh();
            }
        });
        self.rejoin.set_value(Some(deadline));
    }

    /// A page that joined and does not reach the host's page (whose
    /// handshake with it was given up) joins afresh, soon, and later each
    /// time ([`room::HostWait`]); never the host's own page.
    fn wait_for_host(self, now: Millis) {
        let Some((hosting, host_here, anyone_here)) = self
            .table
            .try_with_untracked(|t| (t.hosting(), t.host_here(now), t.anyone_here()))
        else {
            return;
        };
        if hosting {
            return;
        }
        let unreachable = self.unreachable.get_untracked();
        let Some(wait) = self
            .host_wait
            .try_update_value(|w| w.look(host_here, anyone_here, unreachable, now))
            .flatten()
        else {
            return;
        };
        trace(&format!(
            "room: the host's page not reached; joining again in {wait} ms"
        ));
        let retry = Timeout::new(wait, move || {
            let host_here = self
                .table
                .try_with_untracked(|t| t.host_here(now_ms()))
                .unwrap_or(true);
            if !host_here {
                self.join_afresh();
            }
        });
        // (A fired one is dropped when the next is set, never inside its
        // own call.)
        self.host_retry.set_value(Some(retry));
    }

    /// Joins the room afresh: the connections held are forgotten and the
    /// link opened again at once (nothing once the room is gone).
    fn join_afresh(self) {
        if self.table.try_update(Table::forget_peers).is_none() {
            return;
        }
        let _ = self.paths.try_update(BTreeMap::clear);
        if let Some(Some(reopen)) = self.reopen.try_get_value() {
            reopen.now();
        }
    }

    /// [`Room::lost`], read without tracking.
    fn lost_untracked(&self) -> bool {
        let now = now_ms();
        self.path_untracked().is_some_and(|p| p.lost) || self.table.with_untracked(|t| t.quiet(now))
    }

    /// [`Room::path`], read without tracking.
    fn path_untracked(&self) -> Option<PeerPath> {
        let paths = self.paths;
        self.table.with_untracked(|t| {
            t.counterpart()
                .and_then(|peer| paths.with_untracked(|p| p.get(peer).copied()))
        })
    }

    /// The heartbeat (every [`PING_MS`]: pings, the spectator count, a
    /// check that the network module still runs), the indicator's clock and
    /// the look for a connection gone quiet (every [`STEP_MS`]).
    fn heartbeat(self) {
        let ticks = StoredValue::new(0u32);
        let heartbeat = Interval::new(STEP_MS, move || {
            let now = now_ms();
            self.clock.set(now);
            self.rejoin_if_lost();
            self.wait_for_host(now);
            let n = ticks.get_value() + 1;
            ticks.set_value(n);
            if Millis(u64::from(n * STEP_MS)) >= PING_MS {
                ticks.set_value(0);
                self.act(|t| t.tick(now));
                // A network module that stopped inside is noticed here.
                self.link.with_value(|l| {
                    if let Some(l) = l {
                        l.check();
                    }
                });
            }
        });
        StoredValue::new_local(heartbeat);
    }
}

/// The room's steps in the page's log ([`trace`]): what it sends and
/// decides, but the heartbeat, the plies and the chat (the game itself).
fn trace_event(event: &Event) {
    let line = match event {
        Event::Send(_, Message::Ping { .. } | Message::Pong { .. } | Message::Ply { .. })
        | Event::Broadcast(Message::Ping { .. } | Message::Pong { .. } | Message::Ply { .. })
        | Event::Changed
        | Event::Chat { .. } => return,
        Event::Send(peer, message) => format!("room: to {peer}: {}", message_kind(message)),
        Event::Broadcast(message) => format!("room: to all: {}", message_kind(message)),
        other => format!("room: {other:?}"),
    };
    trace(&line);
}

/// A message's kind, as its text names it (`hello`, `welcome`, …).
fn message_kind(message: &Message) -> String {
    fields_text(message)
        .split('\t')
        .find(|field| !field.is_empty())
        .unwrap_or_default()
        .to_owned()
}

/// A message that came, in the page's log: its kind, but the heartbeat's
/// and the plies' (the first field after the version).
fn trace_incoming(peer: &str, text: &str) {
    let kind = text.split('\t').nth(2).unwrap_or("?");
    if !matches!(kind, "ping" | "pong" | "ply") {
        trace(&format!(
            "room: from {peer}: {}",
            kind.chars().take(16).collect::<String>()
        ));
    }
}

/// A link that opens itself again: to a room or to the quick-pairing
/// queue. `Closed` is reported to the handler, then the link is dropped
/// and opened again two seconds later (never inside its own callback).
pub struct Connection;

impl Connection {
    /// Fetches the network module and opens `url` into `link`, reporting to
    /// `on_event` and reopening after a loss; the retry stops with the
    /// current owner, which closes `link` itself.
    pub fn start(
        url: String,
        settings: OnlineSettings,
        state: RwSignal<LinkState>,
        link: StoredValue<Option<Link>, LocalStorage>,
        on_event: impl Fn(LinkEvent) + 'static,
    ) -> Reopen {
        let retry = StoredValue::new_local(None::<Timeout>);
        let handler = StoredValue::new_local(None::<Rc<dyn Fn(LinkEvent)>>);
        let open = move || {
            if let Some(on_event) = handler.try_get_value().flatten() {
                connect(url.clone(), settings.clone(), state, link, on_event);
            }
        };
        let on_event = Rc::new(on_event);
        let reopen = open.clone();
        handler.set_value(Some(Rc::new(move |event: LinkEvent| {
            let closed = matches!(event, LinkEvent::Closed(_));
            on_event(event);
            if closed {
                let open = reopen.clone();
                let again = Timeout::new(2_000, move || {
                    link.set_value(None);
                    open();
                });
                retry.set_value(Some(again));
            }
        })));
        let reopen_now = open.clone();
        open();
        // The retry dies with the screen; the link is closed by the screen
        // that holds it, after saying goodbye through it.
        on_cleanup(move || retry.set_value(None));
        let opener: Rc<dyn Fn()> = Rc::new(move || {
            retry.set_value(None);
            link.set_value(None);
            reopen_now();
        });
        Reopen(StoredValue::new_local(opener))
    }
}

/// Opens a [`Connection`]'s link again at once (its old one closed).
#[derive(Clone, Copy)]
pub struct Reopen(StoredValue<Rc<dyn Fn()>, LocalStorage>);

impl Reopen {
    /// Closes the link and opens it again now (nothing once its screen is
    /// gone).
    pub fn now(self) {
        if let Some(open) = self.0.try_get_value() {
            open();
        }
    }
}

/// Fetches the network module and opens the link to `url`, reporting to
/// `on_event`; a screen that closed meanwhile drops it at once.
fn connect(
    url: String,
    settings: OnlineSettings,
    state: RwSignal<LinkState>,
    link: StoredValue<Option<Link>, LocalStorage>,
    on_event: Rc<dyn Fn(LinkEvent)>,
) {
    spawn_local(async move {
        let Ok(net) = link::load().await else {
            let _ = state.try_set(LinkState::Unavailable);
            return;
        };
        let Some(before) = state.try_get_untracked() else {
            return; // the screen is gone
        };
        if before != LinkState::Unavailable {
            state.set(LinkState::Connecting);
        }
        let opened = Link::open(&net, &settings.endpoint(url), move |event| on_event(event));
        let _ = link.try_set_value(Some(opened));
    });
}
