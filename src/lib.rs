//! Kharbga: the North African board game and its Seega relatives.
//!
//! The crate's rooms, lowest first (each names only the rooms before it;
//! `docs/code.md` tells them, `tests/native/layout.rs` checks it):
//! [`engine`] holds the rules and knows nothing of the web; [`percent`]
//! encodes the text in this app's addresses; [`ai`] is the computer
//! player; [`learn`] the lessons and puzzles; [`tournament`] the
//! tournaments' rules; [`net`] online play without the network (protocol
//! and referee); [`store`] keeps games (saved entries, share links, seats);
//! [`cli`] the logic behind `kharbga-cli`; `app` is the Leptos page that
//! runs in the browser (the `ui` feature: the CLI and the AI's worker build
//! without it). The binaries (`src/pages/`, `src/bin/`) only start things.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod learn;
pub mod net;
pub mod percent;
pub mod store;
pub mod tournament;

#[cfg(feature = "ui")]
pub mod app;

/// Every wasm module's allocator (the pages, the AI's worker, the network
/// module): talc instead of the standard library's dlmalloc, fewer bytes
/// on every page and faster allocations.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
