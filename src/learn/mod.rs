//! Learning the games: the tutorial's lessons ([`Lesson`], [`LESSONS`])
//! and the learner's [`Progress`] through them; puzzles ([`puzzle`]: read
//! from the shipped files, every ply checked by the engine) and how they
//! are found in the computer's own games ([`finder`], which `kharbga-cli
//! puzzles` runs: the computer player searches each position); the
//! player's puzzle [`rating`] and what a puzzle session keeps
//! ([`training`]).
//!
//! Above the engine and the computer player; it knows nothing of the web,
//! of storage or of the page (`app::learn` draws all this).

pub mod finder;
mod lesson;
mod lessons;
mod progress;
pub mod puzzle;
pub mod rating;
pub mod training;

pub use lesson::{lesson_for, squares, Goal, Lesson, LessonError, Step, Task, Verdict};
pub use lessons::LESSONS;
pub use progress::Progress;
