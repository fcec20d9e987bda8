//! The setting phase searched by Monte Carlo tree search (PUCT).
//!
//! The setting is 48 placements on 7×7 with every empty square legal: no
//! alpha-beta reaches its end from the middle, and a static evaluation of a
//! half-filled board cannot tell how the moving phase will go (docs/ai.md,
//! "The setting phase"). So the tree here is grown one placement at a
//! time, towards the placements whose games went best, and each
//! iteration's game is finished: the rest of the setting by a light
//! policy, then the moving phase judged by the caller (`Leaf`: a small
//! alpha-beta of the position after the setting, its static evaluation,
//! or random play to the end). A node's value is the share of the points
//! its games gave the first player; each side chooses for itself, so two
//! placements in a row by the same side need no special case.
//!
//! Nothing here knows the alpha-beta searcher (the caller judges the
//! leaves): the tree, its reuse from one search to the next (the side's
//! second placement and the next turn start from the subtree already
//! grown), the playouts, and the configuration.

use std::sync::OnceLock;

use crate::engine::{Game, Geometry, Ply, PlyList, Position, Rules, Side, Square};

use super::rng::Rng;
use super::setting::placement_score;

/// How the setting is searched; the level's default is
/// [`Config::DEFAULT`], and a tool may choose another once
/// ([`configure`]) to compare them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Monte Carlo, or the alpha-beta search as before (to compare).
    pub monte_carlo: bool,
    /// The exploration constant of PUCT.
    pub exploration: f32,
    /// The priors' temperature, in the placement heuristic's units
    /// (hundredths of a soldier); 0: uniform priors.
    pub prior_temperature: f32,
    /// The rest of the setting in a playout: the best of this many random
    /// placements by the placement heuristic (1: uniformly at random).
    pub playout_choices: u8,
    /// How a game is judged once its setting is over.
    pub leaf: Leaf,
    /// The alpha-beta search takes over when this many placements or fewer
    /// are left (it sees the end of the setting from there).
    pub handoff: u8,
    /// A score (hundredths of a soldier) becomes the first player's share
    /// `1 / (1 + e^(-score / scale))`.
    pub scale: f32,
    /// Each possible step a placement adds to its side's edge, in the
    /// placement heuristic (as the setting's evaluation counts it).
    pub mobility: i32,
}

/// How a playout's game is judged once its setting is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// An alpha-beta search of the moving phase, this deep, within this
    /// many nodes.
    Search {
        /// Deepest iteration.
        depth: u8,
        /// Most nodes.
        nodes: u32,
    },
    /// The static evaluation.
    Evaluation,
    /// Random plies to the end of the game (at most 400).
    Random,
}

impl Config {
    /// The level's setting search.
    pub const DEFAULT: Config = Config {
        monte_carlo: true,
        exploration: 1.5,
        prior_temperature: 20.0,
        playout_choices: 3,
        // Depth 4 within 1,000 positions: three times the playouts a
        // millisecond of depth 6 within 3,000, and stronger for it
        // (docs/ai.md, "A cheaper judge").
        leaf: Leaf::Search {
            depth: 4,
            nodes: 1_000,
        },
        handoff: 10,
        scale: 100.0,
        mobility: super::setting::MOBILITY,
    };

    /// The configuration in use: [`configure`]'s, else the default.
    pub fn current() -> Config {
        *CONFIG.get().unwrap_or(&Config::DEFAULT)
    }

    /// Reads `key=value` pairs separated by commas over the default
    /// (`ab` alone: the alpha-beta setting): `c`, `prior`, `choices`,
    /// `leaf` (`ab<depth>:<nodes>`, `eval`, `random`), `handoff`, `scale`,
    /// `mobility`.
    ///
    /// # Errors
    /// The pair that could not be read.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut config = Config::DEFAULT;
        for pair in text.split(',').filter(|p| !p.is_empty()) {
            let bad = || format!("setting search: cannot read `{pair}`");
            if pair == "ab" {
                config.monte_carlo = false;
                continue;
            }
            let (key, value) = pair.split_once('=').ok_or_else(bad)?;
            let number = |v: &str| v.parse::<f32>().map_err(|_| bad());
            match key {
                "c" => config.exploration = number(value)?,
                "prior" => config.prior_temperature = number(value)?,
                "choices" => config.playout_choices = value.parse().map_err(|_| bad())?,
                "handoff" => config.handoff = value.parse().map_err(|_| bad())?,
                "scale" => config.scale = number(value)?,
                "mobility" => config.mobility = value.parse().map_err(|_| bad())?,
                "leaf" => {
                    config.leaf = match value {
                        "eval" => Leaf::Evaluation,
                        "random" => Leaf::Random,
                        _ => {
                            let (depth, nodes) = value
                                .strip_prefix("ab")
                                .and_then(|v| v.split_once(':'))
                                .ok_or_else(bad)?;
                            Leaf::Search {
                                depth: depth.parse().map_err(|_| bad())?,
                                nodes: nodes.parse().map_err(|_| bad())?,
                            }
                        }
                    }
                }
                _ => return Err(bad()),
            }
        }
        Ok(config)
    }
}

static CONFIG: OnceLock<Config> = OnceLock::new();

/// Sets the configuration every later setting search uses (once; false
/// when one was set already). For the tools that compare settings.
pub fn configure(config: Config) -> bool {
    CONFIG.set(config).is_ok()
}

/// The most nodes a tree keeps (about 20 bytes each): past it, it stops
/// growing and its leaves are played out as they are.
const MOST_NODES: usize = 1 << 19;

/// A placement in the tree, with what its games gave.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The square set (the root's is unused).
    square: u8,
    /// Children, at `first_child..first_child + children` (none: a leaf).
    children: u8,
    /// The policy's prior for this placement, among its siblings.
    prior: f32,
    /// Games played through it.
    visits: u32,
    /// The first player's points in them.
    value: f32,
    first_child: u32,
}

impl Node {
    fn new(square: u8, prior: f32) -> Node {
        Node {
            square,
            children: 0,
            prior,
            visits: 0,
            value: 0.0,
            first_child: 0,
        }
    }

    /// The mean share of the points for `side`; `unknown` before any game.
    fn mean_for(&self, side: Side, unknown: f32) -> f32 {
        if self.visits == 0 {
            return unknown;
        }
        let first = self.value / self.visits as f32;
        match side {
            Side::First => first,
            Side::Second => 1.0 - first,
        }
    }
}

/// What bounds a search: playouts, and milliseconds if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Most playouts (iterations).
    pub iterations: u64,
    /// Most milliseconds, read after each playout.
    pub time_ms: Option<u64>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Found {
    /// The most visited placement.
    pub best: Option<Ply>,
    /// Its mean share of the points, for the side to move.
    pub share: f32,
    /// Playouts made by this search.
    pub iterations: u64,
    /// The most visited line.
    pub line: Vec<Ply>,
}

/// The tree of the setting, kept from one search to the next.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// The position at the root, when there is a tree.
    root: Option<Position>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

impl Tree {
    /// An empty tree.
    pub fn new() -> Tree {
        Tree {
            nodes: Vec::new(),
            root: None,
        }
    }

    /// Nodes in the tree (the root included).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Games played through the root so far, this search's and those kept
    /// from earlier ones.
    #[cfg(test)]
    fn root_visits(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// Makes the root `game`'s current position: the subtree already grown
    /// under it when the tree's root is an earlier position of the game
    /// and the plies since are in the tree, else a new tree.
    fn reroot(&mut self, game: &Game) {
        let now = *game.position();
        if let Some(at) = self.find(game) {
            self.keep_subtree(at);
        } else {
            self.nodes.clear();
            self.nodes.push(Node::new(0, 1.0));
        }
        self.root = Some(now);
    }

    /// The node of `game`'s current position, if the tree holds it.
    fn find(&self, game: &Game) -> Option<usize> {
        let root = self.root?;
        let count = game.plies().len();
        let start = (0..=count)
            .rev()
            .find(|&i| game.position_at(i) == Some(&root))?;
        let mut node = 0;
        for played in &game.plies()[start..] {
            let Ply::Place(square) = played.ply else {
                return None;
            };
            let parent = self.nodes[node];
            node = (parent.first_child as usize..)
                .take(usize::from(parent.children))
                .find(|&c| self.nodes[c].square == square.index())?;
        }
        Some(node)
    }

    /// Keeps only the subtree under `at`, which becomes the root (copied
    /// breadth first: each node's children stay together).
    fn keep_subtree(&mut self, at: usize) {
        if at == 0 {
            return;
        }
        let old = std::mem::take(&mut self.nodes);
        self.nodes.push(old[at]);
        let mut next = 0;
        while next < self.nodes.len() {
            let node = self.nodes[next];
            if node.children > 0 {
                let first = node.first_child as usize;
                self.nodes[next].first_child = self.nodes.len() as u32;
                self.nodes
                    .extend_from_slice(&old[first..first + usize::from(node.children)]);
            }
            next += 1;
        }
    }

    /// Searches `game`'s current position (in the setting) within
    /// `budget`: PUCT down the tree, one new placement, a playout, and
    /// `judge` for the position after the setting (the first player's
    /// share of the points). `elapsed` is the search's clock.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        game: &Game,
        config: &Config,
        budget: Budget,
        rng: &mut Rng,
        elapsed: &dyn Fn() -> u64,
        judge: &mut dyn FnMut(&Position, &mut Rng) -> f32,
    ) -> Found {
        let position = *game.position();
        if self.root.is_some_and(|r| r.rules() != position.rules()) {
            self.root = None;
        }
        self.reroot(game);
        let mut iterations = 0;
        let mut path: Vec<usize> = Vec::with_capacity(64);
        while iterations < budget.iterations && position.is_setting() {
            self.iterate(&position, config, rng, judge, &mut path);
            iterations += 1;
            if budget.time_ms.is_some_and(|ms| elapsed() >= ms) {
                break;
            }
        }
        let me = position.to_move();
        let line = self.line(&position);
        let share = self.nodes[0].mean_for(me, 0.5);
        Found {
            best: line.first().copied(),
            share,
            iterations,
            line,
        }
    }

    /// One iteration: down the tree by PUCT, one node added, a playout,
    /// its result up the path.
    fn iterate(
        &mut self,
        root: &Position,
        config: &Config,
        rng: &mut Rng,
        judge: &mut dyn FnMut(&Position, &mut Rng) -> f32,
        path: &mut Vec<usize>,
    ) {
        path.clear();
        path.push(0);
        let mut position = *root;
        let mut node = 0;
        loop {
            if !position.is_setting() {
                break;
            }
            if self.nodes[node].children == 0 {
                let fresh = self.nodes[node].visits == 0 && node != 0;
                if fresh || !self.expand(node, &position, config) {
                    break;
                }
            }
            node = self.select(node, position.to_move(), config);
            position.play_unchecked(Ply::Place(Square::from_index_unchecked(
                self.nodes[node].square,
            )));
            path.push(node);
        }
        let leaf = self.nodes[node];
        let result = if !position.is_setting() && leaf.visits > 0 {
            // The setting's end, judged before: the judge is deterministic.
            leaf.value / leaf.visits as f32
        } else {
            playout(&mut position, config, rng);
            judge(&position, rng)
        };
        for &n in path.iter() {
            self.nodes[n].visits += 1;
            self.nodes[n].value += result;
        }
    }

    /// Gives `node` a child for each legal placement, with its prior;
    /// false when the tree is full.
    fn expand(&mut self, node: usize, position: &Position, config: &Config) -> bool {
        let mut plies = PlyList::new();
        position.generate(&mut plies);
        if plies.is_empty() || self.nodes.len() + plies.len() > MOST_NODES {
            return false;
        }
        let first = self.nodes.len();
        let mut best = f32::MIN;
        for ply in plies.iter() {
            let Ply::Place(square) = *ply else {
                return false;
            };
            let score = heuristic(position, square, config.mobility) as f32;
            best = best.max(score);
            self.nodes.push(Node::new(square.index(), score));
        }
        let children = &mut self.nodes[first..];
        let mut total = 0.0;
        for child in children.iter_mut() {
            child.prior = if config.prior_temperature > 0.0 {
                ((child.prior - best) / config.prior_temperature).exp()
            } else {
                1.0
            };
            total += child.prior;
        }
        for child in children.iter_mut() {
            child.prior /= total;
        }
        self.nodes[node].first_child = first as u32;
        self.nodes[node].children = plies.len() as u8;
        true
    }

    /// The child of `node` PUCT picks for `side`: the mean share of the
    /// points, plus exploration by the prior; a child never tried counts
    /// its parent's mean.
    fn select(&self, node: usize, side: Side, config: &Config) -> usize {
        let parent = self.nodes[node];
        let unknown = parent.mean_for(side, 0.5);
        let spread = config.exploration * (parent.visits.max(1) as f32).sqrt();
        let first = parent.first_child as usize;
        let mut best = first;
        let mut best_score = f32::MIN;
        for c in first..first + usize::from(parent.children) {
            let child = self.nodes[c];
            let score =
                child.mean_for(side, unknown) + spread * child.prior / (1.0 + child.visits as f32);
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// The most visited line from the root.
    fn line(&self, root: &Position) -> Vec<Ply> {
        let mut line = Vec::new();
        let mut node = 0;
        let mut position = *root;
        while self.nodes[node].children > 0 && position.is_setting() {
            let parent = self.nodes[node];
            let first = parent.first_child as usize;
            let Some(best) = (first..first + usize::from(parent.children))
                .filter(|&c| self.nodes[c].visits > 0)
                .max_by(|&a, &b| {
                    let (a, b) = (self.nodes[a], self.nodes[b]);
                    a.visits.cmp(&b.visits).then(a.prior.total_cmp(&b.prior))
                })
            else {
                break;
            };
            let ply = Ply::Place(Square::from_index_unchecked(self.nodes[best].square));
            position.play_unchecked(ply);
            line.push(ply);
            node = best;
        }
        line
    }
}

/// The placement heuristic: the setting's shape terms
/// ([`placement_score`]) and the possible steps the placement adds to its
/// side's edge (its empty neighbours, less its own soldiers beside it,
/// which lose that step, plus the enemies beside it, which lose theirs),
/// each worth `mobility`.
fn heuristic(position: &Position, square: Square, mobility: i32) -> i32 {
    let geo = Geometry::of(position.size());
    let me = position.to_move();
    let around = geo.neighbours(crate::engine::Bitboard::from_square(square));
    let own = (around & position.soldiers(me)).count() as i32;
    let enemy = (around & position.soldiers(me.opponent())).count() as i32;
    let empty = (around - position.occupied()).count() as i32;
    placement_score(position, square) + mobility * (empty - own + enemy)
}

/// Finishes the setting of `position`: each placement the best of
/// `config.playout_choices` drawn at random, by [`heuristic`].
fn playout(position: &mut Position, config: &Config, rng: &mut Rng) {
    let mut plies = PlyList::new();
    while position.is_setting() {
        plies.clear();
        position.generate(&mut plies);
        if plies.is_empty() {
            return;
        }
        let mut chosen = plies[rng.below(plies.len())];
        if config.playout_choices > 1 {
            let score = |ply: Ply| match ply {
                Ply::Place(square) => heuristic(position, square, config.mobility),
                _ => i32::MIN,
            };
            let mut best = score(chosen);
            for _ in 1..config.playout_choices {
                let other = plies[rng.below(plies.len())];
                let other_score = score(other);
                if other_score > best {
                    (chosen, best) = (other, other_score);
                }
            }
        }
        position.play_unchecked(chosen);
    }
}

/// Random plies from `position` to the end of the game (at most 400): the
/// first player's share of the points, a draw or an unfinished game half.
pub(crate) fn random_game(position: &Position, rng: &mut Rng) -> f32 {
    let mut position = *position;
    let mut plies = PlyList::new();
    for _ in 0..400 {
        if let Some(outcome) = position.outcome() {
            return share_of_outcome(outcome.winner);
        }
        plies.clear();
        position.generate(&mut plies);
        if plies.is_empty() {
            break;
        }
        position.play_unchecked(plies[rng.below(plies.len())]);
    }
    0.5
}

/// The first player's share of the points of a finished game won by
/// `winner` (none: drawn).
pub(crate) fn share_of_outcome(winner: Option<Side>) -> f32 {
    match winner {
        Some(Side::First) => 1.0,
        Some(Side::Second) => 0.0,
        None => 0.5,
    }
}

/// The first player's share for a score of `score` hundredths for `side`.
pub(crate) fn share_of(score: i32, side: Side, scale: f32) -> f32 {
    let share = 1.0 / (1.0 + (-(score as f32) / scale).exp());
    match side {
        Side::First => share,
        Side::Second => 1.0 - share,
    }
}

/// A share of the points as a score in hundredths of a soldier (the
/// inverse of [`share_of`] for the side it is for).
pub(crate) fn score_of(share: f32, scale: f32) -> i32 {
    let share = share.clamp(0.001, 0.999);
    (scale * (share / (1.0 - share)).ln()).round() as i32
}

/// Whether `rules`' setting is long enough for the tree (Kharbaga has none).
pub(crate) fn applies(rules: &Rules) -> bool {
    !rules.variant.is_alquerque()
}

#[cfg(test)]
mod tests;
