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
#[derive(Clone, Debug)]
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
    /// How often each position of the window occurred: the repetition
    /// rule's count, one lookup a ply.
    seen: Seen,
}

/// Two games are the same when their plies from the same start are (the
/// repetition count follows from them).
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.positions == other.positions
            && self.plies == other.plies
            && self.decided == other.decided
            && self.custom_start == other.custom_start
            && self.window == other.window
    }
}

impl Eq for Game {}

impl Game {
    /// A new game from the empty board.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from `start`.
    pub fn from_position(start: Position) -> Game {
        let custom_start = start != Position::new(*start.rules());
        let mut game = Game {
            positions: vec![start],
            plies: Vec::new(),
            decided: None,
            custom_start,
            window: 0,
            seen: Seen::default(),
        };
        game.seen.push(&game.positions);
        game
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
        let mut tail = Game {
            positions: self.positions[self.window..].to_vec(),
            plies: self.plies[self.window..].to_vec(),
            decided: None,
            custom_start: start != Position::new(*start.rules()),
            window: 0,
            seen: Seen::default(),
        };
        tail.recount();
        tail
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
            self.seen = Seen::default();
        }
        if !next.is_over() && !next.is_setting() && self.occurrences(&next) >= 2 {
            next.set_outcome(next.repetition_outcome());
        }
        self.positions.push(next);
        self.plies.push(played);
        self.seen.push(&self.positions[self.window..]);
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
    /// (positions of the setting phase never count).
    fn occurrences(&self, position: &Position) -> usize {
        self.seen
            .occurrences(&self.positions[self.window..], position)
    }

    /// Counts the window's positions afresh.
    fn recount(&mut self) {
        self.seen = Seen::default();
        for end in self.window + 1..=self.positions.len() {
            self.seen.push(&self.positions[self.window..end]);
        }
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
        self.seen.pop(&self.positions[self.window..]);
        self.positions.pop();
        if last == self.window && self.window > 0 {
            // The ply taken back removed soldiers: count again the positions
            // since the removal before it (rare, and only on undo).
            self.window = self
                .plies
                .iter()
                .rposition(PlayedPly::removed_any)
                .map_or(0, |i| i + 1);
            self.recount();
        }
        Some(played.ply)
    }
}

/// The repetition rule's count, kept as plies are played and taken back:
/// the window's positions of the moving phase chained by bucket (their
/// repetition hash's low bits), so that counting a position's earlier
/// occurrences walks only the positions of its bucket (about one), where a
/// scan of the window made a long game quadratic. The positions themselves
/// are compared (their repetition keys), not their hashes: the count is
/// exact. Written out rather than a `HashMap` of counts: the engine is part
/// of the first page, whose size is budgeted, and this is the smaller code.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// For each bucket, its last position (from the window's start, plus
    /// one; zero for none). As many buckets as positions, at least.
    heads: Vec<u32>,
    /// For each position of the window, the one before it in its bucket
    /// (the same numbering).
    links: Vec<u32>,
}

impl Seen {
    /// The bucket of `position`.
    fn bucket(&self, position: &Position) -> usize {
        position.repetition_hash() as usize & (self.heads.len() - 1)
    }

    /// How often `position`'s repetition key occurred among the window's
    /// positions (`window`, those from the window's start).
    fn occurrences(&self, window: &[Position], position: &Position) -> usize {
        if self.heads.is_empty() {
            return 0;
        }
        let key = position.repetition_key();
        let mut count = 0;
        let mut at = self.heads[self.bucket(position)];
        while at > 0 {
            let index = at as usize - 1;
            count += usize::from(window[index].repetition_key() == key);
            at = self.links[index];
        }
        count
    }

    /// Chains the window's last position (`window`, those from the
    /// window's start), if it is of the moving phase.
    fn push(&mut self, window: &[Position]) {
        if self.links.len() >= self.heads.len() {
            // Twice the buckets, every position chained again.
            self.heads = vec![0; (2 * window.len()).next_power_of_two().max(16)];
            self.links.clear();
            for end in 1..window.len() {
                self.chain(&window[..end]);
            }
        }
        self.chain(window);
    }

    fn chain(&mut self, window: &[Position]) {
        let position = &window[window.len() - 1];
        if position.is_setting() {
            self.links.push(0);
        } else {
            let bucket = self.bucket(position);
            self.links.push(self.heads[bucket]);
            self.heads[bucket] = window.len() as u32;
        }
    }

    /// Unchains the window's last position, before it goes.
    fn pop(&mut self, window: &[Position]) {
        let (Some(position), Some(link)) = (window.last(), self.links.pop()) else {
            return;
        };
        if !position.is_setting() {
            let bucket = self.bucket(position);
            self.heads[bucket] = link;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BoardSize;

    /// Seega 5×5, one soldier a side, no quiet-move limit: two soldiers
    /// walking back and forth repeat positions.
    fn walkers() -> Game {
        let rules: Rules = "seega5:quiet=0".parse().unwrap();
        let start = Position::from_text("5/S4/5/4s/5 w 0,0 - - 0 20 -", rules).unwrap();
        assert_eq!(start.size(), BoardSize::Five);
        Game::from_position(start)
    }

    #[test]
    fn the_count_follows_plays_and_takebacks() {
        let mut game = walkers();
        let there_and_back = ["a4-a3", "e2-e1", "a3-a4", "e1-e2"];
        for ply in there_and_back {
            game.play_text(ply).unwrap();
        }
        // The start came back once: its count is two.
        assert_eq!(game.occurrences(game.start()), 2);
        // Taken back and played again, the counts are the same.
        game.undo();
        assert_eq!(game.occurrences(game.start()), 1);
        game.play_text("e1-e2").unwrap();
        assert_eq!(game.occurrences(game.start()), 2);
        for ply in there_and_back {
            game.play_text(ply).unwrap();
        }
        // A third time: the barrier rule decides (one soldier each: a draw).
        let outcome = game.outcome().expect("a third repetition");
        assert_eq!(outcome.reason, Reason::Repetition);
        assert_eq!(game.tail().occurrences(game.start()), 3);
    }

    #[test]
    fn positions_of_one_bucket_are_told_apart_by_their_keys() {
        // Few buckets for many positions: every chain is long, and a count
        // is still the key's own.
        let mut game = walkers();
        for ply in ["a4-a3", "e2-e1", "a3-a4", "e1-e2", "a4-a5", "e2-e3"] {
            game.play_text(ply).unwrap();
        }
        game.seen.heads = vec![0; 1];
        game.seen.links.clear();
        for end in 1..=game.positions.len() {
            game.seen.chain(&game.positions[..end]);
        }
        assert_eq!(game.occurrences(game.start()), 2);
        let last = *game.position();
        assert_eq!(game.occurrences(&last), 1);
        game.undo();
        assert_eq!(game.occurrences(&last), 0);
        assert_eq!(game.occurrences(game.start()), 2);
    }
}
