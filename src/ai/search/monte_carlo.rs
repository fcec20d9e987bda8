//! The strongest search: the setting by Monte Carlo tree search
//! (`ai::mcts`), whose playouts' moving phases a small alpha-beta
//! searcher of its own judges, and everything else (and the setting's last
//! placements, which alpha-beta sees to the end) by alpha-beta.

use super::{Clock, Limits, NoClock, Score, SearchResult, Searcher};
use crate::ai::eval::evaluate;
use crate::ai::mcts::{self, Budget, Config, Leaf, Tree};
use crate::ai::rng::Rng;
use crate::engine::{Game, Position, Side};

/// The table of the searcher that judges the playouts (`1 << bits`
/// entries): its searches are a few thousand nodes each.
const LEAF_TABLE_BITS: u32 = 16;

impl Searcher {
    /// What the strongest level, its hints and the analysis search: in
    /// the setting (while more than the configuration's hand-off is left
    /// to place), Monte Carlo tree search within `limits` (`nodes` counts
    /// its playouts, `time_ms` its clock), the tree kept for the next
    /// search, the playouts drawn from `rng`; elsewhere, and with the
    /// alpha-beta setting configured, [`Searcher::search`]. Deterministic
    /// for a seed when bounded by playouts alone. Its `nodes` are the
    /// playouts and the positions their judge searched.
    pub fn search_strongest(
        &mut self,
        game: &Game,
        limits: Limits,
        rng: &mut Rng,
        clock: &dyn Clock,
    ) -> SearchResult {
        let config = Config::current();
        let position = *game.position();
        let by_tree = config.monte_carlo
            && position.is_setting()
            && mcts::applies(position.rules())
            && game.outcome().is_none()
            && placements_left(&position) > u32::from(config.handoff)
            && position.legal_plies().len() > 1;
        if !by_tree {
            return self.search(game, limits, clock);
        }
        let tree = self.tree.get_or_insert_with(|| Box::new(Tree::new()));
        let leaf = self
            .leaf
            .get_or_insert_with(|| Box::new(Searcher::new(LEAF_TABLE_BITS)));
        let mut playouts = Rng::new(rng.next_u64());
        // Positions the playouts' judge searched (what a search reports
        // as its nodes: the analysis shows them as positions).
        let mut searched = 0;
        let budget = Budget {
            iterations: limits.nodes,
            time_ms: limits.time_ms,
        };
        let found = tree.search(
            game,
            &config,
            budget,
            &mut playouts,
            &|| clock.elapsed_ms(),
            &mut |after, rng| judge(leaf, after, rng, &config, &mut searched),
        );
        SearchResult {
            best: found.best,
            score: Score(mcts::score_of(found.share, config.scale)),
            depth: found.line.len().min(255) as u8,
            nodes: found.iterations + searched,
            pv: found.line,
        }
    }
}

/// Placements both sides have left to make.
fn placements_left(position: &Position) -> u32 {
    u32::from(position.in_hand(Side::First)) + u32::from(position.in_hand(Side::Second))
}

/// The first player's share of the points in `position`, a playout's
/// position after the setting, as `config.leaf` judges it; the positions
/// its search looked at are added to `searched`.
fn judge(
    leaf: &mut Searcher,
    position: &Position,
    rng: &mut Rng,
    config: &Config,
    searched: &mut u64,
) -> f32 {
    if let Some(outcome) = position.outcome() {
        return mcts::share_of_outcome(outcome.winner);
    }
    let me = position.to_move();
    match config.leaf {
        Leaf::Search { depth, nodes } => {
            let limits = Limits {
                depth,
                nodes: u64::from(nodes),
                time_ms: None,
            };
            let found = leaf.search_in(position, &[], limits, &NoClock);
            *searched += found.nodes;
            mcts::share_of(found.score.0, me, config.scale)
        }
        Leaf::Evaluation => mcts::share_of(evaluate(position), me, config.scale),
        Leaf::Random => mcts::random_game(position, rng),
    }
}
