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
        game.seen.count(&game.positions, 0);
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
        self.seen.count(&self.positions, self.positions.len() - 1);
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
    /// (positions of the setting phase never count): one lookup, or a scan
    /// of the window in the rare game whose count met two keys of one hash.
    fn occurrences(&self, position: &Position) -> usize {
        if let Some(n) = self.seen.get(&self.positions, position) {
            return n;
        }
        let key = position.repetition_key();
        self.positions[self.window..]
            .iter()
            .filter(|p| !p.is_setting() && p.repetition_key() == key)
            .count()
    }

    /// Counts the window's positions afresh.
    fn recount(&mut self) {
        self.seen = Seen::default();
        for index in self.window..self.positions.len() {
            self.seen.count(&self.positions, index);
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
        self.seen.uncount(&self.positions, last);
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

/// The repetition rule's count: how often each position of the moving
/// phase occurred in the window, by its repetition hash, kept as plies are
/// played and taken back (one lookup a ply, where a scan of the window
/// made a long game quadratic). Written out rather than a `HashMap`: the
/// engine is part of the first page, whose size is budgeted, and a table
/// of `u64` keys that are already Zobrist hashes needs no hasher.
///
/// Open addressing with linear probing, never more than half full. A slot
/// whose count falls to zero (an undo) keeps its hash: probe sequences run
/// through it, and the same position played again takes it back. Each slot
/// remembers where its position first occurred, so that a count is only
/// ever given for the same repetition key, not merely the same hash; a
/// table that meets two keys of one hash says so, and the game counts by
/// scanning the window until the next removal.
#[derive(Clone, Debug, Default)]
struct Seen {
    slots: Vec<Slot>,
    /// Slots taken (counts of zero included).
    taken: usize,
    /// Two different keys of one hash were met: counts are not to be trusted.
    collided: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    hash: u64,
    /// Occurrences in the window (zero: taken back).
    count: u32,
    /// The index in the game's positions of one occurrence (the first, so
    /// it stays while the count is not zero: undo takes the last ones).
    first: u32,
    taken: bool,
}

impl Seen {
    /// The slot of `hash`, or the empty slot where it would go (the table
    /// is never full).
    fn find(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (hash as usize) & mask;
        while self.slots[i].taken && self.slots[i].hash != hash {
            i = (i + 1) & mask;
        }
        i
    }

    /// How often `position` occurred, if the table can say.
    fn get(&self, positions: &[Position], position: &Position) -> Option<usize> {
        if self.collided {
            return None;
        }
        if self.slots.is_empty() {
            return Some(0);
        }
        let slot = self.slots[self.find(position.repetition_hash())];
        if !slot.taken || slot.count == 0 {
            return Some(0);
        }
        (positions[slot.first as usize].repetition_key() == position.repetition_key())
            .then_some(slot.count as usize)
    }

    /// Counts the position at `index` (once the moving phase has begun).
    fn count(&mut self, positions: &[Position], index: usize) {
        let position = &positions[index];
        if position.is_setting() || self.collided {
            return;
        }
        if 2 * (self.taken + 1) > self.slots.len() {
            self.grow();
        }
        let hash = position.repetition_hash();
        let at = self.find(hash);
        let slot = &mut self.slots[at];
        if !slot.taken {
            self.taken += 1;
            *slot = Slot {
                hash,
                count: 0,
                first: 0,
                taken: true,
            };
        }
        if slot.count == 0 {
            slot.first = index as u32;
        } else if positions[slot.first as usize].repetition_key() != position.repetition_key() {
            self.collided = true;
            return;
        }
        slot.count += 1;
    }

    /// Forgets the position at `index`, the last one, before it goes.
    fn uncount(&mut self, positions: &[Position], index: usize) {
        let position = &positions[index];
        if position.is_setting() || self.collided || self.slots.is_empty() {
            return;
        }
        let at = self.find(position.repetition_hash());
        let slot = &mut self.slots[at];
        if slot.taken {
            slot.count = slot.count.saturating_sub(1);
        }
    }

    /// Twice the room (or as much, when slots taken back are dropped), the
    /// counts carried over.
    fn grow(&mut self) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .filter(|s| s.taken && s.count > 0)
            .copied()
            .collect();
        let size = (4 * live.len() + 4).next_power_of_two().max(16);
        self.slots = vec![Slot::default(); size];
        self.taken = live.len();
        for slot in live {
            let at = self.find(slot.hash);
            self.slots[at] = slot;
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
    fn two_keys_of_one_hash_fall_back_to_the_scan() {
        let mut game = walkers();
        game.play_text("a4-a3").unwrap();
        // The start's slot made to claim the position after a4-a3 as its
        // first occurrence: the same hash, another key.
        let hash = game.start().repetition_hash();
        let at = game.seen.find(hash);
        game.seen.slots[at].first = 1;
        for ply in ["e2-e1", "a3-a4", "e1-e2"] {
            game.play_text(ply).unwrap();
        }
        assert!(game.seen.collided);
        // Counted by the scan, still right.
        assert_eq!(game.occurrences(game.start()), 2);
        for ply in ["a4-a3", "e2-e1", "a3-a4", "e1-e2"] {
            game.play_text(ply).unwrap();
        }
        assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Repetition));
    }
}
