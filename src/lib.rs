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
/// on every page and faster allocations; counted ([`heap_in_use`]).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: heap::Counted = heap::Counted(talc::wasm::new_wasm_dynamic_allocator());

/// The bytes the program's live allocations hold now (the wasm modules'
/// allocator counts them; 0 elsewhere): what a page keeps, which its
/// memory's size (it only grows) cannot tell. The memory test of
/// `tests/web.rs` reads it.
pub fn heap_in_use() -> usize {
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    {
        heap::IN_USE.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(all(target_arch = "wasm32", not(target_feature = "atomics"))))]
    0
}

/// The allocator, counted: talc, and the bytes its live allocations hold.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod heap {
    use std::alloc::{GlobalAlloc, Layout};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    /// The bytes allocated and not yet freed.
    pub static IN_USE: AtomicUsize = AtomicUsize::new(0);

    /// talc, counted.
    pub struct Counted(pub talc::wasm::WasmDynamicTalc);

    // SAFETY: every call goes to talc as it came; only the count is added.
    unsafe impl GlobalAlloc for Counted {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let ptr = self.0.alloc(layout);
            if !ptr.is_null() {
                IN_USE.fetch_add(layout.size(), Relaxed);
            }
            ptr
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            self.0.dealloc(ptr, layout);
            IN_USE.fetch_sub(layout.size(), Relaxed);
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let moved = self.0.realloc(ptr, layout, new_size);
            if !moved.is_null() {
                IN_USE.fetch_add(new_size, Relaxed);
                IN_USE.fetch_sub(layout.size(), Relaxed);
            }
            moved
        }
    }
}
