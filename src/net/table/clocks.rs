//! A timed game's clocks at the table ([`Clocks`]): both run on every page,
//! as that page sees the game; a mover's claim of its time is taken as far
//! as this page's own count allows, with the lag allowance and the credit
//! of the opponent's silences ([`Silence`]); a turn this page did not see
//! begin (opened again, or welcomed mid-turn) is counted blind. Whose
//! clock and when a flag is claimed is the table's to decide.

use super::admission::PING_MS;
use crate::engine::clock::TimeControl;
use crate::engine::timing::GameClock;
use crate::engine::{Game, Millis, Record, Side, Timing};

/// A timed game: the time a ply may spend on the way, credited to its
/// mover. A mover's claim of its time is taken up to this much above what
/// the receiving page counted; the other page's flag is claimed only once
/// it has been down this long; a claim against this page's own flag is
/// taken when its own clock is within this much of zero.
pub const LAG_MS: Millis = Millis(500);

/// A page opened again while the other side was to move cannot know how
/// long that turn has run (the other may have moved meanwhile): it claims
/// that flag only once it has the other's record, or after this long.
pub const REOPEN_WAIT_MS: Millis = Millis(30_000);

/// The most a game's silences may credit to the opponent's clock: a tenth
/// of the base time, and never more than this (see [`Silence`]).
pub const SILENCE_CREDIT_MS: Millis = Millis(20_000);

/// The opponent's seat as a player's page hears it, for the clocks. A ply
/// sent while the connection between the pages was lost (a phone that
/// changed networks: a few seconds until the pages find each other again)
/// arrives that much late, and the page that receives it has counted that
/// time against its mover; the flag it would claim meanwhile may have been
/// saved by a ply on its way. So the time the seat was silent (in gaps
/// longer than two heartbeats) during the turn under way is credited to its
/// mover's claim and put before that flag, up to the game's credit: a tenth
/// of the base time, at most [`SILENCE_CREDIT_MS`]. What a silence lets a
/// claim take is spent; a seat that said goodbye gets nothing for the
/// silence after. (A client that goes silent on purpose gains at most that
/// credit.)
#[derive(Clone, Debug, Default)]
struct Silence {
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

/// A table's clocks.
#[derive(Clone, Debug, Default)]
pub(super) struct Clocks {
    /// Both clocks, as this page sees the game (none: an untimed game).
    clock: Option<GameClock>,
    /// The game's length when the clocks came from a record mid-turn, or
    /// when this page was opened again on the other's turn; and until when
    /// (a player's page) it waits for the other's record before claiming.
    blind_turn: Option<usize>,
    blind_until: Millis,
    /// The opponent's silences, credited to its clock.
    silence: Silence,
}

impl Clocks {
    /// The clocks, if the game is timed.
    pub(super) fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// A timed game under `control` for `game`: the clocks from the
    /// record's time tags and each side's time when it was saved (`left`).
    pub(super) fn resume(
        &mut self,
        control: TimeControl,
        timing: &Timing,
        game: &Game,
        left: Option<[Millis; 2]>,
    ) {
        self.clock = Some(GameClock::resume(control, timing, game, left));
    }

    /// The clocks taken from a record (a spectator's, a newcomer's) for
    /// `game`: its control and tags. How long the turn under way had
    /// already run, this page cannot know.
    pub(super) fn read_record(&mut self, record: &Record, game: &Game) {
        self.clock = record
            .timing
            .control
            .map(|control| GameClock::resume(control, &record.timing, game, None));
        self.blind_turn = Some(game.plies().len());
    }

    /// A new game, the sides swapped (a rematch): the clocks start again.
    pub(super) fn rematch(&mut self, game: &Game) {
        if let Some(clock) = &mut self.clock {
            *clock = GameClock::resume(clock.control(), &Timing::NONE, game, None);
        }
    }

    /// The record's time tags (none for an untimed game).
    pub(super) fn timing(&self) -> Timing {
        self.clock
            .as_ref()
            .map(GameClock::timing)
            .unwrap_or_default()
    }

    /// The last ply's time tag.
    pub(super) fn last(&self) -> Option<Millis> {
        self.clock.as_ref().and_then(GameClock::last)
    }

    /// Something came from the opponent's seat at `now`: the silence before
    /// it, within the turn under way, is counted. Silences are judged once
    /// the seat has a heartbeat (a page of ours pings; a client that never
    /// pings is never credited a silence).
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

    /// What the opponent's silences during the turn under way (the one
    /// going on at `now` too) credit its clock: see [`Silence`].
    pub(super) fn silence_credit(&self, now: Millis) -> Millis {
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

    /// The clocks brought up to `game` at `now` (a ply, an end, a
    /// takeback): a new turn's silence counts from now, and once the game
    /// is `begun` (both seats taken) the side to move's clock runs.
    pub(super) fn run(&mut self, game: &Game, begun: bool, now: Millis) {
        let plies = game.plies().len();
        let s = &mut self.silence;
        if plies != s.turn {
            if plies == 0 {
                s.spent = Millis::ZERO; // a new game
            }
            s.turn = plies;
            s.began = now;
            s.dark = Millis::ZERO;
        }
        if !begun {
            return;
        }
        if let Some(clock) = &mut self.clock {
            clock.follow(game, now);
        }
    }

    /// The clocks as they stand at `now` for `game` (for the page to
    /// show): this page's own actions since the last message already
    /// counted.
    pub(super) fn at(&self, game: &Game, begun: bool, now: Millis) -> Option<GameClock> {
        let mut clock = self.clock.clone()?;
        if begun {
            clock.follow(game, now);
        }
        Some(clock)
    }

    /// The side to move's time at `now`, as this page counts it (a
    /// welcome says it: a newcomer did not see that turn begin).
    pub(super) fn running_now(&self, game: &Game, begun: bool, now: Millis) -> Option<Millis> {
        if !begun || game.outcome().is_some() {
            return None;
        }
        let clock = self.at(game, begun, now)?;
        Some(clock.left(game.position().to_move(), now))
    }

    /// This page was opened again at `now` on the other's turn of a game of
    /// `plies` plies: it waits for the other's record (at most
    /// [`REOPEN_WAIT_MS`]) before claiming that flag.
    pub(super) fn reopened_blind(&mut self, plies: usize, now: Millis) {
        self.blind_turn = Some(plies);
        self.blind_until = now + REOPEN_WAIT_MS;
    }

    /// This page did not see the turn under way of `game` begin.
    pub(super) fn blind(&self, game: &Game) -> bool {
        self.blind_turn == Some(game.plies().len())
    }

    /// This page still waits at `now` for the other's record of a turn of
    /// `game` it did not see begin.
    pub(super) fn waiting_blind(&self, game: &Game, now: Millis) -> bool {
        self.blind(game) && now < self.blind_until
    }

    /// The other's record came: this page knows where the turn stands.
    pub(super) fn sees_turn(&mut self) {
        self.blind_turn = None;
    }

    /// The host's count of the turn under way (its welcome said it):
    /// `side`'s time at `now` is at most `running`.
    pub(super) fn hold_to(&mut self, side: Side, running: Millis, now: Millis) {
        if let Some(clock) = &mut self.clock {
            clock.hold_to(side, running, now);
            self.blind_turn = None;
        }
    }

    /// True when the player of `me` may take a claim of its own flag after
    /// `plies` plies of `game` although it has played on since: every ply
    /// after them is its own, and it had no more than the allowance left
    /// (with the increment) when it made the first of them — it was on its
    /// way as the flag fell at the other page.
    pub(super) fn late_plies(&self, game: &Game, me: Side, plies: usize) -> bool {
        let Some(clock) = &self.clock else {
            return false;
        };
        let after = &game.plies()[plies.min(game.plies().len())..];
        !after.is_empty()
            && after.iter().all(|p| p.side == me)
            && clock
                .timing()
                .left
                .get(plies)
                .is_some_and(|&tag| tag <= LAG_MS + clock.control().increment_ms())
    }

    /// The other page's new plies of `game` (a ply, a record that extends
    /// ours) timed with what their mover claims, as far as this page's
    /// count allows: true when a claim asked for more. A player's page
    /// (not `watching`) credits the mover the lag allowance and its seat's
    /// silences, spending what the silence let a claim take; a turn this
    /// page did not see begin (`blind`) is held only to what the mover had.
    pub(super) fn claimed(
        &mut self,
        game: &Game,
        claims: &[Option<Millis>],
        blind: bool,
        watching: bool,
        now: Millis,
    ) -> bool {
        let credit = if watching || blind {
            Millis::ZERO
        } else {
            self.silence_credit(now)
        };
        let Some(clock) = &mut self.clock else {
            return false;
        };
        let lag = (!blind).then_some(LAG_MS + credit);
        // What the claims would have kept without the silence's credit: the
        // difference is spent.
        let without = (credit > Millis::ZERO).then(|| {
            let mut plain = clock.clone();
            plain.follow_claimed(game, claims, Some(LAG_MS), now);
            plain.timing().left
        });
        let refused = clock.follow_claimed(game, claims, lag, now);
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
        refused
    }

    /// The side whose flag has fallen at `now`.
    pub(super) fn flagged(&self, now: Millis) -> Option<Side> {
        self.clock.as_ref()?.flagged(now)
    }

    /// The side whose flag fell at least `grace` before `now`.
    pub(super) fn flagged_for(&self, grace: Millis, now: Millis) -> Option<Side> {
        self.clock.as_ref()?.flagged_for(grace, now)
    }

    /// `side`'s time at `now` (none for an untimed game).
    pub(super) fn left(&self, side: Side, now: Millis) -> Option<Millis> {
        self.clock.as_ref().map(|clock| clock.left(side, now))
    }
}
