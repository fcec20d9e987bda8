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
//!
//! This file holds the type, its events and the dispatch of a message to
//! its handler; `impl Table` goes on in one file a concern: who is at the
//! table ([`admission`]), the second seat ([`seats`]), the clocks
//! ([`clocks`]), the game between the pages ([`sync`]), a game by link
//! ([`links`]), offers, resignations and chat ([`offers`]), the seats'
//! signatures ([`signing`]), what the page reads ([`view`]) and what a
//! watching page believes ([`witness`]).

mod admission;
mod clocks;
mod links;
mod offers;
mod refereed;
mod seats;
mod signing;
mod sync;
mod view;
mod witness;

use std::collections::BTreeMap;

use super::identity::{PublicKey, Role as SeatRole, SeatCert, SeatKey, Signature};
use super::limits::{Bucket, BURST, OPPONENT_BURST, OPPONENT_RATE, RATE, ROOM_BURST, ROOM_RATE};
use super::message::{decode, Claim, DecodeError, Message, Offer};
use crate::engine::timing::GameClock;
use crate::engine::{Game, GameError, Millis, Rules, Side};
use clocks::Silence;
pub use clocks::SILENCE_CREDIT_MS;
pub use refereed::GameChange;
use refereed::Refereed;
use witness::Witness;

/// A peer's id on the signalling server (it changes on every reconnect).
pub type PeerId = String;

/// A heartbeat every this many milliseconds (so that a connection gone
/// quiet is noticed soon)…
pub const PING_MS: Millis = Millis(500);
/// …a connection that brought nothing for three of the peer's own beats,
/// and at least this long, is lost (a network that changed or went away:
/// the page joins the room afresh). Not less: a slow phone's page can stall
/// for a second and a half (a test does just that), and is not lost…
pub const QUIET_MS: Millis = Millis(3_000);
/// …and a peer not heard for this long is away.
pub const AWAY_MS: Millis = Millis(6_500);

/// A timed game: the time a ply may spend on the way, credited to its
/// mover. A mover's claim of its time is taken up to this much above what
/// the receiving page counted; the other page's flag is claimed only once
/// it has been down this long; a claim against this page's own flag is
/// taken when its own clock is within this much of zero.
pub const LAG_MS: Millis = Millis(500);

/// A visitor that fell behind (its game shorter than a seat's heartbeat
/// says) asks that seat for the game; a seat answers one visitor at most
/// this often.
pub const ASK_MS: Millis = Millis(2_000);

/// The records all visitors' asks may bring together: this many at once,
/// then [`ASK_RATE`] a second (each is a whole game, up to 64 KiB).
const ASK_BURST: f64 = 4.0;
const ASK_RATE: f64 = 1.0;

/// A page opened again while the other side was to move cannot know how
/// long that turn has run (the other may have moved meanwhile): it claims
/// that flag only once it has the other's record, or after this long.
pub const REOPEN_WAIT_MS: Millis = Millis(30_000);

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
    heard: Millis,
    /// When it connected (or came back on its connection): a peer still
    /// not introduced [`INTRO_MS`] later is closed.
    met: Millis,
    /// This page asked for its connection to be closed.
    closed: bool,
    bucket: Bucket,
    flooding: bool,
    chats: Vec<Millis>,
    /// The seat it proved, and the side it plays.
    proved: Option<(SeatRole, Side)>,
    /// The name its proof was made for (a proved seat's).
    proved_name: String,
    /// When this page last sent it the game because it asked (a visitor
    /// that fell behind): at most one record every [`ASK_MS`].
    answered: Option<Millis>,
    /// Its hello, kept until the server gives this page its id (a proof is
    /// made for that id).
    early: Option<(String, Claim)>,
    /// Said hello (and was answered): a second hello is no news.
    greeted: bool,
    /// Left (`bye`, or the server said so), at this time: kept a while so
    /// that coming back does not refill its allowance.
    left: Option<Millis>,
    /// Speaks another protocol version.
    version: Option<u32>,
    /// When its last ping came, and the time between its last two: its
    /// heartbeat, by which its silence is judged (a page of an earlier
    /// version pings less often; a client that never pings is never judged
    /// quiet).
    pinged: Option<Millis>,
    beat: Option<Millis>,
}

impl Peer {
    fn new(now: Millis) -> Peer {
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
            pinged: None,
            beat: None,
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
    /// What changed in the game, step by step: what the board applies.
    Game(GameChange),
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
    game: Refereed,
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
    blind_until: Millis,
    /// A watching page's: what each seat said beyond what both agree on,
    /// and each side's time by its own word (see [`witness`]).
    witness: Witness,
    /// The opponent's silences, credited to its clock.
    silence: Silence,
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
            game: Refereed::new(game),
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
            game: Refereed::new(Game::new(crate::engine::Rules::kharbga())),
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
            room_bucket: Bucket::full(ROOM_BURST, Millis::ZERO),
            opponent_bucket: Bucket::full(OPPONENT_BURST, Millis::ZERO),
            asks: Bucket::full(ASK_BURST, Millis::ZERO),
            n: 0,
            last: [0, 0],
            clock: None,
            tournament_board: false,
            blind_turn: None,
            blind_until: Millis::ZERO,
            witness: Witness::default(),
            silence: Silence::default(),
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

    /// A message from `peer`, as received.
    pub fn receive(&mut self, peer: &str, text: &str, now: Millis) -> Vec<Event> {
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
            if p.bucket.tokens() >= BURST / 2.0 {
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
        // (Before the message, whose ply ends the turn its silence is
        // counted in; after it too, for a hello that proves the seat.)
        self.heard_from(peer, now);
        let events = self.handle(peer, message, now);
        self.heard_from(peer, now);
        // A seat taken, an end, a takeback, a rematch: the clocks follow.
        self.run_clock(now);
        self.with_changes(events)
    }

    /// `events`, and after them what changed in the game since the last
    /// step ([`Event::Game`]: what the board applies).
    fn with_changes(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        events.extend(self.game.take_changes().into_iter().map(Event::Game));
        events
    }

    /// The game this page referees.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, handed over (a game sent by link, checked: the table is
    /// done with).
    pub fn into_game(self) -> Game {
        self.game.into_game()
    }

    /// A message from `peer`: the opponent's seat was heard.
    fn heard_from(&mut self, peer: &str, now: Millis) {
        if let Some(p) = self.peers.get(peer).filter(|p| p.kind == Kind::Opponent) {
            let pinged = p.pinged.is_some();
            self.seat_heard(pinged, now);
        }
    }

    /// Takes one message from `peer`'s allowance: the proved opponent has
    /// its own; everyone else has one each and, together but for the peers
    /// a spectator follows, the room's.
    fn allowed(&mut self, peer: &str, now: Millis) -> bool {
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

    fn handle(&mut self, peer: &str, message: Message, now: Millis) -> Vec<Event> {
        match message {
            Message::Signed { seal, body } => self.signed(peer, seal, *body, now),
            // What a player signs is taken signed only.
            unsigned if unsigned.is_signed_kind() => vec![Event::Warn(Warning::NotPlayer)],
            message => self.handle_body(peer, message, now),
        }
    }

    fn handle_body(&mut self, peer: &str, message: Message, now: Millis) -> Vec<Event> {
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
            } => self.ply(peer, index, ply, hash, left, now),
            Message::Flag { side, plies } => self.flag(peer, side.into(), plies, now),
            Message::Sync { record } => self.sync(peer, &record, now),
            Message::Resign => self.resigned(peer, now),
            Message::Offer { offer, plies } => self.their_offer(peer, offer, plies),
            Message::Answer { offer, accept } => self.their_answer(peer, offer, accept),
            Message::Chat { text } => self.chatted(peer, text, now),
            // Each page counts the spectators it sees itself (older pages
            // still send their count: it is not believed).
            Message::Watchers { .. } => Vec::new(),
            Message::Ping { at, plies } => {
                if let Some(p) = self.peers.get_mut(peer) {
                    // (Pings closer than an honest page's heartbeat, a
                    // flood's, tell no heartbeat: its silence after is not
                    // judged.)
                    p.beat = p
                        .pinged
                        .map(|last| now.since(last))
                        .filter(|gap| *gap >= PING_MS / 2);
                    p.pinged = Some(now);
                }
                self.pinged(peer, at, plies)
            }
            Message::Ask => self.asked(peer, now),
            // Pairing messages belong to the queue, not to a room.
            Message::Pong { .. } | Message::Pair { .. } => Vec::new(),
            Message::Bye => {
                if self.kind(peer) == Kind::Opponent {
                    self.seat_left();
                }
                self.disconnected(peer, now)
            }
            Message::Refused { why } => self.refused(peer, why),
        }
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
