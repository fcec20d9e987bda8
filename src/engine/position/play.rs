//! Playing a ply: its legality checked (or not, for a ply known legal),
//! its effects applied, the turn ended and the next one started.

use super::*;

impl Position {
    /// Plays `ply` if it is legal.
    ///
    /// # Errors
    /// [`IllegalPly`] when it is not; the position is then unchanged.
    ///
    /// ```
    /// use kharbga::engine::{Position, Rules};
    /// let mut position = Position::new(Rules::kharbga());
    /// assert!(position.play("d4".parse().unwrap()).is_err()); // the Malha
    /// position.play("c4".parse().unwrap()).unwrap();
    /// assert_eq!(position.placed_this_turn(), 1);
    /// ```
    pub fn play(&mut self, ply: Ply) -> Result<Effects, IllegalPly> {
        if !self.is_legal(ply) {
            return Err(IllegalPly { ply });
        }
        let mut effects = Effects::default();
        self.apply(ply, &mut effects);
        Ok(effects)
    }

    /// Plays `ply` without checking it: the fast path for search, perft and
    /// playouts, with plies from [`Position::legal_plies`]. An illegal ply
    /// leaves a position the rules cannot reach. It reports nothing: copying
    /// the [`Effects`] out, just after the byte-sized writes that filled them,
    /// stalled the processor for a fifth of a random playout.
    pub fn play_unchecked(&mut self, ply: Ply) {
        let mut effects = Effects::default();
        self.apply(ply, &mut effects);
    }

    /// Plays `ply` without checking it and says what it did.
    pub fn play_unchecked_with_effects(&mut self, ply: Ply) -> Effects {
        let mut effects = Effects::default();
        self.apply(ply, &mut effects);
        effects
    }

    pub(super) fn apply(&mut self, ply: Ply, effects: &mut Effects) {
        if self.rules.variant.is_alquerque() {
            self.kharbaga_apply(ply, effects);
            return;
        }
        match ply {
            Ply::Place(square) => self.place(square, effects),
            Ply::Step {
                from,
                to,
                flagged: true,
            } => self.flagged_step(from, to, effects),
            Ply::Step {
                from,
                to,
                flagged: false,
            } => self.step(from, to, effects),
            Ply::Stop => {
                self.chain = None;
                self.end_turn(effects);
            }
            // Not a custodial ply: `play` never lets one through.
            Ply::Leap(_) => {}
            Ply::Remove(square) => {
                self.cancel_exchange(effects);
                let enemy = self.to_move.opponent();
                self.take(enemy, Bitboard::from_square(square));
                effects.removed.insert(square);
                self.quiet = 0;
                if !self.check_no_soldiers() {
                    self.end_turn(effects);
                }
            }
        }
    }

    pub(super) fn place(&mut self, square: Square, effects: &mut Effects) {
        let side = self.to_move;
        self.soldiers[idx(side)].insert(square);
        self.soldier_hash ^= zobrist::soldier(side, square);
        self.in_hand[idx(side)] -= 1;
        if self.in_hand == [0, 0] {
            // The board is full but for the Malha: the moving phase begins.
            effects.turn_ended = true;
            if side == Side::Second {
                self.turn += 1;
            }
            self.quiet = 0;
            match self.rules.variant {
                Variant::Kharbga => {
                    self.to_move = Side::First;
                    self.first_turn = true;
                }
                Variant::Seega(_) | Variant::Kharbaga => self.to_move = Side::Second,
            }
            self.start_turn(side, effects);
            return;
        }
        if self.placed_this_turn() == 0 || self.in_hand[idx(side)] == 0 {
            effects.turn_ended = true;
            if side == Side::Second {
                self.turn += 1;
            }
            if self.in_hand[idx(side.opponent())] > 0 {
                self.to_move = side.opponent();
            }
        }
    }

    pub(super) fn move_soldier(&mut self, from: Square, to: Square) {
        let side = self.to_move;
        let own = &mut self.soldiers[idx(side)];
        own.remove(from);
        own.insert(to);
        self.soldier_hash ^= zobrist::soldier(side, from) ^ zobrist::soldier(side, to);
    }

    /// Takes `set` (soldiers of `side`) off the board.
    pub(super) fn take(&mut self, side: Side, set: Bitboard) {
        self.soldiers[idx(side)] = self.soldiers[idx(side)] - set;
        for square in set {
            self.soldier_hash ^= zobrist::soldier(side, square);
        }
    }

    pub(super) fn step(&mut self, from: Square, to: Square, effects: &mut Effects) {
        if self.chain.is_none() {
            self.cancel_exchange(effects);
        }
        let side = self.to_move;
        self.move_soldier(from, to);
        let captured = self.captures_from(side, to);
        if captured.is_empty() {
            self.quiet = self.quiet.saturating_add(1);
            self.chain = None;
            self.end_turn(effects);
            return;
        }
        self.take(side.opponent(), captured);
        effects.captured = captured;
        self.quiet = 0;
        if self.check_no_soldiers() {
            self.chain = None;
            return;
        }
        if self.can_capture_from(to) {
            self.chain = Some(to);
        } else {
            self.chain = None;
            self.end_turn(effects);
        }
    }

    pub(super) fn flagged_step(&mut self, from: Square, to: Square, effects: &mut Effects) {
        let side = self.to_move;
        self.move_soldier(from, to);
        self.quiet = self.quiet.saturating_add(1);
        let (next, event) = match (side, self.exchange) {
            (Side::Second, Exchange::Offered { soldier, offer }) if soldier == from => (
                Exchange::Confirmed { soldier: to, offer },
                ExchangeEvent::Confirmed(to),
            ),
            (Side::Second, Exchange::OfferedTwice { soldier, offers }) if soldier == from => {
                self.take(Side::Second, Bitboard::from_square(to));
                for offer in offers {
                    self.take(Side::First, Bitboard::from_square(offer));
                    effects.removed.insert(offer);
                }
                effects.removed.insert(to);
                self.quiet = 0;
                (
                    Exchange::None,
                    ExchangeEvent::Completed([to, offers[0], offers[1]]),
                )
            }
            (Side::Second, _) => (
                Exchange::Requested { soldier: to },
                ExchangeEvent::Requested(to),
            ),
            (Side::First, Exchange::Requested { soldier }) => (
                Exchange::Offered { soldier, offer: to },
                ExchangeEvent::Offered(to),
            ),
            (Side::First, Exchange::Confirmed { soldier, offer }) => (
                Exchange::OfferedTwice {
                    soldier,
                    offers: [offer, to],
                },
                ExchangeEvent::Offered(to),
            ),
            // Not generated: a flagged Attacker step with nothing to answer.
            (Side::First, _) => (Exchange::None, ExchangeEvent::Cancelled),
        };
        self.exchange = next;
        effects.exchange = Some(event);
        if !self.check_no_soldiers() {
            self.end_turn(effects);
        }
    }

    pub(super) fn cancel_exchange(&mut self, effects: &mut Effects) {
        if self.exchange != Exchange::None {
            self.exchange = Exchange::None;
            effects.exchange = Some(ExchangeEvent::Cancelled);
        }
    }

    /// Ends the game if a side has no soldier left; true if it did.
    pub(super) fn check_no_soldiers(&mut self) -> bool {
        for side in [Side::First, Side::Second] {
            if self.soldiers[idx(side)].is_empty() {
                self.outcome = Some(Outcome {
                    winner: Some(side.opponent()),
                    reason: Reason::NoSoldiers,
                });
                return true;
            }
        }
        false
    }

    pub(super) fn end_turn(&mut self, effects: &mut Effects) {
        effects.turn_ended = true;
        let mover = self.to_move;
        self.chain = None;
        if mover == Side::Second {
            self.turn += 1;
        }
        self.to_move = mover.opponent();
        self.start_turn(mover, effects);
    }

    /// A turn starts for `self.to_move` after `previous` played: the first-move
    /// block, automatic passes and the quiet-move limit are settled here.
    pub(super) fn start_turn(&mut self, previous: Side, effects: &mut Effects) {
        if self.first_turn && previous == Side::First {
            if !self.has_step(Side::Second) {
                // The first-turn mark stays: with the Defender to move and
                // blocked, it is what the position string shows of this end.
                self.outcome = self.standing_outcome();
                return;
            }
            self.first_turn = false;
        }
        let side = self.to_move;
        if !self.has_step(side)
            && self.rules.blocked == BlockedRule::Pass
            && self.has_step(side.opponent())
        {
            effects.passed = Some(side);
            if self.exchange != Exchange::None {
                self.exchange = Exchange::None;
                effects.exchange_cancelled_by_pass = true;
            }
            if side == Side::Second {
                self.turn += 1;
            }
            self.first_turn = false;
            self.to_move = side.opponent();
        }
        // A side with no soldier left ended the game where it lost the last
        // one, and the first-move block is settled above: only the quiet-move
        // limit can end a game as a turn starts.
        let limit = self.rules.quiet_limit;
        if limit > 0 && self.quiet >= limit && !self.is_setting() {
            self.outcome = Some(self.by_count(Reason::QuietLimit));
        }
    }
}
