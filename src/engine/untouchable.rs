//! The untouchable analysis of Kharbga's exchange rule (`RULES.md` §2).
//!
//! Spread from the Attacker's soldiers through empty squares; a Defender
//! soldier whose two neighbours on one line are both reached is vulnerable.
//! Vulnerable soldiers' squares count as emptied and the spread goes on,
//! until nothing changes. The rest are untouchable. Each round is one
//! bitboard flood fill, seeded with the previous round's reach (it only grows).
//!
//! Exchanges exist only in Kharbga, always 7×7: on the 9-wide grid its
//! squares are bits 0–60, so the analysis runs on `u64` words, twice as
//! cheap as the general `u128` bitboards.

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::square::{BoardSize, Square};
use super::word::Masks;

/// Kharbga's board masks as `u64` words.
fn seven() -> &'static Masks<u64> {
    &Geometry::of(BoardSize::Seven).w64
}

/// The vulnerable soldiers (the complement of the untouchables among
/// `defenders`) and the final reach; stops early once `watch` is marked.
///
/// `seed` starts the first flood: the attackers, or any superset of them
/// inside the first round's reach.
#[inline(always)]
fn marked(m: &Masks<u64>, attackers: u64, defenders: u64, watch: u64, seed: u64) -> (u64, u64) {
    let empty = m.board & !attackers & !defenders;
    let mut marked = 0u64;
    let mut reach = seed;
    loop {
        // A flood that gives up as soon as the watched soldier is flanked:
        // the reach only grows, so it would be marked this round.
        let within = attackers | empty | marked;
        loop {
            if m.vulnerable(reach, watch) != 0 {
                return (marked | watch, reach);
            }
            let next = (reach | m.neighbours(reach)) & within;
            if next == reach {
                break;
            }
            reach = next;
        }
        let fresh = m.vulnerable(reach, defenders) & !marked;
        marked |= fresh;
        if fresh == 0 || marked & watch != 0 {
            return (marked, reach);
        }
    }
}

/// What one position tells about its Defender steps, kept to answer "is the
/// soldier untouchable after this step?" for every step of a move list.
#[derive(Clone, Copy, Debug)]
pub struct StepAnalysis {
    attackers: u64,
    defenders: u64,
    /// The first round's reach: Attackers and the empties they reach.
    first_reach: u64,
    /// The squares next to the first round's reach.
    first_fringe: u64,
}

impl StepAnalysis {
    /// Prepares for a 7×7 position (`None` on other boards: no exchanges there).
    pub fn new(geo: &Geometry, attackers: Bitboard, defenders: Bitboard) -> Option<StepAnalysis> {
        if geo.size != BoardSize::Seven {
            return None;
        }
        let (a, d) = (low_word(attackers), low_word(defenders));
        let m = seven();
        let first_reach = m.flood(a, m.board & !d);
        Some(StepAnalysis {
            attackers: a,
            defenders: d,
            first_reach,
            first_fringe: m.neighbours(first_reach),
        })
    }

    /// Whether the soldier stepping from `from` to `to` is untouchable once
    /// there: the analysis of the position after the step, started from
    /// what is known of its first round. When `to` was not reached before,
    /// blocking it cuts nothing off, so the old first reach (and `from`, if
    /// it touches it) is reached still; if that already flanks `to`, the
    /// soldier is vulnerable at once.
    pub fn untouchable_after(&self, from: Square, to: Square) -> bool {
        let (from_bit, to_bit) = (1u64 << from.index(), 1u64 << to.index());
        let seed = if self.first_reach & to_bit == 0 {
            let opened = if self.first_fringe & from_bit != 0 {
                from_bit
            } else {
                0
            };
            let known = self.first_reach | opened;
            if seven().vulnerable(known, to_bit) != 0 {
                return false;
            }
            known
        } else {
            self.attackers
        };
        let defenders = (self.defenders & !from_bit) | to_bit;
        marked(seven(), self.attackers, defenders, to_bit, seed).0 & to_bit == 0
    }
}

fn low_word(set: Bitboard) -> u64 {
    // Only called for 7×7 boards, whose squares are all in the low 64 bits.
    (set.0 & u128::from(u64::MAX)) as u64
}

/// Defender soldiers that no Attacker play can capture while the Defender
/// keeps its barrier still. Kharbga only: on other boards (Seega, which has
/// no exchange) the answer is empty.
pub fn untouchables(geo: &Geometry, attackers: Bitboard, defenders: Bitboard) -> Bitboard {
    if geo.size != BoardSize::Seven {
        return Bitboard::EMPTY;
    }
    let (a, d) = (low_word(attackers), low_word(defenders));
    Bitboard(u128::from(d & !marked(seven(), a, d, 0, a).0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Direction;

    /// The analysis written with the general `u128` bitboards, as the rules say it.
    fn reference(geo: &Geometry, attackers: Bitboard, defenders: Bitboard) -> Bitboard {
        let empty = geo.board - attackers - defenders;
        let mut marked = Bitboard::EMPTY;
        loop {
            let reach = geo.flood(attackers, attackers | empty | marked);
            let vulnerable = defenders
                & ((geo.shift(reach, Direction::East) & geo.shift(reach, Direction::West))
                    | (geo.shift(reach, Direction::North) & geo.shift(reach, Direction::South)));
            if (vulnerable - marked).is_empty() {
                return defenders - marked;
            }
            marked |= vulnerable;
        }
    }

    /// Random 7×7 boards of varied density, from a tiny deterministic generator.
    fn boards(count: usize) -> impl Iterator<Item = (Bitboard, Bitboard)> {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count).map(move |_| {
            let g = Geometry::of(BoardSize::Seven);
            let (mut a, mut d) = (Bitboard::EMPTY, Bitboard::EMPTY);
            let density = next() % 3;
            for square in g.board {
                match (next() % 5, density) {
                    (0, _) => a.insert(square),
                    (1 | 2, 0) | (1, _) => d.insert(square),
                    _ => {}
                }
            }
            (a, d)
        })
    }

    #[test]
    fn the_word_analysis_and_its_early_exits_agree_with_the_reference() {
        let g = Geometry::of(BoardSize::Seven);
        let mut untouchable_seen = 0;
        for (a, d) in boards(3000) {
            let all = reference(g, a, d);
            assert_eq!(untouchables(g, a, d), all);
            untouchable_seen += all.count();
        }
        assert!(untouchable_seen > 1000, "the boards exercise both answers");
    }

    #[test]
    fn the_step_shortcut_agrees_with_a_fresh_analysis_after_each_step() {
        let g = Geometry::of(BoardSize::Seven);
        let mut steps = 0;
        for (a, d) in boards(1500) {
            let analysis = StepAnalysis::new(g, a, d).unwrap();
            let empty = g.board - a - d;
            for from in d {
                for to in g.neighbours(Bitboard::from_square(from)) & empty {
                    let mut after = d;
                    after.remove(from);
                    after.insert(to);
                    let expected = reference(g, a, after).contains(to);
                    assert_eq!(
                        analysis.untouchable_after(from, to),
                        expected,
                        "{from}-{to}"
                    );
                    steps += 1;
                }
            }
        }
        assert!(steps > 5000);
    }

    #[test]
    fn corners_are_always_untouchable_and_seega_has_none() {
        let g = Geometry::of(BoardSize::Seven);
        let a: Bitboard = ["b1", "a2", "c1"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let d = Bitboard::from_square("a1".parse().unwrap());
        assert_eq!(untouchables(g, a, d), d);
        let g5 = Geometry::of(BoardSize::Five);
        assert_eq!(untouchables(g5, a, d), Bitboard::EMPTY);
    }
}
