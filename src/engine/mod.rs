//! The rules engine: board geometry, positions, legal plies, notation.
//!
//! This module knows nothing of the web, of Leptos or of storage; the UI, the
//! AI, saved games and network play all ask it what the rules allow. The
//! ruling it follows is `shared/RULES.md`; the choices it makes where that is
//! silent are listed in `docs/rules.md`.
#![forbid(unsafe_code)]

mod alquerque;
mod bitboard;
pub mod clock;
mod effects;
mod error;
mod fen;
mod game;
mod geometry;
mod kharbaga;
mod millis;
mod outcome;
pub mod perft;
mod ply;
mod plylist;
mod position;
mod record;
mod rules;
mod square;
pub mod timing;
mod untouchable;
mod word;
mod zobrist;

pub use bitboard::Bitboard;
pub use clock::{Clock, TimeControl, TimeControlError};
pub use error::{PositionErrorKind, PositionField};
#[cfg(test)]
pub(crate) use game::clones as game_clones;
pub use game::{Game, GameError, PlayedPly};
pub use geometry::Geometry;
pub use millis::Millis;
pub use outcome::{Outcome, Reason};
pub use ply::{Leaps, ParsePlyError, Ply, MAX_LEAPS};
pub use plylist::IntoIter as PlyListIntoIter;
pub use position::{
    Effects, Exchange, ExchangeEvent, IllegalPly, Phase, PlyList, Position, PositionError,
    RepetitionKey, Setup, MAX_PLIES,
};
pub use record::{last_tag, Movetext, Record, RecordError, RecordErrorKind, Timing};
pub use rules::{
    BlockedRule, ChainRule, Family, Rules, RulesError, Variant, DEFAULT_QUIET_LIMIT,
    KHARBAGA_QUIET_LIMIT,
};
pub use square::{BoardSize, Direction, ParseSquareError, Side, Square};

/// The square named `name`: for the crate's unit tests.
#[cfg(test)]
pub(crate) fn sq(name: &str) -> Square {
    name.parse().expect("test square")
}
pub use untouchable::{untouchables, StepAnalysis};
