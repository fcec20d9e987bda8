//! The computer player: it finds forced wins, plays only legal plies, stays
//! within its budget, and its levels parse.

use kharbga::ai::{Level, Limits, NoClock, Score, Searcher, Yardstick, CONTEMPT};
use kharbga::cli::Rng;
use kharbga::engine::{BoardSize, Game, Position, Reason, Rules, Side};

fn seega5(text: &str) -> Position {
    Position::from_text(text, Rules::seega(BoardSize::Five)).unwrap()
}

#[test]
fn a_capture_that_wins_is_found_at_once() {
    let position = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
    let result = Searcher::new(12).search(
        &Game::from_position(position),
        Limits::nodes(10_000),
        &NoClock,
    );
    assert_eq!(result.best.map(|p| p.to_string()).as_deref(), Some("c1-b1"));
    assert_eq!(result.score, Score::win_in(1));
}

#[test]
fn the_triple_capture_that_ends_the_game_is_found() {
    let position = Position::from_text(
        "7/3S3/3s3/1Ss1sS1/3S3/7/7 w 0,0 - - 0 20 -",
        Rules::kharbga(),
    )
    .unwrap();
    let result = Searcher::new(12).search(
        &Game::from_position(position),
        Limits::nodes(50_000),
        &NoClock,
    );
    assert_eq!(result.best.map(|p| p.to_string()).as_deref(), Some("d3-d4"));
    assert_eq!(result.score.forced(), Some(1));
}

#[test]
fn a_loss_in_two_is_seen_and_the_win_after_it_is_taken() {
    // The second player's only soldier must step b5-c5, where a5-b5 takes it.
    let position = seega5("Ss1S1/1S3/5/5/5 b 0,0 - - 0 20 -");
    let mut searcher = Searcher::new(14);
    let result = searcher.search(
        &Game::from_position(position),
        Limits::nodes(100_000),
        &NoClock,
    );
    assert_eq!(result.best.map(|p| p.to_string()).as_deref(), Some("b5-c5"));
    assert_eq!(result.score, Score::loss_in(2));
    let mut game = Game::from_position(position);
    game.play(result.best.unwrap()).unwrap();
    let reply = searcher.search(&game, Limits::nodes(100_000), &NoClock);
    assert_eq!(reply.score, Score::win_in(1));
    game.play(reply.best.unwrap()).unwrap();
    assert_eq!(
        game.outcome().and_then(|o| o.winner),
        Some(kharbga::engine::Side::First)
    );
    assert_eq!(reply.score.to_string(), "win in 1");
}

#[test]
fn searches_stay_within_their_node_budget() {
    let mut searcher = Searcher::new(14);
    for nodes in [50u64, 500, 5_000] {
        let result = searcher.search(&Game::new(Rules::kharbga()), Limits::nodes(nodes), &NoClock);
        assert!(
            result.nodes <= nodes,
            "{} nodes for a budget of {nodes}",
            result.nodes
        );
        assert!(result.best.is_some());
    }
}

#[test]
fn every_level_plays_only_legal_plies() {
    let mut rng = Rng::new(7);
    let mut searcher = Searcher::new(12);
    for (variant, level) in [
        (Rules::kharbga(), Level::Search(1)),
        (Rules::seega(BoardSize::Five), Level::Search(2)),
        (Rules::seega(BoardSize::Seven), Level::Greedy),
        (Rules::kharbga(), Level::Random),
        (
            Rules::seega(BoardSize::Five),
            Level::Yardstick(Yardstick::MOBILITY),
        ),
        (Rules::seega(BoardSize::Seven), Level::Search(4)),
    ] {
        let mut game = Game::new(variant);
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            let ply = level
                .choose(&game, &mut searcher, &mut rng, None, &NoClock)
                .expect("a live game has a ply");
            assert!(
                game.position().is_legal(ply),
                "{level} chose {ply} in {}",
                game.position()
            );
            game.play(ply).unwrap();
        }
    }
}

#[test]
fn levels_parse_and_print() {
    for text in [
        "random", "greedy", "1", "2", "3", "4", "5", "ab4", "ab4m", "ab6",
    ] {
        assert_eq!(text.parse::<Level>().unwrap().to_string(), text);
    }
    assert!("6".parse::<Level>().is_err());
    assert!("hard".parse::<Level>().is_err());
}

/// The search's choice in a Kharbga position.
fn kharbga_choice(text: &str) -> (String, Score) {
    let position = Position::from_text(text, Rules::kharbga()).unwrap();
    let result = Searcher::new(16).search(
        &Game::from_position(position),
        Limits::nodes(200_000),
        &NoClock,
    );
    (result.best.unwrap().to_string(), result.score)
}

#[test]
fn the_defender_confirms_an_exchange_that_wins() {
    // Offered twice: the Attacker's last two soldiers go with f7.
    let (ply, score) = kharbga_choice("4ss1/4sss/4sss/7/S6/7/2S4 b 0,0 - p:f7,a3,c1 4 42 -");
    assert_eq!(ply, "f7-g7*");
    assert_eq!(score, Score::win_in(1));
}

#[test]
fn the_defender_cancels_an_exchange_that_would_take_its_last_soldier() {
    let (ply, score) = kharbga_choice("5s1/7/7/7/S6/7/S1S4 b 0,0 - p:f7,a3,c1 4 42 -");
    assert!(!ply.ends_with('*'), "confirmed with {ply}");
    assert!(score.forced().is_none_or(|n| n > 0), "{score}");
}

#[test]
fn the_attacker_declines_to_offer_its_last_two_soldiers() {
    // Confirmed once: a second offer would let the Defender take a3 and b1.
    let (ply, _) = kharbga_choice("4ss1/4sss/4sss/7/S6/7/1S5 w 0,0 - c:f7,a3 3 42 -");
    assert!(!ply.ends_with('*'), "offered with {ply}");
}

// ---- The game's history: repetition and the quiet-move limit -------------

/// A Seega 5×5 game from `start`, then `plies`.
fn seega5_game(start: &str, plies: &str) -> Game {
    let mut game = Game::from_position(seega5(start));
    for ply in plies.split_whitespace() {
        game.play_text(ply).unwrap();
    }
    game
}

/// The first player's a1 and e1 against the second player's lone soldier,
/// shuffling c5–d5 while the first shuffles a1–a2: after these seven plies
/// the second player (behind, 1 soldier to 2) is to move, and d5-c5 would
/// bring back the start position a third time, ending the game by count.
fn behind_to_move() -> Game {
    seega5_game(
        "2s2/5/5/5/S3S w 0,0 - - 0 20 -",
        "a1-a2 c5-d5 a2-a1 d5-c5 a1-a2 c5-d5 a2-a1",
    )
}

/// The same shuffle from the second player's move: after these eight plies
/// the first player (ahead) brings back the start a third time with a2-a1.
fn ahead_to_move() -> Game {
    seega5_game(
        "5/3s1/5/5/S3S b 0,0 - - 0 20 -",
        "d4-d5 a1-a2 d5-d4 a2-a1 d4-d5 a1-a2 d5-d4",
    )
}

fn best(searcher: &mut Searcher, game: &Game) -> (String, Score) {
    let result = searcher.search(game, Limits::nodes(300_000), &NoClock);
    (result.best.unwrap().to_string(), result.score)
}

#[test]
fn the_side_behind_avoids_a_third_repetition() {
    let game = behind_to_move();
    // The game would end there, lost by count.
    let mut ended = game.clone();
    ended.play_text("d5-c5").unwrap();
    let outcome = ended.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::Repetition)
    );
    // Without the history the search likes d5-c5…
    let mut searcher = Searcher::new(16);
    let blind = Game::from_position(*game.position());
    assert_eq!(
        best(&mut searcher, &blind).0,
        "d5-c5",
        "the test needs a tempting repetition"
    );
    // …with it, and with the same table, it steps elsewhere and is not lost.
    let (ply, score) = best(&mut searcher, &game);
    assert_ne!(ply, "d5-c5");
    assert!(score.forced().is_none(), "{score}");
    let (fresh, fresh_score) = best(&mut Searcher::new(16), &game);
    assert_ne!(fresh, "d5-c5", "a fresh table agrees");
    assert!(fresh_score.forced().is_none(), "{fresh_score}");
}

#[test]
fn the_side_ahead_claims_the_third_repetition() {
    let game = ahead_to_move();
    let mut searcher = Searcher::new(16);
    let (ply, score) = best(&mut searcher, &game);
    assert_eq!((ply.as_str(), score), ("a2-a1", Score::win_in(1)));
    let mut claimed = game.clone();
    claimed.play_text("a2-a1").unwrap();
    assert_eq!(claimed.outcome().and_then(|o| o.winner), Some(Side::First));
    // Without the history there is no such win.
    let blind = Game::from_position(*game.position());
    assert!(best(&mut Searcher::new(16), &blind).1.forced().is_none());
}

#[test]
fn a_level_draw_by_repetition_is_worth_less_than_playing_on() {
    // Two soldiers each, far apart: a third repetition would be a draw.
    let game = seega5_game(
        "5/3s1/5/4s/S3S w 0,0 - - 0 20 -",
        "a1-a2 d4-d5 a2-a1 d5-d4 a1-a2 d4-d5 a2-a1",
    );
    let mut drawn = game.clone();
    drawn.play_text("d5-d4").unwrap();
    assert_eq!(
        drawn.outcome().map(|o| (o.winner, o.reason)),
        Some((None, Reason::Repetition))
    );
    let blind = Game::from_position(*game.position());
    assert_eq!(
        best(&mut Searcher::new(16), &blind).0,
        "d5-d4",
        "the test needs a tempting draw"
    );
    let (ply, score) = best(&mut Searcher::new(16), &game);
    assert_ne!(ply, "d5-d4", "level, it plays on");
    assert!(
        score.0 > -CONTEMPT,
        "playing on ({score}) beats the draw's value"
    );
}

#[test]
fn the_table_never_answers_with_a_verdict_another_history_gave() {
    // After d5-d4 here the first player claims the repetition: the second
    // player's search meets that verdict one ply down.
    let game = seega5_game(
        "5/3s1/5/5/S3S b 0,0 - - 0 20 -",
        "d4-d5 a1-a2 d5-d4 a2-a1 d4-d5 a1-a2",
    );
    let mut searcher = Searcher::new(16);
    let (ply, score) = best(&mut searcher, &game);
    assert_ne!(ply, "d5-d4");
    assert!(score.forced().is_none(), "{score}");
    // The same position with no history: d5-d4 loses nothing there, and
    // the table kept from the search above must not say it does.
    let blind = Game::from_position(*game.position());
    let mut after = *game.position();
    after.play_unchecked("d5-d4".parse().unwrap());
    let warm = searcher.search(
        &Game::from_position(after),
        Limits::nodes(300_000),
        &NoClock,
    );
    let fresh = Searcher::new(16).search(
        &Game::from_position(after),
        Limits::nodes(300_000),
        &NoClock,
    );
    assert!(warm.score.forced().is_none(), "{}", warm.score);
    assert!(fresh.score.forced().is_none(), "{}", fresh.score);
    let (_, blind_score) = best(&mut searcher, &blind);
    assert!(blind_score.forced().is_none(), "{blind_score}");
}

#[test]
fn near_the_quiet_move_limit_the_table_knows_the_count() {
    // Two soldiers to one, far apart: 57 quiet steps of 60 played, the
    // first player wins by count three plies on, whatever happens.
    let near = seega5("5/3s1/5/5/S3S w 0,0 - - 57 40 -");
    let far = seega5("5/3s1/5/5/S3S w 0,0 - - 0 40 -");
    assert_eq!(near.rules().quiet_limit, 60);
    let mut searcher = Searcher::new(16);
    // A table full of the same soldiers far from the limit…
    let early = searcher.search(&Game::from_position(far), Limits::nodes(400_000), &NoClock);
    assert!(early.score.forced().is_none(), "{}", early.score);
    // …does not hide the limit: a win in three plies.
    let late = searcher.search(&Game::from_position(near), Limits::nodes(400_000), &NoClock);
    assert_eq!(late.score, Score::win_in(3));
    let mut game = Game::from_position(near);
    for ply in &late.pv {
        game.play(*ply).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::First), Reason::QuietLimit)
    );
}

#[test]
fn the_levels_that_err_never_walk_into_a_lost_repetition() {
    let game = behind_to_move();
    for level in 1..=4 {
        let mut searcher = Searcher::new(14);
        for seed in 0..12 {
            let ply = Level::Search(level)
                .choose(&game, &mut searcher, &mut Rng::new(seed), None, &NoClock)
                .unwrap();
            assert_ne!(ply.to_string(), "d5-c5", "level {level}, seed {seed}");
        }
    }
}

#[test]
fn the_levels_that_err_vary_among_good_plies_and_the_lowest_most() {
    // The Kharbga setting's first placements, over 24 seeds: level 1 varies.
    let game = Game::new(Rules::kharbga());
    let distinct = |level: u8| {
        let mut searcher = Searcher::new(14);
        (0..24)
            .map(|seed| {
                Level::Search(level)
                    .choose(&game, &mut searcher, &mut Rng::new(seed), None, &NoClock)
                    .unwrap()
            })
            .collect::<std::collections::HashSet<_>>()
            .len()
    };
    assert!(distinct(1) >= 3, "level 1 varies its placements");
    // A soldier to take (c1-b1 takes b2): level 4 always takes it, level 1
    // sometimes plays something else.
    let game = Game::from_position(seega5("ss3/5/1S3/1s3/2S2 w 0,0 - - 0 20 -"));
    let takes = |level: u8| {
        let mut searcher = Searcher::new(14);
        (0..40)
            .filter(|&seed| {
                Level::Search(level)
                    .choose(&game, &mut searcher, &mut Rng::new(seed), None, &NoClock)
                    .is_some_and(|ply| ply.to_string() == "c1-b1")
            })
            .count()
    };
    let (one, four) = (takes(1), takes(4));
    assert_eq!(four, 40, "level 4 takes the soldier");
    assert!(one < four && one > 0, "level 1 took it {one} times in 40");
}

#[test]
fn a_table_kept_from_a_search_without_the_history_does_not_hide_a_claim() {
    // The second player's lone soldier on d5, the first player's on a2 and
    // e1, the second to move: which step looks best without any history?
    let shuffle = |square: &str| {
        let board = match square {
            "c5" => "2s2/5/5/5/S3S",
            "e5" => "4s/5/5/5/S3S",
            "d4" => "5/3s1/5/5/S3S",
            other => panic!("no shuffle from {other}"),
        };
        seega5_game(
            &format!("{board} b 0,0 - - 0 20 -"),
            &format!("{square}-d5 a1-a2 d5-{square} a2-a1 {square}-d5 a1-a2"),
        )
    };
    let mut searcher = Searcher::new(16);
    let position = *shuffle("c5").position();
    let blind = Game::from_position(position);
    let (tempting, _) = best(&mut searcher, &blind);
    let square = tempting
        .strip_prefix("d5-")
        .expect("a step of the lone soldier");
    // A history where that step lets the first player bring back the start
    // a third time with a2-a1, two plies down: lost for the second player.
    let game = shuffle(square);
    assert_eq!(game.position(), &position);
    let mut lost = game.clone();
    lost.play_text(&tempting).unwrap();
    lost.play_text("a2-a1").unwrap();
    assert_eq!(
        lost.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Side::First), Reason::Repetition))
    );
    // The table kept from the search without the history must not hide it.
    let (ply, score) = best(&mut searcher, &game);
    assert_ne!(ply, tempting);
    assert!(score.forced().is_none(), "{score}");
}
