//! A room's code on the signalling server: 16 characters of Crockford's
//! base 32, 80 bits (of a hash of the room's host key, or of random
//! bytes). It can only be drawn from bytes or read from a text of that
//! shape, so a code in hand is always a valid one.

/// The alphabet: digits and letters without I, L, O, U.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A room code's length.
pub const CODE_LEN: usize = 16;

/// A room's code: it can only be drawn from random bytes or read from a
/// text of that shape, so a room code in hand is always a valid one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    /// A room's code, from 10 random bytes.
    pub fn from_bytes(bytes: [u8; 10]) -> RoomCode {
        let mut bits: u128 = 0;
        for b in bytes {
            bits = (bits << 8) | u128::from(b);
        }
        RoomCode(
            (0..CODE_LEN)
                .rev()
                .map(|i| ALPHABET[((bits >> (i * 5)) & 31) as usize] as char)
                .collect(),
        )
    }

    /// The code in `text`, if it is one.
    pub fn parse(text: &str) -> Option<RoomCode> {
        (text.len() == CODE_LEN && text.bytes().all(|b| ALPHABET.contains(&b)))
            .then(|| RoomCode(text.to_owned()))
    }

    /// Its text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for RoomCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
