//! The search's unit tests (its private parts: the table's rules).

use super::*;
use crate::engine::BoardSize;

fn seega5(text: &str) -> Position {
    Position::from_text(text, Rules::seega(BoardSize::Five)).expect("test position")
}

fn entry(quiet: u16, generation: u16, depth: u8) -> Entry {
    Entry {
        key: 1,
        best: None,
        score: 0,
        quiet,
        generation,
        depth,
        bound: Bound::Exact,
    }
}

/// A searcher that has searched `root` twice (so that it may reuse).
fn prepared(root: Position) -> Searcher {
    let mut searcher = Searcher::new(4);
    for _ in 0..2 {
        searcher.prepare(&Game::from_position(root), Limits::nodes(1));
    }
    searcher
}

/// A clock whose deadline passed before the search began (a slow
/// machine, a busy worker).
struct Late;

impl Clock for Late {
    fn elapsed_ms(&self) -> u64 {
        10_000
    }
}

#[test]
fn a_search_that_starts_late_still_answers_its_first_iteration() {
    // The win in one the worker is asked for (worker.spec.js), after
    // another variant's search, so that the table is cleared first.
    let mut searcher = Searcher::new(12);
    let kharbga = Game::new(Rules::kharbga());
    let limits = Limits {
        depth: 64,
        nodes: u64::MAX,
        time_ms: Some(200),
    };
    searcher.search(&kharbga, limits, &Late);
    let win = Game::from_position(seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -"));
    let result = searcher.search(&win, limits, &Late);
    assert_eq!(result.depth, 1, "{result:?}");
    assert!(result.nodes > 0);
    assert_eq!(result.best.map(|p| p.to_string()), Some("c1-b1".into()));
    assert!(result.score.forced().is_some(), "{result:?}");
}

#[test]
fn a_score_holds_only_where_the_quiet_move_limit_cannot_tell_apart() {
    let root = seega5("5/3s1/5/5/S3S w 0,0 - - 10 40 -");
    let searcher = prepared(root);
    let now = searcher.generation;
    let near = seega5("5/3s1/5/5/S3S w 0,0 - - 57 40 -");
    let far = seega5("5/3s1/5/5/S3S w 0,0 - - 12 40 -");
    // Found far from the limit, six plies deep: not near it.
    assert!(!searcher.usable(&entry(0, now, 6), &near, 6, 3));
    assert!(searcher.usable(&entry(0, now, 6), &far, 6, 3));
    // Found at the same count: wherever.
    assert!(searcher.usable(&entry(57, now, 6), &near, 6, 3));
    // Two plies deep, 57 of 60: the limit is three steps away.
    assert!(searcher.usable(&entry(0, now, 2), &near, 2, 3));
    assert!(!searcher.usable(&entry(0, now, 3), &near, 3, 3));
}

#[test]
fn a_score_from_an_earlier_search_holds_only_below_the_roots_soldiers() {
    let root = seega5("5/3s1/5/5/S3S w 0,0 - - 10 40 -");
    let searcher = prepared(root);
    let earlier = searcher.generation.wrapping_sub(1);
    let same = seega5("5/2s2/5/5/S3S w 0,0 - - 11 40 -");
    let fewer = seega5("5/3s1/5/5/4S w 0,0 - - 0 40 -");
    assert!(!searcher.usable(&entry(11, earlier, 4), &same, 4, 2));
    assert!(searcher.usable(&entry(0, earlier, 4), &fewer, 4, 2));
    assert!(searcher.usable(&entry(11, searcher.generation, 4), &same, 4, 2));
    // Another side to play for (another contempt): nothing earlier holds.
    let mut other = prepared(root);
    other.prepare(
        &Game::from_position(seega5("5/3s1/5/5/S3S b 0,0 - - 10 40 -")),
        Limits::nodes(1),
    );
    let earlier = other.generation.wrapping_sub(1);
    assert!(!other.usable(&entry(0, earlier, 4), &fewer, 4, 2));
}

#[test]
fn the_root_and_history_bound_entries_give_no_score() {
    let root = seega5("5/3s1/5/5/S3S w 0,0 - - 10 40 -");
    let searcher = prepared(root);
    let now = searcher.generation;
    assert!(searcher.usable(&entry(10, now, 4), &root, 4, 1));
    assert!(
        !searcher.usable(&entry(10, now, 4), &root, 4, 0),
        "the root"
    );
    let mut verdict = entry(10, now, 4);
    verdict.bound = Bound::Move;
    assert!(!searcher.usable(&verdict, &root, 4, 1), "a verdict's");
    assert!(
        !searcher.usable(&entry(10, now, 3), &root, 4, 1),
        "too shallow"
    );
}

/// In the setting the strongest search counts the positions its playouts'
/// judge searched, not only the playouts (the analysis shows them as
/// positions).
#[test]
fn the_setting_by_monte_carlo_counts_the_positions_it_searched() {
    let game = Game::new(crate::engine::Rules::kharbga());
    let mut searcher = Searcher::new(12);
    let limits = Limits {
        depth: 64,
        nodes: 20,
        time_ms: None,
    };
    let mut rng = crate::ai::rng::Rng::new(3);
    let result = searcher.search_strongest(&game, limits, &mut rng, &NoClock);
    assert!(result.best.is_some());
    assert!(
        result.nodes > 20 * 10,
        "{} positions for 20 playouts",
        result.nodes
    );
}
