//! The game screen and the headless logic behind it: the [`controller`]
//! (gestures to engine plies), [`describe`] (plies and scores for people),
//! [`session`] (who plays, autosave, the computer's turn), what the
//! screen's parts share and who decides its plies ([`referee`]: [`Play`]
//! and the [`Referee`](referee::Referee)), and the screen's parts: the
//! [`hud`] (players, status, notices), the [`controls`], the [`moves`]
//! list and the [`result`] dialog, put together by [`screen`]. A timed game's clocks are the engine's
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

pub use referee::Play;
pub use screen::GameScreen;
pub use session::{Match, Session};
