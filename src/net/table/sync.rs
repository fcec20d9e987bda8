//! The game between the pages: this player's plies sent, the opponent's
//! checked one by one, heartbeats, and whole records when the pages
//! differ (a ply lost in a reconnection, a visitor that fell behind and
//! asks).

use super::admission::Kind;
use super::{Event, PlayError, Table, Warning};
use crate::engine::{Millis, Ply, Side};
use crate::net::merge::{merge, peer_record, Merge};
use crate::net::message::Message;

impl Table {
    /// A ply of this page's player: played here, then sent to everyone
    /// (the board follows with the [`super::GameChange::Played`] among
    /// the events).
    ///
    /// # Errors
    /// [`PlayError`]: this page does not play, it is not its turn, or the
    /// engine's reason.
    pub fn play(&mut self, ply: Ply, now: Millis) -> Result<Vec<Event>, PlayError> {
        let side = self.side().ok_or(PlayError::NotPlayer)?;
        if self.game.outcome().is_none() && self.game.position().to_move() != side {
            return Err(PlayError::NotYourTurn);
        }
        if self.offered.is_some() {
            return Err(PlayError::OfferOpen);
        }
        if self.begun() && self.clocks.flagged(now) == Some(side) {
            return Err(PlayError::Flagged);
        }
        let index = self.game.plies().len() as u32;
        self.game.play(ply).map_err(PlayError::Engine)?;
        self.pending = None;
        self.run_clock(now);
        let left = self.clocks.last();
        let events = vec![
            Event::Broadcast(Message::Ply {
                index,
                ply,
                hash: self.game.position().hash(),
                left,
            }),
            Event::Changed,
        ];
        Ok(self.with_changes(events))
    }

    pub(super) fn ply(
        &mut self,
        peer: &str,
        index: u32,
        ply: Ply,
        hash: u64,
        left: Option<Millis>,
        now: Millis,
    ) -> Vec<Event> {
        let Some(side) = self.mover_side(peer) else {
            return vec![Event::Warn(Warning::NotPlayer)];
        };
        let length = self.game.plies().len();
        let index = index as usize;
        if self.watching() && self.disputed_from(index) {
            // The seats disagree from here: neither alone is followed.
            return Vec::new();
        }
        if index < length {
            // Already known (a resend): the same ply is no news.
            let same = self.game.plies()[index].ply == ply;
            return if same {
                Vec::new()
            } else {
                vec![Event::Warn(Warning::BadIndex), self.catch_up(peer)]
            };
        }
        if index > length {
            // A gap: ask for the record by sending ours (the longer answers).
            return vec![self.catch_up(peer)];
        }
        self.take_ply(peer, side, ply, hash, left, now)
    }

    /// The next ply, `side`'s (from `peer`, or relayed by it), checked and
    /// taken when the engine finds it legal and reaches the position
    /// `hash` its mover says.
    pub(super) fn take_ply(
        &mut self,
        peer: &str,
        side: Side,
        ply: Ply,
        hash: u64,
        left: Option<Millis>,
        now: Millis,
    ) -> Vec<Event> {
        if self.game.outcome().is_some() {
            // It crossed our end (a resignation in flight): records settle it.
            return vec![self.catch_up(peer)];
        }
        if self.game.position().to_move() != side {
            return vec![Event::Warn(Warning::WrongSide)];
        }
        let blind = self.blind();
        // Kept only when it leads to the position the sender says.
        match self
            .game
            .play_if(ply, |game| game.position().hash() == hash)
        {
            Err(e) => return vec![Event::Warn(Warning::Illegal(e))],
            Ok(false) => return vec![Event::Warn(Warning::HashMismatch), self.catch_up(peer)],
            Ok(true) => {}
        }
        // A move answers any offer: the opponent's lapses, ours is declined.
        self.pending = None;
        let mut events = self.clock_claimed(&[left], blind, now);
        if self.watching() {
            self.witness_ply(side, left, now);
            // A seat's word held until now may follow this ply.
            events.extend(self.settle_words(now));
        }
        events.push(Event::Changed);
        if let Some(offer) = self.offered.take() {
            events.push(Event::Answered(offer, false));
        }
        events
    }

    /// A visitor asks for the game (it sent its own, shorter or other):
    /// a player answers with its welcome, to one visitor at most once every
    /// [`ASK_MS`](super::ASK_MS), all of them a few records a second.
    pub(super) fn asked(&mut self, peer: &str, now: Millis) -> Vec<Event> {
        if self.side().is_none()
            || self.kind(peer) != Kind::Visitor
            || !self.admission.answer_ask(peer, now)
        {
            return Vec::new();
        }
        vec![self.welcome(peer, now)]
    }

    /// What this page sends a seat whose ply does not fit its game: a
    /// player its record (the longer answers), a page that watches an ask
    /// (a player answers a visitor's record with nothing).
    pub(super) fn catch_up(&self, peer: &str) -> Event {
        if self.watching() {
            Event::Send(peer.to_owned(), Message::Ask)
        } else {
            self.sync_to(peer)
        }
    }

    fn sync_to(&self, peer: &str) -> Event {
        Event::Send(
            peer.to_owned(),
            Message::Sync {
                record: self.record(),
            },
        )
    }

    pub(super) fn sync(&mut self, peer: &str, text: &str, now: Millis) -> Vec<Event> {
        let Some(side) = self.mover_side(peer) else {
            // A spectator's record is no news to a player.
            return Vec::new();
        };
        let Some(record) = peer_record(text) else {
            return vec![Event::Warn(Warning::BadRecord)];
        };
        if self.watching() {
            // A seat's word: its own plies are taken, the rest waits for
            // the other seat (see [`witness`]).
            return match self.seat_role(peer) {
                Some(role) => self.heard_word(role, record, now),
                None => Vec::new(),
            };
        }
        let before = self.game.plies().len();
        let blind = self.blind();
        // The other's record: this page knows where the turn stands now.
        self.clocks.sees_turn();
        let lost_on_time = record.game.outcome().is_some_and(|o| {
            o.reason == crate::engine::Reason::Time
                && self
                    .side()
                    .is_some_and(|me| o.winner == Some(me.opponent()))
        });
        let theirs = record.game.plies().len();
        match merge(&self.game, record.game, side, self.side().is_some()) {
            Merge::Same => Vec::new(),
            Merge::Behind
                if lost_on_time && self.game.outcome().is_none() && self.late_plies(theirs) =>
            {
                // Our plies crossed the other's claim of our flag.
                self.lost_in_flight(theirs, now)
            }
            Merge::Behind => vec![self.sync_to(peer)],
            Merge::Ahead(game) => {
                let ended = game.outcome().is_some();
                self.game.replace(game);
                self.pending = None;
                // The sender's plies with the times its record claims.
                let claims: Vec<Option<Millis>> = (before..self.game.plies().len())
                    .map(|i| record.timing.left.get(i).copied())
                    .collect();
                let mut events = self.clock_claimed(&claims, blind, now);
                if ended {
                    // The pages that watch hear the end from this seat too.
                    events.push(self.said_to_all());
                }
                events.push(Event::Changed);
                events
            }
            Merge::Diverged => vec![Event::Warn(Warning::Diverged)],
            Merge::Foreign => vec![Event::Warn(Warning::BadRecord)],
        }
    }

    /// A heartbeat: answered, and a game of another length caught up.
    pub(super) fn pinged(
        &mut self,
        peer: &str,
        at: Millis,
        plies: Option<u32>,
        now: Millis,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        if self.admission.pong_due(peer, now) {
            events.push(Event::Send(peer.to_owned(), Message::Pong { at }));
        }
        // The opponent's game is not as long as ours (a ply sent
        // while it reconnected), or longer: our record settles it.
        // A watching page whose game is shorter than a seat's
        // (a ply it missed, a flood that drowned it) asks that seat
        // for the game by sending its own.
        let length = self.game.plies().len();
        let differs = plies.is_some_and(|n| n as usize != length);
        let ahead = plies.is_some_and(|n| n as usize > length);
        let seat = matches!(self.kind(peer), Kind::Claimed(_));
        if self.kind(peer) == Kind::Opponent && differs {
            events.push(self.sync_to(peer));
        } else if seat && ahead && self.watching() {
            // Both seats: their words of the same game are the game at
            // once (one seat's alone waits for the other's).
            for seat in self.admission.seats_here() {
                events.push(Event::Send(seat, Message::Ask));
            }
        }
        events
    }
}
