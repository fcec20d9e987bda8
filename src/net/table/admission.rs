//! Who is at the table: the peers this page is connected to, what each is
//! to it (not introduced yet, a visitor, the proved opponent, a seat a
//! watching page follows), the seat each proved, when each was heard and
//! its heartbeat, the allowances (each peer's, the proved opponent's own,
//! the room's that everyone else shares, the records that visitors' asks
//! bring), the spectators counted, and the room kept to its size. A peer
//! that leaves is remembered a while, its allowance with it. Nothing here
//! reads a message or decides a seat: the table does, and tells
//! [`Admission`] what it found.

use std::collections::BTreeMap;

use super::seats::Role;
use crate::engine::{Millis, Side};
use crate::net::identity::Role as SeatRole;
use crate::net::limits::{
    Bucket, BURST, FORGET_MS, INTRO_MS, MAX_VISITORS, OPPONENT_BURST, OPPONENT_RATE, RATE,
    ROOM_BURST, ROOM_RATE,
};
use crate::net::limits::{CHAT_LINES, CHAT_WINDOW_MS};
use crate::net::message::Claim;

/// A peer's id on the signalling server (it changes on every reconnect).
pub type PeerId = String;

/// A heartbeat every this many milliseconds (so that a connection gone
/// quiet is noticed soon)…
pub const PING_MS: Millis = Millis(500);
/// A ping is answered at most this often per peer: every one of an
/// honest page's, whose heartbeat is [`PING_MS`].
pub const PONG_MS: Millis = Millis(PING_MS.0 / 2);
/// …a connection that brought nothing for three of the peer's own beats,
/// and at least this long, is lost (a network that changed or went away:
/// the page joins the room afresh). Not less: a slow phone's page can stall
/// for a second and a half (a test does just that), and is not lost…
pub const QUIET_MS: Millis = Millis(3_000);
/// …and a peer not heard for this long is away.
pub const AWAY_MS: Millis = Millis(6_500);

/// A visitor that fell behind (its game shorter than a seat's heartbeat
/// says) asks that seat for the game; a seat answers one visitor at most
/// this often.
pub const ASK_MS: Millis = Millis(2_000);

/// The records all visitors' asks may bring together: this many at once,
/// then [`ASK_RATE`] a second (each is a whole game, up to 64 KiB).
const ASK_BURST: f64 = 4.0;
const ASK_RATE: f64 = 1.0;

/// What this page knows of a peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Not introduced yet.
    Unknown,
    /// A newcomer or a spectator.
    Visitor,
    /// The proved opponent.
    Opponent,
    /// A peer that proved the seat playing this side (a watching page's
    /// view: it follows that seat's plies, which the engine checks).
    Claimed(Side),
}

/// What a message from a peer does to its allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Allowance {
    /// Taken from it: the message is read.
    Taken,
    /// None left: dropped, and the flood said (once a flood).
    Flood {
        /// This is the flood's first dropped message.
        first: bool,
    },
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
    /// When this page last answered its ping: at most one pong every
    /// [`PONG_MS`] (a visitor pinging many times a second, within its
    /// allowance, makes the page send no more than an honest heartbeat
    /// does: each send costs the page's main thread).
    ponged: Option<Millis>,
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
            ponged: None,
        }
    }

    /// Here (not gone).
    fn here(&self) -> bool {
        self.left.is_none()
    }

    /// Here, and heard within [`AWAY_MS`] of `now`.
    fn answering(&self, now: Millis) -> bool {
        self.here() && now.since(self.heard) < AWAY_MS
    }

    /// It came back on the same connection: greeted afresh, its allowance
    /// as it was.
    fn back(&mut self, now: Millis) {
        self.left = None;
        self.greeted = false;
        self.met = now;
        self.closed = false;
    }
}

/// The peers at the table and what they share.
#[derive(Clone, Debug)]
pub(super) struct Admission {
    /// This page's own peer id, once the server gave it.
    me: Option<PeerId>,
    peers: BTreeMap<PeerId, Peer>,
    /// Spectators watching (a player's count, or a spectator's own).
    watchers: u32,
    /// What connections that have not said hello yet share.
    room_bucket: Bucket,
    /// The proved opponent's own allowance.
    opponent_bucket: Bucket,
    /// What visitors' asks for the game share.
    asks: Bucket,
}

impl Admission {
    pub(super) fn new() -> Admission {
        Admission {
            me: None,
            peers: BTreeMap::new(),
            watchers: 0,
            room_bucket: Bucket::full(ROOM_BURST, Millis::ZERO),
            opponent_bucket: Bucket::full(OPPONENT_BURST, Millis::ZERO),
            asks: Bucket::full(ASK_BURST, Millis::ZERO),
        }
    }

    /// Every peer is gone, and this page's id with them (the connection
    /// was lost: ids change).
    pub(super) fn forget(&mut self) {
        self.peers.clear();
        self.me = None;
    }

    /// This page's peer id, once the server gave it.
    pub(super) fn me(&self) -> Option<&str> {
        self.me.as_deref()
    }

    /// The server gave this page its id.
    pub(super) fn set_me(&mut self, id: PeerId) {
        self.me = Some(id);
    }

    /// A message came from `peer`, known or not: `false` for a peer this
    /// page has never heard of (it is registered first). A peer that had
    /// left and speaks again on the same connection is back, with the
    /// allowance it had (and no new hello from this page: it had one).
    pub(super) fn speaks(&mut self, peer: &str, now: Millis) -> bool {
        match self.peers.get_mut(peer) {
            None => false,
            Some(p) => {
                if p.left.is_some() {
                    p.back(now);
                }
                true
            }
        }
    }

    /// `peer` connected: true when it is news (a new peer, or one that had
    /// left and came back under the same id, which keeps what it had used
    /// of its allowance), to be greeted. A peer already here (its first
    /// message came before the news of its connection) is no news.
    pub(super) fn connect(&mut self, peer: &str, now: Millis) -> bool {
        match self.peers.get_mut(peer) {
            Some(p) if p.here() => false,
            Some(p) => {
                p.back(now);
                p.kind = Kind::Unknown;
                true
            }
            None => {
                self.peers.insert(peer.to_owned(), Peer::new(now));
                true
            }
        }
    }

    /// `peer` left at `now`: what it was, unless it had left already (or
    /// is unknown). It is remembered a while, as someone who left.
    pub(super) fn leave(&mut self, peer: &str, now: Millis) -> Option<Kind> {
        let p = self.peers.get_mut(peer).filter(|p| p.here())?;
        p.left = Some(now);
        Some(std::mem::replace(&mut p.kind, Kind::Unknown))
    }

    /// Takes one message from `peer`'s allowance at `now`: the proved
    /// opponent has its own, and so has every peer that introduced itself
    /// (a visitor, a seat a watching page follows): a crowd of visitors,
    /// each within its allowance, takes nothing from anyone else's. A
    /// connection that has not said hello yet also takes from what all
    /// such share (new connections, a new peer id each, bring no new
    /// allowance), so that newcomers are let in in turn.
    pub(super) fn allow(&mut self, peer: &str, now: Millis) -> Allowance {
        let Some(p) = self.peers.get_mut(peer) else {
            return Allowance::Flood { first: false };
        };
        p.heard = now;
        let taken = match p.kind {
            Kind::Opponent => self
                .opponent_bucket
                .take(OPPONENT_BURST, OPPONENT_RATE, now),
            Kind::Claimed(_) | Kind::Visitor => p.bucket.take(BURST, RATE, now),
            Kind::Unknown => {
                p.bucket.take(BURST, RATE, now) && self.room_bucket.take(ROOM_BURST, ROOM_RATE, now)
            }
        };
        if taken {
            if p.bucket.tokens() >= BURST / 2.0 {
                p.flooding = false;
            }
            Allowance::Taken
        } else {
            // A flood is said once per peer.
            let first = !p.flooding;
            p.flooding = true;
            Allowance::Flood { first }
        }
    }

    /// `peer` speaks protocol `version` (shown while it is here).
    pub(super) fn speaks_version(&mut self, peer: &str, version: u32) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.version = Some(version);
        }
    }

    /// Another protocol version spoken by a peer still here, if any.
    pub(super) fn other_version(&self) -> Option<u32> {
        self.peers
            .values()
            .filter(|p| p.here())
            .find_map(|p| p.version)
    }

    /// A ping from `peer` at `now`: its heartbeat is the time since its
    /// last one (pings closer than an honest page's heartbeat, a flood's,
    /// tell no heartbeat: its silence after is not judged).
    pub(super) fn pinged(&mut self, peer: &str, now: Millis) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.beat = p
                .pinged
                .map(|last| now.since(last))
                .filter(|gap| *gap >= PING_MS / 2);
            p.pinged = Some(now);
        }
    }

    /// Whether `peer`'s ping is to be answered at `now` (none answered in
    /// the last [`PONG_MS`]); if so the answer is counted as sent.
    pub(super) fn pong_due(&mut self, peer: &str, now: Millis) -> bool {
        let Some(p) = self.peers.get_mut(peer) else {
            return false;
        };
        if p.ponged.is_some_and(|last| now.since(last) < PONG_MS) {
            return false;
        }
        p.ponged = Some(now);
        true
    }

    /// Whether `peer` is the proved opponent, and then whether it pings.
    pub(super) fn opponent_pings(&self, peer: &str) -> Option<bool> {
        self.peers
            .get(peer)
            .filter(|p| p.kind == Kind::Opponent)
            .map(|p| p.pinged.is_some())
    }

    /// What `peer` is to this page.
    pub(super) fn kind(&self, peer: &str) -> Kind {
        self.peers.get(peer).map_or(Kind::Unknown, |p| p.kind)
    }

    pub(super) fn set_kind(&mut self, peer: &str, kind: Kind) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.kind = kind;
        }
    }

    /// The seat `peer` proved on its connection, and the side it plays.
    pub(super) fn proved(&self, peer: &str) -> Option<(SeatRole, Side)> {
        self.peers.get(peer).and_then(|p| p.proved)
    }

    /// The name `peer`'s proof was made for (empty when none).
    pub(super) fn proved_name(&self, peer: &str) -> &str {
        self.peers.get(peer).map_or("", |p| &p.proved_name)
    }

    /// `peer` holds the seat `role`, playing `side`, on its connection
    /// (under `name`, when given).
    pub(super) fn prove(&mut self, peer: &str, role: SeatRole, side: Side, name: Option<&str>) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.proved = Some((role, side));
            if let Some(name) = name {
                name.clone_into(&mut p.proved_name);
            }
        }
    }

    /// `peer` proves nothing after all (a seat it cannot hold).
    pub(super) fn unprove(&mut self, peer: &str) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.proved = None;
        }
    }

    /// A hello from `peer`, proving `proved` under `name`: false when it is
    /// no news (a second hello on a connection, but for one that proves a
    /// seat newly taken) or the peer is unknown. Its proved seat is taken
    /// as the hello says.
    pub(super) fn greet(
        &mut self,
        peer: &str,
        proved: Option<(SeatRole, Side)>,
        name: &str,
    ) -> bool {
        let Some(p) = self.peers.get_mut(peer) else {
            return false;
        };
        if p.greeted && (p.proved.is_some() || proved.is_none()) {
            return false;
        }
        p.greeted = true;
        p.proved = proved;
        if proved.is_some() {
            name.clone_into(&mut p.proved_name);
        }
        true
    }

    /// Keeps `peer`'s hello until this page has its id (its proof is made
    /// for that id): false when the peer is unknown.
    pub(super) fn keep_early(&mut self, peer: &str, name: String, claim: Claim) -> bool {
        let Some(p) = self.peers.get_mut(peer) else {
            return false;
        };
        p.early = Some((name, claim));
        true
    }

    /// The hellos kept until this page had its id, to be read now (their
    /// peers to be greeted afresh).
    pub(super) fn take_early(&mut self) -> Vec<(PeerId, String, Claim)> {
        self.peers
            .iter_mut()
            .filter_map(|(peer, p)| {
                let (name, claim) = p.early.take()?;
                p.greeted = false;
                Some((peer.clone(), name, claim))
            })
            .collect()
    }

    /// The host plays `side` (as its proof says): every peer that proved
    /// the guest's seat plays the other.
    pub(super) fn guest_plays(&mut self, side: Side) {
        for p in self.peers.values_mut() {
            if let Some((SeatRole::Guest, guest)) = &mut p.proved {
                *guest = side;
                p.kind = Kind::Claimed(side);
            }
        }
    }

    /// This page watches now (the seat it asked for went to someone
    /// else): every peer that proved a seat is a seat it follows, the
    /// guest's playing the side the host does not (when known), whatever
    /// this page took it for while it thought it played; an opponent
    /// that proved nothing is a visitor.
    pub(super) fn follow_seats(&mut self, host_side: Option<Side>) {
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
    }

    /// A rematch: every seat plays the other side now.
    pub(super) fn swap_sides(&mut self) {
        for p in self.peers.values_mut() {
            if let Kind::Claimed(side) = p.kind {
                p.kind = Kind::Claimed(side.opponent());
            }
            if let Some((_, side)) = &mut p.proved {
                *side = side.opponent();
            }
        }
    }

    /// The peers here (to each of whom a player's page says hello again
    /// once it can prove its seat).
    pub(super) fn present(&self) -> Vec<PeerId> {
        self.peers
            .iter()
            .filter(|(_, p)| p.here())
            .map(|(peer, _)| peer.clone())
            .collect()
    }

    /// The visitors here (the pages a player's page serves: spectators and
    /// newcomers that said hello).
    pub(super) fn visitors_here(&self) -> Vec<PeerId> {
        self.peers
            .iter()
            .filter(|(_, p)| p.here() && p.kind == Kind::Visitor)
            .map(|(peer, _)| peer.clone())
            .collect()
    }

    /// The side a peer here that proved seat `role` plays.
    pub(super) fn side_of_seat(&self, role: SeatRole) -> Option<Side> {
        self.peers
            .values()
            .filter(|p| p.here())
            .find_map(|p| p.proved.filter(|(r, _)| *r == role).map(|(_, side)| side))
    }

    /// The peers here that proved a seat a watching page follows.
    pub(super) fn seats_here(&self) -> Vec<PeerId> {
        self.peers
            .iter()
            .filter(|(_, p)| p.here() && matches!(p.kind, Kind::Claimed(_)))
            .map(|(peer, _)| peer.clone())
            .collect()
    }

    /// Any peer is here.
    pub(super) fn anyone_here(&self) -> bool {
        self.peers.values().any(Peer::here)
    }

    /// `peer` is here and proved the host's seat.
    pub(super) fn is_host_here(&self, peer: &str) -> bool {
        self.peers
            .get(peer)
            .is_some_and(|p| p.here() && matches!(p.proved, Some((SeatRole::Host, _))))
    }

    /// Whether a peer that proved the seat playing `side` is here and
    /// answering at `now`.
    pub(super) fn seat_here(&self, side: Side, now: Millis) -> bool {
        self.peers
            .values()
            .any(|p| p.answering(now) && p.proved.is_some_and(|(_, s)| s == side))
    }

    /// Whether a peer that proved the seat `role` is here and answering at
    /// `now`.
    pub(super) fn seat_here_as(&self, role: SeatRole, now: Millis) -> bool {
        self.peers
            .values()
            .any(|p| p.answering(now) && p.proved.is_some_and(|(r, _)| r == role))
    }

    /// The heartbeat at `now`: peers long gone forgotten, and the
    /// connections to close (returned). An honest page says hello the
    /// moment it connects: a connection that stays silent, or whose hello
    /// was refused, holds a connection of this page for nothing: it is
    /// closed, and remembered as a peer that left (its allowance with it).
    /// A page of another protocol version is kept while the room has room
    /// for it, so that the notice about it stays. A peer that said goodbye
    /// and did not come back on its connection within the same time is
    /// closed too (an honest page closes it itself; asking again for a
    /// connection already gone does nothing).
    pub(super) fn tick(&mut self, now: Millis) -> Vec<PeerId> {
        self.peers
            .retain(|_, p| p.left.is_none_or(|left| now.since(left) < FORGET_MS));
        let room = self.visitors() < MAX_VISITORS;
        let mut close = Vec::new();
        for (id, p) in &mut self.peers {
            let silent = p.here()
                && p.kind == Kind::Unknown
                && !(room && p.version.is_some())
                && now.since(p.met) >= INTRO_MS;
            let gone = p.left.is_some_and(|left| now.since(left) >= INTRO_MS);
            if silent {
                p.left = Some(now);
            }
            if (silent || gone) && !p.closed {
                p.closed = true;
                close.push(id.clone());
            }
        }
        close
    }

    /// Peers here that introduced themselves and are not the proved
    /// opponent (a connection that never said hello is no visitor: it is
    /// closed at the heartbeat after [`INTRO_MS`]), and pages of another
    /// protocol version, which are kept.
    pub(super) fn visitors(&self) -> usize {
        self.peers
            .values()
            .filter(|p| {
                p.here()
                    && (matches!(p.kind, Kind::Visitor | Kind::Claimed(_))
                        || (p.kind == Kind::Unknown && p.version.is_some()))
            })
            .count()
    }

    /// The room has as many visitors as it takes.
    pub(super) fn full(&self) -> bool {
        self.visitors() >= MAX_VISITORS
    }

    /// Counts the spectators this page, being `role`, sees (every page is
    /// connected to every other: a spectator counts the other visitors and
    /// itself): true when the count changed. Nobody is told: a count from a
    /// peer is never believed, and arrivals cause no broadcast.
    pub(super) fn count_watchers(&mut self, role: Role) -> bool {
        let others = self
            .peers
            .values()
            .filter(|p| p.here() && p.kind == Kind::Visitor)
            .count() as u32;
        let count = match role {
            Role::Player(_) => others,
            Role::Spectator => others + 1,
            Role::Newcomer | Role::Invited(_) => 0,
        };
        if count == self.watchers {
            return false;
        }
        self.watchers = count;
        true
    }

    /// Spectators watching.
    pub(super) fn watchers(&self) -> u32 {
        self.watchers
    }

    /// A visitor asks for the game at `now`: true when it is answered (one
    /// visitor at most once every [`ASK_MS`], all of them a few records a
    /// second).
    pub(super) fn answer_ask(&mut self, peer: &str, now: Millis) -> bool {
        let Some(p) = self.peers.get_mut(peer) else {
            return false;
        };
        if p.answered.is_some_and(|at| now.since(at) < ASK_MS) {
            return false;
        }
        p.answered = Some(now);
        self.asks.take(ASK_BURST, ASK_RATE, now)
    }

    /// A chat line from `peer` at `now`: `None` for an unknown peer,
    /// `Some(false)` past [`CHAT_LINES`] in [`CHAT_WINDOW_MS`].
    pub(super) fn chat_allowed(&mut self, peer: &str, now: Millis) -> Option<bool> {
        let p = self.peers.get_mut(peer)?;
        p.chats.retain(|t| now.since(*t) < CHAT_WINDOW_MS);
        if p.chats.len() >= CHAT_LINES {
            return Some(false);
        }
        p.chats.push(now);
        Some(true)
    }

    /// The peer this page plays or watches through: a player's proved
    /// opponent, a watching page's peer that plays a side (the last heard);
    /// `None` while there is none.
    pub(super) fn counterpart(&self) -> Option<&str> {
        self.peers
            .iter()
            .filter(|(_, p)| p.here() && matches!(p.kind, Kind::Opponent | Kind::Claimed(_)))
            .max_by_key(|(_, p)| p.heard)
            .map(|(id, _)| id.as_str())
    }

    /// How long the [`Admission::counterpart`] has been silent at `now`.
    pub(super) fn quiet_ms(&self, now: Millis) -> Option<Millis> {
        let peer = self.counterpart()?;
        self.peers.get(peer).map(|p| now.since(p.heard))
    }

    /// The [`Admission::counterpart`] has missed three of its own
    /// heartbeats (and at least [`QUIET_MS`]) at `now`. A peer whose
    /// heartbeat is not known yet (two pings) is never quiet.
    pub(super) fn quiet(&self, now: Millis) -> bool {
        self.counterpart()
            .and_then(|peer| self.peers.get(peer))
            .and_then(|p| {
                p.beat
                    .map(|beat| now.since(p.heard) >= QUIET_MS.max(beat * 3))
            })
            .unwrap_or(false)
    }

    /// Someone who plays (the opponent, or a seat a watching page follows)
    /// is here and answering at `now`.
    pub(super) fn players_here(&self, now: Millis) -> bool {
        self.peers
            .values()
            .any(|p| p.answering(now) && matches!(p.kind, Kind::Opponent | Kind::Claimed(_)))
    }
}
