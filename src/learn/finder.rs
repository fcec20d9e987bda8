//! Puzzles from the computer's own games (`kharbga-cli puzzles`): the
//! computer plays itself (or a saved or imported game is read), and every
//! position of those games where the side to move can win material or the
//! game is examined. It is kept when one ply wins and no other comes within
//! [`MARGIN`] of it, at every one of the player's turns of the winning line
//! (each checked by a search of its own), the replies being the search's
//! best. Its themes come from what the line does (a capture chain, a
//! compulsory capture walked into, the exchange, the first turn after the
//! setting, a Kharbaga majority capture or Mullah); its rating from how
//! often the lower levels would find the line (levels 1 to 4, their exact
//! chances, not samples). Deterministic for a seed: the games and the
//! searches are bounded by depth and nodes, never by time.

use std::collections::HashSet;

use super::puzzle::{Puzzle, Theme};
use crate::ai::{evaluate, selfplay, Level, Limits, NoClock, Score, Searcher};
use crate::engine::{Game, Ply, Position, Rules, Side};

/// How much better than any other ply the solution must be (hundredths of
/// a soldier): one and a half soldiers.
pub const MARGIN: i32 = 150;
/// How much the solution must win over the position's evaluation before it
/// (hundredths of a soldier): a soldier.
const GAIN: i32 = 100;
/// The longest line, in plies (replies and chains included).
const MAX_PLIES: usize = 14;
/// The most turns of the player a line asks for.
const MAX_DECISIONS: usize = 4;
/// The first look at a position: this deep (cheap, most positions stop here).
const FILTER_DEPTH: u8 = 3;

/// What to play, or read, and how deep to check.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The rules of the games played.
    pub rules: Rules,
    /// Games the computer plays itself.
    pub games: u32,
    /// The level on both sides (its noise varies the games).
    pub level: Level,
    /// Random plies from the start before the level plays (varied openings).
    pub random_plies: usize,
    /// Game `n` plays from seed `seed + n`.
    pub seed: u64,
    /// The depth every turn of a line is checked at.
    pub depth: u8,
    /// Threads.
    pub threads: usize,
    /// Games read from records, examined too (their own rules).
    pub read: Vec<Game>,
}

/// What a run found, and what it looked at.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The puzzles kept, easiest first (no two alike).
    pub puzzles: Vec<Puzzle>,
    /// Games examined.
    pub games: usize,
    /// Positions examined.
    pub positions: usize,
    /// Positions that passed the first look.
    pub candidates: usize,
}

/// The soldiers `side` has more than its opponent.
fn material(position: &Position, side: Side) -> i32 {
    position.soldiers(side).count() as i32 - position.soldiers(side.opponent()).count() as i32
}

/// A search `depth` deep (bounded by nodes too, never by time).
fn limits(depth: u8) -> Limits {
    Limits {
        depth,
        nodes: 4_000_000,
        time_ms: None,
    }
}

/// A game's searcher and the depth it checks at.
pub struct Finder {
    searcher: Searcher,
    depth: u8,
}

impl Finder {
    /// A finder checking every turn at `depth`.
    pub fn new(depth: u8) -> Finder {
        Finder {
            searcher: Searcher::new(18),
            depth,
        }
    }

    /// `None` when `game`'s position does not pass the first look (the side
    /// to move wins nothing at a shallow depth); else the puzzle that starts
    /// there, if the deeper checks keep it.
    pub fn examine(&mut self, game: &Game) -> Option<Option<Puzzle>> {
        let start = *game.position();
        if start.is_setting() || start.is_over() || start.chain().is_some() {
            return None;
        }
        if start.legal_plies().len() < 2 {
            return None;
        }
        // The puzzle is its position alone: no earlier position counts for
        // the repetition rule (the player sees none).
        let game = Game::from_position(start);
        let before = evaluate(&start);
        let quick = self.searcher.search(&game, limits(FILTER_DEPTH), &NoClock);
        if !wins(quick.score, before) {
            return None;
        }
        Some(self.line(&game, before))
    }

    /// The winning line from `game`'s position for its side to move,
    /// checked at every turn, made a puzzle.
    fn line(&mut self, game: &Game, before: i32) -> Option<Puzzle> {
        let start = *game.position();
        let player = start.to_move();
        let mut now = game.clone();
        let mut line = Vec::new();
        let mut decisions: Vec<(Game, Ply)> = Vec::new();
        let mut themes = HashSet::new();
        let mut chain = 0;
        loop {
            if let Some(outcome) = now.outcome() {
                if outcome.winner != Some(player) {
                    return None;
                }
                themes.insert(Theme::Win);
                break;
            }
            if line.len() >= MAX_PLIES {
                return None;
            }
            let position = *now.position();
            let legal = position.legal_plies();
            let ply = if position.to_move() == player {
                if legal.len() == 1 {
                    legal[0]
                } else {
                    if decisions.len() == MAX_DECISIONS {
                        return None;
                    }
                    let (result, scored) =
                        self.searcher
                            .score_plies(&now, limits(self.depth), MARGIN, &NoClock);
                    let best = result.best?;
                    // One ply wins; none comes near it.
                    if scored.len() != 1 || !wins(result.score, before) {
                        return None;
                    }
                    decisions.push((now.clone(), best));
                    best
                }
            } else {
                // The opponent's reply: every one of its plies captures, and
                // the line still wins — it walked into a compulsory capture.
                if legal.len() > 1 && legal.iter().all(|p| captures(&position, *p)) {
                    themes.insert(Theme::Compulsory);
                }
                self.searcher
                    .search(&now, limits(self.depth), &NoClock)
                    .best?
            };
            let mover = position.to_move();
            let mullah = matches!(ply, Ply::Leap(leaps) if position.to_setup().mullahs.contains(leaps.from()));
            now.play(ply).ok()?;
            line.push(ply);
            let played = now.plies().last()?;
            if mover == player {
                if played.effects.exchange.is_some() {
                    themes.insert(Theme::Exchange);
                }
                if played.removed_any() {
                    chain += 1;
                    if chain >= 2 {
                        themes.insert(Theme::Chain);
                    }
                    if let Ply::Leap(leaps) = ply {
                        if leaps.len() >= 2 {
                            themes.insert(Theme::Majority);
                        }
                        if mullah {
                            themes.insert(Theme::Mullah);
                        }
                    }
                } else {
                    chain = 0;
                }
                // The turn is over and won something: the line ends here.
                let turn_over = now.position().to_move() != player || now.outcome().is_some();
                let gained = material(now.position(), player) > material(&start, player);
                if turn_over && now.outcome().is_none() && gained && !decisions.is_empty() {
                    break;
                }
            } else {
                chain = 0;
            }
        }
        if decisions.is_empty() || now.plies().last().map(|p| p.side) != Some(player) {
            return None;
        }
        if start.is_first_turn() {
            themes.insert(Theme::FirstTurn);
        }
        if !themes.contains(&Theme::Win) {
            themes.insert(Theme::Material);
        }
        let mut themes: Vec<Theme> = themes.into_iter().collect();
        themes.sort();
        let rating = self.rating(&decisions);
        Some(Puzzle::new(start, line, themes, rating))
    }

    /// How hard the line is: from each lower level's chance of playing
    /// every one of its turns right.
    fn rating(&mut self, decisions: &[(Game, Ply)]) -> u16 {
        let mut rating = 600.0;
        for level in 1..=4 {
            let mut chance = 1.0;
            for (game, ply) in decisions {
                // (Levels 1 to 4 always have a chance.)
                chance *= Level::Search(level)
                    .chance(game, &mut self.searcher, *ply)
                    .unwrap_or(0.0);
            }
            rating += 250.0 * (1.0 - chance);
        }
        rating += 60.0 * (decisions.len() as f64 - 1.0);
        rating.round() as u16
    }
}

/// True when a search's score wins a soldier over the evaluation before it
/// (or the game).
fn wins(score: Score, before: i32) -> bool {
    score.forced().is_some_and(|n| n >= 0) || score.0 >= before + GAIN
}

/// True when `ply` takes a soldier off the board.
fn captures(position: &Position, ply: Ply) -> bool {
    let mut next = *position;
    let effects = next.play_unchecked_with_effects(ply);
    (effects.captured | effects.removed).any()
}

/// What one game gave.
struct GameFinds {
    puzzles: Vec<Puzzle>,
    /// Positions looked at.
    positions: usize,
    /// Positions that passed the first look.
    candidates: usize,
}

/// Every position of `game` examined.
fn examine_game(finder: &mut Finder, game: &Game) -> GameFinds {
    let mut replay = Game::from_position(*game.start());
    let mut finds = GameFinds {
        puzzles: Vec::new(),
        positions: 0,
        candidates: 0,
    };
    for played in game.plies() {
        finds.positions += 1;
        if let Some(puzzle) = finder.examine(&replay) {
            finds.candidates += 1;
            finds.puzzles.extend(puzzle);
        }
        if replay.play(played.ply).is_err() {
            break;
        }
    }
    finds
}

/// Plays (and reads) the games of `plan` and finds their puzzles.
pub fn find(plan: &Plan) -> Found {
    let total = plan.games as usize + plan.read.len();
    let results = selfplay::in_parallel(total, plan.threads, |n| {
        let game = match plan.read.get(n) {
            Some(game) => game.clone(),
            None => {
                let seed = plan.seed.wrapping_add((n - plan.read.len()) as u64);
                selfplay::game(plan.rules, plan.level, plan.random_plies, seed, 600)
            }
        };
        // (A searcher of its own for each game: what a game finds does
        // not hang on which thread examined which games before.)
        examine_game(&mut Finder::new(plan.depth), &game)
    });
    let mut found = Found {
        games: total,
        ..Found::default()
    };
    let mut seen = HashSet::new();
    for finds in results {
        found.positions += finds.positions;
        found.candidates += finds.candidates;
        for puzzle in finds.puzzles {
            if seen.insert(puzzle.id.clone()) {
                found.puzzles.push(puzzle);
            }
        }
    }
    found
        .puzzles
        .sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    found
}

/// The games of a file of records (the app's export, or several records
/// one after the other, each starting with its tags).
pub fn read_records(text: &str) -> Result<Vec<Game>, String> {
    let mut records = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            records.push(std::mem::take(&mut current));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        records.push(current);
    }
    records
        .iter()
        .enumerate()
        .map(|(n, text)| {
            crate::engine::Record::from_text(text)
                .map(|record| record.game)
                .map_err(|e| format!("record {}: {e}", n + 1))
        })
        .collect()
}
