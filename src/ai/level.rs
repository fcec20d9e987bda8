//! The levels a player chooses: two baselines (random, greedy) and five
//! searching levels, from forgiving to the strongest the budget allows.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Ply, Position};

use super::rng::Rng;
use super::search::{Clock, Limits, SearchResult, Searcher};

/// A computer player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal ply, uniformly.
    Random,
    /// The ply that captures most, else random: the original project's AI.
    Greedy,
    /// A searching level, 1 (forgiving) to 5 (strongest).
    Search(u8),
}

/// A level name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level `{}` (random, greedy, 1 to 5)", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        match text {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            _ => match text.parse::<u8>() {
                Ok(n @ 1..=5) => Ok(Level::Search(n)),
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
        }
    }
}

impl Level {
    /// The search budget and the chance (in percent) of a random ply instead.
    fn budget(self, time_ms: Option<u64>) -> (Limits, u32) {
        let (nodes, noise) = match self {
            Level::Search(1) => (100, 50),
            Level::Search(2) => (1_000, 40),
            Level::Search(3) => (10_000, 25),
            Level::Search(4) => (100_000, 12),
            _ => (u64::MAX, 0),
        };
        let time_ms = match self {
            Level::Search(5) => Some(time_ms.unwrap_or(1_000)),
            _ => time_ms,
        };
        (
            Limits {
                depth: 64,
                nodes,
                time_ms,
            },
            noise,
        )
    }

    /// The ply this level plays in `position` (none when the game is over).
    pub fn choose(
        self,
        position: &Position,
        searcher: &mut Searcher,
        rng: &mut Rng,
        time_ms: Option<u64>,
        clock: &dyn Clock,
    ) -> Option<Ply> {
        self.think(position, searcher, rng, time_ms, clock)
            .map(|(ply, _)| ply)
    }

    /// As [`Level::choose`], with the search's findings when it searched.
    pub fn think(
        self,
        position: &Position,
        searcher: &mut Searcher,
        rng: &mut Rng,
        time_ms: Option<u64>,
        clock: &dyn Clock,
    ) -> Option<(Ply, Option<SearchResult>)> {
        let plies = position.legal_plies();
        if plies.is_empty() {
            return None;
        }
        let random = |rng: &mut Rng| plies.get(rng.below(plies.len())).copied();
        let plain = |ply: Option<Ply>| ply.map(|p| (p, None));
        match self {
            Level::Random => plain(random(rng)),
            Level::Greedy => plain(greedy(position, rng)),
            Level::Search(_) => {
                let (limits, noise) = self.budget(time_ms);
                if noise > 0 && rng.below(100) < noise as usize {
                    return plain(random(rng));
                }
                let result = searcher.search(position, limits, clock);
                match result.best {
                    Some(ply) => Some((ply, Some(result))),
                    None => plain(random(rng)),
                }
            }
        }
    }
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
