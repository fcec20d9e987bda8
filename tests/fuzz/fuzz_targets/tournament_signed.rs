//! Tournament messages signed by genuine keys, their fields the fuzzer's:
//! what a player's page may send (an entry under any name, a report with
//! any record and result, a room made, a leave) past the signature check,
//! and the organizer's states of any text. Each line of the input is one
//! step, `<player digit><kind><rest>` (a `|` in `rest` is a line break):
//! `e` enters under `rest`, `r` reports its board with the record `rest`
//! (its first character the result: `1`, `2` or `=`), `m` makes its
//! board's room, `l` leaves, `s` is the organizer's state `rest` addressed
//! to that player's page, `x` starts the tournament, `d` decides a board. The organizer never panics,
//! its state reads back the same, and every page believes every state it
//! signs; a state of any other text is believed only as it reads.
#![no_main]

use kharbga::engine::{BoardSize, Millis, Rules};
use kharbga::net::identity::SeatKey;
use kharbga::net::tournament::{seal, Body, Follower, Heard, Organizer, State};
use kharbga::tournament::{BoardRef, Format, Score};
use libfuzzer_sys::fuzz_target;

const PLAYERS: usize = 4;

fn score(c: Option<char>) -> Score {
    match c {
        Some('1') => Score::FirstWins,
        Some('2') => Score::SecondWins,
        _ => Score::Draw,
    }
}

fuzz_target!(|text: &str| {
    let organizer_key = SeatKey::from_seed([10; 32]);
    let mut organizer = Organizer::new(
        organizer_key.clone(),
        "Fuzz".into(),
        Rules::seega(BoardSize::Five),
        None,
        Format::Swiss { rounds: 3 },
    );
    let public = organizer.public();
    let mut pages: Vec<Follower> = (0..PLAYERS)
        .map(|i| {
            let mut page = Follower::new(public, Some(SeatKey::from_seed([11 + i as u8; 32])));
            page.add_id(&format!("page{i}"));
            page
        })
        .collect();
    let mut now = 1_000u64;
    for (step, line) in text.lines().take(64).enumerate() {
        let mut chars = line.chars();
        let (Some(who), Some(kind)) = (chars.next(), chars.next()) else {
            continue;
        };
        let rest = chars.as_str().replace('|', "\n");
        let rest = rest.as_str();
        let i = who.to_digit(10).unwrap_or(0) as usize % PLAYERS;
        now += 1;
        let at = Millis(now * 1_000);
        let page = &mut pages[i];
        let peer = format!("page{i}");
        let sent = match kind {
            'e' => page.enter(rest, now),
            'r' => {
                let mut cs = rest.chars();
                let score = score(cs.next());
                let board = page.state().zip(page.me()).and_then(|(s, me)| {
                    s.board_of(me).map(|b| (b, s.room(b).map(|r| r.host)))
                });
                match board {
                    Some((board, host)) => {
                        let host = host.unwrap_or_else(|| SeatKey::from_seed([99; 32]).public());
                        page.report_on(board, host, score, cs.as_str(), now)
                    }
                    None => None,
                }
            }
            'm' => page.make_room(now),
            'l' => page.leave(now),
            's' => {
                let body = Body::State {
                    text: rest.to_owned(),
                    to: peer.clone(),
                };
                let message = seal(&public, &organizer_key, now, &body);
                let believed = page.receive(&message) == Heard::State;
                assert_eq!(believed, State::from_text(rest).is_ok(), "step {step}");
                if believed {
                    assert_eq!(page.state(), State::from_text(rest).ok().as_ref());
                }
                None
            }
            'x' => {
                let _ = organizer.start();
                None
            }
            'd' => {
                let mut cs = rest.chars();
                let score = score(cs.next());
                let round = organizer.state().tournament.rounds().len().saturating_sub(1);
                let _ = organizer.decide(BoardRef::new(round, i), score);
                None
            }
            _ => None,
        };
        if let Some(message) = sent {
            let _ = organizer.receive(&peer, &message, at);
        }
        let state = organizer.state().clone();
        assert_eq!(State::from_text(&state.to_text()), Ok(state.clone()));
        // Every page believes the organizer's newest state, addressed to it.
        now += 1;
        for (j, page) in pages.iter_mut().enumerate() {
            now += 1;
            let message = organizer.state_to(&format!("page{j}"), now);
            assert_eq!(page.receive(&message), Heard::State, "step {step}");
            assert_eq!(page.state(), Some(&state));
        }
    }
    let saved = organizer.to_text();
    let back = Organizer::from_text(&saved).expect("the saved organizer reads back");
    assert_eq!(back.to_text(), saved);
});
