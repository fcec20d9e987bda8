//! How a game ends: a winner (or a draw) and always a reason.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::square::Side;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// A player has no soldiers left.
    NoSoldiers,
    /// Kharbga: the Defender had no step after the Attacker's first turn.
    FirstMoveBlock,
    /// The quiet-move limit was reached (barrier rule), decided by count.
    QuietLimit,
    /// The same position occurred a third time (barrier rule), decided by count.
    Repetition,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    AgreedDraw,
    /// Kharbaga: the player to move has no piece left.
    NoPieces,
    /// Kharbaga: the player to move has no legal move.
    NoMoves,
    /// A player's time ran out (a timed game): lost, or drawn when the
    /// opponent could never have won ([`super::Position::time_forfeit`]).
    Time,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 9] = [
        Reason::NoSoldiers,
        Reason::FirstMoveBlock,
        Reason::QuietLimit,
        Reason::Repetition,
        Reason::Resignation,
        Reason::AgreedDraw,
        Reason::NoPieces,
        Reason::NoMoves,
        Reason::Time,
    ];

    /// The token used by the CLI, records and the UI's test hooks.
    pub const fn token(self) -> &'static str {
        match self {
            Reason::NoSoldiers => "no-soldiers",
            Reason::FirstMoveBlock => "first-move-block",
            Reason::QuietLimit => "quiet-limit",
            Reason::Repetition => "repetition",
            Reason::Resignation => "resignation",
            Reason::AgreedDraw => "agreed-draw",
            Reason::NoPieces => "no-pieces",
            Reason::NoMoves => "no-moves",
            Reason::Time => "time",
        }
    }

    /// The reason with this token.
    pub fn from_token(token: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.token() == token)
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// The barrier-rule verdict: more soldiers on the board wins, equal is a draw.
    pub fn by_count(first: u32, second: u32, reason: Reason) -> Outcome {
        let winner = match first.cmp(&second) {
            std::cmp::Ordering::Greater => Some(Side::First),
            std::cmp::Ordering::Less => Some(Side::Second),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// `first`, `second` or `draw`.
    pub fn winner_token(&self) -> &'static str {
        self.winner.map_or("draw", Side::token)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.winner_token(), self.reason.token())
    }
}
