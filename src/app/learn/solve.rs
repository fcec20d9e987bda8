//! A puzzle being solved, without a browser: the board's game (a
//! [`Controller`], so a try is a tap or a drag as in a game), where the
//! player is in the puzzle's line, and what happened. The engine judges
//! every gesture; the line says whether a legal ply is the one. The
//! computer's forced replies come from the line; a wrong ply's refutation
//! from the computer (the page asks its worker, [`PuzzleRun::to_refute`]).

use crate::app::board::view::{Arrow, BoardView, Hands, Highlight};
use crate::app::play::controller::{Controller, Refusal, Response};
use crate::engine::{Bitboard, Outcome, Ply, Side, Square};
use crate::learn::puzzle::Puzzle;

/// How many plies a refutation shows at most (the computer's chain, and
/// the player's own chain finished for it).
pub const REFUTATION_PLIES: usize = 12;

/// Where the solving stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player's ply is awaited.
    Solving,
    /// The computer's forced reply (the line's) is to be played.
    Replying,
    /// The line was played to its end.
    Solved,
    /// A wrong ply: the computer shows what it costs (asked ply by ply).
    Refuting,
    /// The refutation was shown: the player may try again.
    Failed,
}

/// What a missed try showed (see [`PuzzleRun::miss`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The computer answered the wrong ply (marked in red).
    Answered,
    /// The wrong ply ended the game, so: nothing to answer.
    Ended(Outcome),
    /// The computer had no ply to answer with.
    Unanswered,
}

/// What the player is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Nothing yet.
    None,
    /// The right ply, and more to find.
    Right,
    /// The gesture is not a legal ply, and this is why.
    Refused(Refusal),
    /// A legal ply, not the one.
    Wrong,
    /// Solved.
    Solved,
}

/// A puzzle under way.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The board's game.
    pub controller: Controller,
    /// How many plies of the line were played.
    pub next: usize,
    /// Where it stands.
    pub stage: Stage,
    /// What the player was told.
    pub feedback: Feedback,
    /// The wrong ply played, and the refutation's plies after it.
    pub wrong: Option<Ply>,
    pub refutation: Vec<Ply>,
    /// The hints shown at this ply: 0, 1 (the soldier), 2 (the ply).
    pub hints: u8,
    /// The first try is over (solved clean, or missed): what the rating
    /// counts. A mistake or the ply shown makes it a miss.
    pub first_try: Option<bool>,
    /// The solution was shown.
    pub shown: bool,
}

impl PuzzleRun {
    /// The puzzle from its start, the player's side at the bottom.
    pub fn new(puzzle: Puzzle) -> PuzzleRun {
        let mut run = PuzzleRun {
            controller: Controller::from_game(puzzle.game()),
            puzzle,
            next: 0,
            stage: Stage::Solving,
            feedback: Feedback::None,
            wrong: None,
            refutation: Vec::new(),
            hints: 0,
            first_try: None,
            shown: false,
        };
        run.reset_board();
        run
    }

    fn reset_board(&mut self) {
        let mut controller = Controller::from_game(self.puzzle.game());
        controller.flipped = self.puzzle.player() == Side::Second;
        controller.show_capturable = false;
        controller.hands = Hands::One(self.puzzle.player());
        self.controller = controller;
        self.next = 0;
        self.stage = Stage::Solving;
        self.feedback = Feedback::None;
        self.wrong = None;
        self.refutation.clear();
        self.hints = 0;
    }

    /// The ply the line expects now.
    pub fn expected(&self) -> Option<Ply> {
        self.puzzle.line.get(self.next).copied()
    }

    /// What a gesture on the board did, judged against the line.
    pub fn respond(&mut self, response: Response) {
        if self.stage != Stage::Solving {
            return;
        }
        match response {
            Response::Played(played) => {
                self.hints = 0;
                self.controller.set_hint(None);
                if Some(played.ply) == self.expected() {
                    self.next += 1;
                    self.after_line_ply();
                    if self.stage == Stage::Solving {
                        self.feedback = Feedback::Right;
                    }
                } else {
                    self.wrong = Some(played.ply);
                    self.feedback = Feedback::Wrong;
                    self.first_try.get_or_insert(false);
                    self.controller.hands = Hands::None;
                    self.stage = if self.to_refute() {
                        Stage::Refuting
                    } else {
                        Stage::Failed
                    };
                }
            }
            Response::Refused(refusal) => self.feedback = Feedback::Refused(refusal),
            Response::Selected(_) | Response::Cleared => {
                if self.feedback != Feedback::Right {
                    self.feedback = Feedback::None;
                }
            }
            Response::Proposed(_) | Response::Ignored => {}
        }
    }

    /// After a ply of the line: solved, the computer's reply, or the
    /// player's next ply.
    fn after_line_ply(&mut self) {
        if self.next >= self.puzzle.line.len() {
            self.stage = Stage::Solved;
            self.feedback = Feedback::Solved;
            self.controller.hands = Hands::None;
            self.first_try.get_or_insert(true);
        } else if self.puzzle.is_players(self.next) {
            self.stage = Stage::Solving;
            self.controller.hands = Hands::One(self.puzzle.player());
        } else {
            self.stage = Stage::Replying;
            self.controller.hands = Hands::None;
        }
    }

    /// Plays the computer's forced reply (the line's next ply).
    pub fn reply(&mut self) {
        if self.stage != Stage::Replying {
            return;
        }
        let Some(ply) = self.expected() else {
            return;
        };
        if matches!(self.controller.play_ply(ply), Response::Played(_)) {
            self.next += 1;
            self.after_line_ply();
        } else {
            // (The line was checked when the puzzle was read.)
            self.stage = Stage::Failed;
        }
    }

    /// Whether the refutation goes on: the game not over, fewer than
    /// [`REFUTATION_PLIES`] shown, and the player's turn not back yet (a
    /// chain the wrong ply began is finished by the computer too).
    pub fn to_refute(&self) -> bool {
        let game = self.controller.game();
        let player = self.puzzle.player();
        if game.outcome().is_some() || self.refutation.len() >= REFUTATION_PLIES {
            return false;
        }
        let position = game.position();
        if position.to_move() != player {
            return true;
        }
        let plies = game.plies();
        let after = &plies[plies.len().saturating_sub(self.refutation.len())..];
        position.chain().is_some() && after.iter().all(|p| p.side == player)
    }

    /// The computer's ply in the refutation (`None`: it had none to give,
    /// and the refutation ends).
    pub fn refute(&mut self, ply: Option<Ply>) {
        if self.stage != Stage::Refuting {
            return;
        }
        match ply.map(|p| self.controller.play_ply(p)) {
            Some(Response::Played(played)) => self.refutation.push(played.ply),
            _ => {
                self.stage = Stage::Failed;
                return;
            }
        }
        if !self.to_refute() {
            self.stage = Stage::Failed;
        }
    }

    /// Back to the puzzle's start, to try again (the first try's result
    /// stays what the rating counted).
    pub fn retry(&mut self) {
        self.reset_board();
    }

    /// A hint: first the soldier to move, then the ply itself (which
    /// makes the first try a miss).
    pub fn hint(&mut self) {
        if self.stage != Stage::Solving {
            return;
        }
        self.hints = (self.hints + 1).min(2);
        if self.hints == 2 {
            self.first_try.get_or_insert(false);
            self.controller.set_hint(self.expected());
        }
    }

    /// Shows the solution: the line played from the start (a miss if the
    /// first try was not over).
    pub fn show_solution(&mut self) {
        self.first_try.get_or_insert(false);
        self.reset_board();
        for ply in self.puzzle.line.clone() {
            if !matches!(self.controller.play_ply(ply), Response::Played(_)) {
                break;
            }
            self.next += 1;
        }
        self.stage = Stage::Solved;
        self.feedback = Feedback::None;
        self.controller.hands = Hands::None;
        self.shown = true;
    }

    /// What a miss showed, once [`Stage::Failed`]: the computer's answer,
    /// or none because the wrong ply ended the game (in Kharbga a first
    /// turn that leaves the Defender no move loses at once) or left the
    /// computer nothing to play (the other side passes, or the worker had
    /// no answer). The page says which: "the computer's answer is marked
    /// in red" would point at nothing.
    pub fn miss(&self) -> Miss {
        if !self.refutation.is_empty() {
            return Miss::Answered;
        }
        match self.controller.game().outcome() {
            Some(outcome) => Miss::Ended(outcome),
            None => Miss::Unanswered,
        }
    }

    /// Whether the puzzle is over for now (solved, shown or failed).
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Solved | Stage::Failed)
    }

    /// The board: the game, with the soldier hinted, the wrong ply in
    /// red and the refutation's arrows.
    pub fn board_view(&self) -> BoardView {
        let mut view = self.controller.board_view();
        if self.hints == 1 {
            if let Some(square) = self.expected().and_then(first_square) {
                view.marks
                    .highlights
                    .push((Bitboard::from_square(square), Highlight::Focus));
            }
        }
        if let Some(wrong) = self.wrong {
            view.marks
                .highlights
                .push((wrong.squares(), Highlight::Danger));
        }
        for ply in &self.refutation {
            if let Some((from, to)) = ends(*ply) {
                view.marks.arrows.push(Arrow {
                    from,
                    to,
                    kind: Highlight::Danger,
                });
            }
        }
        view
    }
}

/// The square a ply starts from (the soldier a hint points at).
fn first_square(ply: Ply) -> Option<Square> {
    match ply {
        Ply::Place(s) | Ply::Remove(s) => Some(s),
        Ply::Step { from, .. } => Some(from),
        Ply::Leap(path) => Some(path.from()),
        Ply::Stop => None,
    }
}

/// Where a move starts and ends (an arrow), if it moves a soldier.
fn ends(ply: Ply) -> Option<(Square, Square)> {
    match ply {
        Ply::Step { from, to, .. } => Some((from, to)),
        Ply::Leap(path) => path.landings().last().map(|&to| (path.from(), to)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::puzzle::read_file;

    fn shipped(text: &str) -> Vec<Puzzle> {
        read_file(text).expect("the shipped puzzles read")
    }

    fn kharbga() -> Vec<Puzzle> {
        shipped(include_str!("../../learn/puzzles/kharbga.txt"))
    }

    /// Plays `ply` as a person would: a tap, a drag, the toggle.
    fn gesture(run: &mut PuzzleRun, ply: Ply) {
        let response = match ply {
            Ply::Place(s) | Ply::Remove(s) => run.controller.tap(s),
            Ply::Step { from, to, flagged } => {
                run.controller.set_flag(flagged);
                run.controller.drag(from, to)
            }
            other => run.controller.play_ply(other),
        };
        run.respond(response);
    }

    /// Each legal ply but the line's at the puzzle's start, with the game
    /// after it.
    fn wrong_plies(run: &PuzzleRun) -> Vec<(Ply, crate::engine::Game)> {
        let start = run.controller.game();
        start
            .position()
            .legal_plies()
            .iter()
            .copied()
            .filter(|&p| Some(p) != run.expected())
            .filter_map(|p| {
                let mut game = start.clone();
                game.play(p).ok()?;
                Some((p, game))
            })
            .collect()
    }

    /// Solves the puzzle by gestures, the replies played as the page
    /// plays them.
    fn solve(run: &mut PuzzleRun) {
        let mut steps = 0;
        while run.stage != Stage::Solved {
            steps += 1;
            assert!(steps < 64, "{}: never solved", run.puzzle.id);
            match run.stage {
                Stage::Solving => gesture(run, run.expected().unwrap()),
                Stage::Replying => run.reply(),
                other => panic!("{}: {other:?}", run.puzzle.id),
            }
        }
    }

    #[test]
    fn every_shipped_puzzle_is_solved_by_its_line_with_the_replies_played() {
        for text in [
            include_str!("../../learn/puzzles/kharbga.txt"),
            include_str!("../../learn/puzzles/seega5.txt"),
            include_str!("../../learn/puzzles/seega7.txt"),
            include_str!("../../learn/puzzles/seega9.txt"),
            include_str!("../../learn/puzzles/kharbaga.txt"),
        ] {
            for puzzle in shipped(text) {
                let mut run = PuzzleRun::new(puzzle.clone());
                assert_eq!(run.controller.hands, Hands::One(puzzle.player()));
                solve(&mut run);
                assert_eq!(run.first_try, Some(true), "{}", puzzle.id);
                assert_eq!(run.feedback, Feedback::Solved);
                assert_eq!(run.next, puzzle.line.len());
                assert_eq!(run.controller.hands, Hands::None);
            }
        }
    }

    #[test]
    fn a_wrong_ply_is_a_miss_refuted_by_the_computer_and_tried_again() {
        // A puzzle where the player answers a reply (so the line has one).
        let puzzle = kharbga()
            .into_iter()
            .find(|p| (1..p.line.len()).any(|i| !p.is_players(i)))
            .expect("a puzzle with a reply");
        let mut run = PuzzleRun::new(puzzle.clone());
        // (One the computer can answer: not one that ends the game, see
        // the next test.)
        let wrong = wrong_plies(&run)
            .into_iter()
            .find(|(_, game)| {
                game.outcome().is_none() && game.position().to_move() != puzzle.player()
            })
            .map(|(ply, _)| ply)
            .expect("another legal ply");
        gesture(&mut run, wrong);
        assert_eq!(run.feedback, Feedback::Wrong);
        assert_eq!(run.stage, Stage::Refuting);
        assert_eq!(run.first_try, Some(false), "a miss, at once");
        assert_eq!(run.wrong, Some(wrong));
        assert_eq!(run.controller.hands, Hands::None, "no more plies for now");
        // The computer's answers, a ply at a time, until the player's turn.
        let mut asked = 0;
        while run.stage == Stage::Refuting {
            asked += 1;
            assert!(asked <= REFUTATION_PLIES);
            let game = run.controller.game();
            let ply = game.position().legal_plies()[0];
            run.refute(Some(ply));
        }
        assert_eq!(run.stage, Stage::Failed);
        assert_eq!(run.miss(), Miss::Answered, "the answer is on the board");
        let game = run.controller.game();
        assert!(
            game.outcome().is_some()
                || game.position().to_move() == puzzle.player()
                || run.refutation.len() == REFUTATION_PLIES
        );
        let marks = run.board_view().marks;
        assert!(marks
            .highlights
            .iter()
            .any(|(set, kind)| *kind == Highlight::Danger && *set == wrong.squares()));
        // Again from the start: solved now, still a miss for the rating.
        run.retry();
        assert_eq!(run.stage, Stage::Solving);
        assert_eq!(run.controller.game().plies().len(), 0);
        assert!(run.wrong.is_none() && run.refutation.is_empty());
        solve(&mut run);
        assert_eq!(run.first_try, Some(false));
        // A worker that has nothing to say ends the refutation.
        let mut run = PuzzleRun::new(puzzle);
        gesture(&mut run, wrong);
        run.refute(None);
        assert_eq!(run.stage, Stage::Failed);
        assert_eq!(run.miss(), Miss::Unanswered, "no answer to point at");
    }

    #[test]
    fn a_wrong_ply_that_ends_the_game_is_a_miss_with_nothing_to_refute() {
        // Kharbga's first turn: a step into the centre that leaves the
        // Defender no move loses at once (the ruling's first-move block).
        let (run, wrong) = kharbga()
            .into_iter()
            .find_map(|puzzle| {
                let run = PuzzleRun::new(puzzle);
                let wrong = wrong_plies(&run)
                    .into_iter()
                    .find(|(_, game)| game.outcome().is_some())?
                    .0;
                Some((run, wrong))
            })
            .expect("a shipped puzzle with a wrong ply that ends the game");
        let mut run = run;
        gesture(&mut run, wrong);
        assert_eq!(run.feedback, Feedback::Wrong);
        assert_eq!(run.stage, Stage::Failed, "nothing for the computer to do");
        assert!(run.refutation.is_empty());
        let Miss::Ended(outcome) = run.miss() else {
            panic!("{:?}", run.miss());
        };
        assert_eq!(outcome.winner, Some(run.puzzle.player().opponent()));
        assert_eq!(run.first_try, Some(false));
    }

    #[test]
    fn hints_mark_the_soldier_then_the_ply_which_makes_a_miss() {
        let puzzle = kharbga()
            .into_iter()
            .find(|p| matches!(p.line[0], Ply::Step { .. }))
            .unwrap();
        let mut run = PuzzleRun::new(puzzle.clone());
        let Some(Ply::Step { from, .. }) = run.expected() else {
            unreachable!()
        };
        run.hint();
        assert_eq!(run.hints, 1);
        assert!(run
            .board_view()
            .marks
            .highlights
            .iter()
            .any(|(set, kind)| *kind == Highlight::Focus && *set == Bitboard::from_square(from)));
        assert_eq!(run.first_try, None, "the soldier alone is free");
        run.hint();
        assert_eq!(run.hints, 2);
        assert_eq!(run.first_try, Some(false), "the ply shown is a miss");
        assert!(run
            .board_view()
            .marks
            .highlights
            .iter()
            .any(|(_, kind)| *kind == Highlight::Hint));
        // The solution, shown: the whole line on the board.
        let mut run = PuzzleRun::new(puzzle.clone());
        run.show_solution();
        assert!(run.shown && run.is_over());
        assert_eq!(run.first_try, Some(false));
        assert_eq!(run.controller.game().plies().len(), puzzle.line.len());
    }
}
