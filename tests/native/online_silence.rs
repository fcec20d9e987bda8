//! The clocks when the connection between the pages is lost for a while (a
//! phone that changed networks): a ply sent meanwhile arrives late, and the
//! page that receives it credits its mover the silence (a gap longer
//! than two heartbeats) rather than the lag allowance alone; the flag it would claim
//! meanwhile waits as long. Bounded: a game's silences credit at most a
//! tenth of the base time (at most `SILENCE_CREDIT_MS`), and a seat that
//! said goodbye gets nothing for the silence after.

use kharbga::engine::{Millis, Reason, Side};
use kharbga::net::table::{Warning, LAG_MS, PING_MS, SILENCE_CREDIT_MS};

use super::net::{play_turn, some_ply, Net};
use super::online_clock::{left, sealed_next_ply, timed_seated};

/// Both pages' heartbeats, delivered.
fn heartbeats(net: &mut Net, host: usize, guest: usize) {
    let now = net.now;
    net.act(host, |t| t.tick(now));
    let now = net.now;
    net.act(guest, |t| t.tick(now));
}

/// A game of `base_s` seconds a side, the host's first turn played a
/// second in, both heartbeats heard: the guest's turn.
fn guests_turn(base_s: u32) -> (Net, usize, usize) {
    let (mut net, host, guest) = timed_seated(base_s, 0);
    net.now += Millis(1_000);
    play_turn(&mut net, host);
    net.now += PING_MS;
    heartbeats(&mut net, host, guest);
    (net, host, guest)
}

/// `page`'s whole turn played on its own page, its messages held (the
/// connection is lost): returns them, and the times its page tagged.
fn turn_in_the_dark(net: &mut Net, page: usize, think_ms: Millis) -> (Vec<String>, Vec<Millis>) {
    let side = net.table(page).side().unwrap();
    let mut held = Vec::new();
    while net.table(page).game().position().to_move() == side {
        net.now += think_ms;
        let ply = some_ply(net, page);
        let now = net.now;
        let table = net.table_mut(page);
        let events = table.play(ply.parse().unwrap(), now).expect("a legal ply");
        held.extend(table.outgoing(&events).into_iter().map(|(_, text)| text));
    }
    let tags = net.table(page).clock().unwrap().timing().left;
    (held, tags)
}

/// A 60 s game, the host's first turn played, the heartbeats heard: the
/// guest's turn, whose page then loses its connection for `outage_ms`
/// while it plays (a second a soldier), and its plies arrive after.
fn guest_moves_through_an_outage(outage_ms: Millis) -> (Net, usize, usize, Vec<Millis>) {
    let (mut net, host, guest) = guests_turn(60);
    let (held, tags) = turn_in_the_dark(&mut net, guest, Millis(1_000));
    arrive_late(&mut net, held, outage_ms);
    (net, host, guest, tags)
}

/// The guest's held messages reach the host `outage_ms` later.
fn arrive_late(net: &mut Net, held: Vec<String>, outage_ms: Millis) {
    net.now += outage_ms;
    for text in held {
        net.deliver("p-guest", "p-host", &text);
    }
    net.run();
}

/// The host took the guest's last turn (two soldiers) with the times the
/// guest's page tagged (`tags`), without a warning.
fn keeps_its_movers_time(net: &mut Net, host: usize, tags: &[Millis], why: &str) {
    assert!(!net.warnings(host).contains(&Warning::Clock), "{why}");
    // (A page takes a claim in whole tenths of a second.)
    let theirs: Vec<Millis> = tags[tags.len() - 2..]
        .iter()
        .map(|t| *t / 100 * 100)
        .collect();
    let seen = net.table(host).clock().unwrap().timing().left;
    assert_eq!(&seen[seen.len() - 2..], theirs, "{why}");
}

#[test]
fn a_turn_played_while_the_connection_was_lost_keeps_its_movers_time() {
    let (mut net, host, guest, tags) = guest_moves_through_an_outage(Millis(3_500));
    // (A page takes a claim in whole tenths of a second.)
    let theirs: Vec<Millis> = tags[tags.len() - 2..]
        .iter()
        .map(|t| *t / 100 * 100)
        .collect();
    let seen = net.table(host).clock().unwrap().timing().left;
    assert_eq!(
        &seen[seen.len() - 2..],
        theirs,
        "the host takes the guest's own times, although it counted 3.5 s more"
    );
    assert!(!net.warnings(host).contains(&Warning::Clock));
    // Both pages agree on the guest's time once the game goes on.
    let on_host = left(&net, host, Side::Second);
    let on_guest = left(&net, guest, Side::Second);
    assert!(on_guest.get() - on_host.get() < 100, "{on_host} {on_guest}");
}

#[test]
fn a_turn_played_at_once_after_the_last_heartbeat_keeps_its_movers_time() {
    // The lab's phone: the host's turn reaches the guest 150 ms late, the
    // guest's heartbeat is heard, its network changes unseen and it plays
    // its turn at once (50 ms a soldier); the plies arrive 3.5 s later.
    // Its honest claims are within what the host can prove: the silence
    // counts from the last message heard, all of it.
    let (mut net, host, guest) = timed_seated(60, 0);
    net.now += Millis(1_000);
    let side = net.table(host).side().unwrap();
    while net.table(host).game().position().to_move() == side {
        let ply = some_ply(&net, host);
        let now = net.now;
        let events = net
            .table_mut(host)
            .play(ply.parse().unwrap(), now)
            .expect("a legal ply");
        net.route(host, events);
    }
    net.now += Millis(150);
    net.run();
    net.now += PING_MS - Millis(150);
    heartbeats(&mut net, host, guest);
    let (held, tags) = turn_in_the_dark(&mut net, guest, Millis(50));
    arrive_late(&mut net, held, Millis(3_500));
    keeps_its_movers_time(&mut net, host, &tags, "an honest claim refused");
}

#[test]
fn a_turn_of_two_plies_spends_its_silence_once() {
    // A 60 s game has 6 s of credit. Two outages of 1.8 s, each through a
    // whole turn of two soldiers (a second each): each turn needs about
    // 1.8 s of it, once (the second soldier's time carries the first's),
    // so both are credited.
    let (mut net, host, guest, _) = guest_moves_through_an_outage(Millis(1_800));
    assert!(!net.warnings(host).contains(&Warning::Clock));
    net.now += Millis(500);
    play_turn(&mut net, host);
    net.now += PING_MS;
    heartbeats(&mut net, host, guest);
    let (held, tags) = turn_in_the_dark(&mut net, guest, Millis(1_000));
    arrive_late(&mut net, held, Millis(1_800));
    keeps_its_movers_time(
        &mut net,
        host,
        &tags,
        "the second outage's honest claim refused: the first spent the credit twice",
    );
}

#[test]
fn without_a_silence_the_lag_allowance_alone_is_credited() {
    // The guest's page keeps its heartbeat through a turn of 3 s and then
    // claims it used none: the host keeps its own count and the allowance.
    let (mut net, host, guest) = timed_seated(60, 0);
    net.now += Millis(1_000);
    play_turn(&mut net, host);
    let before = left(&net, host, Side::Second);
    for _ in 0..6 {
        net.now += PING_MS;
        heartbeats(&mut net, host, guest);
    }
    assert_eq!(net.table(host).silence_credit(net.now), Millis(0));
    let counted = left(&net, host, Side::Second);
    for text in forged_turn(&mut net, host, guest, before) {
        net.deliver("p-guest", "p-host", &text);
    }
    assert!(net.warnings(host).contains(&Warning::Clock));
    let tags = net.table(host).clock().unwrap().timing().left;
    let kept = tags[tags.len() - 1];
    assert!(
        kept <= counted + LAG_MS && kept + Millis(200) >= counted + LAG_MS,
        "the host's count and the allowance: {kept} (counted {counted})"
    );
}

#[test]
fn a_claim_after_a_silence_is_held_to_the_games_credit_and_spends_it() {
    // The guest's own client says nothing for 60 s (thinking) and then
    // claims it used no time at all: only the game's credit (a tenth of
    // 60 s) is added to the host's count and the allowance.
    let (mut net, host, guest) = guests_turn(60);
    let before = left(&net, host, Side::Second);
    assert_eq!(
        net.table(host).silence_credit(net.now),
        Millis(0),
        "no silence yet"
    );
    net.now += Millis(30_000);
    let credit = net.table(host).silence_credit(net.now);
    assert_eq!(credit, Millis(6_000), "a tenth of the base time");
    assert!(credit <= SILENCE_CREDIT_MS);
    let forged = forged_turn(&mut net, host, guest, before);
    for text in forged {
        net.deliver("p-guest", "p-host", &text);
    }
    assert!(
        net.warnings(host).contains(&Warning::Clock),
        "a claim beyond the credit"
    );
    let tags = net.table(host).clock().unwrap().timing().left;
    let kept = tags[tags.len() - 1];
    let most = before - Millis(30_000) + LAG_MS + Millis(6_000) + Millis(100);
    assert!(
        kept <= most && kept + Millis(300) >= most - Millis(100),
        "the host's count, the allowance and the credit: {kept} (before {before})"
    );
    // The credit is spent: the next silence of this game brings nothing.
    net.now += Millis(100);
    play_turn(&mut net, host);
    heartbeats(&mut net, host, guest);
    net.now += Millis(10_000);
    assert_eq!(net.table(host).silence_credit(net.now), Millis(0));
}

/// The guest's whole turn as its own client would sign it, each ply
/// claiming `claim` ms left (none spent).
fn forged_turn(net: &mut Net, host: usize, guest: usize, claim: Millis) -> Vec<String> {
    let mut game = net.table(host).game().clone();
    let mut texts = Vec::new();
    while game.position().to_move() == Side::Second {
        texts.push(sealed_next_ply(net, guest, &mut game, claim));
    }
    texts
}

#[test]
fn a_flag_waits_for_a_ply_that_may_be_on_its_way_through_a_lost_connection() {
    // A 30 s game (3 s of credit): the guest's page goes silent on its
    // turn and its time runs out at the host.
    let (mut net, host, _) = guests_turn(30);
    let zero = net.now + left(&net, host, Side::Second);
    // The allowance alone has passed: not yet.
    let now = zero + LAG_MS + Millis(200);
    net.now = now;
    let events = net.table_mut(host).check_flag(now);
    assert!(
        events.is_empty(),
        "the credit is before the flag: {events:?}"
    );
    assert_eq!(net.table(host).game().outcome(), None);
    // The credit has passed too: the flag is claimed.
    let now = zero + (LAG_MS + Millis(3_000)) + Millis(100);
    net.now = now;
    let events = net.table_mut(host).check_flag(now);
    assert!(!events.is_empty());
    let outcome = net.table(host).game().outcome().expect("lost on time");
    assert_eq!(outcome.reason, Reason::Time);
    assert_eq!(outcome.winner, Some(Side::First));
}

#[test]
fn a_seat_that_said_goodbye_gets_nothing_for_the_silence_after() {
    let (mut net, host, guest) = guests_turn(30);
    let now = net.now;
    net.act(guest, |t| vec![t.bye()]);
    let zero = now + left(&net, host, Side::Second);
    let now = zero + LAG_MS + Millis(100);
    net.now = now;
    assert_eq!(net.table(host).silence_credit(now), Millis(0));
    let events = net.table_mut(host).check_flag(now);
    assert!(!events.is_empty(), "claimed after the allowance alone");
    assert_eq!(
        net.table(host).game().outcome().unwrap().reason,
        Reason::Time
    );
}
