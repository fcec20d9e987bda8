//! A timed game at the table: the clocks set up for a page opened again,
//! brought up to the game at every step, the other page's claims of its
//! time taken as far as this page's count allows (a claim of more is a
//! warning), and the flags: this page's own, the opponent's after the
//! allowance, a seat's claim checked against this page's own clock. The
//! clocks themselves are [`Clocks`](super::clocks::Clocks)'.

use super::{Event, Table, Warning, LAG_MS};
use crate::engine::clock::TimeControl;
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Record, Side, Timing};
use crate::net::message::Message;

impl Table {
    /// A timed game under `control`: the clocks, from the record's time
    /// tags and each side's time when the game was saved (`left`). Once
    /// both seats are taken the side to move's clock runs from `since`: a
    /// page opened again at `now` counts the time it was closed. On the
    /// other's turn it cannot know whether the other moved meanwhile: it
    /// waits for the other's record (at most
    /// [`REOPEN_WAIT_MS`](super::REOPEN_WAIT_MS)) before claiming that
    /// flag, and holds the other's claims only to what it had.
    pub fn timed(
        mut self,
        control: TimeControl,
        timing: &Timing,
        left: Option<[Millis; 2]>,
        since: Millis,
        now: Millis,
    ) -> Table {
        self.clocks.resume(control, timing, &self.game, left);
        self.run_clock(since);
        let theirs = self
            .side()
            .is_some_and(|me| me != self.game.position().to_move());
        if since < now && theirs && self.game.outcome().is_none() {
            self.clocks.reopened_blind(self.game.plies().len(), now);
        }
        self
    }

    /// What the opponent's silences during the turn under way (the one
    /// going on at `now` too) credit its clock (see
    /// [`SILENCE_CREDIT_MS`](super::SILENCE_CREDIT_MS)).
    pub fn silence_credit(&self, now: Millis) -> Millis {
        self.clocks.silence_credit(now)
    }

    /// The clocks as they stand at `now` (for the page to show): this
    /// page's own actions since the last message (a resignation, a
    /// takeback) already counted.
    pub fn clock_at(&self, now: Millis) -> Option<GameClock> {
        self.clocks.at(&self.game, self.begun(), now)
    }

    /// This page did not see the turn under way begin.
    pub(super) fn blind(&self) -> bool {
        self.clocks.blind(&self.game)
    }

    /// The game is on: both seats are taken (a timed game's clocks run).
    pub(super) fn begun(&self) -> bool {
        self.seats.cert().is_some()
    }

    /// The clocks brought up to the game (this page's plies, an end, a
    /// takeback): the side to move's runs once the game is on.
    pub(super) fn run_clock(&mut self, now: Millis) {
        let begun = self.begun();
        self.clocks.run(&self.game, begun, now);
    }

    /// The clocks taken from a record (a spectator's, a newcomer's): its
    /// control and tags, the side to move's clock running from `now`.
    pub(super) fn clock_from(&mut self, record: &Record, now: Millis) {
        self.clocks.read_record(record, &self.game);
        self.run_clock(now);
    }

    /// True when this page's player may take a claim of its own flag after
    /// `plies` plies although it has played on since (see
    /// [`Clocks::late_plies`](super::clocks::Clocks::late_plies)).
    pub(super) fn late_plies(&self, plies: usize) -> bool {
        self.side()
            .is_some_and(|me| self.clocks.late_plies(&self.game, me, plies))
    }

    /// Takes back this page's own late plies (see [`Table::late_plies`])
    /// and ends the game on its time.
    pub(super) fn lost_in_flight(&mut self, plies: usize, now: Millis) -> Vec<Event> {
        self.game.back_to(plies);
        if self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        vec![self.said_to_all(), Event::Changed]
    }

    /// The other page's new plies (a ply, a record that extends ours)
    /// timed with what their mover claims, as far as this page's count
    /// allows: a claim of more is a warning.
    pub(super) fn clock_claimed(
        &mut self,
        claims: &[Option<Millis>],
        blind: bool,
        now: Millis,
    ) -> Vec<Event> {
        let watching = self.watching();
        let refused = self
            .clocks
            .claimed(&self.game, claims, blind, watching, now);
        // (A page that watches only shows the figure: it does not blame a
        // player for what the other seat's count may have cut.)
        if refused && !watching {
            vec![Event::Warn(Warning::Clock)]
        } else {
            Vec::new()
        }
    }

    /// A timed game at `now`: a flag that fell ends the game here and is
    /// said to everyone. This player's own at once; the opponent's once it
    /// has been down [`LAG_MS`] (its last ply may be on the way). A
    /// spectator waits for a player's word, and takes it once its own
    /// count proves it (or the other seat agrees).
    pub fn check_flag(&mut self, now: Millis) -> Vec<Event> {
        let events = self.flag_fallen(now);
        self.with_changes(events)
    }

    /// See [`Table::check_flag`].
    fn flag_fallen(&mut self, now: Millis) -> Vec<Event> {
        // (An end or a takeback of this page's own stops or moves the clocks.)
        self.run_clock(now);
        if self.watching() {
            return self.witnessed_flag(now);
        }
        let (true, Some(me)) = (self.clocks.clock().is_some(), self.side()) else {
            return Vec::new();
        };
        if self.game.outcome().is_some() || !self.begun() {
            return Vec::new();
        }
        let to_move = self.game.position().to_move();
        let fallen = if to_move == me {
            self.clocks.flagged(now)
        } else if self.clocks.waiting_blind(&self.game, now) {
            None
        } else {
            // (Its ply may be on its way through a lost connection.)
            let grace = LAG_MS + self.clocks.silence_credit(now);
            self.clocks.flagged_for(grace, now)
        };
        if fallen != Some(to_move) || self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        vec![
            Event::Broadcast(Message::Flag {
                side: to_move.into(),
                plies: self.game.plies().len() as u32,
            }),
            self.said_to_all(),
            Event::Changed,
        ]
    }

    /// A seat says `side`'s time ran out after `plies` plies: taken when
    /// this page's own clock agrees (within [`LAG_MS`]). A watching page
    /// takes it when its own count of that side's time (by that side's own
    /// word) proves it, or once the other seat says so too.
    pub(super) fn flag(&mut self, peer: &str, side: Side, plies: u32, now: Millis) -> Vec<Event> {
        if self.mover_side(peer).is_none() {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        if self.clocks.clock().is_none() {
            return Vec::new();
        }
        if self.watching() {
            let fits = self.game.outcome().is_none()
                && plies as usize == self.game.plies().len()
                && self.game.position().to_move() == side;
            let Some(role) = self.seat_role(peer).filter(|_| fits) else {
                return Vec::new();
            };
            let mut events = self.heard_end(role, |g| g.time_out().is_ok(), now);
            events.extend(self.witnessed_flag(now));
            return events;
        }
        let plies = plies as usize;
        if self.side() == Some(side) && self.game.outcome().is_none() && self.late_plies(plies) {
            // Our plies crossed the claim: they were too late.
            return self.lost_in_flight(plies, now);
        }
        if self.game.outcome().is_some()
            || plies != self.game.plies().len()
            || self.game.position().to_move() != side
        {
            // Stale (the game moved or ended meanwhile): records settle it.
            return Vec::new();
        }
        let early = self
            .clocks
            .left(side, now)
            .is_some_and(|left| left > LAG_MS);
        if early || self.game.time_out().is_err() {
            return vec![Event::Warn(Warning::EarlyFlag)];
        }
        self.run_clock(now);
        // The pages that watch hear it from this seat too.
        vec![self.said_to_all(), Event::Changed]
    }
}
