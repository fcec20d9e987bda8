//! One saved game: the entry's schema, its migrations, and its summary.
//!
//! Schema history:
//! - **1** (JSON): the record alone, `{"schema":1,"record":"…","saved":<ms>}`
//!   — the game record text (`docs/notation.md`) carries the rules, the
//!   players, the start position, the plies and the result.
//! - **2** (JSON): adds the app's own state: an id, creation and update
//!   times, a title (rename), the computer's side and level, and the
//!   board's orientation.
//! - **3** (current, text): a header of `key value` lines — the id, times,
//!   title, seats (`local computer:3`, replacing the computer's seat),
//!   orientation, and the summary the library lists (game, players,
//!   result, length) — then a blank line and the record. It is written from
//!   the live game after each ply, so that the library lists games without
//!   replaying any and autosave never replays; and the page carries no JSON
//!   library (schemas 1 and 2 are read once with miniserde, then written
//!   back as 3).
//!
//! ```text
//! kharbga-game 3
//! id 18c3f2a1b2c0a1f3
//! created 1700000000000
//! updated 1700000060000
//! seats local computer:3
//! flipped 0
//! variant kharbga
//! first Amel
//! second Computer, level 3
//! result *
//! plies 42
//!
//! [Variant "kharbga"]
//! …
//! ```
//!
//! Every entry is untrusted: it is parsed and migrated when the library
//! opens, and its record replayed by the engine before a game is opened.

use std::fmt;

use super::legacy::{self, Json};

use super::seats::{Seat, Seats};
use crate::ai::Level;
use crate::engine::{Game, Millis, Movetext, Record, RecordError, Side, Timing};
use crate::net::identity::{PublicKey, SeatKey, Signature};
use crate::net::room::RoomCode;

/// The schema version this build writes.
pub const SCHEMA: u32 = 3;

/// What an entry of schema 3 starts with.
const MAGIC: &str = "kharbga-game ";

/// A saved game (schema 3).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// Always [`SCHEMA`] once loaded.
    pub schema: u32,
    /// Its id (the key's suffix).
    pub id: String,
    /// When it started (the page's clock).
    pub created: Millis,
    /// When it was last saved.
    pub updated: Millis,
    /// A name given in the library, if any.
    pub title: Option<String>,
    /// The game record text.
    pub record: String,
    /// Who plays each side.
    pub seats: Seats,
    /// The board seen from the second player's side.
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
    /// An online game's room and seat keys (a player's; spectators save
    /// nothing).
    pub online: Option<OnlineSeat>,
    /// The `online` line of a game played with an earlier version of online
    /// play (kept as it was): such a game is replayed, not continued online.
    pub earlier: Option<String>,
    /// A timed game's clocks when it was saved: each side's time left, in
    /// milliseconds, first then second (the record has the control and
    /// each ply's time tag).
    pub clock: Option<[Millis; 2]>,
}

/// What a player's page keeps of an online game to return to it: the
/// room's host key (the room is its hash), this browser's seat key and,
/// once the second seat is taken, the host's certificate of the guest (its
/// key and signature; the guest's name is the record's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineSeat {
    /// The room's host key.
    pub host: PublicKey,
    /// The room's code (a hash of the host key, kept so that the library
    /// lists rooms without hashing anything).
    pub room: RoomCode,
    /// This browser's seat key.
    pub key: SeatKey,
    /// The guest's key and the host's signature of its seat.
    pub cert: Option<(PublicKey, Signature)>,
}

impl OnlineSeat {
    /// The seat of `key` in `host`'s room, with the guest's certificate
    /// once there is one.
    pub fn new(host: PublicKey, key: SeatKey, cert: Option<(PublicKey, Signature)>) -> OnlineSeat {
        OnlineSeat {
            room: host.room(),
            host,
            key,
            cert,
        }
    }

    fn to_text(&self) -> String {
        let (key, signature) = match &self.cert {
            Some((key, signature)) => (key.to_string(), signature.to_string()),
            None => ("-".to_owned(), "-".to_owned()),
        };
        format!(
            "2 {} {} {} {key} {signature}",
            self.room,
            self.host,
            self.key.to_text()
        )
    }

    /// The seat in a saved line, or what else the line is.
    fn from_text(text: &str) -> SeatLine {
        let words: Vec<&str> = text.split(' ').collect();
        match words.as_slice() {
            ["2", room, host, key, cert_key, cert_signature] => {
                let cert = match (*cert_key, *cert_signature) {
                    ("-", "-") => Some(None),
                    (k, s) => PublicKey::parse(k).zip(Signature::parse(s)).map(Some),
                };
                match (
                    RoomCode::parse(room),
                    PublicKey::parse(host),
                    SeatKey::parse(key),
                    cert,
                ) {
                    (Some(room), Some(host), Some(key), Some(cert)) => {
                        SeatLine::Seat(Box::new(OnlineSeat {
                            host,
                            room,
                            key,
                            cert,
                        }))
                    }
                    _ => SeatLine::Damaged,
                }
            }
            // Earlier versions: `<room> <secret> <opponent's secret or -> [host|guest]`.
            [room, _, _] | [room, _, _, "host" | "guest"] if RoomCode::parse(room).is_some() => {
                SeatLine::Earlier
            }
            _ => SeatLine::Damaged,
        }
    }
}

/// What a saved `online` line is.
enum SeatLine {
    /// A seat of this version.
    Seat(Box<OnlineSeat>),
    /// A seat of an earlier version (secrets, not keys): the game can be
    /// replayed, not continued online; the line is kept as it was.
    Earlier,
    /// Neither: the entry is damaged.
    Damaged,
}

/// Why an entry could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a saved game: no schema version.
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
    /// When it started (the page's clock).
    pub created: Millis,
    /// Last saved.
    pub updated: Millis,
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
    /// An online game's room code.
    pub room: Option<String>,
}

/// The parts of a saved game that are not the game itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// The game's id.
    pub id: String,
    /// When it started (the page's clock).
    pub created: Millis,
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
    /// An online game's room and secrets.
    pub online: Option<OnlineSeat>,
    /// A timed game's control and time tags.
    pub timing: Timing,
    /// A timed game's clocks now: each side's time left.
    pub clock: Option<[Millis; 2]>,
}

impl SavedGame {
    /// The entry for `game` now, written from the live game: the record's
    /// text and the summary, with no replay.
    pub fn from_game(meta: &Meta, game: &Game, now: Millis) -> SavedGame {
        SavedGame::from_game_with(meta, game, now, &mut Movetext::default())
    }

    /// As [`SavedGame::from_game`], the record's movetext kept in
    /// `movetext` from one save to the next (autosave after every ply: only
    /// the new plies are written).
    pub fn from_game_with(
        meta: &Meta,
        game: &Game,
        now: Millis,
        movetext: &mut Movetext,
    ) -> SavedGame {
        SavedGame {
            schema: SCHEMA,
            id: meta.id.clone(),
            created: meta.created,
            updated: now,
            title: meta.title.clone(),
            record: Record::write_timed(
                game,
                &meta.first,
                &meta.second,
                &meta.date,
                &[],
                &meta.timing,
                movetext,
            ),
            seats: meta.seats,
            flipped: meta.flipped,
            variant: game.rules().variant.token().to_owned(),
            first: meta.first.clone(),
            second: meta.second.clone(),
            result: result_text(game).to_owned(),
            plies: game.plies().len(),
            online: meta.online.clone(),
            earlier: None,
            clock: meta.clock,
        }
    }

    /// A new entry for `record` (an import).
    pub fn new(id: String, now: Millis, record: &Record) -> SavedGame {
        let meta = Meta {
            id,
            created: now,
            title: None,
            first: record.first.clone(),
            second: record.second.clone(),
            date: record.date.clone(),
            seats: Seats::LOCAL,
            flipped: false,
            online: None,
            timing: record.timing.clone(),
            clock: None,
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
            room: self.online.as_ref().map(|o| o.room.as_str().to_owned()),
        }
    }

    /// The entry as stored.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC}{SCHEMA}\n");
        let mut line = |key: &str, value: &str| {
            out.push_str(key);
            out.push(' ');
            out.push_str(&escape(value));
            out.push('\n');
        };
        line("id", &self.id);
        line("created", &self.created.to_string());
        line("updated", &self.updated.to_string());
        if let Some(title) = &self.title {
            line("title", title);
        }
        line("seats", &format!("{} {}", self.seats.0[0], self.seats.0[1]));
        line("flipped", if self.flipped { "1" } else { "0" });
        line("variant", &self.variant);
        line("first", &self.first);
        line("second", &self.second);
        line("result", &self.result);
        line("plies", &self.plies.to_string());
        if let Some(online) = &self.online {
            line("online", &online.to_text());
        } else if let Some(earlier) = &self.earlier {
            line("online", earlier);
        }
        if let Some([first, second]) = self.clock {
            line("clock", &format!("{first} {second}"));
        }
        out.push('\n');
        out.push_str(&self.record);
        out
    }

    /// Reads the entry stored under id `id`: parsed and migrated to
    /// [`SCHEMA`]. The record of a schema-3 entry is not replayed here
    /// ([`SavedGame::parse_record`] does it when the game is opened); an
    /// older entry's is, once, to write its summary. The second value is
    /// true when the entry was migrated (and should be written back).
    pub fn from_text(id: &str, text: &str) -> Result<(SavedGame, bool), LoadError> {
        let (mut game, migrated) = if let Some(rest) = text.strip_prefix(MAGIC) {
            let (version, rest) = rest.split_once('\n').unwrap_or((rest, ""));
            let schema: u32 = version.trim().parse().map_err(|_| LoadError::Unreadable)?;
            if schema > SCHEMA {
                return Err(LoadError::Newer(schema));
            }
            if schema < SCHEMA {
                return Err(LoadError::Unreadable);
            }
            (parse_header(rest)?, false)
        } else if text.trim_start().starts_with('{') {
            (migrate_json(text)?, true)
        } else {
            return Err(LoadError::Unreadable);
        };
        // The key names the game, whatever the entry says.
        game.id = id.to_owned();
        Ok((game, migrated))
    }
}

/// A header value on one line: `\` and line breaks escaped.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A schema-3 entry after its first line.
fn parse_header(text: &str) -> Result<SavedGame, LoadError> {
    let (header, record) = text.split_once("\n\n").ok_or(LoadError::Fields)?;
    let fields: Vec<(&str, String)> = header
        .lines()
        .map(|line| {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            (key, unescape(value))
        })
        .collect();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    };
    let text = |key: &str| get(key).map(str::to_owned).ok_or(LoadError::Fields);
    let number = |key: &str| -> Result<u64, LoadError> {
        get(key)
            .and_then(|v| v.parse().ok())
            .ok_or(LoadError::Fields)
    };
    let (seat, earlier) = match get("online").map(|text| (text, OnlineSeat::from_text(text))) {
        None => (None, None),
        Some((_, SeatLine::Seat(seat))) => (Some(*seat), None),
        Some((text, SeatLine::Earlier)) => (None, Some(text.to_owned())),
        Some((_, SeatLine::Damaged)) => return Err(LoadError::Fields),
    };
    let seats = get("seats")
        .and_then(|v| {
            let (a, b) = v.split_once(' ')?;
            Some(Seats([a.parse().ok()?, b.parse().ok()?]))
        })
        .ok_or(LoadError::Fields)?;
    Ok(SavedGame {
        schema: SCHEMA,
        id: text("id")?,
        created: Millis(number("created")?),
        updated: Millis(number("updated")?),
        title: get("title").map(str::to_owned),
        record: record.to_owned(),
        seats,
        flipped: get("flipped") == Some("1"),
        variant: text("variant")?,
        first: text("first")?,
        second: text("second")?,
        result: text("result")?,
        plies: usize::try_from(number("plies")?).map_err(|_| LoadError::Fields)?,
        online: seat.clone(),
        earlier,
        // A damaged clock line is no clock: the record's tags still say
        // what each side had after its last ply.
        clock: get("clock").and_then(|v| {
            let (a, b) = v.split_once(' ')?;
            Some([Millis(a.parse().ok()?), Millis(b.parse().ok()?)])
        }),
    })
}

/// Reads an entry of schema 1 or 2 (JSON): its record is replayed once to
/// write the summary of schema 3.
fn migrate_json(text: &str) -> Result<SavedGame, LoadError> {
    let object = legacy::parse(text).ok_or(LoadError::Unreadable)?;
    let number = |key: &str| object.get(key).and_then(Json::as_f64);
    let schema = number("schema").ok_or(LoadError::Unreadable)?;
    if schema > f64::from(SCHEMA) {
        return Err(LoadError::Newer(schema.min(f64::from(u32::MAX)) as u32));
    }
    if schema < 1.0 {
        return Err(LoadError::Unreadable);
    }
    let string = |key: &str| object.get(key).and_then(Json::as_str).map(str::to_owned);
    let record_text = string("record").ok_or(LoadError::Fields)?;
    let record = Record::from_text(&record_text).map_err(LoadError::Record)?;
    // (JSON's numbers are floats: whole milliseconds kept, a negative or
    // unreadable time as zero.)
    let time = |key: &str| Millis(number(key).unwrap_or(0.0).max(0.0) as u64);
    let (created, updated) = if schema < 2.0 {
        let saved = time("saved");
        (saved, saved)
    } else {
        (time("created"), time("updated"))
    };
    // Schema 2's computer seat: `{"plays_first": bool, "level": "3"}`.
    let computer = object.get("computer").and_then(|seat| {
        let first = seat.get("plays_first").and_then(Json::as_bool) == Some(true);
        let level: Level = seat.get("level")?.as_str()?.parse().ok()?;
        let side = if first { Side::First } else { Side::Second };
        Some(Seats::against_computer(side, level))
    });
    Ok(SavedGame {
        schema: SCHEMA,
        id: String::new(),
        created,
        updated,
        title: string("title"),
        online: None,
        earlier: None,
        clock: None,
        seats: computer.unwrap_or(Seats([Seat::Local, Seat::Local])),
        flipped: object.get("flipped").and_then(Json::as_bool) == Some(true),
        variant: record.game.rules().variant.token().to_owned(),
        first: record.first.clone(),
        second: record.second.clone(),
        result: result_text(&record.game).to_owned(),
        plies: record.game.plies().len(),
        record: record_text,
    })
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
/// be made out (the header's `first` and `second` lines, or a record's
/// `First` and `Second` tags, escaped in JSON or not): how a notice names a
/// game that was set aside.
pub fn guess_players(text: &str) -> Option<(String, String)> {
    let header = |key: &str| {
        let value = text
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))?;
        Some(unescape(value))
    };
    let tag = |name: &str| {
        // In JSON the record's quotes are escaped: `[First \"Amel\"]`.
        for (open, close) in [("\\\"", "\\\"]"), ("\"", "\"]")] {
            let Some(start) = text.find(&format!("[{name} {open}")) else {
                continue;
            };
            let rest = &text[start + name.len() + 2 + open.len()..];
            let value = &rest[..rest.find(close)?];
            return Some(value.replace("\\\\", "\\"));
        }
        None
    };
    let first = header("first").or_else(|| tag("First"))?;
    let second = header("second").or_else(|| tag("Second"))?;
    let fits = |s: &str| !s.is_empty() && s.chars().count() <= 80;
    (fits(&first) && fits(&second)).then_some((first, second))
}
