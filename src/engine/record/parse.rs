//! Reading a record ([`Record::from_text`]): a character cursor that knows
//! its line and column, the tag section, the movetext and its comments.

use super::{Record, RecordError, RecordErrorKind, Timing, KNOWN_TAGS};
use crate::engine::{
    BlockedRule, ChainRule, Game, GameError, Ply, Position, Reason, Rules, Side, Variant,
};

impl Record {
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

/// A character cursor that knows its line and column.
pub(super) struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        Parser {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn error_at(&self, line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
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
            return Err(self.error_at(self.line, self.column, RecordErrorKind::TagName));
        }
        self.skip_inline_space();
        if self.chars.peek() != Some(&'"') {
            return Err(self.error_at(
                self.line,
                self.column,
                RecordErrorKind::TagValue { tag: name },
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
                            RecordErrorKind::TagEscape,
                        ))
                    }
                },
                Some('\n') | None => {
                    return Err(self.error_at(
                        line,
                        column,
                        RecordErrorKind::TagUnclosed { tag: name },
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
                RecordErrorKind::TagBracket { tag: name },
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
            return Err(self.error_at(line, column, RecordErrorKind::CommentUnclosed));
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

    pub(super) fn record(mut self) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String, usize, usize)> = Vec::new();
        loop {
            self.skip_space();
            if self.chars.peek() != Some(&'[') {
                break;
            }
            let tag = self.tag()?;
            if tags.iter().any(|(name, ..)| *name == tag.0) {
                return Err(self.error_at(tag.2, tag.3, RecordErrorKind::TagTwice { tag: tag.0 }));
            }
            tags.push(tag);
        }
        let find = |name: &str| tags.iter().find(|(n, ..)| n == name);

        let (variant_text, line, column) = match find("Variant") {
            Some((_, value, line, column)) => (value.as_str(), *line, *column),
            None => return Err(self.error_at(1, 1, RecordErrorKind::NoVariant)),
        };
        let variant: Variant = variant_text
            .parse()
            .map_err(|e| self.error_at(line, column, RecordErrorKind::Variant(e)))?;
        let mut rules = Rules::new(variant);
        let option_error = |(name, value, line, column): &(String, String, usize, usize)| {
            self.error_at(
                *line,
                *column,
                RecordErrorKind::Option {
                    tag: name.clone(),
                    value: value.clone(),
                },
            )
        };
        if let Some(tag) = find("QuietLimit") {
            rules.quiet_limit = tag.1.parse().map_err(|_| option_error(tag))?;
        }
        if let Some(tag) = find("Chain") {
            rules.chain = match tag.1.as_str() {
                "compulsory" => ChainRule::Compulsory,
                "optional" => ChainRule::Optional,
                _ => return Err(option_error(tag)),
            };
        }
        if let Some(tag) = find("Blocked") {
            rules.blocked = match tag.1.as_str() {
                "pass" => BlockedRule::Pass,
                "remove" => BlockedRule::Remove,
                _ => return Err(option_error(tag)),
            };
        }
        let start = match find("Position") {
            Some((_, value, line, column)) => Position::from_text(value, rules)
                .map_err(|e| self.error_at(*line, *column, RecordErrorKind::Position(e)))?,
            None => Position::new(rules),
        };
        let mut game = Game::from_position(start);

        // A control this program cannot read is kept as another tag, and
        // the game is untimed.
        let mut timing = Timing::default();
        let control = find("TimeControl").and_then(|tag| tag.1.parse().ok());
        timing.control = control;
        let mut result: Option<(String, usize, usize)> = None;
        while let Some((word, line, column)) = self.word()? {
            if result.is_some() {
                return Err(self.error_at(line, column, RecordErrorKind::AfterResult));
            }
            if word.starts_with('{') {
                // A ply's time tag is kept when every ply before it had one;
                // other comments say what the plies do and are not read.
                let tag = word
                    .strip_prefix('{')
                    .and_then(|rest| rest.strip_suffix('}'))
                    .map(str::trim)
                    .and_then(|inner| inner.strip_prefix("[%clk "))
                    .and_then(|rest| rest.strip_suffix(']'))
                    .map(str::trim)
                    .and_then(crate::engine::clock::parse_tag);
                if let Some(ms) = tag {
                    if timing.left.len() + 1 == game.plies().len() {
                        timing.left.push(ms);
                    }
                }
                continue;
            }
            if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                result = Some((word, line, column));
                continue;
            }
            if is_turn_number(&word) {
                continue;
            }
            let ply: Ply = word.parse().map_err(|_| {
                self.error_at(
                    line,
                    column,
                    RecordErrorKind::NotAPly { text: word.clone() },
                )
            })?;
            let to_move = game.position().to_move();
            if let Err(e) = game.play(ply) {
                let kind = match e {
                    GameError::Over(_) => RecordErrorKind::AfterEnd { ply: word },
                    GameError::Illegal(_) | GameError::Parse(_) => {
                        RecordErrorKind::Illegal { ply: word, to_move }
                    }
                };
                return Err(self.error_at(line, column, kind));
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
                .filter(|(name, ..)| {
                    !KNOWN_TAGS.contains(&name.as_str())
                        || (name == "TimeControl" && control.is_none())
                })
                .map(|(name, value, ..)| (name.clone(), value.clone()))
                .collect(),
            game,
            timing,
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
                    RecordErrorKind::ResultMismatch {
                        movetext: word.clone(),
                        tag: tag_value.clone(),
                    },
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
                    RecordErrorKind::BadResult {
                        text: other.to_owned(),
                    },
                ))
            }
        };
        let reason = match reason_tag {
            Some((_, value, l, c)) => Some(Reason::from_token(value).ok_or_else(|| {
                self.error_at(
                    *l,
                    *c,
                    RecordErrorKind::UnknownReason {
                        text: value.clone(),
                    },
                )
            })?),
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
                let needs_reason = || {
                    self.error_at(
                        line,
                        column,
                        RecordErrorKind::NeedsReason {
                            result: declared.clone(),
                        },
                    )
                };
                let outcome = match (winner, reason) {
                    (Some(w), Some(Reason::Resignation)) => game.resign(w.opponent()),
                    (None, Some(Reason::AgreedDraw)) => game.agree_draw(),
                    (_, Some(Reason::Time)) => match game.clone().time_out() {
                        Ok(o) if o.winner == winner => game.time_out(),
                        _ => return Err(needs_reason()),
                    },
                    _ => return Err(needs_reason()),
                };
                outcome.map(|_| ()).map_err(|_| needs_reason())
            }
            (_, Some(outcome)) => Err(self.error_at(
                line,
                column,
                RecordErrorKind::Contradicts {
                    result: declared.clone(),
                    outcome,
                },
            )),
        }
    }
}

fn is_turn_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    let dots = word.len() - digits.len();
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (dots == 1 || dots == 3)
}
