//! The messages two pages (and their spectators) exchange over the data
//! channel: one text each, tab-separated fields, `kharbga`, the protocol
//! version, the kind, then the kind's fields in order (`\`, tab and line
//! breaks escaped): `kharbga⇥1⇥ply⇥12⇥d3-d4⇥00ff00ff00ff00ff`. A plain
//! format of its own rather than JSON: the page's first load carries no
//! JSON library. Decoding is defensive: the size is checked before
//! anything, the protocol version before the rest, every field against its
//! kind and limit; a message that fails any check is a typed
//! [`DecodeError`], never a panic. A ply is read once, here, into the
//! engine's [`Ply`] (and its position's hash into a number): the referee
//! plays typed plies, and a message read and written again is the same
//! text (what a seat signed is what it sent).

use super::envelope::{self, put_field, FrameError, Scope, Seal, Signer};
use super::identity::{PublicKey, Role, Signature};
use super::room::RoomCode;
use super::text::{clean_text, is_hidden_format, strip_text};
use crate::engine::{Millis, Ply, Side};

use super::protocol::purpose;
pub use super::protocol::PROTOCOL;

/// The largest message accepted, in bytes (a whole record fits many times).
pub const MAX_MESSAGE: usize = 64 * 1024;

pub use super::text::MAX_NAME;

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;

/// The longest ply text (`e7-e6*` is six).
const MAX_PLY: usize = 8;

/// The most plies a record from a peer may hold: it is checked before the
/// record is replayed (the longest game the barrier rule allows is far
/// shorter).
pub const MAX_RECORD_PLIES: usize = 3_000;

/// A side in messages: `first` or `second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The first player (the Attacker in Kharbga).
    First,
    /// The second player.
    Second,
}

impl Seat {
    /// Its token in messages.
    pub const fn token(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
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

/// A seat claimed on arrival, and proved: which seat (the host's, or the
/// guest's with the host's certificate), the side it plays now, and its
/// signature over [`hello_bytes`](super::identity::hello_bytes) for the
/// receiver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The seat.
    pub role: Role,
    /// The side it plays in the current game.
    pub side: Seat,
    /// The number of the last message the seat signed: what it signed
    /// before is no news to the receiver (a replay to a page opened afresh
    /// is refused).
    pub n: u64,
    /// The host's certificate of a guest (its name is the hello's name).
    pub cert: Option<(PublicKey, Signature)>,
    /// The seat's signature for this receiver.
    pub signature: Signature,
}

/// What a player may offer, and the other accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// End the game drawn.
    Draw,
    /// Take back the offerer's last turn.
    Takeback,
    /// A new game, sides swapped (after the end).
    Rematch,
}

/// Why a peer refused what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The seat is taken (someone else joined first).
    SeatTaken,
    /// The seat's proof is wrong.
    BadSecret,
    /// The room has as many visitors as it takes.
    RoomFull,
}

/// One message.
#[derive(Clone, Debug, PartialEq)]
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
    /// still free, and in a timed game the time left of the side to move
    /// as the sender counts it now (a newcomer did not see that turn begin).
    Welcome {
        /// The game's record (rules, names and plies), as saved games write it.
        record: String,
        /// The seat a newcomer may still take.
        open: Option<Seat>,
        /// A timed game's: the side to move's time left now.
        running: Option<Millis>,
    },
    /// A newcomer takes the open seat with the key its browser made, and
    /// proves it holds that key's private half: its signature over
    /// [`join_bytes`](super::identity::join_bytes) (the room, the key, the
    /// name and both peers' ids: worth nothing on another connection).
    Join {
        /// The newcomer's name.
        name: String,
        /// Its public key.
        key: PublicKey,
        /// The key's signature for this connection.
        proof: Signature,
    },
    /// The host seated a guest (sent to everyone): the guest's side and the
    /// host's certificate of its key and name.
    Seated {
        /// The guest's side.
        side: Seat,
        /// The guest's key.
        key: PublicKey,
        /// The guest's name.
        name: String,
        /// The host's signature over them.
        signature: Signature,
    },
    /// A ply: its index in the game, the ply, the position's hash after
    /// it, and in a timed game the mover's time left after it.
    Ply {
        /// The ply's index (0 for the first ply of the game).
        index: u32,
        /// The ply (written as its text: `c4`, `d3-d4`, `e7-e6*`, `stop`,
        /// `xc4`).
        ply: Ply,
        /// The position's hash after the ply (written as 16 lower-case
        /// hexadecimal digits).
        hash: u64,
        /// A timed game's: the mover's time left after the ply (its
        /// increment included).
        left: Option<Millis>,
    },
    /// A timed game: the time of `side`, to move after `plies` plies, has
    /// run out (said by its opponent, who claims the win, or by its own
    /// page).
    Flag {
        /// The side whose time ran out.
        side: Seat,
        /// The number of plies played.
        plies: u32,
    },
    /// The whole record (on arrival, or after a gap or a mismatch).
    Sync {
        /// The game's record.
        record: String,
    },
    /// A page that watches asks a seat for the game (its game is shorter
    /// than that seat's heartbeat says): answered with a welcome.
    Ask,
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
    /// Are you there? (`at`: the sender's clock, echoed in the pong;
    /// `plies`: the length of the sender's game, so that a ply lost in a
    /// reconnection is caught up at the next heartbeat)
    Ping {
        /// The sender's time (whole milliseconds: a float parser and
        /// formatter would weigh on the page).
        at: Millis,
        /// Plies in the sender's game (absent from older pages).
        plies: Option<u32>,
    },
    /// Yes, here.
    Pong {
        /// The ping's time, echoed.
        at: Millis,
    },
    /// The sender leaves (the page is closed or left).
    Bye,
    /// Quick pairing: the peer met in the queue made this room (the room
    /// of its key); join it.
    Pair {
        /// The room's host key.
        host: PublicKey,
    },
    /// The sender refused something.
    Refused {
        /// Why.
        why: Refusal,
    },
    /// A player's message signed by its seat (see [`Message::is_signed_kind`]):
    /// the seal (the seat, its message number — each seat's numbers only
    /// grow — and its signature over the message's [`fields_text`] within
    /// the room's [`seal_scope`]) and the message.
    Signed {
        /// The seat's seal.
        seal: Seal<Role>,
        /// The message (never itself signed).
        body: Box<Message>,
    },
}

impl Message {
    /// True for the messages a player signs: what changes the game or what
    /// a page shows of it (a welcome's record, plies, records, the ends,
    /// offers and answers, chat lines).
    pub const fn is_signed_kind(&self) -> bool {
        matches!(
            self,
            Message::Welcome { .. }
                | Message::Ply { .. }
                | Message::Sync { .. }
                | Message::Resign
                | Message::Offer { .. }
                | Message::Answer { .. }
                | Message::Chat { .. }
                | Message::Flag { .. }
        )
    }
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

/// What every message starts with.
const MAGIC: &str = "kharbga";

/// What a seat's seal on a message is good for: the messages of `room`'s
/// game (the text it signs is `kharbga/4 message` — its
/// [`purpose`](super::protocol::purpose) —, the room, the seat, its number
/// and the message's [`fields_text`]).
pub fn seal_scope(room: &RoomCode) -> Scope {
    Scope::new(purpose("message"), room)
}

/// Tokens of the small enums.
fn seat_token(seat: Option<Seat>) -> &'static str {
    match seat {
        Some(Seat::First) => "first",
        Some(Seat::Second) => "second",
        None => "-",
    }
}

fn offer_token(offer: Offer) -> &'static str {
    match offer {
        Offer::Draw => "draw",
        Offer::Takeback => "takeback",
        Offer::Rematch => "rematch",
    }
}

/// The message as sent.
pub fn encode(message: &Message) -> String {
    let mut out = envelope::head(MAGIC, PROTOCOL);
    out.push_str(&fields_text(message));
    out
}

/// A message's fields after the version, each with its leading tab: what
/// a seat signs of a message ([`Message::Signed`]).
pub fn fields_text(message: &Message) -> String {
    let mut out = String::new();
    let mut put = |field: &str| put_field(&mut out, field);
    match message {
        Message::Hello { app, name, claim } => {
            put("hello");
            put(app);
            put(name);
            match claim {
                None => ["-", "-", "-", "-", "-", "-"]
                    .into_iter()
                    .for_each(&mut put),
                Some(claim) => {
                    put(claim.role.token());
                    put(seat_token(Some(claim.side)));
                    put(&claim.n.to_string());
                    put(&claim.signature.to_string());
                    match &claim.cert {
                        Some((key, signature)) => {
                            put(&key.to_string());
                            put(&signature.to_string());
                        }
                        None => ["-", "-"].into_iter().for_each(&mut put),
                    }
                }
            }
        }
        Message::Welcome {
            record,
            open,
            running,
        } => {
            put("welcome");
            put(record);
            put(seat_token(*open));
            if let Some(running) = running {
                put(&running.to_string());
            }
        }
        Message::Join { name, key, proof } => {
            put("join");
            put(name);
            put(&key.to_string());
            put(&proof.to_string());
        }
        Message::Seated {
            side,
            key,
            name,
            signature,
        } => {
            put("seated");
            put(seat_token(Some(*side)));
            put(&key.to_string());
            put(name);
            put(&signature.to_string());
        }
        Message::Ply {
            index,
            ply,
            hash,
            left,
        } => {
            put("ply");
            put(&index.to_string());
            put(&ply.to_string());
            put(&hash_text(*hash));
            if let Some(left) = left {
                put(&left.to_string());
            }
        }
        Message::Flag { side, plies } => {
            put("flag");
            put(seat_token(Some(*side)));
            put(&plies.to_string());
        }
        Message::Sync { record } => {
            put("sync");
            put(record);
        }
        Message::Resign => put("resign"),
        Message::Ask => put("ask"),
        Message::Offer { offer, plies } => {
            put("offer");
            put(offer_token(*offer));
            put(&plies.to_string());
        }
        Message::Answer { offer, accept } => {
            put("answer");
            put(offer_token(*offer));
            put(if *accept { "1" } else { "0" });
        }
        Message::Chat { text } => {
            put("chat");
            put(text);
        }
        Message::Watchers { count } => {
            put("watchers");
            put(&count.to_string());
        }
        Message::Ping { at, plies } => {
            put("ping");
            put(&at.to_string());
            if let Some(plies) = plies {
                put(&plies.to_string());
            }
        }
        Message::Pong { at } => {
            put("pong");
            put(&at.to_string());
        }
        Message::Bye => put("bye"),
        Message::Pair { host } => {
            put("pair");
            put(&host.to_string());
        }
        Message::Refused { why } => {
            put("refused");
            put(match why {
                Refusal::SeatTaken => "seat-taken",
                Refusal::BadSecret => "bad-secret",
                Refusal::RoomFull => "room-full",
            });
        }
        Message::Signed { seal, body } => {
            put("signed");
            seal.write(&mut out);
            out.push_str(&fields_text(body));
        }
    }
    out
}

/// Reads a message, checking its size, version and fields.
///
/// # Errors
/// The [`DecodeError`] that says why it was not read.
pub fn decode(text: &str) -> Result<Message, DecodeError> {
    let frame = envelope::open(text, MAGIC, MAX_MESSAGE).map_err(|e| match e {
        FrameError::Oversized(n) => DecodeError::Oversized(n),
        FrameError::Foreign => DecodeError::Malformed,
    })?;
    let version: u32 = frame.version.parse().map_err(|_| DecodeError::Malformed)?;
    if version != PROTOCOL {
        return Err(DecodeError::Version(version));
    }
    let fields = frame.unescaped().ok_or(DecodeError::Malformed)?;
    let Some((kind, fields)) = fields.split_first() else {
        return Err(DecodeError::Malformed);
    };
    if kind == "signed" {
        // `signed`, the seal (the seat, its number, the signature), then a
        // message of a kind a player signs.
        let [role, n, signature, kind, fields @ ..] = fields else {
            return Err(DecodeError::Malformed);
        };
        let seal = Seal::read(role, n, signature).ok_or(DecodeError::Malformed)?;
        let body = read(kind, fields)?;
        if !body.is_signed_kind() {
            return Err(DecodeError::Malformed);
        }
        return Ok(Message::Signed {
            seal,
            body: Box::new(body),
        });
    }
    read(kind, fields)
}

/// A message of `kind` with these fields, checked.
fn read(kind: &str, fields: &[String]) -> Result<Message, DecodeError> {
    let mut message = match (kind, fields) {
        ("ply", [index, ply, hash, left @ ..]) if left.len() <= 1 => {
            read_ply(index, ply, hash, left.first())?
        }
        _ => parse(kind, fields).ok_or(DecodeError::Malformed)?,
    };
    strip_format(&mut message);
    check(&message)?;
    Ok(message)
}

/// Names and chat lines of a peer's message, without control and hidden
/// format characters (a name cannot reverse the text around it).
fn strip_format(message: &mut Message) {
    let strip = |text: &mut String| {
        if text.chars().any(|c| c.is_control() || is_hidden_format(c)) {
            *text = strip_text(text);
        }
    };
    match message {
        Message::Hello { name, .. } | Message::Join { name, .. } | Message::Seated { name, .. } => {
            strip(name);
        }
        Message::Chat { text } => strip(text),
        _ => {}
    }
}

fn parse(kind: &str, fields: &[String]) -> Option<Message> {
    let seat = |t: &str| match t {
        "first" => Some(Some(Seat::First)),
        "second" => Some(Some(Seat::Second)),
        "-" => Some(None),
        _ => None,
    };
    let offer = |t: &str| match t {
        "draw" => Some(Offer::Draw),
        "takeback" => Some(Offer::Takeback),
        "rematch" => Some(Offer::Rematch),
        _ => None,
    };
    let number = |t: &str| -> Option<u32> { t.parse().ok() };
    // A time in milliseconds: digits, and any fraction (older pages wrote
    // one) dropped.
    let time = |t: &str| -> Option<Millis> {
        let whole = t.split_once('.').map_or(t, |(w, f)| {
            if f.bytes().all(|b| b.is_ascii_digit()) {
                w
            } else {
                ""
            }
        });
        (!whole.is_empty() && whole.len() <= 16 && whole.bytes().all(|b| b.is_ascii_digit()))
            .then(|| whole.parse().ok().map(Millis))
            .flatten()
    };
    let key = |t: &String| PublicKey::parse(t);
    let signature = |t: &String| Signature::parse(t);
    Some(match (kind, fields) {
        ("hello", [app, name, role, side, n, proof, cert_key, cert_proof]) => Message::Hello {
            app: app.clone(),
            name: name.clone(),
            claim: match (role.as_str(), seat(side)?) {
                ("-", None) if [n, proof, cert_key, cert_proof].iter().all(|f| *f == "-") => None,
                (role, Some(side)) => Some(Claim {
                    role: Role::from_token(role)?,
                    side,
                    n: n.parse().ok()?,
                    signature: signature(proof)?,
                    cert: match (cert_key.as_str(), cert_proof.as_str()) {
                        ("-", "-") => None,
                        _ => Some((key(cert_key)?, signature(cert_proof)?)),
                    },
                }),
                _ => return None,
            },
        },
        ("welcome", [record, open]) => Message::Welcome {
            record: record.clone(),
            open: seat(open)?,
            running: None,
        },
        ("welcome", [record, open, running]) => Message::Welcome {
            record: record.clone(),
            open: seat(open)?,
            running: Some(time_left(running)?),
        },
        ("join", [name, public, proof]) => Message::Join {
            name: name.clone(),
            key: key(public)?,
            proof: signature(proof)?,
        },
        ("seated", [side, public, name, proof]) => Message::Seated {
            side: seat(side)??,
            key: key(public)?,
            name: name.clone(),
            signature: signature(proof)?,
        },
        ("flag", [side, plies]) => Message::Flag {
            side: seat(side)??,
            plies: number(plies)?,
        },
        ("sync", [record]) => Message::Sync {
            record: record.clone(),
        },
        ("resign", []) => Message::Resign,
        ("ask", []) => Message::Ask,
        ("offer", [what, plies]) => Message::Offer {
            offer: offer(what)?,
            plies: number(plies)?,
        },
        ("answer", [what, accept]) => Message::Answer {
            offer: offer(what)?,
            accept: match accept.as_str() {
                "1" => true,
                "0" => false,
                _ => return None,
            },
        },
        ("chat", [text]) => Message::Chat { text: text.clone() },
        ("watchers", [count]) => Message::Watchers {
            count: number(count)?,
        },
        ("ping", [at]) => Message::Ping {
            at: time(at)?,
            plies: None,
        },
        ("ping", [at, plies]) => Message::Ping {
            at: time(at)?,
            plies: Some(number(plies)?),
        },
        ("pong", [at]) => Message::Pong { at: time(at)? },
        ("bye", []) => Message::Bye,
        ("pair", [host]) => Message::Pair { host: key(host)? },
        ("refused", [why]) => Message::Refused {
            why: match why.as_str() {
                "seat-taken" => Refusal::SeatTaken,
                "bad-secret" => Refusal::BadSecret,
                "room-full" => Refusal::RoomFull,
                _ => return None,
            },
        },
        _ => return None,
    })
}

fn check(message: &Message) -> Result<(), DecodeError> {
    let field = |ok: bool, name: &'static str| {
        if ok {
            Ok(())
        } else {
            Err(DecodeError::Field(name))
        }
    };
    match message {
        Message::Hello { app, name, .. } => {
            field(clean_text(app, 32), "app")?;
            field(clean_text(name, MAX_NAME), "name")?;
        }
        Message::Join { name, .. } => {
            field(
                clean_text(name, MAX_NAME) && !name.trim().is_empty(),
                "name",
            )?;
        }
        Message::Seated { name, .. } => {
            field(
                clean_text(name, MAX_NAME) && !name.trim().is_empty(),
                "name",
            )?;
        }
        Message::Chat { text } => {
            field(
                clean_text(text, MAX_CHAT) && !text.trim().is_empty(),
                "chat",
            )?;
        }
        Message::Welcome { record, .. } | Message::Sync { record } => {
            field(record_fits(record), "record")?;
        }
        Message::Ply { .. }
        | Message::Resign
        | Message::Ask
        | Message::Offer { .. }
        | Message::Answer { .. }
        | Message::Watchers { .. }
        | Message::Bye
        | Message::Pair { .. }
        | Message::Ping { .. }
        | Message::Pong { .. }
        | Message::Flag { .. }
        | Message::Signed { .. }
        | Message::Refused { .. } => {}
    }
    Ok(())
}

/// A position's hash as messages carry it.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// A ply message's fields, read: the index and a time left are numbers (or
/// the message is malformed); the ply must be one in its canonical text
/// (at most [`MAX_PLY`] characters) and the hash exactly what
/// [`hash_text`] writes (so that the message written again is the text
/// its seat signed).
fn read_ply(
    index: &str,
    ply: &str,
    hash: &str,
    left: Option<&String>,
) -> Result<Message, DecodeError> {
    let index = index.parse().map_err(|_| DecodeError::Malformed)?;
    let left = match left {
        None => None,
        Some(text) => Some(time_left(text).ok_or(DecodeError::Malformed)?),
    };
    let ply = Some(ply)
        .filter(|t| t.len() <= MAX_PLY)
        .and_then(|t| t.parse::<Ply>().ok())
        .ok_or(DecodeError::Field("ply"))?;
    let hash = Some(hash)
        .filter(|t| t.len() == 16 && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .and_then(|t| u64::from_str_radix(t, 16).ok())
        .ok_or(DecodeError::Field("hash"))?;
    Ok(Message::Ply {
        index,
        ply,
        hash,
        left,
    })
}

/// A time left: digits only, at most a day.
fn time_left(text: &str) -> Option<Millis> {
    (text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok().map(Millis))
        .flatten()
}

/// True when a record from a peer may be replayed: at most
/// [`MAX_RECORD_PLIES`] plies, counted on the text before the engine
/// replays anything (each ply is one word of the movetext, beside turn
/// numbers and the result).
pub fn record_fits(record: &str) -> bool {
    let movetext = record.rsplit_once("\n\n").map_or(record, |(_, m)| m);
    movetext.split_ascii_whitespace().count() <= 2 * MAX_RECORD_PLIES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::identity::SeatKey;

    /// A guest's signed chat line as version 4 writes it, and what its seat
    /// signed (pinned: peers of this version read and check exactly these).
    const SIGNED_CHAT: &str = "kharbga\t4\tsigned\tguest\t7\t6hg47pr0xat82x07ab400t7qqmn9s04b6tdsahp10c93zqx3e88cbskj3spswthgc0v7k2v2hgmh40459vcsrm2gq7z8b6zbvkwke3g\tchat\ta\\tb\\\\c";
    const HOST_SIGNS: &str = "kharbga/4 message\nvynaarhffftrt7xr\nhost\n7\n\tchat\ta\\tb\\\\c";

    #[test]
    fn a_signed_message_is_written_and_signed_as_before() {
        let room = SeatKey::from_seed([1; 32]).public().room();
        let scope = seal_scope(&room);
        let body = Message::Chat {
            text: "a\tb\\c".into(),
        };
        let fields = fields_text(&body);
        assert_eq!(scope.text(&Role::Host, 7, &fields), HOST_SIGNS.as_bytes());
        let guest = SeatKey::from_seed([2; 32]);
        let seal = Seal::sign(&guest, Role::Guest, 7, &scope, &fields);
        assert!(seal.verifies(&guest.public(), &scope, &fields));
        let signed = Message::Signed {
            seal,
            body: Box::new(body),
        };
        assert_eq!(encode(&signed), SIGNED_CHAT);
        // Read back (a chat line's control characters dropped).
        let Message::Signed { seal: read, body } =
            decode(SIGNED_CHAT).expect("a message of this version reads")
        else {
            panic!("not a signed message");
        };
        assert_eq!(read, seal);
        assert_eq!(
            *body,
            Message::Chat {
                text: "ab\\c".into()
            }
        );
    }
}
