//! Percent-encoding of the text fields in this app's addresses: a share
//! link's rules, names and position (`store::share`), a review's puzzle
//! address (`learn::puzzle`). Every byte but `A–Z a–z 0–9 - _ . : , =` is
//! written `%XX` (two upper-case hex digits), so that a field never holds
//! the separators around it (`~`, `/`, `#`, `@`).
//!
//! Knows nothing else: the lowest room with the engine, which the rooms
//! that write addresses share.

use std::fmt;

/// A field that is not percent-encoded UTF-8 (a `%` without two hex digits
/// after it, or bytes that are no UTF-8 text once decoded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PercentError;

impl fmt::Display for PercentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not percent-encoded text")
    }
}

impl std::error::Error for PercentError {}

/// `text` with every byte outside the kept set as `%XX`.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.:,=".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The text `encode` made (untrusted: any input, an error for what is not
/// well encoded).
pub fn decode(text: &str) -> Result<String, PercentError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or(PercentError)?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| PercentError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_broken_ones_are_refused() {
        for text in [
            "Amel",
            "a b/c~d#e@f%",
            "é😀",
            "kharbga:quiet=60,chain=compulsory",
        ] {
            let encoded = encode(text);
            assert!(!encoded.contains(['~', '/', '#', '@', ' ']), "{encoded}");
            assert_eq!(decode(&encoded).as_deref(), Ok(text));
        }
        assert_eq!(encode("a b"), "a%20b");
        assert_eq!(decode("%2"), Err(PercentError));
        assert_eq!(decode("%zz"), Err(PercentError));
        assert_eq!(decode("%FF"), Err(PercentError));
    }
}
