//! Who is at the table: peers connecting, introducing themselves (a
//! hello, with the proof of a seat or none), leaving and being closed,
//! the spectators counted, and the room kept to its size.

use super::{seat_slot, slot, Event, Kind, Peer, PeerId, Role, Table, Warning};
use crate::engine::{Millis, Side};
use crate::net::identity::{hello_bytes, join_bytes, PublicKey, Role as SeatRole, SeatCert};
use crate::net::limits::{FORGET_MS, INTRO_MS, MAX_VISITORS};
use crate::net::message::{Claim, Message, Refusal, Seat};

impl Table {
    /// The connection was lost: every peer is gone (ids change on reconnect).
    pub fn forget_peers(&mut self) {
        self.peers.clear();
        self.me = None;
    }

    /// The server gave this page its id: hellos that came before it (their
    /// proofs are made for it) are read now.
    pub fn set_id(&mut self, id: PeerId, now: Millis) -> Vec<Event> {
        self.me = Some(id);
        let early: Vec<(PeerId, (String, Claim))> = self
            .peers
            .iter_mut()
            .filter_map(|(peer, p)| Some((peer.clone(), p.early.take()?)))
            .collect();
        let mut events = Vec::new();
        for (peer, (name, claim)) in early {
            if let Some(p) = self.peers.get_mut(&peer) {
                p.greeted = false;
            }
            events.extend(self.hello(&peer, name, Some(claim), now));
        }
        events
    }

    /// This page's proof of its seat for the peer `to`, if it holds one it
    /// can prove (a guest needs the host's certificate).
    pub(super) fn claim_for(&self, to: &str) -> Option<Claim> {
        let Role::Player(side) = self.role else {
            return None;
        };
        let key = self.key.as_ref()?;
        let (role, cert) = if self.hosting() {
            (SeatRole::Host, None)
        } else {
            let cert = self.cert.as_ref().filter(|c| c.key == key.public())?;
            (SeatRole::Guest, Some((cert.key, cert.signature)))
        };
        let seat = Seat::from(side);
        let signature = key.sign(&hello_bytes(
            &self.room(),
            role,
            seat.token(),
            &self.name,
            self.n,
            to,
        ));
        Some(Claim {
            role,
            side: seat,
            n: self.n,
            cert,
            signature,
        })
    }

    /// The seat, side and key a peer's claim proves to this page, if it
    /// holds.
    fn check_claim(&self, claim: &Claim, name: &str) -> Option<(SeatRole, Side, PublicKey)> {
        let me = self.me.as_deref()?;
        let key = match claim.role {
            SeatRole::Host => self.host,
            SeatRole::Guest => {
                let (key, signature) = claim.cert?;
                let cert = SeatCert {
                    key,
                    name: name.to_owned(),
                    signature,
                };
                if !cert.is_from(&self.host) {
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
        match self.peers.get_mut(&peer) {
            Some(p) if p.left.is_none() => return Vec::new(),
            Some(p) => {
                p.left = None;
                p.greeted = false;
                p.kind = Kind::Unknown;
                p.met = now;
                p.closed = false;
            }
            None => {
                self.peers.insert(peer.clone(), Peer::new(now));
            }
        }
        let claim = self.claim_for(&peer);
        vec![Event::Send(
            peer,
            Message::Hello {
                app: env!("CARGO_PKG_VERSION").to_owned(),
                name: self.name.clone(),
                claim,
            },
        )]
    }

    /// A peer left (or the server says it is gone). It is remembered a
    /// while, its allowance with it, as someone who left.
    pub fn disconnected(&mut self, peer: &str, now: Millis) -> Vec<Event> {
        let Some(p) = self.peers.get_mut(peer) else {
            return Vec::new();
        };
        if p.left.is_some() {
            return Vec::new();
        }
        p.left = Some(now);
        let was = p.kind;
        p.kind = Kind::Unknown;
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
    /// that a ply lost in a reconnection is caught up), the spectator count
    /// if it changed since it was last told, peers long gone forgotten, and
    /// peers that never introduced themselves (or were refused), or that
    /// said goodbye and stayed, closed.
    pub fn tick(&mut self, now: Millis) -> Vec<Event> {
        self.peers
            .retain(|_, p| p.left.is_none_or(|left| now.since(left) < FORGET_MS));
        let mut events = vec![Event::Broadcast(Message::Ping {
            at: now,
            plies: Some(self.game.plies().len() as u32),
        })];
        // An honest page says hello the moment it connects. A connection
        // that stays silent, or whose hello was refused, holds a connection
        // of this page for nothing: it is closed, and remembered as a peer
        // that left (its allowance with it). A page of another protocol
        // version is kept while the room has room for it, so that the
        // notice about it stays.
        // A peer that said goodbye and did not come back on its connection
        // within the same time is closed too (an honest page closes it
        // itself; asking again for a connection already gone does nothing).
        let room = self.visitors() < MAX_VISITORS;
        for (id, p) in &mut self.peers {
            let silent = p.left.is_none()
                && p.kind == Kind::Unknown
                && !(room && p.version.is_some())
                && now.since(p.met) >= INTRO_MS;
            let gone = p.left.is_some_and(|left| now.since(left) >= INTRO_MS);
            if silent {
                p.left = Some(now);
            }
            if (silent || gone) && !p.closed {
                p.closed = true;
                events.push(Event::Close(id.clone()));
            }
        }
        events.extend(self.count_watchers());
        events
    }

    /// Peers here that introduced themselves and are not the proved
    /// opponent (a connection that never said hello is no visitor: it is
    /// closed at the heartbeat after [`INTRO_MS`]), and pages of another
    /// protocol version, which are kept.
    fn visitors(&self) -> usize {
        self.peers
            .values()
            .filter(|p| {
                p.left.is_none()
                    && (matches!(p.kind, Kind::Visitor | Kind::Claimed(_))
                        || (p.kind == Kind::Unknown && p.version.is_some()))
            })
            .count()
    }

    pub(super) fn kind(&self, peer: &str) -> Kind {
        self.peers.get(peer).map_or(Kind::Unknown, |p| p.kind)
    }

    pub(super) fn set_kind(&mut self, peer: &str, kind: Kind) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.kind = kind;
        }
    }

    pub(super) fn welcome(&self, peer: &str, now: Millis) -> Event {
        Event::Send(
            peer.to_owned(),
            Message::Welcome {
                record: self.record(),
                open: self.open_seat().map(Seat::from),
                running: self.running_now(now),
            },
        )
    }

    /// Counts the spectators this page sees (every page is connected to
    /// every other: a spectator counts the other visitors and itself). Nobody
    /// is told: a count from a peer is never believed, and arrivals cause no
    /// broadcast.
    pub(super) fn count_watchers(&mut self) -> Vec<Event> {
        let others = self
            .peers
            .values()
            .filter(|p| p.left.is_none() && p.kind == Kind::Visitor)
            .count() as u32;
        let count = match self.role {
            Role::Player(_) => others,
            Role::Spectator => others + 1,
            Role::Newcomer | Role::Invited(_) => 0,
        };
        if count == self.watchers {
            return Vec::new();
        }
        self.watchers = count;
        vec![Event::Changed]
    }

    pub(super) fn hello(
        &mut self,
        peer: &str,
        name: String,
        claim: Option<Claim>,
        now: Millis,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        if self.me.is_none() {
            // A proof is made for this page's id: read it once it is known.
            if let (Some(claim), Some(p)) = (claim.clone(), self.peers.get_mut(peer)) {
                p.early = Some((name, claim));
                return events;
            }
        }
        let proved = claim.as_ref().and_then(|c| self.check_claim(c, &name));
        let Some(p) = self.peers.get_mut(peer) else {
            return events;
        };
        if p.greeted {
            // One hello per connection: a second one is no news (and gets
            // no second welcome), but for the one that proves a seat newly
            // taken (a guest just seated says who it is now).
            if p.proved.is_some() || proved.is_none() {
                return events;
            }
            p.greeted = false;
        }
        p.greeted = true;
        p.proved = proved.map(|(role, side, _)| (role, side));
        if proved.is_some() {
            p.proved_name.clone_from(&name);
        }
        if let (Some((role, _, _)), Some(claim)) = (proved, &claim) {
            // What the seat signed before this hello is no news here (a
            // page opened afresh takes no replay of it).
            let last = &mut self.last[seat_slot(role)];
            *last = (*last).max(claim.n);
        }
        // (This peer is not counted yet: it has just introduced itself.) A
        // newcomer while the seat is free may be the invited friend, whom
        // no crowd of visitors keeps out; a seat's owner proves itself and
        // is never refused.
        let full = self.visitors() >= MAX_VISITORS && self.open_seat().is_none();
        let forged = claim.is_some() && proved.is_none();
        match (self.role, proved) {
            (Role::Player(me), Some((role, side, key)))
                if self.is_opponent(me, role, side, key) =>
            {
                self.set_kind(peer, Kind::Opponent);
                // The opponent's page starts afresh: offers in flight lapse.
                self.offered = None;
                self.pending = None;
                if !name.trim().is_empty() {
                    self.names[slot(me.opponent())] = name;
                }
                // Whoever is behind catches up.
                events.push(Event::Send(
                    peer.to_owned(),
                    Message::Sync {
                        record: self.record(),
                    },
                ));
                // A guest that joined but never got its certificate (its
                // page closed in between) asks the host for it again.
                if let (SeatRole::Host, None, Some(key), Some(me)) =
                    (role, &self.cert, &self.key, &self.me)
                {
                    let public = key.public();
                    let proof = key.sign(&join_bytes(&self.room(), &public, &self.name, me, peer));
                    events.push(Event::Send(
                        peer.to_owned(),
                        Message::Join {
                            name: self.name.clone(),
                            key: public,
                            proof,
                        },
                    ));
                }
                events.push(Event::Changed);
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
                    self.set_kind(peer, Kind::Visitor);
                    events.push(self.welcome(peer, now));
                    events.extend(self.count_watchers());
                }
            }
            (_, Some((role, claimed, _))) => {
                // A spectator or a newcomer follows proved seats only. The
                // host's proof says which side it plays; the guest plays
                // the other, whatever side its own hello names (its
                // certificate names its key, not a side).
                if role == SeatRole::Host
                    && self.witness.host_side.is_some_and(|known| known != claimed)
                {
                    // The host plays the side it proved first (a rematch,
                    // agreed by both seats, is what swaps it): another
                    // connection naming the other side proves nothing.
                    if let Some(p) = self.peers.get_mut(peer) {
                        p.proved = None;
                    }
                    self.set_kind(peer, Kind::Visitor);
                    events.push(Event::Warn(Warning::BadSecret));
                    return events;
                }
                let side = match role {
                    SeatRole::Host => {
                        self.witness.host_side = Some(claimed);
                        for p in self.peers.values_mut() {
                            if let Some((SeatRole::Guest, guest)) = &mut p.proved {
                                *guest = claimed.opponent();
                                p.kind = Kind::Claimed(claimed.opponent());
                            }
                        }
                        claimed
                    }
                    SeatRole::Guest => self.witness.host_side.map_or(claimed, Side::opponent),
                };
                if let Some(p) = self.peers.get_mut(peer) {
                    p.proved = Some((role, side));
                }
                self.set_kind(peer, Kind::Claimed(side));
                if role == SeatRole::Guest && self.cert.is_none() {
                    if let Some((key, signature)) = claim.and_then(|c| c.cert) {
                        self.cert = Some(SeatCert {
                            key,
                            name: name.clone(),
                            signature,
                        });
                    }
                }
                if self.role != Role::Newcomer && !name.trim().is_empty() {
                    self.names[slot(side)] = name;
                }
                events.push(Event::Changed);
            }
            (_, None) => {
                if forged {
                    events.push(Event::Warn(Warning::BadSecret));
                }
                self.set_kind(peer, Kind::Visitor);
                events.extend(self.count_watchers());
            }
        }
        events
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
            SeatRole::Guest => self.cert.as_ref().is_some_and(|c| c.key == key),
        }
    }
}
