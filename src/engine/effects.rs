//! What a ply does besides moving a soldier, and the exchange's state: the
//! facts the record, the board and the move list show.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bitboard::Bitboard;
use super::ply::Ply;
use super::square::{Side, Square};

/// Where a Kharbga exchange of one Defender soldier for two Attacker
/// soldiers stands (`RULES.md` §2, the five steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Exchange {
    /// No exchange under way.
    #[default]
    None,
    /// Step 1 done: the Defender's `soldier` asks; the Attacker answers.
    Requested {
        /// The requesting Defender soldier.
        soldier: Square,
    },
    /// Step 2 done: the Attacker offered `offer`; the Defender confirms.
    Offered {
        /// The requesting Defender soldier.
        soldier: Square,
        /// The Attacker's first offered soldier.
        offer: Square,
    },
    /// Step 3 done: the Defender confirmed; the Attacker offers a second soldier.
    Confirmed {
        /// The requesting Defender soldier.
        soldier: Square,
        /// The Attacker's first offered soldier.
        offer: Square,
    },
    /// Step 4 done: two soldiers offered; the Defender completes.
    OfferedTwice {
        /// The requesting Defender soldier.
        soldier: Square,
        /// The Attacker's offered soldiers.
        offers: [Square; 2],
    },
}

impl Exchange {
    /// The side whose answer the exchange waits for, if one is under way.
    pub const fn waiting_for(self) -> Option<Side> {
        match self {
            Exchange::None => None,
            Exchange::Requested { .. } | Exchange::Confirmed { .. } => Some(Side::First),
            Exchange::Offered { .. } | Exchange::OfferedTwice { .. } => Some(Side::Second),
        }
    }

    /// How many of the five steps are done (0 when none is under way).
    pub const fn step(self) -> u8 {
        match self {
            Exchange::None => 0,
            Exchange::Requested { .. } => 1,
            Exchange::Offered { .. } => 2,
            Exchange::Confirmed { .. } => 3,
            Exchange::OfferedTwice { .. } => 4,
        }
    }
}

/// What an exchange step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExchangeEvent {
    /// The Defender asked, with the soldier now on this square (step 1).
    Requested(Square),
    /// The Attacker offered the soldier now on this square (steps 2 and 4).
    Offered(Square),
    /// The Defender confirmed with the soldier now on this square (step 3).
    Confirmed(Square),
    /// The exchange is done: these three soldiers were removed (step 5).
    Completed([Square; 3]),
    /// The pending exchange was cancelled.
    Cancelled,
}

/// Everything a ply did besides moving a soldier: what the record and the UI show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// Soldiers captured by the step.
    pub captured: Bitboard,
    /// Soldiers removed otherwise (exchange or removal ply).
    pub removed: Bitboard,
    /// An exchange step, completion or cancellation.
    pub exchange: Option<ExchangeEvent>,
    /// A side that had no step and passed automatically after this ply.
    pub passed: Option<Side>,
    /// True when that pass cancelled a pending exchange.
    pub exchange_cancelled_by_pass: bool,
    /// True when the ply ended its player's turn.
    pub turn_ended: bool,
    /// Kharbaga: the point where a soldier became a Mullah.
    pub promoted: Option<Square>,
}

impl Effects {
    /// The soldiers each side lost to a ply that `mover` played, as
    /// `[first player's, second player's]`: captures and removals are the
    /// opponent's, but a completed exchange takes the Defender's requesting
    /// soldier and two of the Attacker's.
    pub fn lost(&self, mover: Side) -> [Bitboard; 2] {
        if let Some(ExchangeEvent::Completed([soldier, a, b])) = self.exchange {
            let defender = Bitboard::from_square(soldier);
            let attacker = Bitboard::from_square(a) | Bitboard::from_square(b);
            return [attacker, defender];
        }
        let gone = self.captured | self.removed;
        match mover {
            Side::First => [Bitboard::EMPTY, gone],
            Side::Second => [gone, Bitboard::EMPTY],
        }
    }
}

/// A ply that the position does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPly {
    /// The ply.
    pub ply: Ply,
}

impl fmt::Display for IllegalPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not legal in this position", self.ply)
    }
}

impl std::error::Error for IllegalPly {}
