//! What the game screen's parts share ([`Play`], a context value of the
//! screen, the referee among it), and who decides the game's plies: one
//! file, as each names the other. A local game is its controller's engine
//! alone; an online game's plies are the table's (the referee in
//! [`crate::net`]), which the game screen proposes them to and follows.
//! The game screen knows the second only as a [`Referee`]: the page that
//! plays online makes one (`app::online`), and a page that does not never
//! carries its code.

use std::sync::Arc;

use leptos::prelude::*;

use super::controller::{Controller, Refusal};
use super::session::Match;
use crate::ai::Score;
use crate::engine::timing::GameClock;
use crate::engine::{Millis, PlayedPly, Ply, Side, Variant};

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

/// What the screen reader was last told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Announcement {
    /// Nothing yet.
    #[default]
    Nothing,
    /// A ply played.
    Ply(PlayedPly),
    /// A gesture refused, with the side to move then.
    Refused(Refusal, Side),
}

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
    /// What the screen reader hears after each ply (put into words by the
    /// screen's view, under its owner: a ply the computer's worker or a
    /// peer sent arrives where no language is known).
    pub announcement: RwSignal<Announcement>,
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
    pub referee: Option<RefereeHandle>,
    /// A timed game's clocks.
    pub clock: RwSignal<Option<crate::engine::timing::GameClock>>,
    /// The clocks' time (the page's clock), ticking while a clock runs.
    pub now: RwSignal<Millis>,
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
