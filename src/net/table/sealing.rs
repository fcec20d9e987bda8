//! Signed messages at the table: what a player sends leaves signed by its
//! seat with the seat's next number, and what comes signed is taken only
//! from the peer that proved that seat on its connection, with that seat's
//! signature, never replayed. The key and the numbers are
//! [`Signing`](super::signing::Signing)'s.

use super::admission::PeerId;
use super::relay::SignedPly;
use super::{Event, Table, Warning};
use crate::engine::Millis;
use crate::net::envelope::Seal;
use crate::net::identity::Role as SeatRole;
use crate::net::message::{encode, Message};

impl Table {
    /// A seat's signed message: taken when it comes from the peer that
    /// proved that seat on this connection, bears that seat's signature,
    /// and has a number above every one seen from that seat (a message
    /// replayed, by a signalling server in the middle say, is not).
    pub(super) fn signed(
        &mut self,
        peer: &str,
        seal: Seal<SeatRole>,
        body: Message,
        now: Millis,
    ) -> Vec<Event> {
        let role = seal.signer;
        let proved = self.admission.proved(peer).is_some_and(|(r, _)| r == role);
        // A watching page also takes a seat's ply relayed by the other seat.
        let relayed = !proved && self.relays_for(peer, role, &body);
        if !(proved || relayed) || !self.seat_sealed(&seal, &body) {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        if let (
            true,
            Message::Ply {
                index,
                ply,
                hash,
                left,
            },
        ) = (self.watching(), &body)
        {
            // Relayed plies come by another road than the seat's own
            // messages (their numbers interleave): a relayed one is old
            // only when signed before the game last went back.
            let news = if relayed {
                self.relay.fresh(role, seal.n)
            } else {
                self.signing.news(role, seal.n)
            };
            if !news {
                return Vec::new();
            }
            let signed = SignedPly {
                index: *index as usize,
                ply: *ply,
                hash: *hash,
                left: *left,
                seal,
            };
            return self.watched_ply(peer, signed, relayed, now);
        }
        if !self.signing.news(role, seal.n) {
            // Seen, or older than what was seen: no news.
            return Vec::new();
        }
        // The opponent's ply, once taken, goes on to the pages this one
        // serves, as signed.
        let relay = self.to_relay(peer, &seal, &body);
        let before = self.game.plies().len();
        let mut events = self.handle_body(peer, body, now);
        if let Some(signed) = relay.filter(|_| self.game.plies().len() > before) {
            events.extend(self.relay(&signed));
        }
        events
    }

    /// The messages of `events` to send, encoded: `(to, text)`, `to` `None`
    /// for everyone. What a player signs leaves signed by its seat, with
    /// the seat's next number.
    pub fn outgoing(&mut self, events: &[Event]) -> Vec<(Option<PeerId>, String)> {
        let seat = self.side().map(|_| {
            if self.hosting() {
                SeatRole::Host
            } else {
                SeatRole::Guest
            }
        });
        let room = self.room();
        let mut out = Vec::new();
        for event in events {
            let (to, message) = match event {
                Event::Send(to, m) => (Some(to.clone()), m),
                Event::Broadcast(m) => (None, m),
                _ => continue,
            };
            let signed = match seat {
                Some(role) if message.is_signed_kind() => self.signing.seal(role, &room, message),
                _ => None,
            };
            out.push((to, encode(signed.as_ref().unwrap_or(message))));
        }
        out
    }

    /// Numbers this page's signed messages from `now` on (the page's clock
    /// in milliseconds: a page opened again numbers above what it signed
    /// before).
    pub fn number_from(&mut self, now: Millis) {
        self.signing.number_from(now);
    }
}
