//! The setting phase's policy: every empty square is a legal placement, so
//! the search looks only at the few that shape and threat heuristics rank
//! best (the move picker's `placements`), and the evaluation scores the
//! shape of a setting.
//!
//! Heuristics, for the side placing (all from `RULES.md`'s capture rule):
//! - an enemy soldier set between the new soldier and one of ours is
//!   *flanked*: captured as soon as one flanker steps away and back;
//! - a square between two enemies is a liability (the sandwich re-forms);
//! - a line that ends at the board's edge can never close on a soldier, so
//!   edge squares are safer and corners can never be captured;
//! - a soldier next to one of ours cannot be taken along that line;
//! - Kharbga: the Attacker's first step goes into the Malha and captures a
//!   Defender soldier next to it with an Attacker soldier beyond;
//! - and, in the evaluation only, mobility: soldiers with empty squares
//!   beside them (spread out) rather than packed.

use crate::engine::{Bitboard, Direction, Geometry, Position, Side, Variant};

const FLANK: i32 = 10;
const SANDWICHED: i32 = 8;
const CLOSED_LINE: i32 = 3;
const SOLID: i32 = 2;
const MALHA_ACCESS: i32 = 4;
const FIRST_CAPTURE: i32 = 14;
/// While setting, each possible step (a soldier next to an empty square)
/// one side has more than the other: soldiers spread out rather than in
/// blocks and lines. Measured as the side that steps second, at 100 ms a
/// ply against `ab4m` (40 games each, docs/ai.md): Kharbga's Defender 76.2
/// and 80.0 % without it, 87.5 and 85.0 % with it; Seega 7×7's first
/// player 61.2 % and 83.8 %. 5, 20 and 30 did worse than 15 in Kharbga.
pub(super) const MOBILITY: i32 = 15;

/// Squares with a line (vertical, horizontal) closed by the board's edge:
/// one set per line.
fn closed_lines(geo: &Geometry) -> [Bitboard; 2] {
    let both = |a: Direction, b: Direction| geo.shift(geo.board, a) & geo.shift(geo.board, b);
    [
        geo.board - both(Direction::North, Direction::South),
        geo.board - both(Direction::East, Direction::West),
    ]
}

/// Squares with a soldier of `of` on both sides along a rank or a file
/// (the evaluation's flanked soldiers, the setting's sandwiched squares).
pub(super) fn between(geo: &Geometry, of: Bitboard) -> Bitboard {
    let both = |a: Direction, b: Direction| geo.shift(of, a) & geo.shift(of, b);
    both(Direction::East, Direction::West) | both(Direction::North, Direction::South)
}

/// Kharbga: the Malha's neighbours holding a soldier of `victim` with a
/// soldier of `attacker` beyond, away from the Malha: taken by a first
/// step into the Malha.
fn first_step_victims(geo: &Geometry, attacker: Bitboard, victim: Bitboard) -> Bitboard {
    let mut result = Bitboard::EMPTY;
    for d in Direction::ALL {
        let next = geo.shift(geo.malha, d);
        if (geo.shift(next, d) & attacker).any() {
            result |= next & victim;
        }
    }
    result
}

/// How much the placement on `square` is worth to the side to move, by
/// shape alone (no search).
pub fn placement_score(position: &Position, square: crate::engine::Square) -> i32 {
    let me = position.to_move();
    let geo = Geometry::of(position.size());
    let own = position.soldiers(me);
    let enemy = position.soldiers(me.opponent());
    let at = Bitboard::from_square(square);
    let mut score = 0;
    for d in Direction::ALL {
        let next = geo.shift(at, d);
        if (next & enemy).any() && (geo.shift(next, d) & own).any() {
            score += FLANK;
        }
        if (next & own).any() {
            score += SOLID;
        }
    }
    if (between(geo, enemy) & at).any() {
        score -= SANDWICHED;
    }
    for line in closed_lines(geo) {
        if (line & at).any() {
            score += CLOSED_LINE;
        }
    }
    if position.rules().variant == Variant::Kharbga {
        let (attacker, defender) = match me {
            Side::First => (own | at, enemy),
            Side::Second => (enemy, own | at),
        };
        let before = first_step_victims(
            geo,
            position.soldiers(Side::First),
            position.soldiers(Side::Second),
        );
        let after = first_step_victims(geo, attacker, defender);
        let gained = after.count() as i32 - before.count() as i32;
        score += match me {
            Side::First => gained * FIRST_CAPTURE,
            Side::Second => -gained * FIRST_CAPTURE,
        };
        if me == Side::First && (geo.malha_neighbours & at).any() {
            score += MALHA_ACCESS;
        }
    }
    score
}

/// The setting's shape for `side`: safe lines, soldiers left between two
/// enemies, and (Kharbga) the first step's captures.
pub fn shape(position: &Position, side: Side) -> i32 {
    let geo = Geometry::of(position.size());
    let own = position.soldiers(side);
    let enemy = position.soldiers(side.opponent());
    let mut score = 0;
    for line in closed_lines(geo) {
        score += (line & own).count() as i32 * CLOSED_LINE;
    }
    let sandwiched = (geo.shift(enemy, Direction::East) & geo.shift(enemy, Direction::West))
        | (geo.shift(enemy, Direction::North) & geo.shift(enemy, Direction::South));
    score -= (sandwiched & own).count() as i32 * SANDWICHED;
    if position.rules().variant == Variant::Kharbga {
        let first = first_step_victims(
            geo,
            position.soldiers(Side::First),
            position.soldiers(Side::Second),
        );
        let taken = first.count() as i32 * FIRST_CAPTURE;
        score += if side == Side::First { taken } else { -taken };
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sq;
    use crate::engine::Rules;

    fn kharbga(text: &str) -> Position {
        Position::from_text(text, Rules::kharbga()).expect("test position")
    }

    #[test]
    fn a_flanking_placement_ranks_first_and_a_sandwiched_one_last() {
        // The Attacker holds c7 above the Defender's c6: c5 flanks it.
        // f2 sits between the Defender's e2 and g2.
        let p = kharbga("2S4/2s4/6s/7/7/S3s1s/SS5 w 20,20 - - 0 3 -");
        let score = |name| placement_score(&p, sq(name));
        assert!(score("c5") > score("c3"), "flank over a plain square");
        assert!(score("f2") < score("c3"), "sandwich under a plain square");
        assert!(score("g7") > score("c3"), "a corner cannot be taken");
    }

    #[test]
    fn the_attacker_prepares_the_first_step_into_the_malha() {
        // The Defender holds d5, next to the Malha: an Attacker on d6 takes
        // it with the first step, and a Defender on d5 under an Attacker's
        // d6 is a gift.
        let p = kharbga("6s/7/3s3/7/7/7/SS5 w 22,22 - - 0 2 -");
        let attacker = placement_score(&p, sq("d6"));
        assert!(attacker >= FIRST_CAPTURE, "{attacker}");
        let q = kharbga("s5s/3S3/7/7/7/7/SSS4 b 20,22 - - 0 2 -");
        assert!(placement_score(&q, sq("d5")) < 0);
        assert!(placement_score(&q, sq("d5")) < placement_score(&q, sq("c3")));
    }
}
