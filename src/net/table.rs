//! One page's side of an online game: the referee. Every message from a
//! peer comes in through [`Table::receive`], is decoded, rate-limited and
//! checked against the local engine, and turns into [`Event`]s: messages to
//! send, warnings to show, changes to the game. Nothing here knows the
//! network or the page; the page owns the socket and a `Table`.
//!
//! Trust: a peer is identified by the seat it proves, never by its peer id
//! (ids change on every reconnect). The room is its host's public key (the
//! invitation carries it); the guest's key is named by the host's
//! certificate ([`SeatCert`]). A seat is proved by its key's signature over
//! the receiver's own peer id ([`hello_bytes`]), so a proof shown to one
//! peer is worth nothing to another, and anyone with the link — spectators
//! and newcomers too — can check it. Plies are accepted only from a proved
//! seat: by a player only from its opponent, only for the opponent's side,
//! only at the next index, and only when the local engine finds them legal
//! and reaches the same position hash.

mod witness;

use std::collections::BTreeMap;

use super::identity::{
    hello_bytes, join_bytes, link_bytes, message_bytes, PublicKey, Role as SeatRole, SeatCert,
    SeatKey, Signature,
};
use super::limits::{
    Bucket, BURST, CHAT_LINES, CHAT_WINDOW_MS, FORGET_MS, INTRO_MS, MAX_VISITORS, OPPONENT_BURST,
    OPPONENT_RATE, RATE, ROOM_BURST, ROOM_RATE,
};
use super::merge::{merge, peer_record, takeback_point, Merge};
use super::message::{
    decode, encode, fields_text, hash_text, Claim, DecodeError, Message, Offer, Refusal, Seat,
    MAX_CHAT,
};
use super::room::{MoveLink, RoomCode};
use super::text::{clean_name, distinct_name, names_fit, strip_text};
use crate::engine::clock::TimeControl;
use crate::engine::timing::GameClock;
use crate::engine::{Game, GameError, Movetext, Record, Rules, Side, Timing};
use witness::Witness;

/// A peer's id on the signalling server (it changes on every reconnect).
pub type PeerId = String;

/// A heartbeat every this many milliseconds…
pub const PING_MS: f64 = 2_000.0;
/// …and a peer not heard for this long is away.
pub const AWAY_MS: f64 = 6_500.0;

/// A timed game: the time a ply may spend on the way, credited to its
/// mover. A mover's claim of its time is taken up to this much above what
/// the receiving page counted; the other page's flag is claimed only once
/// it has been down this long; a claim against this page's own flag is
/// taken when its own clock is within this much of zero.
pub const LAG_MS: u64 = 500;

/// A visitor that fell behind (its game shorter than a seat's heartbeat
/// says) asks that seat for the game; a seat answers one visitor at most
/// this often.
pub const ASK_MS: f64 = 2_000.0;

/// The records all visitors' asks may bring together: this many at once,
/// then [`ASK_RATE`] a second (each is a whole game, up to 64 KiB).
const ASK_BURST: f64 = 4.0;
const ASK_RATE: f64 = 1.0;

/// A page opened again while the other side was to move cannot know how
/// long that turn has run (the other may have moved meanwhile): it claims
/// that flag only once it has the other's record, or after this long.
pub const REOPEN_WAIT_MS: f64 = 30_000.0;

/// What this page is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A newcomer that has not been welcomed yet.
    Newcomer,
    /// Welcomed with a free seat: it may join or watch.
    Invited(Side),
    /// A player of a side.
    Player(Side),
    /// A spectator.
    Spectator,
}

/// What this page knows of a peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Not introduced yet.
    Unknown,
    /// A newcomer or a spectator.
    Visitor,
    /// The proved opponent.
    Opponent,
    /// A peer that says it plays this side (a spectator's view: it cannot
    /// check proofs, the engine checks the plies).
    Claimed(Side),
}

#[derive(Clone, Debug)]
struct Peer {
    kind: Kind,
    heard: f64,
    /// When it connected (or came back on its connection): a peer still
    /// not introduced [`INTRO_MS`] later is closed.
    met: f64,
    /// This page asked for its connection to be closed.
    closed: bool,
    bucket: Bucket,
    flooding: bool,
    chats: Vec<f64>,
    /// The seat it proved, and the side it plays.
    proved: Option<(SeatRole, Side)>,
    /// The name its proof was made for (a proved seat's).
    proved_name: String,
    /// When this page last sent it the game because it asked (a visitor
    /// that fell behind): at most one record every [`ASK_MS`].
    answered: Option<f64>,
    /// Its hello, kept until the server gives this page its id (a proof is
    /// made for that id).
    early: Option<(String, Claim)>,
    /// Said hello (and was answered): a second hello is no news.
    greeted: bool,
    /// Left (`bye`, or the server said so), at this time: kept a while so
    /// that coming back does not refill its allowance.
    left: Option<f64>,
    /// Speaks another protocol version.
    version: Option<u32>,
}

impl Peer {
    fn new(now: f64) -> Peer {
        Peer {
            kind: Kind::Unknown,
            heard: now,
            met: now,
            closed: false,
            bucket: Bucket::full(BURST, now),
            flooding: false,
            chats: Vec::new(),
            proved: None,
            proved_name: String::new(),
            answered: None,
            early: None,
            greeted: false,
            left: None,
            version: None,
        }
    }
}

/// Why a message was dropped: shown to the player, in their language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The message could not be read.
    Decode(DecodeError),
    /// A peer sent too much too fast.
    Flood,
    /// A ply from someone who does not play.
    NotPlayer,
    /// A ply for the side that is not the sender's, or not its turn.
    WrongSide,
    /// A ply at an index that does not follow.
    BadIndex,
    /// A ply the engine refuses.
    Illegal(GameError),
    /// The position after the ply differs from the sender's.
    HashMismatch,
    /// A seat claimed with a proof that does not hold.
    BadSecret,
    /// A record that does not extend this game with the sender's plies.
    Diverged,
    /// A record that cannot be read or is another game.
    BadRecord,
    /// A mover claimed more time than it had (this page kept its own count).
    Clock,
    /// A win on time claimed while this page's clock still runs.
    EarlyFlag,
    /// A game on the clock sent by link.
    Timed,
    /// The seat was taken by someone else.
    SeatTaken,
    /// The room is full (this page was not let in).
    RoomFull,
}

impl Warning {
    /// A stable token: what translations select on.
    pub const fn token(&self) -> &'static str {
        match self {
            Warning::Decode(e) => e.token(),
            Warning::Flood => "flood",
            Warning::NotPlayer => "not-player",
            Warning::WrongSide => "wrong-side",
            Warning::BadIndex => "bad-index",
            Warning::Illegal(_) => "illegal",
            Warning::HashMismatch => "hash",
            Warning::BadSecret => "bad-secret",
            Warning::Diverged => "diverged",
            Warning::BadRecord => "bad-record",
            Warning::Clock => "clock",
            Warning::EarlyFlag => "early-flag",
            Warning::Timed => "timed",
            Warning::SeatTaken => "seat-taken",
            Warning::RoomFull => "room-full",
        }
    }
}

/// Why a ply of this page's player was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// This page watches.
    NotPlayer,
    /// It is the opponent's turn.
    NotYourTurn,
    /// This page's offer waits for its answer (the position it is about
    /// must not change meanwhile).
    OfferOpen,
    /// This page's time has run out.
    Flagged,
    /// The engine refuses it.
    Engine(GameError),
}

/// The index of a side's entry in `[first, second]` pairs.
pub const fn slot(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// What the page should do after a step of the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Send this to one peer.
    Send(PeerId, Message),
    /// Send this to every connected peer.
    Broadcast(Message),
    /// Tell the player something was dropped.
    Warn(Warning),
    /// The game changed (a ply, a resync, an end, a takeback).
    Changed,
    /// The opponent took the free seat (names are set).
    Seated,
    /// Welcomed: the game is known, and this seat is free (or none).
    Invited(Option<Side>),
    /// A chat line.
    Chat {
        /// Who wrote it.
        name: String,
        /// What.
        text: String,
    },
    /// The opponent offers something (answer with [`Table::answer`]).
    Offered(Offer),
    /// The opponent answered an offer of ours.
    Answered(Offer, bool),
    /// A rematch started: a new game, sides swapped.
    Rematch,
    /// Close this peer's connection: it never introduced itself, or was
    /// refused (a connection is a resource its page must not hold).
    Close(PeerId),
}

/// The opponent as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Nobody has taken the other seat yet.
    Waiting,
    /// Here and answering.
    Connected,
    /// Not heard for a while, or gone.
    Away,
}

/// One page's side of an online game.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game as this page holds it (checked ply by ply).
    pub game: Game,
    /// The players' names, `[first, second]`.
    pub names: [String; 2],
    /// The record's date.
    pub date: String,
    /// What this page is.
    pub role: Role,
    /// This page's name.
    pub name: String,
    /// This page's seat key (a player's).
    pub key: Option<SeatKey>,
    /// The room's host key (the room is its hash).
    pub host: PublicKey,
    /// The host's certificate of the guest, once the second seat is taken.
    pub cert: Option<SeatCert>,
    /// This page's peer id, once the server gave it.
    pub me: Option<PeerId>,
    /// An offer of ours waiting for the answer.
    pub offered: Option<Offer>,
    /// The opponent's offer waiting for ours, with the plies it is about.
    pub pending: Option<(Offer, u32)>,
    /// Spectators watching (a player's count, or the one a player told).
    watchers: u32,
    /// The player whose welcome a newcomer answers (its join goes there).
    welcomer: Option<PeerId>,
    /// A newcomer of quick pairing takes only a new game of these rules.
    pub expect: Option<Rules>,
    /// What everyone but the proved opponent shares.
    room_bucket: Bucket,
    /// The proved opponent's own allowance.
    opponent_bucket: Bucket,
    /// What visitors' asks for the game share.
    asks: Bucket,
    /// The number of this page's last signed message.
    n: u64,
    /// The highest number seen from each seat, `[host, guest]`.
    last: [u64; 2],
    /// A timed game's clocks: both run here, as this page sees the game.
    pub clock: Option<GameClock>,
    /// The room is a tournament's board: its game is the board's result,
    /// so no rematch is offered or accepted here (the opponent's offer is
    /// declined), and the record is never replaced by another game.
    pub tournament_board: bool,
    /// The game's length when the clocks came from a record mid-turn, or
    /// when this page was opened again on the other's turn; and until when
    /// (a player's page) it waits for the other's record before claiming.
    blind_turn: Option<usize>,
    blind_until: f64,
    /// A watching page's: what each seat said beyond what both agree on,
    /// and each side's time by its own word (see [`witness`]).
    witness: Witness,
    peers: BTreeMap<PeerId, Peer>,
}

impl Table {
    /// The room's creator: `game` to play, its side, its name and key (the
    /// room is its public half).
    pub fn host(game: Game, side: Side, name: String, key: SeatKey, date: String) -> Table {
        let mut names = [String::new(), String::new()];
        names[slot(side)] = name.clone();
        let host = key.public();
        Table {
            game,
            names,
            date,
            role: Role::Player(side),
            name,
            key: Some(key),
            ..Table::newcomer(host)
        }
    }

    /// A page that opened the link of `host`'s room and knows nothing yet.
    pub fn newcomer(host: PublicKey) -> Table {
        Table {
            game: Game::new(crate::engine::Rules::kharbga()),
            names: [String::new(), String::new()],
            date: String::new(),
            role: Role::Newcomer,
            name: String::new(),
            key: None,
            host,
            cert: None,
            me: None,
            offered: None,
            pending: None,
            watchers: 0,
            welcomer: None,
            expect: None,
            room_bucket: Bucket::full(ROOM_BURST, 0.0),
            opponent_bucket: Bucket::full(OPPONENT_BURST, 0.0),
            asks: Bucket::full(ASK_BURST, 0.0),
            n: 0,
            last: [0, 0],
            clock: None,
            tournament_board: false,
            blind_turn: None,
            blind_until: 0.0,
            witness: Witness::default(),
            peers: BTreeMap::new(),
        }
    }

    /// A newcomer of quick pairing: it takes only a new game of `rules`
    /// (the peer met in the queue chooses the room, nothing else).
    pub fn paired(host: PublicKey, rules: Rules) -> Table {
        Table {
            expect: Some(rules),
            ..Table::newcomer(host)
        }
    }

    /// A player returning to a saved online game of `host`'s room with its
    /// key and, once the second seat was taken, the host's certificate of
    /// the guest (its key and signature; the name is the record's).
    pub fn resume(
        game: Game,
        side: Side,
        names: [String; 2],
        key: SeatKey,
        host: PublicKey,
        cert: Option<(PublicKey, Signature)>,
        date: String,
    ) -> Table {
        let name = names[slot(side)].clone();
        let hosting = key.public() == host;
        let guest_side = if hosting { side.opponent() } else { side };
        let cert = cert
            .map(|(key, signature)| SeatCert {
                key,
                name: names[slot(guest_side)].clone(),
                signature,
            })
            .filter(|cert| cert.is_from(&host));
        let mut table = Table::host(game, side, name, key, date);
        table.names = names;
        table.host = host;
        table.cert = cert;
        table
    }

    /// A timed game under `control`: the clocks, from the record's time
    /// tags and each side's time when the game was saved (`left`). Once
    /// both seats are taken the side to move's clock runs from `since`: a
    /// page opened again at `now` counts the time it was closed. On the
    /// other's turn it cannot know whether the other moved meanwhile: it
    /// waits for the other's record (at most [`REOPEN_WAIT_MS`]) before
    /// claiming that flag, and holds the other's claims only to what it had.
    pub fn timed(
        mut self,
        control: TimeControl,
        timing: &Timing,
        left: Option<[u64; 2]>,
        since: f64,
        now: f64,
    ) -> Table {
        self.clock = Some(GameClock::resume(control, timing, &self.game, left));
        self.run_clock(since);
        let theirs = self
            .side()
            .is_some_and(|me| me != self.game.position().to_move());
        if since < now && theirs && self.game.outcome().is_none() {
            self.blind_turn = Some(self.game.plies().len());
            self.blind_until = now + REOPEN_WAIT_MS;
        }
        self
    }

    /// This page did not see the turn under way begin.
    fn blind(&self) -> bool {
        self.blind_turn == Some(self.game.plies().len())
    }

    /// True when this page's player may take a claim of its own flag after
    /// `plies` plies although it has played on since: every ply after them
    /// is its own, and it had no more than the allowance left (with the
    /// increment) when it made the first of them — it was on its way as
    /// the flag fell at the other page.
    fn late_plies(&self, plies: usize) -> bool {
        let (Some(me), Some(clock)) = (self.side(), &self.clock) else {
            return false;
        };
        let after = &self.game.plies()[plies.min(self.game.plies().len())..];
        !after.is_empty()
            && after.iter().all(|p| p.side == me)
            && clock
                .timing()
                .left
                .get(plies)
                .is_some_and(|&tag| tag <= LAG_MS + clock.control().increment_ms())
    }

    /// Takes back this page's own late plies (see [`Table::late_plies`])
    /// and ends the game on its time.
    fn lost_in_flight(&mut self, plies: usize, now: f64) -> Vec<Event> {
        while self.game.plies().len() > plies {
            self.game.undo();
        }
        if self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        vec![self.said_to_all(), Event::Changed]
    }

    /// The game is on: both seats are taken (a timed game's clocks run).
    fn begun(&self) -> bool {
        self.cert.is_some()
    }

    /// The clocks brought up to the game (this page's plies, an end, a
    /// takeback): the side to move's runs once the game is on.
    fn run_clock(&mut self, now: f64) {
        if !self.begun() {
            return;
        }
        if let Some(clock) = &mut self.clock {
            clock.follow(&self.game, now as u64);
        }
    }

    /// The welcome's word on a timed game's turn under way: the side to
    /// move's time now, as this page counts it.
    fn running_now(&self, now: f64) -> Option<u64> {
        if !self.begun() || self.game.outcome().is_some() {
            return None;
        }
        let clock = self.clock_at(now)?;
        Some(clock.left(self.game.position().to_move(), now as u64))
    }

    /// The clocks as they stand at `now` (for the page to show): this
    /// page's own actions since the last message (a resignation, a
    /// takeback) already counted.
    pub fn clock_at(&self, now: f64) -> Option<GameClock> {
        let mut clock = self.clock.clone()?;
        if self.begun() {
            clock.follow(&self.game, now as u64);
        }
        Some(clock)
    }

    /// The clocks taken from a record (a spectator's, a newcomer's): its
    /// control and tags, the side to move's clock running from `now`. How
    /// long the turn under way had already run, this page cannot know.
    fn clock_from(&mut self, record: &Record, now: f64) {
        self.clock = record
            .timing
            .control
            .map(|control| GameClock::resume(control, &record.timing, &self.game, None));
        self.blind_turn = Some(self.game.plies().len());
        self.run_clock(now);
    }

    /// The other page's new plies (a ply, a record that extends ours)
    /// timed with what their mover claims, as far as this page's count
    /// allows: a claim of more is a warning.
    fn clock_claimed(&mut self, claims: &[Option<u64>], blind: bool, now: f64) -> Vec<Event> {
        let Some(clock) = &mut self.clock else {
            return Vec::new();
        };
        let lag = (!blind).then_some(LAG_MS);
        let watching = !matches!(self.role, Role::Player(_));
        // (A page that watches only shows the figure: it does not blame a
        // player for what the other seat's count may have cut.)
        if clock.follow_claimed(&self.game, claims, lag, now as u64) && !watching {
            vec![Event::Warn(Warning::Clock)]
        } else {
            Vec::new()
        }
    }

    /// A timed game at `now`: a flag that fell ends the game here and is
    /// said to everyone. This player's own at once; the opponent's once it
    /// has been down [`LAG_MS`] (its last ply may be on the way). A
    /// spectator waits for a player's word, and takes it once its own
    /// count proves it (or the other seat agrees).
    pub fn check_flag(&mut self, now: f64) -> Vec<Event> {
        // (An end or a takeback of this page's own stops or moves the clocks.)
        self.run_clock(now);
        if self.watching() {
            return self.witnessed_flag(now);
        }
        let (Some(clock), Some(me)) = (&self.clock, self.side()) else {
            return Vec::new();
        };
        if self.game.outcome().is_some() || !self.begun() {
            return Vec::new();
        }
        let to_move = self.game.position().to_move();
        let at = now as u64;
        let fallen = if to_move == me {
            clock.flagged(at)
        } else if self.blind() && now < self.blind_until {
            None
        } else {
            clock.flagged_for(LAG_MS, at)
        };
        if fallen != Some(to_move) || self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        vec![
            Event::Broadcast(Message::Flag {
                side: to_move.into(),
                plies: self.game.plies().len() as u32,
            }),
            self.said_to_all(),
            Event::Changed,
        ]
    }

    /// A seat says `side`'s time ran out after `plies` plies: taken when
    /// this page's own clock agrees (within [`LAG_MS`]). A watching page
    /// takes it when its own count of that side's time (by that side's own
    /// word) proves it, or once the other seat says so too.
    fn flag(&mut self, peer: &str, side: Side, plies: u32, now: f64) -> Vec<Event> {
        if self.mover_side(peer).is_none() {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        let Some(clock) = &self.clock else {
            return Vec::new();
        };
        if self.watching() {
            let fits = self.game.outcome().is_none()
                && plies as usize == self.game.plies().len()
                && self.game.position().to_move() == side;
            let Some(role) = self.seat_role(peer).filter(|_| fits) else {
                return Vec::new();
            };
            let mut events = self.heard_end(role, |g| g.time_out().is_ok(), now);
            events.extend(self.witnessed_flag(now));
            return events;
        }
        let plies = plies as usize;
        if self.side() == Some(side) && self.game.outcome().is_none() && self.late_plies(plies) {
            // Our plies crossed the claim: they were too late.
            return self.lost_in_flight(plies, now);
        }
        if self.game.outcome().is_some()
            || plies != self.game.plies().len()
            || self.game.position().to_move() != side
        {
            // Stale (the game moved or ended meanwhile): records settle it.
            return Vec::new();
        }
        if clock.left(side, now as u64) > LAG_MS || self.game.time_out().is_err() {
            return vec![Event::Warn(Warning::EarlyFlag)];
        }
        self.run_clock(now);
        // The pages that watch hear it from this seat too.
        vec![self.said_to_all(), Event::Changed]
    }

    /// This player's game, to everyone: after it took an end from the
    /// opponent (a resignation, a flag, a record that ends), so that the
    /// pages that watch hear both seats say it.
    fn said_to_all(&self) -> Event {
        Event::Broadcast(Message::Sync {
            record: self.record(),
        })
    }

    /// The seat `peer` proved on its connection.
    fn seat_role(&self, peer: &str) -> Option<SeatRole> {
        self.peers
            .get(peer)
            .and_then(|p| p.proved)
            .map(|(role, _)| role)
    }

    /// The room's code on the signalling server (a hash of the host key).
    pub fn room(&self) -> RoomCode {
        self.host.room()
    }

    /// This page made the room: it alone gives the free seat (a page that
    /// joined never does, even before its certificate arrives).
    pub fn hosting(&self) -> bool {
        self.key.as_ref().is_some_and(|k| k.public() == self.host)
    }

    /// This page's side, when it plays.
    pub fn side(&self) -> Option<Side> {
        match self.role {
            Role::Player(side) => Some(side),
            _ => None,
        }
    }

    /// The seat a newcomer may take (only the room's maker gives it).
    pub fn open_seat(&self) -> Option<Side> {
        match self.role {
            Role::Player(side) if self.hosting() && self.cert.is_none() => Some(side.opponent()),
            _ => None,
        }
    }

    /// Another protocol version spoken by a peer still here, if any.
    pub fn other_version(&self) -> Option<u32> {
        self.peers
            .values()
            .filter(|p| p.left.is_none())
            .find_map(|p| p.version)
    }

    /// The game's record, as messages carry it (a timed game's with its
    /// control and time tags).
    pub fn record(&self) -> String {
        let timing = self
            .clock
            .as_ref()
            .map(GameClock::timing)
            .unwrap_or_default();
        Record::write_timed(
            &self.game,
            &self.names[0],
            &self.names[1],
            &self.date,
            &[],
            &timing,
            &mut Movetext::default(),
        )
    }

    /// Spectators watching.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// The opponent's presence at `now`.
    pub fn presence(&self, now: f64) -> Presence {
        if self.side().is_some() && self.cert.is_none() {
            return Presence::Waiting;
        }
        let here = self.peers.values().any(|p| {
            p.left.is_none()
                && matches!(p.kind, Kind::Opponent | Kind::Claimed(_))
                && now - p.heard < AWAY_MS
        });
        if here {
            Presence::Connected
        } else {
            Presence::Away
        }
    }

    /// The connection was lost: every peer is gone (ids change on reconnect).
    pub fn forget_peers(&mut self) {
        self.peers.clear();
        self.me = None;
    }

    /// The server gave this page its id: hellos that came before it (their
    /// proofs are made for it) are read now.
    pub fn set_id(&mut self, id: PeerId, now: f64) -> Vec<Event> {
        self.me = Some(id);
        let early: Vec<(PeerId, (String, Claim))> = self
            .peers
            .iter_mut()
            .filter_map(|(peer, p)| Some((peer.clone(), p.early.take()?)))
            .collect();
        let mut events = Vec::new();
        for (peer, (name, claim)) in early {
            if let Some(p) = self.peers.get_mut(&peer) {
                p.greeted = false;
            }
            events.extend(self.hello(&peer, name, Some(claim), now));
        }
        events
    }

    /// This page's proof of its seat for the peer `to`, if it holds one it
    /// can prove (a guest needs the host's certificate).
    fn claim_for(&self, to: &str) -> Option<Claim> {
        let Role::Player(side) = self.role else {
            return None;
        };
        let key = self.key.as_ref()?;
        let (role, cert) = if self.hosting() {
            (SeatRole::Host, None)
        } else {
            let cert = self.cert.as_ref().filter(|c| c.key == key.public())?;
            (SeatRole::Guest, Some((cert.key, cert.signature)))
        };
        let seat = Seat::from(side);
        let signature = key.sign(&hello_bytes(
            &self.room(),
            role,
            seat.token(),
            &self.name,
            self.n,
            to,
        ));
        Some(Claim {
            role,
            side: seat,
            n: self.n,
            cert,
            signature,
        })
    }

    /// The seat, side and key a peer's claim proves to this page, if it
    /// holds.
    fn check_claim(&self, claim: &Claim, name: &str) -> Option<(SeatRole, Side, PublicKey)> {
        let me = self.me.as_deref()?;
        let key = match claim.role {
            SeatRole::Host => self.host,
            SeatRole::Guest => {
                let (key, signature) = claim.cert?;
                let cert = SeatCert {
                    key,
                    name: name.to_owned(),
                    signature,
                };
                if !cert.is_from(&self.host) {
                    return None;
                }
                key
            }
        };
        let bytes = hello_bytes(
            &self.room(),
            claim.role,
            claim.side.token(),
            name,
            claim.n,
            me,
        );
        key.verifies(&bytes, &claim.signature)
            .then_some((claim.role, claim.side.into(), key))
    }

    /// A peer connected: introduce ourselves. A peer that comes back
    /// under the same id keeps what it had used of its allowance. A peer
    /// already here (its first message came before the news of its
    /// connection, and was answered) is no news.
    pub fn connected(&mut self, peer: PeerId, now: f64) -> Vec<Event> {
        match self.peers.get_mut(&peer) {
            Some(p) if p.left.is_none() => return Vec::new(),
            Some(p) => {
                p.left = None;
                p.greeted = false;
                p.kind = Kind::Unknown;
                p.met = now;
                p.closed = false;
            }
            None => {
                self.peers.insert(peer.clone(), Peer::new(now));
            }
        }
        let claim = self.claim_for(&peer);
        vec![Event::Send(
            peer,
            Message::Hello {
                app: env!("CARGO_PKG_VERSION").to_owned(),
                name: self.name.clone(),
                claim,
            },
        )]
    }

    /// A peer left (or the server says it is gone). It is remembered a
    /// while, its allowance with it, as someone who left.
    pub fn disconnected(&mut self, peer: &str, now: f64) -> Vec<Event> {
        let Some(p) = self.peers.get_mut(peer) else {
            return Vec::new();
        };
        if p.left.is_some() {
            return Vec::new();
        }
        p.left = Some(now);
        let was = p.kind;
        p.kind = Kind::Unknown;
        if was == Kind::Opponent {
            // Offers die with the opponent's page (it starts afresh).
            self.offered = None;
            self.pending = None;
        }
        if was == Kind::Visitor {
            self.count_watchers();
        }
        vec![Event::Changed]
    }

    /// The heartbeat: a ping to every peer (with this game's length, so
    /// that a ply lost in a reconnection is caught up), the spectator count
    /// if it changed since it was last told, peers long gone forgotten, and
    /// peers that never introduced themselves (or were refused), or that
    /// said goodbye and stayed, closed.
    pub fn tick(&mut self, now: f64) -> Vec<Event> {
        self.peers
            .retain(|_, p| p.left.is_none_or(|left| now - left < FORGET_MS));
        let mut events = vec![Event::Broadcast(Message::Ping {
            at: now as u64,
            plies: Some(self.game.plies().len() as u32),
        })];
        // An honest page says hello the moment it connects. A connection
        // that stays silent, or whose hello was refused, holds a connection
        // of this page for nothing: it is closed, and remembered as a peer
        // that left (its allowance with it). A page of another protocol
        // version is kept while the room has room for it, so that the
        // notice about it stays.
        // A peer that said goodbye and did not come back on its connection
        // within the same time is closed too (an honest page closes it
        // itself; asking again for a connection already gone does nothing).
        let room = self.visitors() < MAX_VISITORS;
        for (id, p) in &mut self.peers {
            let silent = p.left.is_none()
                && p.kind == Kind::Unknown
                && !(room && p.version.is_some())
                && now - p.met >= INTRO_MS;
            let gone = p.left.is_some_and(|left| now - left >= INTRO_MS);
            if silent {
                p.left = Some(now);
            }
            if (silent || gone) && !p.closed {
                p.closed = true;
                events.push(Event::Close(id.clone()));
            }
        }
        events.extend(self.count_watchers());
        events
    }

    /// Peers here that introduced themselves and are not the proved
    /// opponent (a connection that never said hello is no visitor: it is
    /// closed at the heartbeat after [`INTRO_MS`]), and pages of another
    /// protocol version, which are kept.
    fn visitors(&self) -> usize {
        self.peers
            .values()
            .filter(|p| {
                p.left.is_none()
                    && (matches!(p.kind, Kind::Visitor | Kind::Claimed(_))
                        || (p.kind == Kind::Unknown && p.version.is_some()))
            })
            .count()
    }

    /// A message from `peer`, as received.
    pub fn receive(&mut self, peer: &str, text: &str, now: f64) -> Vec<Event> {
        match self.peers.get_mut(peer) {
            None => {
                // Matchbox reports a peer before its first message; a
                // message from a peer not known registers it.
                let mut events = self.connected(peer.to_owned(), now);
                events.extend(self.receive(peer, text, now));
                return events;
            }
            Some(p) if p.left.is_some() => {
                // It said goodbye and speaks again on the same connection:
                // it is back, with the allowance it had (and no new hello
                // from us: it had ours).
                p.left = None;
                p.greeted = false;
                p.met = now;
                p.closed = false;
            }
            Some(_) => {}
        }
        if !self.allowed(peer, now) {
            return self.flooding(peer);
        }
        if let Some(p) = self.peers.get_mut(peer) {
            if p.bucket.tokens >= BURST / 2.0 {
                p.flooding = false;
            }
        }
        let message = match decode(text) {
            Ok(message) => message,
            Err(DecodeError::Version(v)) => {
                // Shown while that peer is here, not for good.
                if let Some(p) = self.peers.get_mut(peer) {
                    p.version = Some(v);
                }
                return vec![Event::Changed];
            }
            Err(e) => return vec![Event::Warn(Warning::Decode(e))],
        };
        let events = self.handle(peer, message, now);
        // A seat taken, an end, a takeback, a rematch: the clocks follow.
        self.run_clock(now);
        events
    }

    /// Takes one message from `peer`'s allowance: the proved opponent has
    /// its own; everyone else has one each and, together but for the peers
    /// a spectator follows, the room's.
    fn allowed(&mut self, peer: &str, now: f64) -> bool {
        let Some(p) = self.peers.get_mut(peer) else {
            return false;
        };
        p.heard = now;
        match p.kind {
            Kind::Opponent => self
                .opponent_bucket
                .take(OPPONENT_BURST, OPPONENT_RATE, now),
            Kind::Claimed(_) => p.bucket.take(BURST, RATE, now),
            Kind::Unknown | Kind::Visitor => {
                p.bucket.take(BURST, RATE, now) && self.room_bucket.take(ROOM_BURST, ROOM_RATE, now)
            }
        }
    }

    /// A flood is dropped with one warning per peer.
    fn flooding(&mut self, peer: &str) -> Vec<Event> {
        let Some(p) = self.peers.get_mut(peer) else {
            return Vec::new();
        };
        let first = !p.flooding;
        p.flooding = true;
        if first {
            vec![Event::Warn(Warning::Flood)]
        } else {
            Vec::new()
        }
    }

    fn kind(&self, peer: &str) -> Kind {
        self.peers.get(peer).map_or(Kind::Unknown, |p| p.kind)
    }

    fn set_kind(&mut self, peer: &str, kind: Kind) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.kind = kind;
        }
    }

    fn welcome(&self, peer: &str, now: f64) -> Event {
        Event::Send(
            peer.to_owned(),
            Message::Welcome {
                record: self.record(),
                open: self.open_seat().map(Seat::from),
                running: self.running_now(now),
            },
        )
    }

    /// Counts the spectators this page sees (every page is connected to
    /// every other: a spectator counts the other visitors and itself). Nobody
    /// is told: a count from a peer is never believed, and arrivals cause no
    /// broadcast.
    fn count_watchers(&mut self) -> Vec<Event> {
        let others = self
            .peers
            .values()
            .filter(|p| p.left.is_none() && p.kind == Kind::Visitor)
            .count() as u32;
        let count = match self.role {
            Role::Player(_) => others,
            Role::Spectator => others + 1,
            Role::Newcomer | Role::Invited(_) => 0,
        };
        if count == self.watchers {
            return Vec::new();
        }
        self.watchers = count;
        vec![Event::Changed]
    }

    /// A seat's signed message: taken when it comes from the peer that
    /// proved that seat on this connection, bears that seat's signature,
    /// and has a number above every one seen from that seat (a message
    /// replayed, by a signalling server in the middle say, is not).
    fn signed(
        &mut self,
        peer: &str,
        role: SeatRole,
        n: u64,
        signature: &Signature,
        body: Message,
        now: f64,
    ) -> Vec<Event> {
        let proved = self
            .peers
            .get(peer)
            .and_then(|p| p.proved)
            .is_some_and(|(r, _)| r == role);
        let key = match role {
            SeatRole::Host => Some(self.host),
            SeatRole::Guest => self.cert.as_ref().map(|c| c.key),
        };
        let bytes = message_bytes(&self.room(), role, n, &fields_text(&body));
        if !proved || !key.is_some_and(|k| k.verifies(&bytes, signature)) {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        let last = &mut self.last[seat_slot(role)];
        if n <= *last {
            // Seen, or older than what was seen: no news.
            return Vec::new();
        }
        *last = n;
        self.handle_body(peer, body, now)
    }

    fn handle(&mut self, peer: &str, message: Message, now: f64) -> Vec<Event> {
        match message {
            Message::Signed {
                role,
                n,
                signature,
                body,
            } => self.signed(peer, role, n, &signature, *body, now),
            // What a player signs is taken signed only.
            unsigned if unsigned.is_signed_kind() => vec![Event::Warn(Warning::NotPlayer)],
            message => self.handle_body(peer, message, now),
        }
    }

    fn handle_body(&mut self, peer: &str, message: Message, now: f64) -> Vec<Event> {
        match message {
            // (A signed message's body is never itself signed.)
            Message::Signed { .. } => vec![Event::Warn(Warning::NotPlayer)],
            Message::Hello { name, claim, .. } => self.hello(peer, name, claim, now),
            Message::Welcome {
                record,
                open,
                running,
            } => self.welcomed(peer, &record, open, running, now),
            Message::Join { name, key, proof } => self.joined(peer, name, key, &proof),
            Message::Seated {
                side,
                key,
                name,
                signature,
            } => self.seated(
                side.into(),
                SeatCert {
                    key,
                    name,
                    signature,
                },
                now,
            ),
            Message::Ply {
                index,
                ply,
                hash,
                left,
            } => self.ply(peer, index, &ply, &hash, left, now),
            Message::Flag { side, plies } => self.flag(peer, side.into(), plies, now),
            Message::Sync { record } => self.sync(peer, &record, now),
            Message::Resign => match (self.mover_side(peer), self.seat_role(peer)) {
                // A watching page holds a seat's resignation until the
                // other seat says it too.
                (Some(side), Some(role)) if self.watching() => {
                    self.heard_end(role, |g| g.resign(side).is_ok(), now)
                }
                (Some(side), _) if self.game.outcome().is_none() => {
                    let _ = self.game.resign(side);
                    vec![self.said_to_all(), Event::Changed]
                }
                (Some(_), _) => Vec::new(),
                (None, _) => vec![Event::Warn(Warning::NotPlayer)],
            },
            Message::Offer { offer, plies } => {
                if self.side().is_none() {
                    return Vec::new(); // offers are between the players
                }
                if self.kind(peer) != Kind::Opponent {
                    return vec![Event::Warn(Warning::NotPlayer)];
                }
                if self.offer_fits(offer, plies) {
                    self.pending = Some((offer, plies));
                    vec![Event::Offered(offer)]
                } else {
                    vec![Event::Send(
                        peer.to_owned(),
                        Message::Answer {
                            offer,
                            accept: false,
                        },
                    )]
                }
            }
            Message::Answer { offer, accept } => {
                if self.side().is_none() {
                    // A spectator follows with the players' records.
                    return Vec::new();
                }
                if self.kind(peer) != Kind::Opponent || self.offered != Some(offer) {
                    return Vec::new();
                }
                self.offered = None;
                let mut events = vec![Event::Answered(offer, accept)];
                if accept {
                    let side = self.side().unwrap_or(Side::First);
                    events.extend(self.settle(offer, side));
                }
                events
            }
            Message::Chat { text } => {
                let Some(p) = self.peers.get_mut(peer) else {
                    return Vec::new();
                };
                p.chats.retain(|t| now - t < CHAT_WINDOW_MS);
                if p.chats.len() >= CHAT_LINES {
                    return vec![Event::Warn(Warning::Flood)];
                }
                p.chats.push(now);
                let name = match p.kind {
                    Kind::Opponent => self
                        .side()
                        .map(|s| self.names[slot(s.opponent())].clone())
                        .unwrap_or_default(),
                    Kind::Claimed(side) => self.names[slot(side)].clone(),
                    _ => return vec![Event::Warn(Warning::NotPlayer)],
                };
                vec![Event::Chat { name, text }]
            }
            // Each page counts the spectators it sees itself (older pages
            // still send their count: it is not believed).
            Message::Watchers { .. } => Vec::new(),
            Message::Ping { at, plies } => {
                let mut events = vec![Event::Send(peer.to_owned(), Message::Pong { at })];
                // The opponent's game is not as long as ours (a ply sent
                // while it reconnected), or longer: our record settles it.
                // A watching page whose game is shorter than a seat's
                // (a ply it missed, a flood that drowned it) asks that seat
                // for the game by sending its own.
                let length = self.game.plies().len();
                let differs = plies.is_some_and(|n| n as usize != length);
                let ahead = plies.is_some_and(|n| n as usize > length);
                let seat = matches!(self.kind(peer), Kind::Claimed(_));
                if self.kind(peer) == Kind::Opponent && differs {
                    events.push(self.sync_to(peer));
                } else if seat && ahead && self.watching() {
                    events.push(Event::Send(peer.to_owned(), Message::Ask));
                }
                events
            }
            Message::Ask => self.asked(peer, now),
            // Pairing messages belong to the queue, not to a room.
            Message::Pong { .. } | Message::Pair { .. } => Vec::new(),
            Message::Bye => self.disconnected(peer, now),
            Message::Refused { why } => match why {
                Refusal::SeatTaken => {
                    // Only the player this page asked for the seat can refuse
                    // it (or the proved host, to a page opened again that
                    // asked before it closed).
                    let asked = self.welcomer.as_deref() == Some(peer)
                        || self.seat_role(peer) == Some(SeatRole::Host);
                    if !asked
                        || !matches!(self.role, Role::Player(_))
                        || self.hosting()
                        || self.cert.is_some()
                    {
                        return Vec::new();
                    }
                    self.lost_the_seat();
                    vec![Event::Warn(Warning::SeatTaken), Event::Changed]
                }
                Refusal::BadSecret => vec![Event::Warn(Warning::BadSecret)],
                Refusal::RoomFull => {
                    // Only a newcomer waits to be let in.
                    if self.role == Role::Newcomer && matches!(self.kind(peer), Kind::Claimed(_)) {
                        vec![Event::Warn(Warning::RoomFull)]
                    } else {
                        Vec::new()
                    }
                }
            },
        }
    }

    fn hello(&mut self, peer: &str, name: String, claim: Option<Claim>, now: f64) -> Vec<Event> {
        let mut events = Vec::new();
        if self.me.is_none() {
            // A proof is made for this page's id: read it once it is known.
            if let (Some(claim), Some(p)) = (claim.clone(), self.peers.get_mut(peer)) {
                p.early = Some((name, claim));
                return events;
            }
        }
        let proved = claim.as_ref().and_then(|c| self.check_claim(c, &name));
        let Some(p) = self.peers.get_mut(peer) else {
            return events;
        };
        if p.greeted {
            // One hello per connection: a second one is no news (and gets
            // no second welcome), but for the one that proves a seat newly
            // taken (a guest just seated says who it is now).
            if p.proved.is_some() || proved.is_none() {
                return events;
            }
            p.greeted = false;
        }
        p.greeted = true;
        p.proved = proved.map(|(role, side, _)| (role, side));
        if proved.is_some() {
            p.proved_name.clone_from(&name);
        }
        if let (Some((role, _, _)), Some(claim)) = (proved, &claim) {
            // What the seat signed before this hello is no news here (a
            // page opened afresh takes no replay of it).
            let last = &mut self.last[seat_slot(role)];
            *last = (*last).max(claim.n);
        }
        // (This peer is not counted yet: it has just introduced itself.) A
        // newcomer while the seat is free may be the invited friend, whom
        // no crowd of visitors keeps out; a seat's owner proves itself and
        // is never refused.
        let full = self.visitors() >= MAX_VISITORS && self.open_seat().is_none();
        let forged = claim.is_some() && proved.is_none();
        match (self.role, proved) {
            (Role::Player(me), Some((role, side, key)))
                if self.is_opponent(me, role, side, key) =>
            {
                self.set_kind(peer, Kind::Opponent);
                // The opponent's page starts afresh: offers in flight lapse.
                self.offered = None;
                self.pending = None;
                if !name.trim().is_empty() {
                    self.names[slot(me.opponent())] = name;
                }
                // Whoever is behind catches up.
                events.push(Event::Send(
                    peer.to_owned(),
                    Message::Sync {
                        record: self.record(),
                    },
                ));
                // A guest that joined but never got its certificate (its
                // page closed in between) asks the host for it again.
                if let (SeatRole::Host, None, Some(key), Some(me)) =
                    (role, &self.cert, &self.key, &self.me)
                {
                    let public = key.public();
                    let proof = key.sign(&join_bytes(&self.room(), &public, &self.name, me, peer));
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Join {
                            name: self.name.clone(),
                            key: public,
                            proof,
                        },
                    ));
                }
                events.push(Event::Changed);
            }
            (Role::Player(_), _) => {
                // A forged proof is said so; a seat this page cannot place
                // (a second page of its own player, a game begun by link
                // whose guest was never seated) watches, without a warning.
                if forged {
                    events.push(Event::Warn(Warning::BadSecret));
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Refused {
                            why: Refusal::BadSecret,
                        },
                    ));
                }
                if full {
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Refused {
                            why: Refusal::RoomFull,
                        },
                    ));
                } else {
                    self.set_kind(peer, Kind::Visitor);
                    events.push(self.welcome(peer, now));
                    events.extend(self.count_watchers());
                }
            }
            (_, Some((role, claimed, _))) => {
                // A spectator or a newcomer follows proved seats only. The
                // host's proof says which side it plays; the guest plays
                // the other, whatever side its own hello names (its
                // certificate names its key, not a side).
                if role == SeatRole::Host
                    && self.witness.host_side.is_some_and(|known| known != claimed)
                {
                    // The host plays the side it proved first (a rematch,
                    // agreed by both seats, is what swaps it): another
                    // connection naming the other side proves nothing.
                    if let Some(p) = self.peers.get_mut(peer) {
                        p.proved = None;
                    }
                    self.set_kind(peer, Kind::Visitor);
                    events.push(Event::Warn(Warning::BadSecret));
                    return events;
                }
                let side = match role {
                    SeatRole::Host => {
                        self.witness.host_side = Some(claimed);
                        for p in self.peers.values_mut() {
                            if let Some((SeatRole::Guest, guest)) = &mut p.proved {
                                *guest = claimed.opponent();
                                p.kind = Kind::Claimed(claimed.opponent());
                            }
                        }
                        claimed
                    }
                    SeatRole::Guest => self.witness.host_side.map_or(claimed, Side::opponent),
                };
                if let Some(p) = self.peers.get_mut(peer) {
                    p.proved = Some((role, side));
                }
                self.set_kind(peer, Kind::Claimed(side));
                if role == SeatRole::Guest && self.cert.is_none() {
                    if let Some((key, signature)) = claim.and_then(|c| c.cert) {
                        self.cert = Some(SeatCert {
                            key,
                            name: name.clone(),
                            signature,
                        });
                    }
                }
                if self.role != Role::Newcomer && !name.trim().is_empty() {
                    self.names[slot(side)] = name;
                }
                events.push(Event::Changed);
            }
            (_, None) => {
                if forged {
                    events.push(Event::Warn(Warning::BadSecret));
                }
                self.set_kind(peer, Kind::Visitor);
                events.extend(self.count_watchers());
            }
        }
        events
    }

    /// True when a seat proved as `role`, playing `side`, with `key`, is
    /// this player's opponent: the other seat and the other side, and for a
    /// guest the one this page knows (the host seated one guest).
    fn is_opponent(&self, me: Side, role: SeatRole, side: Side, key: PublicKey) -> bool {
        if side == me || self.hosting() == (role == SeatRole::Host) {
            return false;
        }
        match role {
            SeatRole::Host => true,
            SeatRole::Guest => self.cert.as_ref().is_some_and(|c| c.key == key),
        }
    }

    fn welcomed(
        &mut self,
        peer: &str,
        record: &str,
        open: Option<Seat>,
        running: Option<u64>,
        now: f64,
    ) -> Vec<Event> {
        let Some((role, side)) = self.peers.get(peer).and_then(|p| p.proved) else {
            return match self.role {
                Role::Player(_) => Vec::new(),
                _ => vec![Event::Warn(Warning::NotPlayer)],
            };
        };
        match self.role {
            Role::Newcomer => {
                let Some(record) = peer_record(record) else {
                    return vec![Event::Warn(Warning::BadRecord)];
                };
                if role == SeatRole::Guest {
                    // A newcomer believes the game from the host's proof
                    // only: the guest's welcome is the guest's word, kept
                    // for when the host's comes.
                    self.witness.said[seat_slot(role)] = Some(record);
                    return Vec::new();
                }
                // The names are the proofs': the host's on its side, and
                // once the second seat is taken, the certificate's.
                let proved_name = self
                    .peers
                    .get(peer)
                    .map(|p| p.proved_name.clone())
                    .unwrap_or_default();
                let names = [&record.first, &record.second];
                let guest_name = self.cert.as_ref().map(|c| &c.name);
                if *names[slot(side)] != proved_name
                    || guest_name.is_some_and(|n| names[slot(side.opponent())] != n)
                {
                    return vec![Event::Warn(Warning::BadRecord)];
                }
                if let Some(rules) = self.expect {
                    // Quick pairing: a new game of the queue's rules, or nothing.
                    let fresh = Game::new(rules);
                    if record.game.rules() != &rules
                        || record.game.start() != fresh.start()
                        || !record.game.plies().is_empty()
                        || record.game.outcome().is_some()
                        || open.is_none()
                    {
                        return vec![Event::Warn(Warning::BadRecord)];
                    }
                }
                self.names = [record.first.clone(), record.second.clone()];
                self.date = record.date.clone();
                // An end the players decided (a resignation, an agreed
                // draw, a flag) is the host's word until the guest's page
                // says it too.
                let mut game = record.game.clone();
                if game.is_decided() {
                    game.undo();
                }
                self.game = game;
                self.clock_from(&record, now);
                if let (Some(running), Some(clock)) = (running, &mut self.clock) {
                    // The host's count of the turn under way.
                    clock.hold_to(self.game.position().to_move(), running, now as u64);
                    self.blind_turn = None;
                }
                self.witness_welcome(&record, side, running, now);
                if record.game != self.game {
                    self.witness.said[seat_slot(role)] = Some(record);
                }
                self.welcomer = Some(peer.to_owned());
                let open = open.map(Side::from).filter(|_| self.cert.is_none());
                self.role = match open {
                    Some(side) => Role::Invited(side),
                    None => Role::Spectator,
                };
                self.count_watchers();
                let mut events = vec![Event::Invited(open)];
                // The guest's word, heard before the host's.
                events.extend(self.settle_words(now));
                events.push(Event::Changed);
                events
            }
            Role::Spectator | Role::Invited(_) => match peer_record(record) {
                Some(record) => self.heard_word(role, record, now),
                None => vec![Event::Warn(Warning::BadRecord)],
            },
            Role::Player(_) => Vec::new(),
        }
    }

    /// This page takes the seat it was invited to, under `name`, with the
    /// key its browser made: the host's certificate of it follows.
    pub fn join(&mut self, name: String, key: SeatKey) -> Vec<Event> {
        let Role::Invited(side) = self.role else {
            return Vec::new();
        };
        // The host (who welcomed this page) becomes the opponent. Gone
        // meanwhile: this page stays invited.
        let Some(welcomer) = self.welcomer.clone().filter(|w| {
            self.peers
                .get(w)
                .is_some_and(|p| p.left.is_none() && matches!(p.proved, Some((SeatRole::Host, _))))
        }) else {
            return Vec::new();
        };
        let Some(me) = self.me.clone() else {
            return Vec::new();
        };
        // The name as every page will read it (the proof is over it).
        let name = clean_name(&name);
        if name.is_empty() {
            return Vec::new();
        }
        self.role = Role::Player(side);
        self.names[slot(side)] = name.clone();
        self.name = name.clone();
        let public = key.public();
        let proof = key.sign(&join_bytes(&self.room(), &public, &name, &me, &welcomer));
        self.key = Some(key);
        self.set_kind(&welcomer, Kind::Opponent);
        vec![
            Event::Send(
                welcomer,
                Message::Join {
                    name,
                    key: public,
                    proof,
                },
            ),
            Event::Changed,
        ]
    }

    /// A newcomer asks for the free seat (or the seated guest, back on a
    /// new connection, for its certificate again): taken only with the
    /// key's proof for this very connection (a stranger who knows the
    /// guest's public key cannot bind that seat to its own connection).
    fn joined(
        &mut self,
        peer: &str,
        name: String,
        key: PublicKey,
        proof: &Signature,
    ) -> Vec<Event> {
        let Role::Player(me) = self.role else {
            return Vec::new();
        };
        let proved = self.me.as_deref().is_some_and(|to| {
            key.verifies(&join_bytes(&self.room(), &key, &name, peer, to), proof)
        });
        if !proved {
            return vec![
                Event::Warn(Warning::BadSecret),
                Event::Send(
                    peer.to_owned(),
                    Message::Refused {
                        why: Refusal::BadSecret,
                    },
                ),
            ];
        }
        // The seat goes to a welcomed newcomer, before any ply (a game begun
        // by link keeps its seat for the player the links go to).
        let again = self.cert.as_ref().is_some_and(|c| c.key == key);
        let free =
            self.cert.is_none() && self.game.plies().is_empty() && self.kind(peer) == Kind::Visitor;
        let Some(host) = self
            .key
            .clone()
            .filter(|_| self.hosting() && (again || free))
        else {
            return vec![Event::Send(
                peer.to_owned(),
                Message::Refused {
                    why: Refusal::SeatTaken,
                },
            )];
        };
        let cert = match &self.cert {
            Some(cert) if again => cert.clone(),
            // Two names that look the same to a person are told apart.
            _ => SeatCert::issue(&host, key, distinct_name(&self.name, &name)),
        };
        self.names[slot(me.opponent())] = cert.name.clone();
        self.cert = Some(cert.clone());
        self.set_kind(peer, Kind::Opponent);
        // Its seat is the one this page certified, on this connection.
        if let Some(p) = self.peers.get_mut(peer) {
            p.proved = Some((SeatRole::Guest, me.opponent()));
            p.proved_name.clone_from(&cert.name);
        }
        let seated = Message::Seated {
            side: me.opponent().into(),
            key: cert.key,
            name: cert.name,
            signature: cert.signature,
        };
        if again {
            // Its certificate again, to it alone: everyone else has it.
            return vec![Event::Send(peer.to_owned(), seated), Event::Changed];
        }
        let mut events = vec![Event::Broadcast(seated), Event::Seated, Event::Changed];
        events.extend(self.count_watchers());
        events
    }

    /// The host's certificate of the guest, from anyone (it proves itself):
    /// the joining guest learns its seat is taken (or someone else's),
    /// spectators and newcomers who holds the second seat, under which name.
    fn seated(&mut self, side: Side, cert: SeatCert, now: f64) -> Vec<Event> {
        if !cert.is_from(&self.host) {
            return vec![Event::Warn(Warning::BadSecret)];
        }
        if self.cert.is_some() || self.hosting() {
            // A seat is given once; a certificate seen before is no news.
            return Vec::new();
        }
        // The side is not signed: the guest plays the side the host does
        // not, as the host's proof said.
        let side = self.witness.host_side.map_or(side, Side::opponent);
        let mine = self.key.as_ref().is_some_and(|k| k.public() == cert.key);
        self.names[slot(side)] = cert.name.clone();
        if mine {
            // The host may have told this name apart from its own.
            self.name = cert.name.clone();
        }
        self.cert = Some(cert);
        match self.role {
            Role::Player(_) if mine => {
                // Now this page can prove its seat: it says so to everyone.
                let mut events: Vec<Event> = self
                    .peers
                    .iter()
                    .filter(|(_, p)| p.left.is_none())
                    .map(|(peer, _)| peer.clone())
                    .collect::<Vec<_>>()
                    .into_iter()
                    .map(|peer| {
                        let claim = self.claim_for(&peer);
                        Event::Send(
                            peer,
                            Message::Hello {
                                app: env!("CARGO_PKG_VERSION").to_owned(),
                                name: self.name.clone(),
                                claim,
                            },
                        )
                    })
                    .collect();
                events.extend([Event::Seated, Event::Changed]);
                events
            }
            Role::Player(_) => {
                // Someone else took the seat this page asked for: it
                // watches, and follows the seats it proved again.
                self.lost_the_seat();
                vec![Event::Warn(Warning::SeatTaken), Event::Changed]
            }
            Role::Invited(_) => {
                self.role = Role::Spectator;
                self.game_begins(now);
                vec![Event::Changed]
            }
            Role::Newcomer | Role::Spectator => {
                self.game_begins(now);
                vec![Event::Changed]
            }
        }
    }

    /// This page asked for the seat and someone else has it: it watches,
    /// and the host it took for its opponent is a seat it follows again.
    fn lost_the_seat(&mut self) {
        self.role = Role::Spectator;
        self.key = None;
        self.name.clear();
        self.offered = None;
        self.pending = None;
        // Every peer that proved a seat is a seat it follows, whatever this
        // page took it for while it thought it played (the winner's hello
        // may have come before the host's certificate of it).
        let host_side = self.witness.host_side;
        for p in self.peers.values_mut() {
            let Some((role, side)) = p.proved else {
                if p.kind == Kind::Opponent {
                    p.kind = Kind::Visitor;
                }
                continue;
            };
            let side = match (role, host_side) {
                (SeatRole::Guest, Some(host)) => host.opponent(),
                _ => side,
            };
            p.proved = Some((role, side));
            p.kind = Kind::Claimed(side);
        }
        self.count_watchers();
    }

    /// The side a ply, record or resignation from `peer` may be for: the
    /// opponent's, or for a page that watches, the side of the seat that
    /// peer proved (never the other's: a seat speaks for its own side).
    fn mover_side(&self, peer: &str) -> Option<Side> {
        match (self.kind(peer), self.role) {
            (Kind::Opponent, Role::Player(me)) => Some(me.opponent()),
            (Kind::Claimed(side), Role::Spectator | Role::Invited(_)) => Some(side),
            _ => None,
        }
    }

    fn ply(
        &mut self,
        peer: &str,
        index: u32,
        text: &str,
        hash: &str,
        left: Option<u64>,
        now: f64,
    ) -> Vec<Event> {
        let Some(side) = self.mover_side(peer) else {
            return vec![Event::Warn(Warning::NotPlayer)];
        };
        let length = self.game.plies().len();
        let index = index as usize;
        if self.watching() && self.disputed_from(index) {
            // The seats disagree from here: neither alone is followed.
            return Vec::new();
        }
        if index < length {
            // Already known (a resend): the same ply is no news.
            let same = self.game.plies()[index].ply.to_string() == text;
            return if same {
                Vec::new()
            } else {
                vec![Event::Warn(Warning::BadIndex), self.catch_up(peer)]
            };
        }
        if index > length {
            // A gap: ask for the record by sending ours (the longer answers).
            return vec![self.catch_up(peer)];
        }
        if self.game.outcome().is_some() {
            // It crossed our end (a resignation in flight): records settle it.
            return vec![self.catch_up(peer)];
        }
        if self.game.position().to_move() != side {
            return vec![Event::Warn(Warning::WrongSide)];
        }
        let blind = self.blind();
        if let Err(e) = self.game.play_text(text) {
            return vec![Event::Warn(Warning::Illegal(e))];
        }
        if hash_text(self.game.position().hash()) != hash {
            self.game.undo();
            return vec![Event::Warn(Warning::HashMismatch), self.catch_up(peer)];
        }
        // A move answers any offer: the opponent's lapses, ours is declined.
        self.pending = None;
        let mut events = self.clock_claimed(&[left], blind, now);
        if self.watching() {
            self.witness_ply(side, left, now);
            // A seat's word held until now may follow this ply.
            events.extend(self.settle_words(now));
        }
        events.push(Event::Changed);
        if let Some(offer) = self.offered.take() {
            events.push(Event::Answered(offer, false));
        }
        events
    }

    /// A visitor asks for the game (it sent its own, shorter or other):
    /// a player answers with its welcome, to one visitor at most once every
    /// [`ASK_MS`].
    fn asked(&mut self, peer: &str, now: f64) -> Vec<Event> {
        if self.side().is_none() || self.kind(peer) != Kind::Visitor {
            return Vec::new();
        }
        let Some(p) = self.peers.get_mut(peer) else {
            return Vec::new();
        };
        if p.answered.is_some_and(|at| now - at < ASK_MS) {
            return Vec::new();
        }
        p.answered = Some(now);
        // All visitors together: a few records a second at most.
        if !self.asks.take(ASK_BURST, ASK_RATE, now) {
            return Vec::new();
        }
        vec![self.welcome(peer, now)]
    }

    /// What this page sends a seat whose ply does not fit its game: a
    /// player its record (the longer answers), a page that watches an ask
    /// (a player answers a visitor's record with nothing).
    fn catch_up(&self, peer: &str) -> Event {
        if self.watching() {
            Event::Send(peer.to_owned(), Message::Ask)
        } else {
            self.sync_to(peer)
        }
    }

    fn sync_to(&self, peer: &str) -> Event {
        Event::Send(
            peer.to_owned(),
            Message::Sync {
                record: self.record(),
            },
        )
    }

    fn sync(&mut self, peer: &str, text: &str, now: f64) -> Vec<Event> {
        let Some(side) = self.mover_side(peer) else {
            // A spectator's record is no news to a player.
            return Vec::new();
        };
        let Some(record) = peer_record(text) else {
            return vec![Event::Warn(Warning::BadRecord)];
        };
        if self.watching() {
            // A seat's word: its own plies are taken, the rest waits for
            // the other seat (see [`witness`]).
            return match self.seat_role(peer) {
                Some(role) => self.heard_word(role, record, now),
                None => Vec::new(),
            };
        }
        let before = self.game.plies().len();
        let blind = self.blind();
        // The other's record: this page knows where the turn stands now.
        self.blind_turn = None;
        let lost_on_time = record.game.outcome().is_some_and(|o| {
            o.reason == crate::engine::Reason::Time
                && self
                    .side()
                    .is_some_and(|me| o.winner == Some(me.opponent()))
        });
        let theirs = record.game.plies().len();
        match merge(&self.game, record.game, side, self.side().is_some()) {
            Merge::Same => Vec::new(),
            Merge::Behind
                if lost_on_time && self.game.outcome().is_none() && self.late_plies(theirs) =>
            {
                // Our plies crossed the other's claim of our flag.
                self.lost_in_flight(theirs, now)
            }
            Merge::Behind => vec![self.sync_to(peer)],
            Merge::Ahead(game) => {
                let ended = game.outcome().is_some();
                self.game = game;
                self.pending = None;
                // The sender's plies with the times its record claims.
                let claims: Vec<Option<u64>> = (before..self.game.plies().len())
                    .map(|i| record.timing.left.get(i).copied())
                    .collect();
                let mut events = self.clock_claimed(&claims, blind, now);
                if ended {
                    // The pages that watch hear the end from this seat too.
                    events.push(self.said_to_all());
                }
                events.push(Event::Changed);
                events
            }
            Merge::Diverged => vec![Event::Warn(Warning::Diverged)],
            Merge::Foreign => vec![Event::Warn(Warning::BadRecord)],
        }
    }

    /// What this player sends with its game by link (`share`, the game as
    /// a share link): its signature, its key if it is the guest, and the
    /// host's certificate of the guest if it is the host.
    pub fn sign_link(
        &self,
        share: &str,
    ) -> Option<(Signature, Option<PublicKey>, Option<Signature>)> {
        let side = self.side()?;
        let key = self.key.as_ref()?;
        let bytes = link_bytes(
            &self.room(),
            Seat::from(side).token(),
            share.trim_start_matches('#'),
        );
        let signature = key.sign(&bytes);
        Some(if self.hosting() {
            (signature, None, self.cert.as_ref().map(|c| c.signature))
        } else {
            (signature, Some(key.public()), None)
        })
    }

    /// A game that came by link (no connection: each player sends the game
    /// after their move by any messenger): taken only when the opponent's
    /// key signed it, and when it extends this game with the opponent's
    /// plies (and perhaps their resignation). In a game begun by link the
    /// host seats the first guest whose signed game reaches it; a guest
    /// keeps the host's certificate of its seat when the link brings it.
    ///
    /// # Errors
    /// The [`Warning`] that says why it was not taken.
    pub fn take_link(&mut self, link: &MoveLink, record: Record) -> Result<usize, Warning> {
        let side = self.side().ok_or(Warning::NotPlayer)?;
        if self.clock.is_some() {
            // Its clocks run: a timed game is played connected.
            return Err(Warning::Timed);
        }
        if link.host != self.host || link.sender != side.opponent() {
            return Err(Warning::BadSecret);
        }
        if !names_fit(&record) {
            return Err(Warning::BadRecord);
        }
        let bytes = link_bytes(
            &self.room(),
            Seat::from(link.sender).token(),
            link.share.trim_start_matches('#'),
        );
        let mut seat = None;
        if self.hosting() {
            let key = match (&self.cert, link.guest) {
                (Some(cert), _) => cert.key,
                (None, Some(key)) => key,
                (None, None) => return Err(Warning::BadSecret),
            };
            if !key.verifies(&bytes, &link.signature) {
                return Err(Warning::BadSecret);
            }
            if self.cert.is_none() {
                seat = Some(key);
            }
        } else {
            if !self.host.verifies(&bytes, &link.signature) {
                return Err(Warning::BadSecret);
            }
            if let (None, Some(signature), Some(key)) = (&self.cert, link.cert, &self.key) {
                let cert = SeatCert {
                    key: key.public(),
                    name: self.name.clone(),
                    signature,
                };
                if cert.is_from(&self.host) {
                    self.cert = Some(cert);
                }
            }
        }
        let before = self.game.plies().len();
        let taken = match merge(&self.game, record.game, side.opponent(), true) {
            Merge::Same | Merge::Behind => 0,
            Merge::Ahead(game) => {
                self.game = game;
                self.pending = None;
                self.game.plies().len().saturating_sub(before)
            }
            Merge::Diverged => return Err(Warning::Diverged),
            Merge::Foreign => return Err(Warning::BadRecord),
        };
        if let (Some(guest), Some(host)) = (seat, self.key.clone()) {
            // The guest of a game begun by link, seated by its first signed game.
            let name = self.names[slot(side.opponent())].clone();
            self.cert = Some(SeatCert::issue(&host, guest, name));
        }
        Ok(taken)
    }

    /// A ply of this page's player: played here, then sent to everyone.
    ///
    /// # Errors
    /// [`PlayError`]: this page does not play, it is not its turn, or the
    /// engine's reason.
    pub fn play(&mut self, text: &str, now: f64) -> Result<Vec<Event>, PlayError> {
        let side = self.side().ok_or(PlayError::NotPlayer)?;
        if self.game.outcome().is_none() && self.game.position().to_move() != side {
            return Err(PlayError::NotYourTurn);
        }
        if self.offered.is_some() {
            return Err(PlayError::OfferOpen);
        }
        if self.begun()
            && self
                .clock
                .as_ref()
                .is_some_and(|c| c.flagged(now as u64) == Some(side))
        {
            return Err(PlayError::Flagged);
        }
        let index = self.game.plies().len() as u32;
        let played = self
            .game
            .play_text(text)
            .map_err(PlayError::Engine)?
            .ply
            .to_string();
        self.pending = None;
        self.run_clock(now);
        let left = self.clock.as_ref().and_then(GameClock::last);
        Ok(vec![
            Event::Broadcast(Message::Ply {
                index,
                ply: played,
                hash: hash_text(self.game.position().hash()),
                left,
            }),
            Event::Changed,
        ])
    }

    /// This page's player resigns.
    pub fn resign(&mut self) -> Vec<Event> {
        let Some(side) = self.side() else {
            return Vec::new();
        };
        if self.game.resign(side).is_err() {
            return Vec::new();
        }
        // Its whole game too: a page that watches and is behind, or that
        // heard the other's ply first, can still match it to the other's.
        vec![
            Event::Broadcast(Message::Resign),
            self.said_to_all(),
            Event::Changed,
        ]
    }

    /// True when `offer` makes sense now (about a game of `plies` plies).
    fn offer_fits(&self, offer: Offer, plies: u32) -> bool {
        let over = self.game.outcome().is_some();
        let same = self.game.plies().len() == plies as usize;
        match offer {
            Offer::Draw => !over && same,
            Offer::Rematch => over && !self.tournament_board,
            Offer::Takeback => same && !over && self.opponent_turn_start().is_some(),
        }
    }

    /// Where a takeback by the opponent goes back to: the start of the
    /// opponent's last turn (so that it is theirs to play again).
    fn opponent_turn_start(&self) -> Option<usize> {
        let side = self.side()?.opponent();
        takeback_point(&self.game, side)
    }

    /// This page offers a draw, a takeback or a rematch.
    pub fn offer(&mut self, offer: Offer) -> Vec<Event> {
        let Some(side) = self.side() else {
            return Vec::new();
        };
        // Offering what the opponent offers is accepting it.
        if self.pending.is_some_and(|(o, _)| o == offer) {
            return self.answer(true);
        }
        let fits = match offer {
            Offer::Draw => self.game.outcome().is_none(),
            Offer::Rematch => self.game.outcome().is_some() && !self.tournament_board,
            Offer::Takeback => {
                self.game.outcome().is_none() && takeback_point(&self.game, side).is_some()
            }
        };
        if !fits || self.offered.is_some() {
            return Vec::new();
        }
        self.offered = Some(offer);
        vec![
            Event::Broadcast(Message::Offer {
                offer,
                plies: self.game.plies().len() as u32,
            }),
            Event::Changed,
        ]
    }

    /// This page answers the opponent's offer.
    pub fn answer(&mut self, accept: bool) -> Vec<Event> {
        let Some((offer, plies)) = self.pending.take() else {
            return Vec::new();
        };
        let accept = accept && self.offer_fits(offer, plies);
        let mut events = vec![Event::Broadcast(Message::Answer { offer, accept })];
        if accept {
            let opponent = self.side().map_or(Side::First, Side::opponent);
            events.extend(self.settle(offer, opponent));
        } else {
            events.push(Event::Changed);
        }
        events
    }

    /// Applies an accepted offer made by `offerer`; the record goes to
    /// everyone (spectators follow takebacks and rematches with it).
    fn settle(&mut self, offer: Offer, offerer: Side) -> Vec<Event> {
        self.offered = None;
        self.pending = None;
        let mut events = self.apply(offer, offerer);
        events.push(Event::Broadcast(Message::Sync {
            record: self.record(),
        }));
        events
    }

    fn apply(&mut self, offer: Offer, offerer: Side) -> Vec<Event> {
        match offer {
            Offer::Draw => {
                let _ = self.game.agree_draw();
                vec![Event::Changed]
            }
            Offer::Takeback => {
                if let Some(to) = takeback_point(&self.game, offerer) {
                    while self.game.plies().len() > to {
                        self.game.undo();
                    }
                }
                vec![Event::Changed]
            }
            Offer::Rematch => {
                self.rematch();
                vec![Event::Rematch, Event::Changed]
            }
        }
    }

    fn rematch(&mut self) {
        self.game = Game::new(*self.game.rules());
        if let Some(clock) = &mut self.clock {
            *clock = GameClock::resume(clock.control(), &Timing::NONE, &self.game, None);
        }
        self.names.swap(0, 1);
        if let Role::Player(side) = self.role {
            self.role = Role::Player(side.opponent());
        }
        self.offered = None;
        self.pending = None;
        self.swap_claimed();
    }

    /// A rematch: every seat plays the other side now.
    fn swap_claimed(&mut self) {
        for p in self.peers.values_mut() {
            if let Kind::Claimed(side) = p.kind {
                p.kind = Kind::Claimed(side.opponent());
            }
            if let Some((_, side)) = &mut p.proved {
                *side = side.opponent();
            }
        }
    }

    /// A chat line from this page's player (trimmed, cut to the limit).
    pub fn chat(&mut self, text: &str) -> Vec<Event> {
        let text: String = strip_text(text).chars().take(MAX_CHAT).collect();
        if text.is_empty() || self.side().is_none() {
            return Vec::new();
        }
        vec![
            Event::Broadcast(Message::Chat { text: text.clone() }),
            Event::Chat {
                name: self.name.clone(),
                text,
            },
        ]
    }

    /// The messages of `events` to send, encoded: `(to, text)`, `to` `None`
    /// for everyone. What a player signs leaves signed by its seat, with
    /// the seat's next number.
    pub fn outgoing(&mut self, events: &[Event]) -> Vec<(Option<PeerId>, String)> {
        let seat = self
            .key
            .clone()
            .filter(|_| self.side().is_some())
            .map(|key| {
                let role = if self.hosting() {
                    SeatRole::Host
                } else {
                    SeatRole::Guest
                };
                (key, role)
            });
        let room = self.room();
        let mut out = Vec::new();
        for event in events {
            let (to, message) = match event {
                Event::Send(to, m) => (Some(to.clone()), m),
                Event::Broadcast(m) => (None, m),
                _ => continue,
            };
            let text = match &seat {
                Some((key, role)) if message.is_signed_kind() => {
                    self.n += 1;
                    let n = self.n;
                    let fields = fields_text(message);
                    let signature = key.sign(&message_bytes(&room, *role, n, &fields));
                    encode(&Message::Signed {
                        role: *role,
                        n,
                        signature,
                        body: Box::new(message.clone()),
                    })
                }
                _ => encode(message),
            };
            out.push((to, text));
        }
        out
    }

    /// Numbers this page's signed messages from `from` on (the page gives
    /// the time in milliseconds: a page opened again numbers above what it
    /// signed before).
    pub fn number_from(&mut self, from: u64) {
        self.n = self.n.max(from);
    }

    /// The page is closing: say goodbye.
    pub fn bye(&self) -> Event {
        Event::Broadcast(Message::Bye)
    }
}

/// The index of a seat's entry in `[host, guest]` pairs.
const fn seat_slot(role: SeatRole) -> usize {
    match role {
        SeatRole::Host => 0,
        SeatRole::Guest => 1,
    }
}
