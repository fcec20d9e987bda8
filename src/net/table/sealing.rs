//! Signed messages at the table: what a player sends leaves signed by its
//! seat with the seat's next number, and what comes signed is taken only
//! from the peer that proved that seat on its connection, with that seat's
//! signature, never replayed. The key and the numbers are
//! [`Signing`](super::signing::Signing)'s.

use super::admission::PeerId;
use super::signing::sealed_by;
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
        let key = match role {
            SeatRole::Host => Some(self.seats.host()),
            SeatRole::Guest => self.seats.cert().map(|c| c.key),
        };
        if !proved || !key.is_some_and(|k| sealed_by(&seal, &k, &self.room(), &body)) {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        if !self.signing.news(role, seal.n) {
            // Seen, or older than what was seen: no news.
            return Vec::new();
        }
        self.handle_body(peer, body, now)
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
