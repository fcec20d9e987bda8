//! The computer player: it finds forced wins, plays only legal plies, stays
//! within its budget, and its levels parse.

use kharbga::ai::{Level, Limits, NoClock, Score, Searcher};
use kharbga::cli::Rng;
use kharbga::engine::{BoardSize, Game, Position, Rules};

fn seega5(text: &str) -> Position {
    Position::from_text(text, Rules::seega(BoardSize::Five)).unwrap()
}

#[test]
fn a_capture_that_wins_is_found_at_once() {
    let position = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
    let result = Searcher::new(12).search(&position, Limits::nodes(10_000), &NoClock);
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
    let result = Searcher::new(12).search(&position, Limits::nodes(50_000), &NoClock);
    assert_eq!(result.best.map(|p| p.to_string()).as_deref(), Some("d3-d4"));
    assert_eq!(result.score.forced(), Some(1));
}

#[test]
fn a_loss_in_two_is_seen_and_the_win_after_it_is_taken() {
    // The second player's only soldier must step b5-c5, where a5-b5 takes it.
    let position = seega5("Ss1S1/1S3/5/5/5 b 0,0 - - 0 20 -");
    let mut searcher = Searcher::new(14);
    let result = searcher.search(&position, Limits::nodes(100_000), &NoClock);
    assert_eq!(result.best.map(|p| p.to_string()).as_deref(), Some("b5-c5"));
    assert_eq!(result.score, Score::loss_in(2));
    let mut game = Game::from_position(position);
    game.play(result.best.unwrap()).unwrap();
    let reply = searcher.search(game.position(), Limits::nodes(100_000), &NoClock);
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
        let result = searcher.search(
            &Position::new(Rules::kharbga()),
            Limits::nodes(nodes),
            &NoClock,
        );
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
    ] {
        let mut game = Game::new(variant);
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            let ply = level
                .choose(game.position(), &mut searcher, &mut rng, None, &NoClock)
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
    for text in ["random", "greedy", "1", "2", "3", "4", "5"] {
        assert_eq!(text.parse::<Level>().unwrap().to_string(), text);
    }
    assert!("6".parse::<Level>().is_err());
    assert!("hard".parse::<Level>().is_err());
}

/// The search's choice in a Kharbga position.
fn kharbga_choice(text: &str) -> (String, Score) {
    let position = Position::from_text(text, Rules::kharbga()).unwrap();
    let result = Searcher::new(16).search(&position, Limits::nodes(200_000), &NoClock);
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
