//! Online play on the page: the room's screen around a
//! [`Table`](crate::net::table::Table) (the referee in [`crate::net`]) and
//! a [`link::Link`] (matchbox, in a wasm file of its own, fetched when the
//! screen opens). The screen owns both, the heartbeat and the listeners;
//! leaving it says goodbye to the peers and closes the link. What players
//! see: the connection indicator, the invitation link and its QR code, the
//! newcomer's invitation, offers and their answers, the chat, warnings
//! about dropped messages; the game itself is the ordinary game screen
//! with [`OnlineHooks`].
//!
//! The room's screen is built only into `online.html` (the `online`
//! feature): the first page (`index.html`) stays within its size budget,
//! and sends a player who wants to play online, or opens an invitation,
//! there. In that build [`OnlineHooks`] cannot exist, so the game
//! screen's online branches compile away.

pub mod entry;
pub mod link;
pub mod settings;

#[cfg(feature = "online")]
mod quick;
#[cfg(feature = "online")]
mod report;
#[cfg(feature = "online")]
mod room;
#[cfg(feature = "online")]
mod screen;
#[cfg(feature = "online")]
mod views;

#[cfg(feature = "online")]
pub use screen::{OnlineScreen, OnlineStart};
#[cfg(feature = "online")]
pub use views::net_warning;

use leptos::prelude::*;

use crate::net::table::{Event, Table};

/// What the game screen needs to play online.
#[derive(Clone, Copy)]
pub struct OnlineHooks {
    /// The referee: its game is the one the board follows.
    pub table: RwSignal<Table>,
    /// Sends what the table says to send.
    pub send: Callback<Vec<Event>>,
    /// Play goes by link (moves are open without the opponent connected).
    pub by_link: RwSignal<bool>,
    /// Without the `online` feature no hooks can be made.
    #[cfg(not(feature = "online"))]
    pub never: Never,
}

/// A type with no values.
#[derive(Clone, Copy)]
pub enum Never {}
