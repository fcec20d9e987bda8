//! The Alquerque board Kharbaga is played on (`RULES.md` §4): 5×5 points
//! joined in eight directions. Its lines as rays from each point, the
//! directions a soldier steps forward in, the rank a side's soldiers are
//! promoted on and the start's pieces: the board alone, which both the
//! position (its start, its checks) and Kharbaga's play (`kharbaga`) read.

use super::bitboard::Bitboard;
use super::square::{BoardSize, Side, Square};

/// The board's side length.
const SIDE: u8 = 5;

/// The eight directions as (file, rank) steps: north first, then clockwise.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The directions a soldier of each side steps in: straight and diagonally
/// forward (north for the first player, south for the second).
pub(super) const FORWARD: [[usize; 3]; 2] = [[7, 0, 1], [3, 4, 5]];

/// Each point's rays: the points along each direction, nearest first.
struct Rays {
    len: [[u8; 8]; 25],
    points: [[[Square; 4]; 8]; 25],
}

const fn local(square: Square) -> usize {
    (square.rank() * SIDE + square.file()) as usize
}

const RAYS: Rays = {
    let mut rays = Rays {
        len: [[0; 8]; 25],
        points: [[[Square::from_coords_unchecked(0, 0); 4]; 8]; 25],
    };
    let mut point = 0;
    while point < 25 {
        let (file, rank) = ((point % 5) as i8, (point / 5) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = (file + df, rank + dr);
            let mut n = 0;
            while f >= 0 && f < SIDE as i8 && r >= 0 && r < SIDE as i8 {
                rays.points[point][d][n] = Square::from_coords_unchecked(f as u8, r as u8);
                n += 1;
                f += df;
                r += dr;
            }
            rays.len[point][d] = n as u8;
            d += 1;
        }
        point += 1;
    }
    rays
};

/// The points along direction `d` from `from`, nearest first.
#[inline(always)]
pub(super) fn ray(from: Square, d: usize) -> &'static [Square] {
    let p = local(from);
    &RAYS.points[p][d][..usize::from(RAYS.len[p][d])]
}

/// The rank a side's soldiers are promoted on.
pub(super) const fn far_rank(side: Side) -> u8 {
    match side {
        Side::First => SIDE - 1,
        Side::Second => 0,
    }
}

/// The start position's pieces: the first player's, then the second's.
pub(super) fn start_pieces() -> [Bitboard; 2] {
    let mut pieces = [Bitboard::EMPTY; 2];
    for square in BoardSize::Five.all_squares() {
        let (file, rank) = (square.file(), square.rank());
        if rank < 2 || (rank == 2 && file > 2) {
            pieces[0].insert(square);
        } else if rank > 2 || (rank == 2 && file < 2) {
            pieces[1].insert(square);
        }
    }
    pieces
}

/// The direction from `from` to `to`, which lie on one line.
pub(super) fn direction(from: Square, to: Square) -> usize {
    let df = (i16::from(to.file()) - i16::from(from.file())).signum() as i8;
    let dr = (i16::from(to.rank()) - i16::from(from.rank())).signum() as i8;
    DIRECTIONS.iter().position(|&d| d == (df, dr)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_reach_the_edges() {
        let c3: Square = "c3".parse().unwrap();
        for d in 0..8 {
            assert_eq!(ray(c3, d).len(), 2);
        }
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(ray(a1, 1).len(), 4);
        assert_eq!(ray(a1, 5).len(), 0);
    }
}
