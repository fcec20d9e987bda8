//! A seated player who lies to the others (issue 27): a guest that took its
//! seat properly, with its own valid key, and then tells a spectator alone
//! of a resignation, a flag or a time that never were, welcomes a newcomer
//! with its own version of the game, or lets strangers use its public key.
//! Each message is sealed by the liar's own table (its real seat key) and
//! delivered to one page only.

use kharbga::engine::{
    BoardSize, Game, Millis, Movetext, Outcome, Reason, Record, Rules, Side, Timing,
};
use kharbga::net::message::{decode, encode, fields_text, seal_scope, Message, Seat};
use kharbga::net::table::{Event, Presence, Role, Table, Warning, AWAY_MS, LAG_MS, RELAY_WAIT_MS};
use kharbga::net::text::{distinct_name, looks_same};

use super::net::{
    hosting, join_message, joining, key, newcomer, play_turn, seated, some_ply, watched, Net,
};
use super::online_clock::{left, timed_seated};

/// The guest plays its whole turn at once; its messages are queued, not yet
/// delivered.
fn queue_guest_turn(net: &mut Net, guest: usize) {
    let now = net.now;
    let mut events = Vec::new();
    while net.table(guest).game().position().to_move() == Side::Second {
        let ply = some_ply(net, guest);
        events.extend(
            net.table_mut(guest)
                .play(ply.parse().unwrap(), now)
                .unwrap(),
        );
    }
    net.route(guest, events);
}

/// Delivers every message but those from `from` to `to` (dropped on the
/// way; `from` empty: from anyone).
fn run_without(net: &mut Net, from: &str, to: &str) {
    loop {
        net.queue
            .retain(|(f, t, _)| t != to || !(from.is_empty() || f == from));
        if net.queue.is_empty() {
            return;
        }
        let (from, t, text) = net.queue.remove(0);
        net.deliver(&from, &t, &text);
    }
}

/// A newcomer's page ("p-new", not yet in `net`) that has heard only the
/// guest's hello (its proof of its seat).
fn greeted_by_guest(net: &mut Net, guest: usize) -> Table {
    let mut page = newcomer();
    page.set_id("p-new".into(), net.now);
    let now = net.now;
    let hello = net.table_mut(guest).connected("p-new".into(), now);
    for (_, text) in net.table_mut(guest).outgoing(&hello) {
        page.receive("p-guest", &text, now);
    }
    page
}

/// A record of `game` as `net`'s page `page` names its players, with these
/// time tags.
fn record_of(net: &Net, page: usize, game: &Game, tags: Vec<Millis>) -> String {
    let table = net.table(page);
    let control = table.clock().map(|c| c.control());
    Record::write_timed(
        game,
        &table.names()[0],
        &table.names()[1],
        "d",
        &[],
        &Timing {
            control,
            left: tags,
        },
        &mut Movetext::default(),
    )
}

#[test]
fn a_resignation_told_to_a_spectator_alone_is_not_the_result() {
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    // The host's turn. The guest signs a resignation and sends it to the
    // spectator alone (before: the spectator resigned the side to move,
    // the host's, and showed the guest as the winner).
    let resign = net.sealed(guest, Message::Resign);
    net.deliver("p-guest", "p-watch", &resign);
    assert!(net.table(watcher).game().outcome().is_none());
    assert_eq!(
        net.table(watcher).unconfirmed(),
        Some((
            Side::Second,
            Outcome {
                winner: Some(Side::First),
                reason: Reason::Resignation
            }
        )),
        "shown as the guest's word, not as the result"
    );
    // The game goes on: the host's plies reach the spectator, and the
    // guest's word is gone with the position it was about.
    play_turn(&mut net, host);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    assert_eq!(net.table(watcher).unconfirmed(), None);
    // A record from the guest that ends the game its own way (the host
    // resigned) is its word too.
    let mut ended = net.table(host).game().clone();
    ended.resign(Side::First).unwrap();
    let text = record_of(&net, host, &ended, Vec::new());
    let sync = net.sealed(guest, Message::Sync { record: text });
    net.deliver("p-guest", "p-watch", &sync);
    assert!(net.table(watcher).game().outcome().is_none());
    // A real resignation: the guest's page says it, the host's page takes
    // it and says its game to everyone, so the spectator hears both.
    net.act(guest, Table::resign);
    let outcome = net
        .table(watcher)
        .game()
        .outcome()
        .expect("both seats say it");
    assert_eq!(outcome.reason, Reason::Resignation);
    assert_eq!(outcome.winner, Some(Side::First));
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn a_flag_claimed_while_the_clock_runs_is_not_the_result() {
    for late in [false, true] {
        let (mut net, host, guest) = timed_seated(60, 0);
        // A spectator there from the start, or one that came in during the
        // host's turn (it cannot know how long that turn had run).
        let early = (!late).then(|| net.add("p-watch", newcomer()));
        net.now += Millis(10_000);
        let watcher = early.unwrap_or_else(|| net.add("p-watch", newcomer()));
        let plies = net.table(host).game().plies().len() as u32;
        // The guest claims the host's flag while 50 s remain on it, to the
        // spectator alone, as a flag and as a record that ends on time.
        net.claim_first_flag(guest, plies, "p-watch");
        let mut timed_out = net.table(host).game().clone();
        timed_out.time_out().unwrap();
        let text = record_of(&net, host, &timed_out, Vec::new());
        let sync = net.sealed(guest, Message::Sync { record: text });
        net.deliver("p-guest", "p-watch", &sync);
        let now = net.now;
        let events = net.table_mut(watcher).check_flag(now);
        assert!(events.is_empty(), "late: {late}");
        assert!(
            net.table(watcher).game().outcome().is_none(),
            "late: {late}"
        );
        // The host plays on: the lie is gone with its position.
        play_turn(&mut net, host);
        assert_eq!(net.table(watcher).unconfirmed(), None);
        // Now the host's page closes and its flag really falls. The guest's
        // page claims it; nobody is left to agree, but the spectator's own
        // count of the host's time (by the host's own word) proves it.
        play_turn(&mut net, guest);
        net.remove(host);
        let (guest, watcher) = (guest - 1, watcher - 1);
        net.now += Millis(61_000);
        let now = net.now;
        let claim = net.table_mut(guest).check_flag(now);
        assert!(
            !claim.is_empty(),
            "the guest's page sees the host's flag fall"
        );
        net.route(guest, claim);
        net.run();
        let now = net.now;
        let events = net.table_mut(watcher).check_flag(now);
        net.route(watcher, events);
        let outcome = net
            .table(watcher)
            .game()
            .outcome()
            .expect("its own count proves the flag");
        assert_eq!(outcome.reason, Reason::Time, "late: {late}");
        assert_eq!(outcome.winner, Some(Side::Second));
    }
}

#[test]
fn inflated_clock_tags_are_held_to_what_the_host_counts() {
    for late in [false, true] {
        let (mut net, host, guest) = timed_seated(60, 0);
        let early = (!late).then(|| net.add("p-watch", newcomer()));
        play_turn(&mut net, host);
        // The guest's turn: it thinks 4 s, then tells the spectator alone
        // that it used nothing (its record's tags: a full minute left).
        net.now += Millis(2_000);
        let watcher = early.unwrap_or_else(|| net.add("p-watch", newcomer()));
        net.now += Millis(2_000);
        let mut game = net.table(guest).game().clone();
        let mut tags = net.table(guest).clock().unwrap().timing().left;
        let side = Side::Second;
        while game.position().to_move() == side {
            let ply = game.position().legal_plies()[0].to_string();
            game.play_text(&ply).unwrap();
            tags.push(Millis(60_000));
        }
        let text = record_of(&net, guest, &game, tags);
        let sync = net.sealed(guest, Message::Sync { record: text });
        net.deliver("p-guest", "p-watch", &sync);
        // The guest's word alone, while the host is here: held for the
        // host's, then taken.
        assert_ne!(*net.table(watcher).game(), game, "held for the host's word");
        net.now += RELAY_WAIT_MS;
        let now = net.now;
        net.act(watcher, |t| t.tick(now));
        assert_eq!(*net.table(watcher).game(), game, "its own plies are taken");
        // What the host would count: 56 s, the way's allowance at most on top.
        let shown = left(&net, watcher, side);
        assert!(
            shown <= Millis(56_000) + LAG_MS + Millis(100),
            "late: {late}: the spectator shows {shown} ms for the guest"
        );
    }
}

#[test]
fn a_newcomer_believes_the_game_from_the_host_only() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    // The guest proves its seat to the newcomer, then welcomes it first
    // with its own signed version: the names swapped, the host resigned.
    let mut page = greeted_by_guest(&mut net, guest);
    let now = net.now;
    let mut lie = net.table(host).game().clone();
    lie.resign(Side::First).unwrap();
    let forged = Record::write(&lie, "Youssef", "Amel", "d", &[]);
    let welcome = net.sealed(
        guest,
        Message::Welcome {
            record: forged,
            open: None,
            running: None,
        },
    );
    page.receive("p-guest", &welcome, now);
    assert_eq!(
        page.role(),
        Role::Newcomer,
        "the guest's welcome is not believed"
    );
    // The host's welcome is: its game, its names, no result.
    let page = net.add("p-new", page);
    let watching = net.table(page);
    assert_eq!(watching.role(), Role::Spectator);
    assert_eq!(*watching.names(), ["Amel".to_owned(), "Youssef".to_owned()]);
    assert_eq!(watching.game(), net.table(host).game());
    assert!(watching.game().outcome().is_none());
}

#[test]
fn a_join_with_the_guests_public_key_alone_takes_nothing() {
    let (mut net, host, guest) = joining();
    // The guest's real join, on its way to the host.
    let real = net
        .queue
        .iter()
        .find(|(_, _, text)| text.contains("\tjoin\t"))
        .map(|(_, _, text)| text.clone())
        .expect("the join is sent");
    net.run();
    let watcher = net.add("p-watch", newcomer());
    net.events(host);
    // A stranger replays it on its own connection, and sends joins with
    // the guest's public key and a proof of its own, a thousand times.
    let now = net.now;
    net.table_mut(host).connected("p-evil".into(), now);
    net.queue.clear();
    net.deliver("p-evil", "p-host", &real);
    let mut lie = join_message("Youssef", &key(9), "p-evil", "p-host");
    if let Message::Join { key: k, .. } = &mut lie {
        *k = key(2).public();
    }
    for _ in 0..1_000 {
        net.deliver("p-evil", "p-host", &encode(&lie));
    }
    let seated_again = net
        .queue
        .iter()
        .filter(|(_, _, text)| text.contains("\tseated\t"))
        .count();
    assert_eq!(seated_again, 0, "no certificate goes anywhere");
    let events = net.events(host);
    assert!(!events.contains(&Event::Seated));
    assert!(events.contains(&Event::Warn(Warning::BadSecret)));
    net.run();
    // The spectator was not drowned: the game still reaches it.
    play_turn(&mut net, host);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    // The real guest closes its page: the host does not take the stranger
    // for it.
    net.remove(guest);
    let later = net.now + Millis(1);
    assert_ne!(net.table(host).presence(later), Presence::Connected);
    assert_eq!(net.table(host).presence(later + AWAY_MS), Presence::Away);
}

#[test]
fn a_spectator_that_missed_a_ply_catches_up_at_the_heartbeat() {
    let (mut net, host, _guest) = seated();
    let watcher = net.add("p-watch", newcomer());
    // A ply that never reaches the spectator (dropped on the way).
    let ply = some_ply(&net, host);
    let now = net.now;
    let events = net.table_mut(host).play(ply.parse().unwrap(), now).unwrap();
    net.route(host, events);
    // (Nor does the guest's relay of it.)
    run_without(&mut net, "", "p-watch");
    assert_ne!(net.table(watcher).game(), net.table(host).game());
    // The host's heartbeat says its length: the spectator asks both seats,
    // and is answered with the game.
    let now = net.now;
    net.act(host, |t| t.tick(now));
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn the_page_that_loses_the_seat_race_watches_and_follows() {
    let (mut net, host) = hosting();
    let first = net.add("p-one", newcomer());
    let second = net.add("p-two", newcomer());
    // Both press Join before either hears of the other.
    net.press_join(first, "Youssef", key(2));
    net.press_join(second, "Mallory", key(3));
    net.run();
    assert_eq!(net.table(first).role(), Role::Player(Side::Second));
    assert_eq!(net.table(second).role(), Role::Spectator);
    assert!(net.table(second).key().is_none());
    net.warnings(second);
    // It follows the host's plies (before: each was refused).
    play_turn(&mut net, host);
    play_turn(&mut net, first);
    play_turn(&mut net, host);
    assert_eq!(net.table(second).game(), net.table(host).game());
    assert!(
        !net.warnings(second).contains(&Warning::NotPlayer),
        "no ply refused"
    );
}

#[test]
fn names_that_look_the_same_are_told_apart() {
    assert!(looks_same("Amel", "Amel\u{3164}"));
    assert!(looks_same("Amel", "AMEL"));
    assert!(looks_same("Amel", "Аmel"), "a Cyrillic А");
    assert!(looks_same("Ali  Ben", " ali ben"));
    assert!(looks_same("Amel", "Ａｍｅｌ"), "full width");
    assert!(!looks_same("Amel", "Amal"));
    assert!(!looks_same("أمل", "آمال"));
    assert_eq!(distinct_name("Amel", "Amel\u{3164}"), "Amel 2");
    assert_eq!(distinct_name("Amel", "Youssef"), "Youssef");
    assert_eq!(distinct_name("n", &"N".repeat(40)).chars().count(), 40);
    // A guest who joins under a name that looks like the host's is seated
    // under one told apart, on every page, and its proofs still hold.
    let (mut net, host) = hosting();
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Amel\u{3164}".into(), key(2)));
    let names = ["Amel".to_owned(), "Amel 2".to_owned()];
    assert_eq!(*net.table(host).names(), names);
    assert_eq!(*net.table(guest).names(), names);
    let watcher = net.add("p-watch", newcomer());
    assert_eq!(*net.table(watcher).names(), names);
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn a_timed_welcome_says_the_turn_under_way() {
    let (mut net, host, _guest) = timed_seated(60, 0);
    net.now += Millis(5_000);
    let watcher = net.add("p-watch", newcomer());
    // The newcomer shows the host's time as the host counts it (55 s), not
    // the minute its record's tags would give.
    let shown = left(&net, watcher, Side::First);
    let counted = left(&net, host, Side::First);
    assert!(shown <= counted + Millis(100), "{shown} against {counted}");
}

#[test]
fn a_guest_that_claims_the_hosts_side_moves_and_speaks_for_its_own() {
    use kharbga::net::identity::{hello_bytes, Role as SeatRole, SeatCert};
    use kharbga::net::message::Claim;
    let (mut net, host, guest) = seated();
    // A newcomer hears the guest first: its proof names the host's side
    // (a certificate names a key, not a side).
    let cert = SeatCert::issue(&key(1), key(2).public(), "Youssef".into());
    let room = key(1).public().room();
    let hello = Message::Hello {
        app: "0.1.0".into(),
        name: "Youssef".into(),
        claim: Some(Claim {
            role: SeatRole::Guest,
            side: Seat::First,
            n: 0,
            cert: Some((cert.key, cert.signature)),
            signature: key(2).sign(&hello_bytes(
                &room,
                SeatRole::Guest,
                "first",
                "Youssef",
                0,
                "p-watch",
            )),
        }),
    };
    let mut page = newcomer();
    page.set_id("p-watch".into(), net.now);
    let now = net.now;
    page.receive("p-guest", &encode(&hello), now);
    let watcher = net.add("p-watch", page);
    assert_eq!(
        *net.table(watcher).names(),
        ["Amel".to_owned(), "Youssef".to_owned()],
        "the host keeps its name"
    );
    // A ply of the host's side, signed by the guest, is not the host's.
    let mut game = net.table(watcher).game().clone();
    let ply = game.position().legal_plies()[0];
    game.play(ply).unwrap();
    let text = net.sealed(
        guest,
        Message::Ply {
            index: 0,
            ply,
            hash: game.position().hash(),
            left: None,
        },
    );
    net.deliver("p-guest", "p-watch", &text);
    assert!(net.table(watcher).game().plies().is_empty());
    let warned = net.warnings(watcher);
    assert!(warned.contains(&Warning::WrongSide), "{warned:?}");
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    assert_eq!(net.table(watcher).game(), net.table(host).game());
}

#[test]
fn a_flag_at_move_zero_is_not_proved_by_the_time_before_the_seat_was_taken() {
    let mut net = Net::new();
    let control = kharbga::engine::clock::TimeControl::new(60, 0).unwrap();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let table = Table::host(game, Side::First, "Amel".into(), key(1), "d".into()).timed(
        control,
        &Timing::NONE,
        None,
        net.now,
        net.now,
    );
    let host = net.add("p-host", table);
    // A spectator welcomed while the seat is free; the guest sits down two
    // minutes later (no clock ran meanwhile).
    let watcher = net.add("p-watch", newcomer());
    net.now += Millis(120_000);
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Mallory".into(), key(2)));
    assert_eq!(net.table(watcher).role(), Role::Spectator);
    // The host's page closes at once; the guest claims its flag at move 0.
    net.remove(host);
    let (guest, watcher) = (guest - 1, watcher - 1);
    net.claim_first_flag(guest, 0, "p-watch");
    let now = net.now;
    assert!(net.table_mut(watcher).check_flag(now).is_empty());
    assert!(net.table(watcher).game().outcome().is_none());
    // A minute later it has really fallen.
    net.now += Millis(61_000);
    let now = net.now;
    assert!(!net.table_mut(watcher).check_flag(now).is_empty());
}

#[test]
fn a_turn_started_early_for_a_spectator_proves_no_flag_while_the_player_is_here() {
    let (mut net, host, guest) = timed_seated(60, 0);
    let watcher = net.add("p-watch", newcomer());
    play_turn(&mut net, host);
    // The guest sends its turn to the spectator at once and to the host
    // 15 s later: the spectator's count of the host's turn starts early.
    queue_guest_turn(&mut net, guest);
    let to_host: Vec<_> = net
        .queue
        .iter()
        .filter(|(_, to, _)| to == "p-host")
        .cloned()
        .collect();
    net.queue.retain(|(_, to, _)| to != "p-host");
    net.run();
    net.now += Millis(15_000);
    for (from, to, text) in to_host {
        net.deliver(&from, &to, &text);
    }
    net.run();
    // 50 s into the host's turn by the host's count, 65 s by the
    // spectator's: the guest claims the host's flag at the spectator. The
    // host's page is here all along (its heartbeat says so): its own word,
    // not this count, says its flag.
    for _ in 0..25 {
        net.now += Millis(2_000);
        let now = net.now;
        net.act(host, |t| t.tick(now));
    }
    let plies = net.table(host).game().plies().len() as u32;
    net.claim_first_flag(guest, plies, "p-watch");
    let now = net.now;
    let host_left = net.table(host).clock().unwrap().left(Side::First, now);
    assert!(host_left > Millis(5_000), "{host_left}");
    let events = net.table_mut(watcher).check_flag(now);
    assert!(events.is_empty());
    assert!(net.table(watcher).game().outcome().is_none());
}

#[test]
fn a_guest_that_signs_two_plies_for_one_turn_is_proved_a_liar_and_the_hosts_game_followed() {
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    play_turn(&mut net, host);
    // The guest's next ply: X to the host, Y to the spectator.
    let agreed = net.table(host).game().plies().len();
    let legal = net.table(guest).game().position().legal_plies();
    let (x, y) = (legal[0].to_string(), legal[1].to_string());
    let mut lie = net.table(guest).game().clone();
    lie.play_text(&y).unwrap();
    let text = net.sealed(
        guest,
        Message::Ply {
            index: agreed as u32,
            ply: y.parse().unwrap(),
            hash: lie.position().hash(),
            left: None,
        },
    );
    net.deliver("p-guest", "p-watch", &text);
    // Held: the host, here, has not vouched for it (before: shown).
    assert_eq!(net.table(watcher).game().plies().len(), agreed);
    let now = net.now;
    let events = net.table_mut(guest).play(x.parse().unwrap(), now).unwrap();
    net.route(guest, events);
    net.queue.retain(|(_, to, _)| to != "p-watch");
    // The host takes X and relays it, signed by the guest: the spectator
    // holds the guest's two signatures for one place.
    net.run();
    let watching = net.table(watcher);
    assert_eq!(
        watching.game(),
        net.table(host).game(),
        "X, the host's game"
    );
    assert_eq!(watching.lies(), vec![(Side::Second, agreed)]);
    // The proof goes with the record, and anyone can check it: both
    // messages signed by the guest's key, for the same place, with other
    // plies.
    let record = Record::from_text(&watching.record()).unwrap();
    let proof = record
        .extra_tags
        .iter()
        .find(|(name, _)| name == "Equivocation")
        .map(|(_, value)| value.clone())
        .expect("the proof is in the record");
    let mut parts = proof.splitn(2, ' ');
    assert_eq!(parts.next(), Some("guest"));
    let messages: Vec<String> = parts
        .next()
        .unwrap()
        .split(" kharbga ")
        .enumerate()
        .map(|(i, m)| {
            if i == 0 {
                m.to_owned()
            } else {
                format!("kharbga {m}")
            }
        })
        .map(|m| m.replace(' ', "\t"))
        .collect();
    assert_eq!(messages.len(), 2);
    let room = key(1).public().room();
    let mut plies = Vec::new();
    for text in &messages {
        let Ok(Message::Signed { seal, body }) = decode(text) else {
            panic!("a signed message: {text}");
        };
        assert!(seal.verifies(&key(2).public(), &seal_scope(&room), &fields_text(&body)));
        let Message::Ply { index, ply, .. } = *body else {
            panic!("a ply");
        };
        assert_eq!(index as usize, agreed);
        plies.push(ply.to_string());
    }
    plies.sort();
    let mut expected = vec![x.clone(), y.clone()];
    expected.sort();
    assert_eq!(plies, expected);
    // Following goes on.
    play_turn(&mut net, guest);
    play_turn(&mut net, host);
    assert_eq!(net.table(watcher).game(), net.table(host).game());
    assert!(!net.warnings(watcher).contains(&Warning::Diverged));
}

#[test]
fn a_seat_that_withholds_its_plies_from_spectators_is_followed_through_the_other_and_named() {
    let (mut net, host, guest, watcher) = watched();
    // Honest seats: each ply comes by both roads, nobody is named.
    for _ in 0..2 {
        play_turn(&mut net, host);
        play_turn(&mut net, guest);
        net.now += RELAY_WAIT_MS;
        let now = net.now;
        net.act(watcher, |t| t.tick(now));
        net.run();
        assert_eq!(net.table(watcher).game(), net.table(host).game());
        assert_eq!(net.table(watcher).stopped_sending(), None);
    }
    play_turn(&mut net, host);
    for turn in 0..3 {
        // The guest sends its plies to the host alone.
        queue_guest_turn(&mut net, guest);
        run_without(&mut net, "p-guest", "p-watch");
        assert_eq!(
            net.table(watcher).game(),
            net.table(host).game(),
            "turn {turn}: the host's relay brings the guest's plies"
        );
        net.now += RELAY_WAIT_MS;
        let now = net.now;
        net.act(watcher, |t| t.tick(now));
        assert_eq!(
            net.table(watcher).stopped_sending(),
            Some((Side::Second, Side::First)),
            "the guest is named"
        );
        play_turn(&mut net, host);
        assert_eq!(net.table(watcher).game(), net.table(host).game());
    }
    // Its page sends its plies again: it is no longer named.
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).stopped_sending(), None);
    // A host that stops relaying the guest's plies is named in turn, once
    // the guest's own ply waited for it.
    play_turn(&mut net, host);
    queue_guest_turn(&mut net, guest);
    // The host takes the plies but its relays are lost.
    run_without(&mut net, "p-host", "p-watch");
    assert_ne!(net.table(watcher).game(), net.table(guest).game(), "held");
    for _ in 0..4 {
        net.now += RELAY_WAIT_MS;
        let now = net.now;
        net.act(watcher, |t| t.tick(now));
        net.queue.clear();
    }
    assert_eq!(net.table(watcher).game(), net.table(guest).game());
    assert_eq!(
        net.table(watcher).stopped_sending(),
        Some((Side::First, Side::Second))
    );
}

#[test]
fn a_second_connection_of_the_host_naming_the_other_side_proves_nothing() {
    use kharbga::net::identity::{hello_bytes, Role as SeatRole};
    use kharbga::net::message::Claim;
    let (mut net, host, guest, watcher) = watched();
    let room = key(1).public().room();
    let hello = Message::Hello {
        app: "0.1.0".into(),
        name: "Amel".into(),
        claim: Some(Claim {
            role: SeatRole::Host,
            side: Seat::Second,
            n: 0,
            cert: None,
            signature: key(1).sign(&hello_bytes(
                &room,
                SeatRole::Host,
                "second",
                "Amel",
                0,
                "p-watch",
            )),
        }),
    };
    let now = net.now;
    net.table_mut(watcher).connected("p-host-2".into(), now);
    net.deliver("p-host-2", "p-watch", &encode(&hello));
    assert_eq!(
        *net.table(watcher).names(),
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    assert_eq!(
        net.table(watcher).game(),
        net.table(host).game(),
        "the guest's plies still count"
    );
}

#[test]
fn an_end_both_seats_said_reaches_a_newcomer_whichever_welcome_comes_first() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    net.act(guest, Table::resign);
    assert!(net.table(host).game().outcome().is_some());
    // The guest's welcome reaches the newcomer first.
    let mut page = greeted_by_guest(&mut net, guest);
    let now = net.now;
    let record = net.table(guest).record();
    let welcome = net.sealed(
        guest,
        Message::Welcome {
            record,
            open: None,
            running: None,
        },
    );
    page.receive("p-guest", &welcome, now);
    let page = net.add("p-new", page);
    let outcome = net.table(page).game().outcome().expect("both seats say it");
    assert_eq!(outcome.reason, Reason::Resignation);
    assert_eq!(net.table(page).unconfirmed(), None);
}

#[test]
fn a_resignation_reaches_a_spectator_that_missed_the_last_ply() {
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    // The guest's turn never reaches the spectator.
    queue_guest_turn(&mut net, guest);
    net.queue.retain(|(_, to, _)| to != "p-watch");
    net.run();
    net.act(host, Table::resign);
    let watching = net.table(watcher);
    assert_eq!(watching.game(), net.table(host).game());
    assert_eq!(
        watching.game().outcome().map(|o| o.reason),
        Some(Reason::Resignation)
    );
}

#[test]
fn the_seat_race_loser_follows_a_winner_it_heard_before_the_certificate() {
    let (mut net, host) = hosting();
    let loser = net.add("p-guest", newcomer());
    let winner = net.add("p-winner", newcomer());
    // The loser presses Join; its join is slow to reach the host.
    net.press_join(loser, "Youssef", key(2));
    let slow: Vec<_> = net.queue.drain(..).collect();
    // The winner joins; what the host says to the loser is held, so the
    // winner's proved hello reaches the loser before the certificate.
    net.press_join(winner, "Mallory", key(3));
    let mut held = Vec::new();
    while !net.queue.is_empty() {
        let (from, to, text) = net.queue.remove(0);
        if from == "p-host" && to == "p-guest" {
            held.push((from, to, text));
        } else {
            net.deliver(&from, &to, &text);
        }
    }
    for (from, to, text) in slow.into_iter().chain(held) {
        net.deliver(&from, &to, &text);
    }
    net.run();
    assert_eq!(net.table(winner).role(), Role::Player(Side::Second));
    assert_eq!(net.table(loser).role(), Role::Spectator);
    net.warnings(loser);
    play_turn(&mut net, host);
    play_turn(&mut net, winner);
    assert_eq!(net.table(loser).game(), net.table(host).game());
    assert!(!net.warnings(loser).contains(&Warning::NotPlayer));
}
