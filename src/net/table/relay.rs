//! What a watching page keeps of the plies that reach it by two roads.
//! Each seat sends its own plies to everyone, and relays the other seat's
//! signed plies to the pages it serves; so a watching page hears each ply
//! from its mover and, a round trip later, from the other seat, with the
//! mover's signature both times. A ply heard from its mover alone is held
//! until the other seat vouches for it (it relays the same ply), or until
//! [`RELAY_WAIT_MS`] passes, and then followed with the seat that did not
//! relay it named; a ply the other seat relays is both seats' word, taken
//! at once. A seat that signed two different plies for the same place in
//! the game proved its own lie: both signed plies are kept (a [`Lie`]),
//! and the page shows the game the other seat plays.
//!
//! [`Relay`] keeps the held ply, the last signed plies taken (what a lie is
//! proved against), how far both seats vouched for the game, the number
//! under which each seat's relayed plies are old (a game taken back or
//! started again), which seat stopped sending the game, and the lies.

use std::collections::VecDeque;

use super::seats::seat_slot;
use crate::engine::{Millis, Ply};
use crate::net::envelope::Seal;
use crate::net::identity::Role as SeatRole;
use crate::net::message::{encode, Message};

/// How long a watching page waits for the other seat to vouch for a ply
/// its mover sent (or for the mover's own copy of a ply the other seat
/// relayed) before following the one seat it heard.
pub const RELAY_WAIT_MS: Millis = Millis(1_000);

/// The signed plies kept to prove a lie against: the last ones taken (a
/// seat's second ply for a place comes within a round trip of the first).
const KEPT: usize = 8;
/// The lies kept (each two signed plies).
const MAX_LIES: usize = 4;
/// The plies held at most (a turn's, from one mover: Kharbga's captures
/// in a row are a ply each).
const MAX_HELD: usize = 32;

/// The other seat.
pub(super) const fn other(role: SeatRole) -> SeatRole {
    match role {
        SeatRole::Host => SeatRole::Guest,
        SeatRole::Guest => SeatRole::Host,
    }
}

/// A ply as its mover signed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SignedPly {
    /// Where it goes in the game.
    pub index: usize,
    /// The ply.
    pub ply: Ply,
    /// The position's hash after it, as its mover says.
    pub hash: u64,
    /// The mover's time left after it, as it says.
    pub left: Option<Millis>,
    /// The mover's seal (its seat is the signer).
    pub seal: Seal<SeatRole>,
}

impl SignedPly {
    /// The seat that signed it.
    pub(super) fn role(&self) -> SeatRole {
        self.seal.signer
    }

    /// The signed message as it was sent.
    fn text(&self) -> String {
        encode(&Message::Signed {
            seal: self.seal,
            body: Box::new(Message::Ply {
                index: self.index as u32,
                ply: self.ply,
                hash: self.hash,
                left: self.left,
            }),
        })
    }
}

/// Two different plies one seat signed for the same place in the game: its
/// own proof that it told pages different games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lie {
    role: SeatRole,
    plies: [SignedPly; 2],
}

impl Lie {
    /// The seat that signed both.
    pub fn role(&self) -> SeatRole {
        self.role
    }

    /// The place in the game (the ply's index, from 0).
    pub fn index(&self) -> usize {
        self.plies[0].index
    }

    /// The proof as a record keeps it (the `Equivocation` tag): the seat,
    /// then both signed messages as sent, tabs written as spaces (a ply's
    /// message has no other space), so that anyone with the room's link
    /// can check both signatures.
    pub fn proof(&self) -> String {
        let [a, b] = &self.plies;
        format!(
            "{} {} {}",
            self.role.token(),
            a.text().replace('\t', " "),
            b.text().replace('\t', " ")
        )
    }
}

/// What a watching page keeps of the plies that reach it by two roads.
#[derive(Clone, Debug, Default)]
pub(super) struct Relay {
    /// Plies from their mover that the other seat has not vouched for yet
    /// (in a row, from the game's next), the peer each came from, and
    /// since when each waits.
    held: VecDeque<(SignedPly, String, Millis)>,
    /// The last signed plies taken, each with whether the other seat
    /// vouched for it (relayed it).
    kept: VecDeque<(SignedPly, bool)>,
    /// The plies both seats vouched for (from the start of the game).
    vouched: usize,
    /// Each seat's (`[host, guest]`) relayed plies numbered at or below
    /// this are old: signed before the game went back or started again.
    floor: [u64; 2],
    /// A ply the other seat relayed whose mover's own copy has not come:
    /// its index, its mover, since when.
    awaiting: Option<(usize, SeatRole, Millis)>,
    /// When each seat's word (a record with plies of its own beyond this
    /// page's game) came, while it waits for the other's.
    word: [Option<Millis>; 2],
    /// The seat that stopped sending the game (its plies, or the other's).
    stopped: Option<SeatRole>,
    /// The highest place of each seat's ply that came from its own page.
    direct: [Option<usize>; 2],
    /// The lies proved.
    lies: Vec<Lie>,
}

impl Relay {
    /// Holds `ply`, from its mover's page `peer`, at `now`, when it follows
    /// the plies held (or the game, `next` its next place): false when it
    /// does not (or too many are held).
    pub(super) fn hold(&mut self, ply: SignedPly, peer: &str, next: usize, now: Millis) -> bool {
        let after = next + self.held.len();
        if ply.index != after || self.held.len() >= MAX_HELD {
            return false;
        }
        self.held.push_back((ply, peer.to_owned(), now));
        true
    }

    /// The ply held for place `index`, if any.
    pub(super) fn held_at(&self, index: usize) -> Option<&SignedPly> {
        self.held
            .iter()
            .map(|(p, _, _)| p)
            .find(|p| p.index == index)
    }

    /// The first ply held (the game's next: `plies` long), let go.
    pub(super) fn release(&mut self, plies: usize) -> Option<SignedPly> {
        self.drop_held_below(plies);
        self.held.pop_front().map(|(p, _, _)| p)
    }

    /// The first ply held once it waited [`RELAY_WAIT_MS`] at `now`, let
    /// go, with the peer it came from.
    pub(super) fn overdue(&mut self, plies: usize, now: Millis) -> Option<(SignedPly, String)> {
        self.drop_held_below(plies);
        let (_, _, since) = self.held.front()?;
        if now.since(*since) < RELAY_WAIT_MS {
            return None;
        }
        self.held.pop_front().map(|(p, peer, _)| (p, peer))
    }

    /// `ply` was taken into the game (`vouched`: by both seats' word).
    pub(super) fn taken(&mut self, ply: SignedPly, vouched: bool) {
        if vouched {
            self.vouched = self.vouched.max(ply.index + 1);
        }
        if self.kept.len() == KEPT {
            self.kept.pop_front();
        }
        self.kept.push_back((ply, vouched));
    }

    /// The other seat vouched for the ply at `index` after it was taken
    /// (it relayed the same one).
    pub(super) fn vouch(&mut self, index: usize) {
        self.vouched = self.vouched.max(index + 1);
        for (p, vouched) in &mut self.kept {
            if p.index == index {
                *vouched = true;
            }
        }
    }

    /// The plies both seats vouched for.
    pub(super) fn vouched(&self) -> usize {
        self.vouched
    }

    /// Both seats said the game up to `plies` plies (they agreed on it).
    pub(super) fn agreed(&mut self, plies: usize) {
        self.vouched = plies;
    }

    /// The signed ply taken at `index` from seat `role` on its mover's
    /// word alone (the other seat never relayed it), if kept: what the
    /// other seat's relay of another ply for that place proves a lie. (A ply
    /// both seats vouched for and another both vouch for is a takeback.)
    pub(super) fn unvouched_at(&self, role: SeatRole, index: usize) -> Option<&SignedPly> {
        self.kept
            .iter()
            .rev()
            .find(|(p, vouched)| !vouched && p.index == index && p.role() == role)
            .map(|(p, _)| p)
    }

    /// Whether a ply relayed from seat `role` under number `n` may be news:
    /// signed after the game last went back.
    pub(super) fn fresh(&self, role: SeatRole, n: u64) -> bool {
        n > self.floor[seat_slot(role)]
    }

    /// The game went back to `plies` plies or started again (a takeback, a
    /// rematch, a welcome, a dispute): what each seat relayed before its
    /// number `floor` is old, and nothing held or kept is about this game.
    pub(super) fn went_back(&mut self, plies: usize, floor: [u64; 2]) {
        self.floor = [self.floor[0].max(floor[0]), self.floor[1].max(floor[1])];
        self.vouched = self.vouched.min(plies);
        self.held.clear();
        self.awaiting = None;
        self.kept.retain(|(p, _)| p.index < plies);
    }

    /// What seat `role` signed up to number `n` is old when relayed (its
    /// hello says the last number it signed).
    pub(super) fn signed_up_to(&mut self, role: SeatRole, n: u64) {
        let floor = &mut self.floor[seat_slot(role)];
        *floor = (*floor).max(n);
    }

    /// The plies held for places the game already has (taken from a
    /// seat's word meanwhile), let go.
    pub(super) fn drop_held_below(&mut self, plies: usize) {
        self.held.retain(|(p, _, _)| p.index >= plies);
    }

    /// The mover's own copy of its ply at `index` came (whether or not it
    /// was taken from it).
    pub(super) fn direct(&mut self, role: SeatRole, index: usize) {
        let seen = &mut self.direct[seat_slot(role)];
        *seen = Some(seen.map_or(index, |s| s.max(index)));
    }

    /// A ply was taken on the other seat's word alone: its mover's own copy
    /// is awaited (unless it came already).
    pub(super) fn await_mover(&mut self, index: usize, mover: SeatRole, now: Millis) {
        if self.direct[seat_slot(mover)].is_some_and(|seen| seen >= index) {
            return;
        }
        self.awaiting = Some((index, mover, now));
    }

    /// The mover's own copy of the ply at `index` came: it still sends.
    /// True when this changes what the page says.
    pub(super) fn mover_sent(&mut self, index: usize, mover: SeatRole) -> bool {
        if self
            .awaiting
            .is_some_and(|(i, m, _)| i == index && m == mover)
        {
            self.awaiting = None;
        }
        self.sends(mover)
    }

    /// Seat `role` sent this page the game (its ply, or the other's
    /// relayed): true when it had been named as stopped.
    pub(super) fn sends(&mut self, role: SeatRole) -> bool {
        if self.stopped == Some(role) {
            self.stopped = None;
            return true;
        }
        false
    }

    /// The mover whose own copy did not come within [`RELAY_WAIT_MS`] of
    /// its ply relayed by the other seat, at `now`.
    pub(super) fn mover_silent(&mut self, now: Millis) -> Option<SeatRole> {
        let (_, mover, since) = self.awaiting?;
        if now.since(since) < RELAY_WAIT_MS {
            return None;
        }
        self.awaiting = None;
        Some(mover)
    }

    /// Seat `role` stopped sending the game: true when this is news.
    pub(super) fn stop(&mut self, role: SeatRole) -> bool {
        let news = self.stopped != Some(role);
        self.stopped = Some(role);
        news
    }

    /// The seat that stopped sending the game, as this page noticed.
    pub(super) fn stopped(&self) -> Option<SeatRole> {
        self.stopped
    }

    /// Seat `role` said a record with plies of its own beyond this page's
    /// game at `now` (kept from its first such word), or nothing new.
    pub(super) fn word(&mut self, role: SeatRole, beyond: bool, now: Millis) {
        let at = &mut self.word[seat_slot(role)];
        *at = if beyond {
            Some(at.unwrap_or(now))
        } else {
            None
        };
    }

    /// Whether seat `role`'s word has waited [`RELAY_WAIT_MS`] at `now`.
    pub(super) fn word_waited(&self, role: SeatRole, now: Millis) -> bool {
        self.word[seat_slot(role)].is_some_and(|at| now.since(at) >= RELAY_WAIT_MS)
    }

    /// Whether any seat's word waits.
    pub(super) fn words_wait(&self) -> bool {
        self.word.iter().any(Option::is_some)
    }

    /// Seat `role` signed both `a` and `b` for the same place: a lie, kept
    /// (once for a place; at most [`MAX_LIES`]). True when it is news.
    pub(super) fn lied(&mut self, a: SignedPly, b: SignedPly) -> bool {
        let role = a.role();
        let known = self
            .lies
            .iter()
            .any(|l| l.role == role && l.index() == a.index);
        if known
            || self.lies.len() >= MAX_LIES
            || a.ply == b.ply
            || a.index != b.index
            || b.role() != role
        {
            return false;
        }
        self.lies.push(Lie {
            role,
            plies: [a, b],
        });
        true
    }

    /// The lies proved.
    pub(super) fn lies(&self) -> &[Lie] {
        &self.lies
    }
}
