//! One saved game: the entry's schema, its migrations, and its summary.
//!
//! Schema history:
//! - **1**: the record alone, `{"schema":1,"record":"…","saved":<ms>}` —
//!   the game record text (`docs/notation.md`) carries the rules, the
//!   players, the start position, the plies and the result.
//! - **2**: adds the app's own state: an id, creation and update times, a
//!   title (rename), the computer's side and level, and the board's
//!   orientation.
//! - **3** (current): the seats (`["local","computer:3"]`) replace the
//!   computer's seat, and the entry carries its own summary (game, players,
//!   result, length), written from the live game after each ply, so that the
//!   library lists games without replaying any and autosave never replays.
//!
//! Every entry is untrusted: it is parsed and migrated when the library
//! opens, and its record replayed by the engine before a game is opened.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::seats::{Seat, Seats};
use crate::ai::Level;
use crate::engine::{Game, Record, RecordError, Side};

/// The schema version this build writes.
pub const SCHEMA: u32 = 3;

/// A saved game (schema 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SCHEMA`] once loaded.
    pub schema: u32,
    /// Its id (the key's suffix).
    pub id: String,
    /// Milliseconds since 1970 when it started.
    pub created: f64,
    /// Milliseconds since 1970 when it was last saved.
    pub updated: f64,
    /// A name given in the library, if any.
    #[serde(default)]
    pub title: Option<String>,
    /// The game record text.
    pub record: String,
    /// Who plays each side.
    #[serde(default)]
    pub seats: Seats,
    /// The board seen from the second player's side.
    #[serde(default)]
    pub flipped: bool,
    /// The game's token: `kharbga`, `seega5`, `seega7`, `seega9`.
    pub variant: String,
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished).
    pub result: String,
    /// Plies played.
    pub plies: usize,
}

/// Why an entry could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, or not an object with a schema version.
    Unreadable,
    /// A field is missing or has the wrong type.
    Fields,
    /// The record does not replay.
    Record(RecordError),
    /// Written by a later version of the app, with a newer schema.
    Newer(u32),
}

impl LoadError {
    /// A stable token for the kind: what translations select on.
    pub const fn token(&self) -> &'static str {
        match self {
            LoadError::Unreadable => "unreadable",
            LoadError::Fields => "fields",
            LoadError::Record(_) => "record",
            LoadError::Newer(_) => "newer",
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable => f.write_str("not a saved game (unreadable JSON)"),
            LoadError::Fields => f.write_str("a field is missing or wrong"),
            LoadError::Record(e) => write!(f, "record: {e}"),
            LoadError::Newer(v) => write!(f, "saved by a newer version (schema {v})"),
        }
    }
}

impl std::error::Error for LoadError {}

/// What the library lists for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's id.
    pub id: String,
    /// When it started (ms since 1970).
    pub created: f64,
    /// Last saved.
    pub updated: f64,
    /// The name given in the library, if any.
    pub title: Option<String>,
    /// The game's token: `kharbga`, `seega5`, `seega7`, `seega9`.
    pub variant: String,
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// Who plays each side.
    pub seats: Seats,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished).
    pub result: String,
    /// Plies played.
    pub plies: usize,
}

/// The parts of a saved game that are not the game itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// The game's id.
    pub id: String,
    /// When it started (ms since 1970).
    pub created: f64,
    /// The name given in the library, if any.
    pub title: Option<String>,
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The record's `Date` tag (`2026.11.22`).
    pub date: String,
    /// Who plays each side.
    pub seats: Seats,
    /// The board seen from the second player's side.
    pub flipped: bool,
}

impl SavedGame {
    /// The entry for `game` now, written from the live game: the record's
    /// text and the summary, with no replay (autosave after every ply).
    pub fn from_game(meta: &Meta, game: &Game, now: f64) -> SavedGame {
        SavedGame {
            schema: SCHEMA,
            id: meta.id.clone(),
            created: meta.created,
            updated: now,
            title: meta.title.clone(),
            record: Record::write(game, &meta.first, &meta.second, &meta.date, &[]),
            seats: meta.seats,
            flipped: meta.flipped,
            variant: game.rules().variant.token().to_owned(),
            first: meta.first.clone(),
            second: meta.second.clone(),
            result: result_text(game).to_owned(),
            plies: game.plies().len(),
        }
    }

    /// A new entry for `record` (an import).
    pub fn new(id: String, now: f64, record: &Record) -> SavedGame {
        let meta = Meta {
            id,
            created: now,
            title: None,
            first: record.first.clone(),
            second: record.second.clone(),
            date: record.date.clone(),
            seats: Seats::LOCAL,
            flipped: false,
        };
        let mut entry = SavedGame::from_game(&meta, &record.game, now);
        // Keep the record's own text: its extra tags included.
        entry.record = record.to_text();
        entry
    }

    /// The record, replayed by the engine.
    pub fn parse_record(&self) -> Result<Record, LoadError> {
        Record::from_text(&self.record).map_err(LoadError::Record)
    }

    /// The game, replayed by the engine.
    pub fn game(&self) -> Result<Game, LoadError> {
        self.parse_record().map(|r| r.game)
    }

    /// The library's line for this game (from the entry: nothing replayed).
    pub fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            created: self.created,
            updated: self.updated,
            title: self.title.clone(),
            variant: self.variant.clone(),
            first: self.first.clone(),
            second: self.second.clone(),
            seats: self.seats,
            result: self.result.clone(),
            plies: self.plies,
        }
    }

    /// The entry as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the entry stored under id `id`: parsed and migrated to
    /// [`SCHEMA`]. The record of a schema-3 entry is not replayed here
    /// ([`SavedGame::parse_record`] does it when the game is opened); an
    /// older entry's is, once, to write its summary. The second value is
    /// true when the entry was migrated (and should be written back).
    pub fn from_json(id: &str, text: &str) -> Result<(SavedGame, bool), LoadError> {
        let mut value: Value = serde_json::from_str(text).map_err(|_| LoadError::Unreadable)?;
        let schema = value
            .get("schema")
            .and_then(Value::as_u64)
            .ok_or(LoadError::Unreadable)?;
        let schema = u32::try_from(schema).map_err(|_| LoadError::Newer(u32::MAX))?;
        if schema > SCHEMA {
            return Err(LoadError::Newer(schema));
        }
        if schema == 0 {
            return Err(LoadError::Unreadable);
        }
        for from in schema..SCHEMA {
            value = migrate(from, value, id)?;
        }
        let mut game: SavedGame = serde_json::from_value(value).map_err(|_| LoadError::Fields)?;
        // The key names the game, whatever the entry says.
        game.id = id.to_owned();
        game.schema = SCHEMA;
        Ok((game, schema < SCHEMA))
    }
}

/// One migration step: an entry of schema `from` to schema `from + 1`.
fn migrate(from: u32, value: Value, id: &str) -> Result<Value, LoadError> {
    let field = |name: &str| value.get(name).cloned().unwrap_or(Value::Null);
    match from {
        1 => {
            let record = value
                .get("record")
                .and_then(Value::as_str)
                .ok_or(LoadError::Fields)?;
            let saved = value.get("saved").and_then(Value::as_f64).unwrap_or(0.0);
            Ok(serde_json::json!({
                "schema": 2,
                "id": id,
                "created": saved,
                "updated": saved,
                "title": null,
                "record": record,
                "computer": null,
                "flipped": false,
            }))
        }
        2 => {
            let text = value
                .get("record")
                .and_then(Value::as_str)
                .ok_or(LoadError::Fields)?;
            // The summary is written once from the replayed record.
            let record = Record::from_text(text).map_err(LoadError::Record)?;
            let computer = value.get("computer").and_then(|c| {
                let first = c.get("plays_first")?.as_bool()?;
                let level: Level = c.get("level")?.as_str()?.parse().ok()?;
                let side = if first { Side::First } else { Side::Second };
                Some(Seats::against_computer(side, level))
            });
            let seats = computer.unwrap_or(Seats([Seat::Local, Seat::Local]));
            Ok(serde_json::json!({
                "schema": 3,
                "id": id,
                "created": field("created").as_f64().unwrap_or(0.0),
                "updated": field("updated").as_f64().unwrap_or(0.0),
                "title": field("title"),
                "record": text,
                "seats": <[String; 2]>::from(seats),
                "flipped": field("flipped").as_bool().unwrap_or(false),
                "variant": record.game.rules().variant.token(),
                "first": record.first,
                "second": record.second,
                "result": result_text(&record.game),
                "plies": record.game.plies().len(),
            }))
        }
        _ => Ok(value),
    }
}

/// The record's result text for `game`.
pub fn result_text(game: &Game) -> &'static str {
    match game.outcome() {
        None => "*",
        Some(o) => match o.winner {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        },
    }
}

/// The players' names in an entry that cannot be read, if they can still
/// be made out (a record's `First` and `Second` tags): how a notice names a
/// game that was set aside.
pub fn guess_players(text: &str) -> Option<(String, String)> {
    let tag = |name: &str| {
        // In JSON the record's quotes are escaped: `[First \"Amel\"]`.
        let start = text.find(&format!("[{name} \\\""))? + name.len() + 4;
        let rest = &text[start..];
        let end = rest.find("\\\"]")?;
        let value = &rest[..end];
        (!value.is_empty() && value.len() <= 80).then(|| value.replace("\\\\", "\\"))
    };
    Some((tag("First")?, tag("Second")?))
}
