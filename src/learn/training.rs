//! A player's puzzle training as this browser keeps it: the puzzle rating
//! (Glicko-2, [`Rating`]), the tries (newest last, the last
//! [`HISTORY`] kept) and the best streak. Read from storage, so untrusted:
//! a line that does not read is left out, a rating that is not sound
//! starts again from [`START`], never a panic.
//!
//! The text, a line each: `rating <rating> <deviation> <volatility>`,
//! `best-streak <n>`, `rated <id> <id> …` (every puzzle ever rated: never
//! rated twice, however long ago), then a try a line: `<id> <+|-> <change>`
//! (the rating's change, 0 for a try that was not rated).

use super::rating::Rating;

/// A new player's rating. The puzzles' ratings come from the computer's
/// lower levels (600 to about 1,500, most near 700): a new player starts
/// among the easier ones, not at Glicko's 1500 (the hardest).
pub const START: Rating = Rating {
    rating: 700.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The ratings a player may hold, read or written: a try that would take
/// the rating out of them leaves it at their edge, and a stored rating
/// outside them is not read (it starts again from [`START`]). One range for
/// both, so that what a page writes the next load reads.
pub const RATINGS: std::ops::RangeInclusive<f64> = 100.0..=3_000.0;

/// How many tries the history keeps.
pub const HISTORY: usize = 100;

/// How many rated puzzles are remembered (more than are shipped).
pub const RATED: usize = 5_000;

/// One try at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The puzzle's id.
    pub id: String,
    /// Solved at the first try (no mistake, the move not shown).
    pub solved: bool,
    /// What it did to the rating (0 when not rated).
    pub change: i32,
}

/// A player's puzzle training.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// The player's puzzle rating.
    pub rating: Rating,
    /// The tries, newest last.
    pub history: Vec<Attempt>,
    /// The longest streak (puzzles solved in a row in streak mode).
    pub best_streak: u32,
    /// Every puzzle rated so far (a puzzle is rated once).
    pub rated: std::collections::BTreeSet<String>,
}

impl Default for Training {
    fn default() -> Training {
        Training {
            rating: START,
            history: Vec::new(),
            best_streak: 0,
            rated: std::collections::BTreeSet::new(),
        }
    }
}

/// An id as the puzzle files write them (eight hex digits), or a
/// review's position (`find-…`): nothing else is kept.
fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 24 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

impl Training {
    /// The training a stored text describes (what does not read is left
    /// out).
    pub fn parse(text: &str) -> Training {
        let mut training = Training::default();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                ["rating", r, d, v] => {
                    let rating = Rating {
                        rating: r.parse().unwrap_or(f64::NAN),
                        deviation: d.parse().unwrap_or(f64::NAN),
                        volatility: v.parse().unwrap_or(f64::NAN),
                    };
                    // (A sound rating on the players' scale: anything
                    // else, from a damaged or forged text, starts again.)
                    if rating.is_sound()
                        && RATINGS.contains(&rating.rating)
                        && rating.deviation <= 350.0
                        && rating.volatility > 0.0
                        && rating.volatility < 1.0
                    {
                        training.rating = rating;
                    }
                }
                ["rated", ref ids @ ..] => {
                    for id in ids.iter().filter(|id| is_id(id)) {
                        if training.rated.len() < RATED {
                            training.rated.insert((*id).to_owned());
                        }
                    }
                }
                ["best-streak", n] => training.best_streak = n.parse().unwrap_or(0),
                [id, mark @ ("+" | "-"), change] if is_id(id) => {
                    if let Ok(change) = change.parse::<i32>() {
                        training.history.push(Attempt {
                            id: id.to_owned(),
                            solved: mark == "+",
                            change: change.clamp(-1_000, 1_000),
                        });
                    }
                }
                _ => {}
            }
        }
        let extra = training.history.len().saturating_sub(HISTORY);
        training.history.drain(..extra);
        training
    }

    /// The text to store.
    pub fn to_text(&self) -> String {
        let r = &self.rating;
        // (Every digit kept: a rating cut to two places can read back as
        // another whole number, 766.496 shown 766 and read 766.50, 767.)
        let mut text = format!(
            "rating {} {} {}\nbest-streak {}\n",
            r.rating, r.deviation, r.volatility, self.best_streak
        );
        if !self.rated.is_empty() {
            let ids: Vec<&str> = self.rated.iter().map(String::as_str).collect();
            text.push_str(&format!("rated {}\n", ids.join(" ")));
        }
        for a in &self.history {
            let mark = if a.solved { '+' } else { '-' };
            text.push_str(&format!("{} {mark} {}\n", a.id, a.change));
        }
        text
    }

    /// The rating shown: a whole number.
    pub fn shown(&self) -> i32 {
        self.rating.rating.round() as i32
    }

    /// A rated try at a puzzle rated `puzzle`: the rating moves (the
    /// change, in whole points, is returned and kept with the try).
    pub fn rated(&mut self, id: &str, puzzle: u16, solved: bool) -> i32 {
        let before = self.shown();
        self.rating = self.rating.after_puzzle(puzzle, solved);
        self.rating.rating = self.rating.rating.clamp(*RATINGS.start(), *RATINGS.end());
        let change = self.shown().saturating_sub(before);
        if is_id(id) && self.rated.len() < RATED {
            self.rated.insert(id.to_owned());
        }
        self.push(id, solved, change);
        change
    }

    /// A try that is not rated (a puzzle tried again, a streak, a
    /// review's position): kept in the history only.
    pub fn unrated(&mut self, id: &str, solved: bool) {
        self.push(id, solved, 0);
    }

    fn push(&mut self, id: &str, solved: bool, change: i32) {
        if !is_id(id) {
            return;
        }
        self.history.push(Attempt {
            id: id.to_owned(),
            solved,
            change,
        });
        let extra = self.history.len().saturating_sub(HISTORY);
        self.history.drain(..extra);
    }

    /// Whether the puzzle `id` was tried before (rated, or in the
    /// history): a second try is not rated; the next puzzle is one not
    /// tried.
    pub fn tried(&self, id: &str) -> bool {
        self.rated.contains(id) || self.history.iter().any(|a| a.id == id)
    }

    /// A streak of `n` ended: the best is kept.
    pub fn streak_ended(&mut self, n: u32) {
        self.best_streak = self.best_streak.max(n);
    }
}
