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

/// One ply of a custodial game.
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
            "`{}` is not a ply (a square like c4, a step like d3-d4 or e7-e6*, stop, or a removal like xc4)",
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
        for text in ["a1", "i9", "d3-d4", "e7-e6*", "stop", "xc4", "a1-a2*"] {
            let ply: Ply = text.parse().unwrap();
            assert_eq!(ply.to_string(), text);
        }
    }

    #[test]
    fn near_misses_are_rejected() {
        for bad in [
            "", " c4", "c4 ", "C4", "d3d4", "d3-", "-d4", "d3-d4**", "d3*-d4", "x", "xx4", "Stop",
            "j1", "d3-d4-d5",
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
