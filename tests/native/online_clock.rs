//! Online clocks: each page runs both; a ply carries its mover's time, taken
//! only as far as the receiving page's own count allows (with the lag
//! allowance); a flag is claimed by the page that sees it fall and checked
//! by the others against their own clocks; a page that is closed keeps its
//! clock running.

use kharbga::engine::clock::TimeControl;
use kharbga::engine::{BoardSize, Game, Millis, Reason, Rules, Side, Timing};
use kharbga::net::message::{decode, Message, PROTOCOL};
use kharbga::net::table::{Table, Warning, LAG_MS};

use super::net::{assert_malformed, key, newcomer, play_turn, reloaded, Net};

/// Amel hosts a timed Seega 5×5 game as the first player; Youssef joins.
/// The clocks start when the second seat is taken.
pub(crate) fn timed_seated(base_s: u32, increment_s: u32) -> (Net, usize, usize) {
    let mut net = Net::new();
    let control = TimeControl::new(base_s, increment_s).unwrap();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let table = Table::host(
        game,
        Side::First,
        "Amel".into(),
        key(1),
        "2026.11.24".into(),
    )
    .timed(control, &Timing::NONE, None, net.now, net.now);
    assert_eq!(
        table.clock().unwrap().running(),
        None,
        "no clock runs before the opponent sits down"
    );
    let host = net.add("p-host", table);
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    for page in [host, guest] {
        let clock = net.table(page).clock().expect("a timed game");
        assert_eq!(clock.control(), control, "the welcome's record names it");
        assert_eq!(clock.running(), Some(Side::First));
    }
    (net, host, guest)
}

/// [`timed_seated`] with `base_s` seconds a side and no increment; Amel
/// plays her first turn a second in.
fn host_played_first_turn(base_s: u32) -> (Net, usize, usize) {
    let (mut net, host, guest) = timed_seated(base_s, 0);
    net.now += Millis(1_000);
    play_turn(&mut net, host);
    (net, host, guest)
}

/// The next ply of the game as `receiver` holds it, with a claimed time,
/// as `signer`'s seat would sign it (not played on the signer's page).
fn claimed_ply(net: &mut Net, receiver: usize, signer: usize, left: Millis) -> String {
    let mut game = net.table(receiver).game().clone();
    sealed_next_ply(net, signer, &mut game, left)
}

/// The first legal ply of `game`, played there, as `signer`'s seat would
/// sign it with `left` ms claimed.
pub(crate) fn sealed_next_ply(
    net: &mut Net,
    signer: usize,
    game: &mut Game,
    left: Millis,
) -> String {
    let ply = game.position().legal_plies()[0];
    let index = game.plies().len() as u32;
    game.play(ply).unwrap();
    let message = Message::Ply {
        index,
        ply,
        hash: game.position().hash(),
        left: Some(left),
    };
    net.sealed(signer, message)
}

/// The saved page `saved` of `side`'s player (a game of `base_s` seconds
/// a side, saved at `saved_at`) opened again at `at`.
fn reopened(saved: &Table, side: Side, base_s: u32, saved_at: Millis, at: Millis) -> Table {
    let clock = saved.clock().expect("a timed game");
    reloaded(saved, side).timed(
        TimeControl::new(base_s, 0).unwrap(),
        &clock.timing(),
        Some(clock.both(saved_at)),
        saved_at,
        at,
    )
}

/// The time `side` has left on `page` now.
pub(crate) fn left(net: &Net, page: usize, side: Side) -> Millis {
    net.table(page).clock().unwrap().left(side, net.now)
}

#[test]
fn a_ply_carries_its_movers_time_and_a_claim_of_more_is_cut_to_what_the_page_saw() {
    let (mut net, host, guest) = timed_seated(60, 2);
    // Amel's turn: two soldiers, 3 s then 2 s; the increment at its end.
    net.now += Millis(3_000);
    let ply = net.table(host).game().position().legal_plies()[0].to_string();
    net.play(host, &ply);
    net.now += Millis(2_000);
    let ply = net.table(host).game().position().legal_plies()[0].to_string();
    net.play(host, &ply);
    let host_tags = net.table(host).clock().unwrap().timing().left;
    // (Each message delivered takes the tests' clock 10 ms on.)
    assert!(
        (Millis(56_800)..=Millis(57_000)).contains(&host_tags[0]),
        "{host_tags:?}"
    );
    assert!(
        (Millis(56_700)..=Millis(57_000)).contains(&host_tags[1]),
        "55 s and the 2 s increment at the turn's end: {host_tags:?}"
    );
    assert_eq!(
        net.table(guest).clock().unwrap().timing().left,
        host_tags,
        "the mover's claims are within what the guest saw"
    );
    assert!(!net.warnings(guest).contains(&Warning::Clock));
    assert_eq!(
        net.table(guest).clock().unwrap().running(),
        Some(Side::Second)
    );

    // Youssef thinks 5 s and says he used none: the host keeps its own
    // count, plus the lag allowance.
    net.now += Millis(5_000);
    let forged = claimed_ply(&mut net, host, guest, Millis(60_000));
    net.deliver("p-guest", "p-host", &forged);
    assert!(net.warnings(host).contains(&Warning::Clock));
    let cut = *net
        .table(host)
        .clock()
        .unwrap()
        .timing()
        .left
        .last()
        .unwrap();
    // (The host's count: 55 s, less the few deliveries of 10 ms since his
    // turn began; tags keep whole tenths.)
    assert!(
        (Millis(55_400)..=Millis(55_500)).contains(&cut),
        "the host's count plus the allowance, not the claim: {cut}"
    );
    assert_eq!(cut.get() % 100, 0, "tags keep tenths");

    // A claim within the allowance is taken as it is (the turn's end:
    // with the increment).
    net.now += Millis(1_000);
    let fair = cut - Millis(1_000) + Millis(300) + Millis(2_000);
    let ply = claimed_ply(&mut net, host, guest, fair);
    net.deliver("p-guest", "p-host", &ply);
    assert!(!net.warnings(host).contains(&Warning::Clock));
    let tags = net.table(host).clock().unwrap().timing().left;
    assert_eq!(tags.len(), 4);
    assert_eq!(tags.last(), Some(&fair));
}

#[test]
fn a_flag_is_claimed_after_the_allowance_and_the_flagged_page_checks_it() {
    let (mut net, host, guest) = timed_seated(60, 0);
    // A claim while the host's clock still shows half a minute is refused.
    net.now += Millis(30_000);
    net.claim_first_flag(guest, 0, "p-host");
    assert!(net.warnings(host).contains(&Warning::EarlyFlag));
    assert!(net.table(host).game().outcome().is_none());

    // The host's flag falls at 60 s; the guest waits the allowance.
    net.now += Millis(30_100);
    assert_eq!(left(&net, guest, Side::First), Millis(0));
    let now = net.now;
    net.act(guest, |t| t.check_flag(now));
    assert!(
        net.table(guest).game().outcome().is_none(),
        "within the allowance"
    );
    net.now += LAG_MS;
    let now = net.now;
    net.act(guest, |t| t.check_flag(now));
    for page in [guest, host] {
        let outcome = net.table(page).game().outcome().expect("over on time");
        assert_eq!(outcome.reason, Reason::Time);
        assert_eq!(outcome.winner, Some(Side::Second));
        assert_eq!(net.table(page).clock().unwrap().running(), None);
    }
    assert!(!net.warnings(host).contains(&Warning::EarlyFlag));
    assert!(net.table(host).record().contains("[Reason \"time\"]"));
}

#[test]
fn a_page_that_is_closed_keeps_its_clock_running_and_loses_on_time() {
    let (mut net, host, guest) = host_played_first_turn(30);
    // Youssef's turn; his page is closed after saving his game.
    net.now += Millis(4_000);
    let saved_at = net.now;
    let saved = net.table(guest).clone();
    let times = saved.clock().unwrap().both(saved_at);
    assert!(
        (Millis(25_900)..=Millis(26_000)).contains(&times[1]),
        "{times:?}"
    );
    net.remove(guest);
    let host = if host > guest { host - 1 } else { host };

    // Reopened 5 s later, before the flag: the time it was closed counts.
    let reopen = |at: Millis| reopened(&saved, Side::Second, 30, saved_at, at);
    let early = reopen(saved_at + Millis(5_000));
    assert_eq!(
        early
            .clock()
            .unwrap()
            .left(Side::Second, saved_at + Millis(5_000)),
        times[1] - Millis(5_000)
    );

    // The host sees Youssef's flag fall (and the allowance pass).
    net.now = saved_at + times[1];
    let now = net.now;
    net.act(host, |t| t.check_flag(now));
    assert!(
        net.table(host).game().outcome().is_none(),
        "within the allowance"
    );
    net.now += LAG_MS + Millis(100);
    let now = net.now;
    net.act(host, |t| t.check_flag(now));
    let outcome = net.table(host).game().outcome().expect("won on time");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::Time)
    );

    // Youssef comes back: his own clock says his time is gone.
    net.now += Millis(10_000);
    let mut back = reopen(net.now);
    let now = net.now;
    let events = back.check_flag(now);
    assert!(!events.is_empty(), "his page says so itself");
    let outcome = back.game().outcome().expect("lost on time");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::Time)
    );
    let back = net.add("p-guest-again", back);
    assert!(!net.warnings(back).contains(&Warning::Diverged));
    assert!(!net.warnings(host).contains(&Warning::Diverged));
    assert_eq!(net.table(back).game(), net.table(host).game());
}

#[test]
fn a_time_left_is_digits_only() {
    let ply = format!("kharbga\t{PROTOCOL}\tply\t0\ta1\t0000000000000000");
    assert!(decode(&format!("{ply}\t12345")).is_ok());
    for bad in ["-5", "1e9", "12.5", "", "9999999999"] {
        assert_malformed(&format!("{ply}\t{bad}"));
    }
    assert_malformed("kharbga\t4\tflag\tnobody\t3");
}

/// `page` plays the first legal ply, its messages held (in flight); returns them.
fn play_held(net: &mut Net, page: usize) -> Vec<kharbga::net::table::Event> {
    let ply = net.table(page).game().position().legal_plies()[0].to_string();
    let now = net.now;
    net.table_mut(page).play(ply.parse().unwrap(), now).unwrap()
}

#[test]
fn a_takeback_on_the_clock_gives_the_turn_and_the_running_clock_back() {
    use kharbga::net::message::Offer;
    let (mut net, host, guest) = host_played_first_turn(60);
    net.now += Millis(2_000);
    net.act(host, |t| t.offer(Offer::Takeback));
    net.act(guest, |t| t.answer(true));
    for page in [host, guest] {
        assert!(net.table(page).game().plies().is_empty());
        let now = net.now;
        let clock = net.table(page).clock_at(now).unwrap();
        assert_eq!(
            clock.running(),
            Some(Side::First),
            "Amel's turn again, her clock"
        );
        assert!(clock.timing().left.is_empty());
        // The time she used is not given back.
        assert!(clock.left(Side::First, now) <= Millis(59_000));
    }
}

#[test]
fn a_page_opened_again_on_the_others_turn_waits_for_its_record() {
    let (mut net, host, guest) = host_played_first_turn(300);
    // Amel's page is closed on Youssef's turn...
    let saved_at = net.now;
    let saved = net.table(host).clone();
    net.remove(host);
    let guest = if guest > host { guest - 1 } else { guest };
    // ...he sets his two soldiers 10 s later (nobody hears them)...
    net.now += Millis(10_000);
    play_turn(&mut net, guest);
    let his = net.table(guest).clock().unwrap().timing().left.clone();
    // ...and she comes back six minutes later: his flag would have fallen
    // by her count, but she cannot know he moved.
    net.now += Millis(360_000);
    let now = net.now;
    let mut back = reopened(&saved, Side::First, 300, saved_at, now);
    assert!(
        back.check_flag(now).is_empty(),
        "no claim before his record"
    );
    let back = net.add("p-host-again", back);
    assert_eq!(
        net.table(back).game().plies().len(),
        4,
        "his plies caught up"
    );
    assert!(
        !net.warnings(back).contains(&Warning::Clock),
        "his times are his"
    );
    assert_eq!(net.table(back).clock().unwrap().timing().left, his);
    // Her own turn ran while she was away: her flag falls on her page.
    let now = net.now;
    net.act(back, |t| t.check_flag(now));
    for page in [back, guest] {
        let outcome = net.table(page).game().outcome().expect("over on time");
        assert_eq!(
            (outcome.winner, outcome.reason),
            (Some(Side::Second), Reason::Time)
        );
    }
}

#[test]
fn a_ply_that_crossed_the_claim_of_its_flag_was_too_late_on_both_pages() {
    let (mut net, host, guest) = timed_seated(30, 0);
    // Amel plays her first soldier with 0.2 s left...
    net.now += Millis(29_800);
    let held = play_held(&mut net, host);
    // ...but the ply is slow on its way: Youssef's page claims her flag.
    net.now += Millis(800);
    let now = net.now;
    net.act(guest, |t| t.check_flag(now));
    assert!(net.table(guest).game().outcome().is_some());
    // The claim reaches her: her ply was on its way as her flag fell.
    let outcome = net
        .table(host)
        .game()
        .outcome()
        .expect("lost on time at her page too");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Second), Reason::Time)
    );
    assert!(
        net.table(host).game().plies().is_empty(),
        "the late ply taken back"
    );
    // Her ply arrives at last: too late, nothing changes.
    net.act(host, |_| held);
    assert_eq!(net.table(guest).game(), net.table(host).game());
    assert!(net.warnings(host).is_empty());
}
