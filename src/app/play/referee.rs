//! Who decides the game's plies. A local game is its controller's engine
//! alone; an online game's plies are the table's (the referee in
//! [`crate::net`]), which the game screen proposes them to and follows.
//! The game screen knows the second only as a [`Referee`]: the page that
//! plays online makes one (`app::online`), and a page that does not never
//! carries its code.

use std::sync::Arc;

use leptos::prelude::*;

use super::Play;
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Ply};

/// A referee other than this page's engine (see the module).
pub trait Referee: Send + Sync {
    /// The clocks as the referee has them (none for an untimed game).
    fn clock(&self) -> Option<GameClock>;
    /// Ties the game screen `play` to the referee: the board follows its
    /// game (each ply it brings announced), the player's hands and the
    /// clocks follow it. What it starts belongs to the screen.
    fn attach(&self, play: Play);
    /// Proposes `ply` (the referee's engine checks it) and tells the
    /// others; the board follows the referee's game as it changes (should
    /// the referee refuse, nothing changed).
    fn propose(&self, ply: Ply, play: Play);
    /// Whether the side to move's time has run out at `now`: if so the
    /// referee ends the game and tells the others.
    fn flag_fell(&self, now: Millis) -> bool;
    /// The notice of the opponent's rematch offer, in the result dialog
    /// (shown while it stands).
    fn rematch_notice(&self) -> AnyView;
    /// The controls under the move list (resign, offers, leave).
    fn end_controls(&self, on_new_game: Callback<()>) -> AnyView;
}

/// A game screen's referee: a handle the screen's parts copy.
#[derive(Clone, Copy)]
pub struct RefereeHandle(StoredValue<Arc<dyn Referee>>);

impl RefereeHandle {
    /// The handle on `referee`, owned by the reactive owner making it.
    pub fn new(referee: Arc<dyn Referee>) -> RefereeHandle {
        RefereeHandle(StoredValue::new(referee))
    }

    /// Asks the referee.
    pub fn with<T>(self, f: impl FnOnce(&dyn Referee) -> T) -> T {
        self.0.with_value(|referee| f(&**referee))
    }
}
