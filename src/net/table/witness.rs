//! What a page that watches believes of the game (a spectator, a
//! newcomer, a page invited to the free seat). Each seat is a player's
//! page, and a player who took its seat properly may still lie to the
//! pages that watch: show them a result that never happened, a flag that
//! did not fall, more time than it has, another game to a newcomer. So a
//! watching page takes from a seat only what that seat alone decides, and
//! holds the rest until the other seat says the same:
//!
//! - **a seat's own plies**: for its side, in its turn, at the next index,
//!   legal for the local engine and with the sender's position hash; their
//!   time claims held to this page's own count (see `Table::ply`);
//! - **everything else** — an end (a resignation, an agreed draw, a flag),
//!   a takeback, a rematch, the other side's plies — only once **both**
//!   seats' pages have said the same game (each player's page says its
//!   game to everyone when it takes an end from the other: see
//!   `Table::said_to_all`);
//! - **a flag** also when this page's own clock proves it. Each side's
//!   time by that side's own word ([`Witness::own`]) is an upper bound on
//!   what it has: a player never claims less time than it has, and this
//!   page starts counting a turn no earlier than it began. When that bound
//!   reaches zero the flag fell, whatever the other seat says.
//!
//! A newcomer believes the game only from the host's proved welcome; the
//! guest's welcome counts as the guest's word. What a seat says and the
//! other does not confirm is shown as such ([`Table::unconfirmed`]), never
//! as the game.

use super::{seat_slot, slot, Event, Role, Table};
use crate::engine::timing::GameClock;
use crate::engine::{last_tag, Game, Millis, Outcome, Reason, Record, Side};
use crate::net::identity::Role as SeatRole;

/// What a watching page keeps of each seat's word.
#[derive(Clone, Debug, Default)]
pub(super) struct Witness {
    /// What each seat (`[host, guest]`) last said of the game that this
    /// page does not show (yet): its record, or this page's game with the
    /// end it announced.
    pub(super) said: [Option<Record>; 2],
    /// Each side's time left by its own word (`[first, second]`), and since
    /// when it runs (the side to move's, by this page's clock).
    pub(super) own: [Option<(Millis, Option<Millis>)>; 2],
    /// The side the host plays (as its proof said; a rematch swaps it).
    pub(super) host_side: Option<Side>,
    /// The first ply on which the seats' words differ: no ply from there
    /// on is taken from either seat alone until they agree again.
    pub(super) disputed: Option<usize>,
}

/// The plies at the end of `theirs` past `ours` that `side` may bring to a
/// watching page: its own, from where `ours` ends, up to the first ply of
/// the other side. `None` when `theirs` does not extend `ours`.
fn own_plies(ours: &Game, theirs: &Game, side: Side) -> Option<usize> {
    if theirs.rules() != ours.rules() || theirs.start() != ours.start() {
        return None;
    }
    let mine = ours.plies();
    let their = theirs.plies();
    if their.len() <= mine.len() || mine.iter().zip(their).any(|(a, b)| a.ply != b.ply) {
        return None;
    }
    let own = their[mine.len()..]
        .iter()
        .take_while(|p| p.side == side)
        .count();
    (own > 0).then_some(own)
}

impl Table {
    /// This page watches (a spectator, a newcomer, a page invited to the
    /// free seat that has not taken it).
    pub(super) fn watching(&self) -> bool {
        !matches!(self.role, Role::Player(_))
    }

    /// The side the seat `role` plays, as far as this page knows.
    fn side_of(&self, role: SeatRole) -> Option<Side> {
        let host = self.witness.host_side?;
        Some(match role {
            SeatRole::Host => host,
            SeatRole::Guest => host.opponent(),
        })
    }

    /// `side`'s time left at `now` by its own word (an upper bound on what
    /// it has), when this page knows it.
    fn own_left(&self, side: Side, now: Millis) -> Option<Millis> {
        let (left, since) = self.witness.own[slot(side)]?;
        let ran = since.map_or(Millis::ZERO, |since| now.since(since));
        Some(left - ran)
    }

    /// The turn passed, or the game changed: the side to move's own count
    /// runs from `now`, the other's is stopped.
    fn witness_turn(&mut self, now: Millis) {
        let to_move = self.game.position().to_move();
        // No clock runs before the second seat is taken.
        let stopped = self.game.outcome().is_some() || !self.begun();
        for side in [Side::First, Side::Second] {
            let running = !stopped && side == to_move;
            if let Some((left, since)) = &mut self.witness.own[slot(side)] {
                match (running, *since) {
                    (true, None) => *since = Some(now),
                    (false, Some(from)) => {
                        *left -= now.since(from);
                        *since = None;
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether a ply at `index` is one the seats dispute (taken from
    /// neither alone).
    pub(super) fn disputed_from(&self, index: usize) -> bool {
        self.witness.disputed.is_some_and(|d| index >= d)
    }

    /// The second seat was taken while this page watched: the clocks start,
    /// the side to move's own count with them.
    pub(super) fn game_begins(&mut self, now: Millis) {
        self.witness_turn(now);
    }

    /// Whether the seat that plays `side` is here and answering (its page
    /// can say its own flag itself).
    fn seat_here(&self, side: Side, now: Millis) -> bool {
        self.peers.values().any(|p| {
            p.left.is_none()
                && p.proved.is_some_and(|(_, s)| s == side)
                && now.since(p.heard) < super::AWAY_MS
        })
    }

    /// A seat's own ply was taken, with the time its mover claims after it
    /// (its own word: an upper bound on its time).
    pub(super) fn witness_ply(&mut self, side: Side, claim: Option<Millis>, now: Millis) {
        // Its word, as far as this page's count took it.
        let accepted = self.clock.as_ref().and_then(GameClock::last);
        if let Some(claim) = claim.or(accepted) {
            let own = accepted.map_or(claim, |a| a.min(claim));
            self.witness.own[slot(side)] = Some((own, None));
        }
        self.witness_turn(now);
        // A word about a position the game has left (an end or a takeback
        // the seat said there, a game that does not go on from here) was
        // not followed: the players played on.
        let game = &self.game;
        for said in &mut self.witness.said {
            let goes_on = said.as_ref().is_some_and(|r| {
                let theirs = r.game.plies();
                theirs.len() >= game.plies().len()
                    && game.plies().iter().zip(theirs).all(|(a, b)| a.ply == b.ply)
            });
            if !goes_on {
                *said = None;
            }
        }
    }

    /// Each side's own word from a record that side's seat said or both
    /// seats agree on (`sides`): its last time tag, or the control's time.
    fn witness_record(&mut self, record: &Record, sides: &[Side], now: Millis) {
        let Some(control) = record.timing.control else {
            return;
        };
        let plies = record.game.plies().len();
        for &side in sides {
            let left = last_tag(&record.game, &record.timing.left, plies, side).or_else(|| {
                // No ply of its own yet: the control's time, certain.
                (!record.game.plies().iter().any(|p| p.side == side)).then(|| control.base_ms())
            });
            self.witness.own[slot(side)] = left.map(|left| (left, None));
        }
        self.witness_turn(now);
    }

    /// A newcomer took the host's welcome (`record`): the host's own word
    /// of its time (with `running`, its count of the turn under way when it
    /// is to move), and the guest's only where the control says it.
    pub(super) fn witness_welcome(
        &mut self,
        record: &Record,
        host_side: Side,
        running: Option<Millis>,
        now: Millis,
    ) {
        // (What the guest said before the host's welcome stays its word.)
        self.witness.host_side = Some(host_side);
        self.witness.own = [None, None];
        self.witness_record(record, &[host_side], now);
        let guest = host_side.opponent();
        if !record.game.plies().iter().any(|p| p.side == guest) {
            if let Some(control) = record.timing.control {
                self.witness.own[slot(guest)] = Some((control.base_ms(), None));
            }
        }
        if let (Some(running), true) = (
            running,
            self.game.position().to_move() == host_side && self.game.outcome().is_none(),
        ) {
            self.witness.own[slot(host_side)] = Some((running, None));
        }
        self.witness_turn(now);
    }

    /// The seat `role` says the game is `record`: its own plies beyond this
    /// page's game are taken (their times held to this page's count), the
    /// rest waits for the other seat's word.
    pub(super) fn heard_word(&mut self, role: SeatRole, record: Record, now: Millis) -> Vec<Event> {
        if record.game == *self.game {
            self.witness.said[seat_slot(role)] = None;
            return Vec::new();
        }
        self.witness.said[seat_slot(role)] = Some(record);
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
        let timing = self
            .clock
            .as_ref()
            .map(GameClock::timing)
            .unwrap_or_default();
        let mut record = Record::new(game);
        record.timing = timing;
        self.heard_word(role, record, now)
    }

    /// Takes what the seats' words allow: each seat's own plies, then the
    /// game both seats say, if they say the same.
    pub(super) fn settle_words(&mut self, now: Millis) -> Vec<Event> {
        let mut changed = false;
        let mut events = Vec::new();
        // A seat whose game goes another way than this page's from a ply
        // that only one seat vouched for (the other seat's, or an earlier
        // word of its own): that ply is disputed, and this page goes back
        // to where both seats agree.
        for role in [SeatRole::Host, SeatRole::Guest] {
            let Some(record) = &self.witness.said[seat_slot(role)] else {
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
            if common < ours.len() && common < theirs.len() {
                self.witness.disputed =
                    Some(self.witness.disputed.map_or(common, |d| d.min(common)));
                self.game.back_to(common);
                self.run_clock(now);
                self.witness_turn(now);
                events.push(Event::Warn(super::Warning::Diverged));
                changed = true;
            }
        }
        // Each seat's own plies, as long as either brings some (the host's
        // may wait for the guest's before them, and the other way round).
        loop {
            let mut took = false;
            for role in [SeatRole::Host, SeatRole::Guest] {
                let (Some(side), Some(record)) = (
                    self.side_of(role),
                    self.witness.said[seat_slot(role)].clone(),
                ) else {
                    continue;
                };
                if self.game.outcome().is_some() || self.disputed_from(self.game.plies().len()) {
                    continue;
                }
                let Some(count) = own_plies(&self.game, &record.game, side) else {
                    continue;
                };
                let from = self.game.plies().len();
                let blind = self.blind();
                for played in &record.game.plies()[from..from + count] {
                    if self.game.play(played.ply).is_err() {
                        break;
                    }
                }
                let taken = self.game.plies().len() - from;
                if taken == 0 {
                    continue;
                }
                let claims: Vec<Option<Millis>> = (from..from + taken)
                    .map(|i| record.timing.left.get(i).copied())
                    .collect();
                events.extend(self.clock_claimed(&claims, blind, now));
                let last = claims.last().copied().flatten();
                self.witness_ply(side, last, now);
                took = true;
                changed = true;
            }
            if !took {
                break;
            }
        }
        // What this page now shows is no longer news from either seat.
        for said in &mut self.witness.said {
            if said.as_ref().is_some_and(|r| r.game == *self.game) {
                *said = None;
            }
        }
        // Both seats say the same ply where they differed: it is settled.
        if let (Some(d), [Some(host), Some(guest)]) = (self.witness.disputed, &self.witness.said) {
            let at = |r: &Record| r.game.plies().get(d).map(|p| p.ply);
            if at(host).is_some() && at(host) == at(guest) {
                self.witness.disputed = None;
            }
        }
        // Both seats say the same game: that is the game.
        if let [Some(host), Some(guest)] = &self.witness.said {
            if host.game == guest.game {
                let agreed = host.clone();
                let guest_record = guest.clone();
                self.adopt(&agreed, &guest_record, now);
                self.witness.said = [None, None];
                changed = true;
            }
        }
        if changed {
            events.push(Event::Changed);
        }
        events
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
            self.names = [host.first.clone(), host.second.clone()];
            self.witness.host_side = self.witness.host_side.map(Side::opponent);
            self.swap_claimed();
        }
        self.game.replace(host.game.clone());
        self.witness.disputed = None;
        self.clock_from(host, now);
        // Each side's own word is its own seat's record.
        if let (Some(h), Some(g)) = (self.side_of(SeatRole::Host), self.side_of(SeatRole::Guest)) {
            self.witness_record(host, &[h], now);
            self.witness_record(guest, &[g], now);
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
        // (Asked ten times a second: the cheap questions first, and the
        // game is copied only when a seat's word ends it on time.)
        let on_time = |r: &Record| r.game.outcome().is_some_and(|o| o.reason == Reason::Time);
        if !self.witness.said.iter().flatten().any(on_time)
            || self.seat_here(to_move, now)
            || self.own_left(to_move, now) != Some(Millis::ZERO)
        {
            return Vec::new();
        }
        let mut timed_out = Game::clone(&self.game);
        if timed_out.time_out().is_err() {
            return Vec::new();
        }
        let claimed = self
            .witness
            .said
            .iter()
            .flatten()
            .any(|r| r.game == timed_out);
        if !claimed || self.game.time_out().is_err() {
            return Vec::new();
        }
        self.run_clock(now);
        self.witness_turn(now);
        for said in &mut self.witness.said {
            if said.as_ref().is_some_and(|r| r.game == *self.game) {
                *said = None;
            }
        }
        vec![Event::Changed]
    }

    /// A newcomer that hears the guest's page but not the host's: it
    /// believes the game from the host only, and waits for it.
    pub fn waiting_for_host(&self, now: Millis) -> bool {
        self.role == Role::Newcomer
            && self.seat_here_as(SeatRole::Guest, now)
            && !self.seat_here_as(SeatRole::Host, now)
    }

    fn seat_here_as(&self, role: SeatRole, now: Millis) -> bool {
        self.peers.values().any(|p| {
            p.left.is_none()
                && p.proved.is_some_and(|(r, _)| r == role)
                && now.since(p.heard) < super::AWAY_MS
        })
    }

    /// What one seat says of the game's end that the other has not
    /// confirmed (this page does not show it as the result): the side that
    /// seat plays and the end it says.
    pub fn unconfirmed(&self) -> Option<(Side, Outcome)> {
        if !self.watching() || self.game.outcome().is_some() {
            return None;
        }
        [SeatRole::Host, SeatRole::Guest]
            .into_iter()
            .find_map(|role| {
                let said = self.witness.said[seat_slot(role)].as_ref()?;
                let outcome = said.game.outcome()?;
                Some((self.side_of(role)?, outcome))
            })
    }
}
