//! The levels a player chooses: two baselines (random, greedy), five
//! searching levels, from forgiving to the strongest the budget allows, and
//! the outside yardstick the strongest is measured against.
//!
//! Levels 1 to 4 err the way people do: they look only so deep (and so
//! miss the deeper tactics), and they choose among the plies that looked
//! good with a temperature, a ply a little worse than the best being played
//! a little less often, a ply much worse almost never.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Game, Ply, Position};

use super::rng::Rng;
use super::search::{Clock, Limits, Score, SearchResult, Searcher};
use super::yardstick::Yardstick;

/// A computer player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal ply, uniformly.
    Random,
    /// The ply that captures most, else random: the original project's AI.
    Greedy,
    /// A searching level, 1 (forgiving) to 5 (strongest).
    Search(u8),
    /// The outside yardstick: a plain fixed-depth alpha-beta (`ab4`, or
    /// `ab4m` with mobility), see [`Yardstick`].
    Yardstick(Yardstick),
}

/// A level name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level `{}` (random, greedy, 1 to 5, ab<depth> or ab<depth>m)",
            self.0
        )
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        match text {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            _ => match (text.parse::<u8>(), text.parse::<Yardstick>()) {
                (Ok(n @ 1..=5), _) => Ok(Level::Search(n)),
                (_, Ok(yardstick)) => Ok(Level::Yardstick(yardstick)),
                _ => Err(LevelError(text.to_owned())),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => f.write_str("random"),
            Level::Greedy => f.write_str("greedy"),
            Level::Search(n) => write!(f, "{n}"),
            Level::Yardstick(yardstick) => yardstick.fmt(f),
        }
    }
}

/// How a searching level thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Budget {
    /// What bounds its search.
    limits: Limits,
    /// How freely it strays from its best ply (hundredths of a soldier: a
    /// ply that much worse is played e⁻¹ as often); 0 for always the best.
    temperature: i32,
}

impl Level {
    /// The searching level's budget. Levels 1–4 are bounded by depth (and,
    /// on a slow device, by the page's time), so their play repeats for a
    /// seed; level 5 by the time alone.
    fn budget(self, time_ms: Option<u64>) -> Budget {
        let (depth, temperature) = match self {
            Level::Search(1) => (1, 50),
            Level::Search(2) => (2, 35),
            Level::Search(3) => (3, 20),
            Level::Search(4) => (6, 10),
            _ => (64, 0),
        };
        let time_ms = match self {
            Level::Search(5) => Some(time_ms.unwrap_or(1_000)),
            _ => time_ms,
        };
        Budget {
            limits: Limits {
                depth,
                nodes: if depth == 64 { u64::MAX } else { 2_000_000 },
                time_ms,
            },
            temperature,
        }
    }

    /// The ply this level plays in `game`'s current position (none when the
    /// game is over).
    pub fn choose(
        self,
        game: &Game,
        searcher: &mut Searcher,
        rng: &mut Rng,
        time_ms: Option<u64>,
        clock: &dyn Clock,
    ) -> Option<Ply> {
        self.think(game, searcher, rng, time_ms, clock)
            .map(|(ply, _)| ply)
    }

    /// As [`Level::choose`], with the search's findings when it searched.
    pub fn think(
        self,
        game: &Game,
        searcher: &mut Searcher,
        rng: &mut Rng,
        time_ms: Option<u64>,
        clock: &dyn Clock,
    ) -> Option<(Ply, Option<SearchResult>)> {
        let position = game.position();
        if game.outcome().is_some() {
            return None;
        }
        let plies = position.legal_plies();
        let plain = |ply: Option<Ply>| ply.map(|p| (p, None));
        match self {
            Level::Random => plain(plies.get(rng.below(plies.len())).copied()),
            Level::Greedy => plain(greedy(position, rng)),
            Level::Yardstick(yardstick) => plain(yardstick.choose(position, rng)),
            Level::Search(_) => {
                let budget = self.budget(time_ms);
                if budget.temperature == 0 {
                    let result = searcher.search_strongest(game, budget.limits, rng, clock);
                    return result.best.map(|ply| (ply, Some(result)));
                }
                let margin = budget.temperature * 4;
                let (result, scored) = searcher.score_plies(game, budget.limits, margin, clock);
                let ply = sample(&scored, budget.temperature, rng).or(result.best)?;
                Some((ply, Some(result)))
            }
        }
    }

    /// The chance that this level plays `ply` in `game`'s position, as
    /// [`Level::think`] draws it: what a puzzle's rating is made of. Only
    /// levels 1 to 4 draw from a search bounded by depth alone; for the
    /// others (a baseline, the yardstick, level 5 bounded by the clock)
    /// `None`.
    pub fn chance(self, game: &Game, searcher: &mut Searcher, ply: Ply) -> Option<f64> {
        let budget = self.budget(None);
        if !matches!(self, Level::Search(1..=4)) || budget.limits.time_ms.is_some() {
            return None;
        }
        if game.outcome().is_some() {
            return Some(0.0);
        }
        let margin = budget.temperature * 4;
        let clock = super::search::NoClock;
        let (_, scored) = searcher.score_plies(game, budget.limits, margin, &clock);
        let weights = weights(&scored, budget.temperature);
        let total: f64 = weights.iter().map(|(_, w)| w).sum();
        let mine: f64 = weights
            .iter()
            .filter(|(p, _)| *p == ply)
            .map(|(_, w)| w)
            .sum();
        Some(if total > 0.0 { mine / total } else { 0.0 })
    }
}

/// Each ply of `scored` with its weight `e^((score - best) / temperature)`.
fn weights(scored: &[(Ply, Score)], temperature: i32) -> Vec<(Ply, f64)> {
    let best = scored.iter().map(|(_, s)| s.0).max().unwrap_or(0);
    scored
        .iter()
        .map(|(ply, score)| {
            (
                *ply,
                (f64::from(score.0 - best) / f64::from(temperature)).exp(),
            )
        })
        .collect()
}

/// A ply drawn from `scored` with weights `e^((score - best) / temperature)`.
fn sample(scored: &[(Ply, Score)], temperature: i32, rng: &mut Rng) -> Option<Ply> {
    let weights = weights(scored, temperature);
    let total: f64 = weights.iter().map(|(_, w)| w).sum();
    let mut draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (ply, weight) in &weights {
        draw -= weight;
        if draw < 0.0 {
            return Some(*ply);
        }
    }
    weights.last().map(|(ply, _)| *ply)
}

/// The `greedy` level's ply: one that captures most, else any, at random.
/// A free function (no searcher): the page plays it itself when its worker
/// fails, without carrying the search in its own code.
pub fn greedy(position: &Position, rng: &mut Rng) -> Option<Ply> {
    let plies = position.legal_plies();
    let captured = |ply: &Ply| {
        let mut next = *position;
        next.play_unchecked_with_effects(*ply).captured.count()
    };
    let most = plies.iter().map(captured).max()?;
    let mut best = [Ply::Stop; crate::engine::MAX_PLIES];
    let mut count = 0;
    for ply in plies.iter().filter(|p| captured(p) == most) {
        best[count] = *ply;
        count += 1;
    }
    best[..count].get(rng.below(count)).copied()
}
