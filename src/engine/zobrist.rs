//! Zobrist keys: constant 64-bit keys made at compile time by SplitMix64
//! (no random number generator needed), one per soldier on a square, per
//! chain square and per small piece of state.
//!
//! A position keeps the soldiers' part of its hash up to date as soldiers
//! are set, step and are removed (`Position::hash`); the few state fields
//! (side to move, soldiers in hand, chain, exchange, first turn) are folded
//! in when the hash is asked for. The search's transposition table and the
//! AI's history use it; the game's repetition count compares whole keys.

use super::effects::Exchange;
use super::square::{Side, Square};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Key number `i`.
const fn make(i: usize) -> u64 {
    splitmix(
        (i as u64)
            .wrapping_mul(0x2545_F491_4F6C_DD1D)
            .wrapping_add(1),
    )
}

/// Keys: 81 squares for each side, 81 for the chain soldier, 64 small
/// numbers. The search looks them up in a table; the page's build (the
/// `ui` feature) computes each one when asked instead, which is as quick
/// for a ply a second and keeps 2.4 KB of incompressible table out of
/// its first load.
#[cfg(not(feature = "ui"))]
const KEYS: [u64; 3 * 81 + 64] = {
    let mut keys = [0u64; 3 * 81 + 64];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = make(i);
        i += 1;
    }
    keys
};

#[inline(always)]
fn key(i: usize) -> u64 {
    #[cfg(not(feature = "ui"))]
    {
        KEYS[i]
    }
    #[cfg(feature = "ui")]
    {
        make(i)
    }
}

const CHAIN: usize = 2 * 81;
const MISC: usize = 3 * 81;

/// The key of a soldier of `side` on `square`.
#[inline(always)]
pub(crate) fn soldier(side: Side, square: Square) -> u64 {
    let base = match side {
        Side::First => 0,
        Side::Second => 81,
    };
    key(base + usize::from(square.index()))
}

/// The key of a Kharbaga Mullah on `square` (on top of its side's piece key;
/// the chain keys are free in Kharbaga, which has no chains).
#[inline(always)]
pub(crate) fn mullah(square: Square) -> u64 {
    key(CHAIN + usize::from(square.index())).rotate_left(29)
}

/// The key of the state that is not soldiers.
pub(crate) fn state(
    to_move: Side,
    in_hand: [u8; 2],
    first_turn: bool,
    chain: Option<Square>,
    exchange: Exchange,
) -> u64 {
    let mut h = 0u64;
    for (i, count) in in_hand.into_iter().enumerate() {
        h ^= key(MISC + 2 + i).wrapping_mul(u64::from(count) + 1);
    }
    if to_move == Side::Second {
        h ^= key(MISC);
    }
    if first_turn {
        h ^= key(MISC + 1);
    }
    if let Some(square) = chain {
        h ^= key(CHAIN + usize::from(square.index()));
    }
    if exchange != Exchange::None {
        let squares: [Option<Square>; 3] = match exchange {
            Exchange::None => [None; 3],
            Exchange::Requested { soldier } => [Some(soldier), None, None],
            Exchange::Offered { soldier, offer } | Exchange::Confirmed { soldier, offer } => {
                [Some(soldier), Some(offer), None]
            }
            Exchange::OfferedTwice { soldier, offers } => {
                [Some(soldier), Some(offers[0]), Some(offers[1])]
            }
        };
        h ^= key(MISC + 8 + usize::from(exchange.step()));
        for (k, square) in squares.into_iter().flatten().enumerate() {
            h ^= key(CHAIN + usize::from(square.index())).rotate_left(7 * (k as u32 + 1));
        }
    }
    h
}
