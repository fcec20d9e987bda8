//! The second seat: a newcomer welcomed and invited, its join, the host's
//! certificate of the guest seen by everyone, and the seat lost to
//! someone faster.

use super::{seat_slot, slot, Event, Kind, Role, Table, Warning};
use crate::engine::{Game, Millis, Side};
use crate::net::identity::{join_bytes, PublicKey, Role as SeatRole, SeatCert, SeatKey, Signature};
use crate::net::merge::peer_record;
use crate::net::message::{Message, Refusal, Seat};
use crate::net::text::{clean_name, distinct_name};

impl Table {
    pub(super) fn welcomed(
        &mut self,
        peer: &str,
        record: &str,
        open: Option<Seat>,
        running: Option<Millis>,
        now: Millis,
    ) -> Vec<Event> {
        let Some((role, side)) = self.peers.get(peer).and_then(|p| p.proved) else {
            return match self.role {
                Role::Player(_) => Vec::new(),
                _ => vec![Event::Warn(Warning::NotPlayer)],
            };
        };
        match self.role {
            Role::Newcomer => {
                let Some(record) = peer_record(record) else {
                    return vec![Event::Warn(Warning::BadRecord)];
                };
                if role == SeatRole::Guest {
                    // A newcomer believes the game from the host's proof
                    // only: the guest's welcome is the guest's word, kept
                    // for when the host's comes.
                    self.witness.said[seat_slot(role)] = Some(record);
                    return Vec::new();
                }
                // The names are the proofs': the host's on its side, and
                // once the second seat is taken, the certificate's.
                let proved_name = self
                    .peers
                    .get(peer)
                    .map(|p| p.proved_name.clone())
                    .unwrap_or_default();
                let names = [&record.first, &record.second];
                let guest_name = self.cert.as_ref().map(|c| &c.name);
                if *names[slot(side)] != proved_name
                    || guest_name.is_some_and(|n| names[slot(side.opponent())] != n)
                {
                    return vec![Event::Warn(Warning::BadRecord)];
                }
                if let Some(rules) = self.expect {
                    // Quick pairing: a new game of the queue's rules, or nothing.
                    let fresh = Game::new(rules);
                    if record.game.rules() != &rules
                        || record.game.start() != fresh.start()
                        || !record.game.plies().is_empty()
                        || record.game.outcome().is_some()
                        || open.is_none()
                    {
                        return vec![Event::Warn(Warning::BadRecord)];
                    }
                }
                self.names = [record.first.clone(), record.second.clone()];
                self.date = record.date.clone();
                // An end the players decided (a resignation, an agreed
                // draw, a flag) is the host's word until the guest's page
                // says it too.
                let mut game = record.game.clone();
                if game.is_decided() {
                    game.undo();
                }
                self.game.replace(game);
                self.clock_from(&record, now);
                if let (Some(running), Some(clock)) = (running, &mut self.clock) {
                    // The host's count of the turn under way.
                    clock.hold_to(self.game.position().to_move(), running, now);
                    self.blind_turn = None;
                }
                self.witness_welcome(&record, side, running, now);
                if record.game != *self.game {
                    self.witness.said[seat_slot(role)] = Some(record);
                }
                self.welcomer = Some(peer.to_owned());
                let open = open.map(Side::from).filter(|_| self.cert.is_none());
                self.role = match open {
                    Some(side) => Role::Invited(side),
                    None => Role::Spectator,
                };
                self.count_watchers();
                let mut events = vec![Event::Invited(open)];
                // The guest's word, heard before the host's.
                events.extend(self.settle_words(now));
                events.push(Event::Changed);
                events
            }
            Role::Spectator | Role::Invited(_) => match peer_record(record) {
                Some(record) => self.heard_word(role, record, now),
                None => vec![Event::Warn(Warning::BadRecord)],
            },
            Role::Player(_) => Vec::new(),
        }
    }

    /// This page takes the seat it was invited to, under `name`, with the
    /// key its browser made: the host's certificate of it follows.
    pub fn join(&mut self, name: String, key: SeatKey) -> Vec<Event> {
        let Role::Invited(side) = self.role else {
            return Vec::new();
        };
        // The host (who welcomed this page) becomes the opponent. Gone
        // meanwhile: this page stays invited.
        let Some(welcomer) = self.welcomer.clone().filter(|w| {
            self.peers
                .get(w)
                .is_some_and(|p| p.left.is_none() && matches!(p.proved, Some((SeatRole::Host, _))))
        }) else {
            return Vec::new();
        };
        let Some(me) = self.me.clone() else {
            return Vec::new();
        };
        // The name as every page will read it (the proof is over it).
        let name = clean_name(&name);
        if name.is_empty() {
            return Vec::new();
        }
        self.role = Role::Player(side);
        self.names[slot(side)] = name.clone();
        self.name = name.clone();
        let public = key.public();
        let proof = key.sign(&join_bytes(&self.room(), &public, &name, &me, &welcomer));
        self.key = Some(key);
        self.set_kind(&welcomer, Kind::Opponent);
        vec![
            Event::Send(
                welcomer,
                Message::Join {
                    name,
                    key: public,
                    proof,
                },
            ),
            Event::Changed,
        ]
    }

    /// A newcomer asks for the free seat (or the seated guest, back on a
    /// new connection, for its certificate again): taken only with the
    /// key's proof for this very connection (a stranger who knows the
    /// guest's public key cannot bind that seat to its own connection).
    pub(super) fn joined(
        &mut self,
        peer: &str,
        name: String,
        key: PublicKey,
        proof: &Signature,
    ) -> Vec<Event> {
        let Role::Player(me) = self.role else {
            return Vec::new();
        };
        let proved = self.me.as_deref().is_some_and(|to| {
            key.verifies(&join_bytes(&self.room(), &key, &name, peer, to), proof)
        });
        if !proved {
            return vec![
                Event::Warn(Warning::BadSecret),
                Event::Send(
                    peer.to_owned(),
                    Message::Refused {
                        why: Refusal::BadSecret,
                    },
                ),
            ];
        }
        // The seat goes to a welcomed newcomer, before any ply (a game begun
        // by link keeps its seat for the player the links go to).
        let again = self.cert.as_ref().is_some_and(|c| c.key == key);
        let free =
            self.cert.is_none() && self.game.plies().is_empty() && self.kind(peer) == Kind::Visitor;
        let Some(host) = self
            .key
            .clone()
            .filter(|_| self.hosting() && (again || free))
        else {
            return vec![Event::Send(
                peer.to_owned(),
                Message::Refused {
                    why: Refusal::SeatTaken,
                },
            )];
        };
        let cert = match &self.cert {
            Some(cert) if again => cert.clone(),
            // Two names that look the same to a person are told apart.
            _ => SeatCert::issue(&host, key, distinct_name(&self.name, &name)),
        };
        self.names[slot(me.opponent())] = cert.name.clone();
        self.cert = Some(cert.clone());
        self.set_kind(peer, Kind::Opponent);
        // Its seat is the one this page certified, on this connection.
        if let Some(p) = self.peers.get_mut(peer) {
            p.proved = Some((SeatRole::Guest, me.opponent()));
            p.proved_name.clone_from(&cert.name);
        }
        let seated = Message::Seated {
            side: me.opponent().into(),
            key: cert.key,
            name: cert.name,
            signature: cert.signature,
        };
        if again {
            // Its certificate again, to it alone: everyone else has it.
            return vec![Event::Send(peer.to_owned(), seated), Event::Changed];
        }
        let mut events = vec![Event::Broadcast(seated), Event::Seated, Event::Changed];
        events.extend(self.count_watchers());
        events
    }

    /// The host's certificate of the guest, from anyone (it proves itself):
    /// the joining guest learns its seat is taken (or someone else's),
    /// spectators and newcomers who holds the second seat, under which name.
    pub(super) fn seated(&mut self, side: Side, cert: SeatCert, now: Millis) -> Vec<Event> {
        if !cert.is_from(&self.host) {
            return vec![Event::Warn(Warning::BadSecret)];
        }
        if self.cert.is_some() || self.hosting() {
            // A seat is given once; a certificate seen before is no news.
            return Vec::new();
        }
        // The side is not signed: the guest plays the side the host does
        // not, as the host's proof said.
        let side = self.witness.host_side.map_or(side, Side::opponent);
        let mine = self.key.as_ref().is_some_and(|k| k.public() == cert.key);
        self.names[slot(side)] = cert.name.clone();
        if mine {
            // The host may have told this name apart from its own.
            self.name = cert.name.clone();
        }
        self.cert = Some(cert);
        match self.role {
            Role::Player(_) if mine => {
                // Now this page can prove its seat: it says so to everyone.
                let mut events: Vec<Event> = self
                    .peers
                    .iter()
                    .filter(|(_, p)| p.left.is_none())
                    .map(|(peer, _)| peer.clone())
                    .collect::<Vec<_>>()
                    .into_iter()
                    .map(|peer| {
                        let claim = self.claim_for(&peer);
                        Event::Send(
                            peer,
                            Message::Hello {
                                app: env!("CARGO_PKG_VERSION").to_owned(),
                                name: self.name.clone(),
                                claim,
                            },
                        )
                    })
                    .collect();
                events.extend([Event::Seated, Event::Changed]);
                events
            }
            Role::Player(_) => {
                // Someone else took the seat this page asked for: it
                // watches, and follows the seats it proved again.
                self.lost_the_seat();
                vec![Event::Warn(Warning::SeatTaken), Event::Changed]
            }
            Role::Invited(_) => {
                self.role = Role::Spectator;
                self.game_begins(now);
                vec![Event::Changed]
            }
            Role::Newcomer | Role::Spectator => {
                self.game_begins(now);
                vec![Event::Changed]
            }
        }
    }

    /// This page asked for the seat and someone else has it: it watches,
    /// and the host it took for its opponent is a seat it follows again.
    fn lost_the_seat(&mut self) {
        self.role = Role::Spectator;
        self.key = None;
        self.name.clear();
        self.offered = None;
        self.pending = None;
        // Every peer that proved a seat is a seat it follows, whatever this
        // page took it for while it thought it played (the winner's hello
        // may have come before the host's certificate of it).
        let host_side = self.witness.host_side;
        for p in self.peers.values_mut() {
            let Some((role, side)) = p.proved else {
                if p.kind == Kind::Opponent {
                    p.kind = Kind::Visitor;
                }
                continue;
            };
            let side = match (role, host_side) {
                (SeatRole::Guest, Some(host)) => host.opponent(),
                _ => side,
            };
            p.proved = Some((role, side));
            p.kind = Kind::Claimed(side);
        }
        self.count_watchers();
    }

    /// A player refused this page something.
    pub(super) fn refused(&mut self, peer: &str, why: Refusal) -> Vec<Event> {
        match why {
            Refusal::SeatTaken => {
                // Only the player this page asked for the seat can refuse
                // it (or the proved host, to a page opened again that
                // asked before it closed).
                let asked = self.welcomer.as_deref() == Some(peer)
                    || self.seat_role(peer) == Some(SeatRole::Host);
                if !asked
                    || !matches!(self.role, Role::Player(_))
                    || self.hosting()
                    || self.cert.is_some()
                {
                    return Vec::new();
                }
                self.lost_the_seat();
                vec![Event::Warn(Warning::SeatTaken), Event::Changed]
            }
            Refusal::BadSecret => vec![Event::Warn(Warning::BadSecret)],
            Refusal::RoomFull => {
                // Only a newcomer waits to be let in.
                if self.role == Role::Newcomer && matches!(self.kind(peer), Kind::Claimed(_)) {
                    vec![Event::Warn(Warning::RoomFull)]
                } else {
                    Vec::new()
                }
            }
        }
    }
}
