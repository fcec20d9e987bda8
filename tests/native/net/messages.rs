//! The protocol's messages as text: each one reads back as written, and
//! what is not one is a typed error.

use kharbga::engine::Millis;
use kharbga::net::identity::{PublicKey, Role as SeatRole};
use kharbga::net::message::{
    decode, encode, Claim, DecodeError, Message, Offer, Refusal, Seat, MAX_MESSAGE, PROTOCOL,
};

use super::{assert_malformed, host_key, join_message, key, untimed_ply};

#[test]
fn every_message_round_trips() {
    let claim = Claim {
        role: SeatRole::Guest,
        side: Seat::Second,
        n: 0,
        cert: Some((key(4).public(), key(1).sign(b"cert"))),
        signature: key(4).sign(b"hello"),
    };
    let host_claim = Claim {
        role: SeatRole::Host,
        side: Seat::First,
        n: 0,
        cert: None,
        signature: key(1).sign(b"hello"),
    };
    let messages = vec![
        Message::Hello {
            app: "0.1.0".into(),
            name: "Ａmel «the\\first»".into(),
            claim: Some(claim),
        },
        Message::Hello {
            app: "0.1.0".into(),
            name: String::new(),
            claim: None,
        },
        Message::Hello {
            app: "0.1.0".into(),
            name: "Amel".into(),
            claim: Some(host_claim),
        },
        Message::Welcome {
            record: "[Variant \"seega5\"]\r\n\n*".into(),
            open: Some(Seat::First),
            running: Some(Millis(59_900)),
        },
        Message::Welcome {
            record: "[Variant \"seega5\"]\r\n\n*".into(),
            open: None,
            running: None,
        },
        join_message("يوسف", &key(4), "p-a", "p-b"),
        Message::Seated {
            side: Seat::Second,
            key: key(4).public(),
            name: "يوسف".into(),
            signature: key(1).sign(b"seat"),
        },
        Message::Ply {
            index: 7,
            ply: "e7-e6*".parse().unwrap(),
            hash: 0x00ff_00ff_00ff_00ff,
            left: None,
        },
        Message::Ply {
            index: 8,
            ply: "a1".parse().unwrap(),
            hash: 0x00ff_00ff_00ff_00ff,
            left: Some(Millis(179_900)),
        },
        Message::Flag {
            side: Seat::First,
            plies: 9,
        },
        Message::Sync { record: "x".into() },
        Message::Resign,
        Message::Offer {
            offer: Offer::Takeback,
            plies: 3,
        },
        Message::Answer {
            offer: Offer::Rematch,
            accept: true,
        },
        Message::Chat {
            text: "<b>hi</b> & bye".into(),
        },
        Message::Watchers { count: 2 },
        Message::Ping {
            at: Millis(1_700_000_000_012),
            plies: None,
        },
        Message::Ping {
            at: Millis(1_700_000_000_012),
            plies: Some(31),
        },
        Message::Pong { at: Millis(12) },
        Message::Bye,
        Message::Pair { host: host_key() },
        Message::Refused {
            why: Refusal::SeatTaken,
        },
    ];
    for message in messages {
        let text = encode(&message);
        assert!(
            text.starts_with(&format!("kharbga\t{PROTOCOL}\t")),
            "{text}"
        );
        assert_eq!(decode(&text), Ok(message));
    }
}

#[test]
fn bad_messages_are_typed_errors() {
    // A page of an earlier version (protocol 1: seat secrets, not keys).
    assert_eq!(decode("kharbga\t1\tbye"), Err(DecodeError::Version(1)));
    assert_eq!(
        decode("kharbga\t1\twhatever\tx\ty"),
        Err(DecodeError::Version(1))
    );
    // A page of the version before (protocol 2: joins without a proof).
    assert_eq!(decode("kharbga\t2\tbye"), Err(DecodeError::Version(2)));
    assert_malformed("kharbga\tbye");
    assert_malformed("kharbga\t4\tdance");
    assert_malformed("kharbga\t4\tbye\textra");
    assert_malformed("kharbga\t4\tchat\tbad \\q escape");
    assert_malformed("not a message");
    assert_malformed("");
    assert_malformed("kharbga\t4\tply\t-1\ta1\t0000000000000000");
    assert_malformed("kharbga\t4\thello\t0.1\tx\t-\t-\tsecret\t-\t-");
    for bad in ["NaN", "inf", "-1", "1e9", "", "1.x"] {
        assert_malformed(&format!("kharbga\t4\tping\t{bad}"));
    }
    // An older page's time with a fraction reads, whole.
    assert_eq!(
        decode("kharbga\t4\tping\t12.5"),
        Ok(Message::Ping {
            at: Millis(12),
            plies: None
        })
    );
    let big = format!("kharbga\t4\tsync\t{}", "a".repeat(MAX_MESSAGE));
    assert!(matches!(decode(&big), Err(DecodeError::Oversized(_))));
    let long_name = encode(&join_message(&"n".repeat(41), &key(1), "a", "b"));
    assert_eq!(decode(&long_name), Err(DecodeError::Field("name")));
    // Control and bidi format characters are stripped from names and chat
    // (a name cannot turn the text after it around); what is left must be
    // something.
    let control = encode(&Message::Chat {
        text: "a\u{7}b".into(),
    });
    assert_eq!(decode(&control), Ok(Message::Chat { text: "ab".into() }));
    let Message::Join { proof, .. } = join_message("Mallory", &key(1), "a", "b") else {
        unreachable!()
    };
    let bidi = encode(&Message::Join {
        name: "\u{202E}Mallory\u{2066}\u{200F}".into(),
        key: key(1).public(),
        proof,
    });
    assert_eq!(
        decode(&bidi),
        Ok(Message::Join {
            name: "Mallory".into(),
            key: key(1).public(),
            proof,
        })
    );
    let hidden = encode(&Message::Chat {
        text: "\u{202E}\u{FEFF} ".into(),
    });
    assert_eq!(decode(&hidden), Err(DecodeError::Field("chat")));
    // Arabic and Persian spelling keeps its joiners.
    let joiners = encode(&Message::Chat {
        text: "می\u{200C}خواهم".into(),
    });
    assert_eq!(
        decode(&joiners),
        Ok(Message::Chat {
            text: "می\u{200C}خواهم".into()
        })
    );
    // A record is counted before it is replayed: no more than the longest
    // game's plies.
    let long = format!("[Variant \"seega5\"]\n\n{}*", "a1 ".repeat(6_001));
    assert_eq!(
        decode(&encode(&Message::Sync { record: long })),
        Err(DecodeError::Field("record"))
    );
    // A key of the wrong shape cannot even be made: a message carrying one
    // is not read.
    assert_eq!(PublicKey::parse("nope"), None);
    assert_eq!(PublicKey::parse(&"A".repeat(52)), None);
    assert_malformed("kharbga\t4\tjoin\tx\tnope");
    assert_malformed("kharbga\t4\tpair\t0123456789ABCDEF");
    // A ply is read into the engine's ply, its hash into a number: each
    // only from the text that writes it.
    let ply = |ply: &str, hash: &str| format!("kharbga\t{PROTOCOL}\tply\t0\t{ply}\t{hash}");
    assert!(decode(&ply("a1", "0000000000000000")).is_ok());
    assert_eq!(
        encode(&untimed_ply(0, "a1", 0)),
        ply("a1", "0000000000000000")
    );
    for hash in [
        "xyz",
        "00FF00FF00FF00FF",
        "+00000000000000f",
        "00000000000000000",
    ] {
        assert_eq!(decode(&ply("a1", hash)), Err(DecodeError::Field("hash")));
    }
    for bad in ["a1-a2-a3-a4", "zz", "A1", "d3d4", ""] {
        assert_eq!(
            decode(&ply(bad, "0000000000000000")),
            Err(DecodeError::Field("ply"))
        );
    }
}
