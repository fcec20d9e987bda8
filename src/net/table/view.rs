//! What the page reads of the table, through methods only: the game, the
//! room, this page's seat and side, the players' names, the offers, the
//! clocks, the opponent's presence, the spectators, the game's record.

use super::admission::Kind;
use super::seats::Role;
use super::{Event, Presence, Table};
use crate::engine::timing::GameClock;
use crate::engine::{Game, Millis, Movetext, Record, Side};
use crate::net::identity::{PublicKey, Role as SeatRole, SeatCert, SeatKey};
use crate::net::message::{Message, Offer};
use crate::net::room::RoomCode;

impl Table {
    /// The game this page referees.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, handed over (a game sent by link, checked: the table is
    /// done with).
    pub fn into_game(self) -> Game {
        self.game.into_game()
    }

    /// What this page is.
    pub fn role(&self) -> Role {
        self.seats.role()
    }

    /// This page's side, when it plays.
    pub fn side(&self) -> Option<Side> {
        self.seats.side()
    }

    /// The players' names, `[first, second]`.
    pub fn names(&self) -> &[String; 2] {
        self.seats.names()
    }

    /// This page's name.
    pub fn name(&self) -> &str {
        self.seats.name()
    }

    /// The record's date.
    pub fn date(&self) -> &str {
        self.seats.date()
    }

    /// The room's host key (the room is its hash).
    pub fn host_key(&self) -> PublicKey {
        self.seats.host()
    }

    /// The room's code on the signalling server (a hash of the host key).
    pub fn room(&self) -> RoomCode {
        self.seats.room()
    }

    /// This page's seat key (a player's).
    pub fn key(&self) -> Option<&SeatKey> {
        self.signing.key()
    }

    /// The host's certificate of the guest, once the second seat is taken.
    pub fn cert(&self) -> Option<&SeatCert> {
        self.seats.cert()
    }

    /// This page's peer id, once the server gave it.
    pub fn me(&self) -> Option<&str> {
        self.admission.me()
    }

    /// An offer of ours waiting for the answer.
    pub fn offered(&self) -> Option<Offer> {
        self.offered
    }

    /// The opponent's offer waiting for ours, with the plies it is about.
    pub fn pending(&self) -> Option<(Offer, u32)> {
        self.pending
    }

    /// A timed game's clocks, as they stood at the last step (see
    /// [`Table::clock_at`] for now).
    pub fn clock(&self) -> Option<&GameClock> {
        self.clocks.clock()
    }

    /// The room is a tournament's board: its game is the board's result,
    /// so no rematch is offered or accepted here.
    pub fn is_tournament_board(&self) -> bool {
        self.tournament_board
    }

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
        self.admission.proved(peer).map(|(role, _)| role)
    }

    /// This page made the room: it alone gives the free seat (a page that
    /// joined never does, even before its certificate arrives).
    pub fn hosting(&self) -> bool {
        self.signing.public() == Some(self.seats.host())
    }

    /// The seat a newcomer may take (only the room's maker gives it).
    pub fn open_seat(&self) -> Option<Side> {
        match self.seats.role() {
            Role::Player(side) if self.hosting() && self.seats.cert().is_none() => {
                Some(side.opponent())
            }
            _ => None,
        }
    }

    /// Another protocol version spoken by a peer still here, if any.
    pub fn other_version(&self) -> Option<u32> {
        self.admission.other_version()
    }

    /// The game's record, as messages carry it (a timed game's with its
    /// control and time tags).
    pub fn record(&self) -> String {
        let [first, second] = self.seats.names();
        // A watching page's proofs of a seat's lie go with its record.
        let proofs: Vec<(String, String)> = self
            .relay
            .lies()
            .iter()
            .map(|lie| ("Equivocation".to_owned(), lie.proof()))
            .collect();
        Record::write_timed(
            &self.game,
            first,
            second,
            self.seats.date(),
            &proofs,
            &self.clocks.timing(),
            &mut Movetext::default(),
        )
    }

    /// Spectators watching.
    pub fn watchers(&self) -> u32 {
        self.admission.watchers()
    }

    /// The peer this page plays or watches through: a player's proved
    /// opponent, a watching page's peer that plays a side (the last heard);
    /// `None` while there is none.
    pub fn counterpart(&self) -> Option<&str> {
        self.admission.counterpart()
    }

    /// How long the [`Table::counterpart`] has been silent at `now` (a page
    /// pings every [`super::PING_MS`]); `None` without one.
    pub fn quiet_ms(&self, now: Millis) -> Option<Millis> {
        self.admission.quiet_ms(now)
    }

    /// The [`Table::counterpart`] has missed three of its own heartbeats
    /// (and at least [`super::QUIET_MS`]): the connection brings nothing. A
    /// peer whose heartbeat is not known yet (two pings) is never quiet.
    pub fn quiet(&self, now: Millis) -> bool {
        self.admission.quiet(now)
    }

    /// The host's page is here, proved and answering at `now`.
    pub fn host_here(&self, now: Millis) -> bool {
        self.admission.seat_here_as(SeatRole::Host, now)
    }

    /// Any page is connected to this one.
    pub fn anyone_here(&self) -> bool {
        self.admission.anyone_here()
    }

    /// The opponent's presence at `now`.
    pub fn presence(&self, now: Millis) -> Presence {
        if self.side().is_some() && self.seats.cert().is_none() {
            return Presence::Waiting;
        }
        if self.admission.players_here(now) {
            Presence::Connected
        } else {
            Presence::Away
        }
    }

    /// The side a ply, record or resignation from `peer` may be for: the
    /// opponent's, or for a page that watches, the side of the seat that
    /// peer proved (never the other's: a seat speaks for its own side).
    pub(super) fn mover_side(&self, peer: &str) -> Option<Side> {
        match (self.kind(peer), self.seats.role()) {
            (Kind::Opponent, Role::Player(me)) => Some(me.opponent()),
            (Kind::Claimed(side), Role::Spectator | Role::Invited(_)) => Some(side),
            _ => None,
        }
    }
}
