//! Who is who in a room, proved rather than claimed. Each seat is an
//! Ed25519 key pair made in the player's browser from 32 random bytes
//! ([`SeatKey`]); only its public half ever leaves the page. The room is
//! its host's public key: the invitation link carries it, and the room's
//! code on the signalling server is a hash of it ([`PublicKey::room`]), so
//! the link names the one key a newcomer believes.
//!
//! What is signed, each with its purpose, the room and what it is about
//! (so that nothing signed for one thing, one room or one receiver is
//! worth anything elsewhere):
//! - a seat's presence, to one receiver: [`hello_bytes`] (the receiver's
//!   peer id is fresh for each connection, so a proof shown to one peer is
//!   worth nothing to another);
//! - the host's seating of a guest: a [`SeatCert`] names the guest's key
//!   and name, so anyone who has the link can check who holds the second
//!   seat, and nobody can rename it afterwards;
//! - a seat's messages: each sealed within its room
//!   ([`seal_scope`](super::message::seal_scope), in the
//!   [envelope](super::envelope) a tournament's messages share).
//!
//! Why Ed25519 (ed25519-compact, pure Rust, `opt_size`) rather than
//! WebCrypto's ECDSA P-256: signing and checking happen in the sans-IO
//! referee, natively in the tests and synchronously in the page (WebCrypto
//! is asynchronous and absent natively); keys and signatures are small
//! (32 and 64 bytes); its weight is measured in `docs/online.md`.

use std::fmt;
use std::sync::OnceLock;

use ed25519_compact::{KeyPair, Seed};
use sha2::{Digest, Sha256};

use super::code::RoomCode;
use super::protocol::purpose;

/// The alphabet of keys and signatures in text: Crockford's base 32, as
/// room codes (digits and letters without i, l, o, u).
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// `bytes` in base 32, five bits a character (the last padded with zeros).
fn to_base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((acc >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((acc << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The `N` bytes written by [`to_base32`], if `text` is exactly that.
fn from_base32<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != (N * 8).div_ceil(5) {
        return None;
    }
    let mut out = [0u8; N];
    let (mut acc, mut bits, mut n) = (0u32, 0u32, 0usize);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc = (acc << 5) | v;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            *out.get_mut(n)? = (acc >> bits) as u8;
            n += 1;
        }
    }
    // The padding bits are zeros: one text for each value.
    (n == N && acc & ((1 << bits) - 1) == 0).then_some(out)
}

/// Shows a byte-array key type as its base-32 text (`Debug` names the type
/// around it).
macro_rules! base32_text {
    ($name:ident) => {
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&to_base32(&self.0))
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self)
            }
        }
    };
}

/// A seat's public key: what others check its signatures with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    /// The key in `text` (52 characters of base 32), if it is one.
    pub fn parse(text: &str) -> Option<PublicKey> {
        from_base32::<32>(text).map(PublicKey)
    }

    /// True when `signature` is this key's over `message`.
    pub fn verifies(&self, message: &[u8], signature: &Signature) -> bool {
        let key = ed25519_compact::PublicKey::new(self.0);
        key.verify(message, &ed25519_compact::Signature::new(signature.0))
            .is_ok()
    }

    /// The room this key hosts: its code on the signalling server is a
    /// hash of the key.
    pub fn room(&self) -> RoomCode {
        let digest = Sha256::new()
            .chain_update(b"kharbga-room\n")
            .chain_update(self.0)
            .finalize();
        let mut bytes = [0u8; 10];
        bytes.copy_from_slice(&digest[..10]);
        RoomCode::from_bytes(bytes)
    }
}

base32_text!(PublicKey);

/// A signature (64 bytes; 103 characters of base 32).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature([u8; 64]);

impl Signature {
    /// The signature in `text`, if it has the shape of one.
    pub fn parse(text: &str) -> Option<Signature> {
        from_base32::<64>(text).map(Signature)
    }
}

base32_text!(Signature);

/// A seat's key pair, made from 32 random bytes in the player's browser
/// and kept in its saved game. It is never sent: only signatures made with
/// it and its public half are. It holds the seed and makes the pair when
/// first asked (so the first page, which reads saved games but never
/// signs, carries no Ed25519 code).
#[derive(Clone)]
pub struct SeatKey {
    seed: [u8; 32],
    pair: OnceLock<KeyPair>,
}

impl SeatKey {
    /// The key pair of `seed` (32 bytes from the browser's crypto).
    pub fn from_seed(seed: [u8; 32]) -> SeatKey {
        SeatKey {
            seed,
            pair: OnceLock::new(),
        }
    }

    /// The key saved as `text` (its seed, 64 hexadecimal digits).
    pub fn parse(text: &str) -> Option<SeatKey> {
        if text.len() != 64 {
            return None;
        }
        let mut seed = [0u8; 32];
        for (i, byte) in seed.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(SeatKey::from_seed(seed))
    }

    /// The text it is saved as.
    pub fn to_text(&self) -> String {
        self.seed.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The pair. The one seed Ed25519 refuses, all zeros (a chance of
    /// 2⁻²⁵⁶, or a saved game someone edited), stands for the seed
    /// `1, 0, 0…`: no seed makes this panic.
    fn pair(&self) -> &KeyPair {
        self.pair.get_or_init(|| {
            KeyPair::try_from_seed(Seed::new(self.seed)).unwrap_or_else(|_| {
                let mut one = [0u8; 32];
                one[0] = 1;
                KeyPair::from_seed(Seed::new(one))
            })
        })
    }

    /// Its public half.
    pub fn public(&self) -> PublicKey {
        PublicKey(*self.pair().pk)
    }

    /// Its signature over `message` (deterministic: no randomness needed).
    pub fn sign(&self, message: &[u8]) -> Signature {
        Signature(*self.pair().sk.sign(message, None))
    }
}

impl PartialEq for SeatKey {
    fn eq(&self, other: &SeatKey) -> bool {
        self.seed == other.seed
    }
}

impl Eq for SeatKey {}

impl fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The seed is never printed.
        f.write_str("SeatKey(..)")
    }
}

/// A seat in a room: the host's (who made it) or the guest's (whom the
/// host seated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The room's maker: its key is the room.
    Host,
    /// The player the host seated.
    Guest,
}

impl Role {
    /// Its token in messages and signatures.
    pub const fn token(self) -> &'static str {
        match self {
            Role::Host => "host",
            Role::Guest => "guest",
        }
    }
}

/// What a seat signs to show it is here, to one receiver: the room, the
/// seat, the side it plays now, its name, the number of the last message
/// it signed (nothing it signed before is news to this receiver), and the
/// receiver's peer id.
pub fn hello_bytes(
    room: &RoomCode,
    role: Role,
    side: &str,
    name: &str,
    n: u64,
    to: &str,
) -> Vec<u8> {
    format!(
        "{}\n{room}\n{}\n{side}\n{name}\n{n}\n{to}",
        purpose("hello"),
        role.token()
    )
    .into_bytes()
}

/// What a newcomer signs when it takes the free seat with `key` under
/// `name`: the room, and its own peer id (`from`) and the host's (`to`) on
/// this connection, so that the proof is worth nothing on any other (a
/// stranger who knows the guest's public key cannot bind that seat to its
/// own connection).
pub fn join_bytes(room: &RoomCode, key: &PublicKey, name: &str, from: &str, to: &str) -> Vec<u8> {
    format!("{}\n{room}\n{key}\n{name}\n{from}\n{to}", purpose("join")).into_bytes()
}

/// What a player signs when it sends the game by link: the room, its side,
/// and the game as the link carries it.
pub fn link_bytes(room: &RoomCode, sender: &str, game: &str) -> Vec<u8> {
    format!("{}\n{room}\n{sender}\n{game}", purpose("link")).into_bytes()
}

/// The host's word that `key`, under `name`, holds the room's second seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatCert {
    /// The guest's public key.
    pub key: PublicKey,
    /// The guest's name.
    pub name: String,
    /// The host's signature over [`SeatCert::bytes`].
    pub signature: Signature,
}

impl SeatCert {
    /// What the host signs.
    pub fn bytes(room: &RoomCode, key: &PublicKey, name: &str) -> Vec<u8> {
        format!("{}\n{room}\n{key}\n{name}", purpose("seat")).into_bytes()
    }

    /// The host (`host`) seats `key` under `name` in its room.
    pub fn issue(host: &SeatKey, key: PublicKey, name: String) -> SeatCert {
        let room = host.public().room();
        let signature = host.sign(&SeatCert::bytes(&room, &key, &name));
        SeatCert {
            key,
            name,
            signature,
        }
    }

    /// True when the host of `host`'s room issued it.
    pub fn is_from(&self, host: &PublicKey) -> bool {
        host.verifies(
            &SeatCert::bytes(&host.room(), &self.key, &self.name),
            &self.signature,
        )
    }

    /// True when the host of `host`'s room issued it under the purpose
    /// protocols 2 and 3 signed (`kharbga/2 seat`). Never taken from a
    /// peer: only what this page kept itself is read so (a saved game's
    /// certificate, which its host's page issues again; a saved
    /// tournament's board room, which its player's page makes again).
    pub fn is_from_earlier_protocol(&self, host: &PublicKey) -> bool {
        let bytes = format!(
            "kharbga/2 seat\n{}\n{}\n{}",
            host.room(),
            self.key,
            self.name
        );
        host.verifies(bytes.as_bytes(), &self.signature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_signatures_round_trip_as_text() {
        let key = SeatKey::from_seed([7; 32]);
        assert_eq!(SeatKey::parse(&key.to_text()), Some(key.clone()));
        let public = key.public();
        assert_eq!(public.to_string().len(), 52);
        assert_eq!(PublicKey::parse(&public.to_string()), Some(public));
        let signature = key.sign(b"x");
        assert_eq!(signature.to_string().len(), 103);
        assert_eq!(Signature::parse(&signature.to_string()), Some(signature));
        // One text for each value: a last character with padding bits set
        // is not a key, nor is a wrong length or a letter outside the set.
        let text = public.to_string();
        let mut changed = text.clone();
        changed.pop();
        assert_eq!(PublicKey::parse(&changed), None);
        // 256 bits in 52 characters leave 4 padding bits in the last one.
        changed.push('z');
        assert_ne!(changed, text);
        assert_eq!(PublicKey::parse(&changed), None);
        let upper = text.to_uppercase();
        assert!(upper == text || PublicKey::parse(&upper).is_none());
        assert_eq!(SeatKey::parse("zz"), None);
        // No seed panics, all zeros included.
        let zero = SeatKey::from_seed([0; 32]);
        assert!(zero.public().verifies(b"x", &zero.sign(b"x")));
    }

    #[test]
    fn a_signature_holds_for_its_key_and_message_only() {
        let a = SeatKey::from_seed([1; 32]);
        let b = SeatKey::from_seed([2; 32]);
        let signature = a.sign(b"message");
        assert!(a.public().verifies(b"message", &signature));
        assert!(!a.public().verifies(b"messagE", &signature));
        assert!(!b.public().verifies(b"message", &signature));
    }

    #[test]
    fn rooms_and_seats_are_the_hosts() {
        let host = SeatKey::from_seed([3; 32]);
        let guest = SeatKey::from_seed([4; 32]);
        let other = SeatKey::from_seed([5; 32]);
        assert_ne!(host.public().room(), other.public().room());
        let cert = SeatCert::issue(&host, guest.public(), "Youssef".into());
        assert!(cert.is_from(&host.public()));
        assert!(!cert.is_from(&other.public()));
        let renamed = SeatCert {
            name: "Mallory".into(),
            ..cert.clone()
        };
        assert!(!renamed.is_from(&host.public()));
        // A certificate signed for another protocol's purpose is not one
        // (but is known as what an earlier version kept).
        let room = host.public().room();
        let earlier = format!("kharbga/2 seat\n{room}\n{}\nYoussef", guest.public());
        let old = SeatCert {
            signature: host.sign(earlier.as_bytes()),
            ..cert.clone()
        };
        assert!(!old.is_from(&host.public()));
        assert!(old.is_from_earlier_protocol(&host.public()));
        assert!(!cert.is_from_earlier_protocol(&host.public()));
        // A seat proved to one receiver is not proved to another.
        let room = host.public().room();
        let hello = |n: u64, to: &str| hello_bytes(&room, Role::Host, "first", "Amel", n, to);
        let to_a = host.sign(&hello(7, "peer-a"));
        assert!(host.public().verifies(&hello(7, "peer-a"), &to_a));
        assert!(!host.public().verifies(&hello(7, "peer-b"), &to_a));
        // Nor is it for another message number.
        assert!(!host.public().verifies(&hello(6, "peer-a"), &to_a));
    }
}
