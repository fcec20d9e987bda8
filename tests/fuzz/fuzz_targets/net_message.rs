//! Any text as a peer's message: the decoder never panics, what decodes
//! encodes back to a message that decodes the same, and pages fed the
//! text — a host, a guest holding the host's certificate, a newcomer and a
//! spectator, which check signatures, certificates and keys — stay on a
//! legal game and never take a seat for an unproved peer.
#![no_main]

use kharbga::engine::{BoardSize, Game, Rules, Side};
use kharbga::net::identity::{SeatCert, SeatKey};
use kharbga::net::message::{decode, encode};
use kharbga::net::table::{Role, Table};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(message) = decode(text) {
        assert_eq!(decode(&encode(&message)), Ok(message));
    }
    let rules = Rules::seega(BoardSize::Five);
    let host_key = SeatKey::from_seed([1; 32]);
    let guest_key = SeatKey::from_seed([2; 32]);
    let cert = SeatCert::issue(&host_key, guest_key.public(), "b".into());
    let host = Table::host(Game::new(rules), Side::First, "a".into(), host_key.clone(), "?".into());
    let guest = Table::resume(
        Game::new(rules),
        Side::Second,
        ["a".into(), "b".into()],
        guest_key,
        host_key.public(),
        Some((cert.key, cert.signature)),
        "?".into(),
    );
    let newcomer = Table::newcomer(host_key.public());
    for mut table in [host, guest, newcomer] {
        let _ = table.set_id("me".into(), 0.0);
        let _ = table.connected("peer".into(), 0.0);
        for (n, line) in text.lines().enumerate() {
            let _ = table.receive("peer", line, 1.0 + n as f64);
        }
        let replayed =
            kharbga::engine::Record::from_text(&table.record()).expect("the record replays");
        assert_eq!(replayed.game.plies().len(), table.game.plies().len());
        // Nobody proved a seat: a newcomer is never invited by this peer.
        assert!(!matches!(table.role, Role::Invited(_)));
    }
});
