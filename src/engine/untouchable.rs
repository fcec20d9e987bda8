//! The untouchable analysis of Kharbga's exchange rule (`RULES.md` §2).
//!
//! Spread from the Attacker's soldiers through empty squares; a Defender
//! soldier whose two neighbours on one line are both reached is vulnerable.
//! Vulnerable soldiers' squares count as emptied and the spread goes on,
//! until nothing changes. The rest are untouchable. Each round is one
//! bitboard flood fill, seeded with the previous round's reach (it only grows).

use super::bitboard::{Bitboard, Direction, Geometry};

/// Defender soldiers that no Attacker play can capture while the Defender
/// keeps its barrier still.
pub fn untouchables(geo: &Geometry, attackers: Bitboard, defenders: Bitboard) -> Bitboard {
    let empty = geo.board - attackers - defenders;
    let mut marked = Bitboard::EMPTY;
    let mut reach = attackers;
    loop {
        reach = geo.flood(reach, attackers | empty | marked);
        let vulnerable = defenders
            & ((geo.shift(reach, Direction::East) & geo.shift(reach, Direction::West))
                | (geo.shift(reach, Direction::North) & geo.shift(reach, Direction::South)));
        let fresh = vulnerable - marked;
        if fresh.is_empty() {
            return defenders - marked;
        }
        marked |= fresh;
    }
}
