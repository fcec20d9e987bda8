//! A board size's masks ([`Geometry`]): which bits of the 9-wide grid are
//! on the board, its edge, the Malha and its neighbours, and where a shift
//! east or west would wrap onto another rank; as bitboards, and as the
//! machine words move generation runs on (`by_word!` picks the smallest
//! that holds the board).

use super::bitboard::Bitboard;
use super::square::{BoardSize, Direction, Square, STRIDE};
use super::word::Masks;

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

/// Runs `$body` with `$m` bound to the geometry's masks in the smallest word
/// that holds the board and `$w` to a function turning a [`Bitboard`] into
/// that word.
macro_rules! by_word {
    ($geo:expr, |$m:ident, $w:ident| $body:expr) => {{
        let geo: &$crate::engine::geometry::Geometry = $geo;
        if geo.size == $crate::engine::BoardSize::Nine {
            let $m = &geo.w128;
            let $w = <u128 as $crate::engine::word::Word>::of;
            $body
        } else {
            let $m = &geo.w64;
            let $w = <u64 as $crate::engine::word::Word>::of;
            $body
        }
    }};
}
pub(crate) use by_word;

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
