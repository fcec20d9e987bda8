//! The computer player: a searcher over the engine's positions, its
//! evaluation, and the levels offered to players.
//!
//! No web dependency: the same search runs natively (CLI, tests, benchmarks)
//! and, later, in a Web Worker. Every search is bounded by nodes and, when a
//! clock is given, by time (`Clock`: a busy worker cannot read a stop message).

mod eval;
mod level;
pub mod mcts;
mod picker;
pub mod protocol;
mod rng;
mod search;
pub mod selfplay;
mod setting;
pub mod tune;
pub mod weights;
mod yardstick;

pub use eval::evaluate;
pub use level::{greedy, Level, LevelError};
pub use rng::Rng;
pub use search::{Clock, Limits, NoClock, Score, SearchResult, Searcher, CONTEMPT, TABLE_BITS};
pub use yardstick::{Yardstick, YardstickError};
