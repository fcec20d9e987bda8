//! Zobrist hashing of positions for the transposition table: constant keys
//! made at compile time by SplitMix64, so no random number generator is needed.

use crate::engine::{Exchange, Position, Side};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Keys: 81 squares for each side, 81 for the chain soldier, 16 small numbers.
const KEYS: [u64; 3 * 81 + 64] = {
    let mut keys = [0u64; 3 * 81 + 64];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = splitmix(
            (i as u64)
                .wrapping_mul(0x2545_F491_4F6C_DD1D)
                .wrapping_add(1),
        );
        i += 1;
    }
    keys
};

const CHAIN: usize = 2 * 81;
const MISC: usize = 3 * 81;

/// The position's hash: soldiers, side to move, soldiers in hand, chain
/// soldier, exchange state and the first-turn mark.
pub fn hash(position: &Position) -> u64 {
    let mut h = 0u64;
    for (i, side) in [Side::First, Side::Second].into_iter().enumerate() {
        for square in position.soldiers(side) {
            h ^= KEYS[i * 81 + usize::from(square.index())];
        }
        h ^= KEYS[MISC + 2 + i].wrapping_mul(u64::from(position.in_hand(side)) + 1);
    }
    if position.to_move() == Side::Second {
        h ^= KEYS[MISC];
    }
    if position.is_first_turn() {
        h ^= KEYS[MISC + 1];
    }
    if let Some(square) = position.chain() {
        h ^= KEYS[CHAIN + usize::from(square.index())];
    }
    let exchange = position.exchange();
    if exchange != Exchange::None {
        let squares: [Option<crate::engine::Square>; 3] = match exchange {
            Exchange::None => [None; 3],
            Exchange::Requested { soldier } => [Some(soldier), None, None],
            Exchange::Offered { soldier, offer } | Exchange::Confirmed { soldier, offer } => {
                [Some(soldier), Some(offer), None]
            }
            Exchange::OfferedTwice { soldier, offers } => {
                [Some(soldier), Some(offers[0]), Some(offers[1])]
            }
        };
        h ^= KEYS[MISC + 8 + usize::from(exchange.step())];
        for (k, square) in squares.into_iter().flatten().enumerate() {
            h ^= KEYS[CHAIN + usize::from(square.index())].rotate_left(7 * (k as u32 + 1));
        }
    }
    h
}
