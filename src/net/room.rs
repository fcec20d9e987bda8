//! Rooms and their links. A room is its host's public key: the invitation
//! link is the page's address with `#r<key>`, and the room's code on the
//! signalling server, 16 characters of Crockford's base 32, is 80 bits of
//! a hash of that key ([`PublicKey::room`]), so nobody finds a room by
//! guessing, and a link names the one key its newcomer believes. Links of
//! earlier versions carried the code alone (`#r<code>`).

use super::identity::PublicKey;
use crate::engine::Side;

/// The alphabet: digits and letters without I, L, O, U.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A room code's length.
pub const CODE_LEN: usize = 16;

/// What an invitation link's fragment starts with.
pub const FRAGMENT: &str = "#r";

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

/// What an invitation link's fragment names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invitation {
    /// The room of this host key (`#r<key>`).
    Room(PublicKey),
    /// A room of an earlier version (`#r<code>`: no key to believe).
    Earlier(RoomCode),
}

/// The invitation in a page's fragment, if it is one.
pub fn from_fragment(fragment: &str) -> Option<Invitation> {
    let rest = fragment.strip_prefix(FRAGMENT)?;
    PublicKey::parse(rest)
        .map(Invitation::Room)
        .or_else(|| RoomCode::parse(rest).map(Invitation::Earlier))
}

/// The fragment of the invitation to `host`'s room.
pub fn fragment(host: &PublicKey) -> String {
    format!("{FRAGMENT}{host}")
}

/// What a game sent by link starts with (no connection: each player sends
/// the game after their move by any messenger).
pub const MOVE_FRAGMENT: &str = "#m";

/// The fragment of a game sent by link: the room's host key, the sender's
/// side and the game as a share link (`store::share`).
pub fn move_fragment(host: &PublicKey, sender: Side, share: &str) -> String {
    let side = match sender {
        Side::First => 'f',
        Side::Second => 's',
    };
    format!(
        "{MOVE_FRAGMENT}{host}-{side}-{}",
        share.trim_start_matches('#')
    )
}

/// The room's host key, the sender's side and the share link of a game
/// sent by link.
pub fn parse_move_fragment(fragment: &str) -> Option<(PublicKey, Side, &str)> {
    let rest = fragment.strip_prefix(MOVE_FRAGMENT)?;
    let (code, rest) = rest.split_once('-')?;
    let (side, share) = rest.split_once('-')?;
    let side = match side {
        "f" => Side::First,
        "s" => Side::Second,
        _ => return None,
    };
    Some((PublicKey::parse(code)?, side, share))
}

/// The signalling server's address for a room: `base` (`ws://…:3536`)
/// and the room's code.
pub fn room_url(base: &str, code: &RoomCode) -> String {
    format!("{}/kharbga-{code}", base.trim_end_matches('/'))
}

/// The queue that pairs the next two players who want a quick game of `variant`.
pub fn queue_url(base: &str, variant: &str) -> String {
    format!(
        "{}/kharbga-quick-{variant}?next=2",
        base.trim_end_matches('/')
    )
}

/// True when `url` can be a signalling server's address.
pub fn is_server_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("ws://")
        .or_else(|| url.strip_prefix("wss://"));
    rest.is_some_and(|r| !r.is_empty() && !r.contains(char::is_whitespace) && !r.contains('#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_sixteen_letters_of_eighty_bits() {
        let a = RoomCode::from_bytes([0; 10]);
        let b = RoomCode::from_bytes([0xff; 10]);
        let c = RoomCode::from_bytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(a.as_str(), "0000000000000000");
        assert_eq!(b.as_str(), "zzzzzzzzzzzzzzzz");
        assert!(RoomCode::parse(c.as_str()) == Some(c.clone()) && c != a && c != b);
        assert_eq!(
            from_fragment(&format!("#r{c}")),
            Some(Invitation::Earlier(c))
        );
        let host = crate::net::identity::SeatKey::from_seed([9; 32]).public();
        assert_eq!(
            from_fragment(&fragment(&host)),
            Some(Invitation::Room(host))
        );
        assert_eq!(from_fragment("#rABC"), None);
        assert_eq!(from_fragment("#g123"), None);
        assert_eq!(RoomCode::parse("0000000000000000i"), None);
        assert_eq!(RoomCode::parse("000000000000000I"), None);
    }

    #[test]
    fn games_sent_by_link() {
        let host = crate::net::identity::SeatKey::from_seed([7; 32]).public();
        let fragment = move_fragment(&host, Side::Second, "#g1~seega5~~a~b~AB~");
        assert_eq!(
            parse_move_fragment(&fragment),
            Some((host, Side::Second, "g1~seega5~~a~b~AB~"))
        );
        assert_eq!(parse_move_fragment("#mshort-f-g1"), None);
        assert_eq!(parse_move_fragment(&fragment.replace("-s-", "-x-")), None);
        assert_eq!(parse_move_fragment(&fragment[1..]), None);
    }

    #[test]
    fn server_addresses() {
        assert!(is_server_url("ws://127.0.0.1:3536"));
        assert!(is_server_url("wss://signal.example.org/"));
        assert!(!is_server_url("http://x"));
        assert!(!is_server_url("ws://"));
        let code = RoomCode::from_bytes([0; 10]);
        assert_eq!(
            room_url("ws://h:1/", &code),
            "ws://h:1/kharbga-0000000000000000"
        );
        assert_eq!(
            queue_url("ws://h:1", "seega5"),
            "ws://h:1/kharbga-quick-seega5?next=2"
        );
    }
}
