//! The move picker: plies with ranks, handed out best first.

use crate::engine::{Ply, PlyList, Position, MAX_PLIES};

use super::setting::placement_score;

/// The move picker: plies with ranks, handed out best first by selection
/// (Stockfish's `MovePicker` idea), on the stack. A cut-off usually comes
/// after a few plies, so sorting the rest would be wasted; nothing is
/// allocated. Equal ranks come out in generation order.
pub(crate) struct Picker<'a> {
    plies: &'a mut [Ply],
    /// The rank in the high bits, the generation order in the low 16.
    keys: [u64; MAX_PLIES],
    next: usize,
    /// A ply handed out first, whatever its rank (the table's move while setting).
    first: Option<Ply>,
    /// The ply `first` was, once handed out: skipped among the ranked ones.
    given: Option<Ply>,
    /// Hand out at most this many ranked plies (`first` counts when it is one of them).
    limit: usize,
}

impl<'a> Picker<'a> {
    pub(crate) fn new(plies: &'a mut PlyList) -> Picker<'a> {
        Picker {
            plies: plies.as_mut_slice(),
            keys: [0; MAX_PLIES],
            next: 0,
            first: None,
            given: None,
            limit: usize::MAX,
        }
    }

    /// Ranks every ply (higher first).
    pub(crate) fn rank(&mut self, mut rank: impl FnMut(Ply) -> u32) {
        for (i, ply) in self.plies.iter().enumerate() {
            self.keys[i] = (u64::from(rank(*ply)) << 16) | (0xFFFF - i as u64);
        }
    }

    /// Keeps only the plies `rank` ranks, in generation order, ranked.
    pub(crate) fn keep(&mut self, mut rank: impl FnMut(Ply) -> Option<u32>) {
        let mut kept = 0;
        for i in 0..self.plies.len() {
            if let Some(r) = rank(self.plies[i]) {
                self.plies.swap(kept, i);
                self.keys[kept] = (u64::from(r) << 16) | (0xFFFF - kept as u64);
                kept += 1;
            }
        }
        let plies = std::mem::take(&mut self.plies);
        self.plies = &mut plies[..kept];
    }

    /// The setting's candidates: the table's move first, then the `most`
    /// placements the shape heuristics rank best.
    pub(crate) fn placements(
        position: &Position,
        plies: &'a mut PlyList,
        tt_move: Option<Ply>,
        most: usize,
    ) -> Picker<'a> {
        let mut picker = Picker::new(plies);
        picker.rank(|ply| match ply {
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
        loop {
            if self.next >= self.plies.len() || self.next >= self.limit {
                return None;
            }
            let mut best = self.next;
            for i in self.next + 1..self.plies.len() {
                if self.keys[i] > self.keys[best] {
                    best = i;
                }
            }
            self.plies.swap(self.next, best);
            self.keys.swap(self.next, best);
            let ply = self.plies[self.next];
            self.next += 1;
            if Some(ply) != self.given {
                return Some(ply);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Square};

    fn sq(name: &str) -> Square {
        name.parse().expect("test square")
    }

    fn all(mut picker: Picker<'_>) -> Vec<Ply> {
        std::iter::from_fn(|| picker.next()).collect()
    }

    #[test]
    fn ranks_come_out_highest_first_and_ties_in_generation_order() {
        let mut plies = PlyList::new();
        for name in ["a1", "b1", "c1", "d1"] {
            plies.push(Ply::Place(sq(name)));
        }
        let mut picker = Picker::new(&mut plies);
        picker.rank(|p| u32::from(p == Ply::Place(sq("c1"))));
        let order: Vec<String> = all(picker).iter().map(|p| p.to_string()).collect();
        assert_eq!(order, ["c1", "a1", "b1", "d1"]);
        let mut picker = Picker::new(&mut plies);
        picker.keep(|p| (p != Ply::Place(sq("b1"))).then_some(1));
        assert_eq!(all(picker).len(), 3, "b1 dropped");
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
        let mut plies = p.legal_plies();
        let best = all(Picker::placements(&p, &mut plies, None, 5));
        assert_eq!(best.len(), 5);
        assert_eq!(best[0], Ply::Place(sq("c5")));
        assert!(!best.contains(&Ply::Place(sq("f2"))));
        let mut plies = p.legal_plies();
        let tt = Ply::Place(sq("f2"));
        let with_tt = all(Picker::placements(&p, &mut plies, Some(tt), 5));
        assert_eq!(with_tt[0], tt);
        assert_eq!(&with_tt[1..], &best[..], "the five best follow");
        let mut plies = p.legal_plies();
        let c5 = Ply::Place(sq("c5"));
        let tt_among = all(Picker::placements(&p, &mut plies, Some(c5), 5));
        assert_eq!(
            tt_among, best,
            "a table move among the best is not repeated"
        );
    }
}
