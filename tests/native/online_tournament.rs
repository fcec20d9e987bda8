//! Online tournaments (`src/net/tournament/`): entries, the organizer's
//! signed state, reports checked against the engine and taken only when
//! both players agree (or one concedes), disputes, withdrawals, forgeries
//! and replays refused, and the organizer's page reloaded mid-round. Here,
//! the club the tests start from; the tests, by concern, in
//! `online_tournament/`.

mod entries;
mod results;
mod states;

use kharbga::engine::{BoardSize, Millis, Rules};
use kharbga::net::identity::{PublicKey, SeatKey};
use kharbga::net::tournament::{ended_record, Follower, Heard, Organizer, Reply};
use kharbga::tournament::{BoardRef, Format, Score};

use crate::net::key;

/// The organizer takes a message from one peer, a tenth of a second after
/// the last (well within any allowance).
trait Take {
    fn take(&mut self, text: &str) -> Reply;
}

impl Take for Organizer {
    fn take(&mut self, text: &str) -> Reply {
        thread_local!(static NOW: std::cell::Cell<Millis> = const { std::cell::Cell::new(Millis::ZERO) });
        let now = NOW.with(|n| {
            n.set(n.get() + Millis(100));
            n.get()
        });
        self.receive("peer", text, now)
    }
}

const NAMES: [&str; 4] = ["Amel", "Youssef", "نورة", "Karim"];

/// An untimed Seega 5×5 tournament named `name`, in `format`, organized
/// with `key`.
fn seega_cup(key: SeatKey, name: &str, format: Format) -> Organizer {
    Organizer::new(
        key,
        name.to_owned(),
        Rules::seega(BoardSize::Five),
        None,
        format,
    )
}

/// A tournament of four followers (keys 11..14) with `format`, entered and
/// started; every follower has the first state.
struct Club {
    organizer: Organizer,
    players: Vec<Follower>,
    spectator: Follower,
    now: u64,
}

impl Club {
    fn new(format: Format) -> Club {
        let mut organizer = seega_cup(key(10), "Club night", format);
        let public = organizer.public();
        let mut players: Vec<Follower> = (11..15)
            .map(|n| Follower::new(public, Some(key(n))))
            .collect();
        for (i, p) in players.iter_mut().enumerate() {
            p.add_id(&format!("player{i}"));
        }
        let mut spectator = Follower::new(public, None);
        spectator.add_id("spectator");
        let mut now = 1_000;
        for (p, name) in players.iter_mut().zip(NAMES) {
            now += 1;
            let entry = p.enter(name, now).unwrap();
            assert_eq!(organizer.take(&entry), Reply::Changed);
        }
        organizer.start().unwrap();
        // Each page's first state is addressed to it (its welcome).
        for (i, p) in players.iter_mut().enumerate() {
            now += 1;
            let welcome = organizer.state_to(&format!("player{i}"), now);
            assert_eq!(p.receive(&welcome), Heard::State);
        }
        now += 1;
        assert_eq!(
            spectator.receive(&organizer.state_to("spectator", now)),
            Heard::State
        );
        Club {
            organizer,
            players,
            spectator,
            now,
        }
    }

    /// [`Club::new`], and the room of round 1's first board made by its
    /// first player: `(club, that board's players, the room's host key)`.
    fn with_first_room(format: Format) -> (Club, (usize, usize), PublicKey) {
        let mut club = Club::new(format);
        let players = club.board(0);
        let host = club.room(0, 0);
        (club, players, host)
    }

    /// The organizer's state to every page.
    fn broadcast(&mut self) {
        self.now += 1;
        let state = self.organizer.state_message(self.now);
        for p in self.players.iter_mut().chain([&mut self.spectator]) {
            assert_eq!(p.receive(&state), Heard::State);
        }
    }

    /// Player `p` reports `score` on its board of the round under way,
    /// with the record of that board's game.
    fn report(&mut self, p: usize, score: Score) -> Reply {
        let state = self.organizer.state().clone();
        let BoardRef { round, board } = state.board_of(p).unwrap();
        let host = self.room(round, board);
        let record = self.record(round, board, score);
        self.now += 1;
        let message = self.report_with(p, (round, board), host, score, &record, self.now);
        self.organizer.take(&message)
    }

    /// Player `p`'s report, numbered `n`, of `score` on board `board` of
    /// round `round`, played in the room of `host`, with `record`.
    fn report_with(
        &mut self,
        p: usize,
        (round, board): (usize, usize),
        host: PublicKey,
        score: Score,
        record: &str,
        n: u64,
    ) -> String {
        self.players[p]
            .report_on(BoardRef::new(round, board), host, score, record, n)
            .unwrap()
    }

    /// The host key of the room of board `board` of round `round` (of the
    /// round under way), made by its first player if it was not yet.
    fn room(&mut self, round: usize, board: usize) -> PublicKey {
        let at = BoardRef::new(round, board);
        if let Some(room) = self.organizer.state().room(at) {
            return room.host;
        }
        let first = self.organizer.state().tournament.rounds()[round][board].first;
        self.now += 1;
        let made = self.players[first].make_room(self.now).unwrap();
        assert_eq!(self.organizer.take(&made), Reply::Changed);
        self.broadcast();
        self.organizer.state().room(at).unwrap().host
    }

    /// The names of the players of a board, first side first.
    fn names(&self, round: usize, board: usize) -> (String, String) {
        let t = &self.organizer.state().tournament;
        let pairing = &t.rounds()[round][board];
        (
            t.players()[pairing.first].name.clone(),
            t.players()[pairing.second.unwrap()].name.clone(),
        )
    }

    /// The record of a board's game that ends as `score` says.
    fn record(&self, round: usize, board: usize, score: Score) -> String {
        let (first, second) = self.names(round, board);
        ended_record(score, (&first, &second))
    }

    /// The players of board `b` of the round under way.
    fn board(&self, b: usize) -> (usize, usize) {
        let state = self.organizer.state();
        let pairing = &state.tournament.rounds().last().unwrap()[b];
        (pairing.first, pairing.second.unwrap())
    }
}
