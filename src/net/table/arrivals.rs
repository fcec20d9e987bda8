//! Who comes to the table: peers connecting, introducing themselves (a
//! hello, with the proof of a seat or none), leaving and being closed at
//! the heartbeat, the spectators counted, and the room kept to its size.
//! The peers themselves are [`Admission`](super::admission::Admission)'s;
//! what a hello proves, and what this page does about it, is decided here.

use super::admission::{Kind, PeerId};
use super::seats::Role;
use super::{Event, Table, Warning};
use crate::engine::{Millis, Side};
use crate::net::identity::{hello_bytes, join_bytes, PublicKey, Role as SeatRole, SeatCert};
use crate::net::message::{Claim, Message, Refusal, Seat};

impl Table {
    /// The connection was lost: every peer is gone (ids change on reconnect).
    pub fn forget_peers(&mut self) {
        self.admission.forget();
    }

    /// The server gave this page its id: hellos that came before it (their
    /// proofs are made for it) are read now.
    pub fn set_id(&mut self, id: PeerId, now: Millis) -> Vec<Event> {
        self.admission.set_me(id);
        let mut events = Vec::new();
        for (peer, name, claim) in self.admission.take_early() {
            events.extend(self.hello(&peer, name, Some(claim), now));
        }
        self.with_changes(events)
    }

    /// This page's hello for the peer `to`: its name, and the proof of its
    /// seat if it holds one it can prove (a guest needs the host's
    /// certificate).
    pub(super) fn hello_to(&self, to: &str) -> Message {
        Message::Hello {
            app: env!("CARGO_PKG_VERSION").to_owned(),
            name: self.seats.name().to_owned(),
            claim: self.claim_for(to),
        }
    }

    /// This page's proof of its seat for the peer `to`, if it holds one it
    /// can prove.
    fn claim_for(&self, to: &str) -> Option<Claim> {
        let side = self.side()?;
        let public = self.signing.public()?;
        let (role, cert) = if self.hosting() {
            (SeatRole::Host, None)
        } else {
            let cert = self.seats.cert().filter(|c| c.key == public)?;
            (SeatRole::Guest, Some((cert.key, cert.signature)))
        };
        let seat = Seat::from(side);
        let n = self.signing.number();
        let signature = self.signing.sign(&hello_bytes(
            &self.room(),
            role,
            seat.token(),
            self.seats.name(),
            n,
            to,
        ))?;
        Some(Claim {
            role,
            side: seat,
            n,
            cert,
            signature,
        })
    }

    /// The seat, side and key a peer's claim proves to this page, if it
    /// holds.
    fn check_claim(&self, claim: &Claim, name: &str) -> Option<(SeatRole, Side, PublicKey)> {
        let me = self.admission.me()?;
        let host = self.seats.host();
        let key = match claim.role {
            SeatRole::Host => host,
            SeatRole::Guest => {
                let (key, signature) = claim.cert?;
                let cert = SeatCert {
                    key,
                    name: name.to_owned(),
                    signature,
                };
                if !cert.is_from(&host) {
                    return None;
                }
                key
            }
        };
        let bytes = hello_bytes(
            &self.room(),
            claim.role,
            claim.side.token(),
            name,
            claim.n,
            me,
        );
        key.verifies(&bytes, &claim.signature)
            .then_some((claim.role, claim.side.into(), key))
    }

    /// A peer connected: introduce ourselves. A peer that comes back
    /// under the same id keeps what it had used of its allowance. A peer
    /// already here (its first message came before the news of its
    /// connection, and was answered) is no news.
    pub fn connected(&mut self, peer: PeerId, now: Millis) -> Vec<Event> {
        if !self.admission.connect(&peer, now) {
            return Vec::new();
        }
        let hello = self.hello_to(&peer);
        vec![Event::Send(peer, hello)]
    }

    /// A peer left (or the server says it is gone). It is remembered a
    /// while, its allowance with it, as someone who left.
    pub fn disconnected(&mut self, peer: &str, now: Millis) -> Vec<Event> {
        let Some(was) = self.admission.leave(peer, now) else {
            return Vec::new();
        };
        if was == Kind::Opponent {
            // Offers die with the opponent's page (it starts afresh).
            self.offered = None;
            self.pending = None;
        }
        if was == Kind::Visitor {
            self.count_watchers();
        }
        vec![Event::Changed]
    }

    /// The heartbeat: a ping to every peer (with this game's length, so
    /// that a ply lost in a reconnection is caught up), peers long gone
    /// forgotten, and peers that never introduced themselves (or were
    /// refused), or that said goodbye and stayed, closed (see
    /// [`Admission::tick`](super::admission::Admission::tick)).
    pub fn tick(&mut self, now: Millis) -> Vec<Event> {
        let mut events = vec![Event::Broadcast(Message::Ping {
            at: now,
            plies: Some(self.game.plies().len() as u32),
        })];
        events.extend(self.admission.tick(now).into_iter().map(Event::Close));
        events.extend(self.count_watchers());
        // A ply held for the other seat's word, waited long enough.
        events.extend(self.relay_tick(now));
        self.with_changes(events)
    }

    /// What `peer` is to this page.
    pub(super) fn kind(&self, peer: &str) -> Kind {
        self.admission.kind(peer)
    }

    /// This page's welcome to `peer` at `now`: the game, the free seat, and
    /// the side to move's time as this page counts it.
    pub(super) fn welcome(&self, peer: &str, now: Millis) -> Event {
        Event::Send(
            peer.to_owned(),
            Message::Welcome {
                record: self.record(),
                open: self.open_seat().map(Seat::from),
                running: self.clocks.running_now(&self.game, self.begun(), now),
            },
        )
    }

    /// Counts the spectators this page sees (see
    /// [`Admission::count_watchers`](super::admission::Admission::count_watchers)).
    pub(super) fn count_watchers(&mut self) -> Vec<Event> {
        if self.admission.count_watchers(self.seats.role()) {
            vec![Event::Changed]
        } else {
            Vec::new()
        }
    }

    /// A peer introduces itself under `name`, with the proof of a seat or
    /// none.
    pub(super) fn hello(
        &mut self,
        peer: &str,
        name: String,
        claim: Option<Claim>,
        now: Millis,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        if self.admission.me().is_none() {
            // A proof is made for this page's id: read it once it is known.
            if let Some(claim) = &claim {
                if self.admission.keep_early(peer, name.clone(), claim.clone()) {
                    return events;
                }
            }
        }
        let proved = claim.as_ref().and_then(|c| self.check_claim(c, &name));
        let seat = proved.map(|(role, side, _)| (role, side));
        if !self.admission.greet(peer, seat, &name) {
            return events;
        }
        if let (Some((role, _, _)), Some(claim)) = (proved, &claim) {
            // What the seat signed before this hello is no news here (a
            // page opened afresh takes no replay of it).
            self.signing.seen_up_to(role, claim.n);
            // Nor is a ply it signed before, relayed by the other seat.
            self.relay.signed_up_to(role, claim.n);
        }
        // (This peer is not counted yet: it has just introduced itself.) A
        // newcomer while the seat is free may be the invited friend, whom
        // no crowd of visitors keeps out; a seat's owner proves itself and
        // is never refused.
        let full = self.admission.full() && self.open_seat().is_none();
        let forged = claim.is_some() && proved.is_none();
        match (self.seats.role(), proved) {
            (Role::Player(me), Some((role, side, key)))
                if self.is_opponent(me, role, side, key) =>
            {
                events.extend(self.opponent_arrived(peer, me, role, name));
            }
            (Role::Player(_), _) => {
                // A forged proof is said so; a seat this page cannot place
                // (a second page of its own player, a game begun by link
                // whose guest was never seated) watches, without a warning.
                if forged {
                    events.push(Event::Warn(Warning::BadSecret));
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Refused {
                            why: Refusal::BadSecret,
                        },
                    ));
                }
                if full {
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Refused {
                            why: Refusal::RoomFull,
                        },
                    ));
                } else {
                    self.admission.set_kind(peer, Kind::Visitor);
                    events.push(self.welcome(peer, now));
                    events.extend(self.count_watchers());
                }
            }
            (_, Some((role, claimed, _))) => {
                events.extend(self.seat_arrived(peer, role, claimed, name, claim));
            }
            (_, None) => {
                if forged {
                    events.push(Event::Warn(Warning::BadSecret));
                }
                // A watching page takes as many visitors as a player's (each
                // has an allowance of its own): past that, a connection that
                // never becomes one, closed at the heartbeat.
                if !self.admission.full() {
                    self.admission.set_kind(peer, Kind::Visitor);
                    events.extend(self.count_watchers());
                }
            }
        }
        events
    }

    /// This player's opponent proved its seat (`role`) on `peer`'s
    /// connection, under `name`: whoever is behind catches up.
    fn opponent_arrived(
        &mut self,
        peer: &str,
        me: Side,
        role: SeatRole,
        name: String,
    ) -> Vec<Event> {
        self.admission.set_kind(peer, Kind::Opponent);
        // The opponent's page starts afresh: offers in flight lapse.
        self.offered = None;
        self.pending = None;
        if !name.trim().is_empty() {
            self.seats.name_side(me.opponent(), name);
        }
        let mut events = vec![Event::Send(
            peer.to_owned(),
            Message::Sync {
                record: self.record(),
            },
        )];
        // A guest that joined but never got its certificate (its page
        // closed in between) asks the host for it again.
        if let (SeatRole::Host, None, Some(public), Some(me)) = (
            role,
            self.seats.cert(),
            self.signing.public(),
            self.admission.me(),
        ) {
            let name = self.seats.name();
            let bytes = join_bytes(&self.room(), &public, name, me, peer);
            if let Some(proof) = self.signing.sign(&bytes) {
                events.push(Event::Send(
                    peer.to_owned(),
                    Message::Join {
                        name: name.to_owned(),
                        key: public,
                        proof,
                    },
                ));
            }
        }
        events.push(Event::Changed);
        events
    }

    /// A watching page (a spectator or a newcomer) hears `peer` prove the
    /// seat `role`, naming the side `claimed`, under `name`: a seat it
    /// follows. The host's proof says which side it plays; the guest plays
    /// the other, whatever side its own hello names (its certificate names
    /// its key, not a side).
    fn seat_arrived(
        &mut self,
        peer: &str,
        role: SeatRole,
        claimed: Side,
        name: String,
        claim: Option<Claim>,
    ) -> Vec<Event> {
        let host_side = self.witness.host_side();
        if role == SeatRole::Host && host_side.is_some_and(|known| known != claimed) {
            // The host plays the side it proved first (a rematch, agreed by
            // both seats, is what swaps it): another connection naming the
            // other side proves nothing.
            self.admission.unprove(peer);
            self.admission.set_kind(peer, Kind::Visitor);
            return vec![Event::Warn(Warning::BadSecret)];
        }
        let side = match role {
            SeatRole::Host => {
                self.witness.set_host_side(claimed);
                self.admission.guest_plays(claimed.opponent());
                claimed
            }
            SeatRole::Guest => host_side.map_or(claimed, Side::opponent),
        };
        self.admission.prove(peer, role, side, None);
        self.admission.set_kind(peer, Kind::Claimed(side));
        if role == SeatRole::Guest && self.seats.cert().is_none() {
            if let Some((key, signature)) = claim.and_then(|c| c.cert) {
                self.seats.keep_cert(SeatCert {
                    key,
                    name: name.clone(),
                    signature,
                });
            }
        }
        if self.seats.role() != Role::Newcomer && !name.trim().is_empty() {
            self.seats.name_side(side, name);
        }
        vec![Event::Changed]
    }

    /// True when a seat proved as `role`, playing `side`, with `key`, is
    /// this player's opponent: the other seat and the other side, and for a
    /// guest the one this page knows (the host seated one guest).
    fn is_opponent(&self, me: Side, role: SeatRole, side: Side, key: PublicKey) -> bool {
        if side == me || self.hosting() == (role == SeatRole::Host) {
            return false;
        }
        match role {
            SeatRole::Host => true,
            SeatRole::Guest => self.seats.cert().is_some_and(|c| c.key == key),
        }
    }
}
