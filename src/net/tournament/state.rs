//! The tournament as every page sees it ([`State`]) and its text (as sent
//! and as saved), the boards' game rooms, and what the organizer's page
//! saves besides (its key, numbers and the games' records: the
//! [`Organizer`]'s text).

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::organizer::{Organizer, REMEMBERED_KEYS};
use super::wire::escape;
use crate::net::identity::{PublicKey, SeatCert, SeatKey, Signature};
use crate::net::message::unescape;
use crate::tournament::text::parse;
use crate::tournament::{Score, Tournament, MAX_PLAYERS};

/// What the saved and sent state starts with.
const STATE_MAGIC: &str = "kharbga-online-tournament 1";

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

impl Organizer {
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
