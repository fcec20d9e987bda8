//! The evaluation's weights, in hundredths of a soldier (a soldier is 100),
//! kept as data: each set below names the command that made it, which
//! `kharbga-cli tune` prints with the set (see `docs/ai.md`, "Tuning").

/// How many positional terms the evaluation weighs.
pub const TERMS: usize = 5;

/// The terms, in the order of [`Weights`]' array (as `kharbga-cli tune`
/// names them): an enemy soldier flanked by two of one's own (minus the
/// same for the opponent), steps one has more than the opponent, empty
/// squares where the side to move captures next step, squares where the
/// opponent will (counted against), Defender soldiers out of the Attacker's
/// reach (Kharbga; for the Defender, against the Attacker).
pub const NAMES: [&str; TERMS] = [
    "flanked",
    "mobility",
    "threat-now",
    "threat-later",
    "untouchable",
];

/// The untouchables' place in [`NAMES`]: the evaluation counts them only
/// when their weight is not 0 (the count is a fixpoint over the board).
pub const UNTOUCHABLE: usize = 4;

/// The weights of the evaluation's positional terms, in [`NAMES`]' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; TERMS]);

impl Weights {
    /// The weighted sum of `terms`.
    pub fn dot(&self, terms: &[i32; TERMS]) -> i32 {
        self.0.iter().zip(terms).map(|(w, x)| w * x).sum()
    }
}

/// Kharbga's weights. Made by `kharbga-cli tune --variant kharbga --games
/// 2000 --level 3 --threads 2` (seed 2026; error 0.084760 -> 0.042654; the
/// hand-set ones were `[10, 3, 30, 12, 12]`).
pub const KHARBGA: Weights = Weights([22, 6, 30, 42, 0]);

/// Seega's weights, every board. Hand-set (the first evaluation's): the
/// set `kharbga-cli tune --variant seega7 --games 2000 --level 3 --threads
/// 2` made, `[12, 1, 30, 22, 12]` (error 0.031485 -> 0.031051), played
/// 79.5 % against ab4m at 100 ms (200 games), these 80.5 %: not kept.
pub const SEEGA: Weights = Weights([10, 3, 30, 12, 12]);
