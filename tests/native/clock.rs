//! Clocks: a timed game's arithmetic (a turn's plies, the increment, the
//! setting's two placements, the flag), what a flag fall means in each
//! game, and the time control and time tags kept by records, saved games
//! and share links.

use kharbga::engine::clock::{tag_text, Clock, TimeControl};
use kharbga::engine::{
    BlockedRule, Game, Millis, Outcome, Position, Reason, Record, RecordErrorKind, Rules, Side,
    Timing,
};
use kharbga::store::share;
use kharbga::store::{Meta, SavedGame, Seats};

/// Plays `ply` in `game` at `now` on `clock`; the mover's time tag.
fn play(game: &mut Game, clock: &mut Clock, ply: &str, now: Millis) -> Millis {
    let played = *game.play_text(ply).unwrap();
    let next = game.outcome().is_none().then(|| game.position().to_move());
    clock.played(played.side, played.effects.turn_ended, next, now)
}

#[test]
fn a_turn_is_timed_whole_and_gains_the_increment_once() {
    // Kharbga's setting: each turn sets two soldiers; the clock switches
    // after the second only, and the increment comes once a turn.
    let mut game = Game::new(Rules::kharbga());
    let mut clock = Clock::new(TimeControl::minutes(3, 2));
    clock.start(Side::First, Millis(0));
    assert_eq!(
        play(&mut game, &mut clock, "c4", Millis(1_000)),
        Millis(179_000)
    );
    assert_eq!(clock.running(), Some(Side::First), "the turn goes on");
    assert_eq!(clock.left(Side::First, Millis(2_000)), Millis(178_000));
    assert_eq!(
        play(&mut game, &mut clock, "e4", Millis(3_000)),
        Millis(179_000)
    );
    assert_eq!(clock.running(), Some(Side::Second));
    assert_eq!(
        clock.left(Side::First, Millis(60_000)),
        Millis(179_000),
        "stopped"
    );
    assert_eq!(clock.left(Side::Second, Millis(13_000)), Millis(170_000));
    assert_eq!(
        play(&mut game, &mut clock, "d3", Millis(13_000)),
        Millis(170_000)
    );
    assert_eq!(
        play(&mut game, &mut clock, "d5", Millis(23_500)),
        Millis(161_500)
    );
    assert_eq!(clock.running(), Some(Side::First));
    // Tags are whole tenths: what the record keeps.
    assert_eq!(
        play(&mut game, &mut clock, "c3", Millis(23_999)),
        Millis(178_500)
    );
}

#[test]
fn sudden_death_adds_nothing_and_the_flag_falls_at_zero() {
    let mut game = Game::new(Rules::kharbga());
    let mut clock = Clock::new(TimeControl::new(5, 0).unwrap());
    clock.start(Side::First, Millis(1_000));
    play(&mut game, &mut clock, "c4", Millis(2_000));
    play(&mut game, &mut clock, "e4", Millis(3_000));
    assert_eq!(clock.left(Side::First, Millis(99_000)), Millis(3_000));
    assert_eq!(clock.falls_at(), Some(Millis(8_000)));
    assert_eq!(clock.flagged(Millis(7_999)), None);
    assert_eq!(clock.flagged(Millis(8_000)), Some(Side::Second));
    assert_eq!(
        clock.left(Side::Second, Millis(9_000)),
        Millis(0),
        "never below zero"
    );
    // The game ends there: the Attacker wins on time.
    assert_eq!(
        game.time_out(),
        Ok(Outcome {
            winner: Some(Side::First),
            reason: Reason::Time,
        })
    );
    assert!(game.time_out().is_err(), "over already");
}

#[test]
fn a_flag_fall_is_a_draw_when_the_opponent_could_never_win() {
    // Seega 5×5: the second player has one soldier left; the first
    // player's time runs out.
    let text = "SS3/1S3/5/5/4s w 0,0 - - 3 20 -";
    let mut rules = Rules::seega(kharbga::engine::BoardSize::Five);
    let position = Position::from_text(text, rules).unwrap();
    assert_eq!(position.to_move(), Side::First);
    assert_eq!(position.soldiers(Side::Second).count(), 1);
    let mut game = Game::from_position(position);
    assert_eq!(
        game.time_out(),
        Ok(Outcome {
            winner: None,
            reason: Reason::Time,
        })
    );
    // With the removal option a blocked lone soldier may still take
    // soldiers off: it could win, so the flag loses.
    rules.blocked = BlockedRule::Remove;
    let position = Position::from_text(text, rules).unwrap();
    assert_eq!(
        position.time_forfeit(Side::First).winner,
        Some(Side::Second)
    );
    // And the side with one soldier loses on time to a side with more.
    let position = Position::from_text("SS3/1S3/5/5/4s b 0,0 - - 3 20 -", rules).unwrap();
    assert_eq!(
        position.time_forfeit(Side::Second).winner,
        Some(Side::First)
    );
    // Kharbaga: a piece alone may still leap or block: always a loss.
    let start = Position::new(Rules::kharbaga());
    assert_eq!(start.time_forfeit(Side::First).winner, Some(Side::Second));
}

/// A timed Kharbga game of a few turns, with its tags.
fn timed_game() -> (Game, Timing) {
    let mut game = Game::new(Rules::kharbga());
    let control = TimeControl::minutes(3, 2);
    let mut clock = Clock::new(control);
    clock.start(Side::First, Millis(0));
    let mut left = Vec::new();
    for (i, ply) in ["c4", "e4", "d3", "d5", "c3", "e5"].iter().enumerate() {
        left.push(play(
            &mut game,
            &mut clock,
            ply,
            Millis(1_234) * (i as u64 + 1),
        ));
    }
    (
        game,
        Timing {
            control: Some(control),
            left,
        },
    )
}

#[test]
fn records_keep_the_control_and_each_plys_time() {
    let (game, timing) = timed_game();
    let mut record = Record::new(game);
    record.timing = timing.clone();
    let text = record.to_text();
    assert!(text.contains("[TimeControl \"180+2\"]"), "{text}");
    assert!(text.contains(&format!("e4 {{[%clk {}]}}", tag_text(timing.left[1]))));
    let back = Record::from_text(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.timing.left.len(), 6);
    // A game that ended on time reads back as it ended.
    let mut ended = record.clone();
    ended.game.time_out().unwrap();
    let back = Record::from_text(&ended.to_text()).unwrap();
    assert_eq!(back.game.outcome(), ended.game.outcome());
    assert_eq!(back, ended);
    // A result on time that the engine would not give is refused.
    let forged = ended.to_text().replace("1-0", "0-1");
    let error = Record::from_text(&forged).unwrap_err();
    assert!(matches!(error.kind, RecordErrorKind::NeedsReason { .. }));
    // A control this program cannot read is kept as another tag, the game
    // untimed; tags out of turn are not taken; lichess' spacing is read.
    let bad = Record::from_text(&text.replace("180+2", "5 min")).unwrap();
    assert_eq!(bad.timing.control, None);
    assert_eq!(
        bad.extra_tags,
        vec![("TimeControl".to_owned(), "5 min".to_owned())]
    );
    assert_eq!(bad.game, record.game);
    let spaced = text.replace("{[%clk ", "{ [%clk ").replace("]}", "] }");
    assert_eq!(Record::from_text(&spaced).unwrap(), record);
    let gap = text.replacen(&format!("{{[%clk {}]}}", tag_text(timing.left[0])), "", 1);
    assert!(Record::from_text(&gap).unwrap().timing.left.is_empty());
}

#[test]
fn a_saved_timed_game_comes_back_with_its_clocks() {
    let (game, timing) = timed_game();
    let meta = Meta {
        id: "g1".to_owned(),
        created: Millis(1_700_000_000_000),
        title: None,
        first: "Amel".to_owned(),
        second: "Youssef".to_owned(),
        date: "2026.11.24".to_owned(),
        seats: Seats::LOCAL,
        flipped: false,
        online: None,
        timing: timing.clone(),
        clock: Some([Millis(171_000), Millis(165_400)]),
    };
    let saved = SavedGame::from_game(&meta, &game, Millis(1_700_000_000_000));
    let (back, migrated) = SavedGame::from_text("g1", &saved.to_text()).unwrap();
    assert!(!migrated);
    assert_eq!(back, saved);
    assert_eq!(back.clock, Some([Millis(171_000), Millis(165_400)]));
    let record = back.parse_record().unwrap();
    assert_eq!(record.timing, timing);
    assert_eq!(record.game, game);
    // A damaged clock line loses the clocks, not the game.
    let damaged = saved.to_text().replace("clock 171000 165400", "clock x");
    let (back, _) = SavedGame::from_text("g1", &damaged).unwrap();
    assert_eq!(back.clock, None);
    assert_eq!(back.parse_record().unwrap().game, game);
}

#[test]
fn a_game_lost_on_time_is_shared_as_it_ended() {
    let (mut game, _) = timed_game();
    game.time_out().unwrap();
    let link = share::encode(&Record::new(game.clone()));
    assert!(link.ends_with("~t"), "{link}");
    let back = share::decode(&link).unwrap();
    assert_eq!(back.game.outcome(), game.outcome());
    assert_eq!(back.game.outcome().unwrap().reason, Reason::Time);
}

#[test]
fn a_claimed_time_is_taken_only_as_far_as_this_page_saw_with_the_lag_allowance() {
    use kharbga::engine::timing::GameClock;
    let lag = Millis(500);
    let control = TimeControl::minutes(1, 2);
    let mut game = Game::new(Rules::kharbga());
    let mut clock = GameClock::resume(control, &Timing::NONE, &game, None);
    clock.follow(&game, Millis(0));
    // The first soldier 4 s in: a claim of 56.3 s is within what this page
    // counted (56 s) plus the allowance; no increment before the turn's end.
    game.play_text("c4").unwrap();
    assert!(!clock.follow_claimed(&game, &[Some(Millis(56_300))], Some(lag), Millis(4_000)));
    assert_eq!(clock.timing().left, vec![Millis(56_300)]);
    // The second soldier at once, claiming a whole second more than it had
    // before it: cut to what it had, with the increment.
    game.play_text("e4").unwrap();
    assert!(clock.follow_claimed(&game, &[Some(Millis(59_300))], Some(lag), Millis(4_000)));
    assert_eq!(clock.timing().left, vec![Millis(56_300), Millis(58_300)]);
    assert_eq!(clock.running(), Some(Side::Second));
    // The other side thinks 10 s and claims it used 2: cut to this page's
    // count plus the allowance (50 s, half a second, and the increment).
    game.play_text("d3").unwrap();
    game.play_text("d5").unwrap();
    assert!(clock.follow_claimed(
        &game,
        &[Some(Millis(58_000)), Some(Millis(60_000))],
        Some(lag),
        Millis(14_000)
    ));
    assert_eq!(clock.timing().left[2..], [Millis(50_500), Millis(52_500)]);
    // A ply without a claim gets this page's count; less than was counted
    // is taken as it is.
    game.play_text("c3").unwrap();
    assert!(!clock.follow_claimed(&game, &[None], Some(lag), Millis(16_000)));
    game.play_text("e5").unwrap();
    assert!(!clock.follow_claimed(&game, &[Some(Millis(40_000))], Some(lag), Millis(16_500)));
    assert_eq!(clock.timing().left[4..], [Millis(56_300), Millis(40_000)]);
    // The second player's flag is seen only after the allowance.
    assert_eq!(
        clock.flagged_for(lag, Millis(16_500) + Millis(52_500)),
        None
    );
    assert_eq!(
        clock.flagged(Millis(16_500) + Millis(52_500)),
        Some(Side::Second)
    );
    assert_eq!(
        clock.flagged_for(lag, Millis(16_500) + Millis(53_000)),
        Some(Side::Second)
    );
}

#[test]
fn a_ply_just_in_time_on_its_way_keeps_its_increment() {
    use kharbga::engine::timing::GameClock;
    let control = TimeControl::new(1, 2).unwrap();
    let mut game = Game::new(Rules::kharbga());
    let mut clock = GameClock::resume(control, &Timing::NONE, &game, None);
    clock.follow(&game, Millis(0));
    game.play_text("c4").unwrap();
    clock.follow(&game, Millis(0));
    // The turn's second soldier 0.9 s in, seen here at 1.3 s (this page's
    // count is at zero, within the allowance): 0.1 s left and the increment.
    game.play_text("e4").unwrap();
    assert!(!clock.follow_claimed(
        &game,
        &[Some(Millis(2_100))],
        Some(Millis(500)),
        Millis(1_300)
    ));
    assert_eq!(clock.timing().left[1], Millis(2_100));
    // Seen past the allowance, it had nothing left: no increment.
    let mut late = GameClock::resume(control, &Timing::NONE, &game, None);
    let mut replay = Game::new(Rules::kharbga());
    late.follow(&replay, Millis(0));
    replay.play_text("c4").unwrap();
    late.follow(&replay, Millis(0));
    replay.play_text("e4").unwrap();
    assert!(late.follow_claimed(
        &replay,
        &[Some(Millis(2_100))],
        Some(Millis(500)),
        Millis(1_600)
    ));
    assert_eq!(late.timing().left[1], Millis(0));
}
