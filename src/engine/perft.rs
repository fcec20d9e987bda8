//! Perft: counting the leaves of the legal-ply tree, to check move generation
//! against known totals and to time it.

use super::position::{PlyList, Position};

/// The number of ply sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut plies = PlyList::new();
    position.generate(&mut plies);
    if depth == 1 {
        return plies.len() as u64;
    }
    plies
        .iter()
        .map(|&ply| {
            let mut next = *position;
            next.play_unchecked(ply);
            perft(&next, depth - 1)
        })
        .sum()
}
