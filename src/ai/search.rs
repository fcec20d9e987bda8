//! Iterative-deepening alpha-beta with a transposition table.
//!
//! Plies do not alternate strictly (two placements a turn, capture chains,
//! automatic passes), so the search is a side-aware negamax: a child with the
//! same side to move keeps the score's sign instead of negating it. Chain
//! continuations do not use up depth: a chain always ends, since each of its
//! steps captures. Scores encode "win in N plies" (`Score`).
//!
//! The search knows the game's history: the positions since the last
//! removal come with the game it is given, and a position that would occur
//! a third time ends the line as the game would end, by the soldiers'
//! count; so does a return to a position already on the searched line (the
//! side that likes the verdict can repeat once more). A score that depends
//! on such a verdict is never kept in the table, and a kept score is used
//! only where the quiet-move limit cannot tell the two positions apart.

use crate::engine::{Bitboard, Game, Outcome, Ply, PlyList, Position, Rules, Side, StepAnalysis};

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
/// What a draw by the barrier rule is worth to the side the search plays
/// for, against playing on (hundredths of a soldier): level, it plays on.
pub const CONTEMPT: i32 = 20;
/// The deepest line whose positions are kept for the repetition rule.
const MAX_HEIGHT: usize = 256;

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

/// A table entry. Its score is usable only under the conditions of
/// [`Searcher::usable`]; a `Bound::Move` entry keeps only its ply.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    best: Option<Ply>,
    score: i32,
    /// The quiet-move count of the position the score was found in.
    quiet: u16,
    /// The search that stored it.
    generation: u16,
    depth: u8,
    bound: Bound,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    /// No score: it depended on the line's history (a repetition verdict).
    #[default]
    Move,
    Exact,
    Lower,
    Upper,
}

/// What the search plays for, fixed at its root.
#[derive(Clone, Copy, Debug)]
struct Root {
    side: Side,
    /// Soldiers on the board at the root.
    soldiers: u32,
    setting: bool,
    quiet_limit: u16,
}

/// A reusable searcher: its transposition table, killers and history. Kept
/// for a game, it reuses what earlier searches learned (see
/// [`Searcher::usable`]).
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Option<Ply>; 2]; 128],
    history: Box<[[u32; 81]; 81]>,
    nodes: u64,
    limits: Limits,
    stopped: bool,
    /// Whether the clock may stop the search: not before the first
    /// iteration is done, so that a search always answers a searched ply,
    /// however late it starts (a slow machine, the table cleared first).
    clock_armed: bool,
    /// The game's positions before the root that the repetition rule still
    /// counts, as repetition hashes, sorted.
    past: Vec<u64>,
    /// The searched line: the repetition hash of the position at each height.
    line: Box<[u64; MAX_HEIGHT]>,
    /// Repetition verdicts scored so far (a node whose subtree scored one
    /// keeps no score in the table).
    verdicts: u64,
    root: Root,
    /// Numbers the searches: an entry of an earlier one is trusted less.
    generation: u16,
    /// The rules and the side of the previous search.
    previous: Option<(Rules, Side)>,
    /// Whether scores of earlier searches may be used at all (same rules,
    /// same side: the contempt for draws is the same).
    reuse: bool,
    /// The root's best ply in the iteration under way.
    root_best: Option<Ply>,
    /// The setting's Monte Carlo tree, kept from one search to the next
    /// (`search/monte_carlo.rs`), and the small searcher that judges its
    /// playouts' moving phases; made when first needed.
    tree: Option<Box<super::mcts::Tree>>,
    leaf: Option<Box<Searcher>>,
}

/// The table size the page's worker uses (`1 << TABLE_BITS` entries);
/// matches use it too, so that they measure the level the page plays.
pub const TABLE_BITS: u32 = 20;

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
            clock_armed: false,
            past: Vec::new(),
            line: Box::new([0; MAX_HEIGHT]),
            verdicts: 0,
            root: Root {
                side: Side::First,
                soldiers: 0,
                setting: true,
                quiet_limit: 0,
            },
            generation: 0,
            previous: None,
            reuse: false,
            root_best: None,
            tree: None,
            leaf: None,
        }
    }

    /// Searches the current position of `game` within `limits`, knowing the
    /// positions the repetition rule still counts.
    pub fn search(&mut self, game: &Game, limits: Limits, clock: &dyn Clock) -> SearchResult {
        if game.outcome().is_some() && game.position().outcome().is_none() {
            // Decided off the board (a resignation, a draw agreed).
            return SearchResult {
                best: None,
                score: Score(evaluate(game.position())),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        self.search_in(game.position(), game.repetition_window(), limits, clock)
    }

    /// As [`Searcher::search`], in `position` with `window` the game's
    /// positions the repetition rule counts (`position` last, or none).
    fn search_in(
        &mut self,
        position: &Position,
        window: &[Position],
        limits: Limits,
        clock: &dyn Clock,
    ) -> SearchResult {
        self.prepare_in(position, window, limits);
        let mut result = SearchResult {
            best: position.legal_plies().first().copied(),
            score: Score(evaluate(position)),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if position.outcome().is_some() {
            result.best = None;
            return result;
        }
        for depth in 1..=limits.depth {
            self.root_best = None;
            let score = self.negamax(position, i32::from(depth), -INFINITY, INFINITY, 0, clock);
            if self.stopped {
                break;
            }
            self.clock_armed = true;
            result.depth = depth;
            result.score = Score(score);
            result.best = self.root_best.or(result.best);
            result.pv = self.principal_variation(position, result.best, usize::from(depth) + 8);
            if Score(score).forced().is_some() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// As [`Searcher::search`], then the score of every root ply worth
    /// playing (the setting's candidates while setting) at the depth the
    /// search completed, each exact when it is above the best score less
    /// `margin`; plies below are left out. The best ply is always among
    /// them. What the levels that err choose from.
    pub fn score_plies(
        &mut self,
        game: &Game,
        limits: Limits,
        margin: i32,
        clock: &dyn Clock,
    ) -> (SearchResult, Vec<(Ply, Score)>) {
        let result = self.search(game, limits, clock);
        let mut scored = Vec::new();
        let Some(best) = result.best else {
            return (result, scored);
        };
        let position = game.position();
        let depth = i32::from(result.depth.max(1));
        let floor = result.score.0.saturating_sub(margin).max(-INFINITY);
        self.line[0] = position.repetition_hash();
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        let mut keys = Keys::new();
        let mut picker = if position.is_setting() {
            Picker::placements(&mut keys, position, &plies, Some(best), ROOT_PLACEMENTS)
        } else {
            Picker::ranked(&mut keys, &plies, |ply| u32::from(ply == best))
        };
        while let Some(ply) = picker.next() {
            let score = self.root_child(position, ply, depth, floor, INFINITY, clock);
            if self.stopped {
                break;
            }
            if score > floor {
                scored.push((ply, Score(score)));
            }
        }
        if !scored.iter().any(|(ply, _)| *ply == best) {
            scored.push((best, result.score));
        }
        (result, scored)
    }

    /// Gets ready to search the current position of `game`.
    #[cfg(test)]
    fn prepare(&mut self, game: &Game, limits: Limits) {
        self.prepare_in(game.position(), game.repetition_window(), limits);
    }

    /// Gets ready to search `position`, after the positions of `window`.
    fn prepare_in(&mut self, position: &Position, window: &[Position], limits: Limits) {
        let context = (*position.rules(), position.to_move());
        if self.previous.is_some_and(|(rules, _)| rules != context.0) {
            // Other rules: nothing learnt under the old ones holds. (A new
            // searcher's table is empty already: its first search does not
            // spend its time clearing it.)
            self.table.fill(Entry::default());
            *self.history = [[0; 81]; 81];
        }
        self.reuse = self.previous == Some(context);
        self.previous = Some(context);
        self.generation = self.generation.wrapping_add(1);
        for row in self.history.iter_mut() {
            for cell in row.iter_mut() {
                *cell /= 2;
            }
        }
        self.past.clear();
        if let Some((_, before)) = window.split_last() {
            self.past.extend(
                before
                    .iter()
                    .filter(|p| !p.is_setting())
                    .map(Position::repetition_hash),
            );
        }
        self.past.sort_unstable();
        self.root = Root {
            side: position.to_move(),
            soldiers: soldiers(position),
            setting: position.is_setting(),
            quiet_limit: position.rules().quiet_limit,
        };
        self.nodes = 0;
        self.limits = limits;
        self.stopped = false;
        self.clock_armed = false;
        self.killers = [[None; 2]; 128];
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn out_of_budget(&mut self, clock: &dyn Clock) -> bool {
        if self.stopped || self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.clock_armed && self.nodes.is_multiple_of(1024) {
            if let Some(ms) = self.limits.time_ms {
                self.stopped = clock.elapsed_ms() >= ms;
            }
        }
        self.stopped
    }

    /// The score of a finished game for `side`, `ply` plies from the root.
    /// A draw is worth a little less than playing on to the side the
    /// search plays for (and so a little more to the other).
    fn terminal(&self, outcome: Outcome, side: Side, ply: u32) -> i32 {
        match outcome.winner {
            None if side == self.root.side => -CONTEMPT,
            None => CONTEMPT,
            Some(winner) if winner == side => Score::win_in(ply).0,
            Some(_) => Score::loss_in(ply).0,
        }
    }

    /// The end a position of the moving phase meets by repetition, if it
    /// has: a third occurrence in the game, or a return to a position on
    /// the searched line (`height` is its parent's height).
    fn repeated(&self, position: &Position, height: u32) -> Option<Outcome> {
        // A return needs a step away and a step back since the last removal.
        if position.is_setting() || position.quiet() < 2 {
            return None;
        }
        let hash = position.repetition_hash();
        let line = &self.line[..=(height as usize).min(MAX_HEIGHT - 1)];
        let at = self.past.partition_point(|&h| h < hash);
        let twice_before = self.past.get(at..at + 2) == Some(&[hash, hash]);
        (twice_before || line.contains(&hash)).then(|| position.repetition_outcome())
    }

    /// How far the quiet-move count at `quiet` is from the limit.
    fn headroom(&self, quiet: u16) -> u16 {
        match self.root.quiet_limit {
            0 => u16::MAX,
            limit => limit.saturating_sub(quiet),
        }
    }

    /// Whether `entry`'s score answers a search of `position` to `depth`:
    /// deep enough, not at the root (whose plies always meet the history),
    /// no repetition verdict in it (those are never stored with a score),
    /// from this search or from an earlier one where the history cannot
    /// matter (the position has fewer soldiers than the root: none of the
    /// game's counted positions can come back below it), and with the
    /// quiet-move count alike or both far enough from the limit that it
    /// cannot be reached within the entry's depth.
    fn usable(&self, entry: &Entry, position: &Position, depth: i32, ply: u32) -> bool {
        if entry.bound == Bound::Move || i32::from(entry.depth) < depth || ply == 0 {
            return false;
        }
        if entry.generation != self.generation
            && !(self.reuse
                && (self.root.setting
                    || position.is_setting()
                    || soldiers(position) < self.root.soldiers))
        {
            return false;
        }
        let reach = u16::from(entry.depth);
        entry.quiet == position.quiet()
            || (self.headroom(entry.quiet) > reach && self.headroom(position.quiet()) > reach)
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
            return self.terminal(outcome, position.to_move(), ply);
        }
        if let Some(slot) = self.line.get_mut(ply as usize) {
            *slot = position.repetition_hash();
        }
        // Quiescence: past the horizon only captures are searched, and the
        // side to move may stand on the static evaluation.
        // A Kharbaga capture is compulsory: a position that must capture is
        // searched on (captures always end) rather than stood on.
        let quiescent = depth <= 0
            && position.chain().is_none()
            && !(depth > -QUIESCENCE_DEPTH && position.must_capture());
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
            if self.usable(&entry, position, depth, ply) {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Move => false,
                };
                if usable {
                    return score;
                }
            }
        }
        // The Kharbga Defender's flagged steps need the exchange analysis:
        // each is tried right after its unflagged step (where the generator
        // puts it), and the analysis is made only when such a step was
        // tried without a cut-off, so that most nodes never pay for it. Not
        // when the table's move is one, nor when the exchange waits on the
        // Defender (its flagged step answers it): all are generated then.
        let deferred = position.defers_flags()
            && position.exchange().waiting_for() != Some(Side::Second)
            && !matches!(tt_move, Some(Ply::Step { flagged: true, .. }));
        let mut plies = PlyList::new();
        if deferred {
            position.generate_unflagged(&mut plies);
        } else {
            position.generate(&mut plies);
        }
        let tt_move = tt_move.filter(|m| plies.contains(m));
        let targets = if deferred {
            position.capture_targets(position.to_move())
        } else {
            Bitboard::EMPTY
        };
        let mut analysis: Option<Option<StepAnalysis>> = None;
        let mut twin = None;
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
        let verdicts = self.verdicts;
        let original_alpha = alpha;
        let mut best = None;
        let mut best_score = -INFINITY;
        let mut index = 0;
        while let Some(ply_to_try) = twin.take().or_else(|| picker.next()) {
            let score = if index == 0 {
                self.play_child(position, ply_to_try, depth, ply, alpha, beta, clock)
            } else {
                // Principal variation search: prove the ply no better with a
                // null window, search it fully only when it is.
                let probe =
                    self.play_child(position, ply_to_try, depth, ply, alpha, alpha + 1, clock);
                if probe > alpha && probe < beta && !self.stopped {
                    self.play_child(position, ply_to_try, depth, ply, alpha, beta, clock)
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
            if let Ply::Step {
                from,
                to,
                flagged: false,
            } = ply_to_try
            {
                if deferred
                    && !targets.contains(to)
                    && analysis
                        .get_or_insert_with(|| position.flag_analysis())
                        .is_some_and(|a| a.untouchable_after(from, to))
                {
                    twin = Some(Ply::flagged(from, to));
                }
            }
        }
        if ply == 0 {
            self.root_best = best;
        }
        let bound = if self.verdicts != verdicts {
            Bound::Move
        } else if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            best,
            score: to_table(best_score, ply),
            quiet: position.quiet(),
            generation: self.generation,
            depth: depth.clamp(0, 255) as u8,
            bound,
        };
        best_score
    }

    /// The score, for the side to move in `position` (at height `ply`), of
    /// playing `move_` there: the end of the game, a repetition's verdict,
    /// or the child's search within `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn play_child(
        &mut self,
        position: &Position,
        move_: Ply,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
        clock: &dyn Clock,
    ) -> i32 {
        let mut child = *position;
        child.play_unchecked(move_);
        let mover = position.to_move();
        let same_side = child.to_move() == mover;
        if let Some(outcome) = child.outcome() {
            // Scored for the side that played, whoever the final position names.
            self.nodes += 1;
            return self.terminal(outcome, mover, ply + 1);
        }
        if let Some(outcome) = self.repeated(&child, ply) {
            self.nodes += 1;
            self.verdicts += 1;
            return self.terminal(outcome, mover, ply + 1);
        }
        // A chain's next capture is part of the same move: no depth used.
        let next_depth = if child.chain().is_some() && same_side {
            depth
        } else {
            depth - 1
        };
        if same_side {
            self.negamax(&child, next_depth, alpha, beta, ply + 1, clock)
        } else {
            -self.negamax(&child, next_depth, -beta, -alpha, ply + 1, clock)
        }
    }

    /// A root ply's score within `(alpha, beta)`, `depth` being the root's.
    fn root_child(
        &mut self,
        position: &Position,
        move_: Ply,
        depth: i32,
        alpha: i32,
        beta: i32,
        clock: &dyn Clock,
    ) -> i32 {
        self.play_child(position, move_, depth, 0, alpha, beta, clock)
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
        if position.rules().variant.is_alquerque() {
            // Reached only without a capture to make (see `negamax`).
            return stand;
        }
        let targets = position.capture_targets(position.to_move());
        if targets.is_empty() {
            return stand;
        }
        let mut plies = PlyList::new();
        position.generate_captures(&mut plies);
        let mut keys = Keys::new();
        let mut picker = Picker::ranked(&mut keys, &plies, |p| match p {
            Ply::Step { to, .. } => position.captures_at(to).count(),
            _ => 0,
        });
        let mut best_score = stand;
        while let Some(capture) = picker.next() {
            // Captures remove soldiers: no repetition can follow one.
            let mut child = *position;
            child.play_unchecked(capture);
            let same_side = child.to_move() == position.to_move();
            let score = if let Some(outcome) = child.outcome() {
                self.nodes += 1;
                self.terminal(outcome, position.to_move(), ply + 1)
            } else if same_side {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1, clock)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, clock)
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
        plies: &'a [Ply],
        tt_move: Option<Ply>,
        height: u32,
    ) -> Picker<'a> {
        let alquerque = position.rules().variant.is_alquerque();
        let targets = if alquerque {
            Bitboard::EMPTY
        } else {
            position.capture_targets(position.to_move())
        };
        let mullahs = position.mullahs();
        let far = match position.to_move() {
            Side::First => position.size().side() - 1,
            Side::Second => 0,
        };
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
                    // Kharbaga: a promoting step before the others.
                    Ply::Step { from, to, .. }
                        if alquerque && to.rank() == far && !mullahs.contains(from) =>
                    {
                        u32::MAX - 30
                    }
                    Ply::Step { from, to, .. } => {
                        self.history[usize::from(from.index())][usize::from(to.index())]
                    }
                    _ => 0,
                }
            }
        })
    }

    /// The principal variation: `first`, then the table's plies.
    fn principal_variation(
        &self,
        position: &Position,
        first: Option<Ply>,
        most: usize,
    ) -> Vec<Ply> {
        let mut pv = Vec::new();
        let mut current = *position;
        let mut next = first;
        while pv.len() < most {
            let Some(ply) = next.filter(|p| current.is_legal(*p)) else {
                break;
            };
            current.play_unchecked(ply);
            pv.push(ply);
            if current.is_over() {
                break;
            }
            let entry = self.table[self.slot(current.hash())];
            next = entry.best.filter(|_| entry.key == current.hash());
        }
        pv
    }
}

/// Soldiers on the board.
fn soldiers(position: &Position) -> u32 {
    position.soldiers(Side::First).count() + position.soldiers(Side::Second).count()
}

mod monte_carlo;
#[cfg(test)]
mod tests;
