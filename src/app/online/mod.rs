//! Online play on the page: the room's screen around a
//! [`Table`](crate::net::table::Table) (the referee in [`crate::net`]) and
//! a [`link::Link`] (matchbox, in a wasm file of its own, fetched when the
//! screen opens). The screen owns both, the heartbeat and the listeners;
//! leaving it says goodbye to the peers and closes the link. What players
//! see: the connection indicator, the invitation link and its QR code, the
//! newcomer's invitation, offers and their answers, the chat, warnings
//! about dropped messages; the game itself is the ordinary game screen
//! with the online hooks (`hooks.rs`) as its referee, its board following
//! the table's game by what changes in it (`board.rs`).
//!
//! The room's screen is reached only from `online.html`'s binary
//! ([`page::OnlinePage`]): the first page (`index.html`) stays within its
//! size budget, and sends a player who wants to play online, or opens an
//! invitation, there. The game screen knows online play only as a
//! [`Referee`](crate::app::play::referee::Referee), which only this module
//! makes.

mod board;
pub mod entry;
mod hooks;
pub mod link;
pub mod page;
mod quick;
mod report;
mod room;
mod screen;
pub mod settings;
mod start;
mod views;
pub use screen::OnlineScreen;
pub use start::OnlineStart;
pub use views::net_warning;
