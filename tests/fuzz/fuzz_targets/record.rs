//! Any text as a game record: never a panic; what reads back exports to a
//! text that reads to the same game and exports identically.
#![no_main]

use kharbga::engine::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(record) = Record::from_text(text) else { return };
    let exported = record.to_text();
    let again = Record::from_text(&exported).expect("an exported record reads back");
    assert_eq!(again.to_text(), exported);
    assert_eq!(again.game.plies(), record.game.plies());
});
