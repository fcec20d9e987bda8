//! A timed game's clocks at the table: both run on every page, as that
//! page sees the game; a mover's claim of its time is taken as far as
//! this page's own count allows, and a flag that fell ends the game.

use super::{Event, Role, Table, Warning, LAG_MS, REOPEN_WAIT_MS};
use crate::engine::clock::TimeControl;
use crate::engine::timing::GameClock;
use crate::engine::{Record, Side, Timing};
use crate::net::message::Message;

impl Table {
    /// A timed game under `control`: the clocks, from the record's time
    /// tags and each side's time when the game was saved (`left`). Once
    /// both seats are taken the side to move's clock runs from `since`: a
    /// page opened again at `now` counts the time it was closed. On the
    /// other's turn it cannot know whether the other moved meanwhile: it
    /// waits for the other's record (at most [`REOPEN_WAIT_MS`]) before
    /// claiming that flag, and holds the other's claims only to what it had.
    pub fn timed(
        mut self,
        control: TimeControl,
        timing: &Timing,
        left: Option<[u64; 2]>,
        since: f64,
        now: f64,
    ) -> Table {
        self.clock = Some(GameClock::resume(control, timing, &self.game, left));
        self.run_clock(since);
        let theirs = self
            .side()
            .is_some_and(|me| me != self.game.position().to_move());
        if since < now && theirs && self.game.outcome().is_none() {
            self.blind_turn = Some(self.game.plies().len());
            self.blind_until = now + REOPEN_WAIT_MS;
        }
        self
    }

    /// This page did not see the turn under way begin.
    pub(super) fn blind(&self) -> bool {
        self.blind_turn == Some(self.game.plies().len())
    }

    /// True when this page's player may take a claim of its own flag after
    /// `plies` plies although it has played on since: every ply after them
    /// is its own, and it had no more than the allowance left (with the
    /// increment) when it made the first of them — it was on its way as
    /// the flag fell at the other page.
    pub(super) fn late_plies(&self, plies: usize) -> bool {
        let (Some(me), Some(clock)) = (self.side(), &self.clock) else {
            return false;
        };
        let after = &self.game.plies()[plies.min(self.game.plies().len())..];
        !after.is_empty()
            && after.iter().all(|p| p.side == me)
            && clock
                .timing()
                .left
                .get(plies)
                .is_some_and(|&tag| tag <= LAG_MS + clock.control().increment_ms())
    }

    /// Takes back this page's own late plies (see [`Table::late_plies`])
    /// and ends the game on its time.
    pub(super) fn lost_in_flight(&mut self, plies: usize, now: f64) -> Vec<Event> {
        while self.game.plies().len() > plies {
            self.game.undo();
        }
        if self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        vec![self.said_to_all(), Event::Changed]
    }

    /// The game is on: both seats are taken (a timed game's clocks run).
    pub(super) fn begun(&self) -> bool {
        self.cert.is_some()
    }

    /// The clocks brought up to the game (this page's plies, an end, a
    /// takeback): the side to move's runs once the game is on.
    pub(super) fn run_clock(&mut self, now: f64) {
        if !self.begun() {
            return;
        }
        if let Some(clock) = &mut self.clock {
            clock.follow(&self.game, now as u64);
        }
    }

    /// The welcome's word on a timed game's turn under way: the side to
    /// move's time now, as this page counts it.
    pub(super) fn running_now(&self, now: f64) -> Option<u64> {
        if !self.begun() || self.game.outcome().is_some() {
            return None;
        }
        let clock = self.clock_at(now)?;
        Some(clock.left(self.game.position().to_move(), now as u64))
    }

    /// The clocks as they stand at `now` (for the page to show): this
    /// page's own actions since the last message (a resignation, a
    /// takeback) already counted.
    pub fn clock_at(&self, now: f64) -> Option<GameClock> {
        let mut clock = self.clock.clone()?;
        if self.begun() {
            clock.follow(&self.game, now as u64);
        }
        Some(clock)
    }

    /// The clocks taken from a record (a spectator's, a newcomer's): its
    /// control and tags, the side to move's clock running from `now`. How
    /// long the turn under way had already run, this page cannot know.
    pub(super) fn clock_from(&mut self, record: &Record, now: f64) {
        self.clock = record
            .timing
            .control
            .map(|control| GameClock::resume(control, &record.timing, &self.game, None));
        self.blind_turn = Some(self.game.plies().len());
        self.run_clock(now);
    }

    /// The other page's new plies (a ply, a record that extends ours)
    /// timed with what their mover claims, as far as this page's count
    /// allows: a claim of more is a warning.
    pub(super) fn clock_claimed(
        &mut self,
        claims: &[Option<u64>],
        blind: bool,
        now: f64,
    ) -> Vec<Event> {
        let Some(clock) = &mut self.clock else {
            return Vec::new();
        };
        let lag = (!blind).then_some(LAG_MS);
        let watching = !matches!(self.role, Role::Player(_));
        // (A page that watches only shows the figure: it does not blame a
        // player for what the other seat's count may have cut.)
        if clock.follow_claimed(&self.game, claims, lag, now as u64) && !watching {
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
    pub fn check_flag(&mut self, now: f64) -> Vec<Event> {
        // (An end or a takeback of this page's own stops or moves the clocks.)
        self.run_clock(now);
        if self.watching() {
            return self.witnessed_flag(now);
        }
        let (Some(clock), Some(me)) = (&self.clock, self.side()) else {
            return Vec::new();
        };
        if self.game.outcome().is_some() || !self.begun() {
            return Vec::new();
        }
        let to_move = self.game.position().to_move();
        let at = now as u64;
        let fallen = if to_move == me {
            clock.flagged(at)
        } else if self.blind() && now < self.blind_until {
            None
        } else {
            clock.flagged_for(LAG_MS, at)
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
    pub(super) fn flag(&mut self, peer: &str, side: Side, plies: u32, now: f64) -> Vec<Event> {
        if self.mover_side(peer).is_none() {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        let Some(clock) = &self.clock else {
            return Vec::new();
        };
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
        if clock.left(side, now as u64) > LAG_MS || self.game.time_out().is_err() {
            return vec![Event::Warn(Warning::EarlyFlag)];
        }
        self.run_clock(now);
        // The pages that watch hear it from this seat too.
        vec![self.said_to_all(), Event::Changed]
    }
}
