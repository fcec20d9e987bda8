//! A timed game's clocks kept in step with the game: after any ply (a
//! person's, the computer's) the game screen calls [`GameClock::follow`]
//! and the clock stops the mover's time, adds the increment at the end of
//! its turn, tags the ply and starts the next side's clock. Online, a ply
//! of the other page's player comes with the time its mover claims, which
//! [`GameClock::follow_claimed`] takes only as far as this page's own view
//! allows. Nothing here reads the time: the caller gives it.

use crate::engine::clock::{tenths, Clock, TimeControl};
use crate::engine::{last_tag, Game, Millis, Side, Timing};

/// Below this a person's clock is shown low (and sounds once).
pub const LOW_MS: Millis = Millis(10_000);

/// A timed game's clocks and its plies' time tags.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    clock: Clock,
    /// The mover's time left after each ply.
    tags: Vec<Millis>,
    /// Each side's low-time warning given.
    warned: [bool; 2],
}

impl GameClock {
    /// Clocks for a game under `control`, resumed from what was saved: the
    /// plies' tags and each side's time then (without them, each side's
    /// last tag, or the control's time). Neither clock runs yet.
    pub fn resume(
        control: TimeControl,
        timing: &Timing,
        game: &Game,
        left: Option<[Millis; 2]>,
    ) -> GameClock {
        // Plies with no tag (a record from elsewhere, tagged only in part)
        // get their mover's time as it was: no increment is made up.
        let plies = game.plies().len();
        let mut tags = timing.left.clone();
        tags.truncate(plies);
        for index in tags.len()..plies {
            let side = game.plies()[index].side;
            tags.push(last_tag(game, &tags, index, side).unwrap_or(control.base_ms()));
        }
        let last = |side: Side| last_tag(game, &tags, plies, side).unwrap_or(control.base_ms());
        let [first, second] = left.unwrap_or_else(|| [last(Side::First), last(Side::Second)]);
        GameClock {
            clock: Clock::with_left(control, first, second),
            tags,
            warned: [first < LOW_MS, second < LOW_MS],
        }
    }

    /// The control.
    pub fn control(&self) -> TimeControl {
        self.clock.control()
    }

    /// Brings the clocks up to `game` at `now`: each ply played since is
    /// timed and tagged; the side to move's clock runs, none once the game
    /// is over. A game with plies taken back keeps the tags of the plies
    /// left.
    pub fn follow(&mut self, game: &Game, now: Millis) {
        self.follow_claimed(game, &[], Some(Millis::ZERO), now);
    }

    /// As [`GameClock::follow`], for plies of the other page's player
    /// (online): `claims[i]` is the time the mover says it had left after
    /// the `i`-th new ply. A claim is taken up to what this page saw: never
    /// more than the mover had before the ply (with the increment at the
    /// end of its turn), nor more than this page's own count of its time
    /// plus `lag_ms` (the time a ply may have spent on the way, credited to
    /// the mover). `lag_ms` is `None` for a turn this page did not see
    /// begin (opened again meanwhile): the claim is then held only to what
    /// the mover had, and the next side's clock starts when the mover says
    /// it moved. A ply without a claim gets this page's count. Returns
    /// true when a claim asked for more and this page's figure was kept.
    pub fn follow_claimed(
        &mut self,
        game: &Game,
        claims: &[Option<Millis>],
        lag_ms: Option<Millis>,
        now: Millis,
    ) -> bool {
        let plies = game.plies();
        self.tags.truncate(plies.len());
        let over = game.outcome().is_some();
        let first_new = self.tags.len();
        let mut refused = false;
        for index in first_new..plies.len() {
            let played = &plies[index];
            let next = if index + 1 == plies.len() {
                (!over).then(|| game.position().to_move())
            } else {
                game.position_at(index + 1).map(|p| p.to_move())
            };
            if self.clock.running().is_none() {
                // Tagged while stopped (a reload between): the mover's clock
                // starts as the ply is played.
                self.clock.start(played.side, now);
            }
            let before = self.clock.stored(played.side);
            let elapsed = self.clock.elapsed(played.side, now);
            let turn_ended = played.effects.turn_ended;
            let own = self.clock.played(played.side, turn_ended, next, now);
            let tag = match claims.get(index - first_new).copied().flatten() {
                None => own,
                Some(claim) => {
                    // What the mover may have had left, the allowance
                    // credited (its increment too, when that is more than
                    // nothing: a ply just in time on its way still earns it).
                    let credited = match lag_ms {
                        Some(lag) => before + lag - elapsed,
                        None => before,
                    };
                    let increment = if turn_ended {
                        self.control().increment_ms()
                    } else {
                        Millis::ZERO
                    };
                    let gained = if credited > Millis::ZERO {
                        increment
                    } else {
                        Millis::ZERO
                    };
                    let most = (credited + gained).min(before + increment);
                    if claim > most {
                        refused = true;
                    }
                    let tag = tenths(claim.min(most));
                    self.clock.set_left(played.side, tag);
                    if let (None, Some(next)) = (lag_ms, next) {
                        // Moved when its clock showed this (its increment
                        // aside): the next clock has run since.
                        let used = before - (tag - gained);
                        let moved = (now - elapsed + used).min(now);
                        self.clock.start(next, moved);
                    }
                    tag
                }
            };
            self.tags.push(tag);
        }
        let to_move = game.position().to_move();
        if over {
            self.clock.stop(now);
        } else if self.clock.running() != Some(to_move) {
            // (Also after a takeback: the turn, and the clock, go back.)
            self.clock.start(to_move, now);
        }
        refused
    }

    /// `side`'s time left at `now` is at most `most` (another page's count
    /// of a turn this page did not see begin).
    pub fn hold_to(&mut self, side: Side, most: Millis, now: Millis) {
        if self.clock.left(side, now) <= most {
            return;
        }
        let running = self.clock.running() == Some(side);
        self.clock.stop(now);
        self.clock.set_left(side, most);
        if running {
            self.clock.start(side, now);
        }
    }

    /// The last ply's time tag, if the game has one.
    pub fn last(&self) -> Option<Millis> {
        self.tags.last().copied()
    }

    /// Stops both clocks (the game ended otherwise, the screen closes).
    pub fn stop(&mut self, now: Millis) {
        self.clock.stop(now);
    }

    /// The side whose flag has fallen at `now`.
    pub fn flagged(&self, now: Millis) -> Option<Side> {
        self.clock.flagged(now)
    }

    /// The side whose flag fell at least `grace_ms` before `now` (online,
    /// the other page's flag: its ply may still be on the way).
    pub fn flagged_for(&self, grace_ms: Millis, now: Millis) -> Option<Side> {
        self.clock.flagged(now - grace_ms)
    }

    /// `side`'s time left at `now`.
    pub fn left(&self, side: Side, now: Millis) -> Millis {
        self.clock.left(side, now)
    }

    /// Each side's time left at `now` (what a save keeps).
    pub fn both(&self, now: Millis) -> [Millis; 2] {
        [self.left(Side::First, now), self.left(Side::Second, now)]
    }

    /// `side`'s time left when the first `plies` plies of `game` had been
    /// played (its last tag before, or the control's time).
    pub fn left_after(&self, game: &Game, plies: usize, side: Side) -> Millis {
        last_tag(game, &self.tags, plies, side).unwrap_or(self.control().base_ms())
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.clock.running()
    }

    /// How many plies are tagged.
    pub fn tagged(&self) -> usize {
        self.tags.len()
    }

    /// The record's timing: the control and the tags.
    pub fn timing(&self) -> Timing {
        Timing {
            control: Some(self.clock.control()),
            left: self.tags.clone(),
        }
    }

    /// Keeps the low-time warnings already given by `previous` (a fresh
    /// copy of the clocks must not sound again).
    pub fn keep_warnings(&mut self, previous: &GameClock) {
        self.warned[0] |= previous.warned[0];
        self.warned[1] |= previous.warned[1];
    }

    /// True once when the running side's time first drops below
    /// [`LOW_MS`]: the moment for the low-time sound.
    pub fn low_now(&mut self, now: Millis) -> bool {
        let Some(side) = self.clock.running() else {
            return false;
        };
        let slot = usize::from(side == Side::Second);
        if self.warned[slot] || self.clock.left(side, now) >= LOW_MS {
            return false;
        }
        self.warned[slot] = true;
        true
    }

    /// How long the computer may think for its ply at `now`: a thirtieth
    /// of its time plus half the increment, within `most`, and never less
    /// than a twentieth of a second.
    pub fn thinking_ms(&self, side: Side, now: Millis, most: Millis) -> Millis {
        let budget = self.left(side, now) / 30 + self.control().increment_ms() / 2;
        let least = Millis(50);
        budget.clamp(least, most.max(least))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Rules};

    #[test]
    fn the_clock_follows_the_game_and_resumes_from_a_save() {
        let control = TimeControl::minutes(1, 1);
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        let mut clock = GameClock::resume(control, &Timing::default(), &game, None);
        assert_eq!(clock.running(), None);
        clock.follow(&game, Millis(1_000));
        assert_eq!(clock.running(), Some(Side::First));
        game.play_text("a1").unwrap();
        clock.follow(&game, Millis(3_000));
        assert_eq!(clock.running(), Some(Side::First), "the turn goes on");
        game.play_text("a2").unwrap();
        clock.follow(&game, Millis(6_000));
        assert_eq!(clock.running(), Some(Side::Second));
        assert_eq!(clock.left(Side::First, Millis(99_000)), Millis(56_000));
        assert_eq!(clock.timing().left, vec![Millis(58_000), Millis(56_000)]);
        // Saved at 8 s, reopened later: the times it had, nothing running.
        let saved = clock.both(Millis(8_000));
        assert_eq!(saved, [Millis(56_000), Millis(58_000)]);
        let mut back = GameClock::resume(control, &clock.timing(), &game, Some(saved));
        assert_eq!(back.left(Side::Second, Millis(1_000_000)), Millis(58_000));
        back.follow(&game, Millis(100_000));
        assert_eq!(back.left(Side::Second, Millis(101_000)), Millis(57_000));
        // Without the clock line, each side's last tag.
        let tags = GameClock::resume(control, &clock.timing(), &game, None);
        assert_eq!(tags.both(Millis(0)), [Millis(56_000), Millis(60_000)]);
        // A record with no tags at all: no increment made up for its plies.
        let mut untagged = GameClock::resume(control, &Timing::default(), &game, None);
        assert_eq!(untagged.timing().left, vec![Millis(60_000), Millis(60_000)]);
        untagged.follow(&game, Millis(0));
        assert_eq!(
            untagged.both(Millis(5_000)),
            [Millis(60_000), Millis(55_000)]
        );
        // The game over: the clocks stop.
        game.resign(Side::Second).unwrap();
        back.follow(&game, Millis(102_000));
        assert_eq!(back.running(), None);
    }

    #[test]
    fn low_time_is_told_once_and_the_computer_keeps_within_its_time() {
        let control = TimeControl::new(12, 0).unwrap();
        let game = Game::new(Rules::seega(BoardSize::Five));
        let mut clock = GameClock::resume(control, &Timing::default(), &game, None);
        clock.follow(&game, Millis(0));
        assert!(!clock.low_now(Millis(1_000)));
        assert!(clock.low_now(Millis(2_500)));
        assert!(!clock.low_now(Millis(3_000)));
        assert_eq!(clock.flagged(Millis(11_999)), None);
        assert_eq!(clock.flagged(Millis(12_000)), Some(Side::First));
        assert_eq!(
            clock.thinking_ms(Side::First, Millis(0), Millis(500)),
            Millis(400)
        );
        assert_eq!(
            clock.thinking_ms(Side::First, Millis(11_000), Millis(500)),
            Millis(50)
        );
        let long = GameClock::resume(
            TimeControl::minutes(15, 10),
            &Timing::default(),
            &game,
            None,
        );
        assert_eq!(
            long.thinking_ms(Side::Second, Millis(0), Millis(500)),
            Millis(500)
        );
    }
}
