//! The computer against itself, for the tools that learn from its games
//! (the tuner, the puzzle maker): a game from a seed, and many at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{Level, NoClock, Rng, Searcher};
use crate::engine::{Game, Rules};

/// The game `level` plays against itself from `seed`: `random_plies`
/// random plies first (varied openings), then the level, until the game
/// ends or reaches `max_plies`. Repeatable for a seed (the levels that
/// draw are bounded by depth and nodes, not time).
pub fn game(rules: Rules, level: Level, random_plies: usize, seed: u64, max_plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let mut game = Game::new(rules);
    while game.plies().len() < random_plies && game.outcome().is_none() {
        let legal = game.position().legal_plies();
        if game.play(legal[rng.below(legal.len())]).is_err() {
            return game;
        }
    }
    while game.outcome().is_none() && game.plies().len() < max_plies {
        let Some(ply) = level.choose(&game, &mut searcher, &mut rng, None, &NoClock) else {
            break;
        };
        if game.play(ply).is_err() {
            break;
        }
    }
    game
}

/// `work(n)` for every `n` below `count`, on `threads` threads; the
/// results in `n`'s order, whichever thread made them.
pub fn in_parallel<T: Send>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(count));
    let worker = || loop {
        let n = next.fetch_add(1, Ordering::Relaxed);
        if n >= count {
            break;
        }
        let result = work(n);
        done.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((n, result));
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(worker);
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(n, _)| *n);
    done.into_iter().map(|(_, result)| result).collect()
}
