//! Kharbga: the North African board game and its Seega relatives.
//!
//! [`engine`] holds the rules and knows nothing of the web; [`ai`] is the
//! computer player; [`ui`] is the Leptos interface that runs in the browser.
//! The binaries only start things.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod store;
pub mod ui;
