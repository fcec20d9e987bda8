//! The learner's progress through the tutorial: the lessons finished, as
//! the browser keeps them, and the next one in order.

use super::lesson::Lesson;
use super::lessons::LESSONS;

/// The lessons a learner has finished, as kept in the browser: their ids,
/// separated by spaces. Read from storage, so untrusted: unknown ids are
/// left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    done: Vec<&'static str>,
}

impl Progress {
    /// The progress a stored text describes (anything unknown left out).
    pub fn parse(text: &str) -> Progress {
        let mut progress = Progress::default();
        for id in text.split_whitespace() {
            progress.mark(id);
        }
        progress
    }

    /// The text to store.
    pub fn to_text(&self) -> String {
        self.done.join(" ")
    }

    /// Records lesson `id` as done (an unknown id changes nothing).
    pub fn mark(&mut self, id: &str) {
        if let Some(lesson) = Lesson::find(id) {
            if !self.is_done(lesson.id) {
                self.done.push(lesson.id);
            }
        }
    }

    /// Whether lesson `id` is done.
    pub fn is_done(&self, id: &str) -> bool {
        self.done.contains(&id)
    }

    /// How many lessons are done.
    pub fn count(&self) -> usize {
        self.done.len()
    }

    /// The first lesson not done yet, in order.
    pub fn next(&self) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| !self.is_done(l.id))
    }
}
