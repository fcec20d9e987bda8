//! A follower's page as a controller, without the network: where its own
//! player stands (what its notice says: [`Place`]), and what it sends after
//! each state it believes (its board's room, its reports). The page
//! (`src/app/tournament/`) owns the links, the storage and the library,
//! and shows and sends what [`Follower`] says.

use super::follower::Follower;
use super::state::BoardRoom;
use crate::engine::Side;
use crate::tournament::{BoardRef, Score};

/// Where this page's player is, as its last state shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Not a player, and the tournament has not started: it may enter.
    Outside,
    /// Not a player, and the tournament has started: it watches.
    Watching,
    /// Entered under this name; the start is awaited.
    Entered(String),
    /// Withdrawn (it left).
    Left,
    /// Playing: its board of the round under way (none once the
    /// tournament is over: there is no next round to wait for).
    Playing(Option<MyBoard>),
}

/// This page's player's board in the round under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MyBoard {
    /// A bye: no game this round.
    Bye,
    /// The board has its result.
    Done,
    /// To play: the board, this player's side, its opponent, and the
    /// board's room once its first player made it.
    Play {
        /// The board.
        at: BoardRef,
        /// This player's side.
        side: Side,
        /// The opponent's name.
        opponent: String,
        /// The game's room, once made.
        room: Option<BoardRoom>,
    },
    /// This player reported `score`; the opponent's report is awaited.
    Reported {
        /// The result reported, from the first side's view.
        score: Score,
        /// The opponent's name.
        opponent: String,
    },
    /// The two reports disagree: the organizer decides.
    Disputed {
        /// The opponent's name.
        opponent: String,
    },
}

impl Follower {
    /// Where this page's player is, once a state was believed.
    pub fn place(&self) -> Option<Place> {
        let state = self.state()?;
        let t = &state.tournament;
        let me = self.me().and_then(|p| Some((p, t.player(p)?)));
        Some(match me {
            None if !state.started => Place::Outside,
            None => Place::Watching,
            Some((_, player)) if player.withdrawn.is_some() => Place::Left,
            Some((_, player)) if !state.started => Place::Entered(player.name.clone()),
            Some((p, _)) => Place::Playing((!t.is_over()).then(|| self.my_board(p)).flatten()),
        })
    }

    /// Player `p`'s board in the round under way.
    fn my_board(&self, p: usize) -> Option<MyBoard> {
        let state = self.state()?;
        let t = &state.tournament;
        let at = t.board_of(p)?;
        let pairing = t.pairing(at)?;
        let Some(opponent) = pairing.opponent(p).and_then(|o| t.player(o)) else {
            return Some(MyBoard::Bye);
        };
        let opponent = opponent.name.clone();
        if pairing.score.is_some() {
            return Some(MyBoard::Done);
        }
        let report = state
            .reports
            .iter()
            .find(|r| (r.board, r.player) == (at, p));
        Some(match report {
            // (Reports that disagree are the organizer's to decide.)
            Some(_) if state.disputed.contains(&at) => MyBoard::Disputed { opponent },
            Some(r) => MyBoard::Reported {
                score: r.score,
                opponent,
            },
            None => MyBoard::Play {
                at,
                side: if pairing.first == p {
                    Side::First
                } else {
                    Side::Second
                },
                opponent,
                room: state.room(at).copied(),
            },
        })
    }

    /// What this page's player sends after a state, at `now` (ms): the room
    /// of its board when it plays the first side there and the room is not
    /// made yet, and a report of each of its boards without a result whose
    /// game has ended (both players report; the organizer checks and
    /// compares) and which it has not reported yet. `ended` finds a board's
    /// game in this page's library: the one played in the board's room
    /// between its players on their sides (first side first), with its
    /// result and record, once it has ended.
    pub fn follow_up(
        &mut self,
        now: u64,
        ended: impl Fn(&BoardRoom, (&str, &str)) -> Option<(Score, String)>,
    ) -> Vec<String> {
        let mut out: Vec<String> = self.make_room(now).into_iter().collect();
        let (Some(state), Some(me)) = (self.state().cloned(), self.me()) else {
            return out;
        };
        for room in &state.rooms {
            let open = state
                .tournament
                .pairing(room.board)
                .is_some_and(|p| p.has(me) && p.score.is_none());
            if !open || self.reported(room.board) {
                continue;
            }
            let Some((first, second)) = state.board_names(room.board) else {
                continue;
            };
            if let Some((score, record)) = ended(room, (&first, &second)) {
                out.extend(self.report_on(room.board, room.host, score, &record, now));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Millis, Rules};
    use crate::net::identity::SeatKey;
    use crate::net::tournament::{ended_record, Heard, Organizer, Reply};
    use crate::tournament::Format;

    fn key(n: u8) -> SeatKey {
        SeatKey::from_seed([n; 32])
    }

    /// Three players (a board and a bye each round) and a spectator.
    struct Three {
        organizer: Organizer,
        pages: Vec<Follower>,
        now: u64,
    }

    impl Three {
        fn new() -> Three {
            let organizer = Organizer::new(
                key(10),
                "Club".to_owned(),
                Rules::seega(BoardSize::Five),
                None,
                Format::RoundRobin { double: false },
            );
            let public = organizer.public();
            let mut pages: Vec<Follower> = (0..3)
                .map(|i| Follower::new(public, Some(key(11 + i))))
                .chain([Follower::new(public, None)])
                .collect();
            for (i, page) in pages.iter_mut().enumerate() {
                page.add_id(&format!("p{i}"));
            }
            let mut three = Three {
                organizer,
                pages,
                now: 1_000,
            };
            three.show();
            three
        }

        /// Page `i` sends what `make` makes of it; the organizer takes it.
        fn send(&mut self, i: usize, make: impl Fn(&mut Follower, u64) -> Vec<String>) {
            self.now += 1;
            for text in make(&mut self.pages[i], self.now) {
                self.now += 1;
                let reply = self
                    .organizer
                    .receive(&format!("p{i}"), &text, Millis(self.now));
                assert!(matches!(reply, Reply::Changed), "{reply:?}");
            }
        }

        /// The organizer's state to each page, addressed to it.
        fn show(&mut self) {
            for (i, page) in self.pages.iter_mut().enumerate() {
                self.now += 1;
                let state = self.organizer.state_to(&format!("p{i}"), self.now);
                assert_eq!(page.receive(&state), Heard::State);
            }
        }

        fn place(&self, i: usize) -> Place {
            self.pages[i].place().unwrap()
        }
    }

    #[test]
    fn each_page_sees_where_its_player_stands_and_sends_its_room_and_reports() {
        let mut club = Three::new();
        assert_eq!(club.place(0), Place::Outside);
        for (i, name) in ["Amel", "Youssef", "Ines"].into_iter().enumerate() {
            club.send(i, |f, now| f.enter(name, now).into_iter().collect());
        }
        club.show();
        assert_eq!(club.place(1), Place::Entered("Youssef".to_owned()));
        assert_eq!(club.place(3), Place::Outside);
        club.organizer.start().unwrap();
        club.show();
        assert_eq!(club.place(3), Place::Watching);
        // Round 1 (Berger's table for three): a board and a bye.
        let t = &club.organizer.state().tournament;
        let board = t
            .current_round()
            .iter()
            .find(|p| p.second.is_some())
            .unwrap();
        let (a, b) = (board.first, board.second.unwrap());
        let rest = 3 - a - b;
        assert_eq!(club.place(rest), Place::Playing(Some(MyBoard::Bye)));
        let at = t.board_of(a).unwrap();
        let names = ["Amel", "Youssef", "Ines"];
        let Place::Playing(Some(MyBoard::Play {
            side,
            room,
            opponent,
            ..
        })) = club.place(a)
        else {
            panic!("{:?}", club.place(a));
        };
        assert_eq!(
            (side, room, opponent.as_str()),
            (Side::First, None, names[b])
        );
        // Nothing ended yet: the first player makes the room, and only it.
        let nothing = |_: &BoardRoom, _: (&str, &str)| None;
        club.send(b, |f, now| f.follow_up(now, nothing));
        club.send(a, |f, now| f.follow_up(now, nothing));
        club.show();
        let made = *club.organizer.state().room(at).expect("the room is made");
        let Place::Playing(Some(MyBoard::Play { side, room, .. })) = club.place(b) else {
            panic!("{:?}", club.place(b));
        };
        assert_eq!((side, room), (Side::Second, Some(made)));
        assert!(
            club.pages[a].follow_up(club.now, nothing).is_empty(),
            "made once"
        );
        // Both claim the win: each reports once, and sees the dispute.
        let claim = |winner: Score| {
            let record = ended_record(winner, (names[a], names[b]));
            move |r: &BoardRoom, players: (&str, &str)| {
                assert_eq!((r.host, players), (made.host, (names[a], names[b])));
                Some((winner, record.clone()))
            }
        };
        club.send(a, |f, now| f.follow_up(now, claim(Score::FirstWins)));
        club.show();
        let reported = MyBoard::Reported {
            score: Score::FirstWins,
            opponent: names[b].to_owned(),
        };
        assert_eq!(club.place(a), Place::Playing(Some(reported)));
        assert!(club.pages[a]
            .follow_up(club.now, claim(Score::FirstWins))
            .is_empty());
        club.send(b, |f, now| f.follow_up(now, claim(Score::SecondWins)));
        club.show();
        let disputed = MyBoard::Disputed {
            opponent: names[a].to_owned(),
        };
        assert_eq!(club.place(b), Place::Playing(Some(disputed)));
        // The organizer decides: the next round is paired; the bye's
        // player leaves, and sees it.
        assert!(club.organizer.decide(at, Score::Draw));
        assert_eq!(club.organizer.state().tournament.rounds().len(), 2);
        club.send(rest, |f, now| f.leave(now).into_iter().collect());
        club.show();
        assert_eq!(club.place(rest), Place::Left);
    }
}
