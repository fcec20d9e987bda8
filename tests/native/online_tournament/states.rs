//! What a page believes of the organizer's state: only its signed states,
//! never a replayed old one; a page without a state asks again with a
//! backoff, and floods of hellos are answered within an allowance.

use kharbga::engine::Millis;
use kharbga::net::tournament::{
    seal, Body, Follower, Heard, Organizer, Reply, State, ASK_AT_MOST_MS, ASK_FIRST_MS, EVERYONE,
    HELLO_EVERY_MS,
};
use kharbga::tournament::{BoardRef, Format, Score};

use crate::net::key;

use super::{seega_cup, Club, Take};

#[test]
fn a_state_not_signed_by_the_organizer_or_replayed_is_not_believed() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let before = club.spectator.state().unwrap().clone();
    // A stranger signs a state of its own making.
    let forged = before.to_text().replacen(" - Amel\n", " - Mallory\n", 1);
    let organizer = club.organizer.public();
    let stranger = seal(
        &organizer,
        &key(66),
        u64::MAX - 1,
        &Body::State {
            text: forged,
            to: EVERYONE.to_owned(),
        },
    );
    assert_eq!(club.spectator.receive(&stranger), Heard::Nothing);
    // The organizer's message changed on the way.
    let genuine = club.organizer.state_message(club.now + 10);
    let tampered = genuine.replace("Amel", "Mall");
    assert_eq!(club.spectator.receive(&tampered), Heard::Nothing);
    assert_eq!(club.spectator.receive(&genuine), Heard::State);
    // The same message again, or an older one: old news.
    assert_eq!(club.spectator.receive(&genuine), Heard::Nothing);
    // A state signed for another tournament.
    let mut other = seega_cup(key(20), "Other", Format::RoundRobin { double: false });
    assert_eq!(
        club.spectator.receive(&other.state_message(u64::MAX)),
        Heard::Nothing
    );
    assert_eq!(club.spectator.state().unwrap(), &before);
    // A page opened again remembers the number of the state it kept: an
    // older state of the organizer's, replayed, is not believed.
    let older = club.organizer.state_message(club.now + 20);
    let mut reopened = Follower::new(organizer, None);
    reopened.add_id("reopened");
    let newer = club.organizer.state_to("reopened", club.now + 21);
    assert_eq!(reopened.receive(&newer), Heard::State);
    let mut again = Follower::new(organizer, None);
    again.remember(reopened.state().unwrap().clone(), reopened.heard());
    assert_eq!(again.receive(&older), Heard::Nothing);
    // A state that does not fit together is refused even when the
    // organizer signed it: a key missing, a key twice, a board disputed
    // that has its result.
    let text = before.to_text();
    let first_key = text.lines().find(|l| l.starts_with("key ")).unwrap();
    let second_key = text
        .lines()
        .filter(|l| l.starts_with("key "))
        .nth(1)
        .unwrap();
    let broken = [
        text.replacen(&format!("{first_key}\n"), "", 1),
        text.replacen(second_key, first_key, 1),
        text.replacen("---\n", "disputed 9 0\n---\n", 1),
    ];
    for (i, bad) in broken.into_iter().enumerate() {
        assert!(State::from_text(&bad).is_err(), "broken state {i}");
        let signed = seal(
            &organizer,
            &key(10),
            u64::MAX - 10 + i as u64,
            &Body::State {
                text: bad,
                to: EVERYONE.to_owned(),
            },
        );
        assert_eq!(club.spectator.receive(&signed), Heard::Nothing);
    }
    assert_eq!(club.spectator.state().unwrap(), &before);
}

/// How many of the hellos from `peers` (one from each, in order), all at
/// `now`, the organizer answers with its state.
fn hellos_answered(
    organizer: &mut Organizer,
    peers: impl IntoIterator<Item = impl AsRef<str>>,
    now: Millis,
) -> usize {
    let hello = Follower::hello();
    peers
        .into_iter()
        .filter(|peer| organizer.receive(peer.as_ref(), &hello, now) == Reply::State)
        .count()
}

#[test]
fn a_flood_of_hellos_is_answered_only_within_the_allowance() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let flood = ["flood"; 200];
    // One peer: one hello answered, then none until HELLO_EVERY_MS later
    // (a page that has its state does not ask again).
    let answered = hellos_answered(&mut club.organizer, flood, Millis::ZERO);
    assert_eq!(answered, 1);
    let sooner = hellos_answered(&mut club.organizer, flood, HELLO_EVERY_MS - Millis(1));
    assert_eq!(sooner, 0);
    let later = hellos_answered(&mut club.organizer, flood, HELLO_EVERY_MS);
    assert_eq!(later, 1);
    // New peer ids bring no new allowance for hellos: they share one.
    let peers = (0..400).map(|i| format!("p{i}"));
    let many = hellos_answered(&mut club.organizer, peers, Millis(4_000));
    assert!(many <= 120, "{many} hellos answered");
    // A player's signed message still goes through.
    let (c, _) = club.board(1);
    let host = club.room(0, 1);
    club.now += 1;
    let record = club.record(0, 1, Score::SecondWins);
    let concede = club.report_with(c, (0, 1), host, Score::SecondWins, &record, club.now);
    assert_eq!(
        club.organizer.receive("player", &concede, Millis(4_000)),
        Reply::Changed
    );
}

#[test]
fn a_flooding_connection_costs_the_hellos_allowance_one_hello() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    // A thousand hellos from one connection at once...
    hellos_answered(&mut club.organizer, ["flood"; 1_000], Millis(10_000));
    // ...leave the shared allowance (120 at once) to everyone else, but
    // one: 119 newcomers at that instant are all answered.
    let newcomers = (0..119).map(|i| format!("newcomer{i}"));
    let others = hellos_answered(&mut club.organizer, newcomers, Millis(10_000));
    assert_eq!(others, 119);
}

/// Ten connections flood hellos (a thousand a second each) for ten
/// seconds while ten newcomers arrive; the organizer's welcome is lost
/// for each (as it may be under such a load). Each newcomer asks again as
/// its page does, and every one gets a state addressed to it.
#[test]
fn a_thousand_hellos_a_second_from_each_of_ten_peers_do_not_starve_ten_newcomers() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let organizer = club.organizer.public();
    let hello = Follower::hello();
    let mut newcomers: Vec<(String, Follower, Millis)> = (0..10u64)
        .map(|i| {
            let id = format!("newcomer{i}");
            let mut f = Follower::new(organizer, None);
            f.add_id(&id);
            (id, f, Millis(1_000 + 500 * i))
        })
        .collect();
    let mut fresh_at = vec![None; newcomers.len()];
    let mut now = Millis::ZERO;
    while now < Millis(20_000) {
        if now < Millis(10_000) {
            for peer in 0..10 {
                for _ in 0..10 {
                    club.organizer.receive(&format!("flood{peer}"), &hello, now);
                }
            }
        }
        for (i, (id, follower, arrives)) in newcomers.iter_mut().enumerate() {
            if now < *arrives {
                continue;
            }
            if now == *arrives {
                // The welcome is sent, and lost.
                let _ = club.organizer.welcome(id, now);
            }
            if let Some(ask) = follower.ask(now) {
                if club.organizer.receive(id, &ask, now) == Reply::State {
                    let answer = club.organizer.state_to(id, now.get());
                    assert_eq!(follower.receive(&answer), Heard::State);
                    fresh_at[i] = Some(now - *arrives);
                }
            }
        }
        now += Millis(10);
    }
    for (i, (_, follower, _)) in newcomers.iter().enumerate() {
        assert!(follower.is_fresh(), "newcomer {i} never got a state");
        // It asked first after ASK_FIRST_MS, and got the answer then.
        assert!(
            fresh_at[i].unwrap() <= ASK_FIRST_MS + Millis(10),
            "{fresh_at:?}"
        );
    }
}

#[test]
fn a_follower_that_missed_the_answer_asks_again_with_a_backoff() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let mut page = Follower::new(club.organizer.public(), None);
    page.add_id("late");
    // The welcome at its arrival is lost.
    assert!(club.organizer.welcome("late", Millis::ZERO).is_some());
    let mut asked = Vec::new();
    let mut now = Millis::ZERO;
    while now <= Millis(40_000) {
        if page.ask(now).is_some() {
            asked.push(now);
        }
        now += Millis(100);
    }
    // First after ASK_FIRST_MS, then each wait longer, up to the most.
    assert_eq!(asked[0], ASK_FIRST_MS);
    let waits: Vec<Millis> = asked.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(waits.windows(2).all(|w| w[0] <= w[1]), "{waits:?}");
    assert!(waits.iter().all(|w| *w <= ASK_AT_MOST_MS + Millis(100)));
    assert!(waits.len() >= 3 && *waits.last().unwrap() >= ASK_AT_MOST_MS);
    // It asks again, is answered (each hello, HELLO_EVERY_MS apart at
    // least, is), and stops asking once it has a state.
    let hello = page.ask(Millis(50_000)).expect("still asking");
    assert_eq!(
        club.organizer.receive("late", &hello, Millis(50_000)),
        Reply::State
    );
    let answer = club.organizer.state_to("late", 50_000);
    assert_eq!(page.receive(&answer), Heard::State);
    assert!(page.is_fresh());
    assert_eq!(page.ask(Millis(100_000)), None);
    assert_eq!(page.state(), Some(club.organizer.state()));
}

#[test]
fn a_replayed_old_state_is_never_shown_to_a_page_that_just_opened() {
    let mut organizer = seega_cup(key(10), "Late night", Format::RoundRobin { double: false });
    let public = organizer.public();
    // Genuine states from before the start: broadcast, and addressed to a
    // page that was there then. Someone kept them.
    let before_broadcast = organizer.state_message(10);
    let before_addressed = organizer.state_to("early-page", 11);
    for (n, name) in [(11, "Amel"), (12, "Youssef"), (13, "Karim")] {
        let mut p = Follower::new(public, Some(key(n)));
        assert_eq!(
            organizer.take(&p.enter(name, 100 + u64::from(n)).unwrap()),
            Reply::Changed
        );
    }
    organizer.start().unwrap();
    // Round 1, as a page saw it then (and kept it).
    let round_one = organizer.state_message(200);
    let mut then = Follower::new(public, None);
    then.add_id("then");
    assert_eq!(then.receive(&organizer.state_to("then", 210)), Heard::State);
    // Round 1 ends (three players: one board and a bye); round 2 is paired.
    let played = organizer.state().tournament.rounds()[0]
        .iter()
        .position(|p| p.second.is_some())
        .unwrap();
    assert!(organizer.decide(BoardRef::new(0, played), Score::Draw));
    assert_eq!(organizer.state().tournament.rounds().len(), 2);
    let current = organizer.state().clone();
    // A late spectator opens the link: the old states, replayed to it
    // before the organizer's answer, are not believed; not even one
    // addressed to a page that was there before.
    let mut late = Follower::new(public, None);
    late.add_id("late-page");
    for old in [&before_broadcast, &before_addressed, &round_one] {
        assert_eq!(late.receive(old), Heard::Nothing);
    }
    assert!(late.state().is_none());
    // The answer to its hello is addressed to it: believed.
    let answer = organizer.state_to("late-page", 300);
    assert_eq!(late.receive(&answer), Heard::State);
    assert_eq!(late.state(), Some(&current));
    // After it, only newer states: the old ones again are old news.
    for old in [&before_broadcast, &before_addressed, &round_one] {
        assert_eq!(late.receive(old), Heard::Nothing);
    }
    let later = organizer.state_message(400);
    assert_eq!(late.receive(&later), Heard::State);
    // A page opened again with its kept copy (round 1, with its number)
    // shows that copy while it connects, but believes no state replayed
    // to it meanwhile, not even one newer than its copy: only the one
    // addressed to it.
    let mut kept = Follower::new(public, None);
    kept.remember(then.state().unwrap().clone(), then.heard());
    kept.add_id("kept-page");
    assert_eq!(kept.receive(&round_one), Heard::Nothing);
    assert_eq!(kept.receive(&later), Heard::Nothing);
    assert!(!kept.is_fresh());
    assert_eq!(kept.state(), then.state());
    assert_eq!(
        kept.receive(&organizer.state_to("kept-page", 500)),
        Heard::State
    );
    assert_eq!(kept.state(), Some(organizer.state()));
}
