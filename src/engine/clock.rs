//! Game clocks: time controls and the two clocks of a timed game, as pure
//! arithmetic on millisecond timestamps the caller gives (the page's
//! `Date.now()`, a test's numbers). What a flag fall means is the
//! engine's to say ([`super::Position::time_forfeit`]).
//!
//! A clock runs for the side to move. A **turn** is what a side does before
//! the other side moves: both placements of a setting turn, every capture
//! of a chain. The increment is added when the mover's turn ends, and the
//! other side's clock starts; a side passed over (it has no step) does not
//! start its clock at all.

use std::fmt;
use std::str::FromStr;

use super::millis::Millis;
use super::square::Side;

/// A time control: minutes for the game plus seconds added after each
/// turn (`0` is sudden death).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start, in seconds.
    pub base_s: u32,
    /// Seconds added to the mover's clock when its turn ends.
    pub increment_s: u32,
}

/// The most time a side may be given, in seconds (three hours).
pub const MAX_BASE_S: u32 = 3 * 60 * 60;
/// The least time a player may choose, in seconds (half a minute); a
/// record from elsewhere may say less.
pub const MIN_CUSTOM_S: u32 = 30;
/// The largest increment, in seconds.
pub const MAX_INCREMENT_S: u32 = 180;

/// Why a written time control is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not `minutes+seconds` (or `base+increment` in seconds when read back).
    Shape,
    /// No time at all, or more than three hours.
    Base,
    /// An increment over three minutes.
    Increment,
}

impl TimeControl {
    /// The presets offered first: minutes + seconds.
    pub const PRESETS: [TimeControl; 5] = [
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(30, 0),
    ];

    /// `minutes` for the game plus `increment_s` seconds a turn.
    pub const fn minutes(minutes: u32, increment_s: u32) -> TimeControl {
        TimeControl {
            base_s: minutes * 60,
            increment_s,
        }
    }

    /// A control from what a player typed: minutes as text (whole or with
    /// a decimal fraction: `0.5` is thirty seconds; a comma will do for the
    /// point) and an increment in seconds. Read by hand: the first page
    /// carries no float parser.
    ///
    /// # Errors
    /// Not a number, less than half a minute, more than three hours, or an
    /// increment over three minutes.
    pub fn custom(minutes: &str, increment_s: u32) -> Result<TimeControl, TimeControlError> {
        let seconds = minutes_to_seconds(minutes.trim()).ok_or(TimeControlError::Shape)?;
        if !(MIN_CUSTOM_S..=MAX_BASE_S).contains(&seconds) {
            return Err(TimeControlError::Base);
        }
        TimeControl::new(seconds, increment_s)
    }

    /// The control's minutes as a player would type them: `5`, `0.5`, `1.25`.
    pub fn minutes_text(self) -> String {
        let (whole, rest) = (self.base_s / 60, self.base_s % 60);
        if rest == 0 {
            return whole.to_string();
        }
        // Hundredths of a minute, the trailing zeros dropped.
        let hundredths = (rest * 100 + 30) / 60;
        let mut text = format!("{whole}.{hundredths:02}");
        while text.ends_with('0') {
            text.pop();
        }
        text
    }

    /// A control of `base_s` seconds plus `increment_s`, checked.
    ///
    /// # Errors
    /// As [`TimeControl::custom`].
    pub fn new(base_s: u32, increment_s: u32) -> Result<TimeControl, TimeControlError> {
        if base_s == 0 || base_s > MAX_BASE_S {
            return Err(TimeControlError::Base);
        }
        if increment_s > MAX_INCREMENT_S {
            return Err(TimeControlError::Increment);
        }
        Ok(TimeControl {
            base_s,
            increment_s,
        })
    }

    /// Each side's time at the start.
    pub fn base_ms(self) -> Millis {
        Millis::from_secs(u64::from(self.base_s))
    }

    /// The increment.
    pub fn increment_ms(self) -> Millis {
        Millis::from_secs(u64::from(self.increment_s))
    }

    /// Whether the game is played with no increment.
    pub fn is_sudden_death(self) -> bool {
        self.increment_s == 0
    }
}

/// Stored and sent as `base+increment`, both in seconds: `180+2`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.base_s, self.increment_s)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, increment) = text.split_once('+').ok_or(TimeControlError::Shape)?;
        let number = |t: &str| -> Result<u32, TimeControlError> {
            if t.is_empty() || t.len() > 6 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(TimeControlError::Shape);
            }
            t.parse().map_err(|_| TimeControlError::Shape)
        };
        TimeControl::new(number(base)?, number(increment)?)
    }
}

/// Both sides' clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped (or at the start),
    /// first then second.
    left: [Millis; 2],
    /// The side whose clock runs, and since when (an instant).
    running: Option<(Side, Millis)>,
}

const fn slot(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

impl Clock {
    /// Both clocks at the control's time, neither running.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base_ms(); 2],
            running: None,
        }
    }

    /// Clocks with these times left (a saved game's), neither running.
    pub fn with_left(control: TimeControl, first_ms: Millis, second_ms: Millis) -> Clock {
        Clock {
            control,
            left: [first_ms, second_ms],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// The time `side` has left at `now`.
    pub fn left(&self, side: Side, now: Millis) -> Millis {
        let stored = self.left[slot(side)];
        match self.running {
            Some((running, since)) if running == side => stored - now.since(since),
            _ => stored,
        }
    }

    /// The time `side` had when its clock last started (or stopped).
    pub fn stored(&self, side: Side) -> Millis {
        self.left[slot(side)]
    }

    /// How long `side`'s clock has run since it last started at `now` (0
    /// when it does not run).
    pub fn elapsed(&self, side: Side, now: Millis) -> Millis {
        match self.running {
            Some((running, since)) if running == side => now.since(since),
            _ => Millis::ZERO,
        }
    }

    /// Sets `side`'s stored time (a time taken from elsewhere: the other
    /// page's claim online); a running clock of that side runs on from it.
    pub fn set_left(&mut self, side: Side, ms: Millis) {
        self.left[slot(side)] = ms;
    }

    /// Starts `side`'s clock at `now` (the other one stops, keeping what it
    /// had used).
    pub fn start(&mut self, side: Side, now: Millis) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`, keeping what it used.
    pub fn stop(&mut self, now: Millis) {
        if let Some((side, _)) = self.running {
            self.left[slot(side)] = self.left(side, now);
            self.running = None;
        }
    }

    /// A ply was played at `now` by `mover`; `turn_ended` when that was
    /// the end of its turn, and `next` the side to move after it (`None`
    /// when the game is over). Returns the mover's time left after the ply,
    /// increment included, in whole tenths of a second: the ply's time tag
    /// (the record keeps tenths).
    pub fn played(
        &mut self,
        mover: Side,
        turn_ended: bool,
        next: Option<Side>,
        now: Millis,
    ) -> Millis {
        self.stop(now);
        if turn_ended && self.left[slot(mover)] > Millis::ZERO {
            self.left[slot(mover)] += self.control.increment_ms();
        }
        let tag = tenths(self.left[slot(mover)]);
        if let Some(next) = next {
            self.running = Some((next, now));
        }
        tag
    }

    /// The side whose time has run out at `now`, if one has.
    pub fn flagged(&self, now: Millis) -> Option<Side> {
        let (side, _) = self.running?;
        (self.left(side, now) == Millis::ZERO).then_some(side)
    }

    /// When the running clock falls at the latest, if one runs (an instant).
    pub fn falls_at(&self) -> Option<Millis> {
        let (side, since) = self.running?;
        Some(since + self.left[slot(side)])
    }
}

/// `ms` in whole tenths of a second, rounded down (what a time tag keeps).
pub fn tenths(ms: Millis) -> Millis {
    ms / 100 * 100
}

/// A time left as a clock shows it: `h:mm:ss` from an hour, `m:ss` from
/// ten seconds, and `s.t` (tenths) below. The digits are ASCII; the page
/// shows them in the player's numbering.
pub fn clock_text(ms: Millis) -> String {
    let ms = ms.get();
    if ms < 10_000 {
        // Tenths, rounded down: a clock never shows more than it has.
        let tenths = ms / 100;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let seconds = ms / 1_000;
    let (h, m, s) = (seconds / 3_600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Minutes written in decimal (`12`, `0.5`, `1,25`) as whole seconds; at
/// most six digits before the point and three after.
fn minutes_to_seconds(text: &str) -> Option<u32> {
    let (whole, fraction) = match text.split_once(['.', ',']) {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty())
        || whole.len() > 6
        || fraction.len() > 3
        || !digits(whole)
        || !digits(fraction)
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let scale = 10u64.pow(fraction.len() as u32);
    let fraction: u64 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    // Rounded to the nearest second.
    let seconds = whole * 60 + (fraction * 60 + scale / 2) / scale;
    u32::try_from(seconds).ok()
}

/// A ply's time tag as the record writes it: `h:mm:ss.t`.
pub fn tag_text(ms: Millis) -> String {
    let tenths = ms.get() / 100;
    let seconds = tenths / 10;
    format!(
        "{}:{:02}:{:02}.{}",
        seconds / 3_600,
        seconds / 60 % 60,
        seconds % 60,
        tenths % 10
    )
}

/// A time tag read back: `h:mm:ss` with an optional fraction (tenths kept).
pub fn parse_tag(text: &str) -> Option<Millis> {
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let mut parts = whole.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let digits = |t: &str, most: usize| {
        (!t.is_empty() && t.len() <= most && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u64>().ok())
            .flatten()
    };
    let (h, m, s) = (digits(h, 2)?, digits(m, 2)?, digits(s, 2)?);
    if m >= 60 || s >= 60 {
        return None;
    }
    let tenths = match fraction {
        Some(f) => digits(f, 3)? / 10u64.pow(f.len() as u32 - 1),
        None => 0,
    };
    Some(Millis(((h * 3_600 + m * 60 + s) * 10 + tenths) * 100))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_print_and_parse() {
        let c = TimeControl::minutes(3, 2);
        assert_eq!(c.to_string(), "180+2");
        assert_eq!("180+2".parse(), Ok(c));
        assert_eq!("0+2".parse::<TimeControl>(), Err(TimeControlError::Base));
        assert_eq!(
            "60+181".parse::<TimeControl>(),
            Err(TimeControlError::Increment)
        );
        assert_eq!("60".parse::<TimeControl>(), Err(TimeControlError::Shape));
        assert_eq!("-1+2".parse::<TimeControl>(), Err(TimeControlError::Shape));
        assert_eq!("1e3+2".parse::<TimeControl>(), Err(TimeControlError::Shape));
        assert_eq!(TimeControl::custom("0.5", 0).unwrap().base_s, 30);
        assert_eq!(TimeControl::custom(" 1,25 ", 0).unwrap().base_s, 75);
        assert_eq!(TimeControl::custom(".5", 0).unwrap().base_s, 30);
        assert_eq!(TimeControl::custom("0", 5), Err(TimeControlError::Base));
        assert_eq!(TimeControl::custom("0.4", 5), Err(TimeControlError::Base));
        assert_eq!(
            TimeControl::custom("180", 180).map(|c| c.base_s),
            Ok(10_800)
        );
        assert_eq!(TimeControl::custom("181", 5), Err(TimeControlError::Base));
        for bad in [
            "", ".", "x", "1e3", "-1", "1.2.3", "NaN", "1.2345", "9999999",
        ] {
            assert_eq!(
                TimeControl::custom(bad, 5),
                Err(TimeControlError::Shape),
                "{bad}"
            );
        }
        for (base_s, text) in [
            (300, "5"),
            (30, "0.5"),
            (75, "1.25"),
            (90, "1.5"),
            (100, "1.67"),
        ] {
            let control = TimeControl::new(base_s, 0).unwrap();
            assert_eq!(control.minutes_text(), text);
        }
        // What the form shows is read back as the same control (to the
        // second, for minutes a hundredth can say).
        for base_s in [30, 45, 60, 75, 90, 150, 10_800] {
            let control = TimeControl::new(base_s, 2).unwrap();
            assert_eq!(TimeControl::custom(&control.minutes_text(), 2), Ok(control));
        }
    }

    #[test]
    fn texts() {
        assert_eq!(clock_text(Millis(180_000)), "3:00");
        assert_eq!(clock_text(Millis(61_999)), "1:01");
        assert_eq!(clock_text(Millis(10_000)), "0:10");
        assert_eq!(clock_text(Millis(9_999)), "9.9");
        assert_eq!(clock_text(Millis(50)), "0.0");
        assert_eq!(clock_text(Millis(3_600_000 + 5_000)), "1:00:05");
        assert_eq!(tag_text(Millis(179_560)), "0:02:59.5");
        assert_eq!(parse_tag("0:02:59.5"), Some(Millis(179_500)));
        assert_eq!(parse_tag("1:00:00"), Some(Millis(3_600_000)));
        assert_eq!(parse_tag("0:00:09.25"), Some(Millis(9_200)));
        for bad in [
            "",
            "2:59",
            "0:60:00",
            "0:1:2:3",
            "a:00:00",
            "0:00:00.",
            "0:00:00.1234",
        ] {
            assert_eq!(parse_tag(bad), None, "{bad}");
        }
    }
}
