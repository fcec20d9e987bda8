//! The seats' signatures: this page's seat key (a player's), the number of
//! the last message it signed, and the highest number seen from each seat.
//! What a player sends signed leaves with its seat's next number; what a
//! seat signed is taken once, above every number seen from it, never
//! replayed. Which peer may speak for a seat, and with which key, is the
//! table's to say; [`Signing`] seals and counts.

use super::seats::seat_slot;
use crate::engine::Millis;
use crate::net::envelope::Seal;
use crate::net::identity::{PublicKey, Role as SeatRole, SeatKey, Signature};
use crate::net::message::{fields_text, seal_scope, Message};
use crate::net::room::RoomCode;

/// This page's seat key and the seats' numbers.
#[derive(Clone, Debug, Default)]
pub(super) struct Signing {
    /// This page's seat key (a player's).
    key: Option<SeatKey>,
    /// The number of this page's last signed message.
    n: u64,
    /// The highest number seen from each seat, `[host, guest]`.
    last: [u64; 2],
}

impl Signing {
    /// With this page's seat key, if it has one.
    pub(super) fn new(key: Option<SeatKey>) -> Signing {
        Signing {
            key,
            ..Signing::default()
        }
    }

    /// This page's seat key.
    pub(super) fn key(&self) -> Option<&SeatKey> {
        self.key.as_ref()
    }

    /// Its public half.
    pub(super) fn public(&self) -> Option<PublicKey> {
        self.key.as_ref().map(SeatKey::public)
    }

    /// This page holds `key` now (it joined); `None` drops it (the seat
    /// went to someone else).
    pub(super) fn set_key(&mut self, key: Option<SeatKey>) {
        self.key = key;
    }

    /// The seat key's signature over `bytes`, if this page has a key.
    pub(super) fn sign(&self, bytes: &[u8]) -> Option<Signature> {
        self.key.as_ref().map(|key| key.sign(bytes))
    }

    /// The number of this page's last signed message (a hello's claim
    /// says it).
    pub(super) fn number(&self) -> u64 {
        self.n
    }

    /// Numbers this page's signed messages from `now` on (the page's clock
    /// in milliseconds: a page opened again numbers above what it signed
    /// before).
    pub(super) fn number_from(&mut self, now: Millis) {
        self.n = self.n.max(now.get());
    }

    /// What the seat `role` signed up to number `n` is no news (a seat's
    /// proof says the last number it signed).
    pub(super) fn seen_up_to(&mut self, role: SeatRole, n: u64) {
        let last = &mut self.last[seat_slot(role)];
        *last = (*last).max(n);
    }

    /// The highest number seen from each seat, `[host, guest]`.
    pub(super) fn seen(&self) -> [u64; 2] {
        self.last
    }

    /// A message the seat `role` signed with number `n`: news (and counted)
    /// when above every number seen from that seat; a message replayed, or
    /// older than what was seen, is not.
    pub(super) fn news(&mut self, role: SeatRole, n: u64) -> bool {
        let last = &mut self.last[seat_slot(role)];
        if n <= *last {
            return false;
        }
        *last = n;
        true
    }

    /// `message`, signed by this page's seat (playing as `role`) in the
    /// messages of `room` with the seat's next number; `None` without a
    /// key.
    pub(super) fn seal(
        &mut self,
        role: SeatRole,
        room: &RoomCode,
        message: &Message,
    ) -> Option<Message> {
        let key = self.key.as_ref()?;
        self.n += 1;
        let seal = Seal::sign(key, role, self.n, &seal_scope(room), &fields_text(message));
        Some(Message::Signed {
            seal,
            body: Box::new(message.clone()),
        })
    }
}

/// Whether `seal` over `body` is the signature of `key` in the messages of
/// `room`.
pub(super) fn sealed_by(
    seal: &Seal<SeatRole>,
    key: &PublicKey,
    room: &RoomCode,
    body: &Message,
) -> bool {
    seal.verifies(key, &seal_scope(room), &fields_text(body))
}
