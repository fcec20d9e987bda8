//! The hot bitboard arithmetic, generic over the machine word.
//!
//! Boards up to 7×7 use bits 0–60 of the 9-wide grid and fit a `u64`; only
//! 9×9 needs the `u128` of [`Bitboard`]. Move generation and the capture
//! tests run on the smallest word that holds the board: about twice as fast
//! on the boards most games use. `by_word!` (in `geometry`) picks the word
//! for a board.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use super::bitboard::Bitboard;
use super::square::{Direction, STRIDE};

/// An unsigned word holding a board.
pub(crate) trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    /// True when some bit is set.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }
    /// The low bits of a bitboard (all of them for a board that fits).
    fn of(set: Bitboard) -> Self;
    /// Back to a bitboard.
    fn bitboard(self) -> Bitboard;
    /// Calls `f` with each set bit's index, lowest first.
    fn for_each_index(self, f: impl FnMut(u8));
}

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn of(set: Bitboard) -> u64 {
        set.0 as u64
    }
    #[inline(always)]
    fn bitboard(self) -> Bitboard {
        Bitboard(u128::from(self))
    }
    #[inline(always)]
    fn for_each_index(self, mut f: impl FnMut(u8)) {
        let mut bits = self;
        while bits != 0 {
            f(bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    #[inline(always)]
    fn of(set: Bitboard) -> u128 {
        set.0
    }
    #[inline(always)]
    fn bitboard(self) -> Bitboard {
        Bitboard(self)
    }
    #[inline(always)]
    fn for_each_index(self, mut f: impl FnMut(u8)) {
        (self as u64).for_each_index(&mut f);
        ((self >> 64) as u64).for_each_index(|i| f(64 + i));
    }
}

/// A board's masks in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Masks<W> {
    pub board: W,
    pub east_into: W,
    pub west_into: W,
}

impl<W: Word> Masks<W> {
    #[inline(always)]
    pub fn shift(&self, s: W, direction: Direction) -> W {
        match direction {
            Direction::North => (s << STRIDE as u32) & self.board,
            Direction::South => s >> STRIDE as u32,
            Direction::East => (s << 1) & self.east_into,
            Direction::West => (s >> 1) & self.west_into,
        }
    }

    #[inline(always)]
    pub fn neighbours(&self, s: W) -> W {
        self.shift(s, Direction::North)
            | self.shift(s, Direction::South)
            | self.shift(s, Direction::East)
            | self.shift(s, Direction::West)
    }

    /// The squares of `within` connected to `seeds` through orthogonal steps
    /// inside `within`.
    #[inline(always)]
    pub fn flood(&self, seeds: W, within: W) -> W {
        let mut reach = seeds & within;
        loop {
            let next = (reach | self.neighbours(reach)) & within;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// The squares of `set` whose two neighbours on a rank or a file are both
    /// in `reach` (a neighbour off the board never is).
    #[inline(always)]
    pub fn vulnerable(&self, reach: W, set: W) -> W {
        set & ((self.shift(reach, Direction::East) & self.shift(reach, Direction::West))
            | (self.shift(reach, Direction::North) & self.shift(reach, Direction::South)))
    }

    /// The empty squares stepping onto which captures: an enemy next to it,
    /// then one of `own` beyond.
    #[inline(always)]
    pub fn capture_targets(&self, own: W, enemy: W, empty: W) -> W {
        let mut targets = W::ZERO;
        for direction in Direction::ALL {
            let back = direction.reverse();
            targets = targets | self.shift(enemy & self.shift(own, back), back);
        }
        targets & empty
    }

    /// The enemies that a soldier arriving on `at` sandwiches against `own`:
    /// in each direction, the enemy next to `at` with one of `own` beyond.
    /// Branch-free: which steps capture is random to the processor.
    #[inline(always)]
    pub fn captures_from(&self, own: W, enemy: W, at: W) -> W {
        let mut captured = W::ZERO;
        for direction in Direction::ALL {
            let flanked = enemy & self.shift(own, direction.reverse());
            captured = captured | (self.shift(at, direction) & flanked);
        }
        captured
    }
}
