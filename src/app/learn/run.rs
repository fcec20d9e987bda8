//! A lesson being taken, without a browser: which step is up, the board's
//! game (a [`Controller`], so a try is a tap or a drag as in a game), and
//! what the learner was told. The engine judges every try; the lesson's
//! [`Task`](crate::learn::Task) says whether a legal ply answers it.

use crate::app::board::view::{Arrow, BoardView, Hands, Highlight};
use crate::app::play::controller::{Controller, Refusal, Response};
use crate::engine::{Bitboard, Game, Position};
use crate::learn::{squares, Lesson, Step, Verdict};

/// What the learner is told under the caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Nothing yet.
    None,
    /// The try answers the step.
    Right,
    /// A legal ply that misses the step's goal: this message says why
    /// (the ply was taken back).
    Wrong(&'static str),
    /// The gesture is not a legal ply, and this is why.
    Refused(Refusal),
}

/// A lesson under way.
#[derive(Clone, Debug)]
pub struct LessonRun {
    /// The lesson.
    pub lesson: &'static Lesson,
    /// The step shown (from 0).
    pub step: usize,
    /// The board's game.
    pub controller: Controller,
    /// What the learner was told.
    pub feedback: Feedback,
    /// The step's task is answered.
    pub solved: bool,
    /// The hint is shown.
    pub hinted: bool,
}

impl LessonRun {
    /// The lesson from its first step (`None` if a step does not hold,
    /// which the lesson tests rule out).
    pub fn new(lesson: &'static Lesson) -> Option<LessonRun> {
        let mut run = LessonRun {
            lesson,
            step: 0,
            controller: Controller::new(lesson.rules),
            feedback: Feedback::None,
            solved: false,
            hinted: false,
        };
        run.enter(0).then_some(run)
    }

    /// The step shown.
    pub fn current(&self) -> &'static Step {
        &self.lesson.steps[self.step]
    }

    /// Whether the step asks the learner for a ply.
    pub fn is_task(&self) -> bool {
        self.current().task.is_some()
    }

    /// Whether this is the lesson's last step.
    pub fn is_last(&self) -> bool {
        self.step + 1 == self.lesson.steps.len()
    }

    /// Whether the learner may go on (a task must be answered first).
    pub fn can_go_on(&self) -> bool {
        !self.is_task() || self.solved
    }

    fn enter(&mut self, index: usize) -> bool {
        let Some(step) = self.lesson.steps.get(index) else {
            return false;
        };
        let mut game = match step.position {
            Some(text) => match Position::from_text(text, self.lesson.rules) {
                Ok(p) => Game::from_position(p),
                Err(_) => return false,
            },
            None => self.controller.game().clone(),
        };
        for ply in step.demo {
            if game.play_text(ply).is_err() {
                return false;
            }
        }
        let flipped = self.controller.flipped;
        self.controller = Controller::from_game(game);
        self.controller.flipped = flipped;
        self.controller.show_capturable = false;
        self.controller.hands = if step.task.is_some() {
            Hands::Both
        } else {
            Hands::None
        };
        self.step = index;
        self.feedback = Feedback::None;
        self.solved = false;
        self.hinted = false;
        true
    }

    /// Goes on to the next step; false at the end of the lesson (or while
    /// the task is unanswered).
    pub fn go_on(&mut self) -> bool {
        self.can_go_on() && !self.is_last() && self.enter(self.step + 1)
    }

    /// Shows the step again from its start.
    pub fn restart_step(&mut self) {
        if self.current().position.is_some() {
            self.enter(self.step);
        } else if let Some(game) = self.lesson.game_at(self.step) {
            // A step that goes on from the previous one: rebuilt from the
            // lesson (the previous answers, the demo).
            let flipped = self.controller.flipped;
            let mut controller = Controller::from_game(game);
            controller.flipped = flipped;
            controller.show_capturable = false;
            controller.hands = self.controller.hands;
            self.controller = controller;
            self.feedback = Feedback::None;
            self.solved = false;
            self.hinted = false;
            if !self.is_task() {
                self.controller.hands = Hands::None;
            } else {
                self.controller.hands = Hands::Both;
            }
        }
    }

    /// What a gesture on the board did, judged against the step.
    pub fn respond(&mut self, response: Response) {
        let Some(task) = self.current().task else {
            return;
        };
        match response {
            Response::Played(played) => {
                let index = self.controller.game().plies().len() - 1;
                let before = self.controller.game().position_at(index).copied();
                let verdict = before.map_or(Verdict::Wrong, |p| task.judge(&p, played.ply));
                match verdict {
                    Verdict::Right => {
                        self.solved = true;
                        self.feedback = Feedback::Right;
                        self.controller.hands = Hands::None;
                    }
                    Verdict::Wrong => {
                        self.controller.undo();
                        self.feedback = Feedback::Wrong(task.wrong);
                    }
                }
            }
            Response::Refused(refusal) => self.feedback = Feedback::Refused(refusal),
            Response::Selected(_) | Response::Cleared => self.feedback = Feedback::None,
            Response::Proposed(_) | Response::Ignored => {}
        }
    }

    /// Shows the step's first answer on the board.
    pub fn hint(&mut self) {
        if let Some(task) = self.current().task {
            self.controller.set_hint(task.hint());
            self.hinted = true;
        }
    }

    /// The board: the game, with the step's highlights and arrows.
    pub fn board_view(&self) -> BoardView {
        let mut view = self.controller.board_view();
        let step = self.current();
        let marks = &mut view.marks;
        for (names, kind) in [
            (step.focus, Highlight::Focus),
            (step.danger, Highlight::Danger),
        ] {
            let set = squares(names);
            if set != Bitboard::EMPTY {
                marks.highlights.push((set, kind));
            }
        }
        for (from, to) in step.arrows {
            if let (Ok(from), Ok(to)) = (from.parse(), to.parse()) {
                marks.arrows.push(Arrow {
                    from,
                    to,
                    kind: Highlight::Focus,
                });
            }
        }
        view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::LESSONS;

    /// Answers the step by tapping its first answer.
    fn answer(run: &mut LessonRun) {
        let ply = run.current().task.and_then(|t| t.hint()).unwrap();
        let response = match ply {
            crate::engine::Ply::Place(s) => run.controller.tap(s),
            crate::engine::Ply::Step { from, to, flagged } => {
                run.controller.set_flag(flagged);
                run.controller.drag(from, to)
            }
            other => run.controller.play_ply(other),
        };
        run.respond(response);
    }

    #[test]
    fn every_lesson_can_be_taken_to_its_end_by_gestures() {
        for lesson in LESSONS {
            let mut run = LessonRun::new(lesson).unwrap();
            loop {
                if run.is_task() {
                    assert!(!run.can_go_on(), "{}: a task must be answered", lesson.id);
                    answer(&mut run);
                    assert_eq!(
                        run.feedback,
                        Feedback::Right,
                        "{} step {}",
                        lesson.id,
                        run.step
                    );
                    assert!(run.solved);
                }
                if run.is_last() {
                    break;
                }
                assert!(run.go_on(), "{} step {}", lesson.id, run.step);
            }
        }
    }

    #[test]
    fn a_wrong_try_is_taken_back_and_explained() {
        // The capture lesson's first task: a step that captures nothing is
        // taken back.
        let lesson = Lesson::find("capture").unwrap();
        let mut run = LessonRun::new(lesson).unwrap();
        while !run.is_task() {
            assert!(run.go_on());
        }
        let position = *run.controller.game().position();
        let task = run.current().task.unwrap();
        let wrong = position
            .legal_plies()
            .iter()
            .copied()
            .find(|p| task.judge(&position, *p) == Verdict::Wrong);
        assert!(wrong.is_some(), "the task has a wrong try");
        if let Some(crate::engine::Ply::Step { from, to, .. }) = wrong {
            let plies = run.controller.game().plies().len();
            let response = run.controller.drag(from, to);
            run.respond(response);
            assert_eq!(run.feedback, Feedback::Wrong(task.wrong));
            assert_eq!(run.controller.game().plies().len(), plies, "taken back");
            assert!(!run.can_go_on());
        }
        // An enemy soldier cannot be moved: the refusal is said.
        let enemy = position
            .soldiers(position.to_move().opponent())
            .first()
            .unwrap();
        let response = run.controller.tap(enemy);
        run.respond(response);
        assert!(matches!(run.feedback, Feedback::Refused(_)));
        // The hint marks the answer.
        run.hint();
        let hint = task.hint().unwrap();
        assert!(run
            .board_view()
            .marks
            .highlights
            .iter()
            .any(|(set, kind)| *kind == Highlight::Hint && *set == hint.squares()));
    }

    #[test]
    fn a_show_step_takes_no_gesture_and_carries_its_marks() {
        let lesson = &LESSONS[0];
        let run = LessonRun::new(lesson).unwrap();
        if !run.is_task() {
            assert_eq!(run.board_view().hands, Hands::None);
            assert!(run.can_go_on());
        }
        let step = run.current();
        let view = run.board_view();
        assert_eq!(
            view.marks.arrows.len(),
            step.arrows.len(),
            "every arrow of the step is drawn"
        );
    }
}
