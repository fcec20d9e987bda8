//! The messages between the page and the AI worker, as one line of text
//! each way. A request names the rules, the position and the level; the
//! answer names the ply. Both sides parse what they receive and check it:
//! the page plays an answer only through the engine, and only for the
//! request it is still waiting for.
//!
//! ```text
//! request : think <id> <level> <time-ms> <rules spec> <position string>
//! answer  : best <id> <ply> <score> <depth> <nodes>     (score: hundredths or w<N>/l<N>)
//!           none <id>                                   (the game is over)
//!           error <id> <message>                        (id 0 when it could not be read)
//! ```

use std::fmt;

use crate::engine::{Ply, Position, Rules};

use super::level::Level;
use super::rng::Rng;
use super::search::{Clock, Score, Searcher};

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Matches the answer to the question; a stale answer has an old id.
    pub id: u64,
    /// Who is thinking.
    pub level: Level,
    /// The time budget for the searching levels.
    pub time_ms: u64,
    /// The rules.
    pub rules: Rules,
    /// The position to play in.
    pub position: Position,
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The ply to play, with what the search saw.
    Best {
        /// The request's id.
        id: u64,
        /// The ply.
        ply: Ply,
        /// Its score for the side to move.
        score: Score,
        /// The depth reached.
        depth: u8,
        /// Nodes searched.
        nodes: u64,
    },
    /// The game is over: nothing to play.
    None {
        /// The request's id.
        id: u64,
    },
    /// The request could not be read.
    Error {
        /// The request's id, 0 when unknown.
        id: u64,
        /// What was wrong.
        message: String,
    },
}

/// A message that is not one of the protocol's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

fn bad(message: impl Into<String>) -> ProtocolError {
    ProtocolError(message.into())
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "think {} {} {} {} {}",
            self.id, self.level, self.time_ms, self.rules, self.position
        )
    }
}

impl Request {
    /// Reads a request line.
    ///
    /// # Errors
    /// A [`ProtocolError`] for anything but a well-formed request with a
    /// position the rules accept.
    pub fn parse(line: &str) -> Result<Request, ProtocolError> {
        let mut words = line.splitn(6, ' ');
        if words.next() != Some("think") {
            return Err(bad("a request starts with `think`"));
        }
        let mut next = |what: &str| {
            words
                .next()
                .ok_or_else(|| bad(format!("the request has no {what}")))
        };
        let id = next("id")?
            .parse()
            .map_err(|_| bad("the id is not a number"))?;
        let level = next("level")?
            .parse()
            .map_err(|e: super::level::LevelError| bad(e.to_string()))?;
        let time_ms = next("time")?
            .parse()
            .map_err(|_| bad("the time is not a number"))?;
        let rules: Rules = next("rules")?
            .parse()
            .map_err(|e: crate::engine::RulesError| bad(e.to_string()))?;
        let position =
            Position::from_text(next("position")?, rules).map_err(|e| bad(e.to_string()))?;
        Ok(Request {
            id,
            level,
            time_ms,
            rules,
            position,
        })
    }
}

fn score_text(score: Score) -> String {
    match score.forced() {
        Some(n) if n >= 0 => format!("w{n}"),
        Some(n) => format!("l{}", -n),
        None => score.0.to_string(),
    }
}

fn parse_score(text: &str) -> Option<Score> {
    if let Some(n) = text.strip_prefix('w') {
        return n.parse().ok().map(Score::win_in);
    }
    if let Some(n) = text.strip_prefix('l') {
        return n.parse().ok().map(Score::loss_in);
    }
    text.parse().ok().map(Score)
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Best {
                id,
                ply,
                score,
                depth,
                nodes,
            } => write!(f, "best {id} {ply} {} {depth} {nodes}", score_text(*score)),
            Answer::None { id } => write!(f, "none {id}"),
            Answer::Error { id, message } => write!(f, "error {id} {message}"),
        }
    }
}

impl Answer {
    /// The request's id.
    pub fn id(&self) -> u64 {
        match self {
            Answer::Best { id, .. } | Answer::None { id } | Answer::Error { id, .. } => *id,
        }
    }

    /// Reads an answer line.
    ///
    /// # Errors
    /// A [`ProtocolError`] for anything but a well-formed answer.
    pub fn parse(line: &str) -> Result<Answer, ProtocolError> {
        let mut words = line.splitn(3, ' ');
        let kind = words.next().unwrap_or_default();
        let id = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad("an answer names its request's id"))?;
        let rest = words.next().unwrap_or_default();
        match kind {
            "none" if rest.is_empty() => Ok(Answer::None { id }),
            "error" => Ok(Answer::Error {
                id,
                message: rest.to_owned(),
            }),
            "best" => {
                let fields: Vec<&str> = rest.split(' ').collect();
                let [ply, score, depth, nodes] = fields.as_slice() else {
                    return Err(bad("`best` has a ply, a score, a depth and a node count"));
                };
                Ok(Answer::Best {
                    id,
                    ply: ply
                        .parse()
                        .map_err(|e: crate::engine::ParsePlyError| bad(e.to_string()))?,
                    score: parse_score(score).ok_or_else(|| bad("the score is not a number"))?,
                    depth: depth
                        .parse()
                        .map_err(|_| bad("the depth is not a number"))?,
                    nodes: nodes
                        .parse()
                        .map_err(|_| bad("the node count is not a number"))?,
                })
            }
            _ => Err(bad(format!("`{kind}` is not an answer"))),
        }
    }
}

/// The worker's side: reads a request, thinks, answers. Never panics.
pub fn respond(line: &str, searcher: &mut Searcher, rng: &mut Rng, clock: &dyn Clock) -> Answer {
    let request = match Request::parse(line) {
        Ok(request) => request,
        Err(e) => {
            let id = line
                .split(' ')
                .nth(1)
                .and_then(|w| w.parse().ok())
                .unwrap_or(0);
            return Answer::Error { id, message: e.0 };
        }
    };
    let Some((ply, found)) = request.level.think(
        &request.position,
        searcher,
        rng,
        Some(request.time_ms),
        clock,
    ) else {
        return Answer::None { id: request.id };
    };
    let (score, depth, nodes) = match found {
        Some(result) => (result.score, result.depth, result.nodes),
        None => (Score(super::eval::evaluate(&request.position)), 0, 0),
    };
    Answer::Best {
        id: request.id,
        ply,
        score,
        depth,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoClock;
    use crate::engine::BoardSize;

    #[test]
    fn requests_and_answers_round_trip() {
        let request = Request {
            id: 42,
            level: Level::Search(3),
            time_ms: 200,
            rules: Rules::seega(BoardSize::Five),
            position: Position::from_text(
                "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
                Rules::seega(BoardSize::Five),
            )
            .unwrap(),
        };
        assert_eq!(Request::parse(&request.to_string()), Ok(request));
        for answer in [
            Answer::Best {
                id: 7,
                ply: "c1-b1".parse().unwrap(),
                score: Score::win_in(1),
                depth: 3,
                nodes: 99,
            },
            Answer::Best {
                id: 8,
                ply: "e7-e6*".parse().unwrap(),
                score: Score(-35),
                depth: 9,
                nodes: 123_456,
            },
            Answer::None { id: 9 },
            Answer::Error {
                id: 0,
                message: "what?".into(),
            },
        ] {
            assert_eq!(Answer::parse(&answer.to_string()), Ok(answer));
        }
    }

    #[test]
    fn bad_messages_are_errors_not_panics() {
        for line in [
            "",
            "think",
            "think x 3 200 kharbga 7/7/7/7/7/7/7 w 24,24 - - 0 1 -",
            "think 1 9 200 kharbga -",
            "hello 1",
        ] {
            assert!(Request::parse(line).is_err(), "{line:?}");
        }
        for line in [
            "",
            "best",
            "best 1",
            "best 1 d3-d4",
            "best 1 nonsense 0 1 2",
            "maybe 3",
        ] {
            assert!(Answer::parse(line).is_err(), "{line:?}");
        }
        let mut searcher = Searcher::new(10);
        let answer = respond(
            "think 5 3 200 chess -",
            &mut searcher,
            &mut Rng::new(1),
            &NoClock,
        );
        assert!(matches!(answer, Answer::Error { id: 5, .. }));
    }

    #[test]
    fn the_worker_answers_with_a_legal_ply() {
        let position = Position::from_text(
            "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
            Rules::seega(BoardSize::Five),
        )
        .unwrap();
        let line = format!("think 3 5 100 seega5 {position}");
        let answer = respond(&line, &mut Searcher::new(12), &mut Rng::new(1), &NoClock);
        match answer {
            Answer::Best { id, ply, .. } => {
                assert_eq!(id, 3);
                assert_eq!(ply.to_string(), "c1-b1");
                assert!(position.is_legal(ply));
            }
            other => panic!("{other:?}"),
        }
    }
}
