//! What a watching page takes from the seats' words (see
//! [`Witness`](super::witness::Witness) for what it believes, and why): a
//! seat's own plies, the game both seats say, a flag its own count
//! proves; and what it shows of a word the other seat has not confirmed.

use super::relay::other;
use super::witness::own_plies;
use super::{Event, Table, Warning};
use crate::engine::{Game, Millis, Outcome, Ply, Record, Side};
use crate::net::identity::Role as SeatRole;

use super::seats::Role;

impl Table {
    /// This page watches (a spectator, a newcomer, a page invited to the
    /// free seat that has not taken it).
    pub(super) fn watching(&self) -> bool {
        self.seats.watching()
    }

    /// The turn passed, or the game changed: the witness's counts follow.
    fn witness_turn(&mut self, now: Millis) {
        let begun = self.begun();
        self.witness.turn(&self.game, begun, now);
    }

    /// Whether a ply at `index` is one the seats dispute (taken from
    /// neither alone).
    pub(super) fn disputed_from(&self, index: usize) -> bool {
        self.witness.disputed_from(index)
    }

    /// The second seat was taken while this page watched: the clocks start,
    /// the side to move's own count with them.
    pub(super) fn game_begins(&mut self, now: Millis) {
        self.witness_turn(now);
    }

    /// A seat's own ply of `side` was taken, with the time its mover claims
    /// after it (its own word: an upper bound on its time).
    pub(super) fn witness_ply(&mut self, side: Side, claim: Option<Millis>, now: Millis) {
        let accepted = self.clocks.last();
        let begun = self.begun();
        self.witness
            .ply(side, claim, accepted, (&self.game, begun), now);
    }

    /// The seat `role` says the game is `record`: its own plies beyond this
    /// page's game are taken (their times held to this page's count), the
    /// rest waits for the other seat's word.
    pub(super) fn heard_word(&mut self, role: SeatRole, record: Record, now: Millis) -> Vec<Event> {
        if record.game == *self.game {
            self.witness.hear(role, None);
            return Vec::new();
        }
        self.witness.hear(role, Some(record));
        self.settle_words(now)
    }

    /// The seat `role` announces an end of the game as this page holds it
    /// (a resignation, a flag): its word, until the other seat says so too
    /// (or, a flag, this page's clock proves it).
    pub(super) fn heard_end(
        &mut self,
        role: SeatRole,
        end: impl FnOnce(&mut Game) -> bool,
        now: Millis,
    ) -> Vec<Event> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let mut game = Game::clone(&self.game);
        if !end(&mut game) {
            return Vec::new();
        }
        let mut record = Record::new(game);
        record.timing = self.clocks.timing();
        self.heard_word(role, record, now)
    }

    /// Takes what the seats' words allow: each seat's own plies, then the
    /// game both seats say, if they say the same.
    pub(super) fn settle_words(&mut self, now: Millis) -> Vec<Event> {
        let mut events = self.dispute_words(now);
        let mut changed = !events.is_empty();
        // Each seat's own plies, as long as either brings some (the host's
        // may wait for the guest's before them, and the other way round).
        loop {
            let mut took = false;
            for role in [SeatRole::Host, SeatRole::Guest] {
                if let Some(taken) = self.take_own_plies(role, now) {
                    events.extend(taken);
                    took = true;
                    changed = true;
                }
            }
            if !took {
                break;
            }
        }
        // What this page now shows is no longer news from either seat.
        self.witness.shown(&self.game);
        // Both seats say the same ply where they differed: it is settled.
        self.witness.settle_dispute();
        // Both seats say the same game: that is the game.
        if let Some([host, guest]) = self.witness.agreed() {
            self.adopt(&host, &guest, now);
            changed = true;
        }
        if changed {
            events.push(Event::Changed);
        }
        events
    }

    /// A seat whose game goes another way than this page's from a ply that
    /// only one seat vouched for (the other seat's, or an earlier word of
    /// its own): that ply is disputed, and this page goes back to where
    /// both seats agree (a warning each time).
    fn dispute_words(&mut self, now: Millis) -> Vec<Event> {
        let mut events = Vec::new();
        if self.witness.words_agree() {
            // Both seats say the same game (a takeback, a rematch, a game
            // this page fell behind): that is the game, taken as agreed.
            return events;
        }
        for role in [SeatRole::Host, SeatRole::Guest] {
            let Some(record) = self.witness.said(role) else {
                continue;
            };
            if record.game.rules() != self.game.rules() || record.game.start() != self.game.start()
            {
                continue;
            }
            let ours = self.game.plies();
            let theirs = record.game.plies();
            let common = ours
                .iter()
                .zip(theirs)
                .take_while(|(a, b)| a.ply == b.ply)
                .count();
            if common < ours.len() && common < theirs.len() && common < self.relay.vouched() {
                // Against plies both seats vouched for: taken only when the
                // other seat's word goes back there too (a takeback one
                // seat's new plies outran); alone, the seat's word changes
                // nothing (it is kept until the other's comes, or the game
                // moves on without it).
                let ours_at = ours[common].ply;
                let backs = self.witness.said(other(role)).is_some_and(|word| {
                    let w = word.game.plies();
                    w.len() >= common
                        && w[..common].iter().zip(theirs).all(|(a, b)| a.ply == b.ply)
                        && w.get(common).is_none_or(|p| p.ply != ours_at)
                });
                if backs {
                    self.went_back(common);
                    self.game.back_to(common);
                    self.run_clock(now);
                    self.witness_turn(now);
                    events.push(Event::Changed);
                }
                continue;
            }
            if common < ours.len() && common < theirs.len() {
                self.witness.dispute(common);
                self.went_back(common);
                self.game.back_to(common);
                self.run_clock(now);
                self.witness_turn(now);
                events.push(Event::Warn(Warning::Diverged));
            }
        }
        events
    }

    /// The plies of its own side the seat `role` says beyond this page's
    /// game, taken (their times held to this page's count): the events, or
    /// `None` when it brings none.
    fn take_own_plies(&mut self, role: SeatRole, now: Millis) -> Option<Vec<Event>> {
        let side = self.witness.side_of(role)?;
        if self.game.outcome().is_some() || self.disputed_from(self.game.plies().len()) {
            return None;
        }
        let Some(count) = self
            .witness
            .said(role)
            .and_then(|record| own_plies(&self.game, &record.game, side))
        else {
            self.relay.word(role, false, now);
            return None;
        };
        // One seat's word alone, while the other seat is here: taken once
        // the other had the time to vouch for it (by its relay, or by its
        // own word of the same game).
        if self.admission.seat_here_as(other(role), now) && !self.relay.word_waited(role, now) {
            self.relay.word(role, true, now);
            return None;
        }
        self.relay.word(role, false, now);
        let record = self.witness.said(role)?;
        let from = self.game.plies().len();
        let plies: Vec<Ply> = record.game.plies()[from..from + count]
            .iter()
            .map(|p| p.ply)
            .collect();
        let tags: Vec<Option<Millis>> = (from..from + count)
            .map(|i| record.timing.left.get(i).copied())
            .collect();
        let blind = self.blind();
        for ply in plies {
            if self.game.play(ply).is_err() {
                break;
            }
        }
        let taken = self.game.plies().len() - from;
        if taken == 0 {
            return None;
        }
        let claims = &tags[..taken];
        let events = self.clock_claimed(claims, blind, now);
        let last = claims.last().copied().flatten();
        self.witness_ply(side, last, now);
        Some(events)
    }

    /// The game both seats said (`host` and `guest`, their records of it):
    /// a takeback, an end, a rematch (the names swapped).
    fn adopt(&mut self, host: &Record, guest: &Record, now: Millis) {
        // A rematch (only ever agreed after the end): a new game, the
        // sides changing hands.
        let rematch = host.game.plies().is_empty()
            && host.game.outcome().is_none()
            && self.game.outcome().is_some();
        if rematch {
            self.seats
                .set_names([host.first.clone(), host.second.clone()]);
            self.witness.rematch();
            self.admission.swap_sides();
        }
        // (Only a game that does not go on from this page's goes back:
        // plies held or relayed beyond a game both seats caught up on are
        // still news.)
        let goes_on = {
            let ours = self.game.plies();
            let theirs = host.game.plies();
            theirs.len() >= ours.len() && ours.iter().zip(theirs).all(|(a, b)| a.ply == b.ply)
        };
        self.game.replace(host.game.clone());
        let plies = self.game.plies().len();
        if !goes_on {
            self.went_back(plies);
        }
        self.relay.agreed(plies);
        self.clock_from(host, now);
        // Each side's own word is its own seat's record.
        let sides = (
            self.witness.side_of(SeatRole::Host),
            self.witness.side_of(SeatRole::Guest),
        );
        if let (Some(h), Some(g)) = sides {
            let begun = self.begun();
            self.witness
                .record_words(host, &[h], (&self.game, begun), now);
            self.witness
                .record_words(guest, &[g], (&self.game, begun), now);
        }
    }

    /// A watching page at `now`: a flag a seat claimed that this page's own
    /// count of that side's time (its own word) now proves.
    pub(super) fn witnessed_flag(&mut self, now: Millis) -> Vec<Event> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let to_move = self.game.position().to_move();
        // While the flagged player's page is here, it says its own flag
        // (the other seat controls when each page hears of a turn's start,
        // so this page's count is a proof only for a page that is gone).
        // (Asked ten times a second: the cheap questions first.)
        if self.admission.seat_here(to_move, now)
            || self.witness.own_left(to_move, now) != Some(Millis::ZERO)
            || !self.witness.says_timed_out(&self.game)
            || self.game.time_out().is_err()
        {
            return Vec::new();
        }
        self.run_clock(now);
        self.witness_turn(now);
        self.witness.shown(&self.game);
        vec![Event::Changed]
    }

    /// A newcomer that hears the guest's page but not the host's: it
    /// believes the game from the host only, and waits for it.
    pub fn waiting_for_host(&self, now: Millis) -> bool {
        self.seats.role() == Role::Newcomer
            && self.admission.seat_here_as(SeatRole::Guest, now)
            && !self.admission.seat_here_as(SeatRole::Host, now)
    }

    /// What one seat says of the game's end that the other has not
    /// confirmed (this page does not show it as the result): the side that
    /// seat plays and the end it says.
    pub fn unconfirmed(&self) -> Option<(Side, Outcome)> {
        if !self.watching() || self.game.outcome().is_some() {
            return None;
        }
        self.witness.unconfirmed()
    }
}
