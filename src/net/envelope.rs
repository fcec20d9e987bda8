//! The envelope both protocols' messages travel in, and the seal on those
//! a sender signs. A game's room ([`super::message`]) and a tournament
//! ([`super::tournament`]) each write a message as one text of
//! tab-separated fields, `magic⇥version⇥…`, every field escaped the same
//! way; a signed message carries a [`Seal`]: who signed it, its number
//! (each signer's only grow, so a replay is refused by it) and the
//! signature over the text signed, which names the purpose, the
//! [`Scope`] (the game's room, the tournament), the signer and the number
//! before the message, so that nothing signed for one thing, one room or
//! one tournament is worth anything elsewhere.
//!
//! The two protocols lay their fields out as they always have, byte for
//! byte (a game's seal follows the kind `signed` and names a seat; a
//! tournament's follows the message's kind and names a key; each protocol
//! writes its message its own way into the text signed): what they share
//! is here — how a text is opened (its size checked before anything, its
//! magic before the rest), how a field is escaped and read back, how a
//! seal is made, checked, written and read, and the shape of the text
//! signed.

use std::fmt;
use std::fmt::Write as _;

use super::identity::{PublicKey, Role, SeatKey, Signature};

/// `field` with `\`, tab and line breaks escaped, onto `out`.
pub(crate) fn escape_into(out: &mut String, field: &str) {
    for c in field.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

/// `field` escaped, after a tab, onto `out`: one more field of a message.
pub(crate) fn put_field(out: &mut String, field: &str) {
    out.push('\t');
    escape_into(out, field);
}

/// A field read back (the reverse of [`escape_into`]); `None` for a `\`
/// that escapes nothing it writes.
pub(crate) fn unescape(field: &str) -> Option<String> {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(out)
}

/// The start of a message of `magic` in `version`.
pub(crate) fn head(magic: &str, version: u32) -> String {
    format!("{magic}\t{version}")
}

/// Why a text was not opened as a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FrameError {
    /// Longer than the protocol reads (its length).
    Oversized(usize),
    /// Not a message of this protocol (another magic, or no version).
    Foreign,
}

/// A message opened: its version as written, and its other fields as
/// sent (each still escaped: the protocol reads them).
#[derive(Clone, Debug)]
pub(crate) struct Frame<'a> {
    /// The version field.
    pub version: &'a str,
    /// The fields after it.
    pub fields: std::str::Split<'a, char>,
}

impl Frame<'_> {
    /// The fields left, read back; `None` when one is not escaped right.
    pub fn unescaped(self) -> Option<Vec<String>> {
        self.fields.map(unescape).collect()
    }
}

/// Opens `text` as a message of `magic`: nothing longer than `max` bytes
/// is looked at, nor anything after another magic.
pub(crate) fn open<'a>(text: &'a str, magic: &str, max: usize) -> Result<Frame<'a>, FrameError> {
    if text.len() > max {
        return Err(FrameError::Oversized(text.len()));
    }
    let mut fields = text.split('\t');
    if fields.next() != Some(magic) {
        return Err(FrameError::Foreign);
    }
    let version = fields.next().ok_or(FrameError::Foreign)?;
    Ok(Frame { version, fields })
}

/// Who signs a message: a seat of a game's room (its [`Role`]: the room
/// knows each seat's key) or a tournament's key.
pub trait Signer: Sized {
    /// How it is written, in the text signed and in the message.
    fn token(&self) -> String;
    /// The signer `token` writes, if it is one.
    fn from_token(token: &str) -> Option<Self>;
}

impl Signer for Role {
    fn token(&self) -> String {
        Role::token(*self).to_owned()
    }

    fn from_token(token: &str) -> Option<Role> {
        [Role::Host, Role::Guest]
            .into_iter()
            .find(|r| Role::token(*r) == token)
    }
}

impl Signer for PublicKey {
    fn token(&self) -> String {
        self.to_string()
    }

    fn from_token(token: &str) -> Option<PublicKey> {
        PublicKey::parse(token)
    }
}

/// What a seal is good for: its protocol's purpose (the protocol, its
/// version, what is signed) and its scope (a game's room, a tournament's
/// organizer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    purpose: String,
    scope: String,
}

impl Scope {
    /// Seals for `purpose` within `scope`.
    pub fn new(purpose: impl Into<String>, scope: impl fmt::Display) -> Scope {
        Scope {
            purpose: purpose.into(),
            scope: scope.to_string(),
        }
    }

    /// The text `signer` signs of `message` (as its protocol writes it)
    /// under number `n`: the purpose, the scope, the signer, the number
    /// and the message, a line each.
    pub fn text<S: Signer>(&self, signer: &S, n: u64, message: &str) -> Vec<u8> {
        format!(
            "{}\n{}\n{}\n{n}\n{message}",
            self.purpose,
            self.scope,
            signer.token()
        )
        .into_bytes()
    }
}

/// A message's seal: who signed it, its number and the signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seal<S> {
    /// The signer.
    pub signer: S,
    /// Its number for this message: each signer's only grow.
    pub n: u64,
    /// The signer's key's signature over [`Scope::text`].
    pub signature: Signature,
}

impl<S: Signer> Seal<S> {
    /// `key`'s seal on `message`, sent as `signer` under number `n`.
    pub fn sign(key: &SeatKey, signer: S, n: u64, scope: &Scope, message: &str) -> Seal<S> {
        let signature = key.sign(&scope.text(&signer, n, message));
        Seal {
            signer,
            n,
            signature,
        }
    }

    /// True when `key` made this seal on `message` within `scope`.
    pub fn verifies(&self, key: &PublicKey, scope: &Scope, message: &str) -> bool {
        key.verifies(&scope.text(&self.signer, self.n, message), &self.signature)
    }

    /// Its three fields as sent (the signer, the number, the signature),
    /// each after a tab (none has anything to escape).
    pub fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "\t{}\t{}\t{}",
            self.signer.token(),
            self.n,
            self.signature
        );
    }

    /// The seal of these three fields, if each is one.
    pub fn read(signer: &str, n: &str, signature: &str) -> Option<Seal<S>> {
        Some(Seal {
            signer: S::from_token(signer)?,
            n: n.parse().ok()?,
            signature: Signature::parse(signature)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_back_as_written() {
        for field in ["", "plain", "a\tb\\c\nd\re", "\\t", "نورة"] {
            let mut out = String::new();
            put_field(&mut out, field);
            assert!(out.starts_with('\t') && !out[1..].contains(['\t', '\n', '\r']));
            assert_eq!(unescape(&out[1..]).as_deref(), Some(field));
        }
        assert_eq!(unescape("\\x"), None);
        assert_eq!(unescape("end\\"), None);
    }

    #[test]
    fn a_text_is_opened_only_within_its_bounds_and_magic() {
        let frame = open("m\t2\ta\\tb\tc", "m", 64).unwrap();
        assert_eq!(frame.version, "2");
        assert_eq!(
            frame.unescaped(),
            Some(vec!["a\tb".to_owned(), "c".to_owned()])
        );
        assert_eq!(
            open(&"m\t2\t".repeat(10), "m", 20).err(),
            Some(FrameError::Oversized(40))
        );
        assert_eq!(open("other\t2", "m", 64).err(), Some(FrameError::Foreign));
        assert_eq!(open("m", "m", 64).err(), Some(FrameError::Foreign));
        assert_eq!(open("m\t2\tbad\\", "m", 64).unwrap().unescaped(), None);
    }

    #[test]
    fn a_seal_holds_for_its_signer_scope_number_and_message_only() {
        let key = SeatKey::from_seed([3; 32]);
        let other = SeatKey::from_seed([4; 32]);
        let scope = Scope::new("test/1", "room");
        let seal = Seal::sign(&key, key.public(), 5, &scope, "hello");
        assert!(seal.verifies(&key.public(), &scope, "hello"));
        assert!(!seal.verifies(&other.public(), &scope, "hello"));
        assert!(!seal.verifies(&key.public(), &Scope::new("test/1", "hall"), "hello"));
        assert!(!seal.verifies(&key.public(), &Scope::new("test/2", "room"), "hello"));
        assert!(!seal.verifies(&key.public(), &scope, "hellO"));
        let renumbered = Seal { n: 6, ..seal };
        assert!(!renumbered.verifies(&key.public(), &scope, "hello"));
        // Written and read back.
        let mut out = String::new();
        seal.write(&mut out);
        let fields: Vec<&str> = out[1..].split('\t').collect();
        assert_eq!(Seal::read(fields[0], fields[1], fields[2]), Some(seal));
        assert_eq!(Seal::<PublicKey>::read("-", fields[1], fields[2]), None);
        let seat = Seal::sign(&key, Role::Guest, 1, &scope, "m");
        let mut out = String::new();
        seat.write(&mut out);
        assert!(out.starts_with("\tguest\t1\t"));
        assert_eq!(Role::from_token("host"), Some(Role::Host));
        assert_eq!(Role::from_token("Host"), None);
    }
}
