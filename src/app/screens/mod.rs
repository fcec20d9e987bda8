//! The screens other than the game: a new game, the library of saved
//! games, the replay viewer and the settings.

pub mod forms;
pub mod lazy;
pub mod library;
pub mod new_game;
pub mod notices;
pub mod replay;
pub mod settings;
