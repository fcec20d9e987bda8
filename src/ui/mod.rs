//! The browser interface: Leptos components and the headless logic behind them.
//!
//! Components only render view models and emit intents; rules are asked of
//! [`crate::engine`], and every user-visible string comes from `locales/`.

mod app;
mod board;
pub mod board_view;
pub mod computer;
pub mod controller;
pub mod describe;
mod game_screen;
mod i18n;
mod library;
mod new_game;
mod replay;
pub mod storage;
mod worker;

pub use app::App;
pub use board::Board;
pub use game_screen::{GameScreen, Match, Session};
pub use i18n::{I18nProvider, LanguageSwitcher};
pub use new_game::NewGame;
