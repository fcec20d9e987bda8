//! The board of an online game follows the one game its table referees:
//! by what changed in it ([`GameChange`], among the table's events), each
//! change applied to the board's controller as the engine applies it (a
//! ply, plies taken back, an end), never by comparing or copying the whole
//! game. Only a game replaced outright (another start, a newcomer's first
//! game), or a board found out of step, takes the table's game whole.

use crate::app::play::controller::Controller;
use crate::engine::{Game, PlayedPly};
use crate::net::table::{Event, GameChange};

/// The game's changes among a step's `events`, in order (what the board
/// follows).
pub fn game_changes(events: &[Event]) -> Vec<GameChange> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Game(change) => Some(change.clone()),
            _ => None,
        })
        .collect()
}

/// Applies `changes` (a step of the table, in order) to `controller`, the
/// board of the table whose game is now `game`: the plies it played, to be
/// announced. Should a change not apply (or one replace the game), or the
/// board not end up where the table is, the board takes `game` whole.
pub fn follow(controller: &mut Controller, changes: &[GameChange], game: &Game) -> Vec<PlayedPly> {
    let mut played = Vec::new();
    let mut in_step = true;
    for change in changes {
        in_step = match change {
            GameChange::Played(ply) => controller
                .follow_ply(ply)
                .map(|ply| played.push(ply))
                .is_some(),
            GameChange::TookBack { plies } => {
                controller.take_back_to(*plies);
                true
            }
            GameChange::Ended(outcome) => controller.end(*outcome),
            GameChange::Replaced => false,
        };
        if !in_step {
            break;
        }
    }
    if !in_step || !same_place(controller.game(), game) {
        // (Announced as before: a game that jumps announces nothing.)
        played.clear();
        controller.follow(game);
    }
    played
}

/// The two games stand at the same place: as many plies, the same
/// position and the same end (a look at where they are, not at the whole
/// game).
fn same_place(board: &Game, table: &Game) -> bool {
    board.plies().len() == table.plies().len()
        && board.position() == table.position()
        && board.outcome() == table.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::controller::Response;
    use crate::engine::game_clones;
    use crate::engine::{Millis, Ply, Rules, Side};
    use crate::net::identity::SeatKey;
    use crate::net::table::{Event, Table};

    /// Pages wired to each other in memory, each with its board: every
    /// message goes through the table's encoding and `receive`, every step's
    /// game changes to that page's board.
    struct Room {
        pages: Vec<(String, Table, Controller)>,
        queue: Vec<(String, String, String)>,
        now: Millis,
    }

    impl Room {
        fn add(&mut self, id: &str, mut table: Table) -> usize {
            let _ = table.set_id(id.to_owned(), self.now);
            let board = Controller::from_game(table.game().clone()).refereed_elsewhere();
            self.pages.push((id.to_owned(), table, board));
            let me = self.pages.len() - 1;
            for other in 0..me {
                let other_id = self.pages[other].0.clone();
                let now = self.now;
                let events = self.pages[me].1.connected(other_id, now);
                self.step(me, events);
                let events = self.pages[other].1.connected(id.to_owned(), now);
                self.step(other, events);
            }
            self.run();
            me
        }

        /// What a step of page `page`'s table says: its messages sent, its
        /// game changes to its board (as `Room::process` does on the page).
        fn step(&mut self, page: usize, events: Vec<Event>) {
            let (from, table, board) = &mut self.pages[page];
            let changes = game_changes(&events);
            if !changes.is_empty() {
                follow(board, &changes, table.game());
            }
            let from = from.clone();
            let out = table.outgoing(&events);
            for (to, text) in out {
                let to: Vec<String> = match to {
                    Some(to) => vec![to],
                    None => self
                        .pages
                        .iter()
                        .map(|(id, _, _)| id.clone())
                        .filter(|id| *id != from)
                        .collect(),
                };
                for to in to {
                    self.queue.push((from.clone(), to, text.clone()));
                }
            }
        }

        fn run(&mut self) {
            while !self.queue.is_empty() {
                let (from, to, text) = self.queue.remove(0);
                self.now += Millis(10);
                let Some(page) = self.pages.iter().position(|(id, _, _)| *id == to) else {
                    continue;
                };
                let now = self.now;
                let events = self.pages[page].1.receive(&from, &text, now);
                self.step(page, events);
            }
        }

        /// A heartbeat on every page (pings, their pongs, and the flag
        /// looked at, as the page does ten times a second).
        fn heartbeat(&mut self) {
            self.now += Millis(500);
            for page in 0..self.pages.len() {
                let now = self.now;
                let events = self.pages[page].1.tick(now);
                self.step(page, events);
                let events = self.pages[page].1.check_flag(now);
                self.step(page, events);
            }
            self.run();
        }

        /// The player of `page` taps its ply: its board proposes it, its
        /// table plays it.
        fn play(&mut self, page: usize, ply: Ply) {
            let proposed = self.pages[page].2.play_ply(ply);
            assert_eq!(proposed, Response::Proposed(ply));
            let now = self.now;
            let events = self.pages[page].1.play(ply, now).expect("a legal ply");
            self.step(page, events);
            self.run();
        }
    }

    /// A game of `plies` plies under `rules` that does not end (each ply
    /// the first legal one, from a place that moves on, that keeps the game
    /// going).
    fn script(rules: Rules, plies: usize) -> Vec<Ply> {
        let mut game = Game::new(rules);
        let mut script = Vec::new();
        while script.len() < plies {
            let legal = game.position().legal_plies();
            let start = script.len() * 7;
            let next = (0..legal.len())
                .map(|k| legal[(start + k) % legal.len()])
                .find(|&ply| {
                    if game.play(ply).is_err() {
                        return false;
                    }
                    let ends = game.outcome().is_some();
                    game.undo();
                    !ends
                })
                .expect("a ply that keeps the game going");
            game.play(next).expect("legal");
            script.push(next);
        }
        script
    }

    #[test]
    fn an_online_game_copies_no_game_for_a_ply_nor_for_a_heartbeat() {
        let rules: Rules = "kharbga:quiet=0".parse().expect("rules");
        let script = script(rules, 100);
        let key = |n: u8| SeatKey::from_seed([n; 32]);
        let mut room = Room {
            pages: Vec::new(),
            queue: Vec::new(),
            now: Millis(1_000),
        };
        let host = Table::host(
            Game::new(rules),
            Side::First,
            "Amel".into(),
            key(1),
            "2026.11.28".into(),
        );
        let host = room.add("p-host", host);
        let guest = room.add("p-guest", Table::newcomer(key(1).public()));
        let events = room.pages[guest].1.join("Youssef".into(), key(2));
        room.step(guest, events);
        room.run();
        let watcher = room.add("p-watch", Table::newcomer(key(1).public()));
        room.heartbeat();
        // (A newcomer's board is made from the game it was welcomed with.)
        for page in [guest, watcher] {
            let game = room.pages[page].1.game().clone();
            room.pages[page].2 = Controller::from_game(game).refereed_elsewhere();
        }
        let (mut in_plies, mut in_heartbeats) = (0, 0);
        for ply in script {
            let mover = match room.pages[host].1.game().position().to_move() {
                Side::First => host,
                Side::Second => guest,
            };
            game_clones::reset();
            room.play(mover, ply);
            in_plies += game_clones::count();
            game_clones::reset();
            room.heartbeat();
            in_heartbeats += game_clones::count();
        }
        for (_, table, board) in &room.pages {
            assert_eq!(table.game().plies().len(), 100, "every page has the game");
            assert_eq!(
                board.game(),
                table.game(),
                "every board shows its table's game"
            );
        }
        println!("copies of a game: {in_plies} in 100 plies, {in_heartbeats} in 100 heartbeats");
        assert!(in_plies <= 100, "{in_plies} copies of a game for 100 plies");
        assert_eq!(in_heartbeats, 0, "a game copied on a heartbeat");
    }
}
