//! Move generation: the legal plies of a position, into a stack
//! [`PlyList`] (never allocating), and the rules that decide them.

use super::*;

impl Position {
    /// Kharbaga: the pieces that are Mullahs (empty in the other games).
    pub fn mullahs(&self) -> Bitboard {
        self.mullahs
    }

    /// Every legal ply, in generation order.
    pub fn legal_plies(&self) -> PlyList {
        let mut plies = PlyList::new();
        self.generate(&mut plies);
        plies
    }

    /// True when `ply` is legal here.
    pub fn is_legal(&self, ply: Ply) -> bool {
        // Cheap shape checks first, then the generator decides.
        match ply {
            Ply::Place(s) | Ply::Remove(s) if !self.size().contains(s) => false,
            Ply::Step { from, to, .. }
                if !self.size().contains(from) || !self.size().contains(to) =>
            {
                false
            }
            _ => self.legal_plies().contains(&ply),
        }
    }

    /// Appends every legal ply to `out`.
    pub fn generate(&self, out: &mut PlyList) {
        self.generate_staged(out, false);
    }

    /// As [`Position::generate`], less the Kharbga Defender's flagged steps
    /// when [`Position::defers_flags`]: what a search generates without
    /// the exchange analysis; [`Position::flag_analysis`] tells the rest.
    pub fn generate_unflagged(&self, out: &mut PlyList) {
        self.generate_staged(out, true);
    }

    /// True when the side to move is the Kharbga Defender in the moving
    /// phase, with no chain under way, against two Attackers or more: the
    /// only plies whose generation needs the exchange analysis (which of
    /// its steps leave the soldier untouchable, and so may be flagged).
    pub fn defers_flags(&self) -> bool {
        self.outcome.is_none()
            && self.rules.variant.is_kharbga()
            && self.to_move == Side::Second
            && !self.is_setting()
            && self.chain.is_none()
            && self.soldiers[0].count() >= 2
    }

    /// The exchange analysis of a position that [`Position::defers_flags`]
    /// (none elsewhere): a Defender step from `from` to `to` that captures
    /// nothing may carry the flag when
    /// [`StepAnalysis::untouchable_after`] says so. What
    /// [`Position::generate`] asks for every such step, for a search to ask
    /// only of the steps it tries.
    pub fn flag_analysis(&self) -> Option<StepAnalysis> {
        if !self.defers_flags() {
            return None;
        }
        StepAnalysis::new(self.geo(), self.soldiers[0], self.soldiers[1])
    }

    /// Appends the unflagged steps that capture (onto
    /// [`Position::capture_targets`]), in generation order: a quiescence
    /// search's plies. Nothing while setting, in a chain, or in Kharbaga
    /// (whose captures are not steps).
    pub fn generate_captures(&self, out: &mut PlyList) {
        if self.outcome.is_some()
            || self.rules.variant.is_alquerque()
            || self.is_setting()
            || self.chain.is_some()
        {
            return;
        }
        let geo = self.geo();
        let own = self.soldiers[idx(self.to_move)];
        let targets = self.capture_targets(self.to_move);
        for direction in Direction::ALL {
            let offset = direction.offset();
            for_each_index(geo.shift(own, direction) & targets, |to_index| {
                let from = Square::from_index_unchecked(to_index.wrapping_add_signed(-offset));
                out.push(Ply::step(from, Square::from_index_unchecked(to_index)));
            });
        }
    }

    fn generate_staged(&self, out: &mut PlyList, defer_flags: bool) {
        if self.outcome.is_some() {
            return;
        }
        if self.rules.variant.is_alquerque() {
            self.kharbaga_generate(out);
            return;
        }
        if self.is_setting() {
            self.generate_placements(out);
            return;
        }
        let side = self.to_move;
        if let Some(square) = self.chain {
            self.generate_chain(square, out);
            return;
        }
        let before = out.len();
        if defer_flags && self.defers_flags() {
            self.generate_steps_under(FlagRule::Never, out);
        } else {
            self.generate_steps_under(self.flag_rule(), out);
        }
        // No step: only reached under the removal option (passes are automatic).
        if out.len() == before && self.rules.blocked == BlockedRule::Remove {
            for square in self.soldiers[idx(side.opponent())] {
                out.push(Ply::Remove(square));
            }
        }
    }

    pub(super) fn generate_placements(&self, out: &mut PlyList) {
        let geo = self.geo();
        let mut allowed = self.empty() - geo.malha;
        if self.rules.variant.is_kharbga() {
            allowed = allowed - self.malha_access_forbidden();
        }
        by_word!(geo, |_m, w| w(allowed).for_each_index(
            |i| out.push(Ply::Place(Square::from_index_unchecked(i)))
        ));
    }

    /// Kharbga: the empty squares where a placement now would leave the
    /// Attacker unable to hold a Malha neighbour.
    pub fn malha_access_forbidden(&self) -> Bitboard {
        if !self.rules.variant.is_kharbga() || !self.is_setting() {
            return Bitboard::EMPTY;
        }
        let geo = self.geo();
        let neighbours = geo.malha_neighbours;
        if (self.soldiers[0] & neighbours).any() {
            return Bitboard::EMPTY;
        }
        let empty = self.empty() - geo.malha;
        let free_neighbours = neighbours & empty;
        match self.to_move {
            Side::First => {
                // The Attacker's own placement on a neighbour is always fine;
                // elsewhere it must keep one for later.
                if self.in_hand[0] == 1 || free_neighbours.is_empty() {
                    empty - neighbours
                } else {
                    Bitboard::EMPTY
                }
            }
            Side::Second => {
                if self.in_hand[0] == 0 {
                    empty
                } else if free_neighbours.is_single() {
                    free_neighbours
                } else {
                    Bitboard::EMPTY
                }
            }
        }
    }

    pub(super) fn generate_chain(&self, square: Square, out: &mut PlyList) {
        let geo = self.geo();
        let targets = self.capture_targets(self.to_move);
        for to in geo.neighbours(Bitboard::from_square(square)) & targets {
            out.push(Ply::step(square, to));
        }
        if self.rules.chain == ChainRule::Optional {
            out.push(Ply::Stop);
        }
    }

    fn generate_steps_under(&self, flags: FlagRule, out: &mut PlyList) {
        let geo = self.geo();
        let own = self.soldiers[idx(self.to_move)];
        let empty = self.empty();
        if let FlagRule::Never = flags {
            // The common case, kept lean: one ply per destination bit.
            by_word!(geo, |m, w| {
                let (own, empty) = (w(own), w(empty));
                for direction in Direction::ALL {
                    let offset = direction.offset();
                    (m.shift(own, direction) & empty).for_each_index(|to| {
                        let from = Square::from_index_unchecked(to.wrapping_add_signed(-offset));
                        out.push(Ply::step(from, Square::from_index_unchecked(to)));
                    });
                }
            });
            return;
        }
        let targets = self.capture_targets(self.to_move);
        for direction in Direction::ALL {
            let offset = direction.offset();
            for_each_index(geo.shift(own, direction) & empty, |to_index| {
                let to = Square::from_index_unchecked(to_index);
                let from = Square::from_index_unchecked(to_index.wrapping_add_signed(-offset));
                out.push(Ply::step(from, to));
                if !targets.contains(to) && Self::may_flag(&flags, from, to) {
                    out.push(Ply::flagged(from, to));
                }
            });
        }
    }

    pub(super) fn flag_rule(&self) -> FlagRule {
        if !self.rules.variant.is_kharbga() {
            return FlagRule::Never;
        }
        match (self.to_move, self.exchange) {
            (Side::Second, _) if self.soldiers[0].count() >= 2 => {
                match StepAnalysis::new(self.geo(), self.soldiers[0], self.soldiers[1]) {
                    Some(analysis) => FlagRule::UntouchableAfter(analysis),
                    None => FlagRule::Never,
                }
            }
            (Side::First, Exchange::Requested { .. }) => FlagRule::Any,
            (Side::First, Exchange::Confirmed { offer, .. }) => FlagRule::AnyBut(offer),
            _ => FlagRule::Never,
        }
    }

    pub(super) fn may_flag(rule: &FlagRule, from: Square, to: Square) -> bool {
        match rule {
            FlagRule::Never => false,
            FlagRule::Any => true,
            FlagRule::AnyBut(square) => from != *square,
            FlagRule::UntouchableAfter(analysis) => analysis.untouchable_after(from, to),
        }
    }
}
