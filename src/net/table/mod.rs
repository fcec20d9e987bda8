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
//! the receiver's own peer id ([`hello_bytes`](crate::net::identity::hello_bytes)),
//! so a proof shown to one peer is worth nothing to another, and anyone
//! with the link — spectators and newcomers too — can check it. Plies are
//! accepted only from a proved seat: by a player only from its opponent,
//! only for the opponent's side, only at the next index, and only when the
//! local engine finds them legal and reaches the same position hash.
//!
//! A [`Table`] is made of parts, each a type that owns its state: the one
//! game it referees and what changed in it ([`refereed`]), who is at the
//! table and what they may send ([`admission`]), who sits where
//! ([`seats`]), the seats' signatures ([`signing`]), the clocks
//! ([`clocks`]) and what a watching page believes ([`witness`]). This file
//! holds the type, its events and the dispatch of a message to its
//! handler; the handlers, which put the parts to work, go on in one file a
//! concern: arrivals and hellos ([`arrivals`]), the second seat
//! ([`joining`]), the game between the pages ([`sync`]), flags and the
//! clocks' claims ([`flags`]), every ply through both seats
//! ([`relaying`], what a watching page keeps of it in [`relay`]), a game
//! by link ([`links`]), offers,
//! resignations and chat ([`offers`]), sealing and checking signed
//! messages ([`sealing`]), what a watching page takes from the seats'
//! words ([`watching`]) and what the page reads ([`view`]).

mod admission;
mod arrivals;
mod clocks;
mod flags;
mod joining;
mod links;
mod offers;
mod refereed;
mod relay;
mod relaying;
mod sealing;
mod seats;
mod signing;
mod sync;
mod view;
mod watching;
mod witness;

use admission::{Admission, Allowance, Kind};
use clocks::Clocks;
use refereed::Refereed;
use relay::Relay;
use seats::Seats;
use signing::Signing;
use witness::Witness;

pub use admission::{PeerId, ASK_MS, AWAY_MS, PING_MS, PONG_MS, QUIET_MS};
pub use clocks::{LAG_MS, REOPEN_WAIT_MS, SILENCE_CREDIT_MS};
pub use refereed::GameChange;
pub use relay::{Lie, RELAY_WAIT_MS};
pub use seats::{slot, Role};

use super::identity::{PublicKey, SeatCert, SeatKey, Signature};
use super::message::{decode, DecodeError, Message, Offer};
use crate::engine::{Game, GameError, Millis, Rules, Side};

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

/// One page's side of an online game: its parts, and what belongs to no
/// part (this page's offers, and the room's settings).
#[derive(Clone, Debug)]
pub struct Table {
    /// The game as this page holds it (checked ply by ply), and what
    /// changed in it.
    game: Refereed,
    /// Who sits where.
    seats: Seats,
    /// This page's seat key and the seats' numbers.
    signing: Signing,
    /// Who is at the table, and what each may send.
    admission: Admission,
    /// A timed game's clocks: both run here, as this page sees the game.
    clocks: Clocks,
    /// A watching page's: what each seat said beyond what both agree on,
    /// and each side's time by its own word.
    witness: Witness,
    /// A watching page's: the plies that reach it by two roads (each
    /// seat's own, and the other seat's relay of them).
    relay: Relay,
    /// An offer of ours waiting for the answer.
    offered: Option<Offer>,
    /// The opponent's offer waiting for ours, with the plies it is about.
    pending: Option<(Offer, u32)>,
    /// A newcomer of quick pairing takes only a new game of these rules.
    expect: Option<Rules>,
    /// The room is a tournament's board: its game is the board's result,
    /// so no rematch is offered or accepted here (the opponent's offer is
    /// declined), and the record is never replaced by another game.
    tournament_board: bool,
}

impl Table {
    /// The room's creator: `game` to play, its side, its name and key (the
    /// room is its public half).
    pub fn host(game: Game, side: Side, name: String, key: SeatKey, date: String) -> Table {
        let host = key.public();
        Table {
            game: Refereed::new(game),
            seats: Seats::player(host, side, name, Default::default(), date),
            signing: Signing::new(Some(key)),
            ..Table::newcomer(host)
        }
    }

    /// A page that opened the link of `host`'s room and knows nothing yet.
    pub fn newcomer(host: PublicKey) -> Table {
        Table {
            game: Refereed::new(Game::new(Rules::kharbga())),
            seats: Seats::newcomer(host),
            signing: Signing::new(None),
            admission: Admission::new(),
            clocks: Clocks::default(),
            witness: Witness::default(),
            relay: Relay::default(),
            offered: None,
            pending: None,
            expect: None,
            tournament_board: false,
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
            .and_then(|cert| {
                if cert.is_from(&host) {
                    Some(cert)
                } else if hosting && cert.is_from_earlier_protocol(&host) {
                    // Kept by an earlier version: the host issues it again
                    // under this protocol's purpose (a guest's such copy is
                    // dropped: its host sends it the new one).
                    Some(SeatCert::issue(&key, cert.key, cert.name))
                } else {
                    None
                }
            });
        let mut seats = Seats::player(host, side, name, names, date);
        if let Some(cert) = cert {
            seats.keep_cert(cert);
        }
        Table {
            game: Refereed::new(game),
            seats,
            signing: Signing::new(Some(key)),
            ..Table::newcomer(host)
        }
    }

    /// The room is a tournament's board (or not): see
    /// [`Table::is_tournament_board`].
    pub fn set_tournament_board(&mut self, board: bool) {
        self.tournament_board = board;
    }

    /// A message from `peer`, as received.
    pub fn receive(&mut self, peer: &str, text: &str, now: Millis) -> Vec<Event> {
        if !self.admission.speaks(peer, now) {
            // Matchbox reports a peer before its first message; a message
            // from a peer not known registers it.
            let mut events = self.connected(peer.to_owned(), now);
            events.extend(self.receive(peer, text, now));
            return events;
        }
        if let Allowance::Flood { first } = self.admission.allow(peer, now) {
            return if first {
                vec![Event::Warn(Warning::Flood)]
            } else {
                Vec::new()
            };
        }
        let message = match decode(text) {
            Ok(message) => message,
            Err(DecodeError::Version(v)) => {
                // Shown while that peer is here, not for good.
                self.admission.speaks_version(peer, v);
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

    /// A message from `peer`: the opponent's seat was heard.
    fn heard_from(&mut self, peer: &str, now: Millis) {
        if let Some(pinged) = self.admission.opponent_pings(peer) {
            self.clocks.seat_heard(pinged, now);
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
                self.admission.pinged(peer, now);
                self.pinged(peer, at, plies, now)
            }
            Message::Ask => self.asked(peer, now),
            // Pairing messages belong to the queue, not to a room.
            Message::Pong { .. } | Message::Pair { .. } => Vec::new(),
            Message::Bye => {
                if self.kind(peer) == Kind::Opponent {
                    self.clocks.seat_left();
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
