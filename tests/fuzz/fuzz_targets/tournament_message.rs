//! Any text as a tournament message from a peer (a hello, an entry, a
//! report, a room made, a leave, a state, a refusal): the decoder never
//! panics, what decodes encodes back to the same message, and the pages fed
//! the text line by line — the organizer's (open for entries, and started)
//! and a player's and a spectator's — never panic, believe nothing the
//! organizer did not sign, and keep a state and a saved text that read
//! back the same.
#![no_main]

use kharbga::engine::{BoardSize, Millis, Rules};
use kharbga::net::identity::SeatKey;
use kharbga::net::tournament::{decode, encode, Follower, Heard, Organizer, State};
use kharbga::tournament::Format;
use libfuzzer_sys::fuzz_target;

/// A tournament of three players (keys 11..13), `started` or still open.
fn organizer(started: bool) -> Organizer {
    let mut organizer = Organizer::new(
        SeatKey::from_seed([10; 32]),
        "Fuzz".into(),
        Rules::seega(BoardSize::Five),
        None,
        Format::RoundRobin { double: false },
    );
    let public = organizer.public();
    for (i, name) in ["a", "b", "c"].into_iter().enumerate() {
        let mut player = Follower::new(public, Some(SeatKey::from_seed([11 + i as u8; 32])));
        let entry = player.enter(name, 1 + i as u64).expect("a player signs");
        let _ = organizer.receive(name, &entry, Millis(i as u64));
    }
    if started {
        organizer.start().expect("three players start");
    }
    organizer
}

fuzz_target!(|text: &str| {
    if let Some(envelope) = decode(text) {
        assert_eq!(decode(&encode(&envelope)), Some(envelope));
    }
    for mut organizer in [organizer(false), organizer(true)] {
        for (n, line) in text.lines().enumerate() {
            let _ = organizer.receive("peer", line, Millis(10_000 + n as u64));
        }
        let state = organizer.state().clone();
        assert_eq!(State::from_text(&state.to_text()), Ok(state));
        let saved = organizer.to_text();
        let back = Organizer::from_text(&saved).expect("the saved organizer reads back");
        assert_eq!(back.to_text(), saved);
    }
    let public = SeatKey::from_seed([10; 32]).public();
    let mut player = Follower::new(public, Some(SeatKey::from_seed([11; 32])));
    let mut spectator = Follower::new(public, None);
    for follower in [&mut player, &mut spectator] {
        follower.add_id("me");
        for line in text.lines() {
            // Only the organizer's key signs what a page believes.
            assert_eq!(follower.receive(line), Heard::Nothing);
        }
        assert!(follower.state().is_none());
    }
});
