//! The tournament's messages as sent: their kinds and fields, sealed by
//! their senders in the [envelope](crate::net::envelope) a game's messages
//! travel in too, and the rooms the pages meet in.

use sha2::{Digest, Sha256};

use crate::net::envelope::{self, escape_into, put_field, Scope, Seal};
use crate::net::identity::{PublicKey, SeatKey, Signature};
use crate::net::room::RoomCode;
use crate::tournament::{BoardRef, Score};

/// What every tournament message starts with, and its version.
const MAGIC: &str = "kharbga-tournament-net";
/// The protocol's version.
pub const TOURNAMENT_PROTOCOL: u32 = 3;
/// The longest message read (a report carries a whole record).
pub const MAX_TOURNAMENT_MESSAGE: usize = 128 * 1024;
/// The addressee of a state sent to every page.
pub const EVERYONE: &str = "-";
/// The longest peer id a state is addressed to (matchbox's are UUIDs).
pub(super) const MAX_PEER_ID: usize = 64;

/// A room code from a hash of `parts`.
fn code(parts: &[&[u8]]) -> RoomCode {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part);
        hash.update(b"\n");
    }
    let digest = hash.finalize();
    let mut bytes = [0u8; 10];
    bytes.copy_from_slice(&digest[..10]);
    RoomCode::from_bytes(bytes)
}

/// The tournament's lobby: where the link leads, where newcomers and
/// spectators meet the organizer.
pub fn lobby_room(organizer: &PublicKey) -> RoomCode {
    code(&[
        b"kharbga-tournament-lobby",
        organizer.to_string().as_bytes(),
    ])
}

/// The private room of one player and the organizer.
pub fn member_room(organizer: &PublicKey, member: &PublicKey) -> RoomCode {
    code(&[
        b"kharbga-tournament-member",
        organizer.to_string().as_bytes(),
        member.to_string().as_bytes(),
    ])
}

/// Why the organizer refused a page's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The tournament has started: no more entries.
    Started,
    /// As many players as a tournament takes.
    Full,
    /// The name is empty, too long, or another player's.
    Name,
    /// Not a player of that board, or not a board of this tournament.
    NotYours,
    /// The record does not replay to an end, or not to the result sent,
    /// or not under the tournament's rules.
    Record,
    /// That board already has another result, or this player reported
    /// another one.
    Disagrees,
    /// The report names another room than the board's.
    Room,
    /// The record is not between the board's players on their sides (a
    /// rematch, or another game).
    Players,
}

impl Refusal {
    /// The token sent.
    pub const fn token(self) -> &'static str {
        match self {
            Refusal::Started => "started",
            Refusal::Full => "full",
            Refusal::Name => "name",
            Refusal::NotYours => "not-yours",
            Refusal::Record => "record",
            Refusal::Disagrees => "disagrees",
            Refusal::Room => "room",
            Refusal::Players => "players",
        }
    }

    fn from_token(token: &str) -> Option<Refusal> {
        [
            Refusal::Started,
            Refusal::Full,
            Refusal::Name,
            Refusal::NotYours,
            Refusal::Record,
            Refusal::Disagrees,
            Refusal::Room,
            Refusal::Players,
        ]
        .into_iter()
        .find(|r| r.token() == token)
    }
}

/// What a message says.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A page arrives (unsigned): the organizer answers with its state.
    Hello,
    /// A page enters the tournament under a name (before the start; again
    /// to change the name).
    Enter {
        /// The name.
        name: String,
    },
    /// A player's report of its board's result, with the game's record.
    Report {
        /// The board (its round and board each fit 32 bits, or no page
        /// reads it).
        board: BoardRef,
        /// The host key of the room the game was played in.
        host: PublicKey,
        /// The result, from the board's first player's side.
        score: Score,
        /// The game's record.
        record: String,
    },
    /// The player leaves the tournament (it is withdrawn).
    Leave,
    /// A board's first player made its game's room: the room's host key
    /// (made for this board, see [`board_key`](super::board_key)), its
    /// certificate of the second player's seat (that player's tournament
    /// key and name), and its proof that it is this board's room
    /// ([`board_bytes`]: a key held by the player, made for this board
    /// and for no other).
    Board {
        /// The board (its round and board each fit 32 bits).
        board: BoardRef,
        /// The room's host key.
        host: PublicKey,
        /// The host's signature of the second player's seat.
        cert: Signature,
        /// The host key's signature over [`board_bytes`].
        proof: Signature,
    },
    /// The organizer's state (see [`State::to_text`](super::State::to_text)).
    State {
        /// The state's text.
        text: String,
        /// The peer id of the page it answers (a hello, an arrival), or
        /// [`EVERYONE`].
        to: String,
    },
    /// The organizer refused a page's message (the message's sender and
    /// number are named: a refusal is shown only to the page refused).
    Refused {
        /// Why.
        why: Refusal,
        /// The sender of the message refused.
        to: PublicKey,
        /// Its number.
        n: u64,
    },
}

impl Body {
    fn kind(&self) -> &'static str {
        match self {
            Body::Hello => "hello",
            Body::Enter { .. } => "enter",
            Body::Report { .. } => "report",
            Body::Leave => "leave",
            Body::Board { .. } => "board",
            Body::State { .. } => "state",
            Body::Refused { .. } => "refused",
        }
    }

    fn fields(&self) -> Vec<String> {
        match self {
            Body::Hello | Body::Leave => Vec::new(),
            Body::Enter { name } => vec![name.clone()],
            Body::Report {
                board,
                host,
                score,
                record,
            } => vec![
                board.round.to_string(),
                board.board.to_string(),
                host.to_string(),
                score.token().to_owned(),
                record.clone(),
            ],
            Body::Board {
                board,
                host,
                cert,
                proof,
            } => vec![
                board.round.to_string(),
                board.board.to_string(),
                host.to_string(),
                cert.to_string(),
                proof.to_string(),
            ],
            Body::State { text, to } => vec![text.clone(), to.clone()],
            Body::Refused { why, to, n } => {
                vec![why.token().to_owned(), to.to_string(), n.to_string()]
            }
        }
    }

    fn read(kind: &str, fields: &[String]) -> Option<Body> {
        Some(match (kind, fields) {
            ("hello", []) => Body::Hello,
            ("leave", []) => Body::Leave,
            ("enter", [name]) => Body::Enter { name: name.clone() },
            ("report", [round, board, host, score, record]) => Body::Report {
                board: read_board(round, board)?,
                host: PublicKey::parse(host)?,
                score: Score::from_token(score).filter(|s| s.played())?,
                record: record.clone(),
            },
            ("board", [round, board, host, cert, proof]) => Body::Board {
                board: read_board(round, board)?,
                host: PublicKey::parse(host)?,
                cert: Signature::parse(cert)?,
                proof: Signature::parse(proof)?,
            },
            ("state", [text, to]) if !to.is_empty() && to.len() <= MAX_PEER_ID => Body::State {
                text: text.clone(),
                to: to.clone(),
            },
            ("refused", [why, to, n]) => Body::Refused {
                why: Refusal::from_token(why)?,
                to: PublicKey::parse(to)?,
                n: n.parse().ok()?,
            },
            _ => return None,
        })
    }
}

/// True when `at` can be named in a message: its round and board each fit
/// 32 bits, what every page reads (a wasm32 page's `usize` among them).
pub(super) fn fits_wire(at: BoardRef) -> bool {
    u32::try_from(at.round).is_ok() && u32::try_from(at.board).is_ok()
}

/// The board a message names by its round and board, each a number of 32
/// bits.
fn read_board(round: &str, board: &str) -> Option<BoardRef> {
    let number = |t: &str| usize::try_from(t.parse::<u32>().ok()?).ok();
    Some(BoardRef::new(number(round)?, number(board)?))
}

/// One message: its sender's seal (none for a hello) and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    /// The signer's key, its number and signature.
    pub signed: Option<Seal<PublicKey>>,
    /// What it says.
    pub body: Body,
}

/// What a board's room key signs to say it is the room of board `at` of
/// `organizer`'s tournament, made by the player of key `player`: a room
/// key taken from elsewhere (another board's, another tournament's, a key
/// the player does not hold) cannot say so.
pub fn board_bytes(organizer: &PublicKey, at: BoardRef, player: &PublicKey) -> Vec<u8> {
    format!(
        "{MAGIC}/{TOURNAMENT_PROTOCOL} board\n{organizer}\n{}\n{}\n{player}",
        at.round, at.board
    )
    .into_bytes()
}

/// What a seal on a tournament's message is good for: the messages of the
/// tournament of `organizer` (the key its link carries).
fn scope(organizer: &PublicKey) -> Scope {
    Scope::new(format!("{MAGIC}/{TOURNAMENT_PROTOCOL}"), organizer)
}

/// A message as its sender signs it: the kind, then each field escaped, a
/// line each.
fn signed_message(body: &Body) -> String {
    let mut out = body.kind().to_owned();
    for field in body.fields() {
        out.push('\n');
        escape_into(&mut out, &field);
    }
    out
}

/// What a key signs: the tournament (its organizer's key), the signer, the
/// number, the kind and the fields.
pub fn signed_bytes(organizer: &PublicKey, from: &PublicKey, n: u64, body: &Body) -> Vec<u8> {
    scope(organizer).text(from, n, &signed_message(body))
}

/// True when `seal` is its signer's, on `body`, in the tournament of
/// `organizer`.
pub(super) fn verifies(organizer: &PublicKey, seal: &Seal<PublicKey>, body: &Body) -> bool {
    seal.verifies(&seal.signer, &scope(organizer), &signed_message(body))
}

/// A field escaped, as a text of its own (the organizer's saved games).
pub(super) fn escape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    escape_into(&mut out, field);
    out
}

/// `body` signed by `key` under number `n`, as sent.
pub fn seal(organizer: &PublicKey, key: &SeatKey, n: u64, body: &Body) -> String {
    let seal = Seal::sign(
        key,
        key.public(),
        n,
        &scope(organizer),
        &signed_message(body),
    );
    encode(&Envelope {
        signed: Some(seal),
        body: body.clone(),
    })
}

/// The message as sent: tab-separated fields, escaped (the seal after the
/// kind; a hello's, unsigned, is three dashes).
pub fn encode(envelope: &Envelope) -> String {
    let mut out = envelope::head(MAGIC, TOURNAMENT_PROTOCOL);
    out.push('\t');
    out.push_str(envelope.body.kind());
    match &envelope.signed {
        Some(seal) => seal.write(&mut out),
        None => out.push_str("\t-\t-\t-"),
    }
    for field in envelope.body.fields() {
        put_field(&mut out, &field);
    }
    out
}

/// Reads a message (its shape only: the signature is the receiver's to
/// check). `None` for anything that is not one.
pub fn decode(text: &str) -> Option<Envelope> {
    let mut frame = envelope::open(text, MAGIC, MAX_TOURNAMENT_MESSAGE).ok()?;
    if frame.version != TOURNAMENT_PROTOCOL.to_string() {
        return None;
    }
    let kind = frame.fields.next()?;
    let (from, n, signature) = (
        frame.fields.next()?,
        frame.fields.next()?,
        frame.fields.next()?,
    );
    let signed = match (from, n, signature) {
        ("-", "-", "-") => None,
        (from, n, signature) => Some(Seal::read(from, n, signature)?),
    };
    let fields = frame.unescaped()?;
    let body = Body::read(kind, &fields)?;
    // Only a hello goes unsigned.
    if signed.is_none() != (body == Body::Hello) {
        return None;
    }
    Some(Envelope { signed, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages as protocol 3 writes them, and what a report's key signed
    /// (pinned: pages of this version read and check exactly these).
    const REPORT: &str = "kharbga-tournament-net\t3\treport\tctz7wcscf92k6cnxkm57yzdgaqtwbvrt0tptcvcrpefvd08c8wx0\t9\tbfes5md2zbym7738p40s26etnhqrek8hf756vp8vtzghj6xa1bptjjgv3k44m4105x73mygrqxazt18mqc2fmq56e6t44a50zncxe20\t1\t2\tha3nzzrype252nvtsndfxs058njphqbwh7g911ht0nbvryqmkwbg\t1/2\tx\\ny\\tz";
    const REPORT_SIGNS: &str = "kharbga-tournament-net/3\n8ekjwwa405v2vxkbd316vyyz4t1anv4z4htes9317s14m3xtzmy0\nctz7wcscf92k6cnxkm57yzdgaqtwbvrt0tptcvcrpefvd08c8wx0\n9\nreport\n1\n2\nha3nzzrype252nvtsndfxs058njphqbwh7g911ht0nbvryqmkwbg\n1/2\nx\\ny\\tz";
    const REFUSED: &str = "kharbga-tournament-net\t3\trefused\t8ekjwwa405v2vxkbd316vyyz4t1anv4z4htes9317s14m3xtzmy0\t12\ts0hchqv31q25sdfdjd1k4er7cw6mpn9t0f249n0j2d65sxd0mynachd49f5vz0k696e1hzhtkedkjhk7fch32s48a94r4rpthzypm2r\tplayers\tctz7wcscf92k6cnxkm57yzdgaqtwbvrt0tptcvcrpefvd08c8wx0\t9";
    const HELLO: &str = "kharbga-tournament-net\t3\thello\t-\t-\t-";

    #[test]
    fn messages_are_written_and_signed_as_before() {
        let organizer = SeatKey::from_seed([10; 32]);
        let player = SeatKey::from_seed([11; 32]);
        let report = Body::Report {
            board: BoardRef::new(1, 2),
            host: SeatKey::from_seed([6; 32]).public(),
            score: Score::Draw,
            record: "x\ny\tz".into(),
        };
        assert_eq!(
            signed_bytes(&organizer.public(), &player.public(), 9, &report),
            REPORT_SIGNS.as_bytes()
        );
        assert_eq!(seal(&organizer.public(), &player, 9, &report), REPORT);
        let refused = Body::Refused {
            why: Refusal::Players,
            to: player.public(),
            n: 9,
        };
        assert_eq!(seal(&organizer.public(), &organizer, 12, &refused), REFUSED);
        let hello = Envelope {
            signed: None,
            body: Body::Hello,
        };
        assert_eq!(encode(&hello), HELLO);
        for (text, body) in [(REPORT, report), (REFUSED, refused), (HELLO, Body::Hello)] {
            let read = decode(text).expect("a message of this version reads");
            assert_eq!(read.body, body);
            assert_eq!(encode(&read), text);
        }
    }
}
