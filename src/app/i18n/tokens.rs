//! The tokens messages select on: a side's name in a game, an end's reason.

use crate::engine::{Outcome, Reason, Side, Variant};

/// The word key of a side: `attacker`/`defender` in Kharbga, `first`/`second`
/// in Seega (the `side-name` message's selector).
pub fn side_key(variant: Variant, side: Side) -> &'static str {
    match (variant.is_kharbga(), side) {
        (true, Side::First) => "attacker",
        (true, Side::Second) => "defender",
        (false, Side::First) => "first",
        (false, Side::Second) => "second",
    }
}
/// The `result-reason` token of an ending: Kharbaga draws where the other
/// games count soldiers.
pub fn reason_token(outcome: Outcome, variant: Variant) -> &'static str {
    match (outcome.reason, variant.is_alquerque()) {
        (Reason::QuietLimit, true) => "draw-quiet-limit",
        (Reason::Repetition, true) => "draw-repetition",
        (Reason::Time, _) if outcome.winner.is_none() => "draw-time",
        (reason, _) => reason.token(),
    }
}
