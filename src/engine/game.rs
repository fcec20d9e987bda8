//! A game: its rules, its start and the plies played, with what only a whole
//! history can decide (threefold repetition) and what players decide
//! themselves (resignation, an agreed draw).

use std::fmt;

use super::bitboard::Bitboard;
use super::outcome::{Outcome, Reason};
use super::ply::{ParsePlyError, Ply};
use super::position::{Effects, IllegalPly, Phase, Position};
use super::rules::Rules;
use super::square::Side;

/// A ply as it was played: who played it and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedPly {
    /// The ply.
    pub ply: Ply,
    /// The side that played it.
    pub side: Side,
    /// Its consequences: captures, removals, exchange steps, passes.
    pub effects: Effects,
}

impl PlayedPly {
    /// The soldiers each side lost to this ply: `[first player's, second's]`.
    pub fn lost(&self) -> [Bitboard; 2] {
        self.effects.lost(self.side)
    }

    /// True when the ply took a soldier off the board.
    pub fn removed_any(&self) -> bool {
        self.effects.captured.any() || self.effects.removed.any()
    }
}

/// Why a ply could not be added to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text is not a ply.
    Parse(ParsePlyError),
    /// The ply is not legal in the current position.
    Illegal(IllegalPly),
    /// The game is over.
    Over(Outcome),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Parse(e) => e.fmt(f),
            GameError::Illegal(e) => e.fmt(f),
            GameError::Over(outcome) => write!(f, "the game is over ({outcome})"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game in progress or finished.
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[i]` is the position before ply `i`; the last is the current one.
    positions: Vec<Position>,
    plies: Vec<PlayedPly>,
    /// Set by resignation or agreement; cleared by undo.
    decided: Option<Outcome>,
    /// True when the game started from a position other than the empty board.
    custom_start: bool,
    /// The index in `positions` of the first position the repetition rule
    /// counts: the one after the last removal (a removal makes every earlier
    /// position unreachable).
    window: usize,
}

impl Clone for Game {
    /// A copy of the whole game (its positions and plies): counted in the
    /// crate's tests ([`clones`]), which hold a page to a bound of them.
    fn clone(&self) -> Game {
        #[cfg(test)]
        clones::note();
        Game {
            positions: self.positions.clone(),
            plies: self.plies.clone(),
            decided: self.decided,
            custom_start: self.custom_start,
            window: self.window,
        }
    }
}

impl Game {
    /// A new game from the empty board.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from `start`.
    pub fn from_position(start: Position) -> Game {
        let custom_start = start != Position::new(*start.rules());
        Game {
            positions: vec![start],
            plies: Vec::new(),
            decided: None,
            custom_start,
            window: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.start().rules()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// True when the game did not start from the empty board.
    pub fn has_custom_start(&self) -> bool {
        self.custom_start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }

    /// The position before ply `index` (`plies().len()` gives the current one).
    pub fn position_at(&self, index: usize) -> Option<&Position> {
        self.positions.get(index)
    }

    /// The plies played so far.
    pub fn plies(&self) -> &[PlayedPly] {
        &self.plies
    }

    /// The positions the repetition rule still compares the next ones
    /// with: those since the last removal (or the start), the current one
    /// last. Positions of the setting phase among them never count.
    pub fn repetition_window(&self) -> &[Position] {
        &self.positions[self.window..]
    }

    /// The game from its last removal (or its start) on: the same current
    /// position, the same repetition counts, and only the plies that can
    /// still matter to them. What the computer player is sent.
    pub fn tail(&self) -> Game {
        let start = self.positions[self.window];
        Game {
            positions: self.positions[self.window..].to_vec(),
            plies: self.plies[self.window..].to_vec(),
            decided: None,
            custom_start: start != Position::new(*start.rules()),
            window: 0,
        }
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided.or_else(|| self.position().outcome())
    }

    /// Setting, moving, or over (a resignation or an agreed draw included).
    pub fn phase(&self) -> Phase {
        if self.decided.is_some() {
            Phase::Over
        } else {
            self.position().phase()
        }
    }

    /// Plays `ply` if the game is not over and the ply is legal.
    ///
    /// # Errors
    /// [`GameError::Over`] or [`GameError::Illegal`]; the game is unchanged.
    pub fn play(&mut self, ply: Ply) -> Result<&PlayedPly, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let mut next = *self.position();
        let side = next.to_move();
        let effects = next.play(ply).map_err(GameError::Illegal)?;
        let played = PlayedPly { ply, side, effects };
        if played.removed_any() {
            self.window = self.positions.len();
        }
        if !next.is_over() && !next.is_setting() && self.occurrences(&next) >= 2 {
            next.set_outcome(next.repetition_outcome());
        }
        self.positions.push(next);
        self.plies.push(played);
        Ok(&self.plies[self.plies.len() - 1])
    }

    /// Parses and plays a ply in canonical text.
    ///
    /// # Errors
    /// [`GameError::Parse`] for a text that is not a ply, else as [`Game::play`].
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedPly, GameError> {
        let ply = text.parse().map_err(GameError::Parse)?;
        self.play(ply)
    }

    /// How often `position`'s repetition key occurred since the last removal
    /// (positions of the setting phase never count): a scan of the window,
    /// which a removal or the quiet-move limit keeps short. A game without
    /// the limit can make it long: `kharbga-cli bench`'s line of 100,000
    /// plies takes 17 s where a count kept in a table took a tenth of a
    /// second. The table is the engine's, so the first page's: it cost
    /// 780 bytes of its gzipped budget, which the page does not have
    /// (docs/rules.md).
    fn occurrences(&self, position: &Position) -> usize {
        let key = position.repetition_key();
        self.positions[self.window..]
            .iter()
            .filter(|p| !p.is_setting() && p.repetition_key() == key)
            .count()
    }

    /// `side` resigns.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game has already ended.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.decide(Outcome {
            winner: Some(side.opponent()),
            reason: Reason::Resignation,
        })
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.decide(Outcome {
            winner: None,
            reason: Reason::AgreedDraw,
        })
    }

    /// The time of the side to move ran out (only its clock runs): the
    /// engine says what that means here ([`Position::time_forfeit`]).
    ///
    /// # Errors
    /// [`GameError::Over`] when the game has already ended.
    pub fn time_out(&mut self) -> Result<Outcome, GameError> {
        let position = self.position();
        let outcome = position.time_forfeit(position.to_move());
        self.decide(outcome)
    }

    fn decide(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        if let Some(existing) = self.outcome() {
            return Err(GameError::Over(existing));
        }
        self.decided = Some(outcome);
        Ok(outcome)
    }

    /// True when the players ended the game themselves (resignation or an
    /// agreed draw).
    pub fn is_decided(&self) -> bool {
        self.decided.is_some()
    }

    /// Takes back the last ply (or a resignation or agreed draw first).
    /// Returns the ply taken back, if any.
    pub fn undo(&mut self) -> Option<Ply> {
        if self.decided.take().is_some() {
            return None;
        }
        let played = self.plies.pop()?;
        let last = self.positions.len() - 1;
        self.positions.pop();
        if last == self.window && self.window > 0 {
            // The ply taken back removed soldiers: count again the positions
            // since the removal before it (rare, and only on undo).
            self.window = self
                .plies
                .iter()
                .rposition(PlayedPly::removed_any)
                .map_or(0, |i| i + 1);
        }
        Some(played.ply)
    }
}

/// The copies of a [`Game`] made on this thread, for the crate's tests
/// (each test runs on a thread of its own): what a test of a page's
/// steps counts.
#[cfg(test)]
pub(crate) mod clones {
    use std::cell::Cell;

    thread_local! {
        static CLONES: Cell<usize> = const { Cell::new(0) };
    }

    /// One more copy.
    pub(super) fn note() {
        CLONES.with(|n| n.set(n.get() + 1));
    }

    /// Counts from zero again.
    pub(crate) fn reset() {
        CLONES.with(|n| n.set(0));
    }

    /// The copies made since the last [`reset`].
    pub(crate) fn count() -> usize {
        CLONES.with(Cell::get)
    }
}
