//! A crowded room: visitors counted and capped, floods of hellos and byes
//! answered within an allowance, and connections that never say hello, or
//! were refused, closed at the heartbeat.

use kharbga::engine::{Millis, Side};
use kharbga::net::limits::MAX_VISITORS;
use kharbga::net::message::{encode, Message};
use kharbga::net::room::Rejoins;
use kharbga::net::table::{Event, Presence, Role, Warning, PING_MS, PONG_MS, QUIET_MS};

use super::{hosting, key, newcomer, play_turn, reloaded, seated, some_ply, watched, Net};

#[test]
fn saying_bye_and_hello_again_refills_nothing() {
    let (mut net, host, guest) = seated();
    net.events(host);
    let hello = encode(&Message::Hello {
        app: "0.1.0".into(),
        name: String::new(),
        claim: None,
    });
    let bye = encode(&Message::Bye);
    let now = net.now;
    // A stranger says bye and hello again, 2,000 times, on one connection…
    let mut sent_back = 0;
    let mut floods = 0;
    for _ in 0..2_000 {
        for text in [&bye, &hello] {
            let events = net.table_mut(host).receive("p-evil", text, now);
            floods += events
                .iter()
                .filter(|e| **e == Event::Warn(Warning::Flood))
                .count();
            sent_back += events
                .iter()
                .filter(|e| matches!(e, Event::Send(..) | Event::Broadcast(..)))
                .count();
        }
    }
    // …and gets at most its allowance of answers, without a broadcast.
    assert!(sent_back <= 40, "{sent_back} answers");
    assert!(floods >= 1);
    // New connections (new peer ids) share the room's allowance and its
    // cap: 500 of them are welcomed no more than the cap allows, and none
    // makes the host broadcast anything.
    let mut welcomed = 0;
    for n in 0..500 {
        let id = format!("p-evil-{n}");
        for event in net.table_mut(host).receive(&id, &hello, now) {
            welcomed += usize::from(matches!(event, Event::Send(_, Message::Welcome { .. })));
            assert!(!matches!(event, Event::Broadcast(_)), "{event:?}");
        }
    }
    assert!(
        welcomed <= MAX_VISITORS,
        "{welcomed} newcomers welcomed at once"
    );
    // The opponent's own messages still pass at that instant.
    net.queue.clear();
    let ply = some_ply(&net, host);
    net.play(host, &ply);
    play_turn(&mut net, host);
    let before = net.table(host).game().plies().len();
    play_turn(&mut net, guest);
    assert!(net.table(host).game().plies().len() > before);
    assert_eq!(net.table(host).game(), net.table(guest).game());
}

#[test]
fn visitors_are_counted_by_each_page_and_capped() {
    let (mut net, host, guest, watcher) = watched();
    assert_eq!(net.table(watcher).role(), Role::Spectator);
    assert_eq!(net.table(host).watchers(), 1);
    assert_eq!(net.table(watcher).watchers(), 1);
    // A count told by someone is not believed.
    net.deliver(
        "p-host",
        "p-watch",
        &encode(&Message::Watchers { count: 9_999 }),
    );
    assert_eq!(net.table(watcher).watchers(), 1);
    // Past the cap, a newcomer is told the room is full, and not welcomed.
    for n in 0..MAX_VISITORS {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let late = net.add("p-late", newcomer());
    assert_eq!(net.table(late).role(), Role::Newcomer);
    assert!(net.warnings(late).contains(&Warning::RoomFull));
    let _ = guest;
}

/// Amel's room, nobody seated yet.
fn hosting_alone() -> (Net, usize) {
    let (net, host) = hosting();
    (net, host)
}

/// The peers a page's events ask to close.
fn closed(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Close(peer) => Some(peer.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn connections_that_never_say_hello_do_not_fill_the_room() {
    // Seventeen connections that never say hello, then the invited friend:
    // it is welcomed with the free seat, takes it and plays.
    let (mut net, host) = hosting_alone();
    let now = net.now;
    for n in 0..17 {
        let events = net.table_mut(host).connected(format!("p-silent-{n}"), now);
        assert!(closed(&events).is_empty());
    }
    let friend = net.add("p-friend", newcomer());
    let events = net.events(friend);
    assert!(events.contains(&Event::Invited(Some(Side::Second))));
    assert!(!events.contains(&Event::Warn(Warning::RoomFull)));
    net.act(friend, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(net.table(friend).role(), Role::Player(Side::Second));
    assert!(net.events(host).contains(&Event::Seated));
    play_turn(&mut net, host);
    play_turn(&mut net, friend);
    assert_eq!(net.table(host).game(), net.table(friend).game());
    assert!(!net.table(host).game().plies().is_empty());
}

#[test]
fn visitors_do_not_keep_the_invited_friend_out_while_the_seat_is_free() {
    // Visitors who said hello fill the room; the seat is still free, so the
    // next newcomer (it may be the friend) is welcomed all the same.
    let (mut net, host) = hosting_alone();
    for n in 0..MAX_VISITORS {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let friend = net.add("p-friend", newcomer());
    assert!(!net.warnings(friend).contains(&Warning::RoomFull));
    assert_eq!(net.table(friend).role(), Role::Invited(Side::Second));
    net.act(friend, |t| t.join("Youssef".into(), key(2)));
    assert!(net.events(host).contains(&Event::Seated));
    // Once the seat is taken the cap holds again for newcomers…
    let late = net.add("p-late", newcomer());
    assert!(net.warnings(late).contains(&Warning::RoomFull));
    // …but never for the seat's owner, whose page comes back under a new
    // id into the full room.
    let left = net.remove(friend);
    let back = net.add("p-friend-again", reloaded(&left, Side::Second));
    assert!(!net.warnings(back).contains(&Warning::RoomFull));
    assert_eq!(net.table(host).presence(net.now), Presence::Connected);
    play_turn(&mut net, host);
    play_turn(&mut net, back);
    assert_eq!(net.table(host).game(), net.table(back).game());
    assert!(net.table(host).game().plies().len() >= 4);
}

#[test]
fn silent_and_refused_connections_are_closed_at_the_heartbeat() {
    use kharbga::net::limits::INTRO_MS;
    let (mut net, host, _guest) = seated();
    let start = net.now;
    net.table_mut(host).connected("p-silent".into(), start);
    // Visitors who said hello fill the room; one more is refused.
    for n in 0..MAX_VISITORS {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let refused = net.add("p-refused", newcomer());
    assert!(net.warnings(refused).contains(&Warning::RoomFull));
    // Before the time is up nobody is closed…
    let events = net.table_mut(host).tick(start + INTRO_MS - Millis(1));
    assert!(closed(&events).is_empty(), "{events:?}");
    // …then the silent connection is, and the refused one once its own
    // time is up; the visitors who said hello and the guest are not.
    let later = net.now + INTRO_MS;
    let events = net.table_mut(host).tick(later);
    let mut gone = closed(&events);
    gone.sort();
    assert_eq!(gone, vec!["p-refused".to_owned(), "p-silent".to_owned()]);
    // Closed once: the next heartbeat asks nothing more.
    assert!(closed(&net.table_mut(host).tick(later + Millis(2_000))).is_empty());
    assert_eq!(net.table(host).watchers(), MAX_VISITORS as u32);
    // A visitor that says goodbye and keeps its connection open is closed
    // once the same time has passed.
    let bye = encode(&Message::Bye);
    net.deliver("p-v0", "p-host", &bye);
    let left = net.now;
    assert!(closed(&net.table_mut(host).tick(left + INTRO_MS - Millis(1))).is_empty());
    assert_eq!(
        closed(&net.table_mut(host).tick(left + INTRO_MS)),
        vec!["p-v0".to_owned()]
    );
}

/// The peer whose path a page shows: a player's proved opponent, a
/// watching page's peer that plays a side; never a visitor, never one gone.
#[test]
fn the_counterpart_is_the_peer_played_or_watched_through() {
    let host_alone = hosting_alone().0;
    assert_eq!(host_alone.table(0).counterpart(), None);
    let (mut net, host, guest, watcher) = watched();
    assert_eq!(net.table(host).counterpart(), Some("p-guest"));
    assert_eq!(net.table(guest).counterpart(), Some("p-host"));
    // The watcher goes through a seat's page (whichever spoke last).
    let seen = net.table(watcher).counterpart().map(str::to_owned);
    assert!(
        matches!(seen.as_deref(), Some("p-host" | "p-guest")),
        "{seen:?}"
    );
    // The opponent gone: nobody (the spectator is no counterpart).
    net.remove(guest);
    assert_eq!(net.table(host).counterpart(), None);
}

/// How long the other side has been silent: what a page judges a lost
/// connection by (a page pings every second; a phone that changed networks
/// brings nothing while the browser still says "connected").
#[test]
fn the_counterparts_silence_is_measured_from_its_last_word() {
    assert_eq!(hosting_alone().0.table(0).quiet_ms(Millis(5_000)), None);
    let (mut net, host, guest) = seated();
    let now = net.now;
    let quiet = |net: &Net, at: Millis| net.table(host).quiet_ms(at).unwrap();
    // (Each message delivered here takes 10 ms.)
    assert!(quiet(&net, now) < Millis(100), "{}", quiet(&net, now));
    assert!(
        quiet(&net, now + QUIET_MS) >= QUIET_MS,
        "silent for as long as nothing came"
    );
    // A word from the guest (its heartbeat) starts the silence afresh.
    net.now += Millis(1_500);
    let later = net.now;
    assert!(quiet(&net, later) >= Millis(1_500));
    let ping = net.table_mut(guest).tick(later);
    net.route(guest, ping);
    net.run();
    assert!(
        quiet(&net, net.now) < Millis(100),
        "{}",
        quiet(&net, net.now)
    );
    const {
        assert!(
            QUIET_MS.get() >= 3 * PING_MS.get(),
            "three beats missed, not one"
        )
    };
}

/// A silence is judged by the peer's own heartbeat: a page that pings every
/// half second is quiet after three missed; one that pings less often (an
/// earlier version) after three of its own; one that never pinged (a
/// client of its own) never, and is judged away by the presence instead.
#[test]
fn a_silence_is_judged_by_the_peers_own_heartbeat() {
    let beat_at = |gap: Millis| {
        let (mut net, host, guest) = seated();
        for _ in 0..2 {
            net.now += gap;
            let at = net.now;
            let ping = net.table_mut(guest).tick(at);
            net.route(guest, ping);
            net.run();
        }
        let heard = net.now;
        (net, host, heard)
    };
    let (net, host, heard) = beat_at(PING_MS);
    // (Each message delivered here takes 10 ms: a beat of about 510 ms.)
    assert!(!net.table(host).quiet(heard + QUIET_MS - Millis(100)));
    assert!(net.table(host).quiet(heard + QUIET_MS + Millis(100)));
    // An earlier page's heartbeat, every two seconds: three of its own.
    let (net, host, heard) = beat_at(Millis(2_000));
    assert!(!net.table(host).quiet(heard + Millis(5_000)));
    assert!(net.table(host).quiet(heard + Millis(6_100)));
    // A peer that never pinged twice is never quiet.
    let (net, host, _) = seated();
    assert!(!net.table(host).quiet(net.now + Millis(60_000)));
}

/// A flood of pings tells no heartbeat: the silence of a peer that flooded
/// and stopped is not taken for a lost connection (the page would join the
/// room afresh, and leave its spectators, at a stranger's word).
#[test]
fn a_flood_of_pings_tells_no_heartbeat() {
    let (mut net, host, guest) = seated();
    for _ in 0..5 {
        net.now += Millis(1);
        let at = net.now;
        let ping = net.table_mut(guest).tick(at);
        net.route(guest, ping);
        net.run();
    }
    assert!(!net.table(host).quiet(net.now + QUIET_MS * 10));
}

#[test]
fn joining_afresh_on_silence_is_at_once_the_first_time_and_later_when_it_repeats() {
    let mut rejoins = Rejoins::default();
    // A phone that changed networks: at once.
    let mut now = Millis(10_000);
    assert_eq!(rejoins.delay(now), Rejoins::STEPS[0]);
    assert!(Rejoins::STEPS[0] <= 100);
    // A seated peer that proves its seat, pings and falls silent again and
    // again (about 5 s after each new connection): each wait is longer,
    // up to the last step, so it makes the page join again at most a few
    // times a minute and then once a minute.
    let mut waits = Vec::new();
    for _ in 0..8 {
        now += Millis(u64::from(*waits.last().unwrap_or(&Rejoins::STEPS[0]))) + Millis(5_000);
        waits.push(rejoins.delay(now));
    }
    assert_eq!(&waits[..4], &Rejoins::STEPS[1..]);
    assert!(waits[4..].iter().all(|w| *w == Rejoins::STEPS[4]));
    let in_ten_minutes = {
        let mut r = Rejoins::default();
        let (mut t, mut n) = (Millis(0), 0);
        while t < Millis(600_000) {
            t += Millis(u64::from(r.delay(t))) + Millis(5_000);
            n += 1;
        }
        n
    };
    assert!(
        in_ten_minutes <= 14,
        "{in_ten_minutes} rejoins in ten minutes"
    );
    // A steady while after the last one: at once again.
    now += Millis(u64::from(*waits.last().unwrap())) + Rejoins::STEADY_MS;
    assert_eq!(rejoins.delay(now), Rejoins::STEPS[0]);
}

#[test]
fn a_crowd_each_within_its_allowance_keeps_neither_followers_nor_newcomers_out() {
    // Fifteen visitors say hello, then 19 pings a second each (within a
    // visitor's own allowance) for three seconds. The spectator already
    // following and two newcomers who come in the middle are answered all
    // along (before: the crowd used up an allowance the room shared, and
    // one newcomer in two was not let in).
    let (mut net, host, _guest, watcher) = watched();
    let hello = encode(&Message::Hello {
        app: "0.1.0".into(),
        name: String::new(),
        claim: None,
    });
    let crowd: Vec<String> = (0..15).map(|n| format!("p-crowd-{n}")).collect();
    let start = net.now;
    for peer in &crowd {
        net.table_mut(host).connected(peer.clone(), start);
        net.table_mut(host).receive(peer, &hello, start);
    }
    let mut welcomed = Vec::new();
    let mut floods = 0;
    let (mut pongs, mut crowd_pongs, mut beats) = (0, 0, 0);
    let mut beat = start;
    let is_pong = |e: &Event| matches!(e, Event::Send(_, Message::Pong { .. }));
    for step in 1..=57u64 {
        let now = start + Millis(step * 1_000 / 19);
        for peer in &crowd {
            let ping = encode(&Message::Ping {
                at: now,
                plies: Some(0),
            });
            for event in net.table_mut(host).receive(peer, &ping, now) {
                floods += usize::from(event == Event::Warn(Warning::Flood));
                crowd_pongs += usize::from(is_pong(&event));
            }
        }
        // The spectator's heartbeat (a ping every PING_MS), each answered.
        if now.since(beat) >= PING_MS {
            beat = now;
            beats += 1;
            let ping = encode(&Message::Ping {
                at: now,
                plies: Some(0),
            });
            let events = net.table_mut(host).receive("p-watch", &ping, now);
            pongs += events.iter().filter(|e| is_pong(e)).count();
        }
        if step == 20 || step == 40 {
            let id = format!("p-new-{step}");
            net.table_mut(host).connected(id.clone(), now);
            let events = net.table_mut(host).receive(&id, &hello, now);
            if events
                .iter()
                .any(|e| matches!(e, Event::Send(_, Message::Welcome { .. })))
            {
                welcomed.push(id);
            }
        }
    }
    assert_eq!(floods, 0, "nobody went past its own allowance");
    assert_eq!(pongs, beats, "the spectator's every heartbeat answered");
    assert!(beats >= 5);
    // The crowd's 57 pings each in three seconds: at most one answer every
    // PONG_MS each (before: every one, 855 sends from the page).
    let most = 15 * (3_000 / PONG_MS.0 as usize + 1);
    assert!(
        crowd_pongs <= most,
        "{crowd_pongs} pongs to the crowd (at most {most})"
    );
    assert!(
        crowd_pongs >= 15 * 5,
        "the crowd is still answered: {crowd_pongs}"
    );
    assert_eq!(welcomed, ["p-new-20", "p-new-40"], "both newcomers let in");
    let _ = watcher;
}
