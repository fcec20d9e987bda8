//! The seats' signatures on the messages a player sends: what leaves
//! signed with the seat's next number, and what is taken only signed
//! by the seat that proved itself on the connection, never replayed.

use super::{seat_slot, Event, PeerId, Table, Warning};
use crate::engine::Millis;
use crate::net::envelope::Seal;
use crate::net::identity::Role as SeatRole;
use crate::net::message::{encode, fields_text, seal_scope, Message};

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
        let (role, n) = (seal.signer, seal.n);
        let proved = self
            .peers
            .get(peer)
            .and_then(|p| p.proved)
            .is_some_and(|(r, _)| r == role);
        let key = match role {
            SeatRole::Host => Some(self.host),
            SeatRole::Guest => self.cert.as_ref().map(|c| c.key),
        };
        let (scope, fields) = (seal_scope(&self.room()), fields_text(&body));
        if !proved || !key.is_some_and(|k| seal.verifies(&k, &scope, &fields)) {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        let last = &mut self.last[seat_slot(role)];
        if n <= *last {
            // Seen, or older than what was seen: no news.
            return Vec::new();
        }
        *last = n;
        self.handle_body(peer, body, now)
    }

    /// The messages of `events` to send, encoded: `(to, text)`, `to` `None`
    /// for everyone. What a player signs leaves signed by its seat, with
    /// the seat's next number.
    pub fn outgoing(&mut self, events: &[Event]) -> Vec<(Option<PeerId>, String)> {
        let seat = self
            .key
            .clone()
            .filter(|_| self.side().is_some())
            .map(|key| {
                let role = if self.hosting() {
                    SeatRole::Host
                } else {
                    SeatRole::Guest
                };
                (key, role)
            });
        let scope = seal_scope(&self.room());
        let mut out = Vec::new();
        for event in events {
            let (to, message) = match event {
                Event::Send(to, m) => (Some(to.clone()), m),
                Event::Broadcast(m) => (None, m),
                _ => continue,
            };
            let text = match &seat {
                Some((key, role)) if message.is_signed_kind() => {
                    self.n += 1;
                    let n = self.n;
                    let seal = Seal::sign(key, *role, n, &scope, &fields_text(message));
                    encode(&Message::Signed {
                        seal,
                        body: Box::new(message.clone()),
                    })
                }
                _ => encode(message),
            };
            out.push((to, text));
        }
        out
    }

    /// Numbers this page's signed messages from `now` on (the page's clock
    /// in milliseconds: a page opened again numbers above what it signed
    /// before).
    pub fn number_from(&mut self, now: Millis) {
        self.n = self.n.max(now.get());
    }
}
