//! Share links: a whole game in a URL fragment, no server.
//!
//! `#g1~<rules>~<first>~<second>~<start>~<plies>~<end>`: the format version
//! (`g1`), the rules (the variant's token alone for its defaults, else the
//! full specification), the players' names, the start position string (empty
//! for the empty board), the plies, and how a game not ended by the board
//! ended (`r1`/`r2`: the first/second player resigned, `d`: agreed draw).
//! Text fields are percent-encoded; each ply is two characters of the
//! base64url alphabet (12 bits): a placement is its square's index (0–80), a
//! step `128 + from·8 + direction·2 + flag`, `stop` 1000, a removal
//! `1024 + square`. A Kharbaga ply (a flying step or a capturing sequence)
//! is `2048 +` its rank among the position's legal plies in the engine's
//! order of plies. A 217-ply Kharbga game makes a link of about 470
//! characters. Decoding replays every ply with the engine; a link from a
//! later version (`g2`…) says so.

use std::fmt;

use crate::percent;

use crate::engine::{
    Direction, Game, Outcome, Ply, Position, PositionError, Reason, Record, Rules, RulesError,
    Side, Square,
};

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Made by a later version of the app, with format `version`.
    Newer(u32),
    /// Not a game link at all.
    NotALink,
    /// Not the 7 fields of a game link.
    FieldCount(usize),
    /// A text field that is not percent-encoded UTF-8.
    Text,
    /// The rules field.
    Rules(RulesError),
    /// The start position.
    Position(PositionError),
    /// The plies hold a character outside their alphabet, or half a ply.
    PlyCode,
    /// Ply `index` (from 1) is not a ply.
    NotAPly(usize),
    /// Ply `index` (from 1) is not legal where it is played.
    Illegal {
        /// Its number, from 1.
        index: usize,
        /// The ply.
        ply: Ply,
    },
    /// The ending field is unknown or does not fit the game.
    Ending,
}

impl ShareError {
    /// A stable token for the kind: what translations select on.
    pub const fn token(&self) -> &'static str {
        match self {
            ShareError::Newer(_) => "newer",
            ShareError::NotALink => "not-a-link",
            ShareError::FieldCount(_) => "field-count",
            ShareError::Text => "text",
            ShareError::Rules(_) => "rules",
            ShareError::Position(_) => "position",
            ShareError::PlyCode => "ply-code",
            ShareError::NotAPly(_) => "not-a-ply",
            ShareError::Illegal { .. } => "illegal",
            ShareError::Ending => "ending",
        }
    }
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Newer(v) => write!(f, "made by a newer version of the app (format {v})"),
            ShareError::NotALink => f.write_str("not a game link"),
            ShareError::FieldCount(n) => write!(f, "{n} fields instead of 7"),
            ShareError::Text => f.write_str("a name or position that is not well encoded"),
            ShareError::Rules(e) => write!(f, "rules: {e}"),
            ShareError::Position(e) => write!(f, "position: {e}"),
            ShareError::PlyCode => f.write_str("the plies are damaged"),
            ShareError::NotAPly(n) => write!(f, "ply {n} is not a ply"),
            ShareError::Illegal { index, ply } => write!(f, "ply {index} ({ply}) is not legal"),
            ShareError::Ending => f.write_str("an unknown ending"),
        }
    }
}

impl std::error::Error for ShareError {}

/// A text field of the link, read back (untrusted).
fn percent_decode(text: &str) -> Result<String, ShareError> {
    percent::decode(text).map_err(|_| ShareError::Text)
}

fn direction(from: Square, to: Square) -> Option<u16> {
    Some(match from.direction_to(to)? {
        Direction::North => 0,
        Direction::South => 1,
        Direction::East => 2,
        Direction::West => 3,
    })
}

fn code(ply: Ply) -> u16 {
    match ply {
        Ply::Place(s) => u16::from(s.index()),
        Ply::Step { from, to, flagged } => {
            128 + u16::from(from.index()) * 8
                + direction(from, to).unwrap_or(0) * 2
                + u16::from(flagged)
        }
        Ply::Stop => 1000,
        Ply::Remove(s) => 1024 + u16::from(s.index()),
        // Kharbaga's plies are coded by `ranked`, which knows the position.
        Ply::Leap(_) => KHARBAGA,
    }
}

/// Where Kharbaga's ply codes begin: a ply's rank among the legal plies.
const KHARBAGA: u16 = 2048;

/// The legal plies of `position` in the engine's order of plies.
fn sorted_plies(position: &Position) -> crate::engine::PlyList {
    let mut plies = position.legal_plies();
    plies.as_mut_slice().sort_unstable();
    plies
}

/// The code of `ply` played in `position`.
fn ranked(position: &Position, ply: Ply) -> u16 {
    if !position.rules().variant.is_alquerque() {
        return code(ply);
    }
    let rank = sorted_plies(position).iter().position(|&p| p == ply);
    KHARBAGA + rank.map_or(0, |r| r as u16)
}

/// The ply with `code` in `position`.
fn unranked(position: &Position, code: u16) -> Option<Ply> {
    if !position.rules().variant.is_alquerque() {
        return ply(code);
    }
    let rank = usize::from(code.checked_sub(KHARBAGA)?);
    sorted_plies(position).get(rank).copied()
}

fn ply(code: u16) -> Option<Ply> {
    let square = |i: u16| u8::try_from(i).ok().and_then(Square::from_index);
    match code {
        0..=80 => square(code).map(Ply::Place),
        128..=775 => {
            let from = square((code - 128) / 8)?;
            let (file, rank) = (from.file(), from.rank());
            let to = match ((code - 128) % 8) / 2 {
                0 => Square::from_coords(file, rank + 1),
                1 => Square::from_coords(file, rank.checked_sub(1)?),
                2 => Square::from_coords(file + 1, rank),
                _ => Square::from_coords(file.checked_sub(1)?, rank),
            }?;
            Some(Ply::Step {
                from,
                to,
                flagged: code % 2 == 1,
            })
        }
        1000 => Some(Ply::Stop),
        1024..=1104 => square(code - 1024).map(Ply::Remove),
        _ => None,
    }
}

/// The fragment (without `#`) that carries `record`.
pub fn encode(record: &Record) -> String {
    let game = &record.game;
    let rules = *game.rules();
    let rules_text = if rules == Rules::new(rules.variant) {
        rules.variant.token().to_owned()
    } else {
        rules.to_string()
    };
    let start = if game.has_custom_start() {
        game.start().to_string()
    } else {
        String::new()
    };
    let mut plies = String::with_capacity(game.plies().len() * 2);
    for (index, played) in game.plies().iter().enumerate() {
        let c = match game.position_at(index) {
            Some(position) => ranked(position, played.ply),
            None => code(played.ply),
        };
        plies.push(char::from(ALPHABET[usize::from(c >> 6)]));
        plies.push(char::from(ALPHABET[usize::from(c & 63)]));
    }
    let end = match game.outcome() {
        Some(Outcome {
            reason: Reason::Resignation,
            winner: Some(Side::Second),
        }) => "r1",
        Some(Outcome {
            reason: Reason::Resignation,
            winner: Some(Side::First),
        }) => "r2",
        Some(Outcome {
            reason: Reason::AgreedDraw,
            ..
        }) => "d",
        // The side to move's time ran out; the engine says what it means.
        Some(Outcome {
            reason: Reason::Time,
            ..
        }) => "t",
        _ => "",
    };
    format!(
        "g{VERSION}~{}~{}~{}~{}~{plies}~{end}",
        percent::encode(&rules_text),
        percent::encode(&record.first),
        percent::encode(&record.second),
        percent::encode(&start),
    )
}

/// Reads a fragment (with or without `#`): the record, every ply replayed.
pub fn decode(fragment: &str) -> Result<Record, ShareError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let fields: Vec<&str> = fragment.split('~').collect();
    let version = fields
        .first()
        .and_then(|v| v.strip_prefix('g'))
        .and_then(|v| v.parse::<u32>().ok())
        .ok_or(ShareError::NotALink)?;
    if version > VERSION {
        return Err(ShareError::Newer(version));
    }
    let [_, rules, first, second, start, plies, end] = fields.as_slice() else {
        return Err(ShareError::FieldCount(fields.len()));
    };
    let rules: Rules = percent_decode(rules)?.parse().map_err(ShareError::Rules)?;
    let start = percent_decode(start)?;
    let mut game = if start.is_empty() {
        Game::new(rules)
    } else {
        let position = Position::from_text(&start, rules).map_err(ShareError::Position)?;
        Game::from_position(position)
    };
    let digits: Vec<u16> = plies
        .bytes()
        .map(|b| ALPHABET.iter().position(|&a| a == b).map(|i| i as u16))
        .collect::<Option<_>>()
        .ok_or(ShareError::PlyCode)?;
    if !digits.len().is_multiple_of(2) {
        return Err(ShareError::PlyCode);
    }
    for (n, pair) in digits.chunks(2).enumerate() {
        let c = (pair[0] << 6) | pair[1];
        let p = unranked(game.position(), c).ok_or(ShareError::NotAPly(n + 1))?;
        game.play(p).map_err(|_| ShareError::Illegal {
            index: n + 1,
            ply: p,
        })?;
    }
    let ended = match *end {
        "" => Ok(()),
        "r1" => game.resign(Side::First).map(|_| ()),
        "r2" => game.resign(Side::Second).map(|_| ()),
        "d" => game.agree_draw().map(|_| ()),
        "t" => game.time_out().map(|_| ()),
        _ => return Err(ShareError::Ending),
    };
    ended.map_err(|_| ShareError::Ending)?;
    let mut record = Record::new(game);
    record.first = percent_decode(first)?;
    record.second = percent_decode(second)?;
    Ok(record)
}
