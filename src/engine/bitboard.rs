//! Sets of squares as bits of a `u128`.
//!
//! Bit `rank * 9 + file` stands for a square on every board size, so 81 bits
//! cover the largest (9×9) board; smaller boards use a corner of the grid and
//! [`Geometry`](super::Geometry) masks off the rest. Shifting by 1 moves a set one file, by 9
//! one rank.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::square::{Square, STRIDE};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `square`.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        // A table: a variable shift of a u128 costs several instructions.
        Bitboard(SQUARE_BITS[square.index() as usize])
    }

    /// True when no square is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when some square is in the set.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many squares are in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & Bitboard::from_square(square).0 != 0
    }

    /// Adds `square`.
    #[inline(always)]
    pub fn insert(&mut self, square: Square) {
        self.0 |= Bitboard::from_square(square).0;
    }

    /// Removes `square`.
    #[inline(always)]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !Bitboard::from_square(square).0;
    }

    /// The lowest square of the set, if any.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            // trailing_zeros < 128 and only bits of real squares are ever set.
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// True when the set holds exactly one square.
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        // Two u64 halves: cheaper than a u128 trailing-zero count, and the
        // boards up to 7×7 live in the low half.
        let low = self.0 as u64;
        let index = if low != 0 {
            low.trailing_zeros()
        } else {
            let high = (self.0 >> 64) as u64;
            if high == 0 {
                return None;
            }
            64 + high.trailing_zeros()
        };
        self.0 &= self.0 - 1;
        // Only bits of real squares (below 81) are ever set.
        Some(Square::from_index_unchecked(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Every square of the 9×9 grid not in the set (mask with a board before use).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_GRID)
    }
}

const ALL_GRID: u128 = (1u128 << (STRIDE as u32 * STRIDE as u32)) - 1;

/// `1 << index` for every square index of the 9-wide grid.
static SQUARE_BITS: [u128; 81] = {
    let mut bits = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        bits[i] = 1u128 << i;
        i += 1;
    }
    bits
};

impl fmt::Debug for Bitboard {
    /// A 9×9 picture, rank 9 on top: `X` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..STRIDE).rev() {
            for file in 0..STRIDE {
                let square = Square::from_coords_unchecked(file, rank);
                f.write_str(if self.contains(square) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
