//! Plies and their canonical text (`RULES.md` §5).
//!
//! The text is the wire format: what is stored, sent to a peer and compared
//! in tests. Parsing a text never trusts it: a [`Ply`] is only played after
//! the position checks it is legal.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::bitboard::Bitboard;
use super::square::Square;

/// The most pieces one Kharbaga move can capture: all twelve of the opponent's.
pub const MAX_LEAPS: usize = 12;

/// A Kharbaga capturing move: the piece's point and each landing point in
/// order (`b2xb4xd4`). The landing points identify the captured pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leaps {
    from: Square,
    len: u8,
    /// The landing points; the slots past `len` repeat `from`, so that equal
    /// paths compare and hash equal.
    to: [Square; MAX_LEAPS],
}

impl Leaps {
    /// No leap yet, from `from`.
    pub const fn new(from: Square) -> Leaps {
        Leaps {
            from,
            len: 0,
            to: [from; MAX_LEAPS],
        }
    }

    /// The point the capturing piece starts from.
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The landing points, in order.
    pub fn landings(&self) -> &[Square] {
        &self.to[..usize::from(self.len)]
    }

    /// The number of leaps: the number of pieces captured.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True before the first leap.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the piece ends.
    pub const fn end(&self) -> Square {
        if self.len == 0 {
            self.from
        } else {
            self.to[self.len as usize - 1]
        }
    }

    /// Adds a landing point; false (and unchanged) when the path is full.
    pub fn push(&mut self, to: Square) -> bool {
        let Some(slot) = self.to.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = to;
        self.len += 1;
        true
    }

    /// Takes back the last landing point.
    pub fn pop(&mut self) {
        if self.len > 0 {
            self.len -= 1;
            self.to[usize::from(self.len)] = self.from;
        }
    }

    /// True when this path begins with `prefix`'s start and landings.
    pub fn starts_with(&self, prefix: &Leaps) -> bool {
        self.from == prefix.from && self.landings().starts_with(prefix.landings())
    }
}

/// One ply: of a custodial game, or of Kharbaga.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[repr(align(4))]
pub enum Ply {
    /// Set a soldier on an empty square (setting phase): `c4`.
    Place(Square),
    /// Step a soldier to an adjacent empty square: `d3-d4`, or with the
    /// exchange flag `e7-e6*`.
    Step {
        /// Where the soldier stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The exchange flag (Kharbga).
        flagged: bool,
    },
    /// End an optional capture chain: `stop`.
    Stop,
    /// Remove an enemy soldier when blocked (Seega option): `xc4`.
    Remove(Square),
    /// A Kharbaga capturing move, leap by leap: `b2xb4xd4`.
    Leap(Leaps),
}

impl Ply {
    /// An unflagged step.
    pub const fn step(from: Square, to: Square) -> Ply {
        Ply::Step {
            from,
            to,
            flagged: false,
        }
    }

    /// A flagged (exchange) step.
    pub const fn flagged(from: Square, to: Square) -> Ply {
        Ply::Step {
            from,
            to,
            flagged: true,
        }
    }

    /// The squares the ply touches: where a soldier is set or removed, or
    /// where a step starts and ends (none for `stop`).
    pub fn squares(self) -> Bitboard {
        match self {
            Ply::Place(s) | Ply::Remove(s) => Bitboard::from_square(s),
            Ply::Step { from, to, .. } => Bitboard::from_square(from) | Bitboard::from_square(to),
            Ply::Stop => Bitboard::EMPTY,
            Ply::Leap(path) => path
                .landings()
                .iter()
                .fold(Bitboard::from_square(path.from()), |set, &s| {
                    set | Bitboard::from_square(s)
                }),
        }
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ply::Place(square) => write!(f, "{square}"),
            Ply::Step { from, to, flagged } => {
                write!(f, "{from}-{to}")?;
                if flagged {
                    f.write_str("*")?;
                }
                Ok(())
            }
            Ply::Stop => f.write_str("stop"),
            Ply::Remove(square) => write!(f, "x{square}"),
            Ply::Leap(path) => {
                write!(f, "{}", path.from())?;
                for landing in path.landings() {
                    write!(f, "x{landing}")?;
                }
                Ok(())
            }
        }
    }
}

/// A text that is not a ply in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlyError {
    text: String,
}

impl fmt::Display for ParsePlyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a ply (a square like c4, a step like d3-d4 or e7-e6*, stop, a removal like xc4, or a capture like b2xb4xd4)",
            self.text
        )
    }
}

impl std::error::Error for ParsePlyError {}

impl FromStr for Ply {
    type Err = ParsePlyError;

    /// Parses the canonical text exactly: no spaces, lower case.
    ///
    /// # Errors
    /// Any other text.
    ///
    /// ```
    /// use kharbga::engine::Ply;
    /// for text in ["c4", "d3-d4", "e7-e6*", "stop", "xc4"] {
    ///     assert_eq!(text.parse::<Ply>().unwrap().to_string(), text);
    /// }
    /// assert!("d3d4".parse::<Ply>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Ply, ParsePlyError> {
        let error = || ParsePlyError {
            text: text.to_owned(),
        };
        let square = |s: &str| s.parse::<Square>().map_err(|_| error());
        if text == "stop" {
            return Ok(Ply::Stop);
        }
        if let Some(rest) = text.strip_prefix('x') {
            return Ok(Ply::Remove(square(rest)?));
        }
        if let Some((from, landings)) = text.split_once('x') {
            let mut path = Leaps::new(square(from)?);
            for landing in landings.split('x') {
                if !path.push(square(landing)?) {
                    return Err(error());
                }
            }
            return Ok(Ply::Leap(path));
        }
        if let Some((from, to)) = text.split_once('-') {
            let (to, flagged) = match to.strip_suffix('*') {
                Some(to) => (to, true),
                None => (to, false),
            };
            return Ok(Ply::Step {
                from: square(from)?,
                to: square(to)?,
                flagged,
            });
        }
        Ok(Ply::Place(square(text)?))
    }
}

impl TryFrom<String> for Ply {
    type Error = ParsePlyError;
    fn try_from(text: String) -> Result<Ply, ParsePlyError> {
        text.parse()
    }
}

impl From<Ply> for String {
    fn from(ply: Ply) -> String {
        ply.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_texts_round_trip() {
        for text in [
            "a1", "i9", "d3-d4", "e7-e6*", "stop", "xc4", "a1-a2*", "b2xb4", "b2xb4xd4", "a1xe5",
        ] {
            let ply: Ply = text.parse().unwrap();
            assert_eq!(ply.to_string(), text);
        }
    }

    #[test]
    fn near_misses_are_rejected() {
        for bad in [
            "",
            " c4",
            "c4 ",
            "C4",
            "d3d4",
            "d3-",
            "-d4",
            "d3-d4**",
            "d3*-d4",
            "x",
            "xx4",
            "Stop",
            "j1",
            "d3-d4-d5",
            "b2x",
            "b2xb4x",
            "b2xxb4",
            "b2xb4-d4",
            "xb2xb4",
            "a1xa3xa5xa3xa5xa3xa5xa3xa5xa3xa5xa3xa5xa3",
        ] {
            assert!(bad.parse::<Ply>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn plies_serialize_as_their_text() {
        let ply = Ply::flagged("e7".parse().unwrap(), "e6".parse().unwrap());
        assert_eq!(serde_json::to_string(&ply).unwrap(), "\"e7-e6*\"");
        assert_eq!(serde_json::from_str::<Ply>("\"e7-e6*\"").unwrap(), ply);
        assert!(serde_json::from_str::<Ply>("\"e7-e6?\"").is_err());
    }
}
