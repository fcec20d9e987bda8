//! The tournament as every page sees it ([`State`]) and its text (as sent
//! and as saved), and the boards' game rooms. (What the organizer's page
//! saves besides, its key, numbers and the games' records, is the
//! organizer's own text.)

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use crate::net::identity::{PublicKey, SeatCert, SeatKey, Signature};
use crate::tournament::text::parse;
use crate::tournament::{BoardRef, Score, Tournament, MAX_PLAYERS};

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
    /// Boards whose players' reports disagree.
    pub disputed: Vec<BoardRef>,
    /// The boards' game rooms, as their first players made them.
    pub rooms: Vec<BoardRoom>,
    /// Players' reports on boards still without a result (one waiting for
    /// the other's, or two that disagree).
    pub reports: Vec<Report>,
}

/// A player's report on a board still without a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The board.
    pub board: BoardRef,
    /// The player who reported.
    pub player: usize,
    /// The result it reported.
    pub score: Score,
}

/// A board's game room: its host key (the board's first player's, made for
/// this board) and the host's certificate of the second player's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRoom {
    /// The board.
    pub board: BoardRef,
    /// The room's host key.
    pub host: PublicKey,
    /// The host's signature of the second player's seat.
    pub cert: Signature,
}

/// The key a player's page makes for the room of its board `at` in
/// `organizer`'s tournament: drawn from its tournament key, so a page
/// opened again makes the same room.
pub fn board_key(key: &SeatKey, organizer: &PublicKey, at: BoardRef) -> SeatKey {
    let BoardRef { round, board } = at;
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
        for at in &self.disputed {
            let _ = writeln!(out, "disputed {at}");
        }
        for r in &self.rooms {
            let _ = writeln!(out, "room {} {} {}", r.board, r.host, r.cert);
        }
        for r in &self.reports {
            let _ = writeln!(out, "report {} {} {}", r.board, r.player, r.score.token());
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
        State::read(text, false)
    }

    /// A state this page kept itself (an organizer's, a follower's last):
    /// read as [`State::from_text`] reads one from the organizer, but a
    /// board's room whose certificate an earlier protocol signed is left
    /// out rather than refusing the whole state (its first player's page
    /// makes it again, under this protocol).
    ///
    /// # Errors
    /// [`StateError`] when anything does not read or fit.
    pub fn from_stored(text: &str) -> Result<State, StateError> {
        State::read(text, true)
    }

    fn read(text: &str, stored: bool) -> Result<State, StateError> {
        let (head, body) = text.split_once("\n---\n").ok_or(StateError)?;
        let mut lines = head.lines();
        if lines.next() != Some(STATE_MAGIC) {
            return Err(StateError);
        }
        let mut started = None;
        let mut keys = Vec::new();
        let mut disputed: Vec<BoardRef> = Vec::new();
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
                    disputed.push(BoardRef::parse(r, b).ok_or(StateError)?);
                }
                "report" => {
                    let [r, b, p, score] = fields(rest)?;
                    reports.push(Report {
                        board: BoardRef::parse(r, b).ok_or(StateError)?,
                        player: p.parse().map_err(|_| StateError)?,
                        score: Score::from_token(score)
                            .filter(|s| s.played())
                            .ok_or(StateError)?,
                    });
                }
                "room" => {
                    let [r, b, host, cert] = fields(rest)?;
                    rooms.push(BoardRoom {
                        board: BoardRef::parse(r, b).ok_or(StateError)?,
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
            if !entries.rounds().is_empty() {
                return Err(StateError);
            }
            entries
        };
        let mut sorted = keys.clone();
        sorted.sort_by_key(ToString::to_string);
        sorted.dedup();
        let fits = keys.len() == tournament.players().len()
            && sorted.len() == keys.len()
            && disputed.iter().all(|&at| {
                tournament
                    .pairing(at)
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
                .pairing(r.board)
                .is_some_and(|p| p.score.is_none() && p.second.is_some() && p.has(r.player))
                && reports[..i]
                    .iter()
                    .all(|o| (o.board, o.player) != (r.board, r.player))
        });
        if stored {
            rooms.retain(|r| !state.room_fits_earlier_protocol(r));
        }
        // Every room's certificate seats the board's second player.
        let rooms_fit = rooms
            .iter()
            .enumerate()
            .all(|(i, r)| state.room_fits(r) && rooms[..i].iter().all(|o| o.board != r.board));
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
        self.seat_of(room)
            .is_some_and(|cert| cert.is_from(&room.host))
    }

    /// The certificate `room` says it is: the board's second player's key
    /// and name under the room's signature (`None` when the board has no
    /// second player).
    fn seat_of(&self, room: &BoardRoom) -> Option<SeatCert> {
        let second = self.tournament.pairing(room.board)?.second?;
        Some(SeatCert {
            key: *self.keys.get(second)?,
            name: self.tournament.player(second)?.name.clone(),
            signature: room.cert,
        })
    }

    /// True when `room`'s certificate seats the board's second player under
    /// the purpose an earlier protocol signed (and not this one's).
    fn room_fits_earlier_protocol(&self, room: &BoardRoom) -> bool {
        self.seat_of(room).is_some_and(|cert| {
            !cert.is_from(&room.host) && cert.is_from_earlier_protocol(&room.host)
        })
    }

    /// The room of board `at`, once made.
    pub fn room(&self, at: BoardRef) -> Option<&BoardRoom> {
        self.rooms.iter().find(|r| r.board == at)
    }

    /// The board whose room's host key is `host`.
    pub fn board_hosted_by(&self, host: &PublicKey) -> Option<BoardRef> {
        self.rooms.iter().find(|r| r.host == *host).map(|r| r.board)
    }

    /// The names of board `at`'s two players, first side first.
    pub fn board_names(&self, at: BoardRef) -> Option<(String, String)> {
        let t = &self.tournament;
        let pairing = t.pairing(at)?;
        Some((
            t.player(pairing.first)?.name.clone(),
            t.player(pairing.second?)?.name.clone(),
        ))
    }

    /// The player whose key is `key`.
    pub fn player(&self, key: &PublicKey) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }

    /// `player`'s board in the round under way.
    pub fn board_of(&self, player: usize) -> Option<BoardRef> {
        self.tournament.board_of(player)
    }
}

/// The `N` fields of a line's rest, split at each space: exactly `N`.
fn fields<const N: usize>(rest: &str) -> Result<[&str; N], StateError> {
    let parts: Vec<&str> = rest.split(' ').collect();
    parts.try_into().map_err(|_| StateError)
}
