//! Seats and who holds them: joins, the host's certificate, claims proved
//! by each seat's key, pages that come back, and what a stranger, a
//! spectator or a signalling server in the middle cannot take or change.

use kharbga::engine::{BoardSize, Game, Millis, Record, Rules, Side};
use kharbga::net::envelope::{Scope, Seal};
use kharbga::net::identity::{hello_bytes, Role as SeatRole, SeatCert, SeatKey};
use kharbga::net::message::{encode, fields_text, Claim, Message, Refusal, Seat};
use kharbga::net::table::{Event, Presence, Role, Table, Warning};

use super::{
    host_key, hosting, join_message, joining, key, newcomer, play_turn, reloaded, reloaded_with,
    seated, seated_after, some_ply, uncertified_guest, untimed_ply, watched, Net,
};

/// The guest's claim of its seat (`key(2)`, certified by the host) as
/// seen by the peer `to`, signed by `signer`.
fn guest_claim(signer: &SeatKey, name: &str, to: &str) -> Claim {
    let cert = SeatCert::issue(&key(1), key(2).public(), "Youssef".into());
    let room = host_key().room();
    Claim {
        role: SeatRole::Guest,
        side: Seat::Second,
        n: 0,
        cert: Some((cert.key, cert.signature)),
        signature: signer.sign(&hello_bytes(&room, SeatRole::Guest, "second", name, 0, to)),
    }
}

#[test]
fn a_forged_seat_claim_is_refused() {
    let (mut net, host, _guest) = seated();
    net.events(host);
    let hello = |name: &str, claim: Claim| {
        encode(&Message::Hello {
            app: "0.1.0".into(),
            name: name.into(),
            claim: Some(claim),
        })
    };
    // Each from a connection of its own, refused as a bad secret.
    let refused = |net: &mut Net, peer: &str, name: &str, claim: Claim| {
        net.table_mut(host).connected(peer.into(), Millis(0));
        net.deliver(peer, "p-host", &hello(name, claim));
        assert_eq!(net.warnings(host), vec![Warning::BadSecret], "{peer}");
    };
    // A stranger claims the guest's seat, signing with its own key…
    let forged = guest_claim(&key(9), "Youssef", "p-host");
    refused(&mut net, "p-evil", "Youssef", forged);
    // …or with the proof the guest showed someone else (a spectator)…
    let shown_elsewhere = guest_claim(&key(2), "Youssef", "p-evil");
    refused(&mut net, "p-evil-2", "Youssef", shown_elsewhere);
    // …or under another name than the host's certificate says…
    let renamed = guest_claim(&key(2), "Mallory", "p-host");
    refused(&mut net, "p-evil-3", "Mallory", renamed);
    // …or as the host, with a key that is not the room's.
    let room = host_key().room();
    let as_host = Claim {
        role: SeatRole::Host,
        side: Seat::First,
        n: 0,
        cert: None,
        signature: key(9).sign(&hello_bytes(
            &room,
            SeatRole::Host,
            "first",
            "Amel",
            0,
            "p-host",
        )),
    };
    refused(&mut net, "p-evil-4", "Amel", as_host);
    net.queue.clear();
    assert_eq!(net.table(host).names()[1], "Youssef");
    // A ply from the stranger is not the opponent's.
    let ply = encode(&untimed_ply(0, "a1", 0));
    net.deliver("p-evil", "p-host", &ply);
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
}

#[test]
fn a_player_who_returns_catches_up() {
    let (mut net, _, guest) = seated_after(3);
    // The guest's page is reloaded: it comes back from its saved game,
    // which missed nothing; meanwhile the host played on.
    let left = net.remove(guest);
    assert!(left.cert().is_some(), "the guest holds its certificate");
    let host = 0;
    assert_eq!(net.table(host).presence(net.now), Presence::Away);
    let ply = some_ply(&net, host);
    if net.table(host).game().position().to_move() == Side::First {
        net.play(host, &ply);
    }
    let back = reloaded(&left, Side::Second);
    let guest = net.add("p-guest-2", back);
    assert_eq!(net.table(guest).game(), net.table(host).game(), "resynced");
    assert_eq!(net.table(host).presence(net.now), Presence::Connected);
    assert_eq!(net.warnings(host), vec![]);
    assert_eq!(net.warnings(guest), vec![]);
    // The host returns too, with an older copy: it catches up from the guest.
    let old = net.remove(host);
    let mut older = old.game().clone();
    older.undo();
    let mut old = reloaded_with(&old, Side::First, older);
    // (A page opened again knows no peer yet.)
    old.forget_peers();
    let guest = 0;
    let host = net.add("p-host-2", old);
    assert_eq!(net.table(host).game(), net.table(guest).game());
}

#[test]
fn a_hello_heard_before_the_news_of_its_connection_is_answered() {
    // A newcomer: the host hears its hello first; it is invited all the same.
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let table = Table::host(game, Side::First, "Amel".into(), key(1), "d".into());
    net.add("p-host", table);
    let guest = net.add_message_first("p-guest", newcomer());
    assert!(net
        .events(guest)
        .contains(&Event::Invited(Some(Side::Second))));
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    // The host reloads: the guest hears the new page's hello first, and
    // the late news of its connection does not make it a stranger again
    // (it was shown away).
    let left = net.remove(0);
    let guest = 0;
    let back = reloaded(&left, Side::First);
    let host = net.add_message_first("p-host-2", back);
    net.now += Millis(10);
    for page in [host, guest] {
        assert_eq!(net.table(page).presence(net.now), Presence::Connected);
        assert_eq!(net.warnings(page), vec![]);
    }
    let ply = some_ply(&net, host);
    net.play(host, &ply);
    assert_eq!(net.table(guest).game(), net.table(host).game());
}

#[test]
fn a_second_newcomer_cannot_take_a_taken_seat() {
    let (mut net, host, _guest) = seated();
    // Someone forges a join for the taken seat.
    net.deliver(
        "p-guest",
        "p-host",
        &encode(&join_message("Other", &key(7), "p-guest", "p-host")),
    );
    assert_eq!(net.table(host).names()[1], "Youssef");
    assert!(matches!(
        net.queue.last(),
        Some((_, _, text)) if text.ends_with("refused\tseat-taken")
    ));
}

#[test]
fn only_the_player_asked_can_refuse_a_seat_and_seats_go_before_any_ply() {
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let host = net.add(
        "p-host",
        Table::host(game, Side::First, "Amel".into(), key(1), "?".into()),
    );
    // A stranger's refusal does not demote the waiting host.
    net.table_mut(host).connected("p-x".into(), Millis(0));
    net.deliver(
        "p-x",
        "p-host",
        &encode(&Message::Refused {
            why: Refusal::SeatTaken,
        }),
    );
    assert_eq!(net.table(host).role(), Role::Player(Side::First));
    // A join from a peer that was never welcomed is refused.
    net.deliver(
        "p-x",
        "p-host",
        &encode(&join_message("X", &key(9), "p-x", "p-host")),
    );
    assert!(net.table(host).cert().is_none());
    net.queue.clear();
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(net.table(host).names()[1], "Youssef");
}

#[test]
fn a_page_that_joined_never_gives_a_seat_away() {
    // The join race: while the newcomer waits for the host's secret, a
    // stranger asks it for the seat it seems to hold free.
    let (mut net, host, guest) = joining();
    let now = net.now;
    net.table_mut(guest).connected("p-evil".into(), now);
    assert_eq!(net.table(guest).open_seat(), None);
    let join = encode(&join_message("Mallory", &key(9), "p-evil", "p-guest"));
    net.deliver("p-evil", "p-guest", &join);
    // The stranger is refused, learns no secret, and names nobody.
    let sent: Vec<_> = net
        .queue
        .iter()
        .filter(|(_, to, _)| to == "p-evil")
        .collect();
    assert!(sent.iter().all(|(_, _, text)| !text.contains("\tseated\t")));
    assert!(sent.iter().any(|(_, _, text)| text.contains("seat-taken")));
    net.run();
    assert_eq!(
        *net.table(guest).names(),
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    assert_eq!(
        *net.table(host).names(),
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    // The host certified the guest's key, and nobody else's.
    for page in [host, guest] {
        let cert = net.table(page).cert().cloned().expect("the seat is taken");
        assert_eq!(cert.key, key(2).public());
        assert!(cert.is_from(&host_key()));
    }
    // A guest's page reloaded before the host's secret came still never
    // hosts (its saved seat says it joined).
    let back = uncertified_guest(Rules::seega(BoardSize::Five), ["Amel", "Youssef"], "d");
    assert_eq!(back.open_seat(), None);
}

/// The record of a new game of another variant (Seega 9×9) between
/// `first` and `second`: not the room's game.
fn another_game(first: &str, second: &str) -> String {
    Record::write(
        &Game::new(Rules::seega(BoardSize::Nine)),
        first,
        second,
        "d",
        &[],
    )
}

/// A stranger's hello that claims a seat it cannot prove (its own key).
fn forged_hello(name: &str, side: Seat, to: &str) -> String {
    let room = host_key().room();
    encode(&Message::Hello {
        app: "0.1.0".into(),
        name: name.into(),
        claim: Some(Claim {
            role: SeatRole::Host,
            side,
            n: 0,
            cert: None,
            signature: key(9).sign(&hello_bytes(
                &room,
                SeatRole::Host,
                side.token(),
                name,
                0,
                to,
            )),
        }),
    })
}

#[test]
fn a_newcomer_believes_only_the_host_of_its_link() {
    // The welcome race: a stranger already in the room welcomes the
    // newcomer before the host can, with another game.
    let (mut net, host) = hosting();
    let mut page = newcomer();
    page.set_id("p-new".into(), net.now);
    let fake = another_game("Fake", "");
    for text in [
        forged_hello("Fake", Seat::First, "p-new"),
        encode(&Message::Welcome {
            record: fake,
            open: Some(Seat::Second),
            running: None,
        }),
    ] {
        page.receive("p-evil", &text, Millis(1));
    }
    assert_eq!(
        page.role(),
        Role::Newcomer,
        "the stranger's welcome is not believed"
    );
    // The host's welcome is.
    let newcomer = net.add("p-new", page);
    assert_eq!(net.table(newcomer).role(), Role::Invited(Side::Second));
    assert_eq!(net.table(newcomer).names()[0], "Amel");
    assert_eq!(
        net.table(newcomer).game().rules(),
        net.table(host).game().rules()
    );
    // Its join goes to the host, who seats it.
    net.act(newcomer, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(net.table(host).cert().map(|c| c.key), Some(key(2).public()));
    assert_eq!(net.table(newcomer).presence(net.now), Presence::Connected);
}

#[test]
fn spectators_follow_proved_seats_only() {
    let (mut net, host, guest, watcher) = watched();
    assert_eq!(net.table(watcher).role(), Role::Spectator);
    // The spectator knows the guest's seat from the host's certificate.
    assert_eq!(net.table(watcher).names()[1], "Youssef");
    play_turn(&mut net, host);
    let before = net.table(watcher).game().clone();
    // A stranger claims a seat to the spectator, then replaces the game,
    // resigns, chats under a player's name and counts 9,999 spectators.
    net.deliver(
        "p-evil",
        "p-watch",
        &forged_hello("Amel", Seat::First, "p-watch"),
    );
    let other = another_game("Invented", "Names");
    for message in [
        Message::Sync { record: other },
        Message::Resign,
        Message::Chat {
            text: "fake line".into(),
        },
        Message::Watchers { count: 9_999 },
        Message::Seated {
            side: Seat::Second,
            key: key(9).public(),
            name: "Mallory".into(),
            signature: key(9).sign(b"seat"),
        },
    ] {
        net.deliver("p-evil", "p-watch", &encode(&message));
    }
    let events = net.events(watcher);
    assert!(!events.iter().any(|e| matches!(e, Event::Chat { .. })));
    let watching = net.table(watcher);
    assert_eq!(*watching.game(), before);
    assert!(watching.game().outcome().is_none());
    assert_eq!(*watching.names(), ["Amel".to_owned(), "Youssef".to_owned()]);
    // It counts what it sees: itself and the stranger, not 9,999.
    assert_eq!(watching.watchers(), 2);
    // The players' own plies still reach it.
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn the_guest_cannot_be_renamed_afterwards() {
    let (mut net, host, guest) = seated();
    // A certificate the host did not sign, from anyone.
    let forged = encode(&Message::Seated {
        side: Seat::Second,
        key: key(2).public(),
        name: "Mallory".into(),
        signature: key(9).sign(b"anything"),
    });
    net.deliver("p-host", "p-guest", &forged);
    assert_eq!(net.warnings(guest), vec![Warning::BadSecret]);
    // A real certificate for another name cannot be made without the
    // host's key; one seen again is no news.
    let again = net.table(host).cert().cloned().unwrap();
    net.deliver(
        "p-host",
        "p-guest",
        &encode(&Message::Seated {
            side: Seat::Second,
            key: again.key,
            name: again.name,
            signature: again.signature,
        }),
    );
    for page in [host, guest] {
        assert_eq!(net.table(page).names()[1], "Youssef");
    }
}

#[test]
fn a_message_changed_on_the_way_is_refused_by_players_and_spectators() {
    // A signalling server in the middle of a connection could change what
    // crosses it: each game message is signed by its seat.
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    let good = some_ply(&net, guest);
    let other = net.table(guest).game().position().legal_plies()[1].to_string();
    let signed = net.sealed(guest, untimed_ply(2, &good, 0));
    let changed = signed.replace(&format!("\t{good}\t"), &format!("\t{other}\t"));
    assert_ne!(changed, signed);
    for (to, page) in [("p-host", host), ("p-watch", watcher)] {
        net.deliver("p-guest", to, &changed);
        assert_eq!(net.warnings(page), vec![Warning::NotPlayer]);
        assert_eq!(net.table(page).game().plies().len(), 2);
    }
    // A resignation made up on the way, in the host's name, to the guest.
    let resign = net.sealed(host, Message::Resign);
    let forged = resign.replace("\tresign", "\tchat\tgg");
    net.deliver("p-host", "p-guest", &forged);
    assert_eq!(net.warnings(guest), vec![Warning::NotPlayer]);
    assert!(net.table(guest).game().outcome().is_none());
}

#[test]
fn a_guest_reloaded_before_its_certificate_came_gets_it_again() {
    let (mut net, host, guest) = joining();
    // The host certifies the guest, but the guest's page closes before the
    // certificate arrives.
    net.queue.retain(|(from, _, _)| from != "p-host");
    let join = net.queue.remove(0);
    net.deliver(&join.0, &join.1, &join.2);
    net.queue.clear();
    assert!(net.table(host).cert().is_some());
    let left = net.remove(guest);
    assert!(left.cert().is_none());
    let back = net.add("p-guest-2", reloaded(&left, Side::Second));
    assert_eq!(net.table(back).cert().map(|c| c.key), Some(key(2).public()));
    assert_eq!(net.table(back).presence(net.now), Presence::Connected);
    play_turn(&mut net, 0);
    play_turn(&mut net, back);
    assert_eq!(net.table(0).game(), net.table(back).game());
}

#[test]
fn a_page_opened_afresh_takes_no_replay_of_what_was_signed_before() {
    // A signalling server in the middle keeps the host's signed resignation
    // of a first game and, after a rematch, replays it to the guest's page
    // opened afresh.
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    let old = net.sealed(host, Message::Resign);
    play_turn(&mut net, guest);
    let left = net.remove(guest);
    // The new page meets the host: the host's hello reaches it, and the
    // replay comes right after it, before anything else.
    let mut page = reloaded(&left, Side::Second);
    page.set_id("p-guest-2".into(), net.now);
    net.pages.push(("p-guest-2".into(), page, Vec::new()));
    let back = net.pages.len() - 1;
    let hello = net.pages[host].1.connected("p-guest-2".into(), net.now);
    let hello = net.pages[host].1.outgoing(&hello).remove(0).1;
    net.deliver("p-host", "p-guest-2", &hello);
    net.deliver("p-host", "p-guest-2", &old);
    // The host's hello carried the number of the last message it signed:
    // the replay is older than that.
    assert!(net.table(back).game().outcome().is_none());
}

#[test]
fn a_signature_made_for_protocol_2_or_3_is_refused() {
    // The seats' words as a page of protocol 2 or 3 signed them (`kharbga/2
    // message`, `kharbga/2 hello`): the same seat's key, the same room, the
    // same fields, but another version's purpose. None is taken here.
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    let room = host_key().room();
    let ply = some_ply(&net, guest);
    let body = untimed_ply(2, &ply, 0);
    for purpose in ["kharbga/2 message", "kharbga/3 message"] {
        let scope = Scope::new(purpose, &room);
        let seal = Seal::sign(
            &key(2),
            SeatRole::Guest,
            1 << 50,
            &scope,
            &fields_text(&body),
        );
        let old = encode(&Message::Signed {
            seal,
            body: Box::new(body.clone()),
        });
        for (to, page) in [("p-host", host), ("p-watch", watcher)] {
            net.deliver("p-guest", to, &old);
            assert_eq!(net.warnings(page), vec![Warning::NotPlayer], "{purpose}");
            assert_eq!(net.table(page).game().plies().len(), 2);
        }
    }
    // The guest's hello to the host, its proof made under protocol 2's
    // purpose: a bad secret (under this protocol's, from the same peer, it
    // proves the seat).
    net.events(host);
    let cert = SeatCert::issue(&key(1), key(2).public(), "Youssef".into());
    let earlier = format!("kharbga/2 hello\n{room}\nguest\nsecond\nYoussef\n0\np-host");
    let hello = |signature| {
        encode(&Message::Hello {
            app: "0.1.0".into(),
            name: "Youssef".into(),
            claim: Some(Claim {
                role: SeatRole::Guest,
                side: Seat::Second,
                n: 0,
                cert: Some((cert.key, cert.signature)),
                signature,
            }),
        })
    };
    let now = net.now;
    net.table_mut(host).connected("p-guest-2".into(), now);
    net.deliver(
        "p-guest-2",
        "p-host",
        &hello(key(2).sign(earlier.as_bytes())),
    );
    assert_eq!(net.warnings(host), vec![Warning::BadSecret]);
    let proof = hello_bytes(&room, SeatRole::Guest, "second", "Youssef", 0, "p-host");
    net.deliver("p-guest-2", "p-host", &hello(key(2).sign(&proof)));
    assert_eq!(net.warnings(host), vec![]);
}
