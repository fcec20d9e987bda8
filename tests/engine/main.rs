//! Native tests of the rules engine: one scenario per rule of `RULES.md`,
//! property tests, the perft table, the CLI protocol, the AI and the store.
#![cfg(not(target_arch = "wasm32"))]

mod ai;
mod cli;
mod helpers;
mod perft;
mod properties;
mod records;
mod scenarios;
mod store;
