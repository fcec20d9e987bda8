//! Time in whole milliseconds: [`Millis`], an instant on the page's clock
//! (milliseconds since 1970, as `Date.now()` gives them) or a span between
//! two, counted as the game clocks count it ([`super::clock`], `u64`
//! milliseconds). Arithmetic never wraps: a span that would be negative
//! is zero, a sum that would overflow stays at the most.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// Whole milliseconds: an instant on the page's clock, or a span.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

impl Millis {
    /// No time at all (also the clock's first instant).
    pub const ZERO: Millis = Millis(0);

    /// The milliseconds, as the clocks take them.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// A reading of the page's clock (`Date.now()`, fractional
    /// milliseconds natively): its whole milliseconds, a negative or
    /// unreadable one as zero.
    pub fn from_page(ms: f64) -> Millis {
        // (`as` saturates, and reads NaN as 0.)
        Millis(ms.max(0.0) as u64)
    }

    /// The milliseconds as a float, for arithmetic that counts in `f64`
    /// (the network's allowances).
    pub fn as_f64(self) -> f64 {
        self.0 as f64
    }

    /// The time from `earlier` to `self` (zero when `earlier` is later).
    pub const fn since(self, earlier: Millis) -> Millis {
        Millis(self.0.saturating_sub(earlier.0))
    }
}

impl From<u64> for Millis {
    fn from(ms: u64) -> Millis {
        Millis(ms)
    }
}

impl Add for Millis {
    type Output = Millis;

    fn add(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Millis {
    fn add_assign(&mut self, other: Millis) {
        *self = *self + other;
    }
}

impl Sub for Millis {
    type Output = Millis;

    /// The span between two times, zero when `other` is later.
    fn sub(self, other: Millis) -> Millis {
        self.since(other)
    }
}

impl fmt::Display for Millis {
    /// The milliseconds' digits, as a text that carries a time writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
