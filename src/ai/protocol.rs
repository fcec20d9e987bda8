//! The messages between the page and the AI worker, as one line of text
//! each way. A request names the rules, the level and the game since its
//! last removal (where the repetition rule starts counting again): the
//! position there and the plies since, which lead to the position to play
//! in. The answer names the ply. Both sides parse what they receive and
//! check it: the worker replays the plies through the engine, and the page
//! plays an answer only through the engine, and only for the request it is
//! still waiting for.
//!
//! ```text
//! hello   : ready <version>                             (the worker, once, when it can take requests)
//! request : think <id> <level> <time-ms> <rules spec> <position string>[ ; <ply> <ply> …]
//!           analyse <id> <time-ms> <rules spec> <position string>[ ; <ply> <ply> …]
//! answer  : best <id> <ply> <score> <depth> <nodes>     (score: hundredths or w<N>/l<N>)
//!           line <id> <score> <depth> <nodes> <ply> …   (an analysis: the best line)
//!           none <id>                                   (the game is over)
//!           error <id> <kind>                           (id 0 when it could not be read)
//! ```
//!
//! An analysis is asked for in slices: each `analyse` searches for its
//! time and answers the line it found; the worker's table keeps what it
//! learned, so the next slice on the same position goes deeper, and a new
//! position is taken up as soon as the slice under way ends.
//!
//! The page starts a worker of its own build, but a cached page can meet a
//! newer worker (or the reverse): the hello names the protocol [`VERSION`],
//! and a page does not use a worker that speaks another.

use std::fmt;

use crate::engine::{Game, Ply, Position, PositionError, Rules, RulesError};

use super::level::Level;
use super::rng::Rng;
use super::search::{Clock, Limits, Score, Searcher};

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Matches the answer to the question; a stale answer has an old id.
    pub id: u64,
    /// Who is thinking.
    pub level: Level,
    /// The time budget for the searching levels.
    pub time_ms: u64,
    /// The game from its last removal: its current position is the one to
    /// play in ([`Game::tail`]).
    pub game: Game,
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
    /// An analysis: the best line found in the time given.
    Line {
        /// The request's id.
        id: u64,
        /// The score for the side to move.
        score: Score,
        /// The depth reached.
        depth: u8,
        /// Nodes searched.
        nodes: u64,
        /// The principal variation, from the position asked about.
        pv: Vec<Ply>,
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
        /// What was wrong: a [`ProtocolError`]'s token.
        kind: String,
    },
}

/// The protocol's version, in the worker's hello.
pub const VERSION: u32 = 3;

/// The most plies a request's history may carry.
pub const MOST_HISTORY_PLIES: usize = 10_000;

/// The worker's hello line.
pub fn hello() -> String {
    format!("ready {VERSION}")
}

/// The version a hello line announces, if it is one.
pub fn parse_hello(line: &str) -> Option<u32> {
    line.strip_prefix("ready ")?.parse().ok()
}

/// Why a line is not one of the protocol's messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Not a line of this protocol at all.
    NotAMessage,
    /// A field is missing or malformed: `id`, `level`, `time`, `ply`,
    /// `score`, `depth`, `nodes` or `history` (a ply of the history that
    /// does not parse or is not legal where it is played, or too many).
    Field(&'static str),
    /// The rules do not parse.
    Rules(RulesError),
    /// The position is not one the rules reach.
    Position(PositionError),
}

impl ProtocolError {
    /// A stable token for the kind (what an `error` answer carries).
    pub fn token(&self) -> String {
        match self {
            ProtocolError::NotAMessage => "not-a-message".to_owned(),
            ProtocolError::Field(field) => format!("field-{field}"),
            ProtocolError::Rules(_) => "rules".to_owned(),
            ProtocolError::Position(_) => "position".to_owned(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::NotAMessage => f.write_str("not a message of the worker protocol"),
            ProtocolError::Field(field) => write!(f, "the {field} is missing or malformed"),
            ProtocolError::Rules(e) => write!(f, "rules: {e}"),
            ProtocolError::Position(e) => write!(f, "position: {e}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "think {} {} {} ", self.id, self.level, self.time_ms)?;
        write_game(f, &self.game)
    }
}

/// `<rules> <start>[ ; <ply> …]`: a game from its start (a request's tail).
fn write_game(f: &mut fmt::Formatter<'_>, game: &Game) -> fmt::Result {
    let start = game.start();
    write!(f, "{} {start}", start.rules())?;
    if !game.plies().is_empty() {
        f.write_str(" ;")?;
        for played in game.plies() {
            write!(f, " {}", played.ply)?;
        }
    }
    Ok(())
}

/// Reads what [`write_game`] writes: the rules, the start position and the
/// plies of `history`, each checked by the engine.
fn read_game(
    rules: Option<&str>,
    position: Option<&str>,
    history: Option<&str>,
) -> Result<Game, ProtocolError> {
    let rules: Rules = rules
        .ok_or(ProtocolError::Field("rules"))?
        .parse()
        .map_err(ProtocolError::Rules)?;
    let start = Position::from_text(position.ok_or(ProtocolError::Field("position"))?, rules)
        .map_err(ProtocolError::Position)?;
    let mut game = Game::from_position(start);
    for (n, text) in history.into_iter().flat_map(|h| h.split(' ')).enumerate() {
        if n >= MOST_HISTORY_PLIES || game.play_text(text).is_err() {
            return Err(ProtocolError::Field("history"));
        }
    }
    Ok(game)
}

/// What the page asks for an analysis slice: the best line in the current
/// position of `game`, searched for `time_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analyse {
    /// Matches the answer to the question.
    pub id: u64,
    /// The slice's time.
    pub time_ms: u64,
    /// The game from its last removal ([`Game::tail`]).
    pub game: Game,
}

impl Analyse {
    /// A slice on the current position of `game`.
    pub fn new(id: u64, time_ms: u64, game: &Game) -> Analyse {
        Analyse {
            id,
            time_ms,
            game: game.tail(),
        }
    }

    /// Reads an analysis request.
    ///
    /// # Errors
    /// As [`Request::parse`].
    pub fn parse(line: &str) -> Result<Analyse, ProtocolError> {
        let (mut words, history) = head_words(line, "analyse", 5)?;
        let mut number = |what: &'static str| {
            words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or(ProtocolError::Field(what))
        };
        let id = number("id")?;
        let time_ms = number("time")?;
        let game = read_game(words.next(), words.next(), history)?;
        Ok(Analyse { id, time_ms, game })
    }
}

/// A line's head split at spaces into at most `count` words, the first of
/// which must be `keyword` (it is taken off), and the history after " ; ",
/// if any.
fn head_words<'a>(
    line: &'a str,
    keyword: &str,
    count: usize,
) -> Result<(std::str::SplitN<'a, char>, Option<&'a str>), ProtocolError> {
    let (head, history) = match line.split_once(" ; ") {
        Some((head, history)) => (head, Some(history)),
        None => (line, None),
    };
    let mut words = head.splitn(count, ' ');
    if words.next() != Some(keyword) {
        return Err(ProtocolError::NotAMessage);
    }
    Ok((words, history))
}

impl fmt::Display for Analyse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "analyse {} {} ", self.id, self.time_ms)?;
        write_game(f, &self.game)
    }
}

impl Request {
    /// A request for the current position of `game`, with the history the
    /// repetition rule still counts.
    pub fn new(id: u64, level: Level, time_ms: u64, game: &Game) -> Request {
        Request {
            id,
            level,
            time_ms,
            game: game.tail(),
        }
    }

    /// The position to play in.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Reads a request line.
    ///
    /// # Errors
    /// A [`ProtocolError`] for anything but a well-formed request with a
    /// position the rules accept and plies the engine finds legal.
    pub fn parse(line: &str) -> Result<Request, ProtocolError> {
        let (mut words, history) = head_words(line, "think", 6)?;
        let mut next = |what: &'static str| words.next().ok_or(ProtocolError::Field(what));
        let id = next("id")?
            .parse()
            .map_err(|_| ProtocolError::Field("id"))?;
        let level = next("level")?
            .parse()
            .map_err(|_| ProtocolError::Field("level"))?;
        let time_ms = next("time")?
            .parse()
            .map_err(|_| ProtocolError::Field("time"))?;
        let (rules, position) = (words.next(), words.next());
        let game = read_game(rules, position, history)?;
        Ok(Request {
            id,
            level,
            time_ms,
            game,
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
            Answer::Line {
                id,
                score,
                depth,
                nodes,
                pv,
            } => {
                write!(f, "line {id} {} {depth} {nodes}", score_text(*score))?;
                for ply in pv {
                    write!(f, " {ply}")?;
                }
                Ok(())
            }
            Answer::None { id } => write!(f, "none {id}"),
            Answer::Error { id, kind } => write!(f, "error {id} {kind}"),
        }
    }
}

impl Answer {
    /// The request's id.
    pub fn id(&self) -> u64 {
        match self {
            Answer::Best { id, .. }
            | Answer::Line { id, .. }
            | Answer::None { id }
            | Answer::Error { id, .. } => *id,
        }
    }

    /// Reads an answer line.
    ///
    /// # Errors
    /// A [`ProtocolError`] for anything but a well-formed answer.
    pub fn parse(line: &str) -> Result<Answer, ProtocolError> {
        let mut words = line.splitn(3, ' ');
        let kind = words.next().unwrap_or_default();
        if !matches!(kind, "best" | "line" | "none" | "error") {
            return Err(ProtocolError::NotAMessage);
        }
        let id = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or(ProtocolError::Field("id"))?;
        let rest = words.next().unwrap_or_default();
        match kind {
            "none" if rest.is_empty() => Ok(Answer::None { id }),
            "none" => Err(ProtocolError::NotAMessage),
            "error" => Ok(Answer::Error {
                id,
                kind: rest.chars().take(64).collect(),
            }),
            "line" => {
                let mut fields = rest.split(' ');
                let score = fields
                    .next()
                    .and_then(parse_score)
                    .ok_or(ProtocolError::Field("score"))?;
                let depth = fields
                    .next()
                    .and_then(|w| w.parse().ok())
                    .ok_or(ProtocolError::Field("depth"))?;
                let nodes = fields
                    .next()
                    .and_then(|w| w.parse().ok())
                    .ok_or(ProtocolError::Field("nodes"))?;
                let pv = fields
                    .filter(|w| !w.is_empty())
                    .take(MOST_LINE_PLIES)
                    .map(|w| w.parse().map_err(|_| ProtocolError::Field("ply")))
                    .collect::<Result<_, _>>()?;
                Ok(Answer::Line {
                    id,
                    score,
                    depth,
                    nodes,
                    pv,
                })
            }
            _ => {
                let fields: Vec<&str> = rest.split(' ').collect();
                let [ply, score, depth, nodes] = fields.as_slice() else {
                    return Err(ProtocolError::Field("ply"));
                };
                Ok(Answer::Best {
                    id,
                    ply: ply.parse().map_err(|_| ProtocolError::Field("ply"))?,
                    score: parse_score(score).ok_or(ProtocolError::Field("score"))?,
                    depth: depth.parse().map_err(|_| ProtocolError::Field("depth"))?,
                    nodes: nodes.parse().map_err(|_| ProtocolError::Field("nodes"))?,
                })
            }
        }
    }
}

/// The most plies of a line an answer is read with.
pub const MOST_LINE_PLIES: usize = 64;

/// The worker's side of an analysis slice.
fn analyse(line: &str, searcher: &mut Searcher, rng: &mut Rng, clock: &dyn Clock) -> Answer {
    let request = match Analyse::parse(line) {
        Ok(request) => request,
        Err(e) => return unreadable(line, e),
    };
    if request.game.outcome().is_some() {
        return Answer::None { id: request.id };
    }
    let limits = Limits {
        depth: 64,
        nodes: u64::MAX,
        time_ms: Some(request.time_ms),
    };
    let result = searcher.search_strongest(&request.game, limits, rng, clock);
    let mut pv = result.pv;
    if pv.is_empty() {
        pv.extend(result.best);
    }
    pv.truncate(MOST_LINE_PLIES);
    Answer::Line {
        id: request.id,
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        pv,
    }
}

/// The answer to a request that could not be read.
fn unreadable(line: &str, e: ProtocolError) -> Answer {
    Answer::Error {
        id: error_id(line),
        kind: e.token(),
    }
}

/// The id of a request that could not be read, if it has one.
fn error_id(line: &str) -> u64 {
    line.split(' ')
        .nth(1)
        .and_then(|w| w.parse().ok())
        .unwrap_or(0)
}

/// The worker's side: reads a request, thinks, answers. Never panics.
pub fn respond(line: &str, searcher: &mut Searcher, rng: &mut Rng, clock: &dyn Clock) -> Answer {
    if line.starts_with("analyse ") {
        return analyse(line, searcher, rng, clock);
    }
    let request = match Request::parse(line) {
        Ok(request) => request,
        Err(e) => return unreadable(line, e),
    };
    let Some((ply, found)) =
        request
            .level
            .think(&request.game, searcher, rng, Some(request.time_ms), clock)
    else {
        return Answer::None { id: request.id };
    };
    let (score, depth, nodes) = match found {
        Some(result) => (result.score, result.depth, result.nodes),
        None => (Score(super::eval::evaluate(request.position())), 0, 0),
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
        let game = Game::from_position(
            Position::from_text(
                "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
                Rules::seega(BoardSize::Five),
            )
            .unwrap(),
        );
        let request = Request::new(42, Level::Search(3), 200, &game);
        assert_eq!(Request::parse(&request.to_string()), Ok(request));
        // A game sends the plies since its last removal, and only them.
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        let plies = "b1 d2 c4 d3 a4 b4 c5 c2 b3 b5 a1 e4 d1 e5 c1 b2 a2 e1 d5 a3 d4 a5 e3 e2 \
                     d3-c3 c3-d3 b4-b3 b3-b2 a3-b3 a4-b4 c1-c2 stop b4-b3 d3-d4 d1-d2 c4-b4";
        for ply in plies.split_whitespace() {
            game.play_text(ply).unwrap();
        }
        let request = Request::new(
            7,
            Level::Yardstick(crate::ai::Yardstick::MOBILITY),
            500,
            &game,
        );
        let line = request.to_string();
        assert!(line.starts_with("think 7 ab4m 500 seega5"), "{line}");
        let since = game.repetition_window().len() - 1;
        assert!(
            since > 0 && since < 12,
            "{since} plies since the last removal"
        );
        let tail: Vec<String> = game.plies()[game.plies().len() - since..]
            .iter()
            .map(|p| p.ply.to_string())
            .collect();
        assert!(line.ends_with(&format!(" ; {}", tail.join(" "))), "{line}");
        let parsed = Request::parse(&line).unwrap();
        assert_eq!(parsed.position(), game.position());
        assert_eq!(parsed.game.repetition_window(), game.repetition_window());
        assert_eq!(parsed, request);
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
            Answer::Line {
                id: 10,
                score: Score(-120),
                depth: 11,
                nodes: 4_567,
                pv: vec!["d3-d4".parse().unwrap(), "b2xb4xd4".parse().unwrap()],
            },
            Answer::Line {
                id: 11,
                score: Score::loss_in(4),
                depth: 4,
                nodes: 1,
                pv: Vec::new(),
            },
            Answer::None { id: 9 },
            Answer::Error {
                id: 0,
                kind: "not-a-message".into(),
            },
        ] {
            assert_eq!(Answer::parse(&answer.to_string()), Ok(answer));
        }
    }

    #[test]
    fn analysis_requests_round_trip_and_find_a_forced_win() {
        let mut game = Game::new(Rules::new(crate::engine::Variant::Kharbaga));
        game.play_text("c2-c3").unwrap();
        let request = Analyse::new(12, 300, &game);
        let line = request.to_string();
        assert!(
            line.starts_with("analyse 12 300 kharbaga:quiet=32 "),
            "{line}"
        );
        assert_eq!(Analyse::parse(&line), Ok(request));
        for bad in [
            "analyse",
            "analyse 1",
            "analyse x 3 seega5 5/5/5/5/5 w 12,12 - - 0 1 -",
        ] {
            assert!(Analyse::parse(bad).is_err(), "{bad}");
            assert!(matches!(
                respond(bad, &mut Searcher::new(8), &mut Rng::new(1), &NoClock),
                Answer::Error { .. }
            ));
        }

        // The first player takes the second's last soldier: a win in 1,
        // with a line that starts with that capture.
        let position = Position::from_text(
            "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
            Rules::seega(BoardSize::Five),
        )
        .unwrap();
        let line = format!("analyse 4 100 seega5 {position}");
        match respond(&line, &mut Searcher::new(12), &mut Rng::new(1), &NoClock) {
            Answer::Line { id, score, pv, .. } => {
                assert_eq!(id, 4);
                assert_eq!(score, Score::win_in(1));
                assert_eq!(
                    pv.first().map(ToString::to_string).as_deref(),
                    Some("c1-b1")
                );
            }
            other => panic!("{other:?}"),
        }
        // A game already over has nothing to analyse.
        let mut over = Game::from_position(position);
        over.play_text("c1-b1").unwrap();
        let line = Analyse::new(5, 100, &over).to_string();
        assert_eq!(
            respond(&line, &mut Searcher::new(8), &mut Rng::new(1), &NoClock),
            Answer::None { id: 5 }
        );
    }

    #[test]
    fn bad_messages_are_errors_not_panics() {
        for line in [
            "",
            "think",
            "think x 3 200 kharbga 7/7/7/7/7/7/7 w 24,24 - - 0 1 -",
            "think 1 9 200 kharbga -",
            "hello 1",
            // A history that does not parse, or is not legal.
            "think 1 3 200 seega5 5/5/5/5/5 w 12,12 - - 0 1 - ; b1 zz",
            "think 1 3 200 seega5 5/5/5/5/5 w 12,12 - - 0 1 - ; c3",
            "think 1 3 200 seega5 5/5/5/5/5 w 12,12 - - 0 1 - ; ",
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
        assert_eq!(
            answer,
            Answer::Error {
                id: 5,
                kind: "rules".into()
            }
        );
        assert_eq!(parse_hello(&hello()), Some(VERSION));
        assert_eq!(parse_hello("ready"), None);
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
