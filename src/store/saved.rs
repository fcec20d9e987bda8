//! One saved game: the entry's schema, its migrations, and its summary.
//!
//! Schema history:
//! - **1**: the record alone, `{"schema":1,"record":"…","saved":<ms>}` —
//!   the game record text (`docs/notation.md`) carries the rules, the
//!   players, the start position, the plies and the result.
//! - **2** (current): adds the app's own state: an id, creation and update
//!   times, a title (rename), the computer's side and level, and the board's
//!   orientation.
//!
//! Every entry is untrusted: it is parsed, migrated, and its record replayed
//! by the engine before anything uses it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ai::Level;
use crate::engine::{Game, Record, Side};

/// The schema version this build writes.
pub const SCHEMA: u32 = 2;

/// The computer's seat in a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    /// True when the computer is the first player.
    pub plays_first: bool,
    /// The level, as `Level` prints it.
    pub level: String,
}

impl ComputerSeat {
    /// A seat for `side` at `level`.
    pub fn new(side: Side, level: Level) -> ComputerSeat {
        ComputerSeat {
            plays_first: side == Side::First,
            level: level.to_string(),
        }
    }

    /// The side and level, when the level is one this build knows.
    pub fn seat(&self) -> Option<(Side, Level)> {
        let side = if self.plays_first {
            Side::First
        } else {
            Side::Second
        };
        self.level.parse().ok().map(|level| (side, level))
    }
}

/// A saved game (schema 2).
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
    /// The computer's seat, in a game against it.
    #[serde(default)]
    pub computer: Option<ComputerSeat>,
    /// The board seen from the second player's side.
    #[serde(default)]
    pub flipped: bool,
}

/// Why an entry could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not readable: bad JSON, a missing field, a record that does not replay.
    Corrupt(String),
    /// Written by a later version of the app, with a newer schema.
    Newer(u32),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Corrupt(why) => f.write_str(why),
            LoadError::Newer(v) => write!(f, "saved by a newer version (schema {v})"),
        }
    }
}

/// What the library lists for a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The game's id.
    pub id: String,
    /// When it started and was last saved (ms since 1970).
    pub created: f64,
    /// Last saved.
    pub updated: f64,
    /// The name given in the library, if any.
    pub title: Option<String>,
    /// The game's token: `kharbga`, `seega5`, `seega7`, `seega9`.
    pub variant: String,
    /// The players' names.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The computer's seat, if any.
    pub computer: Option<ComputerSeat>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished).
    pub result: String,
    /// Plies played.
    pub plies: usize,
}

impl SavedGame {
    /// A new entry for `record`.
    pub fn new(id: String, now: f64, record: &Record) -> SavedGame {
        SavedGame {
            schema: SCHEMA,
            id,
            created: now,
            updated: now,
            title: None,
            record: record.to_text(),
            computer: None,
            flipped: false,
        }
    }

    /// The record, replayed by the engine.
    pub fn parse_record(&self) -> Result<Record, LoadError> {
        Record::from_text(&self.record).map_err(|e| LoadError::Corrupt(format!("record: {e}")))
    }

    /// The game, replayed by the engine.
    pub fn game(&self) -> Result<Game, LoadError> {
        self.parse_record().map(|r| r.game)
    }

    /// The library's line for this game.
    pub fn summary(&self) -> Result<Summary, LoadError> {
        let record = self.parse_record()?;
        Ok(Summary {
            id: self.id.clone(),
            created: self.created,
            updated: self.updated,
            title: self.title.clone(),
            variant: record.game.rules().variant.token().to_owned(),
            first: record.first.clone(),
            second: record.second.clone(),
            computer: self.computer.clone(),
            result: result_text(&record.game).to_owned(),
            plies: record.game.plies().len(),
        })
    }

    /// The entry as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the entry stored under id `id`: parsed, migrated to
    /// [`SCHEMA`], and its record replayed.
    pub fn from_json(id: &str, text: &str) -> Result<SavedGame, LoadError> {
        let mut value: Value =
            serde_json::from_str(text).map_err(|e| LoadError::Corrupt(format!("JSON: {e}")))?;
        let schema = value
            .get("schema")
            .and_then(Value::as_u64)
            .ok_or_else(|| LoadError::Corrupt("no schema version".to_owned()))?;
        let schema = u32::try_from(schema).map_err(|_| LoadError::Newer(u32::MAX))?;
        if schema > SCHEMA {
            return Err(LoadError::Newer(schema));
        }
        for from in schema..SCHEMA {
            value = migrate(from, value, id)?;
        }
        let mut game: SavedGame = serde_json::from_value(value)
            .map_err(|e| LoadError::Corrupt(format!("fields: {e}")))?;
        // The key names the game, whatever the entry says.
        game.id = id.to_owned();
        game.parse_record()?;
        Ok(game)
    }
}

/// One migration step: an entry of schema `from` to schema `from + 1`.
fn migrate(from: u32, value: Value, id: &str) -> Result<Value, LoadError> {
    match from {
        0 => Err(LoadError::Corrupt("schema 0 does not exist".to_owned())),
        1 => {
            let record = value
                .get("record")
                .and_then(Value::as_str)
                .ok_or_else(|| LoadError::Corrupt("schema 1 without a record".to_owned()))?;
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
