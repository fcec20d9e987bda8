//! Online tournaments (`src/net/tournament/`): entries, the organizer's
//! signed state, reports checked against the engine and taken only when
//! both players agree (or one concedes), disputes, withdrawals, forgeries
//! and replays refused, and the organizer's page reloaded mid-round.

use kharbga::engine::{BoardSize, Game, Millis, Record, Rules, Side};
use kharbga::net::identity::{PublicKey, SeatCert};
use kharbga::net::tournament::{
    board_key, decode, encode, lobby_room, member_room, seal, Body, Envelope, Follower, Heard,
    Organizer, Refusal, Reply, Standing, State, ASK_AT_MOST_MS, ASK_FIRST_MS, EVERYONE,
    HELLO_EVERY_MS,
};
use kharbga::tournament::{BoardRef, Format, Score};

use crate::net::key;

/// The organizer takes a message from one peer, a tenth of a second after
/// the last (well within any allowance).
trait Take {
    fn take(&mut self, text: &str) -> Reply;
}

impl Take for Organizer {
    fn take(&mut self, text: &str) -> Reply {
        thread_local!(static NOW: std::cell::Cell<Millis> = const { std::cell::Cell::new(Millis::ZERO) });
        let now = NOW.with(|n| {
            n.set(n.get() + Millis(100));
            n.get()
        });
        self.receive("peer", text, now)
    }
}

const NAMES: [&str; 4] = ["Amel", "Youssef", "نورة", "Karim"];

/// The record of a Seega 5×5 game between `first` and `second` that ends
/// as `score` says, from the first side's view, after one ply.
fn record_of(score: Score, (first, second): (&str, &str)) -> String {
    let mut game = Game::new(Rules::seega(BoardSize::Five));
    game.play_text("a1").unwrap();
    match score {
        Score::FirstWins => game.resign(Side::Second).unwrap(),
        Score::SecondWins => game.resign(Side::First).unwrap(),
        _ => game.agree_draw().unwrap(),
    };
    let mut record = Record::new(game);
    record.first = first.to_owned();
    record.second = second.to_owned();
    record.to_text()
}

/// An untimed Seega 5×5 tournament named `name`, in `format`, organized
/// with `key`.
fn seega_cup(key: kharbga::net::identity::SeatKey, name: &str, format: Format) -> Organizer {
    Organizer::new(
        key,
        name.to_owned(),
        Rules::seega(BoardSize::Five),
        None,
        format,
    )
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
        let mut organizer = seega_cup(key(10), "Club night", format);
        let public = organizer.public();
        let mut players: Vec<Follower> = (11..15)
            .map(|n| Follower::new(public, Some(key(n))))
            .collect();
        for (i, p) in players.iter_mut().enumerate() {
            p.add_id(&format!("player{i}"));
        }
        let mut spectator = Follower::new(public, None);
        spectator.add_id("spectator");
        let mut now = 1_000;
        for (p, name) in players.iter_mut().zip(NAMES) {
            now += 1;
            let entry = p.enter(name, now).unwrap();
            assert_eq!(organizer.take(&entry), Reply::Changed);
        }
        organizer.start().unwrap();
        // Each page's first state is addressed to it (its welcome).
        for (i, p) in players.iter_mut().enumerate() {
            now += 1;
            let welcome = organizer.state_to(&format!("player{i}"), now);
            assert_eq!(p.receive(&welcome), Heard::State);
        }
        now += 1;
        assert_eq!(
            spectator.receive(&organizer.state_to("spectator", now)),
            Heard::State
        );
        Club {
            organizer,
            players,
            spectator,
            now,
        }
    }

    /// The organizer's state to every page.
    fn broadcast(&mut self) {
        self.now += 1;
        let state = self.organizer.state_message(self.now);
        for p in self.players.iter_mut().chain([&mut self.spectator]) {
            assert_eq!(p.receive(&state), Heard::State);
        }
    }

    /// Player `p` reports `score` on its board of the round under way,
    /// with the record of that board's game.
    fn report(&mut self, p: usize, score: Score) -> Reply {
        let state = self.organizer.state().clone();
        let BoardRef { round, board } = state.board_of(p).unwrap();
        let host = self.room(round, board);
        let record = self.record(round, board, score);
        self.now += 1;
        let message = self.players[p]
            .report_on(BoardRef::new(round, board), host, score, &record, self.now)
            .unwrap();
        self.organizer.take(&message)
    }

    /// The host key of the room of board `board` of round `round` (of the
    /// round under way), made by its first player if it was not yet.
    fn room(&mut self, round: usize, board: usize) -> PublicKey {
        let at = BoardRef::new(round, board);
        if let Some(room) = self.organizer.state().room(at) {
            return room.host;
        }
        let first = self.organizer.state().tournament.rounds()[round][board].first;
        self.now += 1;
        let made = self.players[first].make_room(self.now).unwrap();
        assert_eq!(self.organizer.take(&made), Reply::Changed);
        self.broadcast();
        self.organizer.state().room(at).unwrap().host
    }

    /// The names of the players of a board, first side first.
    fn names(&self, round: usize, board: usize) -> (String, String) {
        let t = &self.organizer.state().tournament;
        let pairing = &t.rounds()[round][board];
        (
            t.players()[pairing.first].name.clone(),
            t.players()[pairing.second.unwrap()].name.clone(),
        )
    }

    /// The record of a board's game that ends as `score` says.
    fn record(&self, round: usize, board: usize, score: Score) -> String {
        let (first, second) = self.names(round, board);
        record_of(score, (&first, &second))
    }

    /// The players of board `b` of the round under way.
    fn board(&self, b: usize) -> (usize, usize) {
        let state = self.organizer.state();
        let pairing = &state.tournament.rounds().last().unwrap()[b];
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
            board: BoardRef::new(1, 2),
            host: key(6).public(),
            score: Score::Draw,
            record: record_of(Score::Draw, ("A", "B")),
        },
        Body::Leave,
        Body::State {
            text: "line\nline".to_owned(),
            to: "a-peer-id".to_owned(),
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
        assert_eq!(envelope.signed.unwrap().n, 7);
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
        // Version 1's hello: another protocol.
        "kharbga-tournament-net\t1\thello\t-\t-\t-",
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
    assert_eq!(state.tournament.players().len(), 4);
    assert_eq!(state.tournament.players()[2].name, "نورة");
    assert_eq!(state.tournament.rounds().len(), 1);
    for (i, p) in club.players.iter().enumerate() {
        assert_eq!(p.me(), Some(i));
        assert!(p.state().unwrap().board_of(i).is_some());
    }
    assert_eq!(club.spectator.me(), None);
}

#[test]
fn entries_refused_name_taken_or_started() {
    let mut organizer = seega_cup(key(10), "Cup", Format::RoundRobin { double: false });
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
    // Names that look the same to a person: an invisible Hangul filler, a
    // Cyrillic А.
    for (n, name) in [(5, "Amel\u{3164}"), (6, "\u{0410}mel")] {
        assert_eq!(
            organizer.take(&b.enter(name, n).unwrap()),
            Reply::Refused(Refusal::Name),
            "{name}"
        );
    }
    // A name cut to its 40 characters is compared as every page reads it
    // (here, without the space it ended with).
    let long = format!("{} y", "a".repeat(39));
    let mut d = Follower::new(public, Some(key(14)));
    assert_eq!(organizer.take(&d.enter(&long, 2).unwrap()), Reply::Changed);
    assert_eq!(
        organizer.state().tournament.players()[1].name,
        "a".repeat(39)
    );
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
    assert_eq!(organizer.state().tournament.players()[0].name, "Amel B");
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

#[test]
fn a_result_is_taken_when_both_agree_or_the_loser_concedes() {
    let mut club = Club::new(Format::Swiss { rounds: 2 });
    let (a, b) = club.board(0);
    // The winner's word alone is not enough: it waits, and every page
    // sees it waiting.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    assert_eq!(club.organizer.state().tournament.rounds()[0][0].score, None);
    assert_eq!(club.organizer.state().reports.len(), 1);
    club.broadcast();
    assert!(club.players[a].reported(BoardRef::new(0, 0)));
    assert!(!club.players[b].reported(BoardRef::new(0, 0)));
    // The loser agrees: taken.
    assert_eq!(club.report(b, Score::FirstWins), Reply::Changed);
    assert_eq!(
        club.organizer.state().tournament.rounds()[0][0].score,
        Some(Score::FirstWins)
    );
    // On board 2, the loser's own word is enough.
    let (c, _) = club.board(1);
    assert_eq!(club.report(c, Score::SecondWins), Reply::Changed);
    // The round is complete: round 2 is paired and every page sees it.
    club.broadcast();
    assert_eq!(club.spectator.state().unwrap().tournament.rounds().len(), 2);
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
    let host = club.room(0, 0);
    let now = club.now + 1;
    // A record that ends otherwise than the result sent.
    let record = club.record(0, 0, Score::SecondWins);
    let lie = club.players[a]
        .report_on(BoardRef::new(0, 0), host, Score::FirstWins, &record, now)
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
        .report_on(
            BoardRef::new(0, 0),
            host,
            Score::FirstWins,
            &kharbga,
            now + 1,
        )
        .unwrap();
    assert_eq!(club.organizer.take(&other), Reply::Refused(Refusal::Record));
    let unfinished = Record::new(Game::new(Rules::seega(BoardSize::Five))).to_text();
    let open = club.players[a]
        .report_on(BoardRef::new(0, 0), host, Score::Draw, &unfinished, now + 2)
        .unwrap();
    assert_eq!(club.organizer.take(&open), Reply::Refused(Refusal::Record));
    // Another board's result.
    let (c, _) = club.board(1);
    let record = club.record(0, 0, Score::SecondWins);
    let theirs = club.players[c]
        .report_on(
            BoardRef::new(0, 0),
            host,
            Score::SecondWins,
            &record,
            now + 3,
        )
        .unwrap();
    assert_eq!(
        club.organizer.take(&theirs),
        Reply::Refused(Refusal::NotYours)
    );
    // A stranger's key, which entered nothing.
    let mut stranger = Follower::new(club.organizer.public(), Some(key(77)));
    let record = club.record(0, 0, Score::SecondWins);
    let forged = stranger
        .report_on(BoardRef::new(0, 0), host, Score::SecondWins, &record, now)
        .unwrap();
    assert_eq!(
        club.organizer.take(&forged),
        Reply::Refused(Refusal::NotYours)
    );
    // Both players claim the win: disputed, said to every page.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    assert_eq!(club.report(b, Score::SecondWins), Reply::Changed);
    assert_eq!(club.organizer.state().disputed, vec![BoardRef::new(0, 0)]);
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
    assert_eq!(
        club.spectator.state().unwrap().disputed,
        vec![BoardRef::new(0, 0)]
    );
    // The organizer decides.
    assert!(club.organizer.decide(BoardRef::new(0, 0), Score::Draw));
    assert!(club.organizer.state().disputed.is_empty());
    assert_eq!(
        club.organizer.state().tournament.rounds()[0][0].score,
        Some(Score::Draw)
    );
    // A report replayed (the same signed message again) is old news.
    let (x, _) = club.board(1);
    let host = club.room(0, 1);
    let now = club.now + 50;
    let record = club.record(0, 1, Score::SecondWins);
    let concede = club.players[x]
        .report_on(BoardRef::new(0, 1), host, Score::SecondWins, &record, now)
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
    assert_eq!(t.players()[b].withdrawn, Some(0));
    assert_eq!(t.rounds()[0][0].score, Some(Score::FirstByForfeit));
    // The other board ends: round 2 is paired without the one who left
    // (three players: a bye).
    let (c, _) = club.board(1);
    assert_eq!(club.report(c, Score::SecondWins), Reply::Changed);
    let t = &club.organizer.state().tournament;
    assert_eq!(t.rounds().len(), 2);
    assert!(t.rounds()[1].iter().all(|p| !p.has(b)));
    assert!(t.rounds()[1].iter().any(|p| p.second.is_none()));
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
    let host = club.room(0, 0);
    let won = club.record(0, 0, Score::FirstWins);
    // A winner's report waits for the loser's.
    club.now += 1;
    let claim = club.players[a]
        .report_on(BoardRef::new(0, 0), host, Score::FirstWins, &won, club.now)
        .unwrap();
    assert_eq!(club.organizer.take(&claim), Reply::Changed);
    let saved = club.organizer.to_text();
    let mut reloaded = Organizer::from_text(&saved).unwrap();
    assert_eq!(reloaded.state(), club.organizer.state());
    assert_eq!(reloaded.public(), club.organizer.public());
    // The waiting report is remembered: the loser's agreement settles it.
    club.now += 1;
    let agree = club.players[b]
        .report_on(BoardRef::new(0, 0), host, Score::FirstWins, &won, club.now)
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
    let room = *state.room(BoardRef::new(0, 0)).unwrap();
    assert!(state.room_fits(&room));
    // The host key is the one the first player's page makes again.
    let host = board_key(&key(11 + a as u8), &organizer, BoardRef::new(0, 0));
    assert_eq!(room.host, host.public());
    assert_ne!(
        board_key(&key(11 + a as u8), &organizer, BoardRef::new(1, 0)).public(),
        room.host
    );
    // Made once: the page does not ask again.
    assert_eq!(club.players[a].make_room(club.now + 5), None);
    // A certificate of someone else's seat is refused: here, the first
    // player's own name and key.
    let (c, d) = club.board(1);
    let host = board_key(&key(11 + c as u8), &organizer, BoardRef::new(0, 1));
    let wrong = SeatCert::issue(&host, key(11 + c as u8).public(), NAMES[c].to_owned());
    let body = Body::Board {
        board: BoardRef::new(0, 1),
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
    // One peer: one hello answered, then none until HELLO_EVERY_MS later
    // (a page that has its state does not ask again).
    let answered = (0..200)
        .filter(|_| club.organizer.receive("flood", &hello, Millis::ZERO) == Reply::State)
        .count();
    assert_eq!(answered, 1);
    let sooner = (0..200)
        .filter(|_| {
            club.organizer
                .receive("flood", &hello, HELLO_EVERY_MS - Millis(1))
                == Reply::State
        })
        .count();
    assert_eq!(sooner, 0);
    let later = (0..200)
        .filter(|_| club.organizer.receive("flood", &hello, HELLO_EVERY_MS) == Reply::State)
        .count();
    assert_eq!(later, 1);
    // New peer ids bring no new allowance for hellos: they share one.
    let many = (0..400)
        .filter(|i| {
            club.organizer
                .receive(&format!("p{i}"), &hello, Millis(4_000))
                == Reply::State
        })
        .count();
    assert!(many <= 120, "{many} hellos answered");
    // A player's signed message still goes through.
    let (c, _) = club.board(1);
    let host = club.room(0, 1);
    club.now += 1;
    let record = club.record(0, 1, Score::SecondWins);
    let concede = club.players[c]
        .report_on(
            BoardRef::new(0, 1),
            host,
            Score::SecondWins,
            &record,
            club.now,
        )
        .unwrap();
    assert_eq!(
        club.organizer.receive("player", &concede, Millis(4_000)),
        Reply::Changed
    );
}

#[test]
fn a_flooding_connection_costs_the_hellos_allowance_one_hello() {
    let mut club = Club::new(Format::RoundRobin { double: false });
    let hello = Follower::hello();
    // A thousand hellos from one connection at once...
    for _ in 0..1_000 {
        club.organizer.receive("flood", &hello, Millis(10_000));
    }
    // ...leave the shared allowance (120 at once) to everyone else, but
    // one: 119 newcomers at that instant are all answered.
    let others = (0..119)
        .filter(|i| {
            club.organizer
                .receive(&format!("newcomer{i}"), &hello, Millis(10_000))
                == Reply::State
        })
        .count();
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

#[test]
fn a_rematch_or_a_game_of_another_room_is_not_the_boards_result() {
    let mut club = Club::new(Format::Swiss { rounds: 2 });
    let (a, b) = club.board(0);
    let host = club.room(0, 0);
    let (first, second) = club.names(0, 0);
    club.now += 1;
    // The rematch in the board's room: sides swapped, the board's first
    // player lost it. Neither player's report of it is taken.
    let rematch = record_of(Score::SecondWins, (&second, &first));
    for p in [a, b] {
        club.now += 1;
        let report = club.players[p]
            .report_on(
                BoardRef::new(0, 0),
                host,
                Score::SecondWins,
                &rematch,
                club.now,
            )
            .unwrap();
        assert_eq!(
            club.organizer.take(&report),
            Reply::Refused(Refusal::Players)
        );
    }
    // A game between others (another board's names) is not it either.
    let (c, d) = club.names(0, 1);
    club.now += 1;
    let others = club.players[a]
        .report_on(
            BoardRef::new(0, 0),
            host,
            Score::FirstWins,
            &record_of(Score::FirstWins, (&c, &d)),
            club.now,
        )
        .unwrap();
    assert_eq!(
        club.organizer.take(&others),
        Reply::Refused(Refusal::Players)
    );
    // The right players in another room (the next board's, or one of
    // their own) are not its game.
    let elsewhere = key(42).public();
    club.now += 1;
    let record = club.record(0, 0, Score::FirstWins);
    let report = club.players[a]
        .report_on(
            BoardRef::new(0, 0),
            elsewhere,
            Score::FirstWins,
            &record,
            club.now,
        )
        .unwrap();
    assert_eq!(club.organizer.take(&report), Reply::Refused(Refusal::Room));
    // A board whose room was never made has no game to report.
    let (x, _) = club.board(1);
    club.now += 1;
    let record = club.record(0, 1, Score::SecondWins);
    let report = club.players[x]
        .report_on(
            BoardRef::new(0, 1),
            host,
            Score::SecondWins,
            &record,
            club.now,
        )
        .unwrap();
    assert_eq!(club.organizer.take(&report), Reply::Refused(Refusal::Room));
    assert!(club.organizer.state().reports.is_empty());
    assert_eq!(club.organizer.state().tournament.rounds()[0][0].score, None);
    // The board's own game is taken: the winner's word waits (every page
    // sees it), the loser's settles it.
    assert_eq!(club.report(a, Score::FirstWins), Reply::Changed);
    club.broadcast();
    assert_eq!(
        club.players[a].standing_of(BoardRef::new(0, 0)),
        Some(Standing::Reported(Score::FirstWins))
    );
    assert_eq!(
        club.players[b].standing_of(BoardRef::new(0, 0)),
        Some(Standing::Open)
    );
    assert_eq!(club.spectator.state().unwrap().reports.len(), 1);
    assert_eq!(club.report(b, Score::FirstWins), Reply::Changed);
    club.broadcast();
    assert_eq!(
        club.players[b].standing_of(BoardRef::new(0, 0)),
        Some(Standing::Settled(Score::FirstWins))
    );
    assert_eq!(
        club.organizer.records(),
        vec![club.record(0, 0, Score::FirstWins)]
    );
}

/// A tournament's board: the two players finish its game; neither can
/// start a rematch (it is neither offered nor accepted, and the other's
/// offer, from a client of its own, is declined).
#[test]
fn no_rematch_on_a_tournament_board() {
    use crate::net::{newcomer, play_turn, Net};
    use kharbga::net::message::{Message, Offer};
    use kharbga::net::table::{Event, Table};
    let mut net = Net::new();
    let mut host_table = Table::host(
        Game::new(Rules::seega(BoardSize::Five)),
        Side::First,
        "Amel".into(),
        key(1),
        "2026.11.25".into(),
    );
    host_table.tournament_board = true;
    let host = net.add("p-host", host_table);
    let guest = net.add("p-guest", newcomer());
    net.table_mut(guest).tournament_board = true;
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    play_turn(&mut net, host);
    net.act(guest, Table::resign);
    assert!(net.table(host).game.outcome().is_some());
    let game = net.table(host).game.clone();
    let _ = net.events(host);
    let _ = net.events(guest);
    // Neither page offers one.
    for page in [host, guest] {
        net.act(page, |t| t.offer(Offer::Rematch));
        assert_eq!(net.table(page).offered, None);
    }
    assert!(!net.events(guest).contains(&Event::Offered(Offer::Rematch)));
    assert!(!net.events(host).contains(&Event::Offered(Offer::Rematch)));
    // The guest's page speaks for itself (a client of its own): its offer
    // is declined at once, never pending, and the game stays.
    let offer = net.sealed(
        guest,
        Message::Offer {
            offer: Offer::Rematch,
            plies: game.plies().len() as u32,
        },
    );
    net.deliver("p-guest", "p-host", &offer);
    net.run();
    assert_eq!(net.table(host).pending, None);
    assert!(net
        .events(host)
        .iter()
        .all(|e| !matches!(e, Event::Offered(_) | Event::Rematch)));
    let _ = net.events(guest);
    net.act(host, |t| t.answer(true));
    for page in [host, guest] {
        assert_eq!(net.table(page).game, game);
        assert_eq!(
            net.table(page).names,
            ["Amel".to_owned(), "Youssef".to_owned()]
        );
    }
}
