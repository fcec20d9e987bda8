//! A timed game's clocks at the table: both run on every page, as that
//! page sees the game; a mover's claim of its time is taken as far as
//! this page's own count allows, and a flag that fell ends the game.

use super::{Event, Role, Table, Warning, LAG_MS, PING_MS, REOPEN_WAIT_MS};
use crate::engine::clock::TimeControl;
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Record, Side, Timing};
use crate::net::message::Message;

/// The most a game's silences may credit to the opponent's clock: a tenth
/// of the base time, and never more than this (see [`Silence`]).
pub const SILENCE_CREDIT_MS: Millis = Millis(20_000);

/// The opponent's seat as a player's page hears it, for the clocks. A ply
/// sent while the connection between the pages was lost (a phone that
/// changed networks: a few seconds until the pages find each other again)
/// arrives that much late, and the page that receives it has counted that
/// time against its mover; the flag it would claim meanwhile may have been
/// saved by a ply on its way. So the time the seat was silent (in gaps
/// longer than two heartbeats) during the turn under way is credited to its mover's claim
/// and put before that flag, up to the game's credit: a tenth of the base
/// time, at most [`SILENCE_CREDIT_MS`]. What a silence lets a claim take
/// is spent; a seat that said goodbye gets nothing for the silence after.
/// (A client that goes silent on purpose gains at most that credit.)
#[derive(Clone, Debug, Default)]
pub(super) struct Silence {
    /// When anything last came from the opponent's seat (on any of its
    /// connections), unless it said goodbye since.
    heard: Option<Millis>,
    /// The turn under way (the game's length) and when this page saw it
    /// begin.
    turn: usize,
    began: Millis,
    /// How long the seat was silent during that turn (its gaps longer than
    /// two heartbeats).
    dark: Millis,
    /// What claims took of the game's credit.
    spent: Millis,
}

/// What a gap of `gap` since the seat was last heard counts as silence:
/// none up to two heartbeats (a ping every [`PING_MS`]), all of it beyond.
/// All of it, not the part beyond a heartbeat: the seat may have moved the
/// moment after its last message left, and its claim then reaches back to
/// that moment (a page that took a heartbeat off refused an honest phone
/// that played at once as its network changed; the lab caught it).
fn silence_in(gap: Millis) -> Millis {
    if gap > PING_MS * 2 {
        gap
    } else {
        Millis::ZERO
    }
}

impl Table {
    /// Something came from the opponent's seat at `now`: the silence before
    /// it, within the turn under way, is counted.
    ///
    /// Silences are judged once the seat has a heartbeat (a page of ours
    /// pings; a client that never pings is never credited a silence).
    pub(super) fn seat_heard(&mut self, pinged: bool, now: Millis) {
        let s = &mut self.silence;
        if let Some(heard) = s.heard {
            s.dark += silence_in(now - heard.max(s.began));
            s.heard = Some(now);
        } else if pinged {
            s.heard = Some(now);
        }
    }

    /// The opponent said goodbye: the silence that follows is not credited.
    pub(super) fn seat_left(&mut self) {
        self.silence.heard = None;
    }

    /// A new turn (or a new game) as this page sees it, at `now`.
    fn turn_seen(&mut self, now: Millis) {
        let plies = self.game.plies().len();
        let s = &mut self.silence;
        if plies != s.turn {
            if plies == 0 {
                s.spent = Millis::ZERO; // a new game
            }
            s.turn = plies;
            s.began = now;
            s.dark = Millis::ZERO;
        }
    }

    /// What the opponent's silences during the turn under way (the one
    /// going on at `now` too) credit its clock: see [`Silence`].
    pub fn silence_credit(&self, now: Millis) -> Millis {
        let Some(clock) = &self.clock else {
            return Millis::ZERO;
        };
        let s = &self.silence;
        let going_on = s
            .heard
            .map_or(Millis::ZERO, |heard| silence_in(now - heard.max(s.began)));
        let most = (clock.control().base_ms() / 10).min(SILENCE_CREDIT_MS);
        (s.dark + going_on).min(most - s.spent)
    }

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
        left: Option<[Millis; 2]>,
        since: Millis,
        now: Millis,
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
    pub(super) fn lost_in_flight(&mut self, plies: usize, now: Millis) -> Vec<Event> {
        self.game.back_to(plies);
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
    pub(super) fn run_clock(&mut self, now: Millis) {
        self.turn_seen(now);
        if !self.begun() {
            return;
        }
        if let Some(clock) = &mut self.clock {
            clock.follow(&self.game, now);
        }
    }

    /// The welcome's word on a timed game's turn under way: the side to
    /// move's time now, as this page counts it.
    pub(super) fn running_now(&self, now: Millis) -> Option<Millis> {
        if !self.begun() || self.game.outcome().is_some() {
            return None;
        }
        let clock = self.clock_at(now)?;
        Some(clock.left(self.game.position().to_move(), now))
    }

    /// The clocks as they stand at `now` (for the page to show): this
    /// page's own actions since the last message (a resignation, a
    /// takeback) already counted.
    pub fn clock_at(&self, now: Millis) -> Option<GameClock> {
        let mut clock = self.clock.clone()?;
        if self.begun() {
            clock.follow(&self.game, now);
        }
        Some(clock)
    }

    /// The clocks taken from a record (a spectator's, a newcomer's): its
    /// control and tags, the side to move's clock running from `now`. How
    /// long the turn under way had already run, this page cannot know.
    pub(super) fn clock_from(&mut self, record: &Record, now: Millis) {
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
        claims: &[Option<Millis>],
        blind: bool,
        now: Millis,
    ) -> Vec<Event> {
        let watching = !matches!(self.role, Role::Player(_));
        let credit = if watching || blind {
            Millis::ZERO
        } else {
            self.silence_credit(now)
        };
        let Some(clock) = &mut self.clock else {
            return Vec::new();
        };
        let lag = (!blind).then_some(LAG_MS + credit);
        // What the claims would have kept without the silence's credit: the
        // difference is spent.
        let without = (credit > Millis::ZERO).then(|| {
            let mut plain = clock.clone();
            plain.follow_claimed(&self.game, claims, Some(LAG_MS), now);
            plain.timing().left
        });
        let refused = clock.follow_claimed(&self.game, claims, lag, now);
        if let Some(plain) = without {
            let taken = clock.timing().left;
            let used = taken
                .iter()
                .zip(&plain)
                .fold(Millis::ZERO, |used, (with, without)| {
                    used + (*with - *without)
                });
            self.silence.spent += used.min(credit);
        }
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
        let (Some(clock), Some(me)) = (&self.clock, self.side()) else {
            return Vec::new();
        };
        if self.game.outcome().is_some() || !self.begun() {
            return Vec::new();
        }
        let to_move = self.game.position().to_move();
        let at = now;
        let fallen = if to_move == me {
            clock.flagged(at)
        } else if self.blind() && now < self.blind_until {
            None
        } else {
            // (Its ply may be on its way through a lost connection.)
            clock.flagged_for(LAG_MS + self.silence_credit(now), at)
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
        if clock.left(side, now) > LAG_MS || self.game.time_out().is_err() {
            return vec![Event::Warn(Warning::EarlyFlag)];
        }
        self.run_clock(now);
        // The pages that watch hear it from this seat too.
        vec![self.said_to_all(), Event::Changed]
    }
}
