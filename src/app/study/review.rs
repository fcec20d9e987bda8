//! The computer's review of a game, without a browser: every position of
//! the game analysed for the same short time, each ply judged by how much
//! of the mover's winning chances it gave away, each side summed up, and
//! the whole kept as text (saved with the game, read back without
//! recomputing, resumed where it stopped).
//!
//! Scores are hundredths of a soldier. A game whose score is soldiers has
//! no natural "pawn = 1"; a ply is judged on the mover's *share* — the
//! evaluation bar's logistic, `1 / (1 + e^(-score / 200))`, the same curve
//! the bar draws — before and after it: a ply that gives away 10 points of
//! that share is an inaccuracy, 20 a mistake, 30 a blunder (`docs/ai.md`
//! says why). So a soldier lost in an even position is an inaccuracy, two
//! a mistake, three (or a missed forced win) a blunder, while the same
//! soldiers lost in a position already won or lost count for little.

use crate::ai::protocol::{Analyse, Answer};
use crate::ai::Score;
use crate::engine::{Game, Ply, Side};

use super::analysis::{legal_prefix, prefix};

/// The time each position is analysed for.
pub const REVIEW_MS: u64 = 250;

/// What a forced win is worth on the review's scale (less one a ply to it).
const FORCED: i32 = 10_000;
/// Scores beyond this count as this for the average loss.
const LOSS_CAP: i32 = 1_000;

/// How bad a ply was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// It gave away at least a tenth of the mover's chances.
    Inaccuracy,
    /// A fifth.
    Mistake,
    /// Three tenths.
    Blunder,
}

impl Judgement {
    /// Every judgement, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// `inaccuracy`, `mistake` or `blunder`: test hooks and translations.
    pub const fn token(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The judgement of a ply that lost `share` (thousandths of the
    /// mover's winning chances), if any.
    pub const fn of_loss(share: u32) -> Option<Judgement> {
        match share {
            300.. => Some(Judgement::Blunder),
            200.. => Some(Judgement::Mistake),
            100.. => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }
}

/// A side's plies summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Inaccuracies, mistakes and blunders, in [`Judgement::ALL`]'s order.
    pub counts: [u32; 3],
    /// The average loss a ply, hundredths of a soldier (scores capped at
    /// ten soldiers either way).
    pub average_loss: u32,
    /// Plies judged.
    pub plies: u32,
}

/// A judged ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The ply's index in the game.
    pub index: usize,
    /// Who played it.
    pub side: Side,
    /// How bad it was.
    pub judgement: Judgement,
    /// The computer's ply there.
    pub better: Option<Ply>,
}

/// A game's review: a score for every position (the first player's view),
/// the computer's ply in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Position `i` is the one before ply `i`; the last, after the last ply.
    scores: Vec<Option<i32>>,
    best: Vec<Option<Ply>>,
}

/// The review scale's value of `score`, for the side to move.
fn value(score: Score) -> i32 {
    match score.forced() {
        Some(n) if n >= 0 => FORCED - n,
        Some(n) => -FORCED - n,
        None => score.0.clamp(-(FORCED - 1_000), FORCED - 1_000),
    }
}

const fn sign(side: Side) -> i32 {
    match side {
        Side::First => 1,
        Side::Second => -1,
    }
}

/// The share of winning chances a value gives, in thousandths.
pub fn share(value: i32) -> u32 {
    let x = f64::from(value) / 200.0;
    (1000.0 / (1.0 + (-x).exp())).round() as u32
}

impl Review {
    /// A review of `game` with nothing analysed yet (a board that has
    /// ended is scored by its result).
    pub fn new(game: &Game) -> Review {
        let n = game.plies().len();
        let mut review = Review {
            scores: vec![None; n + 1],
            best: vec![None; n + 1],
        };
        if let Some(position) = game.position_at(n).filter(|p| p.is_over()) {
            review.scores[n] = Some(
                position
                    .outcome()
                    .and_then(|o| o.winner)
                    .map_or(0, |w| sign(w) * FORCED),
            );
        }
        review
    }

    /// Positions in all.
    pub fn total(&self) -> usize {
        self.scores.len()
    }

    /// Positions analysed.
    pub fn done(&self) -> usize {
        self.scores.iter().filter(|s| s.is_some()).count()
    }

    /// True once every position is analysed.
    pub fn is_complete(&self) -> bool {
        self.done() == self.total()
    }

    /// The first position still to analyse.
    pub fn next_missing(&self) -> Option<usize> {
        self.scores.iter().position(Option::is_none)
    }

    /// The request for position `index` of `game`.
    pub fn request(game: &Game, index: usize, id: u64) -> String {
        Analyse::new(id, REVIEW_MS, &prefix(game, index)).to_string()
    }

    /// Keeps the worker's answer about position `index` of `game` (its ply
    /// checked by the engine); false, and nothing kept, for an answer that
    /// is not about it (a refused request).
    pub fn record(&mut self, game: &Game, index: usize, answer: &Answer) -> bool {
        let Some(position) = game.position_at(index) else {
            return false;
        };
        let side = position.to_move();
        let (score, best) = match answer {
            Answer::Line { score, pv, .. } => (
                sign(side) * value(*score),
                legal_prefix(position, &pv[..pv.len().min(1)])
                    .first()
                    .copied(),
            ),
            Answer::Error { .. } => return false,
            // Over here: scored as the board stands.
            Answer::None { .. } | Answer::Best { .. } => (
                position
                    .outcome()
                    .and_then(|o| o.winner)
                    .map_or(0, |w| sign(w) * FORCED),
                None,
            ),
        };
        if let (Some(slot), Some(ply)) = (self.scores.get_mut(index), self.best.get_mut(index)) {
            *slot = Some(score);
            *ply = best;
            return true;
        }
        false
    }

    /// The score of position `index`, the first player's view.
    pub fn score(&self, index: usize) -> Option<i32> {
        self.scores.get(index).copied().flatten()
    }

    /// The first player's share of each analysed position, for the graph.
    pub fn shares(&self) -> Vec<Option<u32>> {
        self.scores.iter().map(|s| s.map(share)).collect()
    }

    /// The mover's loss at ply `index`: in thousandths of its chances and
    /// in hundredths of a soldier (capped), when both ends are analysed.
    fn loss(&self, game: &Game, index: usize) -> Option<(u32, u32)> {
        let played = game.plies().get(index)?;
        let s = sign(played.side);
        let (before, after) = (self.score(index)? * s, self.score(index + 1)? * s);
        if self.best.get(index).copied().flatten() == Some(played.ply) {
            // The computer's own choice loses nothing, whatever the
            // deeper look after it says.
            return Some((0, 0));
        }
        let share_loss = share(before).saturating_sub(share(after));
        let cap = |v: i32| v.clamp(-LOSS_CAP, LOSS_CAP);
        let soldiers = (cap(before) - cap(after)).max(0).unsigned_abs();
        Some((share_loss, soldiers))
    }

    /// Every ply judged an inaccuracy or worse, in the game's order.
    pub fn judged(&self, game: &Game) -> Vec<Judged> {
        (0..game.plies().len())
            .filter_map(|index| {
                let (share_loss, _) = self.loss(game, index)?;
                Some(Judged {
                    index,
                    side: game.plies()[index].side,
                    judgement: Judgement::of_loss(share_loss)?,
                    better: self.best[index],
                })
            })
            .collect()
    }

    /// Each side's plies summed up: first, then second.
    pub fn summary(&self, game: &Game) -> [Summary; 2] {
        let mut sums = [Summary::default(); 2];
        let mut losses = [0u64; 2];
        for index in 0..game.plies().len() {
            let Some((share_loss, soldiers)) = self.loss(game, index) else {
                continue;
            };
            let side = usize::from(game.plies()[index].side == Side::Second);
            sums[side].plies += 1;
            losses[side] += u64::from(soldiers);
            if let Some(j) = Judgement::of_loss(share_loss) {
                sums[side].counts[j as usize] += 1;
            }
        }
        for (sum, loss) in sums.iter_mut().zip(losses) {
            if sum.plies > 0 {
                sum.average_loss = u32::try_from(loss / u64::from(sum.plies)).unwrap_or(u32::MAX);
            }
        }
        sums
    }

    /// The review as text: `review1`, then each position's score (`-` when
    /// not analysed) and the computer's ply (`-` when none).
    pub fn to_text(&self) -> String {
        let mut text = String::from("review1");
        for (score, best) in self.scores.iter().zip(&self.best) {
            text.push(' ');
            match score {
                Some(s) => text.push_str(&s.to_string()),
                None => text.push('-'),
            }
            text.push(':');
            match best {
                Some(p) => text.push_str(&p.to_string()),
                None => text.push('-'),
            }
        }
        text
    }

    /// Reads [`Review::to_text`]'s text for `game`: `None` unless it has
    /// one entry a position, each a number (or `-`) and a ply legal there
    /// (or `-`).
    pub fn from_text(text: &str, game: &Game) -> Option<Review> {
        let mut words = text.split(' ');
        if words.next()? != "review1" {
            return None;
        }
        let mut review = Review::new(game);
        let mut count = 0;
        for (index, word) in words.enumerate() {
            let position = game.position_at(index)?;
            let (score, best) = word.split_once(':')?;
            let score = match score {
                "-" => None,
                s => Some(s.parse::<i32>().ok()?.clamp(-FORCED * 2, FORCED * 2)),
            };
            let best = match best {
                "-" => None,
                p => Some(p.parse::<Ply>().ok().filter(|p| position.is_legal(*p))?),
            };
            review.scores[index] = score.or(review.scores[index]);
            review.best[index] = best;
            count += 1;
        }
        (count == review.total()).then_some(review)
    }
}

/// The storage key of a game's review: the game's own identity (its rules,
/// start and plies), whatever its players are called.
pub fn key(game: &Game) -> crate::store::StoreKey {
    let text = crate::store::share::encode(&crate::engine::Record::new(game.clone()));
    // FNV-1a, 64 bits: a short name, not a secret.
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    crate::store::StoreKey::Review(format!("{hash:016x}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Limits, NoClock, Searcher};
    use crate::engine::{BoardSize, Position, Rules};

    /// Seega 5×5, the first player three soldiers ahead in effect (d4-d5
    /// wins a soldier and more), steps a4-a3 between two of the second's
    /// soldiers' lines instead: b4-a4 takes it, and the first player is
    /// behind. Found by a search of random positions and checked at 20,000
    /// and 1,000,000 nodes alike (+3.3 before, -1.1 after).
    fn blunder_game() -> Game {
        let start = Position::from_text(
            "1Ss2/Ss1S1/2S2/s4/5 w 0,0 - - 0 20 -",
            Rules::seega(BoardSize::Five),
        )
        .unwrap();
        let mut game = Game::from_position(start);
        for ply in ["a4-a3", "b4-a4"] {
            game.play_text(ply).unwrap();
        }
        game
    }

    /// The review as the worker would make it: each position searched.
    fn reviewed(game: &Game) -> Review {
        let mut review = Review::new(game);
        let mut searcher = Searcher::new(16);
        while let Some(index) = review.next_missing() {
            let line = prefix(game, index);
            let answer = if line.outcome().is_some() {
                Answer::None { id: 1 }
            } else {
                let result = searcher.search(&line, Limits::nodes(200_000), &NoClock);
                Answer::Line {
                    id: 1,
                    score: result.score,
                    depth: result.depth,
                    nodes: result.nodes,
                    pv: result.pv,
                }
            };
            assert!(review.record(game, index, &answer));
        }
        review
    }

    #[test]
    fn a_known_blunder_is_judged_one_and_the_better_ply_is_named() {
        let game = blunder_game();
        let review = reviewed(&game);
        assert!(review.is_complete());
        let judged = review.judged(&game);
        assert_eq!(judged.len(), 1, "{judged:?} {}", review.to_text());
        let blunder = judged[0];
        assert_eq!(blunder.index, 0);
        assert_eq!(blunder.side, Side::First);
        assert_eq!(blunder.judgement, Judgement::Blunder);
        assert_eq!(
            blunder.better.map(|p| p.to_string()).as_deref(),
            Some("d4-d5")
        );
        let [first, second] = review.summary(&game);
        assert_eq!(first.counts, [0, 0, 1]);
        assert_eq!(first.plies, 1);
        assert!(first.average_loss >= 300, "{first:?}");
        // The second player's reply was the computer's own: no loss.
        assert_eq!(second.counts, [0, 0, 0]);
        assert_eq!(second.average_loss, 0);
    }

    #[test]
    fn a_refused_request_is_not_kept() {
        let game = blunder_game();
        let mut review = Review::new(&game);
        let refused = Answer::Error {
            id: 1,
            kind: "position".into(),
        };
        assert!(!review.record(&game, 0, &refused));
        assert_eq!(review.done(), 0);
    }

    #[test]
    fn judgements_follow_the_share_lost() {
        // Hand-made scores: from even, the first player loses one soldier,
        // then the second loses two, then the first loses three.
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        for ply in ["a1", "b1", "c1", "d1"] {
            game.play_text(ply).unwrap();
        }
        let mut review = Review::new(&game);
        for (index, score) in [0, -100, 100, -200, -200].into_iter().enumerate() {
            review.scores[index] = Some(score);
        }
        let judged: Vec<_> = review
            .judged(&game)
            .into_iter()
            .map(|j| (j.index, j.judgement))
            .collect();
        // a1 (first): 500 → 377, an inaccuracy. b1 (first again: two
        // placements a turn): -100 → 100 is a gain. c1 (second): for it
        // -100 → 200, a gain... d1 (second): 200 → 200, nothing.
        assert_eq!(judged, [(0, Judgement::Inaccuracy)]);
        review.scores[3] = Some(-250);
        review.scores[4] = Some(400);
        // d1 now throws away 250 → -400 for the second player: a blunder.
        assert_eq!(
            review.judged(&game).last().map(|j| (j.index, j.judgement)),
            Some((3, Judgement::Blunder))
        );
        assert_eq!(Judgement::of_loss(99), None);
        assert_eq!(Judgement::of_loss(200), Some(Judgement::Mistake));
    }

    #[test]
    fn a_review_saved_and_read_back_is_the_same_and_resumes() {
        let game = blunder_game();
        let review = reviewed(&game);
        let text = review.to_text();
        assert_eq!(Review::from_text(&text, &game), Some(review.clone()));
        // Half done: read back, it resumes where it stopped.
        let mut half = Review::new(&game);
        for index in 0..2 {
            half.scores[index] = review.scores[index];
            half.best[index] = review.best[index];
        }
        let back = Review::from_text(&half.to_text(), &game).unwrap();
        assert_eq!(back.next_missing(), Some(2));
        assert_eq!(back.done(), 2);
        // Text for another game, or damaged, is refused.
        let mut other = game.clone();
        other.undo();
        assert_eq!(Review::from_text(&text, &other), None);
        assert_eq!(Review::from_text("review1 1:zz", &game), None);
        assert_eq!(
            Review::from_text(&text.replace("d4-d5", "e5-e4"), &game),
            None
        );
        assert_eq!(Review::from_text("nonsense", &game), None);
        // The key is the game's, not its players'.
        assert_eq!(key(&game), key(&game.clone()));
        assert_ne!(key(&game), key(&other));
    }
}
