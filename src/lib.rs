//! Kharbga: the North African board game and its Seega relatives.
//!
//! [`engine`] holds the rules and knows nothing of the web; [`ui`] is the
//! Leptos interface that runs in the browser. The binaries only start things.

pub mod cli;
pub mod engine;
pub mod ui;
