//! Any text as a peer's message: the decoder never panics, what decodes
//! encodes back to a message that decodes the same, and a player's table
//! fed the text stays on a legal game.
#![no_main]

use kharbga::engine::{BoardSize, Game, Rules, Side};
use kharbga::net::message::{decode, encode, Secret};
use kharbga::net::table::Table;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(message) = decode(text) {
        assert_eq!(decode(&encode(&message)), Ok(message));
    }
    let game = Game::new(Rules::seega(BoardSize::Five));
    let mut table = Table::host(game, Side::First, "a".into(), Secret::from_bytes([1; 16]), "?".into());
    table.set_id("me".into());
    let _ = table.connected("peer".into(), 0.0);
    for line in text.lines() {
        let _ = table.receive("peer", line, 1.0);
    }
    let replayed = kharbga::engine::Record::from_text(&table.record()).expect("the record replays");
    assert_eq!(replayed.game.plies().len(), table.game.plies().len());
});
