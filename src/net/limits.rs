//! How much a page takes from others: token buckets (each peer's, the
//! proved opponent's own, and the room's, shared by connections that have
//! not said hello yet, so that a new connection brings no new allowance),
//! the cap on visitors, and how
//! long a peer that left is remembered. The numbers are chosen so that an
//! honest game (a ply, a heartbeat every two seconds, a resync after a
//! reconnection) never comes near them: `tests/native/net.rs` floods each.

/// Messages a peer may send at once before being slowed down.
pub(crate) const BURST: f64 = 40.0;
/// Messages a second a peer may keep sending.
pub(crate) const RATE: f64 = 20.0;
/// The proved opponent's allowance: a resync after a reconnection sends
/// more at once than a visitor ever needs, and the opponent's messages
/// never share a bucket with anyone else's.
pub(crate) const OPPONENT_BURST: f64 = 200.0;
pub(crate) const OPPONENT_RATE: f64 = 60.0;
/// What every connection that has not said hello yet shares, together:
/// new connections (a new peer id each time) do not bring a new allowance.
pub(crate) const ROOM_BURST: f64 = 120.0;
pub(crate) const ROOM_RATE: f64 = 40.0;
use crate::engine::Millis;

/// Peers other than the opponent a page talks to (those that said hello);
/// past that a newcomer is told the room is full and not answered, unless
/// the seat is free (it may be the invited friend) or it proves a seat.
/// Room for a crowd of fifteen and the spectators who come after it (each
/// visitor is a connection every page holds: the bound is what a page can
/// hold).
pub const MAX_VISITORS: usize = 24;
/// A connection that has not introduced itself this long after it opened
/// (an honest page says hello at once), or whose hello was refused, is
/// closed at the next heartbeat.
pub const INTRO_MS: Millis = Millis(10_000);
/// A peer that left is remembered this long (its allowance with it: saying
/// `bye` and `hello` again does not refill it).
pub(crate) const FORGET_MS: Millis = Millis(60_000);
/// Chat lines a peer may send in [`CHAT_WINDOW_MS`].
pub(crate) const CHAT_LINES: usize = 5;
pub(crate) const CHAT_WINDOW_MS: Millis = Millis(10_000);
/// A token bucket: `burst` messages at once, `rate` a second after that.
/// (The tokens refill by fractions: they are counted in `f64` inside.)
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    at: Millis,
}

impl Bucket {
    pub(crate) fn full(burst: f64, now: Millis) -> Bucket {
        Bucket {
            tokens: burst,
            at: now,
        }
    }

    /// The tokens left (as of the last message taken).
    pub(crate) fn tokens(&self) -> f64 {
        self.tokens
    }

    /// Takes one token if there is one.
    pub(crate) fn take(&mut self, burst: f64, rate: f64, now: Millis) -> bool {
        self.tokens = (self.tokens + now.since(self.at).as_f64() / 1000.0 * rate).min(burst);
        self.at = self.at.max(now);
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}
