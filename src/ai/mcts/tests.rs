//! The setting's Monte Carlo tree search: legal, repeatable, within its
//! budget, kept from one placement to the next, and right where the
//! answer is plain.

use super::*;
use crate::engine::{sq, BoardSize};

/// A judge for the tests, with no search: the first turn after the
/// setting played greedily (the step that captures most, the chain
/// followed), then the soldiers' count.
fn greedy_count(position: &Position, _: &mut Rng) -> f32 {
    let mut position = *position;
    let mover = position.to_move();
    while position.to_move() == mover && position.outcome().is_none() {
        let plies = position.legal_plies();
        let taken = |ply: &Ply| {
            let mut next = position;
            next.play_unchecked_with_effects(*ply).captured.count()
        };
        let Some(best) = plies.iter().max_by_key(|p| taken(p)).copied() else {
            break;
        };
        position.play_unchecked(best);
    }
    let lead = position.soldiers(Side::First).count() as i32
        - position.soldiers(Side::Second).count() as i32;
    share_of(100 * lead, Side::First, 100.0)
}

fn search(tree: &mut Tree, game: &Game, iterations: u64, seed: u64) -> Found {
    let budget = Budget {
        iterations,
        time_ms: None,
    };
    let mut judge = greedy_count;
    tree.search(
        game,
        &Config::DEFAULT,
        budget,
        &mut Rng::new(seed),
        &|| 0,
        &mut judge,
    )
}

/// Three placements left: the Attacker's last, then the Defender's two.
/// The Defender holds c4, e4 and d5 around the Malha, the Attacker b4, f4
/// and d3: with a soldier on d6 too, its first step (d3-d4) takes all
/// three; anywhere else, the Defender fills d6 and it takes two.
const LAST_PLACEMENT: &str =
    "1SsSsSs/sSs1SsS/SsSsSsS/sSs1sSs/SsSSsSs/SSssSsS/SsSsSs1 w 1,2 - - 0 12 -";

#[test]
fn configurations_read_back() {
    assert_eq!(Config::parse(""), Ok(Config::DEFAULT));
    assert!(!Config::parse("ab").unwrap().monte_carlo);
    let config = Config::parse("c=2,leaf=ab4:500,handoff=0,choices=1").unwrap();
    assert_eq!(
        config.leaf,
        Leaf::Search {
            depth: 4,
            nodes: 500
        }
    );
    assert_eq!(
        (config.exploration, config.handoff, config.playout_choices),
        (2.0, 0, 1)
    );
    assert!(Config::parse("leaf=ab4").is_err());
    assert!(Config::parse("nonsense=1").is_err());
}

#[test]
fn the_search_sets_the_soldier_that_wins_the_first_step() {
    let rules = crate::engine::Rules::kharbga();
    let game = Game::from_position(Position::from_text(LAST_PLACEMENT, rules).unwrap());
    let found = search(&mut Tree::new(), &game, 60, 1);
    assert_eq!(found.best, Some(Ply::Place(sq("d6"))), "{found:?}");
    assert!(found.share > 0.8, "{found:?}");
    assert_eq!(found.iterations, 60);
}

#[test]
fn every_placement_is_legal_and_a_seed_gives_the_same_search() {
    for (rules, plies) in [
        (crate::engine::Rules::kharbga(), 0),
        (crate::engine::Rules::kharbga(), 17),
        (crate::engine::Rules::seega(BoardSize::Seven), 30),
        (crate::engine::Rules::seega(BoardSize::Five), 3),
    ] {
        let mut game = Game::new(rules);
        let mut rng = Rng::new(7);
        for _ in 0..plies {
            let legal = game.position().legal_plies();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        let found = search(&mut Tree::new(), &game, 300, 5);
        let again = search(&mut Tree::new(), &game, 300, 5);
        assert_eq!(found, again, "the same seed, the same search");
        assert_eq!(found.iterations, 300, "the budget, no more, no less");
        let mut line = *game.position();
        for ply in &found.line {
            assert!(line.is_legal(*ply), "{ply} in {line}");
            line.play_unchecked(*ply);
        }
        assert_eq!(found.best, found.line.first().copied());
        assert!(found.best.is_some());
    }
}

#[test]
fn a_clock_stops_the_search_after_its_first_playout() {
    let game = Game::new(crate::engine::Rules::kharbga());
    let budget = Budget {
        iterations: u64::MAX,
        time_ms: Some(100),
    };
    let mut judge = greedy_count;
    let found = Tree::new().search(
        &game,
        &Config::DEFAULT,
        budget,
        &mut Rng::new(1),
        &|| 10_000,
        &mut judge,
    );
    assert_eq!(found.iterations, 1);
    assert!(found.best.is_some_and(|p| game.position().is_legal(p)));
}

#[test]
fn the_tree_is_kept_for_the_sides_second_placement_and_the_next_turn() {
    let mut game = Game::new(crate::engine::Rules::kharbga());
    let mut tree = Tree::new();
    let first = search(&mut tree, &game, 2_000, 3);
    let grown = tree.len();
    // The side's second placement starts from the subtree of its first.
    game.play(first.best.unwrap()).unwrap();
    let kept = tree.find(&game).map(|n| tree.nodes[n].visits).unwrap();
    assert!(kept > 100, "{kept} games under the placement played");
    search(&mut tree, &game, 10, 3);
    assert_eq!(tree.root_visits(), kept + 10);
    assert!(tree.len() < grown, "only the subtree kept");
    // A position the tree never reached: a new tree.
    let mut other = Game::new(crate::engine::Rules::kharbga());
    let mut rng = Rng::new(9);
    while tree.find(&other).is_some() {
        let legal = other.position().legal_plies();
        other.play(legal[rng.below(legal.len())]).unwrap();
    }
    search(&mut tree, &other, 10, 3);
    assert_eq!(tree.root_visits(), 10);
}

#[test]
fn shares_and_scores_convert_both_ways() {
    assert_eq!(share_of(0, Side::First, 100.0), 0.5);
    assert!(share_of(200, Side::Second, 100.0) < 0.2);
    assert_eq!(score_of(share_of(150, Side::First, 100.0), 100.0), 150);
    assert_eq!(share_of(1_000_000, Side::First, 100.0), 1.0);
}
