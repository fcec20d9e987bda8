//! The move picker: plies with ranks, handed out best first, on the stack.

use arrayvec::ArrayVec;

use crate::engine::{Ply, Position, MAX_PLIES};

use super::setting::placement_score;

/// The keys of ranked plies: the rank in the high bits and the ply's index
/// in its list in the low 16 (so that equal ranks keep generation order).
/// An [`ArrayVec`] on the caller's stack: no allocation, no unused room
/// initialised, nothing large moved.
pub(crate) type Keys = ArrayVec<u64, MAX_PLIES>;

fn key(rank: u32, index: usize) -> u64 {
    (u64::from(rank) << 16) | (0xFFFF - index as u64)
}

/// Plies handed out best first from a list and its sorted keys.
pub(crate) struct Picker<'a> {
    plies: &'a [Ply],
    keys: &'a [u64],
    next: usize,
    /// A ply handed out first, whatever its rank (the table's move while setting).
    first: Option<Ply>,
    /// The ply `first` was, once handed out: skipped among the ranked ones.
    given: Option<Ply>,
    /// Hand out at most this many ranked plies (`first` counts when it is one of them).
    limit: usize,
}

impl<'a> Picker<'a> {
    fn sorted(keys: &'a mut Keys, plies: &'a [Ply]) -> Picker<'a> {
        keys.sort_unstable_by(|a, b| b.cmp(a));
        Picker {
            plies,
            keys,
            next: 0,
            first: None,
            given: None,
            limit: usize::MAX,
        }
    }

    /// Every ply of `plies`, ranked by `rank` (higher first).
    pub(crate) fn ranked(
        keys: &'a mut Keys,
        plies: &'a [Ply],
        mut rank: impl FnMut(Ply) -> u32,
    ) -> Picker<'a> {
        keys.clear();
        for (i, &ply) in plies.iter().enumerate() {
            keys.push(key(rank(ply), i));
        }
        Picker::sorted(keys, plies)
    }

    /// The setting's candidates: the table's move first, then the `most`
    /// placements the shape heuristics rank best.
    pub(crate) fn placements(
        keys: &'a mut Keys,
        position: &Position,
        plies: &'a [Ply],
        tt_move: Option<Ply>,
        most: usize,
    ) -> Picker<'a> {
        let mut picker = Picker::ranked(keys, plies, |ply| match ply {
            // An order-keeping map of the signed score onto u32.
            Ply::Place(square) => (placement_score(position, square) as u32) ^ (1 << 31),
            _ => u32::MAX,
        });
        picker.first = tt_move;
        picker.limit = most.max(1);
        picker
    }

    pub(crate) fn next(&mut self) -> Option<Ply> {
        if let Some(first) = self.first.take() {
            // Its own place among the ranked plies is skipped below but counted.
            self.given = Some(first);
            return Some(first);
        }
        while self.next < self.keys.len().min(self.limit) {
            let index = 0xFFFF - (self.keys[self.next] & 0xFFFF) as usize;
            let ply = self.plies[index];
            self.next += 1;
            if Some(ply) != self.given {
                return Some(ply);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sq;
    use crate::engine::Rules;

    fn all(mut picker: Picker<'_>) -> Vec<Ply> {
        std::iter::from_fn(|| picker.next()).collect()
    }

    #[test]
    fn ranks_come_out_highest_first_and_ties_in_generation_order() {
        let mut plies = crate::engine::PlyList::new();
        for name in ["a1", "b1", "c1", "d1"] {
            plies.push(Ply::Place(sq(name)));
        }
        let mut keys = Keys::new();
        let picker = Picker::ranked(&mut keys, &plies, |p| u32::from(p == Ply::Place(sq("c1"))));
        let order: Vec<String> = all(picker).iter().map(|p| p.to_string()).collect();
        assert_eq!(order, ["c1", "a1", "b1", "d1"]);
    }

    #[test]
    fn placements_put_the_table_move_first_and_keep_the_best_few() {
        // The Attacker holds c7 above the Defender's c6: c5 flanks it; f2
        // sits between the Defender's e2 and g2.
        let p = Position::from_text(
            "2S4/2s4/6s/7/7/S3s1s/SS5 w 20,20 - - 0 3 -",
            Rules::kharbga(),
        )
        .unwrap();
        let plies = p.legal_plies();
        let mut keys = Keys::new();
        let best = all(Picker::placements(&mut keys, &p, &plies, None, 5));
        assert_eq!(best.len(), 5);
        assert_eq!(best[0], Ply::Place(sq("c5")));
        assert!(!best.contains(&Ply::Place(sq("f2"))));
        let tt = Ply::Place(sq("f2"));
        let with_tt = all(Picker::placements(&mut keys, &p, &plies, Some(tt), 5));
        assert_eq!(with_tt[0], tt);
        assert_eq!(&with_tt[1..], &best[..], "the five best follow");
        let c5 = Ply::Place(sq("c5"));
        let tt_among = all(Picker::placements(&mut keys, &p, &plies, Some(c5), 5));
        assert_eq!(
            tt_among, best,
            "a table move among the best is not repeated"
        );
    }
}
