//! Any text as a ply: never a panic; what parses prints back exactly.
#![no_main]

use kharbga::engine::Ply;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(ply) = text.parse::<Ply>() {
        assert_eq!(ply.to_string(), text);
    }
    let _ = kharbga::cli::answer(text);
});
