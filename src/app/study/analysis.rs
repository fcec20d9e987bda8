//! The analysis board's thinking, without a browser: which slice to ask
//! the worker for next, what an answer means for the position shown, and
//! the evaluation as a bar and as words.
//!
//! The worker is asked in slices ([`crate::ai::protocol::Analyse`]): a
//! slice for the position shown, then a longer one, and so on (the
//! worker's table keeps what it learned, so each goes deeper), until the
//! line is forced or the depth or the time runs out. A new position takes
//! a new id: the slice under way is let finish (it is short), its answer
//! is dropped, and the new position's first slice goes at once.

use crate::ai::protocol::{Analyse, Answer};
use crate::ai::Score;
use crate::app::board::view::{Arrow, BoardView, Highlight};
use crate::app::play::describe::{outlook, Outlook};
use crate::engine::{Game, Ply, Position, Side};

/// The first slice's time; each next one doubles, up to [`LONGEST_SLICE_MS`].
pub const FIRST_SLICE_MS: u64 = 120;
/// The longest slice: how long a new position may wait for the worker.
pub const LONGEST_SLICE_MS: u64 = 700;
/// The worker stops thinking about one position after this long.
pub const MOST_THINKING_MS: u64 = 30_000;
/// Or at this depth.
pub const MOST_DEPTH: u8 = 40;

/// What the worker found about the position shown, checked by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The score, for the side to move.
    pub score: Score,
    /// The depth reached.
    pub depth: u8,
    /// Nodes searched in the last slice.
    pub nodes: u64,
    /// The best line: legal plies from the position, each after the last.
    pub line: Vec<Ply>,
    /// The slice was the last one: the analysis has stopped.
    pub done: bool,
}

/// The analysis of the position shown.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    next_id: u64,
    /// The game whose current position is analysed, with its id.
    target: Option<(u64, Game)>,
    /// The slice the worker is thinking about (its id), if any.
    in_flight: Option<u64>,
    /// Time asked of the worker for the target so far.
    spent_ms: u64,
    /// Slices asked for the target so far.
    slices: u32,
    /// The worker said hello: it takes requests.
    ready: bool,
    /// The worker refused a request: the analysis stopped.
    pub failed: bool,
    /// What was found about the target.
    pub finding: Option<Finding>,
}

impl Analysis {
    /// Analyses the current position of `game` from now on; the line to
    /// send, if the worker is free.
    pub fn set_target(&mut self, game: &Game) -> Option<String> {
        if self.target.as_ref().is_some_and(|(_, g)| g == game) {
            return None;
        }
        self.next_id += 1;
        self.target = Some((self.next_id, game.clone()));
        self.spent_ms = 0;
        self.slices = 0;
        self.finding = None;
        if self.in_flight.is_some() {
            return None;
        }
        self.next_slice()
    }

    /// Stops analysing (the board is left): nothing more is asked.
    pub fn stop(&mut self) {
        self.target = None;
    }

    /// The worker is (again) ready: the slice to send, if any.
    pub fn ready(&mut self) -> Option<String> {
        self.ready = true;
        self.in_flight = None;
        self.next_slice()
    }

    /// True while the worker thinks about the position shown.
    pub fn thinking(&self) -> bool {
        !self.failed && self.target.is_some() && !self.finding.as_ref().is_some_and(|f| f.done)
    }

    fn next_slice(&mut self) -> Option<String> {
        if !self.ready {
            return None;
        }
        let (id, game) = self.target.as_ref()?;
        if self.finding.as_ref().is_some_and(|f| f.done) {
            return None;
        }
        let time = (FIRST_SLICE_MS << self.slices.min(10)).min(LONGEST_SLICE_MS);
        self.slices += 1;
        self.spent_ms += time;
        self.in_flight = Some(*id);
        Some(Analyse::new(*id, time, game).to_string())
    }

    /// An answer from the worker: kept if it is about the position shown
    /// (its line checked by the engine, cut at the first ply that is not
    /// legal), then the next slice to send, if any.
    pub fn on_answer(&mut self, answer: &Answer) -> Option<String> {
        let current = self.target.as_ref().map(|(id, _)| *id);
        if self.in_flight == Some(answer.id()) {
            self.in_flight = None;
        }
        if current == Some(answer.id()) {
            let game = self.target.as_ref().map(|(_, g)| g.clone())?;
            match answer {
                Answer::Line {
                    score,
                    depth,
                    nodes,
                    pv,
                    ..
                } => {
                    let line = legal_prefix(game.position(), pv);
                    let forced = score.forced().is_some();
                    // A shallower slice (a busy machine) does not replace a
                    // deeper finding, unless it proves a result.
                    let keep = forced || self.finding.as_ref().is_none_or(|f| *depth >= f.depth);
                    let out_of_time = self.spent_ms >= MOST_THINKING_MS;
                    if keep {
                        self.finding = Some(Finding {
                            score: *score,
                            depth: *depth,
                            nodes: *nodes,
                            done: forced || *depth >= MOST_DEPTH || out_of_time || line.is_empty(),
                            line,
                        });
                    } else if let Some(finding) = &mut self.finding {
                        finding.done |= out_of_time;
                    }
                }
                // The game is over here: nothing to find.
                Answer::None { .. } | Answer::Best { .. } => {
                    self.finding = Some(Finding {
                        score: Score(0),
                        depth: 0,
                        nodes: 0,
                        line: Vec::new(),
                        done: true,
                    });
                }
                // The worker did not understand: the analysis has failed.
                Answer::Error { .. } => {
                    self.failed = true;
                    self.target = None;
                    return None;
                }
            }
        }
        if self.in_flight.is_some() {
            return None;
        }
        self.next_slice()
    }
}

/// The plies of `line` that are legal one after the other from `position`.
pub fn legal_prefix(position: &Position, line: &[Ply]) -> Vec<Ply> {
    let mut position = *position;
    let mut legal = Vec::new();
    for &ply in line {
        if position.is_over() || position.play(ply).is_err() {
            break;
        }
        legal.push(ply);
    }
    legal
}

/// The best line drawn over the board: its first ply as the suggestion
/// (arrows for a step or each leap, the squares marked), the answer to it
/// as a second, fainter mark.
pub fn mark_line(view: &mut BoardView, line: &[Ply]) {
    for (ply, kind) in line.iter().zip([Highlight::Hint, Highlight::Focus]) {
        view.marks.highlights.push((ply.squares(), kind));
        let mut arrow = |from, to| view.marks.arrows.push(Arrow { from, to, kind });
        match *ply {
            Ply::Step { from, to, .. } => arrow(from, to),
            Ply::Leap(leaps) => {
                let mut at = leaps.from();
                for &to in leaps.landings() {
                    arrow(at, to);
                    at = to;
                }
            }
            Ply::Place(_) | Ply::Remove(_) | Ply::Stop => {}
        }
    }
}

/// The first `length` plies of `game`, as a game (its history kept).
pub fn prefix(game: &Game, length: usize) -> Game {
    let mut line = Game::from_position(*game.start());
    for played in game.plies().iter().take(length) {
        if line.play(played.ply).is_err() {
            break;
        }
    }
    line
}

/// The first player's share of the evaluation bar, from 0 (the second
/// player wins) to 1000 (the first player wins): half for even, and about
/// three quarters for a lead of two soldiers.
pub fn bar_share(score: Score, to_move: Side) -> u32 {
    let for_first = |share: u32| match to_move {
        Side::First => share,
        Side::Second => 1000 - share,
    };
    if let Some(n) = score.forced() {
        return for_first(if n >= 0 { 1000 } else { 0 });
    }
    let x = f64::from(score.0.clamp(-5_000, 5_000)) / 200.0;
    let share = 1000.0 / (1.0 + (-x).exp());
    for_first(share.round().clamp(0.0, 1000.0) as u32)
}

/// The evaluation in words' terms: who leads (or wins), by how much.
/// Even positions name the side to move.
pub fn leader(score: Score, to_move: Side) -> (Outlook, Side) {
    match outlook(score) {
        Outlook::Loses(n) => (Outlook::Wins(n), to_move.opponent()),
        Outlook::Behind(n) => (Outlook::Ahead(n), to_move.opponent()),
        other => (other, to_move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Rules};

    fn answer_line(id: u64, score: Score, depth: u8, pv: &[&str]) -> Answer {
        Answer::Line {
            id,
            score,
            depth,
            nodes: 1000,
            pv: pv.iter().map(|p| p.parse().unwrap()).collect(),
        }
    }

    #[test]
    fn slices_deepen_and_a_new_position_waits_for_the_slice_under_way() {
        let mut analysis = Analysis::default();
        let game = Game::new(Rules::seega(BoardSize::Five));
        // Nothing goes until the worker says it is ready.
        assert_eq!(analysis.set_target(&game), None);
        let first = analysis.ready().expect("a slice");
        assert!(first.starts_with("analyse 1 120 seega5"), "{first}");
        let next = analysis
            .on_answer(&answer_line(1, Score(10), 3, &["a1", "b1"]))
            .expect("a longer slice");
        assert!(next.starts_with("analyse 1 240 "), "{next}");
        assert_eq!(analysis.finding.as_ref().unwrap().depth, 3);
        assert_eq!(analysis.finding.as_ref().unwrap().line.len(), 2);

        // The position changes while a slice is under way: its answer is
        // dropped and the new position's slice goes at once.
        let mut moved = game.clone();
        moved.play_text("a1").unwrap();
        assert_eq!(analysis.set_target(&moved), None);
        assert_eq!(analysis.finding, None);
        let slice = analysis
            .on_answer(&answer_line(1, Score(10), 4, &["a1"]))
            .expect("the new position's slice");
        assert!(slice.starts_with("analyse 2 120 "), "{slice}");
        assert_eq!(analysis.finding, None);
        // The same position again asks nothing new.
        assert_eq!(analysis.set_target(&moved), None);
    }

    #[test]
    fn a_shallower_slice_keeps_the_deeper_finding_unless_it_proves_a_result() {
        let mut analysis = Analysis::default();
        let game = Game::new(Rules::seega(BoardSize::Five));
        analysis.ready();
        analysis.set_target(&game).unwrap();
        analysis
            .on_answer(&answer_line(1, Score(40), 9, &["a1"]))
            .unwrap();
        analysis
            .on_answer(&answer_line(1, Score(90), 6, &["b1"]))
            .unwrap();
        let kept = analysis.finding.as_ref().map(|f| (f.depth, f.score));
        assert_eq!(kept, Some((9, Score(40))));
        assert_eq!(
            analysis.on_answer(&answer_line(1, Score::win_in(5), 5, &["b1"])),
            None
        );
        let finding = analysis.finding.clone().unwrap();
        assert_eq!((finding.score, finding.done), (Score::win_in(5), true));
    }

    #[test]
    fn a_forced_result_ends_the_analysis_and_bad_plies_are_cut() {
        let mut analysis = Analysis::default();
        let game = Game::new(Rules::seega(BoardSize::Five));
        assert_eq!(analysis.ready(), None);
        analysis.set_target(&game).unwrap();
        // c3 (the Malha) is not legal while setting: the line stops there.
        let more = analysis.on_answer(&answer_line(1, Score::win_in(9), 9, &["a1", "c3", "b1"]));
        assert_eq!(more, None);
        let finding = analysis.finding.clone().unwrap();
        assert!(finding.done);
        assert_eq!(finding.line, vec!["a1".parse().unwrap()]);
        assert!(!analysis.thinking());
        // An answer for an unknown id changes nothing.
        assert_eq!(analysis.on_answer(&answer_line(77, Score(0), 1, &[])), None);
        assert_eq!(analysis.finding, Some(finding));
        // A refused request stops the analysis as failed.
        let mut moved = game.clone();
        moved.play_text("a1").unwrap();
        let slice = analysis.set_target(&moved).unwrap();
        assert!(slice.starts_with("analyse 2 "), "{slice}");
        let refused = Answer::Error {
            id: 2,
            kind: "position".into(),
        };
        assert_eq!(analysis.on_answer(&refused), None);
        assert!(analysis.failed && !analysis.thinking());
    }

    #[test]
    fn the_line_is_drawn_and_prefixes_keep_the_history() {
        let mut game = Game::new(Rules::new(crate::engine::Variant::Kharbaga));
        for ply in ["c2-c3", "d4-c2"] {
            game.play_text(ply).ok();
        }
        let start = Game::new(Rules::new(crate::engine::Variant::Kharbaga));
        assert_eq!(prefix(&game, 0), start);
        assert_eq!(prefix(&game, game.plies().len()), game);
        let mut view = BoardView::from_position(start.position());
        let line: Vec<Ply> = ["c2-c3", "b4xd2"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        mark_line(&mut view, &line);
        let arrows: Vec<_> = view
            .marks
            .arrows
            .iter()
            .map(|a| (a.from.to_string(), a.to.to_string(), a.kind))
            .collect();
        assert_eq!(
            arrows,
            [
                ("c2".into(), "c3".into(), Highlight::Hint),
                ("b4".into(), "d2".into(), Highlight::Focus)
            ]
        );
    }

    #[test]
    fn the_bar_and_the_words_follow_the_score() {
        assert_eq!(bar_share(Score(0), Side::First), 500);
        assert_eq!(bar_share(Score(0), Side::Second), 500);
        let two_up = bar_share(Score(200), Side::First);
        assert!((700..800).contains(&two_up), "{two_up}");
        assert_eq!(bar_share(Score(200), Side::Second), 1000 - two_up);
        assert_eq!(bar_share(Score::win_in(3), Side::Second), 0);
        assert_eq!(bar_share(Score::loss_in(3), Side::Second), 1000);
        assert_eq!(
            leader(Score(-210), Side::First),
            (Outlook::Ahead(2), Side::Second)
        );
        assert_eq!(
            leader(Score::loss_in(7), Side::Second),
            (Outlook::Wins(7), Side::First)
        );
        assert_eq!(
            leader(Score(30), Side::Second),
            (Outlook::Even, Side::Second)
        );
    }
}
