//! A tournament's messages as text, and its entries: names refused when
//! taken or after the start, and every page seeing its board.

use kharbga::net::tournament::{
    decode, encode, ended_record, lobby_room, member_room, seal, Body, Envelope, Follower, Heard,
    Refusal, Reply,
};
use kharbga::tournament::{BoardRef, Format, Score};

use crate::net::key;

use super::{seega_cup, Club, Take};

#[test]
fn messages_read_back_and_only_a_hello_goes_unsigned() {
    let k = key(1);
    let organizer = key(2).public();
    let bodies = [
        Body::Enter {
            name: "Amel\tthe\\first".to_owned(),
        },
        Body::Report {
            board: BoardRef::new(1, 2),
            host: key(6).public(),
            score: Score::Draw,
            record: ended_record(Score::Draw, ("A", "B")),
        },
        Body::Leave,
        Body::State {
            text: "line\nline".to_owned(),
            to: "a-peer-id".to_owned(),
        },
        Body::Refused {
            why: Refusal::Disagrees,
            to: key(5).public(),
            n: 3,
        },
    ];
    for body in bodies {
        let text = seal(&organizer, &k, 7, &body);
        let envelope = decode(&text).unwrap();
        assert_eq!(envelope.body, body);
        assert_eq!(envelope.signed.unwrap().n, 7);
        // The same body unsigned is not a message.
        let unsigned = encode(&Envelope {
            signed: None,
            body: body.clone(),
        });
        assert_eq!(decode(&unsigned), None);
    }
    assert_eq!(decode(&Follower::hello()).unwrap().body, Body::Hello);
    for junk in [
        "",
        "kharbga\t2\tping",
        "kharbga-tournament-net\t9\thello\t-\t-\t-",
        // Version 1's hello: another protocol.
        "kharbga-tournament-net\t1\thello\t-\t-\t-",
    ] {
        assert_eq!(decode(junk), None);
    }
    assert_eq!(decode(&"x".repeat(200_000)), None);
    // Rooms: the lobby is the organizer's; each player's room is its own.
    let (a, b) = (key(3).public(), key(4).public());
    assert_ne!(member_room(&organizer, &a), member_room(&organizer, &b));
    assert_ne!(member_room(&organizer, &a), lobby_room(&organizer));
    assert_ne!(lobby_room(&organizer), organizer.room());
}

#[test]
fn entries_then_the_start_every_page_sees_its_board() {
    let club = Club::new(Format::Swiss { rounds: 2 });
    let state = club.spectator.state().unwrap();
    assert!(state.started);
    assert_eq!(state.tournament.players().len(), 4);
    assert_eq!(state.tournament.players()[2].name, "نورة");
    assert_eq!(state.tournament.rounds().len(), 1);
    for (i, p) in club.players.iter().enumerate() {
        assert_eq!(p.me(), Some(i));
        assert!(p.state().unwrap().board_of(i).is_some());
    }
    assert_eq!(club.spectator.me(), None);
}

#[test]
fn entries_refused_name_taken_or_started() {
    let mut organizer = seega_cup(key(10), "Cup", Format::RoundRobin { double: false });
    let public = organizer.public();
    let mut a = Follower::new(public, Some(key(11)));
    let mut b = Follower::new(public, Some(key(12)));
    assert_eq!(organizer.take(&a.enter("Amel", 1).unwrap()), Reply::Changed);
    assert_eq!(
        organizer.take(&b.enter("amel", 2).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    assert_eq!(
        organizer.take(&b.enter("  ", 3).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    // Names that look the same to a person: an invisible Hangul filler, a
    // Cyrillic А.
    for (n, name) in [(5, "Amel\u{3164}"), (6, "\u{0410}mel")] {
        assert_eq!(
            organizer.take(&b.enter(name, n).unwrap()),
            Reply::Refused(Refusal::Name),
            "{name}"
        );
    }
    // A name cut to its 40 characters is compared as every page reads it
    // (here, without the space it ended with).
    let long = format!("{} y", "a".repeat(39));
    let mut d = Follower::new(public, Some(key(14)));
    assert_eq!(organizer.take(&d.enter(&long, 2).unwrap()), Reply::Changed);
    assert_eq!(
        organizer.state().tournament.players()[1].name,
        "a".repeat(39)
    );
    let mut e = Follower::new(public, Some(key(15)));
    assert_eq!(
        organizer.take(&e.enter(&"a".repeat(39), 2).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    assert!(organizer.withdraw(1), "taken off the list before the start");
    // Entering again renames.
    assert_eq!(
        organizer.take(&a.enter("Amel B", 4).unwrap()),
        Reply::Changed
    );
    assert_eq!(organizer.state().tournament.players()[0].name, "Amel B");
    // Too few to start; then three (the organizer too).
    assert!(organizer.start().is_err());
    assert_eq!(
        organizer.take(&b.enter("Youssef", 5).unwrap()),
        Reply::Changed
    );
    organizer.enter_self("Organizer").unwrap();
    organizer.start().unwrap();
    let mut c = Follower::new(public, Some(key(13)));
    assert_eq!(
        organizer.take(&c.enter("Late", 6).unwrap()),
        Reply::Refused(Refusal::Started)
    );
    // The refusal reaches the page, signed, and that page alone: another
    // page shown it does not take it as its own.
    let refusal = organizer.refusal_message(Refusal::Started, 7);
    assert_eq!(b.receive(&refusal), Heard::Nothing);
    assert_eq!(c.receive(&refusal), Heard::Refused(Refusal::Started));
    // A hello is answered with the state.
    assert_eq!(organizer.take(&Follower::hello()), Reply::State);
}
