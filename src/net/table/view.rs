//! What the page reads of the table: the room, this page's seat and side,
//! the opponent's presence, the spectators, the game's record.

use super::{Event, Kind, Presence, Role, Table, AWAY_MS, QUIET_MS};
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Movetext, Record, Side};
use crate::net::identity::Role as SeatRole;
use crate::net::message::Message;
use crate::net::room::RoomCode;

impl Table {
    /// This player's game, to everyone: after it took an end from the
    /// opponent (a resignation, a flag, a record that ends), so that the
    /// pages that watch hear both seats say it.
    pub(super) fn said_to_all(&self) -> Event {
        Event::Broadcast(Message::Sync {
            record: self.record(),
        })
    }

    /// The seat `peer` proved on its connection.
    pub(super) fn seat_role(&self, peer: &str) -> Option<SeatRole> {
        self.peers
            .get(peer)
            .and_then(|p| p.proved)
            .map(|(role, _)| role)
    }

    /// The room's code on the signalling server (a hash of the host key).
    pub fn room(&self) -> RoomCode {
        self.host.room()
    }

    /// This page made the room: it alone gives the free seat (a page that
    /// joined never does, even before its certificate arrives).
    pub fn hosting(&self) -> bool {
        self.key.as_ref().is_some_and(|k| k.public() == self.host)
    }

    /// This page's side, when it plays.
    pub fn side(&self) -> Option<Side> {
        match self.role {
            Role::Player(side) => Some(side),
            _ => None,
        }
    }

    /// The seat a newcomer may take (only the room's maker gives it).
    pub fn open_seat(&self) -> Option<Side> {
        match self.role {
            Role::Player(side) if self.hosting() && self.cert.is_none() => Some(side.opponent()),
            _ => None,
        }
    }

    /// Another protocol version spoken by a peer still here, if any.
    pub fn other_version(&self) -> Option<u32> {
        self.peers
            .values()
            .filter(|p| p.left.is_none())
            .find_map(|p| p.version)
    }

    /// The game's record, as messages carry it (a timed game's with its
    /// control and time tags).
    pub fn record(&self) -> String {
        let timing = self
            .clock
            .as_ref()
            .map(GameClock::timing)
            .unwrap_or_default();
        Record::write_timed(
            &self.game,
            &self.names[0],
            &self.names[1],
            &self.date,
            &[],
            &timing,
            &mut Movetext::default(),
        )
    }

    /// Spectators watching.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// The peer this page plays or watches through: a player's proved
    /// opponent, a watching page's peer that plays a side (the last heard);
    /// `None` while there is none.
    pub fn counterpart(&self) -> Option<&str> {
        self.peers
            .iter()
            .filter(|(_, p)| {
                p.left.is_none() && matches!(p.kind, Kind::Opponent | Kind::Claimed(_))
            })
            .max_by_key(|(_, p)| p.heard)
            .map(|(id, _)| id.as_str())
    }

    /// How long the [`Table::counterpart`] has been silent at `now` (a page
    /// pings every [`super::PING_MS`]); `None` without one.
    pub fn quiet_ms(&self, now: Millis) -> Option<Millis> {
        let peer = self.counterpart()?;
        self.peers.get(peer).map(|p| now.since(p.heard))
    }

    /// The [`Table::counterpart`] has missed three of its own heartbeats
    /// (and at least [`QUIET_MS`]): the connection brings nothing. A peer
    /// whose heartbeat is not known yet (two pings) is never quiet.
    pub fn quiet(&self, now: Millis) -> bool {
        self.counterpart()
            .and_then(|peer| self.peers.get(peer))
            .and_then(|p| {
                p.beat
                    .map(|beat| now.since(p.heard) >= QUIET_MS.max(beat * 3))
            })
            .unwrap_or(false)
    }

    /// The opponent's presence at `now`.
    pub fn presence(&self, now: Millis) -> Presence {
        if self.side().is_some() && self.cert.is_none() {
            return Presence::Waiting;
        }
        let here = self.peers.values().any(|p| {
            p.left.is_none()
                && matches!(p.kind, Kind::Opponent | Kind::Claimed(_))
                && now.since(p.heard) < AWAY_MS
        });
        if here {
            Presence::Connected
        } else {
            Presence::Away
        }
    }

    /// The side a ply, record or resignation from `peer` may be for: the
    /// opponent's, or for a page that watches, the side of the seat that
    /// peer proved (never the other's: a seat speaks for its own side).
    pub(super) fn mover_side(&self, peer: &str) -> Option<Side> {
        match (self.kind(peer), self.role) {
            (Kind::Opponent, Role::Player(me)) => Some(me.opponent()),
            (Kind::Claimed(side), Role::Spectator | Role::Invited(_)) => Some(side),
            _ => None,
        }
    }
}
