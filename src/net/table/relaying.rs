//! Every ply through both seats: a player's page relays the opponent's
//! signed plies to the pages it serves, and a watching page follows a ply
//! once both seats said it — its mover's signed ply, relayed by the other
//! seat — or after a short wait with one seat only, naming the seat that
//! stopped. Two different plies signed by one seat for the same place are
//! its lie, proved by its own signatures: the page keeps both and shows
//! the game the other seat plays. (What [`Relay`](super::relay::Relay)
//! keeps, and why, is told there.)

use super::admission::Kind;
use super::relay::{other, SignedPly};
use super::seats::Role;
use super::signing::sealed_by;
use super::{Event, Table, Warning};
use crate::engine::{Millis, Side};
use crate::net::envelope::Seal;
use crate::net::identity::Role as SeatRole;
use crate::net::message::Message;

impl Table {
    /// A seat's signed message as it came (a player's page relays its
    /// opponent's plies to the pages it serves): the one to relay, if it is
    /// an opponent's ply on a player's page.
    pub(super) fn to_relay(
        &self,
        peer: &str,
        seal: &Seal<SeatRole>,
        body: &Message,
    ) -> Option<Message> {
        let relays = !self.watching()
            && self.kind(peer) == Kind::Opponent
            && matches!(body, Message::Ply { .. });
        relays.then(|| Message::Signed {
            seal: *seal,
            body: Box::new(body.clone()),
        })
    }

    /// The opponent's ply `signed` was taken: to every page this one serves.
    pub(super) fn relay(&self, signed: &Message) -> Vec<Event> {
        self.admission
            .visitors_here()
            .into_iter()
            .map(|peer| Event::Send(peer, signed.clone()))
            .collect()
    }

    /// Whether `peer`, which proved the seat other than `signer`, may
    /// relay a ply `signer` signed to this page (a watching page takes
    /// relayed plies only).
    pub(super) fn relays_for(&self, peer: &str, signer: SeatRole, body: &Message) -> bool {
        self.watching()
            && matches!(body, Message::Ply { .. })
            && self
                .admission
                .proved(peer)
                .is_some_and(|(role, _)| role == other(signer))
    }

    /// The side seat `role` plays, as the page that proved it says (or as
    /// this page last knew).
    fn seat_side(&self, role: SeatRole) -> Option<Side> {
        self.admission
            .side_of_seat(role)
            .or_else(|| self.witness.side_of(role))
    }

    /// Whether `seal` over `body` is the signature of the seat it names.
    pub(super) fn seat_sealed(&self, seal: &Seal<SeatRole>, body: &Message) -> bool {
        let key = match seal.signer {
            SeatRole::Host => Some(self.seats.host()),
            SeatRole::Guest => self.seats.cert().map(|c| c.key),
        };
        key.is_some_and(|k| sealed_by(seal, &k, &self.room(), body))
    }

    /// A seat's signed ply reached this watching page: from its mover's
    /// page (`relayed` false) or relayed by the other seat's.
    pub(super) fn watched_ply(
        &mut self,
        peer: &str,
        signed: SignedPly,
        relayed: bool,
        now: Millis,
    ) -> Vec<Event> {
        if relayed && !matches!(self.seats.role(), Role::Spectator | Role::Invited(_)) {
            // A newcomer takes the game from the host's welcome first.
            return Vec::new();
        }
        let role = signed.role();
        // The side its mover plays: as the mover's page proved it, or as
        // the relaying seat proved its own.
        let side = if relayed {
            self.admission.proved(peer).map(|(_, side)| side.opponent())
        } else {
            self.mover_side(peer)
        };
        let Some(side) = side else {
            return vec![Event::Warn(Warning::NotPlayer)];
        };
        let index = signed.index;
        if !relayed {
            self.relay.direct(role, index);
        }
        let length = self.game.plies().len();
        if self.disputed_from(index) {
            if !relayed {
                // The seats disagree from here: neither alone is followed.
                return Vec::new();
            }
            // A ply the mover signed and the other seat relays: both
            // seats' word, where their records parted.
            self.witness.end_dispute();
        }
        if index < length {
            return self.known_ply(peer, signed, relayed, now);
        }
        if !relayed && self.relay.held_at(index).is_some() {
            // The mover again (a resend).
            return Vec::new();
        }
        if !relayed && index > length && self.relay.hold(signed.clone(), peer, length, now) {
            // The next of the mover's plies in a row, held behind the first.
            return Vec::new();
        }
        let mut events = Vec::new();
        if relayed && index > length && (length..index).all(|i| self.relay.held_at(i).is_some()) {
            // A later ply relayed: the other seat built on the plies held
            // before it (and their movers on each other's), so they are
            // both seats' word.
            while self.game.plies().len() < index {
                let Some(held) = self.relay.release(self.game.plies().len()) else {
                    break;
                };
                let Some(side) = self.seat_side(held.role()) else {
                    break;
                };
                events.extend(self.take_signed(peer, side, held, true, now));
            }
            if self.game.plies().len() != index {
                return events;
            }
        }
        let length = self.game.plies().len();
        if index > length {
            // A gap: ask that seat for the game.
            events.push(self.catch_up(peer));
            return events;
        }
        if self.relay.held_at(index).is_some() {
            let Some(held) = self.relay.release(self.game.plies().len()) else {
                return events;
            };
            // Both seats send: the mover its ply, the other its relay.
            let news = self.relay.sends(role) | self.relay.sends(other(role));
            if news || (held.ply != signed.ply && self.relay.lied(held, signed.clone())) {
                events.push(Event::Changed);
            }
            events.extend(self.take_signed(peer, side, signed, true, now));
            return events;
        }
        if relayed {
            // Both seats' word: the mover signed it, the other relays it.
            events.extend(self.take_signed(peer, side, signed, true, now));
            if self.relay.sends(other(role)) {
                events.push(Event::Changed);
            }
            if self.game.plies().len() > index {
                self.relay.await_mover(index, role, now);
            }
            return events;
        }
        // From its mover alone: held while the other seat, here, may
        // vouch for it (a ply for the side not to move is refused at once).
        if self.game.outcome().is_none() && self.game.position().to_move() != side {
            return vec![Event::Warn(Warning::WrongSide)];
        }
        if self.admission.seat_here_as(other(role), now)
            && self.game.outcome().is_none()
            && self.relay.hold(signed.clone(), peer, length, now)
        {
            return Vec::new();
        }
        self.take_signed(peer, side, signed, false, now)
    }

    /// A signed ply for a place this page's game already holds: the same
    /// one (the other road's copy) tells that its sender still sends; a
    /// different one signed by the same seat is a lie; and a different one
    /// the other seat relays, where this page followed one seat alone, is
    /// the game both seats play.
    fn known_ply(
        &mut self,
        peer: &str,
        signed: SignedPly,
        relayed: bool,
        now: Millis,
    ) -> Vec<Event> {
        let index = signed.index;
        let role = signed.role();
        let shown = self.game.plies()[index].ply;
        if shown == signed.ply {
            let news = if relayed {
                self.relay.vouch(index);
                self.relay.sends(other(role))
            } else {
                self.relay.mover_sent(index, role)
            };
            return if news {
                vec![Event::Changed]
            } else {
                Vec::new()
            };
        }
        if !relayed {
            // The mover's word against what this page shows (a takeback
            // on its way, or a seat that goes back on its word): its game
            // answers it.
            return vec![Event::Warn(Warning::BadIndex), self.catch_up(peer)];
        }
        // The other seat relays another ply for a place this page took
        // from the mover alone: the mover signed both, a lie.
        let mut events = Vec::new();
        let kept = self.relay.unvouched_at(role, index).cloned();
        if kept.is_some_and(|kept| self.relay.lied(kept, signed.clone())) {
            events.push(Event::Changed);
        }
        if index >= self.relay.vouched() {
            // The other seat plays this one: its game is followed.
            let Some(side) = self.seat_side(role) else {
                return events;
            };
            self.game.back_to(index);
            self.run_clock(now);
            self.went_back(index);
            events.extend(self.take_signed(peer, side, signed, true, now));
        }
        events
    }

    /// `signed` taken as the game's next ply (`vouched`: by both seats).
    fn take_signed(
        &mut self,
        peer: &str,
        side: Side,
        signed: SignedPly,
        vouched: bool,
        now: Millis,
    ) -> Vec<Event> {
        let before = self.game.plies().len();
        let events = self.take_ply(peer, side, signed.ply, signed.hash, signed.left, now);
        if self.game.plies().len() > before {
            self.relay.taken(signed, vouched);
        }
        events
    }

    /// The game went back to `plies` plies (or started again): what was
    /// relayed before is old.
    pub(super) fn went_back(&mut self, plies: usize) {
        let seen = self.signing.seen();
        self.relay.went_back(plies, seen);
    }

    /// A watching page at `now`: a ply held past [`RELAY_WAIT_MS`] is
    /// followed (the other seat, still here, did not vouch for it: it is
    /// named), a mover whose own copy of a relayed ply did not come is
    /// named, and a seat's word that waited is taken.
    ///
    /// [`RELAY_WAIT_MS`]: super::relay::RELAY_WAIT_MS
    pub(super) fn relay_tick(&mut self, now: Millis) -> Vec<Event> {
        if !self.watching() {
            return Vec::new();
        }
        let mut events = Vec::new();
        while let Some((held, peer)) = self.relay.overdue(self.game.plies().len(), now) {
            let role = held.role();
            let Some(side) = self.seat_side(role) else {
                continue;
            };
            let before = self.game.plies().len();
            if before != held.index {
                continue;
            }
            events.extend(self.take_signed(&peer, side, held, false, now));
            let taken = self.game.plies().len() > before;
            if taken
                && self.admission.seat_here_as(other(role), now)
                && self.relay.stop(other(role))
            {
                events.push(Event::Changed);
            }
        }
        if let Some(mover) = self.relay.mover_silent(now) {
            if self.relay.stop(mover) {
                events.push(Event::Changed);
            }
        }
        if self.relay.words_wait() {
            events.extend(self.settle_words(now));
        }
        events
    }

    /// The seat that stopped sending the game while the other still does,
    /// and the seat followed (the sides they play).
    pub fn stopped_sending(&self) -> Option<(Side, Side)> {
        if !self.watching() {
            return None;
        }
        let stopped = self.relay.stopped()?;
        let side = self.seat_side(stopped)?;
        Some((side, side.opponent()))
    }

    /// The seats that signed two different plies for one place, as this
    /// watching page proved (the side each plays, and the place), last
    /// first.
    pub fn lies(&self) -> Vec<(Side, usize)> {
        self.relay
            .lies()
            .iter()
            .rev()
            .filter_map(|lie| Some((self.seat_side(lie.role())?, lie.index())))
            .collect()
    }
}
