//! A game between two seated pages: plies, offers, resignations, chat and
//! the records that keep both pages on the same game; nobody plays for
//! another side.

use kharbga::engine::{Millis, Side};
use kharbga::net::merge::takeback_point;
use kharbga::net::message::{encode, DecodeError, Message, Offer};
use kharbga::net::table::{Event, Role, Table, Warning, RELAY_WAIT_MS};

use super::{
    newcomer, play_next, play_turn, reloaded, seated, seated_after, some_ply, untimed_ply, watched,
    Net,
};

#[test]
fn a_whole_game_is_played_and_watched() {
    let (mut net, host, guest, watcher) = watched();
    assert!(net.events(watcher).contains(&Event::Invited(None)));
    assert_eq!(net.table(watcher).role(), Role::Spectator);
    assert_eq!(net.table(host).watchers(), 1);
    assert_eq!(net.table(guest).watchers(), 1);
    assert_eq!(
        *net.table(watcher).names(),
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    let mut plies = 0;
    while net.table(host).game().outcome().is_none() {
        play_next(&mut net, host, guest);
        plies += 1;
        assert!(plies < 2_000, "the game ends");
    }
    let end = net.table(host).game().clone();
    assert_eq!(*net.table(guest).game(), end);
    assert_eq!(*net.table(watcher).game(), end);
    for page in [host, guest, watcher] {
        assert_eq!(net.warnings(page), vec![], "page {page}");
    }
}

#[test]
fn nobody_moves_for_another_side() {
    let (mut net, host, guest, watcher) = watched();
    net.events(host);
    // The guest tries to move for the host (it is the host's turn).
    let ply = some_ply(&net, host);
    assert_eq!(
        net.table_mut(guest).play(ply.parse().unwrap(), Millis(0)),
        Err(kharbga::net::table::PlayError::NotYourTurn)
    );
    // A ply message the guest signs, for the host's side.
    let forged = untimed_ply(0, &ply, 0);
    let signed = net.sealed(guest, forged.clone());
    net.deliver("p-guest", "p-host", &signed);
    assert_eq!(net.warnings(host), vec![Warning::WrongSide]);
    // The same, unsigned; and a spectator's ply.
    net.deliver("p-guest", "p-host", &encode(&forged));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    net.deliver("p-watch", "p-host", &encode(&forged));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    // The guest's signed message from another connection (a relay, or the
    // signalling server in the middle) is not the guest's seat there.
    net.deliver("p-watch", "p-host", &signed);
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    // A spectator cannot play through its table either.
    assert!(net
        .table_mut(watcher)
        .play(ply.parse().unwrap(), Millis(0))
        .is_err());
    assert_eq!(net.table(host).game().plies().len(), 0);
}

#[test]
fn bad_plies_are_refused_and_the_game_stays() {
    let (mut net, host, guest) = seated();
    let first = play_turn(&mut net, host);
    net.events(host);
    let good = some_ply(&net, guest);
    let message = |net: &mut Net, index: u32, ply: &str, hash: u64| {
        net.sealed(guest, untimed_ply(index, ply, hash))
    };
    // An illegal ply (the square is taken), and a ply that is not one (not
    // read: a ply is read once, where the message is).
    let a = message(&mut net, 2, &first, 0);
    let b = a.replace(&format!("\tply\t2\t{first}\t"), "\tply\t2\tzz\t");
    assert_ne!(a, b);
    net.deliver("p-guest", "p-host", &a);
    net.deliver("p-guest", "p-host", &b);
    let warnings = net.warnings(host);
    assert!(
        matches!(
            warnings[..],
            [
                Warning::Illegal(_),
                Warning::Decode(DecodeError::Field("ply"))
            ]
        ),
        "{warnings:?}"
    );
    // A legal ply whose hash differs: refused, and a resync offered.
    let c = message(&mut net, 2, &good, 0x0123_4567_89ab_cdef);
    net.deliver("p-guest", "p-host", &c);
    assert_eq!(net.warnings(host), vec![Warning::HashMismatch]);
    // The same signed message again (replayed): no news.
    net.deliver("p-guest", "p-host", &c);
    assert_eq!(net.warnings(host), vec![]);
    // An index that rewrites the past.
    let d = message(&mut net, 0, &good, 0x0123_4567_89ab_cdef);
    net.deliver("p-guest", "p-host", &d);
    assert_eq!(net.warnings(host), vec![Warning::BadIndex]);
    net.queue.clear();
    assert_eq!(net.table(host).game().plies().len(), 2);
    // A duplicate of a known ply is quietly ignored.
    let e = message(&mut net, 1, &first, 0x0123_4567_89ab_cdef);
    net.deliver("p-guest", "p-host", &e);
    assert_eq!(net.warnings(host), vec![]);
    // Garbage and a flood: warnings, one per flood, and the page carries on.
    net.deliver("p-guest", "p-host", "{{{");
    assert_eq!(
        net.warnings(host),
        vec![Warning::Decode(DecodeError::Malformed)]
    );
    let ping = encode(&Message::Ping {
        at: Millis(1),
        plies: None,
    });
    let now = net.now;
    let mut floods = 0;
    for _ in 0..400 {
        for e in net.table_mut(host).receive("p-guest", &ping, now) {
            floods += usize::from(e == Event::Warn(Warning::Flood));
        }
    }
    assert_eq!(floods, 1);
    net.queue.clear();
    net.now += Millis(5_000);
    net.play(guest, &good);
    assert_eq!(
        net.table(host).game().plies().len(),
        3,
        "the honest ply still passes"
    );
}

#[test]
fn a_record_with_our_plies_in_it_is_not_taken() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    // The guest (or someone who says so) sends a record that extends the
    // game with a ply for the host's side.
    let mut forged = net.table(guest).game().clone();
    let c = forged.position().legal_plies()[0];
    forged.play(c).unwrap();
    let record = kharbga::engine::Record::write(&forged, "Amel", "Youssef", "?", &[]);
    let sync = net.sealed(guest, Message::Sync { record });
    net.deliver("p-guest", "p-host", &sync);
    net.queue.clear();
    assert_eq!(net.warnings(host), vec![Warning::Diverged]);
    assert_eq!(net.table(host).game().plies().len(), 4);
    let bad = net.sealed(
        guest,
        Message::Sync {
            record: "[Variant \"chess\"]\n\n*".into(),
        },
    );
    net.deliver("p-guest", "p-host", &bad);
    assert_eq!(net.warnings(host), vec![Warning::BadRecord]);
}

#[test]
fn takeback_draw_and_rematch() {
    let (mut net, host, guest) = seated_after(2);
    // Seega: each sets two soldiers a turn, so two plies are one turn.
    let length = net.table(host).game().plies().len();
    let to = takeback_point(net.table(host).game(), Side::First).unwrap();
    net.act(host, |t| t.offer(Offer::Takeback));
    assert!(net.events(guest).contains(&Event::Offered(Offer::Takeback)));
    net.act(guest, |t| t.answer(true));
    assert!(net
        .events(host)
        .contains(&Event::Answered(Offer::Takeback, true)));
    assert_eq!(net.table(host).game().plies().len(), to);
    assert_eq!(net.table(guest).game(), net.table(host).game());
    assert!(to < length);
    // A draw offer declined: the game goes on.
    net.act(guest, |t| t.offer(Offer::Draw));
    net.act(host, |t| t.answer(false));
    assert!(net
        .events(guest)
        .contains(&Event::Answered(Offer::Draw, false)));
    assert!(net.table(guest).game().outcome().is_none());
    // A rematch is for finished games: the host resigns, then both agree.
    net.act(host, |t| t.offer(Offer::Rematch));
    assert!(!net.events(guest).contains(&Event::Offered(Offer::Rematch)));
    net.act(host, Table::resign);
    assert!(net.table(guest).game().outcome().is_some());
    assert_eq!(
        net.table(guest).game().outcome().unwrap().winner,
        Some(Side::Second)
    );
    net.act(guest, |t| t.offer(Offer::Rematch));
    // The host presses "rematch" too: that accepts the guest's offer.
    net.act(host, |t| t.offer(Offer::Rematch));
    assert!(net
        .events(guest)
        .contains(&Event::Answered(Offer::Rematch, true)));
    for page in [host, guest] {
        assert!(net.table(page).game().plies().is_empty());
        assert_eq!(
            *net.table(page).names(),
            ["Youssef".to_owned(), "Amel".to_owned()]
        );
    }
    assert_eq!(net.table(host).side(), Some(Side::Second));
    assert_eq!(net.table(guest).side(), Some(Side::First));
    let ply = some_ply(&net, guest);
    net.play(guest, &ply);
    assert_eq!(net.table(host).game().plies().len(), 1);
}

#[test]
fn chat_is_limited() {
    let (mut net, host, guest) = seated();
    net.events(host);
    for i in 0..7 {
        net.act(guest, |t| t.chat(&format!("hello {i}")));
    }
    let events = net.events(host);
    let lines = events
        .iter()
        .filter(|e| matches!(e, Event::Chat { .. }))
        .count();
    assert_eq!(lines, 5, "five lines in ten seconds");
    assert!(events.contains(&Event::Warn(Warning::Flood)));
    assert!(events.contains(&Event::Chat {
        name: "Youssef".into(),
        text: "hello 0".into()
    }));
    // Spectators' lines are not shown to players.
    let watcher = net.add("p-watch", newcomer());
    net.events(host);
    net.deliver(
        "p-watch",
        "p-host",
        &encode(&Message::Chat { text: "boo".into() }),
    );
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    let _ = watcher;
}

#[test]
fn another_protocol_version_is_reported_while_its_page_is_here() {
    let (mut net, host, _) = seated();
    let now = net.now;
    net.table_mut(host).connected("p-x".into(), now);
    net.deliver("p-x", "p-host", "kharbga\t9\thello");
    assert_eq!(net.table(host).other_version(), Some(9));
    // It goes with that page (a single message does not leave it for good).
    let now = net.now;
    net.table_mut(host).disconnected("p-x", now);
    assert_eq!(net.table(host).other_version(), None);
}

#[test]
fn the_seat_secret_ply_never_helps_an_unbound_stranger() {
    // A page that never proved a seat cannot resign for anyone.
    let (mut net, host, _) = seated();
    net.table_mut(host).connected("p-x".into(), Millis(0));
    net.deliver("p-x", "p-host", &encode(&Message::Resign));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    assert!(net.table(host).game().outcome().is_none());
}

#[test]
fn an_offer_holds_the_position_and_lapses_with_a_move() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The guest offers a draw on its own turn: it cannot move until answered.
    net.act(guest, |t| t.offer(Offer::Draw));
    let ply = some_ply(&net, guest);
    assert_eq!(
        net.table_mut(guest).play(ply.parse().unwrap(), Millis(0)),
        Err(kharbga::net::table::PlayError::OfferOpen)
    );
    net.act(host, |t| t.answer(false));
    assert!(net.table(guest).offered().is_none());
    play_turn(&mut net, guest);
    play_turn(&mut net, host);
    let _ = net.events(host);
    // The host asks to take back on the guest's turn; the guest answers by
    // moving: the offer lapses on both pages.
    net.act(host, |t| t.offer(Offer::Takeback));
    assert!(net.table(guest).pending().is_some());
    play_turn(&mut net, guest);
    assert!(net.table(host).offered().is_none(), "declined by the move");
    assert!(net.table(guest).pending().is_none());
    assert!(net
        .events(host)
        .contains(&Event::Answered(Offer::Takeback, false)));
    assert_eq!(net.table(host).game(), net.table(guest).game());
}

#[test]
fn a_stale_offer_lapses_when_the_opponent_returns() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    net.act(host, |t| t.offer(Offer::Draw));
    assert!(net.table(guest).pending().is_some());
    // The guest's page goes away before answering: the offer dies with it.
    let left = net.remove(guest);
    assert!(net.table(host).offered().is_none());
    let back = reloaded(&left, Side::Second);
    let guest = net.add("p-guest-2", back);
    assert!(net.table(guest).pending().is_none());
    assert!(net.table(0).offered().is_none());
}

#[test]
fn a_spectator_follows_takebacks_and_rematches() {
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    net.act(guest, |t| t.offer(Offer::Takeback));
    net.act(host, |t| t.answer(true));
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    net.act(guest, Table::resign);
    net.act(host, |t| t.offer(Offer::Rematch));
    net.act(guest, |t| t.answer(true));
    assert!(net.table(watcher).game().plies().is_empty());
    assert_eq!(net.table(watcher).names(), net.table(host).names());
    // In the rematch the guest moves first; the spectator follows its plies.
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    assert_eq!(net.warnings(watcher), vec![]);
    assert_eq!(net.warnings(host), vec![]);
    assert_eq!(net.table(watcher).lies(), vec![], "a takeback is no lie");
}

#[test]
fn a_takeback_whose_new_ply_outruns_the_other_seats_record_is_no_lie() {
    // The guest takes back its turn and plays another; the spectator hears
    // the guest's record and its new plies before the host's record of the
    // takeback (another road, slower).
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    net.act(guest, |t| t.offer(Offer::Takeback));
    let events = net.table_mut(host).answer(true);
    net.route(host, events);
    // The host's messages to the spectator wait; everything else goes.
    let mut late = Vec::new();
    let deliver_but_host_to_watcher = |net: &mut Net, late: &mut Vec<(String, String, String)>| {
        while !net.queue.is_empty() {
            let (from, to, text) = net.queue.remove(0);
            if from == "p-host" && to == "p-watch" {
                late.push((from, to, text));
            } else {
                net.deliver(&from, &to, &text);
            }
        }
    };
    deliver_but_host_to_watcher(&mut net, &mut late);
    // The guest plays its turn again, differently when it can.
    let now = net.now;
    let legal = net.table(guest).game().position().legal_plies();
    let ply = legal[legal.len() - 1];
    let events = net.table_mut(guest).play(ply, now).unwrap();
    net.route(guest, events);
    deliver_but_host_to_watcher(&mut net, &mut late);
    for (from, to, text) in late {
        net.deliver(&from, &to, &text);
    }
    net.run();
    while net.table(guest).game().position().to_move() == Side::Second {
        let ply = some_ply(&net, guest);
        net.play(guest, &ply);
    }
    net.run();
    for _ in 0..4 {
        net.now += RELAY_WAIT_MS;
        let now = net.now;
        net.act(watcher, |t| t.tick(now));
        net.act(host, |t| t.tick(now));
        net.act(guest, |t| t.tick(now));
        net.run();
    }
    assert_eq!(net.table(watcher).lies(), vec![], "a takeback is no lie");
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    play_turn(&mut net, host);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn a_resignation_that_crosses_a_ply_ends_the_same_on_both_pages() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The guest's ply is in flight when the host resigns.
    let ply = some_ply(&net, guest);
    let events = net
        .table_mut(guest)
        .play(ply.parse().unwrap(), Millis(0))
        .unwrap();
    net.route(guest, events);
    let events = net.table_mut(host).resign();
    net.route(host, events);
    net.run();
    let (a, b) = (
        net.table(host).game().clone(),
        net.table(guest).game().clone(),
    );
    assert_eq!(a, b);
    assert_eq!(a.outcome().unwrap().winner, Some(Side::Second));
}

#[test]
fn a_ply_lost_in_a_reconnection_is_caught_up_at_the_heartbeat() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The host's next ply goes nowhere (the guest was reconnecting).
    let ply = some_ply(&net, guest);
    net.play(guest, &ply);
    let ply = some_ply(&net, guest);
    let events = net
        .table_mut(guest)
        .play(ply.parse().unwrap(), Millis(0))
        .unwrap();
    drop(events);
    assert_ne!(net.table(host).game(), net.table(guest).game());
    // At the next heartbeat the lengths differ: the records settle it.
    let now = net.now;
    let events = net.table_mut(guest).tick(now);
    net.route(guest, events);
    net.run();
    assert_eq!(net.table(host).game(), net.table(guest).game());
}
