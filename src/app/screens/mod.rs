//! The screens other than the game: a new game, the library of saved
//! games, and the replay viewer. Online play and the lessons will live here.

pub mod forms;
pub mod library;
pub mod new_game;
pub mod replay;
