//! Online tournaments (`src/net/tournament.rs`): entries, the organizer's
//! signed state, reports checked against the engine and taken only when
//! both players agree (or one concedes), disputes, withdrawals, forgeries
//! and replays refused, and the organizer's page reloaded mid-round.

use kharbga::engine::{BoardSize, Game, Record, Rules, Side};
use kharbga::net::identity::SeatCert;
use kharbga::net::tournament::{
    board_key, decode, encode, lobby_room, member_room, seal, Body, Envelope, Follower, Heard,
    Organizer, Refusal, Reply, State,
};
use kharbga::tournament::{Format, Score};

use crate::net::key;

/// The organizer takes a message from one peer, a tenth of a second after
/// the last (well within any allowance).
trait Take {
    fn take(&mut self, text: &str) -> Reply;
}

impl Take for Organizer {
    fn take(&mut self, text: &str) -> Reply {
        thread_local!(static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) });
        let now = NOW.with(|n| {
            n.set(n.get() + 100.0);
            n.get()
        });
        self.receive("peer", text, now)
    }
}

const NAMES: [&str; 4] = ["Amel", "Youssef", "نورة", "Karim"];

/// A finished Seega 5×5 game's record: `loser` resigned after one ply.
fn record(loser: Side) -> String {
    let mut game = Game::new(Rules::seega(BoardSize::Five));
    game.play_text("a1").unwrap();
    game.resign(loser).unwrap();
    Record::new(game).to_text()
}

/// The record of a game the score says, from the first side's view.
fn record_of(score: Score) -> String {
    match score {
        Score::FirstWins => record(Side::Second),
        Score::SecondWins => record(Side::First),
        _ => {
            let mut game = Game::new(Rules::seega(BoardSize::Five));
            game.play_text("a1").unwrap();
            game.agree_draw().unwrap();
            Record::new(game).to_text()
        }
    }
}

/// A tournament of four followers (keys 11..14) with `format`, entered and
/// started; every follower has the first state.
struct Club {
    organizer: Organizer,
    players: Vec<Follower>,
    spectator: Follower,
    now: u64,
}

impl Club {
    fn new(format: Format) -> Club {
        let mut organizer = Organizer::new(
            key(10),
            "Club night".to_owned(),
            Rules::seega(BoardSize::Five),
            None,
            format,
        );
        let public = organizer.public();
        let mut players: Vec<Follower> = (11..15)
            .map(|n| Follower::new(public, Some(key(n))))
            .collect();
        let mut now = 1_000;
        for (p, name) in players.iter_mut().zip(NAMES) {
            now += 1;
            let entry = p.enter(name, now).unwrap();
            assert_eq!(organizer.take(&entry), Reply::Changed);
        }
        organizer.start().unwrap();
        let mut club = Club {
            organizer,
            players,
            spectator: Follower::new(public, None),
            now,
        };
        club.broadcast();
        club
    }

    /// The organizer's state to every page.
    fn broadcast(&mut self) {
        self.now += 1;
        let state = self.organizer.state_message(self.now);
        for p in self.players.iter_mut().chain([&mut self.spectator]) {
            assert_eq!(p.receive(&state), Heard::State);
        }
    }

    /// Player `p` reports `score` on its board of the round under way.
    fn report(&mut self, p: usize, score: Score) -> Reply {
        let state = self.organizer.state().clone();
        let (round, board) = state.board_of(p).unwrap();
        self.now += 1;
        let message = self.players[p]
            .report(round, board, score, &record_of(score), self.now)
            .unwrap();
        self.organizer.take(&message)
    }

    /// The players of board `b` of the round under way.
    fn board(&self, b: usize) -> (usize, usize) {
        let state = self.organizer.state();
        let pairing = &state.tournament.rounds.last().unwrap()[b];
        (pairing.first, pairing.second.unwrap())
    }
}

#[test]
fn messages_read_back_and_only_a_hello_goes_unsigned() {
    let k = key(1);
    let organizer = key(2).public();
    let bodies = [
        Body::Enter {
            name: "Amel\tthe\\first".to_owned(),
        },
        Body::Report {
            round: 1,
            board: 2,
            score: Score::Draw,
            record: record_of(Score::Draw),
        },
        Body::Leave,
        Body::State {
            text: "line\nline".to_owned(),
        },
        Body::Refused {
            why: Refusal::Disagrees,
            to: key(5).public(),
            n: 3,
        },
    ];
    for body in bodies {
        let text = seal(&organizer, &k, 7, &body);
        let envelope = decode(&text).unwrap();
        assert_eq!(envelope.body, body);
        assert_eq!(envelope.signed.unwrap().1, 7);
        // The same body unsigned is not a message.
        let unsigned = encode(&Envelope {
            signed: None,
            body: body.clone(),
        });
        assert_eq!(decode(&unsigned), None);
    }
    assert_eq!(decode(&Follower::hello()).unwrap().body, Body::Hello);
    for junk in [
        "",
        "kharbga\t2\tping",
        "kharbga-tournament-net\t9\thello\t-\t-\t-",
    ] {
        assert_eq!(decode(junk), None);
    }
    assert_eq!(decode(&"x".repeat(200_000)), None);
    // Rooms: the lobby is the organizer's; each player's room is its own.
    let (a, b) = (key(3).public(), key(4).public());
    assert_ne!(member_room(&organizer, &a), member_room(&organizer, &b));
    assert_ne!(member_room(&organizer, &a), lobby_room(&organizer));
    assert_ne!(lobby_room(&organizer), organizer.room());
}

#[test]
fn entries_then_the_start_every_page_sees_its_board() {
    let club = Club::new(Format::Swiss { rounds: 2 });
    let state = club.spectator.state().unwrap();
    assert!(state.started);
    assert_eq!(state.tournament.players.len(), 4);
    assert_eq!(state.tournament.players[2].name, "نورة");
    assert_eq!(state.tournament.rounds.len(), 1);
    for (i, p) in club.players.iter().enumerate() {
        assert_eq!(p.me(), Some(i));
        assert!(p.state().unwrap().board_of(i).is_some());
    }
    assert_eq!(club.spectator.me(), None);
}

#[test]
fn entries_refused_name_taken_or_started() {
    let mut organizer = Organizer::new(
        key(10),
        "Cup".to_owned(),
        Rules::seega(BoardSize::Five),
        None,
        Format::RoundRobin { double: false },
    );
    let public = organizer.public();
    let mut a = Follower::new(public, Some(key(11)));
    let mut b = Follower::new(public, Some(key(12)));
    assert_eq!(organizer.take(&a.enter("Amel", 1).unwrap()), Reply::Changed);
    assert_eq!(
        organizer.take(&b.enter("amel", 2).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    assert_eq!(
        organizer.take(&b.enter("  ", 3).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    // A name cut to its 40 characters is compared as every page reads it
    // (here, without the space it ended with).
    let long = format!("{} y", "a".repeat(39));
    let mut d = Follower::new(public, Some(key(14)));
    assert_eq!(organizer.take(&d.enter(&long, 2).unwrap()), Reply::Changed);
    assert_eq!(organizer.state().tournament.players[1].name, "a".repeat(39));
    let mut e = Follower::new(public, Some(key(15)));
    assert_eq!(
        organizer.take(&e.enter(&"a".repeat(39), 2).unwrap()),
        Reply::Refused(Refusal::Name)
    );
    assert!(organizer.withdraw(1), "taken off the list before the start");
    // Entering again renames.
    assert_eq!(
        organizer.take(&a.enter("Amel B", 4).unwrap()),
        Reply::Changed
    );
    assert_eq!(organizer.state().tournament.players[0].name, "Amel B");
    // Too few to start; then three (the organizer too).
    assert!(organizer.start().is_err());
    assert_eq!(
        organizer.take(&b.enter("Youssef", 5).unwrap()),
        Reply::Changed
    );
    organizer.enter_self("Organizer").unwrap();
    organizer.start().unwrap();
    let mut c = Follower::new(public, Some(key(13)));
    assert_eq!(
        organizer.take(&c.enter("Late", 6).unwrap()),
        Reply::Refused(Refusal::Started)
    );
    // The refusal reaches the page, signed, and that page alone: another
    // page shown it does not take it as its own.
    let refusal = organizer.refusal_message(Refusal::Started, 7);
    assert_eq!(b.receive(&refusal), Heard::Nothing);
    assert_eq!(c.receive(&refusal), Heard::Refused(Refusal::Started));
    // A hello is answered with the state.
    assert_eq!(organizer.take(&Follower::hello()), Reply::State);
}

#[test]
fn a_state_not_signed_by_the_organizer_or_replayed_is_not_believed() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let before = club.spectator.state().unwrap().clone();
    // A stranger signs a state of its own making.
    let mut forged = before.clone();
    forged.tournament.players[0].name = "Mallory".to_owned();
    let organizer = club.organizer.public();
    let stranger = seal(
        &organizer,
        &key(66),
        u64::MAX - 1,
        &Body::State {
            text: forged.to_text(),
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
    let mut other = Organizer::new(
        key(20),
        "Other".to_owned(),
        Rules::seega(BoardSize::Five),
        None,
        Format::RoundRobin { double: false },
    );
    assert_eq!(
        club.spectator.receive(&other.state_message(u64::MAX)),
        Heard::Nothing
    );
    assert_eq!(club.spectator.state().unwrap(), &before);
    // A page opened again remembers the number of the state it kept: an
    // older state of the organizer's, replayed, is not believed.
    let older = club.organizer.state_message(club.now + 20);
    let newer = club.organizer.state_message(club.now + 21);
    let mut reopened = Follower::new(organizer, None);
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
            &Body::State { text: bad },
        );
        assert_eq!(club.spectator.receive(&signed), Heard::Nothing);
    }
    assert_eq!(club.spectator.state().unwrap(), &before);
}

#[test]
fn a_result_is_taken_when_both_agree_or_the_loser_concedes() {
    let mut club = Club::new(Format::Swiss { rounds: 2 });
    let (a, b) = club.board(0);
    // The winner's word alone is not enough: it waits, and every page
    // sees it waiting.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    assert_eq!(club.organizer.state().tournament.rounds[0][0].score, None);
    assert_eq!(club.organizer.state().reports.len(), 1);
    club.broadcast();
    assert!(club.players[a].reported(0, 0));
    assert!(!club.players[b].reported(0, 0));
    // The loser agrees: taken.
    assert_eq!(club.report(b, Score::FirstWins), Reply::Changed);
    assert_eq!(
        club.organizer.state().tournament.rounds[0][0].score,
        Some(Score::FirstWins)
    );
    // On board 2, the loser's own word is enough.
    let (c, _) = club.board(1);
    assert_eq!(club.report(c, Score::SecondWins), Reply::Changed);
    // The round is complete: round 2 is paired and every page sees it.
    club.broadcast();
    assert_eq!(club.spectator.state().unwrap().tournament.rounds.len(), 2);
    // Round 2: both draw, both say so.
    for b in 0..2 {
        let (x, y) = club.board(b);
        assert_eq!(club.report(x, Score::Draw), Reply::Changed);
        assert_eq!(club.report(y, Score::Draw), Reply::Changed);
    }
    club.broadcast();
    let standings: Vec<Vec<u32>> = club
        .players
        .iter()
        .chain([&club.spectator])
        .map(|p| {
            let t = &p.state().unwrap().tournament;
            t.standings().iter().map(|s| s.points_halves).collect()
        })
        .collect();
    assert!(club.organizer.state().tournament.is_over());
    // The players' records are kept: every board but the forfeit-free
    // ones entered by hand (here all four were reported), over a reload.
    assert_eq!(club.organizer.records().len(), 4);
    let reloaded = Organizer::from_text(&club.organizer.to_text()).unwrap();
    assert_eq!(reloaded.records(), club.organizer.records());
    assert!(reloaded
        .records()
        .iter()
        .all(|r| r.contains("[Variant \"seega5\"]")));
    assert!(standings.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(standings[0].iter().sum::<u32>(), 8);
}

#[test]
fn reports_that_disagree_or_do_not_replay_are_refused_or_disputed() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let (a, b) = club.board(0);
    let now = club.now + 1;
    // A record that ends otherwise than the result sent.
    let lie = club.players[a]
        .report(0, 0, Score::FirstWins, &record_of(Score::SecondWins), now)
        .unwrap();
    assert_eq!(club.organizer.take(&lie), Reply::Refused(Refusal::Record));
    // A record of another game (Kharbga, not Seega 5×5), or unfinished.
    let kharbga = Record::new({
        let mut g = Game::new(Rules::kharbga());
        g.resign(Side::Second).unwrap();
        g
    })
    .to_text();
    let other = club.players[a]
        .report(0, 0, Score::FirstWins, &kharbga, now + 1)
        .unwrap();
    assert_eq!(club.organizer.take(&other), Reply::Refused(Refusal::Record));
    let unfinished = Record::new(Game::new(Rules::seega(BoardSize::Five))).to_text();
    let open = club.players[a]
        .report(0, 0, Score::Draw, &unfinished, now + 2)
        .unwrap();
    assert_eq!(club.organizer.take(&open), Reply::Refused(Refusal::Record));
    // Another board's result.
    let (c, _) = club.board(1);
    let theirs = club.players[c]
        .report(
            0,
            0,
            Score::SecondWins,
            &record_of(Score::SecondWins),
            now + 3,
        )
        .unwrap();
    assert_eq!(
        club.organizer.take(&theirs),
        Reply::Refused(Refusal::NotYours)
    );
    // A stranger's key, which entered nothing.
    let mut stranger = Follower::new(club.organizer.public(), Some(key(77)));
    let forged = stranger
        .report(0, 0, Score::SecondWins, &record_of(Score::SecondWins), now)
        .unwrap();
    assert_eq!(
        club.organizer.take(&forged),
        Reply::Refused(Refusal::NotYours)
    );
    // Both players claim the win: disputed, said to every page.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    assert_eq!(club.report(b, Score::SecondWins), Reply::Changed);
    assert_eq!(club.organizer.state().disputed, vec![(0, 0)]);
    // The same word again changes nothing (a page reports at each state).
    assert_eq!(club.report(b, Score::SecondWins), Reply::Nothing);
    // A player cannot change its word, but to concede.
    assert_eq!(
        club.report(a, Score::Draw),
        Reply::Refused(Refusal::Disagrees)
    );
    assert_eq!(
        club.report(b, Score::Draw),
        Reply::Refused(Refusal::Disagrees)
    );
    club.broadcast();
    assert_eq!(club.spectator.state().unwrap().disputed, vec![(0, 0)]);
    // The organizer decides.
    assert!(club.organizer.decide(0, 0, Score::Draw));
    assert!(club.organizer.state().disputed.is_empty());
    assert_eq!(
        club.organizer.state().tournament.rounds[0][0].score,
        Some(Score::Draw)
    );
    // A report replayed (the same signed message again) is old news.
    let (x, _) = club.board(1);
    let now = club.now + 50;
    let concede = club.players[x]
        .report(0, 1, Score::SecondWins, &record_of(Score::SecondWins), now)
        .unwrap();
    assert_eq!(club.organizer.take(&concede), Reply::Changed);
    assert_eq!(club.organizer.take(&concede), Reply::Nothing);
}

#[test]
fn a_player_who_leaves_is_withdrawn_and_the_round_goes_on() {
    let mut club = Club::new(Format::Swiss { rounds: 2 });
    let (a, b) = club.board(0);
    // A report waits on the board of the player who leaves.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    club.now += 1;
    let leave = club.players[b].leave(club.now).unwrap();
    assert_eq!(club.organizer.take(&leave), Reply::Changed);
    // The forfeit settled the board: its report is gone, and the page's
    // saved text reads back.
    assert!(club.organizer.state().reports.is_empty());
    assert!(Organizer::from_text(&club.organizer.to_text()).is_ok());
    let t = &club.organizer.state().tournament;
    assert_eq!(t.players[b].withdrawn, Some(0));
    assert_eq!(t.rounds[0][0].score, Some(Score::FirstByForfeit));
    // The other board ends: round 2 is paired without the one who left
    // (three players: a bye).
    let (c, _) = club.board(1);
    assert_eq!(club.report(c, Score::SecondWins), Reply::Changed);
    let t = &club.organizer.state().tournament;
    assert_eq!(t.rounds.len(), 2);
    assert!(t.rounds[1].iter().all(|p| !p.has(b)));
    assert!(t.rounds[1].iter().any(|p| p.second.is_none()));
    // Someone else's leave, signed by a stranger, withdraws nobody.
    let mut stranger = Follower::new(club.organizer.public(), Some(key(88)));
    assert_eq!(
        club.organizer.take(&stranger.leave(club.now + 5).unwrap()),
        Reply::Nothing
    );
    let _ = a;
}

#[test]
fn the_organizers_page_reloaded_mid_round_keeps_everything() {
    let mut club = Club::new(Format::Swiss { rounds: 2 });
    let (a, b) = club.board(0);
    // A winner's report waits for the loser's.
    club.now += 1;
    let claim = club.players[a]
        .report(
            0,
            0,
            Score::FirstWins,
            &record_of(Score::FirstWins),
            club.now,
        )
        .unwrap();
    assert_eq!(club.organizer.take(&claim), Reply::Changed);
    let saved = club.organizer.to_text();
    let mut reloaded = Organizer::from_text(&saved).unwrap();
    assert_eq!(reloaded.state(), club.organizer.state());
    assert_eq!(reloaded.public(), club.organizer.public());
    // The waiting report is remembered: the loser's agreement settles it.
    club.now += 1;
    let agree = club.players[b]
        .report(
            0,
            0,
            Score::FirstWins,
            &record_of(Score::FirstWins),
            club.now,
        )
        .unwrap();
    assert_eq!(reloaded.take(&agree), Reply::Changed);
    // The numbers seen are remembered: the winner's old claim is old news.
    let mut again = Organizer::from_text(&saved).unwrap();
    assert_eq!(again.take(&claim), Reply::Nothing);
    // The reloaded page's states are news to the pages that followed the
    // page before the reload, even with a clock behind.
    let state = reloaded.state_message(0);
    assert_eq!(club.spectator.receive(&state), Heard::State);
    // A saved text changed by hand is refused.
    assert!(Organizer::from_text(&saved.replace("report 0 0", "report 0 9")).is_err());
    assert!(Organizer::from_text("secret x\n===\n").is_err());
}

#[test]
fn a_boards_room_is_made_by_its_first_player_and_seats_the_other() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let (a, b) = club.board(0);
    // The second player cannot make the room.
    club.now += 1;
    assert_eq!(club.players[b].make_room(club.now), None);
    let made = club.players[a].make_room(club.now).unwrap();
    // Another player's key signing the same room is not believed: only the
    // board's first player makes it.
    let envelope = decode(&made).unwrap();
    let organizer = club.organizer.public();
    let forged = seal(
        &organizer,
        &key(10 + 1 + b as u8),
        club.now + 1,
        &envelope.body,
    );
    assert_eq!(
        club.organizer.take(&forged),
        Reply::Refused(Refusal::NotYours)
    );
    assert_eq!(club.organizer.take(&made), Reply::Changed);
    club.broadcast();
    let state = club.spectator.state().unwrap();
    let room = *state.room(0, 0).unwrap();
    assert!(state.room_fits(&room));
    // The host key is the one the first player's page makes again.
    let host = board_key(&key(11 + a as u8), &organizer, 0, 0);
    assert_eq!(room.host, host.public());
    assert_ne!(
        board_key(&key(11 + a as u8), &organizer, 1, 0).public(),
        room.host
    );
    // Made once: the page does not ask again.
    assert_eq!(club.players[a].make_room(club.now + 5), None);
    // A certificate of someone else's seat is refused: here, the first
    // player's own name and key.
    let (c, d) = club.board(1);
    let host = board_key(&key(11 + c as u8), &organizer, 0, 1);
    let wrong = SeatCert::issue(&host, key(11 + c as u8).public(), NAMES[c].to_owned());
    let body = Body::Board {
        round: 0,
        board: 1,
        host: host.public(),
        cert: wrong.signature,
    };
    let bad = seal(&organizer, &key(11 + c as u8), club.now + 6, &body);
    assert_eq!(club.organizer.take(&bad), Reply::Refused(Refusal::NotYours));
    // A state whose room certificate was made by another key is refused.
    let text = club.organizer.state().to_text();
    let tampered = text.replace(&room.host.to_string(), &key(99).public().to_string());
    assert!(State::from_text(&tampered).is_err());
    let _ = d;
}

#[test]
fn a_flood_of_hellos_is_answered_only_within_the_allowance() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let hello = Follower::hello();
    // One peer: 40 at once, then 20 a second.
    let answered = (0..200)
        .filter(|_| club.organizer.receive("flood", &hello, 0.0) == Reply::State)
        .count();
    assert_eq!(answered, 40);
    let later = (0..200)
        .filter(|_| club.organizer.receive("flood", &hello, 1_000.0) == Reply::State)
        .count();
    assert_eq!(later, 20);
    // New peer ids bring no new allowance for hellos: they share one.
    let many = (0..400)
        .filter(|i| club.organizer.receive(&format!("p{i}"), &hello, 1_000.0) == Reply::State)
        .count();
    assert!(many <= 120, "{many} hellos answered");
    // A player's signed message still goes through.
    club.now += 1;
    let (c, _) = club.board(1);
    let concede = club.players[c]
        .report(
            0,
            1,
            Score::SecondWins,
            &record_of(Score::SecondWins),
            club.now,
        )
        .unwrap();
    assert_eq!(
        club.organizer.receive("player", &concede, 1_000.0),
        Reply::Changed
    );
}
