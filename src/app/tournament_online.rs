//! (Empty: the online tournament's pages are in `src/app/tournament/`, its
//! hub and follower modules. This file and its `mod` line in
//! `src/app/mod.rs` go together.)
