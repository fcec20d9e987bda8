//! Any text as a position string: never a panic; what parses prints back
//! exactly, and a position accepted by some rules round-trips.
#![no_main]

use kharbga::engine::{Position, Rules, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(setup) = text.parse::<Setup>() else { return };
    let printed = setup.to_string();
    assert_eq!(printed.parse::<Setup>().as_ref(), Ok(&setup));
    for variant in Variant::ALL {
        if let Ok(position) = Position::from_setup(setup, Rules::new(variant)) {
            let again = Position::from_text(&position.to_string(), Rules::new(variant)).expect("round trip");
            assert_eq!(again.to_setup(), position.to_setup());
            let _ = position.legal_plies();
            let _ = position.untouchables();
            let _ = position.capturable(kharbga::engine::Side::First);
        }
    }
});
