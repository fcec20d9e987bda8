//! The second seat: a newcomer welcomed and invited (or sent to watch),
//! its join, the host's certificate of the guest seen by everyone, and the
//! seat lost to someone faster.

use super::admission::Kind;
use super::seats::Role;
use super::{Event, Table, Warning};
use crate::engine::{Game, Millis, Side};
use crate::net::identity::{join_bytes, PublicKey, Role as SeatRole, SeatCert, SeatKey, Signature};
use crate::net::merge::peer_record;
use crate::net::message::{Message, Refusal, Seat};
use crate::net::text::{clean_name, distinct_name};

impl Table {
    /// A player's welcome (its game, the free seat, its count of the turn
    /// under way): a newcomer believes the game from the host's proof only.
    pub(super) fn welcomed(
        &mut self,
        peer: &str,
        record: &str,
        open: Option<Seat>,
        running: Option<Millis>,
        now: Millis,
    ) -> Vec<Event> {
        let Some((role, side)) = self.admission.proved(peer) else {
            return match self.seats.role() {
                Role::Player(_) => Vec::new(),
                _ => vec![Event::Warn(Warning::NotPlayer)],
            };
        };
        match self.seats.role() {
            Role::Newcomer => {
                let Some(record) = peer_record(record) else {
                    return vec![Event::Warn(Warning::BadRecord)];
                };
                if role == SeatRole::Guest {
                    // A newcomer believes the game from the host's proof
                    // only: the guest's welcome is the guest's word, kept
                    // for when the host's comes.
                    self.witness.hear(role, Some(record));
                    return Vec::new();
                }
                // The names are the proofs': the host's on its side, and
                // once the second seat is taken, the certificate's.
                let names = [&record.first, &record.second];
                let guest_name = self.seats.cert().map(|c| &c.name);
                if *names[super::slot(side)] != self.admission.proved_name(peer)
                    || guest_name.is_some_and(|n| names[super::slot(side.opponent())] != n)
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
                self.seats.set_record(
                    [record.first.clone(), record.second.clone()],
                    record.date.clone(),
                );
                // An end the players decided (a resignation, an agreed
                // draw, a flag) is the host's word until the guest's page
                // says it too.
                let mut game = record.game.clone();
                if game.is_decided() {
                    game.undo();
                }
                self.game.replace(game);
                self.went_back(0);
                self.clock_from(&record, now);
                if let Some(running) = running {
                    // The host's count of the turn under way.
                    let to_move = self.game.position().to_move();
                    self.clocks.hold_to(to_move, running, now);
                }
                let begun = self.begun();
                self.witness
                    .welcome(&record, side, running, (&self.game, begun), now);
                if record.game != *self.game {
                    self.witness.hear(role, Some(record));
                }
                let open = open.map(Side::from).filter(|_| self.seats.cert().is_none());
                self.seats.welcomed(peer, open);
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

    /// This page, invited to the free seat, watches instead (the
    /// newcomer's *Watch*).
    pub fn decline_seat(&mut self) {
        if matches!(self.seats.role(), Role::Invited(_)) {
            self.seats.watch();
        }
    }

    /// This page takes the seat it was invited to, under `name`, with the
    /// key its browser made: the host's certificate of it follows.
    pub fn join(&mut self, name: String, key: SeatKey) -> Vec<Event> {
        let Role::Invited(side) = self.seats.role() else {
            return Vec::new();
        };
        // The host (who welcomed this page) becomes the opponent. Gone
        // meanwhile: this page stays invited.
        let Some(welcomer) = self
            .seats
            .welcomer()
            .filter(|w| self.admission.is_host_here(w))
            .map(str::to_owned)
        else {
            return Vec::new();
        };
        let Some(me) = self.admission.me().map(str::to_owned) else {
            return Vec::new();
        };
        // The name as every page will read it (the proof is over it).
        let name = clean_name(&name);
        if name.is_empty() {
            return Vec::new();
        }
        self.seats.take_seat(side, name.clone());
        let public = key.public();
        let proof = key.sign(&join_bytes(&self.room(), &public, &name, &me, &welcomer));
        self.signing.set_key(Some(key));
        self.admission.set_kind(&welcomer, Kind::Opponent);
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
        let Role::Player(me) = self.seats.role() else {
            return Vec::new();
        };
        let proved = self.admission.me().is_some_and(|to| {
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
        let again = self.seats.cert().is_some_and(|c| c.key == key);
        let free = self.seats.cert().is_none()
            && self.game.plies().is_empty()
            && self.kind(peer) == Kind::Visitor;
        let Some(host) = self
            .signing
            .key()
            .cloned()
            .filter(|_| self.hosting() && (again || free))
        else {
            return vec![Event::Send(
                peer.to_owned(),
                Message::Refused {
                    why: Refusal::SeatTaken,
                },
            )];
        };
        let cert = match self.seats.cert() {
            Some(cert) if again => cert.clone(),
            // Two names that look the same to a person are told apart.
            _ => SeatCert::issue(&host, key, distinct_name(self.seats.name(), &name)),
        };
        self.seats.seat_guest(cert.clone(), me.opponent());
        self.admission.set_kind(peer, Kind::Opponent);
        // Its seat is the one this page certified, on this connection.
        self.admission
            .prove(peer, SeatRole::Guest, me.opponent(), Some(&cert.name));
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
        if !cert.is_from(&self.seats.host()) {
            return vec![Event::Warn(Warning::BadSecret)];
        }
        if self.seats.cert().is_some() || self.hosting() {
            // A seat is given once; a certificate seen before is no news.
            return Vec::new();
        }
        // The side is not signed: the guest plays the side the host does
        // not, as the host's proof said.
        let side = self.witness.host_side().map_or(side, Side::opponent);
        let mine = self.signing.public() == Some(cert.key);
        if mine {
            // The host may have told this name apart from its own.
            self.seats.rename(cert.name.clone());
        }
        self.seats.seat_guest(cert, side);
        match self.seats.role() {
            Role::Player(_) if mine => {
                // Now this page can prove its seat: it says so to everyone.
                let mut events: Vec<Event> = self
                    .admission
                    .present()
                    .into_iter()
                    .map(|peer| {
                        let hello = self.hello_to(&peer);
                        Event::Send(peer, hello)
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
                self.seats.watch();
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
        self.seats.watch();
        self.signing.set_key(None);
        self.offered = None;
        self.pending = None;
        // Every peer that proved a seat is a seat it follows, whatever this
        // page took it for while it thought it played (the winner's hello
        // may have come before the host's certificate of it).
        self.admission.follow_seats(self.witness.host_side());
        self.count_watchers();
    }

    /// A player refused this page something.
    pub(super) fn refused(&mut self, peer: &str, why: Refusal) -> Vec<Event> {
        match why {
            Refusal::SeatTaken => {
                // Only the player this page asked for the seat can refuse
                // it (or the proved host, to a page opened again that
                // asked before it closed).
                let asked = self.seats.welcomer() == Some(peer)
                    || self.seat_role(peer) == Some(SeatRole::Host);
                if !asked
                    || !matches!(self.seats.role(), Role::Player(_))
                    || self.hosting()
                    || self.seats.cert().is_some()
                {
                    return Vec::new();
                }
                self.lost_the_seat();
                vec![Event::Warn(Warning::SeatTaken), Event::Changed]
            }
            Refusal::BadSecret => vec![Event::Warn(Warning::BadSecret)],
            Refusal::RoomFull => {
                // Only a newcomer waits to be let in.
                if self.seats.role() == Role::Newcomer
                    && matches!(self.kind(peer), Kind::Claimed(_))
                {
                    vec![Event::Warn(Warning::RoomFull)]
                } else {
                    Vec::new()
                }
            }
        }
    }
}
