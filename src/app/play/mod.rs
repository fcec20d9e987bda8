//! The game screen and the headless logic behind it: the [`controller`]
//! (gestures to engine plies), [`describe`] (plies and scores for people),
//! [`session`] (who plays, autosave, the computer's turn), and the
//! screen's parts: the [`hud`] (players, status, notices), the
//! [`controls`], the [`moves`] list and the [`result`] dialog, put
//! together by [`screen`]. A timed game's clocks are the engine's
//! [`GameClock`](crate::engine::timing::GameClock).

pub mod controller;
pub mod controls;
pub mod describe;
pub mod hud;
pub mod moves;
pub mod referee;
pub mod result;
pub mod screen;
pub mod session;

pub use screen::GameScreen;
pub use session::{Match, Session};

use leptos::prelude::*;

use self::controller::{Controller, Refusal};
use crate::ai::Score;
use crate::engine::{Ply, Variant};

/// What the game screen's parts share (a context value of the screen).
#[derive(Clone, Copy)]
pub struct Play {
    /// The game and everything about the board.
    pub controller: RwSignal<Controller>,
    /// The players.
    pub players: StoredValue<Match>,
    /// The game played.
    pub variant: Variant,
    /// Why the last gesture did nothing, until the next ply.
    pub refusal: RwSignal<Option<Refusal>>,
    /// What the screen reader hears after each ply.
    pub announcement: RwSignal<String>,
    /// The result dialog is shown (once the game is over).
    pub result_open: RwSignal<bool>,
    /// The computer is thinking about its move.
    pub thinking: RwSignal<bool>,
    /// The hint shown: for the game at this length, the ply and its score.
    pub hint: RwSignal<Option<(usize, Ply, Score)>>,
    /// A hint was asked for and has not come yet.
    pub hint_pending: RwSignal<bool>,
    /// The referee elsewhere (online play), none when this page's engine
    /// decides alone.
    pub referee: Option<referee::RefereeHandle>,
    /// A timed game's clocks.
    pub clock: RwSignal<Option<crate::engine::timing::GameClock>>,
    /// The clocks' time (the page's clock), ticking while a clock runs.
    pub now: RwSignal<crate::engine::Millis>,
    /// A tournament's board: its result counts, so no takeback, no draw
    /// agreed with the computer, and not the page's current game.
    pub board: bool,
    /// The controller as the panel beside the board (status, controls,
    /// moves, result) shows it: a copy taken after the frame that drew a
    /// change, so that a tap's own frame draws the board and the players'
    /// bars alone and the panel follows in the next. The panel reads it and
    /// writes to `controller`.
    pub panel: RwSignal<Controller>,
}

impl Play {
    /// The game as a record, with the players' names (what the study page
    /// is given to analyse or review).
    pub fn record(&self) -> crate::engine::Record {
        let mut record =
            crate::engine::Record::new(self.controller.with_untracked(|c| c.game().clone()));
        self.players.with_value(|m| {
            record.first = m.first.clone();
            record.second = m.second.clone();
        });
        record
    }
}
