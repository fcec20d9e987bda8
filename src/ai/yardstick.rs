//! The outside yardstick: a plain fixed-depth alpha-beta, written apart from
//! the main search and sharing none of its parts (no table, no ordering, no
//! quiescence, no history, no setting heuristics), so that measuring the
//! computer player against it says something about the main search.
//!
//! It searches every ply `depth` plies deep (a chain's next capture, a
//! second placement and an automatic pass's extra ply count like any
//! other), scores the leaves by material (100 a soldier) and, optionally,
//! mobility (5 a possible step), and breaks ties at the root at random. It
//! knows nothing of the game's history: only what the position shows (the
//! quiet-move count among it).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::engine::{Outcome, Ply, PlyList, Position, Side, MAX_PLIES};

use super::rng::Rng;

/// A soldier on the board.
const SOLDIER: i32 = 100;
/// A possible step (a soldier next to an empty square), with mobility.
const STEP: i32 = 5;
const WIN: i32 = 1_000_000;

/// A plain fixed-depth alpha-beta player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Yardstick {
    /// Plies searched from the root (1 to 8).
    pub depth: u8,
    /// Whether the evaluation counts possible steps as well as soldiers.
    pub mobility: bool,
}

impl Yardstick {
    /// The depth-4 material yardstick.
    pub const MATERIAL: Yardstick = Yardstick {
        depth: 4,
        mobility: false,
    };
    /// The depth-4 yardstick that counts mobility too.
    pub const MOBILITY: Yardstick = Yardstick {
        depth: 4,
        mobility: true,
    };

    /// Its ply in `position`: one of the best at its depth, at random.
    pub fn choose(&self, position: &Position, rng: &mut Rng) -> Option<Ply> {
        if position.is_over() {
            return None;
        }
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        let mut best = -WIN - 1;
        let mut ties: ArrayVec<Ply, MAX_PLIES> = ArrayVec::new();
        for &ply in plies.iter() {
            // A window just below the best so far: equal scores come out exact.
            let score = self.after(
                position,
                ply,
                i32::from(self.depth) - 1,
                best - 1,
                WIN + 1,
                1,
            );
            if score > best {
                best = score;
                ties.clear();
            }
            if score == best {
                ties.push(ply);
            }
        }
        ties.get(rng.below(ties.len().max(1))).copied()
    }

    /// The score of playing `ply` in `position`, for its side to move.
    fn after(
        &self,
        position: &Position,
        ply: Ply,
        depth: i32,
        alpha: i32,
        beta: i32,
        height: i32,
    ) -> i32 {
        let mut child = *position;
        child.play_unchecked(ply);
        let mover = position.to_move();
        if let Some(outcome) = child.outcome() {
            return end(outcome, mover, height);
        }
        if child.to_move() == mover {
            self.value(&child, depth, alpha, beta, height)
        } else {
            -self.value(&child, depth, -beta, -alpha, height)
        }
    }

    /// Alpha-beta value of `position` for its side to move.
    fn value(
        &self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        height: i32,
    ) -> i32 {
        if depth <= 0 {
            return self.evaluate(position);
        }
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        let mut best = -WIN - 1;
        for &ply in plies.iter() {
            let score = self.after(position, ply, depth - 1, alpha, beta, height + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if plies.is_empty() {
            return self.evaluate(position);
        }
        best
    }

    /// Material, and mobility when asked, for the side to move.
    fn evaluate(&self, position: &Position) -> i32 {
        let side = position.to_move();
        let other = side.opponent();
        let count = |s: Side| position.soldiers(s).count() as i32;
        let mut score = SOLDIER * (count(side) - count(other));
        if self.mobility {
            score += STEP * (position.mobility(side) as i32 - position.mobility(other) as i32);
        }
        score
    }
}

/// A finished game's score for `side`, sooner wins better.
fn end(outcome: Outcome, side: Side, height: i32) -> i32 {
    match outcome.winner {
        None => 0,
        Some(winner) if winner == side => WIN - height,
        Some(_) => height - WIN,
    }
}

/// A yardstick name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YardstickError;

impl FromStr for Yardstick {
    type Err = YardstickError;
    /// `ab<depth>` (material) or `ab<depth>m` (with mobility), depth 1 to 8.
    fn from_str(text: &str) -> Result<Yardstick, YardstickError> {
        let rest = text.strip_prefix("ab").ok_or(YardstickError)?;
        let (digits, mobility) = match rest.strip_suffix('m') {
            Some(digits) => (digits, true),
            None => (rest, false),
        };
        match digits.parse::<u8>() {
            Ok(depth @ 1..=8) if !digits.starts_with('+') => Ok(Yardstick { depth, mobility }),
            _ => Err(YardstickError),
        }
    }
}

impl fmt::Display for Yardstick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ab{}{}",
            self.depth,
            if self.mobility { "m" } else { "" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Rules};

    fn seega5(text: &str) -> Position {
        Position::from_text(text, Rules::seega(BoardSize::Five)).expect("test position")
    }

    #[test]
    fn names_round_trip_and_nonsense_is_refused() {
        for text in ["ab4", "ab4m", "ab1", "ab8m"] {
            assert_eq!(text.parse::<Yardstick>().unwrap().to_string(), text);
        }
        for text in ["ab", "ab0", "ab9", "abm", "ab+4", "4", "ab4mm", "xb4"] {
            assert!(text.parse::<Yardstick>().is_err(), "{text}");
        }
        assert_eq!("ab4".parse(), Ok(Yardstick::MATERIAL));
        assert_eq!("ab4m".parse(), Ok(Yardstick::MOBILITY));
    }

    #[test]
    fn it_takes_a_winning_capture() {
        let position = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
        for seed in 0..8 {
            let ply = Yardstick::MATERIAL.choose(&position, &mut Rng::new(seed));
            assert_eq!(ply.map(|p| p.to_string()).as_deref(), Some("c1-b1"));
        }
    }

    #[test]
    fn its_ties_are_broken_at_random_and_every_choice_is_legal() {
        let position = Position::new(Rules::seega(BoardSize::Five));
        let choices: std::collections::HashSet<Ply> = (0..32)
            .map(|seed| {
                Yardstick::MATERIAL
                    .choose(&position, &mut Rng::new(seed))
                    .unwrap()
            })
            .collect();
        assert!(choices.len() > 3, "{choices:?}");
        assert!(choices.iter().all(|p| position.is_legal(*p)));
    }

    #[test]
    fn depth_decides_what_it_sees() {
        // The second player's only soldier must step b5-c5, where a5-b5
        // takes it: a loss in two plies for it, seen at depth 2, not 1.
        let position = seega5("Ss1S1/1S3/5/5/5 b 0,0 - - 0 20 -");
        let shallow = Yardstick {
            depth: 1,
            mobility: false,
        };
        let deep = Yardstick {
            depth: 2,
            mobility: false,
        };
        let mut rng = Rng::new(1);
        let only = position.legal_plies();
        assert_eq!(only.len(), 1);
        assert_eq!(shallow.choose(&position, &mut rng), Some(only[0]));
        let mut child = position;
        child.play_unchecked(only[0]);
        let value = deep.value(&child, 1, -WIN - 1, WIN + 1, 1);
        assert_eq!(value, WIN - 2, "the first player wins with its next ply");
        assert_eq!(
            shallow.value(&child, 0, -WIN - 1, WIN + 1, 1),
            200,
            "three soldiers to one"
        );
    }
}
