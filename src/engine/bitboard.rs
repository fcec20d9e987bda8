//! Sets of squares as bits of a `u128`.
//!
//! Bit `rank * 9 + file` stands for a square on every board size, so 81 bits
//! cover the largest (9×9) board; smaller boards use a corner of the grid and
//! [`Geometry`] masks off the rest. Shifting by 1 moves a set one file, by 9
//! one rank.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::square::{BoardSize, Square, STRIDE};
use super::word::Masks;

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

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The change in bit index one step this way.
    pub const fn offset(self) -> i8 {
        match self {
            Direction::North => STRIDE as i8,
            Direction::South => -(STRIDE as i8),
            Direction::East => 1,
            Direction::West => -1,
        }
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }
}

/// The masks of one board size: which bits are on the board, and where a
/// shift east or west would wrap onto another rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// The board's size.
    pub size: BoardSize,
    /// Every square of the board.
    pub board: Bitboard,
    /// The squares a soldier can be shifted east into (not file `a`).
    east_into: Bitboard,
    /// The squares a soldier can be shifted west into (not file `i`, the
    /// 9-wide grid's last file, which a west shift from file `a` lands on).
    west_into: Bitboard,
    /// The four squares orthogonally next to the Malha.
    pub malha_neighbours: Bitboard,
    /// The Malha.
    pub malha: Bitboard,
    /// Squares on the edge of the board.
    pub edge: Bitboard,
    /// The masks as `u64` words (meaningful up to 7×7).
    pub(crate) w64: Masks<u64>,
    /// The masks as `u128` words.
    pub(crate) w128: Masks<u128>,
}

const fn board_mask(side: u8) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < side {
        let mut file = 0;
        while file < side {
            mask |= 1u128 << (rank * STRIDE + file);
            file += 1;
        }
        rank += 1;
    }
    mask
}

const fn file_mask(file: u8) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < STRIDE {
        mask |= 1u128 << (rank * STRIDE + file);
        rank += 1;
    }
    mask
}

const fn geometry(size: BoardSize) -> Geometry {
    let side = size.side();
    let board = board_mask(side);
    let mid = side / 2;
    let centre = mid * STRIDE + mid;
    let malha = 1u128 << centre;
    let neighbours = (1u128 << (centre + 1))
        | (1u128 << (centre - 1))
        | (1u128 << (centre + STRIDE))
        | (1u128 << (centre - STRIDE));
    let inner = board_mask(side - 2) << (STRIDE + 1);
    let east_into = board & !file_mask(0);
    let west_into = board & !file_mask(STRIDE - 1);
    Geometry {
        w64: Masks {
            board: board as u64,
            east_into: east_into as u64,
            west_into: west_into as u64,
        },
        w128: Masks {
            board,
            east_into,
            west_into,
        },
        size,
        board: Bitboard(board),
        east_into: Bitboard(board & !file_mask(0)),
        west_into: Bitboard(board & !file_mask(STRIDE - 1)),
        malha_neighbours: Bitboard(neighbours),
        malha: Bitboard(malha),
        edge: Bitboard(board & !inner),
    }
}

const GEOMETRIES: [Geometry; 3] = [
    geometry(BoardSize::Five),
    geometry(BoardSize::Seven),
    geometry(BoardSize::Nine),
];

impl Geometry {
    /// The geometry of `size`.
    pub const fn of(size: BoardSize) -> &'static Geometry {
        match size {
            BoardSize::Five => &GEOMETRIES[0],
            BoardSize::Seven => &GEOMETRIES[1],
            BoardSize::Nine => &GEOMETRIES[2],
        }
    }

    /// Every square of `set` moved one step in `direction`; squares that
    /// would leave the board are dropped.
    #[inline]
    pub const fn shift(&self, set: Bitboard, direction: Direction) -> Bitboard {
        let s = set.0;
        Bitboard(match direction {
            Direction::North => (s << STRIDE) & self.board.0,
            Direction::South => s >> STRIDE,
            Direction::East => (s << 1) & self.east_into.0,
            Direction::West => (s >> 1) & self.west_into.0,
        })
    }

    /// The squares orthogonally next to some square of `set`.
    #[inline]
    pub const fn neighbours(&self, set: Bitboard) -> Bitboard {
        let s = set.0;
        Bitboard(
            ((s << STRIDE) & self.board.0)
                | (s >> STRIDE)
                | ((s << 1) & self.east_into.0)
                | ((s >> 1) & self.west_into.0),
        )
    }

    /// The squares of `within` connected to `seeds` through orthogonal steps
    /// inside `within` (the seeds themselves included when in `within`).
    #[inline]
    pub fn flood(&self, seeds: Bitboard, within: Bitboard) -> Bitboard {
        Bitboard(self.w128.flood(seeds.0, within.0))
    }

    /// The square one step from `square` in `direction`, if on the board.
    #[inline]
    pub fn step(&self, square: Square, direction: Direction) -> Option<Square> {
        self.shift(Bitboard::from_square(square), direction).first()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sq;

    #[test]
    fn shifts_never_leave_the_board() {
        for size in BoardSize::ALL {
            let g = Geometry::of(size);
            assert_eq!(g.board.count(), u32::from(size.squares()));
            for direction in Direction::ALL {
                let moved = g.shift(g.board, direction);
                assert_eq!(moved - g.board, Bitboard::EMPTY, "{size:?} {direction:?}");
                // Everything but one edge row/column survives a shift.
                assert_eq!(moved.count(), u32::from(size.squares() - size.side()));
            }
        }
    }

    #[test]
    fn steps_follow_the_compass() {
        let g = Geometry::of(BoardSize::Seven);
        assert_eq!(g.step(sq("d4"), Direction::North), Some(sq("d5")));
        assert_eq!(g.step(sq("d4"), Direction::South), Some(sq("d3")));
        assert_eq!(g.step(sq("d4"), Direction::East), Some(sq("e4")));
        assert_eq!(g.step(sq("d4"), Direction::West), Some(sq("c4")));
        assert_eq!(g.step(sq("g4"), Direction::East), None);
        assert_eq!(g.step(sq("a4"), Direction::West), None);
        assert_eq!(g.step(sq("d7"), Direction::North), None);
        assert_eq!(g.step(sq("d1"), Direction::South), None);
        let g9 = Geometry::of(BoardSize::Nine);
        assert_eq!(g9.step(sq("i4"), Direction::East), None);
        assert_eq!(g9.step(sq("a4"), Direction::West), None);
        assert_eq!(g9.step(sq("h4"), Direction::East), Some(sq("i4")));
    }

    #[test]
    fn malha_neighbours_and_edges() {
        let g = Geometry::of(BoardSize::Seven);
        let names: Vec<String> = g.malha_neighbours.map(|s| s.to_string()).collect();
        assert_eq!(names, ["d3", "c4", "e4", "d5"]);
        assert_eq!(g.edge.count(), 24);
        assert!(
            g.edge.contains(sq("a1")) && g.edge.contains(sq("g4")) && !g.edge.contains(sq("b2"))
        );
    }

    #[test]
    fn flood_stays_inside_its_region() {
        let g = Geometry::of(BoardSize::Five);
        let wall: Bitboard = ["c1", "c2", "c3", "c4", "c5"]
            .iter()
            .map(|n| sq(n))
            .collect();
        let open = g.board - wall;
        let left = g.flood(Bitboard::from_square(sq("a1")), open);
        assert_eq!(left.count(), 10);
        assert!(!left.contains(sq("d1")));
        assert_eq!(
            g.flood(Bitboard::from_square(sq("c3")), open),
            Bitboard::EMPTY
        );
    }
}
