//! What the computer player does with the worker's answer (headless, so
//! that native tests cover it). An answer is untrusted: a ply the local
//! engine finds illegal, a `none` while the game goes on, an error, or no
//! answer at all is asked again, and after [`MOST_ATTEMPTS`] the page plays
//! the `greedy` level's ply itself (cheap, a few microseconds, and without
//! the search in the page's own code) so that the game never waits forever.

use crate::ai::protocol::Answer;
use crate::ai::{greedy, Rng};
use crate::engine::{Ply, Position};

/// Requests sent for one computer turn before the page plays on its own.
pub const MOST_ATTEMPTS: u32 = 3;

/// How long the page waits for an answer beyond the search's own time.
pub const GRACE_MS: u64 = 5_000;

/// The next thing to do on the computer's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Play the worker's ply.
    Play(Ply),
    /// Send the request again (a new id).
    AskAgain,
    /// Play this ply, chosen on the page: the worker failed too often.
    PlayLocally(Ply),
    /// Nothing: the game is over.
    Nothing,
}

/// What to do after `attempts` requests for `position` ended with `answer`
/// (`None`: no answer in time).
pub fn after_answer(position: &Position, answer: Option<&Answer>, attempts: u32) -> Next {
    if position.is_over() {
        return Next::Nothing;
    }
    if let Some(Answer::Best { ply, .. }) = answer {
        if position.is_legal(*ply) {
            return Next::Play(*ply);
        }
    }
    if attempts < MOST_ATTEMPTS {
        return Next::AskAgain;
    }
    fallback(position).map_or(Next::Nothing, Next::PlayLocally)
}

/// The page's own ply when the worker cannot be used: the `greedy` level's.
pub fn fallback(position: &Position) -> Option<Ply> {
    let mut rng = Rng::new(u64::from(position.turn()) ^ position.hash());
    greedy(position, &mut rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Score;
    use crate::engine::{BoardSize, Rules};

    fn seega5(text: &str) -> Position {
        Position::from_text(text, Rules::seega(BoardSize::Five)).expect("test position")
    }

    fn best(ply: &str) -> Answer {
        Answer::Best {
            id: 1,
            ply: ply.parse().expect("test ply"),
            score: Score(0),
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn a_legal_answer_is_played() {
        let p = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
        assert_eq!(
            after_answer(&p, Some(&best("c1-b1")), 1),
            Next::Play("c1-b1".parse().unwrap())
        );
    }

    #[test]
    fn bad_or_missing_answers_are_asked_again_then_played_locally() {
        let p = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
        let none = Answer::None { id: 1 };
        let error = Answer::Error {
            id: 1,
            kind: "rules".into(),
        };
        for answer in [Some(&best("a1-a2")), Some(&none), Some(&error), None] {
            assert_eq!(after_answer(&p, answer, 1), Next::AskAgain, "{answer:?}");
            match after_answer(&p, answer, MOST_ATTEMPTS) {
                // The greedy level takes the soldier: c1-b1 is the only capture.
                Next::PlayLocally(ply) => assert_eq!(ply.to_string(), "c1-b1"),
                other => panic!("{other:?} for {answer:?}"),
            }
        }
    }

    #[test]
    fn a_finished_game_needs_nothing() {
        let mut p = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
        p.play("c1-b1".parse().unwrap()).unwrap();
        assert!(p.is_over());
        assert_eq!(after_answer(&p, None, 1), Next::Nothing);
    }
}
