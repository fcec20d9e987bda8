//! Texel-style tuning of the evaluation's weights ([`super::weights`]):
//! the computer plays itself, every quiet position of those games is kept
//! with the game's result, and the weights are moved, one at a time, while
//! the evaluation predicts the results better (the mean squared error
//! between the result and a logistic curve of the evaluation). Deterministic
//! for a seed (the games are bounded by depth and nodes, not by time).

use super::eval::{quiet_fade, terms, weights_of};
use super::weights::{Weights, NAMES, TERMS};
use super::{selfplay, Level};
use crate::engine::{Geometry, Position, Rules};

/// A quiet position of a self-play game and how that game ended.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    material: i32,
    terms: [i32; TERMS],
    /// The positional part's share near the quiet-move limit (1 before).
    fade: f64,
    /// The result for the side to move: 1 won, ½ drawn, 0 lost.
    result: f64,
}

/// What to play to collect samples.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// The rules.
    pub rules: Rules,
    /// Games to play.
    pub games: u32,
    /// The level on both sides (its noise varies the games).
    pub level: Level,
    /// Random plies from the start before the level plays (varied openings).
    pub random_plies: usize,
    /// Game `n` plays from seed `seed + n`.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
}

/// True when the side to move has no capturing step (nor a chain or a
/// placement to make): the evaluation stands for the position (what
/// quiescence would search on is left out).
fn quiet(position: &Position) -> bool {
    !position.is_setting() && position.chain().is_none() && position.outcome().is_none() && {
        let side = position.to_move();
        let geo = Geometry::of(position.size());
        (position.capture_targets(side) & geo.neighbours(position.soldiers(side))).is_empty()
    }
}

/// Plays the games of `plan` and returns the samples of their quiet
/// positions, in game order.
pub fn self_play(plan: SelfPlay) -> Vec<Sample> {
    selfplay::in_parallel(plan.games as usize, plan.threads, |n| {
        play_one(plan, plan.seed.wrapping_add(n as u64))
    })
    .into_iter()
    .flatten()
    .collect()
}

fn play_one(plan: SelfPlay, seed: u64) -> Vec<Sample> {
    let game = selfplay::game(plan.rules, plan.level, plan.random_plies, seed, 1_000);
    // The positions the level played from (not the random opening's).
    let positions: Vec<Position> = (plan.random_plies..game.plies().len())
        .filter_map(|i| game.position_at(i).copied())
        .filter(quiet)
        .collect();
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    positions
        .iter()
        .map(|position| {
            let (material, terms) = terms(position, true);
            let result = match outcome.winner {
                None => 0.5,
                Some(side) if side == position.to_move() => 1.0,
                Some(_) => 0.0,
            };
            Sample {
                material,
                terms,
                fade: {
                    let (kept, of) = quiet_fade(position);
                    f64::from(kept) / f64::from(of)
                },
                result,
            }
        })
        .collect()
}

/// The mean squared error of `weights` on `samples`, the evaluation
/// mapped to an expected result by `1 / (1 + 10^(-eval / scale))`.
pub fn error(samples: &[Sample], weights: &Weights, scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let eval = f64::from(s.material) + s.fade * f64::from(weights.dot(&s.terms));
            let expected = 1.0 / (1.0 + 10f64.powf(-eval / scale));
            (s.result - expected).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// What tuning found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The weights it started from and their error.
    pub before: (Weights, f64),
    /// The weights it ended with and their error.
    pub after: (Weights, f64),
    /// The logistic curve's scale, fitted to the starting weights.
    pub scale: f64,
    /// Passes over the weights.
    pub passes: u32,
}

/// Fits the logistic scale to `start`, then moves each weight by steps of
/// 8, 4, 2 and 1 (hundredths) while the error falls; weights stay in
/// `0..=200` (each term is counted with the sign it should have).
pub fn tune(samples: &[Sample], start: Weights) -> Tuned {
    // The scale: a golden-section search of the error over 50..2000.
    let (mut low, mut high) = (50.0f64, 2000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(samples, &start, a) < error(samples, &start, b) {
            high = b;
        } else {
            low = a;
        }
    }
    let scale = (low + high) / 2.0;
    let mut weights = start;
    let mut best = error(samples, &weights, scale);
    let before = (start, best);
    let mut passes = 0;
    for step in [8, 4, 2, 1] {
        loop {
            passes += 1;
            let mut improved = false;
            for term in 0..TERMS {
                for delta in [step, -step] {
                    let mut trial = weights;
                    trial.0[term] = (trial.0[term] + delta).clamp(0, 200);
                    if trial == weights {
                        continue;
                    }
                    let e = error(samples, &trial, scale);
                    if e < best {
                        best = e;
                        weights = trial;
                        improved = true;
                        break;
                    }
                }
            }
            if !improved || passes > 200 {
                break;
            }
        }
    }
    Tuned {
        before,
        after: (weights, best),
        scale,
        passes,
    }
}

/// The report `kharbga-cli tune` prints: the samples, the errors, each
/// weight before and after, and the line to keep in `src/ai/weights.rs`.
pub fn report(plan: SelfPlay, command: &str) -> Vec<String> {
    let samples = self_play(plan);
    let start = *weights_of(plan.rules.variant);
    let tuned = tune(&samples, start);
    let mut lines = vec![
        format!(
            "tune {}: {} games of level {} after {} random plies, seed {}: {} quiet positions",
            plan.rules.variant.token(),
            plan.games,
            plan.level,
            plan.random_plies,
            plan.seed,
            samples.len()
        ),
        format!(
            "scale {:.0}; error {:.6} -> {:.6} in {} passes",
            tuned.scale, tuned.before.1, tuned.after.1, tuned.passes
        ),
    ];
    for (i, name) in NAMES.iter().enumerate() {
        lines.push(format!(
            "  {name:13} {:>4} -> {:>4}",
            tuned.before.0 .0[i], tuned.after.0 .0[i]
        ));
    }
    lines.push(format!(
        "/// Made by `{command}` (error {:.6} -> {:.6}).\nWeights({:?})",
        tuned.before.1, tuned.after.1, tuned.after.0 .0
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BoardSize;

    #[test]
    fn tuning_never_raises_the_error_and_self_play_repeats_for_a_seed() {
        let plan = SelfPlay {
            rules: Rules::seega(BoardSize::Five),
            games: 6,
            level: Level::Search(2),
            random_plies: 6,
            seed: 7,
            threads: 2,
        };
        let samples = self_play(plan);
        assert!(!samples.is_empty());
        let again = self_play(plan);
        assert_eq!(samples.len(), again.len());
        assert!(samples
            .iter()
            .zip(&again)
            .all(|(a, b)| a.terms == b.terms && a.result == b.result));
        let tuned = tune(&samples, *weights_of(plan.rules.variant));
        assert!(tuned.after.1 <= tuned.before.1);
        assert!(
            tuned.scale > 50.0 && tuned.scale < 2000.0,
            "{}",
            tuned.scale
        );
        // From no positional weight at all, tuning finds some that predict
        // the results better.
        let none = tune(&samples, Weights([0; TERMS]));
        assert!(none.after.1 < none.before.1, "{none:?}");
        assert_ne!(none.after.0, Weights([0; TERMS]));
    }
}
