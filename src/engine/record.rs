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

use super::clock::TimeControl;
use super::game::Game;
use super::millis::Millis;
use super::outcome::Outcome;
use super::ply::Ply;
use super::position::{ExchangeEvent, Position, PositionError};
use super::rules::{BlockedRule, ChainRule, RulesError};
use super::square::Side;

mod parse;

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
    /// A timed game's control and time tags.
    pub timing: Timing,
}

/// A timed game's clocks as its record keeps them: the `TimeControl` tag
/// and, after each ply, the mover's time left (`{[%clk 0:02:59.5]}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// The time control (`None`: an untimed game).
    pub control: Option<TimeControl>,
    /// The mover's time left after each ply (whole tenths of a second),
    /// from the first ply on: as many as the plies, or fewer.
    pub left: Vec<Millis>,
}

impl Timing {
    /// No clock.
    pub const NONE: Timing = Timing {
        control: None,
        left: Vec::new(),
    };

    /// `side`'s time left once the first `plies` plies of `game` were
    /// played: its last tag before, or the control's time (`None` for an
    /// untimed game).
    pub fn left_after(&self, game: &Game, plies: usize, side: Side) -> Option<Millis> {
        let control = self.control?;
        Some(last_tag(game, &self.left, plies, side).unwrap_or(control.base_ms()))
    }
}

/// `side`'s last time tag among the first `plies` plies of `game` (`left`
/// tags them from the first), if it has one.
pub fn last_tag(game: &Game, left: &[Millis], plies: usize, side: Side) -> Option<Millis> {
    game.plies()
        .iter()
        .zip(left)
        .take(plies)
        .rev()
        .find(|(played, _)| played.side == side)
        .map(|(_, tag)| *tag)
}

/// A record that cannot be read, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1 (in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// `[` without a tag name.
    TagName,
    /// A tag without a quoted value.
    TagValue {
        /// The tag.
        tag: String,
    },
    /// An escape other than `\"` and `\\` in a tag value.
    TagEscape,
    /// A tag value with no closing quote on its line.
    TagUnclosed {
        /// The tag.
        tag: String,
    },
    /// A tag without its closing `]`.
    TagBracket {
        /// The tag.
        tag: String,
    },
    /// A tag given twice.
    TagTwice {
        /// The tag.
        tag: String,
    },
    /// No `[Variant "…"]` tag.
    NoVariant,
    /// The variant is not one this program plays.
    Variant(RulesError),
    /// An option tag (`QuietLimit`, `Chain`, `Blocked`) with a value it does not take.
    Option {
        /// The tag.
        tag: String,
        /// Its value.
        value: String,
    },
    /// The `Position` tag is not a position these rules can reach.
    Position(PositionError),
    /// A comment without its closing `}`.
    CommentUnclosed,
    /// Something after the result.
    AfterResult,
    /// A word that is not a ply.
    NotAPly {
        /// The word.
        text: String,
    },
    /// A ply the position does not allow.
    Illegal {
        /// The ply.
        ply: String,
        /// The side to move then.
        to_move: Side,
    },
    /// A ply after the end of the game.
    AfterEnd {
        /// The ply.
        ply: String,
    },
    /// The movetext's result and the `Result` tag disagree.
    ResultMismatch {
        /// The movetext's.
        movetext: String,
        /// The tag's.
        tag: String,
    },
    /// A result other than `1-0`, `0-1`, `1/2-1/2` and `*`.
    BadResult {
        /// The text.
        text: String,
    },
    /// A `Reason` this program does not know.
    UnknownReason {
        /// The text.
        text: String,
    },
    /// A decided result that the plies do not reach and no resignation or
    /// agreed draw explains.
    NeedsReason {
        /// The declared result.
        result: String,
    },
    /// The plies end the game otherwise than the record says.
    Contradicts {
        /// The declared result.
        result: String,
        /// How the plies end it.
        outcome: Outcome,
    },
}

impl RecordErrorKind {
    /// A stable token for the kind: what translations select on.
    pub const fn token(&self) -> &'static str {
        use RecordErrorKind as K;
        match self {
            K::TagName => "tag-name",
            K::TagValue { .. } => "tag-value",
            K::TagEscape => "tag-escape",
            K::TagUnclosed { .. } => "tag-unclosed",
            K::TagBracket { .. } => "tag-bracket",
            K::TagTwice { .. } => "tag-twice",
            K::NoVariant => "no-variant",
            K::Variant(_) => "variant",
            K::Option { .. } => "option",
            K::Position(_) => "position",
            K::CommentUnclosed => "comment-unclosed",
            K::AfterResult => "after-result",
            K::NotAPly { .. } => "not-a-ply",
            K::Illegal { .. } => "illegal",
            K::AfterEnd { .. } => "after-end",
            K::ResultMismatch { .. } => "result-mismatch",
            K::BadResult { .. } => "bad-result",
            K::UnknownReason { .. } => "unknown-reason",
            K::NeedsReason { .. } => "needs-reason",
            K::Contradicts { .. } => "contradicts",
        }
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordErrorKind as K;
        match self {
            K::TagName => f.write_str("a tag needs a name after `[`"),
            K::TagValue { tag } => write!(f, "tag `{tag}` needs a quoted value"),
            K::TagEscape => f.write_str("only \\\" and \\\\ escapes are allowed"),
            K::TagUnclosed { tag } => write!(f, "tag `{tag}` has no closing quote on its line"),
            K::TagBracket { tag } => write!(f, "tag `{tag}` needs a closing `]`"),
            K::TagTwice { tag } => write!(f, "tag `{tag}` is given twice"),
            K::NoVariant => f.write_str("a record needs a [Variant \"…\"] tag"),
            K::Variant(e) => e.fmt(f),
            K::Option { tag, value } => write!(f, "{tag} `{value}` is not a value this option takes"),
            K::Position(e) => e.fmt(f),
            K::CommentUnclosed => f.write_str("this comment has no closing `}`"),
            K::AfterResult => f.write_str("nothing may follow the result"),
            K::NotAPly { text } => write!(
                f,
                "`{text}` is not a ply (a square like c4, a step like d3-d4 or e7-e6*, stop, or a removal like xc4)"
            ),
            K::Illegal { ply, to_move } => write!(
                f,
                "`{ply}` is not legal here ({} to move)",
                to_move.token()
            ),
            K::AfterEnd { ply } => write!(f, "`{ply}` comes after the end of the game"),
            K::ResultMismatch { movetext, tag } => write!(
                f,
                "the movetext ends with {movetext} but the Result tag says {tag}"
            ),
            K::BadResult { text } => write!(f, "result `{text}` is not 1-0, 0-1, 1/2-1/2 or *"),
            K::UnknownReason { text } => write!(f, "unknown reason `{text}`"),
            K::NeedsReason { result } => write!(
                f,
                "result {result} needs a reason the plies do not reach (resignation, agreed-draw or time)"
            ),
            K::Contradicts { result, outcome } => write!(
                f,
                "the plies end the game ({outcome}) but the record says {result}"
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for RecordError {}

const KNOWN_TAGS: [&str; 11] = [
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
    "TimeControl",
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
            timing: Timing::default(),
        }
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        Record::write_timed(
            &self.game,
            &self.first,
            &self.second,
            &self.date,
            &self.extra_tags,
            &self.timing,
            &mut Movetext::default(),
        )
    }

    /// The text of a record of `game` with these tags, without making a
    /// [`Record`] (no copy of the game): what autosave writes after a ply.
    pub fn write(
        game: &Game,
        first: &str,
        second: &str,
        date: &str,
        extra_tags: &[(String, String)],
    ) -> String {
        Record::write_with(
            game,
            first,
            second,
            date,
            extra_tags,
            &mut Movetext::default(),
        )
    }

    /// As [`Record::write`], with the movetext kept in `movetext` between
    /// calls: only the plies played since the last call are written (the
    /// rest is copied), so that saving after each ply costs the same however
    /// long the game.
    pub fn write_with(
        game: &Game,
        first: &str,
        second: &str,
        date: &str,
        extra_tags: &[(String, String)],
        movetext: &mut Movetext,
    ) -> String {
        Record::write_timed(
            game,
            first,
            second,
            date,
            extra_tags,
            &Timing::NONE,
            movetext,
        )
    }

    /// As [`Record::write_with`], with a timed game's control and time tags.
    pub fn write_timed(
        game: &Game,
        first: &str,
        second: &str,
        date: &str,
        extra_tags: &[(String, String)],
        timing: &Timing,
        movetext: &mut Movetext,
    ) -> String {
        let mut out = String::new();
        let rules = game.rules();
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
        tag("First", first);
        tag("Second", second);
        tag("Date", date);
        let outcome = game.outcome();
        tag("Result", result_token(outcome));
        if let Some(outcome) = outcome {
            tag("Reason", outcome.reason.token());
        }
        if game.has_custom_start() {
            tag("Position", &game.start().to_string());
        }
        if let Some(control) = timing.control {
            tag("TimeControl", &control.to_string());
        }
        for (name, value) in extra_tags {
            tag(name, value);
        }
        out.push('\n');
        movetext.update_timed(game, &timing.left);
        out.push_str(&movetext.text);
        let mut line = Line {
            out: &mut out,
            length: movetext.length,
        };
        line.word(result_token(outcome));
        out.push('\n');
        out
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

/// A game's movetext as written so far (without the result), kept between
/// writes of the same game: see [`Record::write_with`].
#[derive(Clone, Debug, Default)]
pub struct Movetext {
    text: String,
    /// The length of its last line, in characters.
    length: usize,
    /// The plies written.
    plies: Vec<Ply>,
    /// The side whose turn the last ply continued (no new turn number).
    previous: Option<Side>,
    /// The time tags written.
    left: Vec<Millis>,
}

impl Movetext {
    /// Brings the text up to `game`: the new plies are written; if the game
    /// is not a continuation of what was written (undo, another game), all
    /// of it is written again.
    pub fn update(&mut self, game: &Game) {
        self.update_timed(game, &[]);
    }

    /// As [`Movetext::update`], with the mover's time left after each ply
    /// (`left[i]` after ply `i`, for as many plies as it has).
    pub fn update_timed(&mut self, game: &Game, left: &[Millis]) {
        let plies = game.plies();
        let continues = self.plies.len() <= plies.len()
            && self.plies.iter().zip(plies).all(|(a, b)| *a == b.ply)
            && self.left.len() <= left.len()
            && self.left.len() == self.plies.len().min(left.len())
            && self.left[..] == left[..self.left.len()];
        if !continues {
            *self = Movetext::default();
        }
        // Words are written as they come, wrapped before 80 columns, with
        // one reused buffer.
        let mut line = Line {
            out: &mut self.text,
            length: self.length,
        };
        let mut word = String::new();
        for (i, played) in plies.iter().enumerate().skip(self.plies.len()) {
            word.clear();
            // A turn number stays on the same line as the ply it opens.
            if self.previous != Some(played.side) {
                let turn = game.position_at(i).map_or(1, Position::turn);
                let dots = match played.side {
                    Side::First => ".",
                    Side::Second => "...",
                };
                let _ = write!(word, "{turn}{dots} ");
            }
            let _ = write!(word, "{}", played.ply);
            line.word(&word);
            self.previous = Some(played.side);
            if played.effects.passed.is_some() {
                // After a pass the same side plays again: a new turn number follows.
                self.previous = None;
            }
            write_comments(played, &mut word, &mut line);
            if let Some(&ms) = left.get(i) {
                word.clear();
                let _ = write!(word, "{{[%clk {}]}}", super::clock::tag_text(ms));
                line.word(&word);
                self.left.push(ms);
            }
            self.plies.push(played.ply);
        }
        self.length = line.length;
    }
}

/// Movetext being written: words separated by spaces, a new line before a
/// word that would pass 79 columns.
struct Line<'a> {
    out: &'a mut String,
    length: usize,
}

impl Line<'_> {
    fn word(&mut self, word: &str) {
        let width = word.chars().count();
        if self.length > 0 && self.length + 1 + width > 79 {
            self.out.push('\n');
            self.length = 0;
        } else if self.length > 0 {
            self.out.push(' ');
            self.length += 1;
        }
        self.length += width;
        self.out.push_str(word);
    }
}

/// The comments of a played ply (captures, exchange steps, passes), each a
/// word of the movetext; `buffer` is scratch space.
fn write_comments(played: &super::game::PlayedPly, buffer: &mut String, line: &mut Line<'_>) {
    let effects = &played.effects;
    let mut comment = |write: &dyn Fn(&mut String)| {
        buffer.clear();
        write(buffer);
        line.word(buffer);
    };
    if effects.captured.any() {
        comment(&|b| {
            b.push_str("{x");
            for square in effects.captured {
                let _ = write!(b, " {square}");
            }
            b.push('}');
        });
    }
    if let Some(event) = effects.exchange {
        comment(&|b| {
            let _ = match event {
                ExchangeEvent::Requested(s) => write!(b, "{{exchange: request {s}}}"),
                ExchangeEvent::Offered(s) => write!(b, "{{exchange: offer {s}}}"),
                ExchangeEvent::Confirmed(s) => write!(b, "{{exchange: confirm {s}}}"),
                ExchangeEvent::Completed([a, c, d]) => {
                    write!(b, "{{exchange: done, removed {a} {c} {d}}}")
                }
                ExchangeEvent::Cancelled => write!(b, "{{exchange: cancelled}}"),
            };
        });
    }
    if let Some(side) = effects.passed {
        comment(&|b| {
            let _ = write!(b, "{{pass: {}}}", side.token());
        });
    }
    if effects.exchange_cancelled_by_pass {
        comment(&|b| b.push_str("{exchange: cancelled}"));
    }
}
