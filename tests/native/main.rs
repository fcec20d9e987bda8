//! Native tests of everything that needs no browser: the rules engine (one
//! scenario per rule of `RULES.md`, properties against an oracle, the perft
//! table, records), the CLI protocol, the computer player, the store and
//! the new-game form.
#![cfg(not(target_arch = "wasm32"))]

mod ai;
mod cli;
mod clock;
mod deploy;
mod helpers;
mod kharbaga;
mod layout;
mod learn;
mod net;
// The new-game form's controller is the page library's (the `ui` split).
#[cfg(feature = "ui")]
mod new_game;
mod online_clock;
mod online_silence;
mod online_tournament;
mod pages;
mod perft;
mod properties;
mod puzzles;
mod records;
mod scenarios;
mod store;
mod tournament;
mod translations;
mod witness;
