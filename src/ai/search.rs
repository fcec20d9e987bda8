//! Iterative-deepening alpha-beta with a transposition table.
//!
//! Plies do not alternate strictly (two placements a turn, capture chains,
//! automatic passes), so the search is a side-aware negamax: a child with the
//! same side to move keeps the score's sign instead of negating it. Chain
//! continuations do not use up depth: a chain always ends, since each of its
//! steps captures. Scores encode "win in N plies" (`Score`).

use crate::engine::{Ply, PlyList, Position};

use super::eval::evaluate;
use super::picker::{Keys, Picker};

/// A score from the side to move's point of view: hundredths of a soldier,
/// or a forced result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1;
/// How many plies of captures the quiescence search follows past the horizon.
const QUIESCENCE_DEPTH: i32 = 8;
/// Placements searched at the root during the setting phase.
const ROOT_PLACEMENTS: usize = 12;

/// Forced results are stored counted from the node, not from the root, so
/// that an entry stays right when it is met at another height.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN - 10_000 {
        score + ply as i32
    } else if score < -(WIN - 10_000) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN - 10_000 {
        score - ply as i32
    } else if score < -(WIN - 10_000) {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a finished game for `side`, `ply` plies from the root.
fn terminal(outcome: crate::engine::Outcome, side: crate::engine::Side, ply: u32) -> i32 {
    match outcome.winner {
        None => 0,
        Some(winner) if winner == side => Score::win_in(ply).0,
        Some(_) => Score::loss_in(ply).0,
    }
}

impl Score {
    /// A win `plies` plies from now.
    pub const fn win_in(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }
    /// A loss `plies` plies from now.
    pub const fn loss_in(plies: u32) -> Score {
        Score(-(WIN - plies as i32))
    }
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn forced(self) -> Option<i32> {
        if self.0.abs() > WIN - 10_000 {
            Some(if self.0 > 0 {
                WIN - self.0
            } else {
                -(WIN + self.0)
            })
        } else {
            None
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.forced() {
            Some(n) if n >= 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {}", -n),
            None => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}

/// How the search reads the time: natively `Instant`, in a worker the JS clock.
pub trait Clock {
    /// Milliseconds since the search started.
    fn elapsed_ms(&self) -> u64;
}

/// No clock: the search is bounded by nodes and depth only (deterministic).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// What bounds a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: u8,
    /// Most nodes.
    pub nodes: u64,
    /// Most milliseconds (read every 1024 nodes), if any.
    pub time_ms: Option<u64>,
}

impl Limits {
    /// A node budget alone.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: 64,
            nodes,
            time_ms: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best ply (none when the game is over).
    pub best: Option<Ply>,
    /// Its score.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Ply>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    best: Option<Ply>,
    depth: u8,
    score: i32,
    bound: Bound,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A reusable searcher: its transposition table, killers and history.
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Option<Ply>; 2]; 128],
    history: Box<[[u32; 81]; 81]>,
    nodes: u64,
    limits: Limits,
    stopped: bool,
}

impl Searcher {
    /// A searcher with a table of `1 << bits` entries.
    pub fn new(bits: u32) -> Searcher {
        Searcher {
            table: vec![Entry::default(); 1 << bits],
            killers: [[None; 2]; 128],
            history: Box::new([[0; 81]; 81]),
            nodes: 0,
            limits: Limits::nodes(0),
            stopped: false,
        }
    }

    /// Searches `position` within `limits`.
    pub fn search(
        &mut self,
        position: &Position,
        limits: Limits,
        clock: &dyn Clock,
    ) -> SearchResult {
        self.nodes = 0;
        self.limits = limits;
        self.stopped = false;
        self.killers = [[None; 2]; 128];
        let mut result = SearchResult {
            best: position.legal_plies().first().copied(),
            score: Score(evaluate(position)),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if position.is_over() {
            result.best = None;
            return result;
        }
        for depth in 1..=limits.depth {
            let score = self.negamax(position, i32::from(depth), -INFINITY, INFINITY, 0, clock);
            if self.stopped {
                break;
            }
            result.depth = depth;
            result.score = Score(score);
            result.pv = self.principal_variation(position, usize::from(depth) + 8);
            result.best = result.pv.first().copied().or(result.best);
            if Score(score).forced().is_some() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn out_of_budget(&mut self, clock: &dyn Clock) -> bool {
        if self.stopped || self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(1024) {
            if let Some(ms) = self.limits.time_ms {
                self.stopped = clock.elapsed_ms() >= ms;
            }
        }
        self.stopped
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        clock: &dyn Clock,
    ) -> i32 {
        if self.out_of_budget(clock) {
            return 0;
        }
        self.nodes += 1;
        if let Some(outcome) = position.outcome() {
            return terminal(outcome, position.to_move(), ply);
        }
        // Quiescence: past the horizon only captures are searched, and the
        // side to move may stand on the static evaluation.
        let quiescent = depth <= 0 && position.chain().is_none();
        if quiescent {
            let stand = evaluate(position);
            if depth <= -QUIESCENCE_DEPTH || stand >= beta {
                return stand;
            }
            return self.captures_only(position, depth, alpha.max(stand), beta, ply, stand, clock);
        }
        let key = position.hash();
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut tt_move = None;
        if entry.key == key {
            tt_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        let tt_move = tt_move.filter(|m| plies.contains(m));
        let mut keys = Keys::new();
        let mut picker = if position.is_setting() {
            // Candidate pruning: the setting's shape heuristics pick the few
            // placements worth searching; wider near the root.
            let most = if ply == 0 {
                ROOT_PLACEMENTS
            } else {
                (4 + 2 * depth.max(0) as usize).min(ROOT_PLACEMENTS)
            };
            Picker::placements(&mut keys, position, &plies, tt_move, most)
        } else {
            self.order(&mut keys, position, &plies, tt_move, ply)
        };
        let original_alpha = alpha;
        let mut best = None;
        let mut best_score = -INFINITY;
        let mut index = 0;
        while let Some(ply_to_try) = picker.next() {
            let mut child = *position;
            child.play_unchecked(ply_to_try);
            let same_side = child.to_move() == position.to_move();
            // A chain's next capture is part of the same move: no depth used.
            let next_depth = if child.chain().is_some() && same_side {
                depth
            } else {
                depth - 1
            };
            let score = if let Some(outcome) = child.outcome() {
                // Scored for the side that played, whoever the final position names.
                self.nodes += 1;
                terminal(outcome, position.to_move(), ply + 1)
            } else if index == 0 {
                self.child(&child, same_side, next_depth, alpha, beta, ply, clock)
            } else {
                // Principal variation search: prove the ply no better with a
                // null window, search it fully only when it is.
                let probe = self.child(&child, same_side, next_depth, alpha, alpha + 1, ply, clock);
                if probe > alpha && probe < beta && !self.stopped {
                    self.child(&child, same_side, next_depth, alpha, beta, ply, clock)
                } else {
                    probe
                }
            };
            index += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = Some(ply_to_try);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.remember_cutoff(ply_to_try, ply, depth);
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            best,
            depth: depth.clamp(0, 255) as u8,
            score: to_table(best_score, ply),
            bound,
        };
        best_score
    }

    /// A child's score for the side to move at the parent: negated unless
    /// the same side moves again.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        child: &Position,
        same_side: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
        clock: &dyn Clock,
    ) -> i32 {
        if same_side {
            self.negamax(child, depth, alpha, beta, ply + 1, clock)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply + 1, clock)
        }
    }

    /// The quiescence search's moves: capturing steps only, most captures
    /// first, from a standing score of `stand`.
    #[allow(clippy::too_many_arguments)]
    fn captures_only(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        stand: i32,
        clock: &dyn Clock,
    ) -> i32 {
        let targets = position.capture_targets(position.to_move());
        if targets.is_empty() {
            return stand;
        }
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        let mut keys = Keys::new();
        let mut picker = Picker::kept(&mut keys, &plies, |p| match p {
            Ply::Step {
                to, flagged: false, ..
            } => targets
                .contains(to)
                .then(|| position.captures_at(to).count()),
            _ => None,
        });
        let mut best_score = stand;
        while let Some(capture) = picker.next() {
            let mut child = *position;
            child.play_unchecked(capture);
            let same_side = child.to_move() == position.to_move();
            let score = if let Some(outcome) = child.outcome() {
                self.nodes += 1;
                terminal(outcome, position.to_move(), ply + 1)
            } else {
                self.child(&child, same_side, depth - 1, alpha, beta, ply, clock)
            };
            if self.stopped {
                return 0;
            }
            best_score = best_score.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best_score
    }

    fn remember_cutoff(&mut self, ply: Ply, height: u32, depth: i32) {
        let killers = &mut self.killers[(height as usize).min(127)];
        if killers[0] != Some(ply) {
            killers[1] = killers[0];
            killers[0] = Some(ply);
        }
        if let Ply::Step { from, to, .. } = ply {
            let cell = &mut self.history[usize::from(from.index())][usize::from(to.index())];
            *cell = cell.saturating_add((depth * depth) as u32);
        }
    }

    /// The plies in search order: the table's move, captures (most first),
    /// killers, then by history.
    fn order<'a>(
        &self,
        keys: &'a mut Keys,
        position: &Position,
        plies: &'a PlyList,
        tt_move: Option<Ply>,
        height: u32,
    ) -> Picker<'a> {
        let targets = position.capture_targets(position.to_move());
        let killers = self.killers[(height as usize).min(127)];
        Picker::ranked(keys, plies, |ply| {
            if Some(ply) == tt_move {
                u32::MAX
            } else {
                match ply {
                    Ply::Step {
                        to, flagged: false, ..
                    } if targets.contains(to) => {
                        u32::MAX - 10 + position.captures_at(to).count().min(4)
                    }
                    _ if killers.contains(&Some(ply)) => u32::MAX - 20,
                    Ply::Step { from, to, .. } => {
                        self.history[usize::from(from.index())][usize::from(to.index())]
                    }
                    _ => 0,
                }
            }
        })
    }

    fn principal_variation(&self, position: &Position, most: usize) -> Vec<Ply> {
        let mut pv = Vec::new();
        let mut current = *position;
        while pv.len() < most {
            let entry = self.table[self.slot(current.hash())];
            let Some(ply) = entry.best.filter(|_| entry.key == current.hash()) else {
                break;
            };
            if !current.is_legal(ply) {
                break;
            }
            current.play_unchecked(ply);
            pv.push(ply);
        }
        pv
    }
}
