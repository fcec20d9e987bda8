//! The one game a table referees, and what changed in it: every change
//! goes through [`Refereed`]'s methods, which note it as a [`GameChange`];
//! the table hands the changes out with its events, and the board's
//! controller applies them to its view of the game (a ply played, plies
//! taken back, an end), so that a page neither compares nor copies whole
//! games to keep its board in step. Reading the game is reading a
//! [`Game`] (`Refereed` dereferences to it).

use std::ops::Deref;

use crate::engine::{Game, GameError, Outcome, PlayedPly, Ply, Side};

/// What a step of the table did to its game, in order: what the board's
/// controller applies to its own copy of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameChange {
    /// A ply was played at the end of the game (this page's player's, or
    /// a peer's the engine checked).
    Played(PlayedPly),
    /// The game went back to its first `plies` plies, without an end the
    /// players decided (a takeback, a resignation taken back, a record
    /// that goes another way from there).
    TookBack {
        /// The plies kept.
        plies: usize,
    },
    /// The players ended the game there: a resignation, an agreed draw, a
    /// flag (the engine says what a flag means: [`Game::time_out`]).
    Ended(Outcome),
    /// The game was replaced by another (another start or other rules, a
    /// newcomer's first game): the board takes the table's game whole.
    Replaced,
}

/// The table's game and the changes not handed out yet.
#[derive(Clone, Debug)]
pub(super) struct Refereed {
    game: Game,
    changes: Vec<GameChange>,
}

impl Deref for Refereed {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}

impl Refereed {
    pub(super) fn new(game: Game) -> Refereed {
        Refereed {
            game,
            changes: Vec::new(),
        }
    }

    /// The changes since the last call, oldest first.
    pub(super) fn take_changes(&mut self) -> Vec<GameChange> {
        std::mem::take(&mut self.changes)
    }

    /// The game, handed over (the table is done with).
    pub(super) fn into_game(self) -> Game {
        self.game
    }

    /// Plays `ply` (see [`Game::play`]).
    pub(super) fn play(&mut self, ply: Ply) -> Result<(), GameError> {
        let played = *self.game.play(ply)?;
        self.changes.push(GameChange::Played(played));
        Ok(())
    }

    /// Plays `ply`, and keeps it only when `keep` says so of the game
    /// after it (a peer's ply whose position must be the one it says):
    /// `Ok(false)` when it was not kept (nothing changed).
    pub(super) fn play_if(
        &mut self,
        ply: Ply,
        keep: impl FnOnce(&Game) -> bool,
    ) -> Result<bool, GameError> {
        let played = *self.game.play(ply)?;
        if !keep(&self.game) {
            self.game.undo();
            return Ok(false);
        }
        self.changes.push(GameChange::Played(played));
        Ok(true)
    }

    /// Goes back to the first `plies` plies, without an end the players
    /// decided.
    pub(super) fn back_to(&mut self, plies: usize) {
        let before = (self.game.plies().len(), self.game.is_decided());
        if self.game.is_decided() {
            self.game.undo();
        }
        while self.game.plies().len() > plies {
            self.game.undo();
        }
        if (self.game.plies().len(), self.game.is_decided()) != before {
            self.took_back();
        }
    }

    fn took_back(&mut self) {
        let plies = self.game.plies().len();
        // (Back twice in a row is back once, to the second place.)
        if let Some(GameChange::TookBack { plies: last }) = self.changes.last_mut() {
            *last = plies;
        } else {
            self.changes.push(GameChange::TookBack { plies });
        }
    }

    /// `side` resigns (see [`Game::resign`]).
    pub(super) fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        let outcome = self.game.resign(side)?;
        self.changes.push(GameChange::Ended(outcome));
        Ok(outcome)
    }

    /// The players agree to a draw (see [`Game::agree_draw`]).
    pub(super) fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        let outcome = self.game.agree_draw()?;
        self.changes.push(GameChange::Ended(outcome));
        Ok(outcome)
    }

    /// The side to move's time ran out (see [`Game::time_out`]).
    pub(super) fn time_out(&mut self) -> Result<Outcome, GameError> {
        let outcome = self.game.time_out()?;
        self.changes.push(GameChange::Ended(outcome));
        Ok(outcome)
    }

    /// The game is `game` now (a record merged, a rematch, a newcomer's
    /// welcome). Another game of the same rules and start is told as the
    /// steps from this one: back to where the two part, its plies after,
    /// its end; any other is [`GameChange::Replaced`].
    pub(super) fn replace(&mut self, game: Game) {
        if game.rules() != self.game.rules() || game.start() != self.game.start() {
            self.game = game;
            self.changes.push(GameChange::Replaced);
            return;
        }
        let common = self
            .game
            .plies()
            .iter()
            .zip(game.plies())
            .take_while(|(a, b)| a == b)
            .count();
        let decided = game.is_decided().then(|| game.outcome()).flatten();
        // Back to where they part, unless this one goes on from there as
        // the other does (an end of ours the other also has stays).
        let keeps_end = decided.is_some()
            && self.game.outcome() == decided
            && common == self.game.plies().len()
            && common == game.plies().len();
        if !keeps_end {
            self.back_to(common);
        }
        for played in &game.plies()[common..] {
            self.changes.push(GameChange::Played(*played));
        }
        if let (Some(outcome), false) = (decided, keeps_end) {
            self.changes.push(GameChange::Ended(outcome));
        }
        self.game = game;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game_clones;
    use crate::engine::{BoardSize, Reason, Rules};

    /// `changes` applied to `game` the way a board applies them.
    fn apply(game: &mut Game, changes: &[GameChange]) {
        for change in changes {
            match change {
                GameChange::Played(played) => {
                    game.play(played.ply).expect("a ply the table played");
                }
                GameChange::TookBack { plies } => {
                    if game.is_decided() {
                        game.undo();
                    }
                    while game.plies().len() > *plies {
                        game.undo();
                    }
                }
                GameChange::Ended(outcome) => {
                    let ended = match outcome.winner {
                        Some(winner) if outcome.reason == Reason::Resignation => {
                            game.resign(winner.opponent())
                        }
                        _ => game.agree_draw(),
                    };
                    assert_eq!(ended, Ok(*outcome));
                }
                GameChange::Replaced => panic!("a game of the same start"),
            }
        }
    }

    #[test]
    fn every_change_is_told_and_a_copy_that_applies_them_is_the_same_game() {
        let rules = Rules::seega(BoardSize::Five);
        let mut table = Refereed::new(Game::new(rules));
        let mut board = Game::new(rules);
        game_clones::reset();
        for ply in ["a1", "a2", "b1", "b2"] {
            table.play(ply.parse().unwrap()).unwrap();
        }
        table.resign(Side::First).unwrap();
        apply(&mut board, &table.take_changes());
        assert_eq!(board, *table);
        // A resignation and two plies taken back: one step back.
        table.back_to(4);
        table.back_to(2);
        let changes = table.take_changes();
        assert_eq!(changes, [GameChange::TookBack { plies: 2 }]);
        apply(&mut board, &changes);
        assert_eq!(board, *table);
        // A ply refused by its check changes nothing.
        let kept = table.play_if("c1".parse().unwrap(), |_| false).unwrap();
        assert!(!kept && table.take_changes().is_empty());
        table.play("b1".parse().unwrap()).unwrap();
        apply(&mut board, &table.take_changes());
        // (Nothing so far copied a game, the table's or the board's.)
        assert_eq!(game_clones::count(), 0);
        // A record that goes another way from the third ply, and ends.
        let mut other = Game::new(rules);
        for ply in ["a1", "a2", "c1", "c2"] {
            other.play_text(ply).unwrap();
        }
        other.agree_draw().unwrap();
        table.replace(other.clone());
        let changes = table.take_changes();
        assert_eq!(changes[0], GameChange::TookBack { plies: 2 });
        assert_eq!(changes.len(), 4, "back, two plies, the end: {changes:?}");
        apply(&mut board, &changes);
        assert_eq!(board, other);
        // The same game again: nothing to tell.
        table.replace(other);
        assert!(table.take_changes().is_empty());
        // Another start: the board takes it whole.
        table.replace(Game::new(Rules::kharbga()));
        assert_eq!(table.take_changes(), [GameChange::Replaced]);
    }
}
