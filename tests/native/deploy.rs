//! What a build for a site says when it is made: a public signalling
//! server with no STUN or TURN server is warned about loudly
//! (`make deploy-check`, run by `make release`).

use std::process::Command;

/// `make deploy-check` with these variables (and no others of its own):
/// its exit status and what it wrote to stderr.
fn check(vars: &[(&str, &str)]) -> (bool, String) {
    let mut make = Command::new("make");
    make.args(["-s", "--no-print-directory", "deploy-check"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    for name in ["KHARBGA_SIGNAL_URL", "KHARBGA_ICE", "KHARBGA_TURN_USER"] {
        make.env_remove(name);
    }
    for (name, value) in vars {
        make.env(name, value);
    }
    let out = make.output().expect("make runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_public_build_without_stun_or_turn_is_warned_about() {
    let (ok, said) = check(&[("KHARBGA_SIGNAL_URL", "wss://signal.example.org")]);
    assert!(ok, "a warning, not an error");
    assert!(said.contains("WARNING"), "{said}");
    assert!(said.contains("no STUN or TURN server"), "{said}");
    assert!(said.contains("wss://signal.example.org"), "{said}");
}

#[test]
fn a_build_for_one_machine_or_with_servers_says_nothing() {
    for vars in [
        vec![],
        vec![("KHARBGA_SIGNAL_URL", "ws://127.0.0.1:3536")],
        vec![("KHARBGA_SIGNAL_URL", "ws://localhost:3536/")],
        vec![
            ("KHARBGA_SIGNAL_URL", "wss://signal.example.org"),
            ("KHARBGA_ICE", "stun:turn.example.org:3478"),
        ],
        vec![
            ("KHARBGA_SIGNAL_URL", "wss://signal.example.org"),
            ("KHARBGA_ICE", "stun:t.example.org turn:t.example.org"),
            ("KHARBGA_TURN_USER", "1767225600:kharbga"),
        ],
    ] {
        let (ok, said) = check(&vars);
        assert!(ok && said.is_empty(), "{vars:?}: {said}");
    }
}

#[test]
fn a_turn_server_without_its_user_is_warned_about() {
    let (ok, said) = check(&[
        ("KHARBGA_SIGNAL_URL", "wss://signal.example.org"),
        ("KHARBGA_ICE", "stun:t.example.org turn:t.example.org"),
    ]);
    assert!(ok);
    assert!(said.contains("KHARBGA_TURN_USER is empty"), "{said}");
}
