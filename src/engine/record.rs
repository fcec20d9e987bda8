//! The game record: a PGN-like text for saving, sharing and reading games.
//!
//! ```text
//! [Variant "kharbga"]
//! [QuietLimit "60"]
//! [Chain "compulsory"]
//! [Blocked "pass"]
//! [First "Amel"]
//! [Second "Youssef"]
//! [Date "2026.11.21"]
//! [Result "1-0"]
//! [Reason "no-soldiers"]
//!
//! 1. c4 e4 1... c3 e3 2. ... 25. d3-d4 {x c4 e4 d5} d4-d3 {x c3} 1-0
//! ```
//!
//! Tags come first, one per line: the variant and its options, the players,
//! the date, the result (`1-0` first player wins, `0-1` second, `1/2-1/2`
//! draw, `*` unfinished) and its reason, and `Position` when the game did not
//! start from the empty board. Then the movetext: each player's turn opens
//! with its number (`12.` for the first player, `12...` for the second),
//! then its canonical plies. Comments in braces show what the engine derives
//! — captures `{x c4 e4}`, passes `{pass: second}`, exchange steps
//! `{exchange: request e6}` — and are ignored when read back, as are the turn
//! numbers' values: the plies alone, checked ply by ply, make the game.

use std::fmt::{self, Write as _};

use super::game::{Game, GameError};
use super::outcome::{Outcome, Reason};
use super::ply::Ply;
use super::position::{ExchangeEvent, Position};
use super::rules::{BlockedRule, ChainRule, Rules, Variant};
use super::square::Side;

/// A game with the facts around it: players, date and any other tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The first player's name (`?` when unknown).
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The date, `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: String,
    /// Tags this program does not interpret, kept in order.
    pub extra_tags: Vec<(String, String)>,
    /// The game.
    pub game: Game,
}

/// A record that cannot be read, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1 (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RecordError {}

const KNOWN_TAGS: [&str; 10] = [
    "Variant",
    "QuietLimit",
    "Chain",
    "Blocked",
    "First",
    "Second",
    "Date",
    "Result",
    "Reason",
    "Position",
];

impl Record {
    /// A record of `game` with unknown players and date.
    pub fn new(game: Game) -> Record {
        Record {
            first: "?".to_owned(),
            second: "?".to_owned(),
            date: "????.??.??".to_owned(),
            extra_tags: Vec::new(),
            game,
        }
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let rules = self.game.rules();
        let mut tag = |name: &str, value: &str| {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{escaped}\"]");
        };
        tag("Variant", rules.variant.token());
        tag("QuietLimit", &rules.quiet_limit.to_string());
        tag(
            "Chain",
            match rules.chain {
                ChainRule::Compulsory => "compulsory",
                ChainRule::Optional => "optional",
            },
        );
        tag(
            "Blocked",
            match rules.blocked {
                BlockedRule::Pass => "pass",
                BlockedRule::Remove => "remove",
            },
        );
        tag("First", &self.first);
        tag("Second", &self.second);
        tag("Date", &self.date);
        let outcome = self.game.outcome();
        tag("Result", result_token(outcome));
        if let Some(outcome) = outcome {
            tag("Reason", outcome.reason.token());
        }
        if self.game.has_custom_start() {
            tag("Position", &self.game.start().to_string());
        }
        for (name, value) in &self.extra_tags {
            tag(name, value);
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let mut previous: Option<Side> = None;
        for (i, played) in self.game.plies().iter().enumerate() {
            // A turn number stays on the same line as the ply it opens.
            let mut word = played.ply.to_string();
            if previous != Some(played.side) {
                let turn = self.game.position_at(i).map_or(1, Position::turn);
                word = match played.side {
                    Side::First => format!("{turn}. {word}"),
                    Side::Second => format!("{turn}... {word}"),
                };
            }
            previous = Some(played.side);
            if played.effects.passed.is_some() {
                // After a pass the same side plays again: a new turn number follows.
                previous = None;
            }
            words.push(word);
            for comment in comments(played) {
                words.push(comment);
            }
        }
        words.push(result_token(outcome).to_owned());
        let mut line_length = 0;
        for word in words {
            if line_length > 0 && line_length + 1 + word.chars().count() > 79 {
                out.push('\n');
                line_length = 0;
            } else if line_length > 0 {
                out.push(' ');
                line_length += 1;
            }
            line_length += word.chars().count();
            out.push_str(&word);
        }
        out.push('\n');
        out
    }

    /// Reads a record.
    ///
    /// # Errors
    /// A [`RecordError`] with the line and column of the first problem: a
    /// malformed tag, an unknown variant or option, a bad start position, a
    /// token that is not a ply, an illegal ply, or a result that the plies
    /// contradict.
    ///
    /// ```
    /// use kharbga::engine::Record;
    /// let text = "[Variant \"seega5\"]\n\n1. a1 a2 1... b1 b2 *\n";
    /// let record = Record::from_text(text).unwrap();
    /// assert_eq!(record.game.plies().len(), 4);
    /// let error = Record::from_text("[Variant \"seega5\"]\n\n1. a1 c3 *\n").unwrap_err();
    /// assert_eq!((error.line, error.column), (3, 7));
    /// ```
    pub fn from_text(text: &str) -> Result<Record, RecordError> {
        Parser::new(text).record()
    }
}

fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome {
            winner: Some(Side::First),
            ..
        }) => "1-0",
        Some(Outcome {
            winner: Some(Side::Second),
            ..
        }) => "0-1",
        Some(Outcome { winner: None, .. }) => "1/2-1/2",
    }
}

fn squares_text(set: super::bitboard::Bitboard) -> String {
    set.map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

fn comments(played: &super::game::PlayedPly) -> Vec<String> {
    let effects = &played.effects;
    let mut out = Vec::new();
    if effects.captured.any() {
        out.push(format!("{{x {}}}", squares_text(effects.captured)));
    }
    if let Some(event) = effects.exchange {
        out.push(match event {
            ExchangeEvent::Requested(s) => format!("{{exchange: request {s}}}"),
            ExchangeEvent::Offered(s) => format!("{{exchange: offer {s}}}"),
            ExchangeEvent::Confirmed(s) => format!("{{exchange: confirm {s}}}"),
            ExchangeEvent::Completed([a, b, c]) => {
                format!("{{exchange: done, removed {a} {b} {c}}}")
            }
            ExchangeEvent::Cancelled => "{exchange: cancelled}".to_owned(),
        });
    }
    if let Some(side) = effects.passed {
        out.push(format!("{{pass: {}}}", side.token()));
    }
    if effects.exchange_cancelled_by_pass {
        out.push("{exchange: cancelled}".to_owned());
    }
    out
}

/// A character cursor that knows its line and column.
struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn error_at(&self, line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            column,
            message: message.into(),
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// One `[Name "value"]` tag; the cursor is on `[`.
    fn tag(&mut self) -> Result<(String, String, usize, usize), RecordError> {
        let (line, column) = (self.line, self.column);
        self.bump();
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(self.error_at(self.line, self.column, "a tag needs a name after `[`"));
        }
        self.skip_inline_space();
        if self.chars.peek() != Some(&'"') {
            return Err(self.error_at(
                self.line,
                self.column,
                format!("tag `{name}` needs a quoted value"),
            ));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => {
                        return Err(self.error_at(
                            self.line,
                            self.column,
                            "only \\\" and \\\\ escapes are allowed",
                        ))
                    }
                },
                Some('\n') | None => {
                    return Err(self.error_at(
                        line,
                        column,
                        format!("tag `{name}` has no closing quote on its line"),
                    ))
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_inline_space();
        if self.bump() != Some(']') {
            return Err(self.error_at(
                self.line,
                self.column.saturating_sub(1).max(1),
                format!("tag `{name}` needs a closing `]`"),
            ));
        }
        Ok((name, value, line, column))
    }

    fn skip_inline_space(&mut self) {
        while self.chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            self.bump();
        }
    }

    /// The next movetext word with its position: a comment is returned whole.
    fn word(&mut self) -> Result<Option<(String, usize, usize)>, RecordError> {
        self.skip_space();
        let (line, column) = (self.line, self.column);
        let Some(&first) = self.chars.peek() else {
            return Ok(None);
        };
        let mut word = String::new();
        if first == '{' {
            while let Some(c) = self.bump() {
                word.push(c);
                if c == '}' {
                    return Ok(Some((word, line, column)));
                }
            }
            return Err(self.error_at(line, column, "this comment has no closing `}`"));
        }
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || c == '{' {
                break;
            }
            word.push(c);
            self.bump();
        }
        Ok(Some((word, line, column)))
    }

    fn record(mut self) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String, usize, usize)> = Vec::new();
        loop {
            self.skip_space();
            if self.chars.peek() != Some(&'[') {
                break;
            }
            let tag = self.tag()?;
            if tags.iter().any(|(name, ..)| *name == tag.0) {
                return Err(self.error_at(tag.2, tag.3, format!("tag `{}` is given twice", tag.0)));
            }
            tags.push(tag);
        }
        let find = |name: &str| tags.iter().find(|(n, ..)| n == name);

        let (variant_text, line, column) = match find("Variant") {
            Some((_, value, line, column)) => (value.as_str(), *line, *column),
            None => return Err(self.error_at(1, 1, "a record needs a [Variant \"…\"] tag")),
        };
        let variant: Variant = variant_text
            .parse()
            .map_err(|e: super::rules::RulesError| self.error_at(line, column, e.to_string()))?;
        let mut rules = Rules::new(variant);
        if let Some((_, value, line, column)) = find("QuietLimit") {
            rules.quiet_limit = value.parse().map_err(|_| {
                self.error_at(
                    *line,
                    *column,
                    format!("QuietLimit `{value}` is not a number"),
                )
            })?;
        }
        if let Some((_, value, line, column)) = find("Chain") {
            rules.chain = match value.as_str() {
                "compulsory" => ChainRule::Compulsory,
                "optional" => ChainRule::Optional,
                _ => {
                    return Err(self.error_at(
                        *line,
                        *column,
                        format!("Chain `{value}` is not compulsory or optional"),
                    ))
                }
            };
        }
        if let Some((_, value, line, column)) = find("Blocked") {
            rules.blocked = match value.as_str() {
                "pass" => BlockedRule::Pass,
                "remove" => BlockedRule::Remove,
                _ => {
                    return Err(self.error_at(
                        *line,
                        *column,
                        format!("Blocked `{value}` is not pass or remove"),
                    ))
                }
            };
        }
        let start = match find("Position") {
            Some((_, value, line, column)) => Position::from_text(value, rules)
                .map_err(|e| self.error_at(*line, *column, e.to_string()))?,
            None => Position::new(rules),
        };
        let mut game = Game::from_position(start);

        let mut result: Option<(String, usize, usize)> = None;
        while let Some((word, line, column)) = self.word()? {
            if let Some((_, l, c)) = &result {
                return Err(self.error_at(
                    line,
                    column,
                    format!("nothing may follow the result at line {l}, column {c}"),
                ));
            }
            if word.starts_with('{') {
                continue;
            }
            if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                result = Some((word, line, column));
                continue;
            }
            if is_turn_number(&word) {
                continue;
            }
            let ply: Ply = word.parse().map_err(|e: super::ply::ParsePlyError| {
                self.error_at(line, column, e.to_string())
            })?;
            let before = *game.position();
            if let Err(e) = game.play(ply) {
                let message = match e {
                    GameError::Over(outcome) => {
                        format!("`{word}` comes after the end of the game ({outcome})")
                    }
                    GameError::Illegal(_) | GameError::Parse(_) => format!(
                        "`{word}` is not legal here ({} to move, position {before})",
                        before.to_move().token()
                    ),
                };
                return Err(self.error_at(line, column, message));
            }
        }

        self.check_result(&mut game, find("Result"), find("Reason"), result)?;
        let text_tag = |name: &str, default: &str| {
            find(name).map_or(default.to_owned(), |(_, v, ..)| v.clone())
        };
        Ok(Record {
            first: text_tag("First", "?"),
            second: text_tag("Second", "?"),
            date: text_tag("Date", "????.??.??"),
            extra_tags: tags
                .iter()
                .filter(|(name, ..)| !KNOWN_TAGS.contains(&name.as_str()))
                .map(|(name, value, ..)| (name.clone(), value.clone()))
                .collect(),
            game,
        })
    }

    /// Squares the declared result with the one the plies reach; a
    /// resignation or agreed draw is applied from the tags.
    fn check_result(
        &self,
        game: &mut Game,
        result_tag: Option<&(String, String, usize, usize)>,
        reason_tag: Option<&(String, String, usize, usize)>,
        terminator: Option<(String, usize, usize)>,
    ) -> Result<(), RecordError> {
        let (declared, line, column) = match (result_tag, &terminator) {
            (Some((_, value, line, column)), _) => (value.clone(), *line, *column),
            (None, Some((value, line, column))) => (value.clone(), *line, *column),
            (None, None) => ("*".to_owned(), self.line, self.column),
        };
        if let (Some((_, tag_value, ..)), Some((word, l, c))) = (result_tag, &terminator) {
            if tag_value != word {
                return Err(self.error_at(
                    *l,
                    *c,
                    format!("the movetext ends with {word} but the Result tag says {tag_value}"),
                ));
            }
        }
        let winner = match declared.as_str() {
            "1-0" => Some(Some(Side::First)),
            "0-1" => Some(Some(Side::Second)),
            "1/2-1/2" => Some(None),
            "*" => None,
            other => {
                return Err(self.error_at(
                    line,
                    column,
                    format!("result `{other}` is not 1-0, 0-1, 1/2-1/2 or *"),
                ))
            }
        };
        let reason = match reason_tag {
            Some((_, value, l, c)) => Some(
                Reason::from_token(value)
                    .ok_or_else(|| self.error_at(*l, *c, format!("unknown reason `{value}`")))?,
            ),
            None => None,
        };
        let reached = game.outcome();
        match (winner, reached) {
            (None, None) => Ok(()),
            (Some(winner), Some(outcome))
                if outcome.winner == winner && reason.is_none_or(|r| r == outcome.reason) =>
            {
                Ok(())
            }
            (Some(winner), None) => {
                let outcome = match (winner, reason) {
                    (Some(w), Some(Reason::Resignation)) => game.resign(w.opponent()),
                    (None, Some(Reason::AgreedDraw)) => game.agree_draw(),
                    _ => {
                        return Err(self.error_at(
                            line,
                            column,
                            format!("result {declared} needs a reason the plies do not reach (resignation or agreed-draw)"),
                        ))
                    }
                };
                outcome
                    .map(|_| ())
                    .map_err(|e| self.error_at(line, column, e.to_string()))
            }
            (_, Some(outcome)) => Err(self.error_at(
                line,
                column,
                format!("the plies end the game ({outcome}) but the record says {declared}"),
            )),
        }
    }
}

fn is_turn_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    let dots = word.len() - digits.len();
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (dots == 1 || dots == 3)
}
