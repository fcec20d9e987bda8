//! The messages two pages (and their spectators) exchange over the data
//! channel: one JSON object each, `{"v":1,"t":"ply",...}`. Decoding is
//! defensive: the size is checked before parsing, the protocol version
//! before the rest, and every text field against its limit after; a
//! message that fails any check is a typed [`DecodeError`], never a panic.

use serde::{Deserialize, Serialize};

use crate::engine::Side;

/// The protocol version this build speaks.
pub const PROTOCOL: u32 = 1;

/// The largest message accepted, in bytes (a whole record fits many times).
pub const MAX_MESSAGE: usize = 64 * 1024;

/// The longest name, in characters.
pub const MAX_NAME: usize = 40;

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;

/// The longest ply text (`e7-e6*` is six).
const MAX_PLY: usize = 8;

/// A seat's secret: 32 hexadecimal digits (128 bits from the browser's
/// crypto), known only to the browser that holds the seat and, once the
/// game started, to its opponent's (who checks it on a return).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(pub String);

impl Secret {
    /// A secret from 16 random bytes.
    pub fn from_bytes(bytes: [u8; 16]) -> Secret {
        Secret(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// True when it has the shape of one.
    pub fn is_valid(&self) -> bool {
        self.0.len() == 32 && self.0.bytes().all(|b| b.is_ascii_hexdigit())
    }
}

/// A side in messages: `first` or `second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The first player (the Attacker in Kharbga).
    First,
    /// The second player.
    Second,
}

impl From<Side> for Seat {
    fn from(side: Side) -> Seat {
        match side {
            Side::First => Seat::First,
            Side::Second => Seat::Second,
        }
    }
}

impl From<Seat> for Side {
    fn from(seat: Seat) -> Side {
        match seat {
            Seat::First => Side::First,
            Seat::Second => Side::Second,
        }
    }
}

/// A seat claimed on arrival: the side and its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The side.
    pub side: Seat,
    /// Its secret.
    pub secret: Secret,
}

/// What a player may offer, and the other accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// End the game drawn.
    Draw,
    /// Take back the offerer's last turn.
    Takeback,
    /// A new game, sides swapped (after the end).
    Rematch,
}

/// Why a peer refused what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The seat is taken (someone else joined first).
    SeatTaken,
    /// The seat's secret is wrong.
    BadSecret,
}

/// One message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Message {
    /// Sent to every peer on connecting: who this page is. A player returning
    /// to its game claims its seat; a newcomer claims none.
    Hello {
        /// The app's version (shown when versions differ).
        app: String,
        /// The sender's name (empty before a newcomer chose one).
        name: String,
        /// The seat the sender holds, if any.
        claim: Option<Claim>,
    },
    /// A player's answer to a newcomer: the game, who plays, which seat is
    /// still free.
    Welcome {
        /// The game's record (rules, names and plies), as saved games write it.
        record: String,
        /// The seat a newcomer may still take.
        open: Option<Seat>,
    },
    /// A newcomer takes the open seat.
    Join {
        /// The newcomer's name.
        name: String,
        /// The secret that binds the seat to the newcomer's browser.
        secret: Secret,
    },
    /// A player's own secret, sent once to the player who joined it, so
    /// that each can know the other when either returns.
    Bound {
        /// The sender's seat secret.
        secret: Secret,
    },
    /// The seats are taken: both names (sent to everyone when a game starts).
    Seated {
        /// The first player's name.
        first: String,
        /// The second player's name.
        second: String,
    },
    /// A ply: its index in the game, its text, and the position's hash after it.
    Ply {
        /// The ply's index (0 for the first ply of the game).
        index: u32,
        /// The ply's text (`c4`, `d3-d4`, `e7-e6*`, `stop`, `xc4`).
        ply: String,
        /// The position's hash after the ply, 16 hexadecimal digits.
        hash: String,
    },
    /// The whole record (on arrival, or after a gap or a mismatch).
    Sync {
        /// The game's record.
        record: String,
    },
    /// The sender resigns.
    Resign,
    /// The sender offers a draw, a takeback or a rematch; `plies` is the
    /// length of the game the offer is about.
    Offer {
        /// What is offered.
        offer: Offer,
        /// The number of plies played when it was made.
        plies: u32,
    },
    /// The answer to an offer.
    Answer {
        /// The offer answered.
        offer: Offer,
        /// Accepted or declined.
        accept: bool,
    },
    /// A line of chat (text, never markup).
    Chat {
        /// The line.
        text: String,
    },
    /// How many watch (from a player to the others).
    Watchers {
        /// The number of spectators.
        count: u32,
    },
    /// Are you there? (`at`: the sender's clock, echoed in the pong)
    Ping {
        /// The sender's time, milliseconds.
        at: f64,
    },
    /// Yes, here.
    Pong {
        /// The ping's time, echoed.
        at: f64,
    },
    /// The sender leaves (the page is closed or left).
    Bye,
    /// The sender refused something.
    Refused {
        /// Why.
        why: Refusal,
    },
}

/// Why a message was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE`].
    Oversized(usize),
    /// Not a message of any protocol.
    Malformed,
    /// A message of another protocol version.
    Version(u32),
    /// A text field over its limit, or with control characters.
    Field(&'static str),
}

impl DecodeError {
    /// A stable token: what translations select on.
    pub const fn token(&self) -> &'static str {
        match self {
            DecodeError::Oversized(_) => "oversized",
            DecodeError::Malformed => "malformed",
            DecodeError::Version(_) => "version",
            DecodeError::Field(_) => "field",
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Envelope<M> {
    v: u32,
    #[serde(flatten)]
    message: M,
}

#[derive(Deserialize)]
struct VersionOnly {
    v: u32,
}

/// The message as sent.
pub fn encode(message: &Message) -> String {
    let envelope = Envelope {
        v: PROTOCOL,
        message,
    };
    // Serialising plain data into a string cannot fail.
    serde_json::to_string(&envelope).unwrap_or_default()
}

/// Reads a message, checking its size, version and fields.
///
/// # Errors
/// The [`DecodeError`] that says why it was not read.
pub fn decode(text: &str) -> Result<Message, DecodeError> {
    if text.len() > MAX_MESSAGE {
        return Err(DecodeError::Oversized(text.len()));
    }
    let version: VersionOnly = serde_json::from_str(text).map_err(|_| DecodeError::Malformed)?;
    if version.v != PROTOCOL {
        return Err(DecodeError::Version(version.v));
    }
    let envelope: Envelope<Message> =
        serde_json::from_str(text).map_err(|_| DecodeError::Malformed)?;
    check(&envelope.message)?;
    Ok(envelope.message)
}

/// A text fits in `max` characters and has no control characters.
pub fn clean_text(text: &str, max: usize) -> bool {
    text.chars().count() <= max && !text.chars().any(char::is_control)
}

fn check(message: &Message) -> Result<(), DecodeError> {
    let field = |ok: bool, name: &'static str| if ok { Ok(()) } else { Err(DecodeError::Field(name)) };
    match message {
        Message::Hello { app, name, claim } => {
            field(clean_text(app, 32), "app")?;
            field(clean_text(name, MAX_NAME), "name")?;
            if let Some(claim) = claim {
                field(claim.secret.is_valid(), "secret")?;
            }
        }
        Message::Join { name, secret } => {
            field(clean_text(name, MAX_NAME) && !name.trim().is_empty(), "name")?;
            field(secret.is_valid(), "secret")?;
        }
        Message::Bound { secret } => field(secret.is_valid(), "secret")?,
        Message::Seated { first, second } => {
            field(clean_text(first, MAX_NAME) && clean_text(second, MAX_NAME), "name")?;
        }
        Message::Ply { ply, hash, .. } => {
            field(ply.len() <= MAX_PLY && ply.is_ascii(), "ply")?;
            field(hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()), "hash")?;
        }
        Message::Chat { text } => {
            field(clean_text(text, MAX_CHAT) && !text.trim().is_empty(), "chat")?;
        }
        Message::Ping { at } | Message::Pong { at } => field(at.is_finite(), "at")?,
        Message::Welcome { .. }
        | Message::Sync { .. }
        | Message::Resign
        | Message::Offer { .. }
        | Message::Answer { .. }
        | Message::Watchers { .. }
        | Message::Bye
        | Message::Refused { .. } => {}
    }
    Ok(())
}

/// A position's hash as messages carry it.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}
