//! The static evaluation, from the side to move's point of view, in
//! hundredths of a soldier.

use crate::engine::{Bitboard, Direction, Geometry, Position, Side, Variant};

const SOLDIER: i32 = 100;
const MOBILITY: i32 = 3;
/// An empty square from which the side to move captures next step.
const THREAT_NOW: i32 = 30;
/// One the opponent will be able to use after this move.
const THREAT_LATER: i32 = 12;
/// A Defender soldier out of the Attacker's reach (Kharbga): safe, and
/// worth two Attacker soldiers in an exchange.
const UNTOUCHABLE: i32 = 12;
/// An enemy set between two of one's soldiers: capturable once a flanker
/// steps away and back (the setting phase's main aim).
const FLANKED: i32 = 10;

/// Enemy soldiers with one of `own` on both sides along a rank or a file.
fn flanked(geo: &Geometry, own: Bitboard, enemy: Bitboard) -> Bitboard {
    let both = |a: Direction, b: Direction| geo.shift(own, a) & geo.shift(own, b);
    enemy & (both(Direction::East, Direction::West) | both(Direction::North, Direction::South))
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let me = position.to_move();
    let them = me.opponent();
    let geo = Geometry::of(position.size());
    let (mine, theirs) = (position.soldiers(me), position.soldiers(them));
    let count = |b: Bitboard| b.count() as i32;
    let mut score = (count(mine) - count(theirs)) * SOLDIER;
    score += (count(flanked(geo, mine, theirs)) - count(flanked(geo, theirs, mine))) * FLANKED;
    if position.is_setting() {
        return score + super::setting::shape(position, me) - super::setting::shape(position, them);
    }
    score += (position.mobility(me) as i32 - position.mobility(them) as i32) * MOBILITY;
    // A threat counts when a soldier of that side stands next to it.
    let reachable = |side: Side| geo.neighbours(position.soldiers(side));
    score += count(position.capture_targets(me) & reachable(me)) * THREAT_NOW;
    score -= count(position.capture_targets(them) & reachable(them)) * THREAT_LATER;
    if position.rules().variant == Variant::Kharbga {
        let safe = count(position.untouchables()) * UNTOUCHABLE;
        score += if me == Side::Second { safe } else { -safe };
    }
    score
}
