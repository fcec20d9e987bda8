//! Boards and their results: rooms made by the first player, reports
//! checked against the engine and taken when both players agree (or one
//! concedes), disputes, withdrawals, the organizer's page reloaded
//! mid-round, and no rematch on a tournament board.

use kharbga::engine::{BoardSize, Game, Record, Rules, Side};
use kharbga::net::identity::SeatCert;
use kharbga::net::tournament::{
    board_bytes, board_key, decode, ended_record, seal, Body, Follower, Heard, Organizer, Refusal,
    Reply, Standing, State,
};
use kharbga::tournament::{BoardRef, Format, Score};

use crate::net::key;

use super::{Club, Take, NAMES};

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
    let (mut club, (a, b), host) = Club::with_first_room(Format::RoundRobin { double: false });
    let now = club.now + 1;
    // A record that ends otherwise than the result sent.
    let record = club.record(0, 0, Score::SecondWins);
    let lie = club.report_with(a, (0, 0), host, Score::FirstWins, &record, now);
    assert_eq!(club.organizer.take(&lie), Reply::Refused(Refusal::Record));
    // A record of another game (Kharbga, not Seega 5×5), or unfinished.
    let kharbga = Record::new({
        let mut g = Game::new(Rules::kharbga());
        g.resign(Side::Second).unwrap();
        g
    })
    .to_text();
    let other = club.report_with(a, (0, 0), host, Score::FirstWins, &kharbga, now + 1);
    assert_eq!(club.organizer.take(&other), Reply::Refused(Refusal::Record));
    let unfinished = Record::new(Game::new(Rules::seega(BoardSize::Five))).to_text();
    let open = club.report_with(a, (0, 0), host, Score::Draw, &unfinished, now + 2);
    assert_eq!(club.organizer.take(&open), Reply::Refused(Refusal::Record));
    // Another board's result.
    let (c, _) = club.board(1);
    let record = club.record(0, 0, Score::SecondWins);
    let theirs = club.report_with(c, (0, 0), host, Score::SecondWins, &record, now + 3);
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
    let concede = club.report_with(x, (0, 1), host, Score::SecondWins, &record, now);
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
    let (mut club, (a, b), host) = Club::with_first_room(Format::Swiss { rounds: 2 });
    let won = club.record(0, 0, Score::FirstWins);
    // A winner's report waits for the loser's.
    club.now += 1;
    let claim = club.report_with(a, (0, 0), host, Score::FirstWins, &won, club.now);
    assert_eq!(club.organizer.take(&claim), Reply::Changed);
    let saved = club.organizer.to_text();
    let mut reloaded = Organizer::from_text(&saved).unwrap();
    assert_eq!(reloaded.state(), club.organizer.state());
    assert_eq!(reloaded.public(), club.organizer.public());
    // The waiting report is remembered: the loser's agreement settles it.
    club.now += 1;
    let agree = club.report_with(b, (0, 0), host, Score::FirstWins, &won, club.now);
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
    let player = key(11 + c as u8).public();
    let proof = host.sign(&board_bytes(&organizer, BoardRef::new(0, 1), &player));
    let body = Body::Board {
        board: BoardRef::new(0, 1),
        host: host.public(),
        cert: wrong.signature,
        proof,
    };
    let bad = seal(&organizer, &key(11 + c as u8), club.now + 6, &body);
    assert_eq!(club.organizer.take(&bad), Reply::Refused(Refusal::NotYours));
    // A room key that is not this board's, though its certificate seats the
    // board's second player: a key the player does not hold (no proof of its
    // own), one made for another board, or the room of another board.
    let seated = |host: &kharbga::net::identity::SeatKey| {
        SeatCert::issue(host, key(11 + d as u8).public(), NAMES[d].to_owned()).signature
    };
    let at = BoardRef::new(0, 1);
    let own = board_key(&key(11 + c as u8), &organizer, at);
    let board = |host: &kharbga::net::identity::SeatKey, proof| Body::Board {
        board: at,
        host: host.public(),
        cert: seated(host),
        proof,
    };
    let stranger = key(77);
    let foreign = [
        // Proved by the player's own room key, not by the key sent.
        board(&stranger, own.sign(&board_bytes(&organizer, at, &player))),
        // The key's proof for another board.
        board(
            &own,
            own.sign(&board_bytes(&organizer, BoardRef::new(1, 1), &player)),
        ),
        // For another tournament.
        board(&own, own.sign(&board_bytes(&key(78).public(), at, &player))),
        // Made for another player.
        board(
            &own,
            own.sign(&board_bytes(&organizer, at, &key(79).public())),
        ),
    ];
    for (i, body) in foreign.iter().enumerate() {
        let message = seal(
            &organizer,
            &key(11 + c as u8),
            club.now + 7 + i as u64,
            body,
        );
        assert_eq!(
            club.organizer.take(&message),
            Reply::Refused(Refusal::Room),
            "foreign room key {i}"
        );
    }
    // Board 0's room, proved again by its holder for board 1, is not board
    // 1's (one room, one board).
    let first_room = board_key(&key(11 + a as u8), &organizer, BoardRef::new(0, 0));
    let reused = Body::Board {
        board: at,
        host: first_room.public(),
        cert: seated(&first_room),
        proof: first_room.sign(&board_bytes(&organizer, at, &player)),
    };
    let message = seal(&organizer, &key(11 + c as u8), club.now + 20, &reused);
    assert_eq!(club.organizer.take(&message), Reply::Refused(Refusal::Room));
    // The board's own room, proved, is taken.
    let made = club.players[c].make_room(club.now + 21).unwrap();
    assert_eq!(club.organizer.take(&made), Reply::Changed);
    // A state whose room certificate was made by another key is refused.
    let text = club.organizer.state().to_text();
    let tampered = text.replace(&room.host.to_string(), &key(99).public().to_string());
    assert!(State::from_text(&tampered).is_err());
}

#[test]
fn a_rematch_or_a_game_of_another_room_is_not_the_boards_result() {
    let (mut club, (a, b), host) = Club::with_first_room(Format::Swiss { rounds: 2 });
    let (first, second) = club.names(0, 0);
    club.now += 1;
    // The rematch in the board's room: sides swapped, the board's first
    // player lost it. Neither player's report of it is taken.
    let rematch = ended_record(Score::SecondWins, (&second, &first));
    for p in [a, b] {
        club.now += 1;
        let report = club.report_with(p, (0, 0), host, Score::SecondWins, &rematch, club.now);
        assert_eq!(
            club.organizer.take(&report),
            Reply::Refused(Refusal::Players)
        );
    }
    // A game between others (another board's names) is not it either.
    let (c, d) = club.names(0, 1);
    club.now += 1;
    let theirs = ended_record(Score::FirstWins, (&c, &d));
    let others = club.report_with(a, (0, 0), host, Score::FirstWins, &theirs, club.now);
    assert_eq!(
        club.organizer.take(&others),
        Reply::Refused(Refusal::Players)
    );
    // The right players in another room (the next board's, or one of
    // their own) are not its game.
    let elsewhere = key(42).public();
    club.now += 1;
    let record = club.record(0, 0, Score::FirstWins);
    let report = club.report_with(a, (0, 0), elsewhere, Score::FirstWins, &record, club.now);
    assert_eq!(club.organizer.take(&report), Reply::Refused(Refusal::Room));
    // A board whose room was never made has no game to report.
    let (x, _) = club.board(1);
    club.now += 1;
    let record = club.record(0, 1, Score::SecondWins);
    let report = club.report_with(x, (0, 1), host, Score::SecondWins, &record, club.now);
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
    host_table.set_tournament_board(true);
    let host = net.add("p-host", host_table);
    let guest = net.add("p-guest", newcomer());
    net.table_mut(guest).set_tournament_board(true);
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    play_turn(&mut net, host);
    net.act(guest, Table::resign);
    assert!(net.table(host).game().outcome().is_some());
    let game = net.table(host).game().clone();
    let _ = net.events(host);
    let _ = net.events(guest);
    // Neither page offers one.
    for page in [host, guest] {
        net.act(page, |t| t.offer(Offer::Rematch));
        assert_eq!(net.table(page).offered(), None);
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
    assert_eq!(net.table(host).pending(), None);
    assert!(net
        .events(host)
        .iter()
        .all(|e| !matches!(e, Event::Offered(_) | Event::Rematch)));
    let _ = net.events(guest);
    net.act(host, |t| t.answer(true));
    for page in [host, guest] {
        assert_eq!(*net.table(page).game(), game);
        assert_eq!(
            *net.table(page).names(),
            ["Amel".to_owned(), "Youssef".to_owned()]
        );
    }
}
