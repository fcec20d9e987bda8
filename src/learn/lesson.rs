//! A lesson of the tutorial, as data: positions, plies, highlights, arrows
//! and message ids, checked against the engine by native tests (every
//! claimed ply legal, every claimed capture real, every "your turn" step
//! with exactly the answers it says). The page (`learn.html`) draws them
//! on the real board; the engine judges every try.
//!
//! A lesson is a list of [`Step`]s. A step shows a position: its own
//! (`position`) or the one the previous step ended in. It may first play
//! `demo` plies (shown as the last move, with what they captured), then
//! either waits for "next" or asks the learner for a ply ([`Task`]).
//!
//! The lessons themselves are `lessons`'s [`LESSONS`](super::LESSONS).

use crate::engine::{Bitboard, Game, Outcome, Ply, Position, Rules, Square};

/// A lesson.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// A stable token: the address (`learn.html#learn/<id>`), the saved
    /// progress, and the message ids `lesson-<id>` (its title) and
    /// `lesson-<id>-intro` (what it teaches, in one line).
    pub id: &'static str,
    /// The game the lesson is played in.
    pub rules: Rules,
    /// Its steps, in order.
    pub steps: &'static [Step],
}

/// One screen of a lesson.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The position string to start from; `None`: where the previous step
    /// ended (after the learner's answer, or after its demo).
    pub position: Option<&'static str>,
    /// Plies played at once on that position, shown as the last move.
    pub demo: &'static [&'static str],
    /// The squares the demo's plies took soldiers from (captures and
    /// removals), in any order: checked by a test.
    pub taken: &'static [&'static str],
    /// How the game stands after the demo, if it ended.
    pub outcome: Option<Outcome>,
    /// The caption's message id.
    pub caption: &'static str,
    /// Squares to look at.
    pub focus: &'static [&'static str],
    /// Squares in danger (or taken).
    pub danger: &'static [&'static str],
    /// Arrows: from, to.
    pub arrows: &'static [(&'static str, &'static str)],
    /// What the learner must find, if anything.
    pub task: Option<Task>,
}

impl Step {
    /// A step that only shows `position` with a caption.
    pub const fn show(position: &'static str, caption: &'static str) -> Step {
        Step {
            position: Some(position),
            demo: &[],
            taken: &[],
            outcome: None,
            caption,
            focus: &[],
            danger: &[],
            arrows: &[],
            task: None,
        }
    }

    /// A step that goes on from where the previous one ended.
    pub const fn then(caption: &'static str) -> Step {
        Step {
            position: None,
            ..Step::show("", caption)
        }
    }
}

/// A "your turn" step: the plies that answer it, and what is said when a
/// legal ply does not.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    /// Which legal plies succeed (a test checks that these are exactly the
    /// `answers`).
    pub goal: Goal,
    /// The plies that succeed, in canonical text.
    pub answers: &'static [&'static str],
    /// The message id for a legal ply that misses the goal.
    pub wrong: &'static str,
}

/// What a "your turn" step asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of the listed plies.
    Listed,
    /// A ply that captures at least this many soldiers.
    Captures(u32),
    /// A ply that captures nothing.
    NoCapture,
    /// A placement (or step) after which the mover's soldier is on one of
    /// these squares (for example next to the Malha).
    Onto(&'static [&'static str]),
}

/// What a learner's try did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It answers the step.
    Right,
    /// It is legal but misses the goal: the step's `wrong` message says why.
    Wrong,
}

/// A lesson or step that does not hold: what the tests report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson.
    pub lesson: &'static str,
    /// The step (from 0).
    pub step: usize,
    /// What is wrong.
    pub what: String,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "lesson {} step {}: {}",
            self.lesson, self.step, self.what
        )
    }
}

fn square(name: &str) -> Option<Square> {
    name.parse().ok()
}

/// The squares named, as a set (unknown names are left out; the lesson
/// check reports them).
pub fn squares(names: &[&str]) -> Bitboard {
    names
        .iter()
        .filter_map(|n| square(n))
        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
}

impl Task {
    /// Whether `ply`, legal in `position`, answers the task.
    pub fn judge(&self, position: &Position, ply: Ply) -> Verdict {
        let mut after = *position;
        let Ok(effects) = after.play(ply) else {
            return Verdict::Wrong;
        };
        let captured = (effects.captured | effects.removed).count();
        let right = match self.goal {
            Goal::Listed => self.answers.iter().any(|a| a.parse() == Ok(ply)),
            Goal::Captures(n) => captured >= n,
            Goal::NoCapture => captured == 0,
            Goal::Onto(targets) => match ply {
                Ply::Place(to) | Ply::Step { to, .. } => squares(targets).contains(to),
                Ply::Leap(path) => squares(targets).contains(path.end()),
                Ply::Stop | Ply::Remove(_) => false,
            },
        };
        if right {
            Verdict::Right
        } else {
            Verdict::Wrong
        }
    }

    /// The first answer, as a ply: what the hint shows.
    pub fn hint(&self) -> Option<Ply> {
        self.answers.first().and_then(|a| a.parse().ok())
    }
}

impl Lesson {
    /// The game at step `index`, once its demo is played, when the learner
    /// has answered every earlier task with its first answer; `None` for a
    /// step that is not there or does not hold (the tests make sure every
    /// step holds).
    pub fn game_at(&self, index: usize) -> Option<Game> {
        let mut game: Option<Game> = None;
        for (i, step) in self.steps.iter().enumerate().take(index + 1) {
            let mut g = match step.position {
                Some(text) => Game::from_position(Position::from_text(text, self.rules).ok()?),
                None => game?,
            };
            for ply in step.demo {
                g.play_text(ply).ok()?;
            }
            if i < index {
                if let Some(ply) = step.task.and_then(|t| t.hint()) {
                    g.play(ply).ok()?;
                }
            }
            game = Some(g);
        }
        game
    }

    /// Every message id the lesson uses.
    pub fn message_ids(&self) -> Vec<String> {
        let mut ids = vec![
            format!("lesson-{}", self.id),
            format!("lesson-{}-intro", self.id),
        ];
        for step in self.steps {
            ids.push(step.caption.to_owned());
            if let Some(task) = step.task {
                ids.push(task.wrong.to_owned());
            }
        }
        ids
    }

    /// Checks every step against the engine: positions parse, demo plies
    /// are legal and take exactly the squares claimed, outcomes are as
    /// said, highlighted squares exist, and each task's answers are
    /// exactly the legal plies that meet its goal (and every answer leads
    /// on to the next step).
    pub fn check(&self) -> Result<(), LessonError> {
        let fail = |step: usize, what: String| LessonError {
            lesson: self.id,
            step,
            what,
        };
        if self.steps.is_empty() {
            return Err(fail(0, "no steps".into()));
        }
        // The positions a step may start from: after each answer of the
        // previous task (or after its demo when it had none).
        let mut previous: Vec<Game> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let starts: Vec<Game> = match step.position {
                Some(text) => {
                    let p = Position::from_text(text, self.rules)
                        .map_err(|e| fail(i, format!("position {text}: {e}")))?;
                    vec![Game::from_position(p)]
                }
                None if previous.is_empty() => {
                    return Err(fail(i, "goes on from nothing".into()));
                }
                None => previous.clone(),
            };
            let named = step
                .focus
                .iter()
                .chain(step.danger)
                .chain(step.arrows.iter().flat_map(|(a, b)| [a, b]))
                .chain(step.taken);
            for name in named {
                if square(name).is_none_or(|s| !self.rules.size().contains(s)) {
                    return Err(fail(i, format!("no square {name} on this board")));
                }
            }
            let mut next = Vec::new();
            for mut game in starts {
                let mut taken = Bitboard::EMPTY;
                for text in step.demo {
                    let played = game
                        .play_text(text)
                        .map_err(|e| fail(i, format!("demo ply {text}: {e}")))?;
                    taken = taken | played.effects.captured | played.effects.removed;
                }
                if taken != squares(step.taken) {
                    return Err(fail(
                        i,
                        format!(
                            "the demo takes {:?}, the step says {:?}",
                            taken.map(|s| s.to_string()).collect::<Vec<_>>(),
                            step.taken
                        ),
                    ));
                }
                if game.outcome() != step.outcome {
                    return Err(fail(
                        i,
                        format!("outcome {:?}, said {:?}", game.outcome(), step.outcome),
                    ));
                }
                match step.task {
                    None => next.push(game),
                    Some(task) => {
                        if game.outcome().is_some() {
                            return Err(fail(i, "a task after the game ended".into()));
                        }
                        let position = *game.position();
                        let mut meeting: Vec<String> = position
                            .legal_plies()
                            .iter()
                            .filter(|p| task.judge(&position, **p) == Verdict::Right)
                            .map(|p| p.to_string())
                            .collect();
                        meeting.sort();
                        let mut answers: Vec<String> =
                            task.answers.iter().map(|a| (*a).to_owned()).collect();
                        answers.sort();
                        if meeting != answers {
                            return Err(fail(
                                i,
                                format!("the plies that succeed are {meeting:?}, the step says {answers:?}"),
                            ));
                        }
                        if meeting.is_empty() {
                            return Err(fail(i, "nothing answers the task".into()));
                        }
                        for answer in task.answers {
                            let mut g = game.clone();
                            g.play_text(answer)
                                .map_err(|e| fail(i, format!("answer {answer}: {e}")))?;
                            next.push(g);
                        }
                    }
                }
            }
            previous = next;
        }
        Ok(())
    }
}

/// The lesson for what is happening in `position`: the "?" of the game
/// screen opens it.
pub fn lesson_for(position: &Position) -> &'static str {
    use crate::engine::{Exchange, Phase};
    let kharbga = position.rules().variant.is_kharbga();
    if position.rules().variant.is_alquerque() {
        return "kharbaga";
    }
    match position.phase() {
        _ if position.chain().is_some() => {
            if kharbga {
                "chain"
            } else {
                "seega-chain"
            }
        }
        Phase::Over => "game-end",
        _ if position.is_setting() => "setting",
        _ if kharbga && position.exchange() != Exchange::None => "exchange",
        _ if kharbga && position.is_first_turn() => "first-move",
        _ if kharbga => "capture",
        _ => "seega-malha",
    }
}
