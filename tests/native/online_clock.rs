//! Online clocks: each page runs both; a ply carries its mover's time, taken
//! only as far as the receiving page's own count allows (with the lag
//! allowance); a flag is claimed by the page that sees it fall and checked
//! by the others against their own clocks; a page that is closed keeps its
//! clock running.

use kharbga::engine::clock::TimeControl;
use kharbga::engine::{BoardSize, Game, Reason, Rules, Side, Timing};
use kharbga::net::message::{decode, hash_text, DecodeError, Message, Seat};
use kharbga::net::table::{Table, Warning, LAG_MS};

use super::net::{key, newcomer, play_turn, Net};

/// Amel hosts a timed Seega 5×5 game as the first player; Youssef joins.
/// The clocks start when the second seat is taken.
fn timed_seated(base_s: u32, increment_s: u32) -> (Net, usize, usize) {
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
    .timed(control, &Timing::NONE, None, net.now);
    assert_eq!(
        table.clock.as_ref().unwrap().running(),
        None,
        "no clock runs before the opponent sits down"
    );
    let host = net.add("p-host", table);
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    for page in [host, guest] {
        let clock = net.table(page).clock.as_ref().expect("a timed game");
        assert_eq!(clock.control(), control, "the welcome's record names it");
        assert_eq!(clock.running(), Some(Side::First));
    }
    (net, host, guest)
}

/// The next ply of the game as `receiver` holds it, with a claimed time,
/// as `signer`'s seat would sign it (not played on the signer's page).
fn claimed_ply(net: &mut Net, receiver: usize, signer: usize, left: u64) -> String {
    let mut game = net.table(receiver).game.clone();
    let ply = game.position().legal_plies()[0].to_string();
    let index = game.plies().len() as u32;
    game.play_text(&ply).unwrap();
    let message = Message::Ply {
        index,
        ply,
        hash: hash_text(game.position().hash()),
        left: Some(left),
    };
    net.sealed(signer, message)
}

/// The time `side` has left on `page` now.
fn left(net: &Net, page: usize, side: Side) -> u64 {
    net.table(page)
        .clock
        .as_ref()
        .unwrap()
        .left(side, net.now as u64)
}

#[test]
fn a_ply_carries_its_movers_time_and_a_claim_of_more_is_cut_to_what_the_page_saw() {
    let (mut net, host, guest) = timed_seated(60, 2);
    // Amel's turn: two soldiers, 3 s then 2 s; the increment at its end.
    net.now += 3_000.0;
    let ply = net.table(host).game.position().legal_plies()[0].to_string();
    net.play(host, &ply);
    net.now += 2_000.0;
    let ply = net.table(host).game.position().legal_plies()[0].to_string();
    net.play(host, &ply);
    let host_tags = net.table(host).clock.as_ref().unwrap().timing().left;
    // (Each message delivered takes the tests' clock 10 ms on.)
    assert!((56_800..=57_000).contains(&host_tags[0]), "{host_tags:?}");
    assert!(
        (56_700..=57_000).contains(&host_tags[1]),
        "55 s and the 2 s increment at the turn's end: {host_tags:?}"
    );
    assert_eq!(
        net.table(guest).clock.as_ref().unwrap().timing().left,
        host_tags,
        "the mover's claims are within what the guest saw"
    );
    assert!(!net.warnings(guest).contains(&Warning::Clock));
    assert_eq!(
        net.table(guest).clock.as_ref().unwrap().running(),
        Some(Side::Second)
    );

    // Youssef thinks 5 s and says he used none: the host keeps its own
    // count, less the lag allowance.
    net.now += 5_000.0;
    let forged = claimed_ply(&mut net, host, guest, 60_000);
    net.deliver("p-guest", "p-host", &forged);
    assert!(net.warnings(host).contains(&Warning::Clock));
    let cut = *net
        .table(host)
        .clock
        .as_ref()
        .unwrap()
        .timing()
        .left
        .last()
        .unwrap();
    assert!(
        (60_000 - 5_100 - 100..=60_000 - 5_000 + LAG_MS).contains(&cut),
        "the host's count plus the allowance, not the claim: {cut}"
    );
    assert_eq!(cut % 100, 0, "tags keep tenths");

    // A claim within the allowance is taken as it is (the turn's end:
    // with the increment).
    net.now += 1_000.0;
    let fair = cut - 1_000 + 300 + 2_000;
    let ply = claimed_ply(&mut net, host, guest, fair);
    net.deliver("p-guest", "p-host", &ply);
    assert!(!net.warnings(host).contains(&Warning::Clock));
    let tags = net.table(host).clock.as_ref().unwrap().timing().left;
    assert_eq!(tags.len(), 4);
    assert_eq!(tags.last(), Some(&fair));
}

#[test]
fn a_flag_is_claimed_after_the_allowance_and_the_flagged_page_checks_it() {
    let (mut net, host, guest) = timed_seated(60, 0);
    // A claim while the host's clock still shows half a minute is refused.
    net.now += 30_000.0;
    let early = net.sealed(
        guest,
        Message::Flag {
            side: Seat::First,
            plies: 0,
        },
    );
    net.deliver("p-guest", "p-host", &early);
    assert!(net.warnings(host).contains(&Warning::EarlyFlag));
    assert!(net.table(host).game.outcome().is_none());

    // The host's flag falls at 60 s; the guest waits the allowance.
    net.now += 30_100.0;
    assert_eq!(left(&net, guest, Side::First), 0);
    let now = net.now;
    net.act(guest, |t| t.check_flag(now));
    assert!(
        net.table(guest).game.outcome().is_none(),
        "within the allowance"
    );
    net.now += LAG_MS as f64;
    let now = net.now;
    net.act(guest, |t| t.check_flag(now));
    for page in [guest, host] {
        let outcome = net.table(page).game.outcome().expect("over on time");
        assert_eq!(outcome.reason, Reason::Time);
        assert_eq!(outcome.winner, Some(Side::Second));
        assert_eq!(net.table(page).clock.as_ref().unwrap().running(), None);
    }
    assert!(!net.warnings(host).contains(&Warning::EarlyFlag));
    assert!(net.table(host).record().contains("[Reason \"time\"]"));
}

#[test]
fn a_page_that_is_closed_keeps_its_clock_running_and_loses_on_time() {
    let (mut net, host, guest) = timed_seated(30, 0);
    net.now += 1_000.0;
    play_turn(&mut net, host);
    // Youssef's turn; his page is closed after saving his game.
    net.now += 4_000.0;
    let saved_at = net.now;
    let saved = net.table(guest).clone();
    let times = saved.clock.as_ref().unwrap().both(saved_at as u64);
    assert!((25_900..=26_000).contains(&times[1]), "{times:?}");
    let timing = saved.clock.as_ref().unwrap().timing();
    net.remove(guest);
    let host = if host > guest { host - 1 } else { host };

    // Reopened 5 s later, before the flag: the time it was closed counts.
    let reopen = |at: f64| {
        let mut table = Table::resume(
            saved.game.clone(),
            Side::Second,
            saved.names.clone(),
            saved.key.clone().unwrap(),
            saved.host,
            saved.cert.as_ref().map(|c| (c.key, c.signature)),
            "2026.11.24".into(),
        )
        .timed(
            TimeControl::new(30, 0).unwrap(),
            &timing,
            Some(times),
            saved_at,
        );
        table.number_from(at as u64 * 1_000);
        table
    };
    let early = reopen(saved_at + 5_000.0);
    assert_eq!(
        early
            .clock
            .as_ref()
            .unwrap()
            .left(Side::Second, (saved_at + 5_000.0) as u64),
        times[1] - 5_000
    );

    // The host sees Youssef's flag fall (and the allowance pass).
    net.now = saved_at + f64::from(u32::try_from(times[1]).unwrap());
    let now = net.now;
    net.act(host, |t| t.check_flag(now));
    assert!(
        net.table(host).game.outcome().is_none(),
        "within the allowance"
    );
    net.now += LAG_MS as f64 + 100.0;
    let now = net.now;
    net.act(host, |t| t.check_flag(now));
    let outcome = net.table(host).game.outcome().expect("won on time");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::Time)
    );

    // Youssef comes back: his own clock says his time is gone.
    net.now += 10_000.0;
    let mut back = reopen(net.now);
    let now = net.now;
    let events = back.check_flag(now);
    assert!(!events.is_empty(), "his page says so itself");
    let outcome = back.game.outcome().expect("lost on time");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::Time)
    );
    let back = net.add("p-guest-again", back);
    assert!(!net.warnings(back).contains(&Warning::Diverged));
    assert!(!net.warnings(host).contains(&Warning::Diverged));
    assert_eq!(net.table(back).game, net.table(host).game);
}

#[test]
fn a_time_left_is_digits_only() {
    let ply = "kharbga\t2\tply\t0\ta1\t0000000000000000";
    assert!(decode(&format!("{ply}\t12345")).is_ok());
    for bad in ["-5", "1e9", "12.5", "", "9999999999"] {
        assert_eq!(
            decode(&format!("{ply}\t{bad}")),
            Err(DecodeError::Malformed),
            "{bad:?}"
        );
    }
    assert_eq!(
        decode("kharbga\t2\tflag\tnobody\t3"),
        Err(DecodeError::Malformed)
    );
}
