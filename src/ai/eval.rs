//! The static evaluation, from the side to move's point of view, in
//! hundredths of a soldier.

use super::setting::between;
use super::weights::{self, Weights, TERMS, UNTOUCHABLE};
use crate::engine::{Bitboard, Geometry, Position, Side, Variant};

const SOLDIER: i32 = 100;

/// Enemy soldiers with one of `own` on both sides along a rank or a file.
fn flanked(geo: &Geometry, own: Bitboard, enemy: Bitboard) -> Bitboard {
    enemy & between(geo, own)
}

/// A Kharbaga Mullah, in hundredths of a soldier: it flies, captures from
/// afar and cannot be blocked by a wall of soldiers.
const MULLAH: i32 = 280;
/// A soldier's worth per rank it has advanced towards promotion.
const ADVANCE: i32 = 6;

/// Kharbaga's evaluation: material (Mullahs weigh more), soldiers' progress
/// towards the far rank; faded towards a draw as quiet Mullah moves near
/// the limit, since reaching it draws.
fn evaluate_kharbaga(position: &Position) -> i32 {
    let me = position.to_move();
    let mullahs = position.mullahs();
    let side_score = |side: Side| {
        let pieces = position.soldiers(side);
        let soldiers = pieces - mullahs;
        let advance: i32 = soldiers
            .map(|s| match side {
                Side::First => i32::from(s.rank()),
                Side::Second => 4 - i32::from(s.rank()),
            })
            .sum();
        soldiers.count() as i32 * SOLDIER
            + (pieces & mullahs).count() as i32 * MULLAH
            + advance * ADVANCE
    };
    near_quiet_limit(position, side_score(me) - side_score(me.opponent()))
}

/// The weights the evaluation uses under `variant`.
pub(crate) fn weights_of(variant: Variant) -> &'static Weights {
    if variant == Variant::Kharbga {
        &weights::KHARBGA
    } else {
        &weights::SEEGA
    }
}

/// The steps the side to move has more than its opponent (soldiers beside
/// an empty square): a moving-phase term, and the setting's spread.
fn mobility_edge(position: &Position) -> i32 {
    let me = position.to_move();
    position.mobility(me) as i32 - position.mobility(me.opponent()) as i32
}

/// What the evaluation of a Kharbga or Seega position weighs: the soldiers'
/// difference (in hundredths) and the positional terms (in
/// [`weights::NAMES`]' order), from the side to move's point of view. The
/// moving phase's terms only; while setting, the flanked term alone. The
/// untouchables (a fixpoint over the board, the costliest term) only when
/// `untouchables` asks for them (their weight is not 0, or a tuner asks).
pub(crate) fn terms(position: &Position, untouchables: bool) -> (i32, [i32; TERMS]) {
    let me = position.to_move();
    let them = me.opponent();
    let geo = Geometry::of(position.size());
    let (mine, theirs) = (position.soldiers(me), position.soldiers(them));
    let count = |b: Bitboard| b.count() as i32;
    let material = (count(mine) - count(theirs)) * SOLDIER;
    let mut x = [0; TERMS];
    x[0] = count(flanked(geo, mine, theirs)) - count(flanked(geo, theirs, mine));
    if position.is_setting() {
        return (material, x);
    }
    x[1] = mobility_edge(position);
    // A threat counts when a soldier of that side stands next to it.
    let reachable = |side: Side| geo.neighbours(position.soldiers(side));
    x[2] = count(position.capture_targets(me) & reachable(me));
    x[3] = -count(position.capture_targets(them) & reachable(them));
    if untouchables && position.rules().variant == Variant::Kharbga {
        let safe = count(position.untouchables());
        x[4] = if me == Side::Second { safe } else { -safe };
    }
    (material, x)
}

/// The position's value for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    if position.rules().variant.is_alquerque() {
        return evaluate_kharbaga(position);
    }
    let weights = weights_of(position.rules().variant);
    let (material, x) = terms(position, weights.0[UNTOUCHABLE] != 0);
    if position.is_setting() {
        let me = position.to_move();
        return material
            + weights.dot(&x)
            + super::setting::MOBILITY * mobility_edge(position)
            + super::setting::shape(position, me)
            - super::setting::shape(position, me.opponent());
    }
    material + near_quiet_limit(position, weights.dot(&x))
}

/// The positional part of a score, faded out over the second half of the
/// quiet-move limit: when the limit ends the game, only the soldiers count
/// (the barrier rule), so a side that is a soldier down but "better placed"
/// is in fact losing unless it captures in time.
pub(crate) fn near_quiet_limit(position: &Position, positional: i32) -> i32 {
    let (kept, of) = quiet_fade(position);
    positional * kept / of
}

/// The share of the positional part kept at `position`'s quiet-move
/// count, as a fraction: whole in the first half of the limit, then
/// falling to nothing at the limit.
pub(crate) fn quiet_fade(position: &Position) -> (i32, i32) {
    let limit = i32::from(position.rules().quiet_limit);
    let quiet = i32::from(position.quiet());
    let half = limit / 2;
    if limit == 0 || quiet <= half {
        (1, 1)
    } else {
        ((limit - quiet).max(0), limit - half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    /// The Defender, a soldier down, with `quiet` quiet
    /// plies played (a game from a match that level 5 lost by the limit).
    fn defender_behind(quiet: u16) -> Position {
        let text =
            format!("1ssS1Ss/1SS1S2/sS1S1S1/1sS1SSs/s1sS1Ss/3sSS1/1ss1s1s b 0,0 - - {quiet} 79 -");
        Position::from_text(&text, Rules::kharbga()).unwrap()
    }

    #[test]
    fn the_evaluation_is_its_weighted_terms_whatever_it_skips() {
        // What the tuner reads (every term) is what the search plays, in
        // random Kharbga and Seega games' moving phases; while setting, the
        // same terms with mobility and the setting's shape.
        for (rules, seed) in [
            (Rules::kharbga(), 1),
            (Rules::seega(crate::engine::BoardSize::Seven), 2),
        ] {
            let mut rng = crate::ai::Rng::new(seed);
            let mut position = Position::new(rules);
            let mut checked = [0; 2];
            while !position.is_over() {
                let me = position.to_move();
                let (material, x) = terms(&position, true);
                let weighted = weights_of(rules.variant).dot(&x);
                let expected = if position.is_setting() {
                    checked[0] += 1;
                    material
                        + weighted
                        + super::super::setting::MOBILITY * mobility_edge(&position)
                        + super::super::setting::shape(&position, me)
                        - super::super::setting::shape(&position, me.opponent())
                } else {
                    checked[1] += 1;
                    material + near_quiet_limit(&position, weighted)
                };
                assert_eq!(evaluate(&position), expected);
                let plies = position.legal_plies();
                position.play_unchecked(plies[rng.below(plies.len())]);
            }
            assert!(checked[0] == 48 && checked[1] > 10, "{checked:?}");
        }
    }

    #[test]
    fn while_setting_spread_soldiers_count_for_their_side() {
        // Seega 7×7, the first player setting its second soldier: beside
        // its first (c3, c4: a block, fewer empty squares beside them) or
        // apart (c3, e4): neither on an edge, beside an enemy or between
        // two, so only the steps they keep (8 against 6) differ. The second
        // player is to move after either, and likes the block better.
        let seega = Rules::seega(crate::engine::BoardSize::Seven);
        let mut block = Position::from_text("7/7/7/7/2S4/7/7 w 23,24 - - 0 1 -", seega).unwrap();
        let mut apart = block;
        block.play_unchecked(crate::engine::Ply::Place(crate::engine::sq("c4")));
        apart.play_unchecked(crate::engine::Ply::Place(crate::engine::sq("e4")));
        assert_eq!(block.to_move(), Side::Second);
        assert_eq!(apart.to_move(), Side::Second);
        assert!(evaluate(&block) > evaluate(&apart));
        assert_eq!(
            evaluate(&block) - evaluate(&apart),
            2 * super::super::setting::MOBILITY
        );
    }

    #[test]
    fn placement_fades_before_the_quiet_move_limit() {
        let limit = Rules::kharbga().quiet_limit;
        let early = evaluate(&defender_behind(0));
        let half = evaluate(&defender_behind(limit / 2));
        let late = evaluate(&defender_behind(limit - 4));
        let end = evaluate(&defender_behind(limit));
        // (Whatever the weights make of its placement, it counts.)
        assert_ne!(early, -SOLDIER, "the placement counts early");
        assert_eq!(early, half, "no fading in the first half");
        let (from_end, late_from_end) = ((half - end).abs(), (late - end).abs());
        assert!(late_from_end < from_end && late_from_end > 0, "{late}");
        assert_eq!(end, -SOLDIER, "at the limit only the soldiers count");
    }
}
