//! Online tournaments, sans-IO: what the organizer's page and every other
//! page of a tournament say to each other, and what each believes.
//!
//! **The topology is a star.** A matchbox room is a full mesh (every page
//! connects to every other: 32 pages would hold 496 connections), so a
//! tournament does not put its pages in one room. The organizer's page is
//! the hub: it is in the *lobby* (the room of [`lobby_room`], the one the
//! link names), where newcomers and spectators meet it, and in one private
//! room per player ([`member_room`], named by both keys), where that
//! player's page meets it alone. A player's page is connected to the
//! organizer only (one connection, plus its board's game room while it
//! plays); the organizer holds one per player, plus the lobby's visitors.
//! Nothing is relayed page to page: the organizer sends its signed state to
//! each page itself.
//!
//! **Trust.** The link carries the organizer's public key. Every message
//! but a [`Body::Hello`] is signed by its sender's key, over the
//! tournament, the sender, a number that only grows and the message
//! ([`signed_bytes`]): a page believes the state only from the organizer's
//! key, and the organizer believes an entry, a report or a withdrawal only
//! from the player's own key, never twice (a replayed message is refused by
//! its number). Anyone else in a room can say anything and change nothing.
//!
//! **Results.** Both players of a board report its result, each signing it
//! with the game's record. The organizer checks every report against its
//! own engine (the record replays to an end, under the tournament's rules,
//! and that end is the result reported) and takes a result when the two
//! players' reports agree, or at once when a player reports its own loss.
//! Reports that disagree leave the board *disputed* for the organizer to
//! decide. A report names the board's room, and its record must be the
//! game of that board: between its two players, on their sides (a rematch
//! in the same room has them swapped, and is refused). A player who leaves
//! (a signed [`Body::Leave`]) is withdrawn.
//!
//! **Freshness.** A state the organizer sends to one page (the answer to
//! its hello, or its welcome on arrival) is addressed to that page's peer
//! id, which the signalling server gave it for this connection; states
//! sent to every page are addressed to nobody (`-`). A page believes its
//! first state after it opened only when it is addressed to one of its
//! own peer ids, and after that only newer ones: a genuine old state,
//! replayed by someone who kept it, is never shown. A page without a fresh
//! state asks again ([`Follower::ask`], with a backoff); the organizer
//! answers each peer's hello at most once every [`HELLO_EVERY_MS`], so a
//! flooding connection costs the hellos' shared allowance almost nothing.

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::identity::{PublicKey, SeatCert, SeatKey, Signature};
use super::limits::{Bucket, BURST, RATE, ROOM_BURST, ROOM_RATE};
use super::message::{escape_into, unescape, MAX_NAME};
use super::room::RoomCode;
use super::text::{clean_name, is_name, looks_same};
use crate::engine::clock::TimeControl;
use crate::engine::{Record, Rules};
use crate::tournament::text::parse;
use crate::tournament::{Entrant, Format, Player, Score, SetupError, Tournament, MAX_PLAYERS};

/// What every tournament message starts with, and its version.
const MAGIC: &str = "kharbga-tournament-net";
/// The protocol's version.
pub const TOURNAMENT_PROTOCOL: u32 = 2;
/// The longest message read (a report carries a whole record).
pub const MAX_TOURNAMENT_MESSAGE: usize = 128 * 1024;
/// What the saved and sent state starts with.
const STATE_MAGIC: &str = "kharbga-online-tournament 1";
/// The organizer answers one peer's hello at most once in this many ms.
pub const HELLO_EVERY_MS: f64 = 3_000.0;
/// A page without a fresh state asks first after this many ms, then
/// half as long again each time, up to [`ASK_AT_MOST_MS`].
pub const ASK_FIRST_MS: f64 = 3_000.0;
/// The longest wait between two hellos of a page.
pub const ASK_AT_MOST_MS: f64 = 10_000.0;
/// The addressee of a state sent to every page.
pub const EVERYONE: &str = "-";
/// The longest peer id a state is addressed to (matchbox's are UUIDs).
const MAX_PEER_ID: usize = 64;
/// The peer ids a follower remembers as its own (one a room it is in, and
/// those of links lost and opened again).
const OWN_IDS: usize = 8;

/// A room code from a hash of `parts`.
fn code(parts: &[&[u8]]) -> RoomCode {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part);
        hash.update(b"\n");
    }
    let digest = hash.finalize();
    let mut bytes = [0u8; 10];
    bytes.copy_from_slice(&digest[..10]);
    RoomCode::from_bytes(bytes)
}

/// The tournament's lobby: where the link leads, where newcomers and
/// spectators meet the organizer.
pub fn lobby_room(organizer: &PublicKey) -> RoomCode {
    code(&[
        b"kharbga-tournament-lobby",
        organizer.to_string().as_bytes(),
    ])
}

/// The private room of one player and the organizer.
pub fn member_room(organizer: &PublicKey, member: &PublicKey) -> RoomCode {
    code(&[
        b"kharbga-tournament-member",
        organizer.to_string().as_bytes(),
        member.to_string().as_bytes(),
    ])
}

/// Why the organizer refused a page's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The tournament has started: no more entries.
    Started,
    /// As many players as a tournament takes.
    Full,
    /// The name is empty, too long, or another player's.
    Name,
    /// Not a player of that board, or not a board of this tournament.
    NotYours,
    /// The record does not replay to an end, or not to the result sent,
    /// or not under the tournament's rules.
    Record,
    /// That board already has another result, or this player reported
    /// another one.
    Disagrees,
    /// The report names another room than the board's.
    Room,
    /// The record is not between the board's players on their sides (a
    /// rematch, or another game).
    Players,
}

impl Refusal {
    /// The token sent.
    pub const fn token(self) -> &'static str {
        match self {
            Refusal::Started => "started",
            Refusal::Full => "full",
            Refusal::Name => "name",
            Refusal::NotYours => "not-yours",
            Refusal::Record => "record",
            Refusal::Disagrees => "disagrees",
            Refusal::Room => "room",
            Refusal::Players => "players",
        }
    }

    fn from_token(token: &str) -> Option<Refusal> {
        [
            Refusal::Started,
            Refusal::Full,
            Refusal::Name,
            Refusal::NotYours,
            Refusal::Record,
            Refusal::Disagrees,
            Refusal::Room,
            Refusal::Players,
        ]
        .into_iter()
        .find(|r| r.token() == token)
    }
}

/// What a message says.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A page arrives (unsigned): the organizer answers with its state.
    Hello,
    /// A page enters the tournament under a name (before the start; again
    /// to change the name).
    Enter {
        /// The name.
        name: String,
    },
    /// A player's report of its board's result, with the game's record.
    Report {
        /// The round (from 0).
        round: u32,
        /// The board (from 0).
        board: u32,
        /// The host key of the room the game was played in.
        host: PublicKey,
        /// The result, from the board's first player's side.
        score: Score,
        /// The game's record.
        record: String,
    },
    /// The player leaves the tournament (it is withdrawn).
    Leave,
    /// A board's first player made its game's room: the room's host key
    /// (made for this board, see [`board_key`]) and its certificate of the
    /// second player's seat (that player's tournament key and name).
    Board {
        /// The round (from 0).
        round: u32,
        /// The board (from 0).
        board: u32,
        /// The room's host key.
        host: PublicKey,
        /// The host's signature of the second player's seat.
        cert: Signature,
    },
    /// The organizer's state (see [`State::to_text`]).
    State {
        /// The state's text.
        text: String,
        /// The peer id of the page it answers (a hello, an arrival), or
        /// [`EVERYONE`].
        to: String,
    },
    /// The organizer refused a page's message (the message's sender and
    /// number are named: a refusal is shown only to the page refused).
    Refused {
        /// Why.
        why: Refusal,
        /// The sender of the message refused.
        to: PublicKey,
        /// Its number.
        n: u64,
    },
}

impl Body {
    fn kind(&self) -> &'static str {
        match self {
            Body::Hello => "hello",
            Body::Enter { .. } => "enter",
            Body::Report { .. } => "report",
            Body::Leave => "leave",
            Body::Board { .. } => "board",
            Body::State { .. } => "state",
            Body::Refused { .. } => "refused",
        }
    }

    fn fields(&self) -> Vec<String> {
        match self {
            Body::Hello | Body::Leave => Vec::new(),
            Body::Enter { name } => vec![name.clone()],
            Body::Report {
                round,
                board,
                host,
                score,
                record,
            } => vec![
                round.to_string(),
                board.to_string(),
                host.to_string(),
                score.token().to_owned(),
                record.clone(),
            ],
            Body::Board {
                round,
                board,
                host,
                cert,
            } => vec![
                round.to_string(),
                board.to_string(),
                host.to_string(),
                cert.to_string(),
            ],
            Body::State { text, to } => vec![text.clone(), to.clone()],
            Body::Refused { why, to, n } => {
                vec![why.token().to_owned(), to.to_string(), n.to_string()]
            }
        }
    }

    fn read(kind: &str, fields: &[String]) -> Option<Body> {
        Some(match (kind, fields) {
            ("hello", []) => Body::Hello,
            ("leave", []) => Body::Leave,
            ("enter", [name]) => Body::Enter { name: name.clone() },
            ("report", [round, board, host, score, record]) => Body::Report {
                round: round.parse().ok()?,
                board: board.parse().ok()?,
                host: PublicKey::parse(host)?,
                score: Score::from_token(score).filter(|s| s.played())?,
                record: record.clone(),
            },
            ("board", [round, board, host, cert]) => Body::Board {
                round: round.parse().ok()?,
                board: board.parse().ok()?,
                host: PublicKey::parse(host)?,
                cert: Signature::parse(cert)?,
            },
            ("state", [text, to]) if !to.is_empty() && to.len() <= MAX_PEER_ID => Body::State {
                text: text.clone(),
                to: to.clone(),
            },
            ("refused", [why, to, n]) => Body::Refused {
                why: Refusal::from_token(why)?,
                to: PublicKey::parse(to)?,
                n: n.parse().ok()?,
            },
            _ => return None,
        })
    }
}

/// One message: who signed it (none for a hello), its number and
/// signature, and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    /// The signer and its number and signature.
    pub signed: Option<(PublicKey, u64, Signature)>,
    /// What it says.
    pub body: Body,
}

/// What a key signs: the tournament (its organizer's key), the signer, the
/// number, the kind and the fields.
pub fn signed_bytes(organizer: &PublicKey, from: &PublicKey, n: u64, body: &Body) -> Vec<u8> {
    let mut out = format!(
        "{MAGIC}/{TOURNAMENT_PROTOCOL}\n{organizer}\n{from}\n{n}\n{}",
        body.kind()
    );
    for field in body.fields() {
        out.push('\n');
        out.push_str(&escape(&field));
    }
    out.into_bytes()
}

fn escape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    escape_into(&mut out, field);
    out
}

/// `body` signed by `key` under number `n`, as sent.
pub fn seal(organizer: &PublicKey, key: &SeatKey, n: u64, body: &Body) -> String {
    let from = key.public();
    let signature = key.sign(&signed_bytes(organizer, &from, n, body));
    encode(&Envelope {
        signed: Some((from, n, signature)),
        body: body.clone(),
    })
}

/// The message as sent: tab-separated fields, escaped.
pub fn encode(envelope: &Envelope) -> String {
    let mut out = format!("{MAGIC}\t{TOURNAMENT_PROTOCOL}\t{}", envelope.body.kind());
    match &envelope.signed {
        Some((from, n, signature)) => {
            let _ = write!(out, "\t{from}\t{n}\t{signature}");
        }
        None => out.push_str("\t-\t-\t-"),
    }
    for field in envelope.body.fields() {
        out.push('\t');
        out.push_str(&escape(&field));
    }
    out
}

/// Reads a message (its shape only: the signature is the receiver's to
/// check). `None` for anything that is not one.
pub fn decode(text: &str) -> Option<Envelope> {
    if text.len() > MAX_TOURNAMENT_MESSAGE {
        return None;
    }
    let mut parts = text.split('\t');
    if parts.next()? != MAGIC || parts.next()? != TOURNAMENT_PROTOCOL.to_string() {
        return None;
    }
    let kind = parts.next()?;
    let (from, n, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let signed = match (from, n, signature) {
        ("-", "-", "-") => None,
        (from, n, signature) => Some((
            PublicKey::parse(from)?,
            n.parse().ok()?,
            Signature::parse(signature)?,
        )),
    };
    let fields: Vec<String> = parts.map(|f| unescape(f).ok()).collect::<Option<_>>()?;
    let body = Body::read(kind, &fields)?;
    // Only a hello goes unsigned.
    if signed.is_none() != (body == Body::Hello) {
        return None;
    }
    Some(Envelope { signed, body })
}

/// The tournament as every page sees it: its setup and players (before the
/// start, those who entered), the players' keys, and the boards in dispute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The tournament (before the start: no rounds, the entrants as its
    /// players, however few).
    pub tournament: Tournament,
    /// Whether it has started.
    pub started: bool,
    /// Each player's key, in the players' order.
    pub keys: Vec<PublicKey>,
    /// Boards (round, board) whose players' reports disagree.
    pub disputed: Vec<(usize, usize)>,
    /// The boards' game rooms, as their first players made them.
    pub rooms: Vec<BoardRoom>,
    /// Players' reports on boards still without a result (one waiting for
    /// the other's, or two that disagree).
    pub reports: Vec<Report>,
}

/// A player's report on a board still without a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The round (from 0).
    pub round: usize,
    /// The board (from 0).
    pub board: usize,
    /// The player who reported.
    pub player: usize,
    /// The result it reported.
    pub score: Score,
}

/// A board's game room: its host key (the board's first player's, made for
/// this board) and the host's certificate of the second player's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRoom {
    /// The round (from 0).
    pub round: usize,
    /// The board (from 0).
    pub board: usize,
    /// The room's host key.
    pub host: PublicKey,
    /// The host's signature of the second player's seat.
    pub cert: Signature,
}

/// The key a player's page makes for the room of its board (`round`,
/// `board`) in `organizer`'s tournament: drawn from its tournament key, so
/// a page opened again makes the same room.
pub fn board_key(key: &SeatKey, organizer: &PublicKey, round: usize, board: usize) -> SeatKey {
    let digest = Sha256::new()
        .chain_update(b"kharbga-tournament-board\n")
        .chain_update(key.to_text().as_bytes())
        .chain_update(format!("\n{organizer}\n{round}\n{board}").as_bytes())
        .finalize();
    let mut seed = [0u8; 32];
    seed.copy_from_slice(&digest);
    SeatKey::from_seed(seed)
}

/// Why a state could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateError;

impl State {
    /// The state's text: its own lines, `---`, then the tournament's text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{STATE_MAGIC}\nstarted {}\n", u8::from(self.started));
        for key in &self.keys {
            let _ = writeln!(out, "key {key}");
        }
        for (round, board) in &self.disputed {
            let _ = writeln!(out, "disputed {round} {board}");
        }
        for r in &self.rooms {
            let _ = writeln!(out, "room {} {} {} {}", r.round, r.board, r.host, r.cert);
        }
        for r in &self.reports {
            let _ = writeln!(
                out,
                "report {} {} {} {}",
                r.round,
                r.board,
                r.player,
                r.score.token()
            );
        }
        out.push_str("---\n");
        out.push_str(&self.tournament.to_text());
        out
    }

    /// Reads a state, checking it whole: the tournament's text (with its
    /// rounds against its players once started), one key per player, no
    /// key twice, disputes only on boards without a result.
    ///
    /// # Errors
    /// [`StateError`] when anything does not read or fit.
    pub fn from_text(text: &str) -> Result<State, StateError> {
        let (head, body) = text.split_once("\n---\n").ok_or(StateError)?;
        let mut lines = head.lines();
        if lines.next() != Some(STATE_MAGIC) {
            return Err(StateError);
        }
        let mut started = None;
        let mut keys = Vec::new();
        let mut disputed: Vec<(usize, usize)> = Vec::new();
        let mut rooms = Vec::new();
        let mut reports: Vec<Report> = Vec::new();
        for line in lines {
            let (key, rest) = line.split_once(' ').ok_or(StateError)?;
            match key {
                "started" => started = Some(rest == "1"),
                "key" if keys.len() < MAX_PLAYERS => {
                    keys.push(PublicKey::parse(rest).ok_or(StateError)?);
                }
                "disputed" => {
                    let (r, b) = rest.split_once(' ').ok_or(StateError)?;
                    disputed.push((
                        r.parse().map_err(|_| StateError)?,
                        b.parse().map_err(|_| StateError)?,
                    ));
                }
                "report" => {
                    let parts: Vec<&str> = rest.split(' ').collect();
                    let [r, b, p, score] = parts[..] else {
                        return Err(StateError);
                    };
                    let num = |t: &str| t.parse::<usize>().map_err(|_| StateError);
                    reports.push(Report {
                        round: num(r)?,
                        board: num(b)?,
                        player: num(p)?,
                        score: Score::from_token(score)
                            .filter(|s| s.played())
                            .ok_or(StateError)?,
                    });
                }
                "room" => {
                    let parts: Vec<&str> = rest.split(' ').collect();
                    let [r, b, host, cert] = parts[..] else {
                        return Err(StateError);
                    };
                    rooms.push(BoardRoom {
                        round: r.parse().map_err(|_| StateError)?,
                        board: b.parse().map_err(|_| StateError)?,
                        host: PublicKey::parse(host).ok_or(StateError)?,
                        cert: Signature::parse(cert).ok_or(StateError)?,
                    });
                }
                _ => return Err(StateError),
            }
        }
        let started = started.ok_or(StateError)?;
        let tournament = if started {
            Tournament::from_text(body).map_err(|_| StateError)?
        } else {
            let entries = parse(body).map_err(|_| StateError)?;
            if !entries.rounds.is_empty() {
                return Err(StateError);
            }
            entries
        };
        let mut sorted = keys.clone();
        sorted.sort_by_key(ToString::to_string);
        sorted.dedup();
        let fits = keys.len() == tournament.players.len()
            && sorted.len() == keys.len()
            && disputed.iter().all(|&(r, b)| {
                tournament
                    .rounds
                    .get(r)
                    .and_then(|round| round.get(b))
                    .is_some_and(|p| p.score.is_none() && p.second.is_some())
            });
        let state = State {
            tournament,
            started,
            keys,
            disputed,
            rooms: Vec::new(),
            reports: Vec::new(),
        };
        // A report is on an open board of its player, once.
        let reports_fit = reports.iter().enumerate().all(|(i, r)| {
            state
                .tournament
                .rounds
                .get(r.round)
                .and_then(|round| round.get(r.board))
                .is_some_and(|p| p.score.is_none() && p.second.is_some() && p.has(r.player))
                && reports[..i]
                    .iter()
                    .all(|o| (o.round, o.board, o.player) != (r.round, r.board, r.player))
        });
        // Every room's certificate seats the board's second player.
        let rooms_fit = rooms.iter().enumerate().all(|(i, r)| {
            state.room_fits(r)
                && rooms[..i]
                    .iter()
                    .all(|o| (o.round, o.board) != (r.round, r.board))
        });
        if !fits || !rooms_fit || !reports_fit {
            return Err(StateError);
        }
        Ok(State {
            rooms,
            reports,
            ..state
        })
    }

    /// True when `room` is of a board with two players and its certificate
    /// is its host's, of the second player's key and name.
    pub fn room_fits(&self, room: &BoardRoom) -> bool {
        let Some(pairing) = self
            .tournament
            .rounds
            .get(room.round)
            .and_then(|r| r.get(room.board))
        else {
            return false;
        };
        let Some(second) = pairing.second else {
            return false;
        };
        let (Some(key), Some(player)) =
            (self.keys.get(second), self.tournament.players.get(second))
        else {
            return false;
        };
        SeatCert {
            key: *key,
            name: player.name.clone(),
            signature: room.cert,
        }
        .is_from(&room.host)
    }

    /// The room of board `board` of round `round`, once made.
    pub fn room(&self, round: usize, board: usize) -> Option<&BoardRoom> {
        self.rooms
            .iter()
            .find(|r| (r.round, r.board) == (round, board))
    }

    /// The board (round, board) whose room's host key is `host`.
    pub fn board_of_room(&self, host: &PublicKey) -> Option<(usize, usize)> {
        self.rooms
            .iter()
            .find(|r| r.host == *host)
            .map(|r| (r.round, r.board))
    }

    /// The player whose key is `key`.
    pub fn player(&self, key: &PublicKey) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }

    /// `player`'s board in the round under way: (round, board), the board's
    /// pairing.
    pub fn board_of(&self, player: usize) -> Option<(usize, usize)> {
        let round = self.tournament.rounds.len().checked_sub(1)?;
        let board = self.tournament.rounds[round]
            .iter()
            .position(|p| p.has(player))?;
        Some((round, board))
    }
}

/// What the organizer's page does with what it received.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Nothing.
    Nothing,
    /// Send the state to the sender (a hello).
    State,
    /// The state changed: send it to every page.
    Changed,
    /// Tell the sender why its message was refused.
    Refused(Refusal),
}

/// The most keys whose last number the organizer's page remembers: the
/// players' always (and saved), strangers' only the most recent.
const REMEMBERED_KEYS: usize = 1_024;

/// Peers whose allowance the organizer's page remembers.
const REMEMBERED_PEERS: usize = 512;

/// The organizer's page: the tournament's referee.
#[derive(Debug)]
pub struct Organizer {
    key: SeatKey,
    state: State,
    /// The last number seen from each key.
    seen: Vec<(PublicKey, u64)>,
    /// The last number this page signed.
    n: u64,
    /// The sender and number of the message last refused (a refusal names
    /// them, so that it cannot be shown to another page).
    refused: Option<(PublicKey, u64)>,
    /// The record of each board whose result came from the players'
    /// reports: (round, board, the record's text).
    games: Vec<(usize, usize, String)>,
    /// Each peer's allowance (the most recent peers'), and the one all
    /// hellos and arrivals share (a new connection brings no new allowance
    /// for them).
    limits: Vec<Allowance>,
    hellos: Option<Bucket>,
}

/// One peer's allowance: its messages, and when its last hello (or its
/// arrival) was answered.
#[derive(Debug)]
struct Allowance {
    peer: String,
    bucket: Bucket,
    hello: Option<f64>,
}

impl Organizer {
    /// A new tournament, open for entries.
    pub fn new(
        key: SeatKey,
        name: String,
        rules: Rules,
        clock: Option<TimeControl>,
        format: Format,
    ) -> Organizer {
        let tournament = Tournament {
            name,
            rules,
            clock,
            format,
            players: Vec::new(),
            rounds: Vec::new(),
        };
        Organizer::with_state(
            key,
            State {
                tournament,
                started: false,
                keys: Vec::new(),
                disputed: Vec::new(),
                rooms: Vec::new(),
                reports: Vec::new(),
            },
        )
    }

    fn with_state(key: SeatKey, state: State) -> Organizer {
        Organizer {
            key,
            state,
            seen: Vec::new(),
            n: 0,
            refused: None,
            games: Vec::new(),
            limits: Vec::new(),
            hellos: None,
        }
    }

    /// The organizer's public key (the link's).
    pub fn public(&self) -> PublicKey {
        self.key.public()
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The state, signed, as sent to every page (`now`: this page's clock,
    /// in ms: numbers follow it, so a reloaded page numbers above what it
    /// signed before).
    pub fn state_message(&mut self, now: u64) -> String {
        self.state_to(EVERYONE, now)
    }

    /// The state, signed, addressed to the page of peer id `peer` (the
    /// answer to its hello): a page that just opened believes only such a
    /// state, so an old one replayed to it is never shown.
    pub fn state_to(&mut self, peer: &str, now: u64) -> String {
        self.n = now.max(self.n + 1);
        let to: String = peer.chars().take(MAX_PEER_ID).collect();
        let body = Body::State {
            text: self.state.to_text(),
            to: if to.is_empty() {
                EVERYONE.to_owned()
            } else {
                to
            },
        };
        seal(&self.key.public(), &self.key, self.n, &body)
    }

    /// The state for a page that just connected (`peer`, at `now` ms), if
    /// the arrivals' allowance has room: each arrival costs what a hello
    /// does.
    pub fn welcome(&mut self, peer: &str, now: f64) -> Option<String> {
        self.allowed(peer, true, now)
            .then(|| self.state_to(peer, now.max(0.0) as u64))
    }

    /// The refusal `why` of the message last refused, signed, naming its
    /// sender and number.
    pub fn refusal_message(&mut self, why: Refusal, now: u64) -> String {
        self.n = now.max(self.n + 1);
        let (to, n) = self.refused.unwrap_or((self.key.public(), 0));
        seal(
            &self.key.public(),
            &self.key,
            self.n,
            &Body::Refused { why, to, n },
        )
    }

    /// The organizer enters as a player too (before the start).
    ///
    /// # Errors
    /// The [`Refusal`] that says why not.
    pub fn enter_self(&mut self, name: &str) -> Result<(), Refusal> {
        let key = self.key.public();
        self.enter(key, name)
    }

    fn enter(&mut self, key: PublicKey, name: &str) -> Result<(), Refusal> {
        if self.state.started {
            return Err(Refusal::Started);
        }
        // Cleaned as the tournament's text keeps it: what every page reads
        // is what was compared.
        let name: String = clean_name(name).chars().take(MAX_NAME).collect();
        let name = name.trim().to_owned();
        if !is_name(&name) {
            return Err(Refusal::Name);
        }
        let players = &mut self.state.tournament.players;
        // A name that would look the same as another player's to a person
        // (case, invisible characters, look-alike letters) is taken.
        let taken = |p: &Player| looks_same(&p.name, &name);
        match self.state.keys.iter().position(|k| *k == key) {
            Some(i) => {
                if players.iter().enumerate().any(|(j, p)| j != i && taken(p)) {
                    return Err(Refusal::Name);
                }
                players[i].name = name;
            }
            None => {
                if players.len() == MAX_PLAYERS {
                    return Err(Refusal::Full);
                }
                if players.iter().any(taken) {
                    return Err(Refusal::Name);
                }
                players.push(Player {
                    name,
                    entrant: Entrant::Person,
                    withdrawn: None,
                });
                self.state.keys.push(key);
            }
        }
        Ok(())
    }

    /// Starts the tournament with those who entered: the first round is
    /// paired.
    ///
    /// # Errors
    /// [`SetupError`] when the players or the format do not fit.
    pub fn start(&mut self) -> Result<(), SetupError> {
        if self.state.started {
            return Ok(());
        }
        let t = &self.state.tournament;
        let mut tournament = Tournament::new(
            t.name.clone(),
            t.rules,
            t.clock,
            t.format,
            t.players.clone(),
        )?;
        tournament.pair_next();
        self.state.tournament = tournament;
        self.state.started = true;
        Ok(())
    }

    /// Whether `peer` may send one more message at `now` (ms): 40 at once,
    /// 20 a second after that, as in a game's room; hellos and arrivals
    /// (each answered with the whole state) share one allowance besides,
    /// and each peer's are answered at most once every [`HELLO_EVERY_MS`]
    /// (a page that has its state does not ask again, so more is a flood:
    /// it is dropped before it costs the shared allowance anything).
    fn allowed(&mut self, peer: &str, hello: bool, now: f64) -> bool {
        let index = match self.limits.iter().position(|a| a.peer == peer) {
            Some(i) => i,
            None => {
                if self.limits.len() == REMEMBERED_PEERS {
                    self.limits.remove(0);
                }
                self.limits.push(Allowance {
                    peer: peer.to_owned(),
                    bucket: Bucket::full(BURST, now),
                    hello: None,
                });
                self.limits.len() - 1
            }
        };
        let allowance = &mut self.limits[index];
        if hello && allowance.hello.is_some_and(|at| now - at < HELLO_EVERY_MS) {
            return false;
        }
        if !allowance.bucket.take(BURST, RATE, now) {
            return false;
        }
        if !hello {
            return true;
        }
        let shared = self
            .hellos
            .get_or_insert_with(|| Bucket::full(ROOM_BURST, now))
            .take(ROOM_BURST, ROOM_RATE, now);
        if shared {
            self.limits[index].hello = Some(now);
        }
        shared
    }

    /// Whether `n` is news from `from` (numbers only grow), remembered.
    fn news(&mut self, from: PublicKey, n: u64) -> bool {
        match self.seen.iter_mut().find(|(k, _)| *k == from) {
            Some((_, last)) if *last >= n => return false,
            Some((_, last)) => *last = n,
            None => {
                if self.seen.len() >= REMEMBERED_KEYS {
                    // The oldest stranger's number goes (a stranger's old
                    // message changes nothing: only players' are kept).
                    if let Some(i) = self
                        .seen
                        .iter()
                        .position(|(k, _)| !self.state.keys.contains(k))
                    {
                        self.seen.remove(i);
                    }
                }
                self.seen.push((from, n));
            }
        }
        true
    }

    /// Takes one message from the page `peer` (its peer id) at `now` (ms).
    pub fn receive(&mut self, peer: &str, text: &str, now: f64) -> Reply {
        let Some(envelope) = decode(text) else {
            return Reply::Nothing;
        };
        if !self.allowed(peer, envelope.signed.is_none(), now) {
            return Reply::Nothing;
        }
        let Some((from, n, signature)) = envelope.signed else {
            return Reply::State;
        };
        let organizer = self.key.public();
        if from == organizer
            || !from.verifies(
                &signed_bytes(&organizer, &from, n, &envelope.body),
                &signature,
            )
            || !self.news(from, n)
        {
            return Reply::Nothing;
        }
        let result = match envelope.body {
            Body::Enter { name } => self.enter(from, &name).map(|()| true),
            Body::Report {
                round,
                board,
                host,
                score,
                record,
            } => self.report(
                &from,
                (round as usize, board as usize),
                &host,
                score,
                &record,
            ),
            Body::Leave => Ok(self.leave(&from)),
            Body::Board {
                round,
                board,
                host,
                cert,
            } => self.board_room(
                &from,
                BoardRoom {
                    round: round as usize,
                    board: board as usize,
                    host,
                    cert,
                },
            ),
            Body::Hello | Body::State { .. } | Body::Refused { .. } => Ok(false),
        };
        match result {
            Ok(true) => Reply::Changed,
            Ok(false) => Reply::Nothing,
            Err(why) => {
                self.refused = Some((from, n));
                Reply::Refused(why)
            }
        }
    }

    /// A player's report: the cheap checks first (a result known, the same
    /// word again, the board's room), then the record replayed by the
    /// engine and its players checked (the board's, on their sides); taken
    /// at once when it concedes, or when it agrees with the other's report;
    /// kept (in the state, for every page to see) until the other reports;
    /// disputed when the two disagree.
    fn report(
        &mut self,
        from: &PublicKey,
        (round, board): (usize, usize),
        host: &PublicKey,
        score: Score,
        record: &str,
    ) -> Result<bool, Refusal> {
        let player = self.state.player(from).ok_or(Refusal::NotYours)?;
        let pairing = self
            .state
            .tournament
            .rounds
            .get(round)
            .and_then(|r| r.get(board))
            .filter(|p| p.has(player) && p.second.is_some())
            .ok_or(Refusal::NotYours)?
            .clone();
        if let Some(known) = pairing.score {
            return if known == score {
                Ok(false)
            } else {
                Err(Refusal::Disagrees)
            };
        }
        let own_loss = matches!(
            (score, pairing.first == player),
            (Score::SecondWins, true) | (Score::FirstWins, false)
        );
        let same_board = |r: &Report| (r.round, r.board) == (round, board);
        // A player's word counts once; it can only ever concede after it.
        if let Some(mine) = self
            .state
            .reports
            .iter()
            .find(|r| same_board(r) && r.player == player)
        {
            if mine.score == score {
                return Ok(false);
            }
            if !own_loss {
                return Err(Refusal::Disagrees);
            }
        }
        // The game of this board is played in its room, and nowhere else.
        if self.state.room(round, board).map(|r| r.host) != Some(*host) {
            return Err(Refusal::Room);
        }
        let text = record;
        let record = Record::from_text(text).map_err(|_| Refusal::Record)?;
        let game = &record.game;
        if *game.rules() != self.state.tournament.rules
            || record.timing.control != self.state.tournament.clock
            || game.outcome().is_none()
            || Score::of(game.outcome()) != score
        {
            return Err(Refusal::Record);
        }
        // Between the board's players, on their sides: a rematch in the
        // same room (sides swapped) is another game.
        let players = &self.state.tournament.players;
        let name = |p: Option<usize>| p.and_then(|p| players.get(p)).map(|p| p.name.trim());
        if Some(record.first.trim()) != name(Some(pairing.first))
            || Some(record.second.trim()) != name(pairing.second)
        {
            return Err(Refusal::Players);
        }
        let theirs = self
            .state
            .reports
            .iter()
            .find(|r| same_board(r) && r.player != player)
            .map(|r| r.score);
        if own_loss || theirs == Some(score) {
            self.games.push((round, board, text.to_owned()));
            self.settle(round, board, score);
            return Ok(true);
        }
        if theirs.is_some() && !self.state.disputed.contains(&(round, board)) {
            self.state.disputed.push((round, board));
        }
        self.state.reports.push(Report {
            round,
            board,
            player,
            score,
        });
        Ok(true)
    }

    /// A board's first player made its game's room: kept (once) when the
    /// board is its and still open, and the certificate seats the other.
    fn board_room(&mut self, from: &PublicKey, room: BoardRoom) -> Result<bool, Refusal> {
        let player = self.state.player(from).ok_or(Refusal::NotYours)?;
        let open = self
            .state
            .tournament
            .rounds
            .get(room.round)
            .and_then(|r| r.get(room.board))
            .is_some_and(|p| p.first == player && p.score.is_none());
        if !open || !self.state.room_fits(&room) {
            return Err(Refusal::NotYours);
        }
        match self.state.room(room.round, room.board) {
            Some(known) if *known == room => Ok(false),
            Some(_) => Err(Refusal::Disagrees),
            None => {
                self.state.rooms.push(room);
                Ok(true)
            }
        }
    }

    /// The organizer's decision on a board (a disputed one, or one played
    /// elsewhere).
    pub fn decide(&mut self, round: usize, board: usize, score: Score) -> bool {
        if !score.played() {
            return false;
        }
        let open = self
            .state
            .tournament
            .rounds
            .get(round)
            .and_then(|r| r.get(board))
            .is_some_and(|p| p.second.is_some() && p.score.is_none());
        if open {
            self.settle(round, board, score);
        }
        open
    }

    /// Records a board's result (the next round paired once it was the
    /// last) and forgets what was said about boards that have one.
    fn settle(&mut self, round: usize, board: usize, score: Score) {
        self.state.tournament.give_result(round, board, score);
        self.tidy();
    }

    /// Reports and disputes are kept only for boards without a result.
    fn tidy(&mut self) {
        let rounds = &self.state.tournament.rounds;
        let open = |r: usize, b: usize| {
            rounds
                .get(r)
                .and_then(|round| round.get(b))
                .is_some_and(|p| p.score.is_none())
        };
        self.state.reports.retain(|r| open(r.round, r.board));
        self.state.disputed.retain(|&(r, b)| open(r, b));
    }

    /// A player leaves: withdrawn from the round under way (its boards
    /// without a result are forfeited).
    fn leave(&mut self, from: &PublicKey) -> bool {
        let Some(player) = self.state.player(from) else {
            return false;
        };
        self.withdraw(player)
    }

    /// Withdraws `player` (it left, or the organizer says so); before the
    /// start, its entry is taken back.
    pub fn withdraw(&mut self, player: usize) -> bool {
        if !self.state.started {
            if player >= self.state.keys.len() {
                return false;
            }
            self.state.keys.remove(player);
            self.state.tournament.players.remove(player);
            return true;
        }
        let withdrawn = self.state.tournament.withdraw_now(player);
        self.tidy();
        withdrawn
    }

    /// The records of the games whose results the players reported, in
    /// the order of the rounds and boards (for the file of all games).
    pub fn records(&self) -> Vec<&str> {
        let mut games: Vec<&(usize, usize, String)> = self.games.iter().collect();
        games.sort_by_key(|(r, b, _)| (*r, *b));
        games
            .into_iter()
            .map(|(_, _, text)| text.as_str())
            .collect()
    }

    /// What the organizer's page saves: its secret key, its last number,
    /// the players' last numbers and the games' records, then the state.
    pub fn to_text(&self) -> String {
        let mut out = format!("secret {}\nn {}\n", self.key.to_text(), self.n);
        for (round, board, text) in &self.games {
            let _ = writeln!(out, "game {round} {board} {}", escape(text));
        }
        for (key, n) in self
            .seen
            .iter()
            .filter(|(k, _)| self.state.keys.contains(k))
        {
            let _ = writeln!(out, "seen {key} {n}");
        }
        out.push_str("===\n");
        out.push_str(&self.state.to_text());
        out
    }

    /// The organizer's page read back from what it saved.
    ///
    /// # Errors
    /// [`StateError`] when anything does not read or fit.
    pub fn from_text(text: &str) -> Result<Organizer, StateError> {
        let (head, state) = text.split_once("===\n").ok_or(StateError)?;
        let state = State::from_text(state)?;
        let mut key = None;
        let mut n = 0;
        let mut seen = Vec::new();
        let mut games = Vec::new();
        for line in head.lines() {
            if let Some(rest) = line.strip_prefix("game ") {
                // A game's record is kept when its board has its result
                // (one that does not fit is left out, never fatal).
                let mut parts = rest.splitn(3, ' ');
                let (Some(r), Some(b), Some(text)) = (parts.next(), parts.next(), parts.next())
                else {
                    continue;
                };
                let (Ok(r), Ok(b), Ok(text)) =
                    (r.parse::<usize>(), b.parse::<usize>(), unescape(text))
                else {
                    continue;
                };
                let done = state
                    .tournament
                    .rounds
                    .get(r)
                    .and_then(|round| round.get(b))
                    .is_some_and(|p| p.score.is_some());
                if done {
                    games.push((r, b, text));
                }
                continue;
            }
            let parts: Vec<&str> = line.split(' ').collect();
            match parts[..] {
                ["secret", text] => key = SeatKey::parse(text),
                ["n", text] => n = text.parse().map_err(|_| StateError)?,
                ["seen", k, m] if seen.len() < REMEMBERED_KEYS => seen.push((
                    PublicKey::parse(k).ok_or(StateError)?,
                    m.parse().map_err(|_| StateError)?,
                )),
                _ => return Err(StateError),
            }
        }
        let mut organizer = Organizer::with_state(key.ok_or(StateError)?, state);
        organizer.seen = seen;
        organizer.n = n;
        organizer.games = games;
        Ok(organizer)
    }
}

/// What a follower's page made of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Nothing new (or not believed: a stranger's, a replay, a forgery).
    Nothing,
    /// The organizer's new state.
    State,
    /// The organizer refused this page's last message.
    Refused(Refusal),
}

/// Where a board's result stands, as a page's last state shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// No result, and no report of this page's player.
    Open,
    /// This page's player reported; the other's report is awaited.
    Reported(Score),
    /// The board has its result.
    Settled(Score),
}

/// Any page but the organizer's: a player (with its key) or a spectator.
#[derive(Debug)]
pub struct Follower {
    organizer: PublicKey,
    key: Option<SeatKey>,
    state: Option<State>,
    /// The number of the organizer's last state.
    heard: u64,
    /// The last number this page signed.
    n: u64,
    /// This page's peer ids (the latest last), in the rooms it is in.
    ids: Vec<String>,
    /// A state addressed to this page was believed since it opened.
    fresh: bool,
    /// When this page asks for the state next (ms), and the wait after.
    ask_at: Option<f64>,
    ask_wait: f64,
}

impl Follower {
    /// A page following the tournament of `organizer` (the link's key),
    /// as the player of `key` or, without one, as a spectator.
    pub fn new(organizer: PublicKey, key: Option<SeatKey>) -> Follower {
        Follower {
            organizer,
            key,
            state: None,
            heard: 0,
            n: 0,
            ids: Vec::new(),
            fresh: false,
            ask_at: None,
            ask_wait: ASK_FIRST_MS,
        }
    }

    /// The signalling server gave this page `id` in one of its rooms: a
    /// state addressed to it is this page's.
    pub fn add_id(&mut self, id: &str) {
        if self.ids.iter().any(|i| i == id) {
            return;
        }
        if self.ids.len() == OWN_IDS {
            self.ids.remove(0);
        }
        self.ids.push(id.to_owned());
    }

    /// Whether this page believed a state addressed to it since it opened
    /// (until then it shows only what it kept, and asks again).
    pub fn is_fresh(&self) -> bool {
        self.fresh
    }

    /// The hello to send at `now` (ms), if this page has no fresh state and
    /// it is time to ask again: first [`ASK_FIRST_MS`] after the first
    /// call (the organizer's welcome usually comes before), then each wait
    /// half as long again, up to [`ASK_AT_MOST_MS`].
    pub fn ask(&mut self, now: f64) -> Option<String> {
        if self.fresh {
            return None;
        }
        match self.ask_at {
            None => {
                self.ask_at = Some(now + self.ask_wait);
                None
            }
            Some(at) if now >= at => {
                self.ask_wait = (self.ask_wait * 1.5).min(ASK_AT_MOST_MS);
                self.ask_at = Some(now + self.ask_wait);
                Some(Follower::hello())
            }
            Some(_) => None,
        }
    }

    /// Where the board of `round` and `board` stands, as this page's
    /// last state shows it.
    pub fn standing(&self, round: usize, board: usize) -> Option<Standing> {
        let state = self.state.as_ref()?;
        let pairing = state.tournament.rounds.get(round)?.get(board)?;
        if let Some(score) = pairing.score {
            return Some(Standing::Settled(score));
        }
        let me = self.me();
        Some(
            state
                .reports
                .iter()
                .find(|r| (r.round, r.board) == (round, board) && Some(r.player) == me)
                .map_or(Standing::Open, |r| Standing::Reported(r.score)),
        )
    }

    /// The state this page believed before it was closed (its own saved
    /// copy) and the organizer's number on it: shown until a newer state,
    /// and nothing older is believed after it.
    pub fn remember(&mut self, state: State, heard: u64) {
        if self.state.is_none() {
            self.state = Some(state);
            self.heard = heard;
        }
    }

    /// The organizer's number on the last state believed.
    pub fn heard(&self) -> u64 {
        self.heard
    }

    /// Whether this page's player has a report waiting on board `board` of
    /// round `round` (it is not sent again).
    pub fn reported(&self, round: usize, board: usize) -> bool {
        let (Some(state), Some(me)) = (self.state.as_ref(), self.me()) else {
            return false;
        };
        state
            .reports
            .iter()
            .any(|r| (r.round, r.board, r.player) == (round, board, me))
    }

    /// A spectator who joins takes `key`; a page that has one keeps it.
    pub fn set_key(&mut self, key: SeatKey) {
        if self.key.is_none() {
            self.key = Some(key);
        }
    }

    /// The organizer's key.
    pub fn organizer(&self) -> PublicKey {
        self.organizer
    }

    /// The last state believed.
    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }

    /// This page's player, once the state names its key.
    pub fn me(&self) -> Option<usize> {
        let key = self.key.as_ref()?.public();
        self.state.as_ref()?.player(&key)
    }

    /// The hello that asks the organizer for its state.
    pub fn hello() -> String {
        encode(&Envelope {
            signed: None,
            body: Body::Hello,
        })
    }

    /// `body`, signed by this page's key (none for a spectator).
    fn sign(&mut self, body: &Body, now: u64) -> Option<String> {
        let key = self.key.as_ref()?;
        self.n = now.max(self.n + 1);
        Some(seal(&self.organizer, key, self.n, body))
    }

    /// Enters under `name`.
    pub fn enter(&mut self, name: &str, now: u64) -> Option<String> {
        self.sign(
            &Body::Enter {
                name: name.to_owned(),
            },
            now,
        )
    }

    /// Reports a board's result with its game's record, played in the
    /// room of `host`.
    pub fn report(
        &mut self,
        (round, board): (usize, usize),
        host: PublicKey,
        score: Score,
        record: &str,
        now: u64,
    ) -> Option<String> {
        let body = Body::Report {
            round: u32::try_from(round).ok()?,
            board: u32::try_from(board).ok()?,
            host,
            score,
            record: record.to_owned(),
        };
        self.sign(&body, now)
    }

    /// This page's board of the round under way, when it plays the first
    /// side there against someone and the room is not made yet: the
    /// message that makes it (its key from [`board_key`], its certificate
    /// of the opponent's seat).
    pub fn make_room(&mut self, now: u64) -> Option<String> {
        let key = self.key.as_ref()?;
        let state = self.state.as_ref()?;
        let me = state.player(&key.public())?;
        let (round, board) = state.board_of(me)?;
        let pairing = &state.tournament.rounds[round][board];
        let second = pairing.second?;
        if pairing.first != me || pairing.score.is_some() || state.room(round, board).is_some() {
            return None;
        }
        let host = board_key(key, &self.organizer, round, board);
        let cert = SeatCert::issue(
            &host,
            *state.keys.get(second)?,
            state.tournament.players.get(second)?.name.clone(),
        );
        let body = Body::Board {
            round: u32::try_from(round).ok()?,
            board: u32::try_from(board).ok()?,
            host: host.public(),
            cert: cert.signature,
        };
        self.sign(&body, now)
    }

    /// This page's key (a player's).
    pub fn key(&self) -> Option<&SeatKey> {
        self.key.as_ref()
    }

    /// Leaves the tournament.
    pub fn leave(&mut self, now: u64) -> Option<String> {
        self.sign(&Body::Leave, now)
    }

    /// Takes one message: only the organizer's signed state, newer than the
    /// last, whole and consistent, is believed; until one addressed to this
    /// page came, only such a one (see the module's *Freshness*).
    pub fn receive(&mut self, text: &str) -> Heard {
        let Some(Envelope {
            signed: Some((from, n, signature)),
            body,
        }) = decode(text)
        else {
            return Heard::Nothing;
        };
        if from != self.organizer
            || n <= self.heard
            || !from.verifies(&signed_bytes(&self.organizer, &from, n, &body), &signature)
        {
            return Heard::Nothing;
        }
        match body {
            Body::State { text, to } => {
                let mine = self.ids.contains(&to);
                if !(mine || self.fresh && to == EVERYONE) {
                    return Heard::Nothing;
                }
                match State::from_text(&text) {
                    Ok(state) => {
                        self.heard = n;
                        self.state = Some(state);
                        self.fresh = true;
                        Heard::State
                    }
                    Err(StateError) => Heard::Nothing,
                }
            }
            Body::Refused { why, to, n: theirs } => {
                let mine = self.key.as_ref().map(SeatKey::public);
                if mine != Some(to) || theirs != self.n {
                    return Heard::Nothing;
                }
                self.heard = n;
                Heard::Refused(why)
            }
            _ => Heard::Nothing,
        }
    }
}
