//! The rules engine: board geometry, positions, legal plies, notation.
//!
//! This module knows nothing of the web, of Leptos or of storage; the UI, the
//! AI, saved games and network play all ask it what the rules allow.
#![forbid(unsafe_code)]

mod square;

pub use square::{BoardSize, ParseSquareError, Side, Square};
