//! Games by link and quick pairing: a link's plies are taken only from the
//! opponent's signed hand, and names in records are bounded.

use kharbga::engine::{BoardSize, Game, Millis, Rules, Side};
use kharbga::net::identity::{hello_bytes, Role as SeatRole, SeatKey};
use kharbga::net::message::{encode, Claim, Message, Seat};
use kharbga::net::table::{Role, Table, Warning};

use super::{host_key, key, newcomer, uncertified_guest, Net};

/// The game `game` (Amel first, Youssef second) sent by link by the
/// player of `sender`, signed with `signer`.
fn take_by_link(
    table: &mut Table,
    signer: &SeatKey,
    sender: Side,
    game: &Game,
) -> Result<usize, Warning> {
    use kharbga::engine::Record;
    use kharbga::net::identity::link_bytes;
    use kharbga::net::room::MoveLink;
    use kharbga::store::share;
    let record = Record::from_text(&Record::write(game, "Amel", "Youssef", "?", &[])).unwrap();
    let text = share::encode(&record);
    let token = if sender == Side::First {
        "first"
    } else {
        "second"
    };
    let signature = signer.sign(&link_bytes(&host_key().room(), token, &text));
    let link = MoveLink {
        host: host_key(),
        sender,
        signature,
        guest: (sender == Side::Second).then(|| signer.public()),
        cert: None,
        share: &text,
    };
    table.take_link(&link, record)
}

#[test]
fn a_game_by_link_takes_only_the_opponents_plies() {
    let rules = Rules::seega(BoardSize::Five);
    let mut table = uncertified_guest(rules, ["Amel", "Youssef"], "?");
    let amel = key(1);
    // Amel (first) sets two soldiers and sends the game by link.
    let mut sent = Game::new(rules);
    sent.play_text("a1").unwrap();
    sent.play_text("a2").unwrap();
    // A stranger who knows the room cannot send it in her name.
    assert_eq!(
        take_by_link(&mut table, &key(9), Side::First, &sent),
        Err(Warning::BadSecret)
    );
    assert!(table.game().plies().is_empty());
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &sent), Ok(2));
    assert_eq!(*table.game(), sent);
    // The same link again: nothing new.
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &sent), Ok(0));
    // A link that also plays for Youssef is refused; the game stays.
    let mut forged = sent.clone();
    forged.play_text("b1").unwrap();
    assert_eq!(
        take_by_link(&mut table, &amel, Side::First, &forged),
        Err(Warning::Diverged)
    );
    assert_eq!(table.game().plies().len(), 2);
    // Another game is refused.
    let other = Game::new(Rules::kharbga());
    assert_eq!(
        take_by_link(&mut table, &amel, Side::First, &other),
        Err(Warning::BadRecord)
    );
    // Youssef plays; Amel's answer after it comes with her resignation,
    // and a stranger's "resignation" of hers, before it, does not.
    table.play("b1".parse().unwrap(), Millis(0)).unwrap();
    table.play("b2".parse().unwrap(), Millis(0)).unwrap();
    let mut answer = table.game().clone();
    answer.play_text("c1").unwrap();
    answer.resign(Side::First).unwrap();
    assert_eq!(
        take_by_link(&mut table, &key(9), Side::First, &answer),
        Err(Warning::BadSecret)
    );
    assert!(table.game().outcome().is_none());
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &answer), Ok(1));
    assert_eq!(table.game().outcome().unwrap().winner, Some(Side::Second));
    // A record that makes Youssef resign is not his resignation.
    let mut table2 = uncertified_guest(rules, ["A", "Y"], "?");
    let mut forged = Game::new(rules);
    forged.resign(Side::Second).unwrap();
    assert_eq!(
        take_by_link(&mut table2, &amel, Side::First, &forged),
        Ok(0)
    );
    assert!(table2.game().outcome().is_none());
}

#[test]
fn a_game_begun_by_link_seats_the_first_signed_guest() {
    let rules = Rules::seega(BoardSize::Five);
    let mut host = Table::host(
        Game::new(rules),
        Side::First,
        "Amel".into(),
        key(1),
        "?".into(),
    );
    host.play("a1".parse().unwrap(), Millis(0)).unwrap();
    host.play("a2".parse().unwrap(), Millis(0)).unwrap();
    let mut answer = host.game().clone();
    answer.play_text("e5").unwrap();
    // The guest's signed answer seats its key; another key's, later, is
    // refused.
    assert_eq!(
        take_by_link(&mut host, &key(2), Side::Second, &answer),
        Ok(1)
    );
    let cert = host.cert().cloned().expect("the guest is seated");
    assert_eq!(cert.key, key(2).public());
    assert!(cert.is_from(&host_key()));
    let mut more = host.game().clone();
    more.play_text("e4").unwrap();
    assert_eq!(
        take_by_link(&mut host, &key(9), Side::Second, &more),
        Err(Warning::BadSecret)
    );
    assert_eq!(take_by_link(&mut host, &key(2), Side::Second, &more), Ok(1));
}

#[test]
fn quick_pairing_takes_only_a_new_game_of_its_queue() {
    let rules = Rules::seega(BoardSize::Five);
    let mut played = Game::new(rules);
    played.play_text("a1").unwrap();
    for (game, ok) in [
        (Game::new(rules), true),
        (Game::new(Rules::seega(BoardSize::Nine)), false),
        (played, false),
    ] {
        let mut net = Net::new();
        net.add(
            "p-pairer",
            Table::host(game, Side::First, "X".into(), key(1), "d".into()),
        );
        let joiner = net.add("p-joiner", Table::paired(host_key(), rules));
        assert_eq!(
            net.table(joiner).role() == Role::Invited(Side::Second),
            ok,
            "{:?}",
            net.table(joiner).game().rules()
        );
    }
}

#[test]
fn names_in_records_are_bounded() {
    use kharbga::engine::Record;
    let rules = Rules::seega(BoardSize::Five);
    for name in [
        "x".repeat(100_000),
        "Amel\nEvil".to_owned(),
        "\u{202E}lemA".to_owned(),
    ] {
        // In a welcome…
        let mut net = Net::new();
        let newcomer = net.add("p-new", newcomer());
        net.deliver(
            "p-evil",
            "p-new",
            &encode(&Message::Hello {
                app: "0.1.0".into(),
                name: String::new(),
                // A proved host (its own page is the hostile one).
                claim: Some(Claim {
                    role: SeatRole::Host,
                    side: Seat::First,
                    n: 0,
                    cert: None,
                    signature: key(1).sign(&hello_bytes(
                        &host_key().room(),
                        SeatRole::Host,
                        "first",
                        "",
                        0,
                        "p-new",
                    )),
                }),
            }),
        );
        let record = Record::write(&Game::new(rules), &name, "", "d", &[]);
        net.deliver(
            "p-evil",
            "p-new",
            &encode(&Message::Welcome {
                record,
                open: Some(Seat::Second),
                running: None,
            }),
        );
        assert_eq!(net.table(newcomer).role(), Role::Newcomer);
        // …and in a game sent by link.
        let mut table = uncertified_guest(rules, ["Amel", "Youssef"], "d");
        let mut sent = Game::new(rules);
        sent.play_text("a1").unwrap();
        let mut record = Record::new(sent);
        record.first = name.clone();
        let text = kharbga::store::share::encode(&record);
        let signature = key(1).sign(&kharbga::net::identity::link_bytes(
            &host_key().room(),
            "first",
            &text,
        ));
        let link = kharbga::net::room::MoveLink {
            host: host_key(),
            sender: Side::First,
            signature,
            guest: None,
            cert: None,
            share: &text,
        };
        assert_eq!(table.take_link(&link, record), Err(Warning::BadRecord));
        assert!(table.game().plies().is_empty());
    }
}
