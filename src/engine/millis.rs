//! Time in whole milliseconds: [`Millis`], an instant on the page's clock
//! (milliseconds since 1970, as `Date.now()` gives them) or a span between
//! two. The one time type from the browser's clock inward: the game
//! clocks ([`super::clock`], [`super::timing`]), the online referee and its
//! allowances all count in it; only the browser service that reads the
//! clock sees a float. Arithmetic never wraps: a span that would be
//! negative is zero, a sum or product that would overflow stays at the
//! most.

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, Sub, SubAssign};

/// Whole milliseconds: an instant on the page's clock, or a span.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

impl Millis {
    /// No time at all (also the clock's first instant).
    pub const ZERO: Millis = Millis(0);

    /// `seconds` whole seconds.
    pub const fn from_secs(seconds: u64) -> Millis {
        Millis(seconds.saturating_mul(1_000))
    }

    /// The milliseconds, as the clocks take them.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// The milliseconds as a float, for arithmetic that counts in `f64`
    /// inside (the network's allowances refill by fractions of a token).
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

impl SubAssign for Millis {
    fn sub_assign(&mut self, other: Millis) {
        *self = *self - other;
    }
}

impl Mul<u64> for Millis {
    type Output = Millis;

    /// `n` times the span (at most the largest).
    fn mul(self, n: u64) -> Millis {
        Millis(self.0.saturating_mul(n))
    }
}

impl Div<u64> for Millis {
    type Output = Millis;

    /// The span cut in `n` (rounded down).
    ///
    /// # Panics
    /// When `n` is zero, as integer division does.
    fn div(self, n: u64) -> Millis {
        Millis(self.0 / n)
    }
}

impl fmt::Display for Millis {
    /// The milliseconds' digits, as a text that carries a time writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
