//! Where this device's tournament screen is ([`View`]): the list, a
//! tournament, a board's game, a game replayed.

use crate::engine::Record;
use crate::tournament::BoardRef;

/// Where the screen is.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum View {
    /// The saved tournaments and the form for a new one.
    List,
    /// A tournament.
    Open(String),
    /// A board's game, played or watched.
    Board(String, BoardRef),
    /// A game replayed from the crosstable.
    Replay(String, Box<Record>),
}
