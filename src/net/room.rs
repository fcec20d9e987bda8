//! Rooms and their links. A room is its host's public key: the invitation
//! link is the page's address with `#r<key>`, and the room's code on the
//! signalling server ([`RoomCode`], in [`super::code`]) is a hash of that
//! key ([`PublicKey::room`]), so nobody finds a room by guessing, and a
//! link names the one key its newcomer believes. Links of earlier versions
//! carried the code alone (`#r<code>`). Also the signalling server's
//! addresses, how a peer is reached, and how soon a page joins its room
//! afresh.

pub use super::code::{RoomCode, CODE_LEN};
use super::identity::{PublicKey, Signature};
use crate::engine::{Millis, Side};

/// What an invitation link's fragment starts with.
pub const FRAGMENT: &str = "#r";

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

/// A game sent by link: `#m<host key>-<f|s>-<signature>-<guest key>-<certificate>-<game>`
/// (`_` for a key or certificate it does not carry).
/// The sender signs the game ([`link_bytes`](super::identity::link_bytes))
/// with its seat's key; a guest adds its public key (the host may not know
/// it yet: a game begun by link), and the host adds its certificate of the
/// guest's seat, so that the two can prove their seats if they meet online.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLink<'a> {
    /// The room's host key.
    pub host: PublicKey,
    /// The sender's side.
    pub sender: Side,
    /// The sender's signature over the game.
    pub signature: Signature,
    /// The guest's key (when the guest sends).
    pub guest: Option<PublicKey>,
    /// The host's certificate of the guest (when the host sends it).
    pub cert: Option<Signature>,
    /// The game as a share link (`store::share`, without `#`).
    pub share: &'a str,
}

impl MoveLink<'_> {
    /// The link's fragment.
    pub fn fragment(&self) -> String {
        let side = match self.sender {
            Side::First => 'f',
            Side::Second => 's',
        };
        // `_` stands for nothing (`-` separates the fields).
        let or_dash = |v: Option<String>| v.unwrap_or_else(|| "_".to_owned());
        format!(
            "{MOVE_FRAGMENT}{}-{side}-{}-{}-{}-{}",
            self.host,
            self.signature,
            or_dash(self.guest.map(|k| k.to_string())),
            or_dash(self.cert.map(|s| s.to_string())),
            self.share.trim_start_matches('#')
        )
    }

    /// The game sent by link in `fragment`, if it is one (its signature is
    /// checked by the referee, against the opponent's key).
    pub fn parse(fragment: &str) -> Option<MoveLink<'_>> {
        let rest = fragment.strip_prefix(MOVE_FRAGMENT)?;
        let mut parts = rest.splitn(6, '-');
        let host = PublicKey::parse(parts.next()?)?;
        let sender = match parts.next()? {
            "f" => Side::First,
            "s" => Side::Second,
            _ => return None,
        };
        let signature = Signature::parse(parts.next()?)?;
        let guest = match parts.next()? {
            "_" => None,
            key => Some(PublicKey::parse(key)?),
        };
        let cert = match parts.next()? {
            "_" => None,
            text => Some(Signature::parse(text)?),
        };
        let share = parts.next()?;
        Some(MoveLink {
            host,
            sender,
            signature,
            guest,
            cert,
            share,
        })
    }
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

/// Where a page looks whether the signalling server `base` is up: a room
/// of its own that nobody plays in.
pub fn probe_url(base: &str) -> String {
    format!("{}/kharbga-probe", base.trim_end_matches('/'))
}

/// True when `url` can be a signalling server's address.
pub fn is_server_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("ws://")
        .or_else(|| url.strip_prefix("wss://"));
    rest.is_some_and(|r| !r.is_empty() && !r.contains(char::is_whitespace) && !r.contains('#'))
}

/// How a connected peer is reached, as the network module tells it
/// (`direct 23 live`, `relay - lost`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerPath {
    /// Through a TURN relay (else a direct path, through NATs perhaps).
    pub relayed: bool,
    /// The round trip, in milliseconds, once the browser has measured it.
    pub round_trip_ms: Option<u32>,
    /// Nothing has come through the connection for a while (a network that
    /// changed or went away).
    pub lost: bool,
}

impl PeerPath {
    /// Reads the network module's text; `None` when it is not one.
    pub fn parse(text: &str) -> Option<PeerPath> {
        let mut words = text.split(' ');
        let relayed = match words.next()? {
            "relay" => true,
            "direct" => false,
            _ => return None,
        };
        let round_trip_ms = match words.next()? {
            "-" => None,
            ms => Some(ms.parse().ok()?),
        };
        let lost = match words.next()? {
            "lost" => true,
            "live" => false,
            _ => return None,
        };
        words.next().is_none().then_some(PeerPath {
            relayed,
            round_trip_ms,
            lost,
        })
    }
}

/// How soon a page joins the room afresh when the other side went silent
/// (a network changed unseen): at once the first time; when it goes silent
/// again within [`Rejoins::STEADY_MS`] of the last time, later each time
/// ([`Rejoins::STEPS`]). A seated peer that proves its seat, pings and
/// falls silent over and over would otherwise make the page (and its
/// spectators) join again every few seconds. (A change of network the
/// browser reports is acted on at once, whatever this says.)
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rejoins {
    /// Joins on silence in a row (none after a steady while).
    times: usize,
    /// When the last one happens (its decision plus its wait).
    last: Millis,
}

impl Rejoins {
    /// A silence this long after the last rejoin is news again.
    pub const STEADY_MS: Millis = Millis(30_000);
    /// The waits, in ms (as the page's timers take them), before the
    /// first, second… rejoin in a row (the last one from then on).
    pub const STEPS: [u32; 5] = [100, 5_000, 15_000, 30_000, 60_000];

    /// The other side went silent at `now`: how long to wait before
    /// joining afresh (unless it comes back meanwhile).
    pub fn delay(&mut self, now: Millis) -> u32 {
        if self.times > 0 && now.since(self.last) >= Self::STEADY_MS {
            self.times = 0;
        }
        let wait = Self::STEPS[self.times.min(Self::STEPS.len() - 1)];
        self.times += 1;
        self.last = now + Millis(u64::from(wait));
        wait
    }
}

/// A page that joined the room and has not reached the host's page on
/// this join (a newcomer, a spectator or a guest that reloaded; never the
/// host). Only an offer starts a handshake, and the pages already in the
/// room make the offers: when the host's page gives its handshake with
/// this page up (the signalling slow, a busy machine: matchbox waits ten
/// seconds for the answer), nothing ever tries again, and this page would
/// say "Connecting…" for good while both seats are present. So, unless the
/// host's page is heard within [`HostWait::WAIT_MS`] of joining, the page
/// joins afresh (a new peer on the server, offered to by everyone again),
/// the first time at once, later each time ([`Rejoins`]). A page that
/// heard nobody and was told no direct path is possible waits as it is
/// (its page says why).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HostWait {
    /// When the link was last opened, while the host is not reached on it.
    joined: Option<Millis>,
    /// How soon to join again.
    rejoins: Rejoins,
}

impl HostWait {
    /// How long a page that joined waits for the host's page before it
    /// joins again.
    pub const WAIT_MS: Millis = Millis(6_000);

    /// The link opened (again) at `now`.
    pub fn joined(&mut self, now: Millis) {
        self.joined = Some(now);
    }

    /// The link closed: nothing to wait for until it opens.
    pub fn closed(&mut self) {
        self.joined = None;
    }

    /// A look at `now`: whether the host's page is here (proved), anyone
    /// else is, and no direct path could be found. `Some(wait)`: join
    /// afresh after `wait` ms (decided once a join).
    pub fn look(
        &mut self,
        host_here: bool,
        anyone_here: bool,
        unreachable: bool,
        now: Millis,
    ) -> Option<u32> {
        let joined = self.joined?;
        if host_here {
            self.joined = None;
            return None;
        }
        if (!anyone_here && unreachable) || now.since(joined) < Self::WAIT_MS {
            return None;
        }
        self.joined = None;
        Some(self.rejoins.delay(now))
    }
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
    fn a_page_that_does_not_reach_the_host_joins_again_later_each_time() {
        let mut wait = HostWait::default();
        // Nothing before the link opens.
        assert_eq!(wait.look(false, true, false, Millis(60_000)), None);
        wait.joined(Millis(1_000));
        // The guest's page is here, the host's not: in time, join again at
        // once — once a join.
        assert_eq!(wait.look(false, true, false, Millis(6_999)), None);
        assert_eq!(wait.look(false, true, false, Millis(7_000)), Some(100));
        assert_eq!(wait.look(false, true, false, Millis(7_250)), None);
        // Again and again: later each time, and never more than once a
        // minute.
        let mut now = Millis(7_100);
        let mut waits = Vec::new();
        for _ in 0..6 {
            wait.joined(now);
            now += HostWait::WAIT_MS;
            let w = wait.look(false, false, false, now).expect("joins again");
            waits.push(w);
            now += Millis(u64::from(w));
        }
        assert_eq!(waits, [5_000, 15_000, 30_000, 60_000, 60_000, 60_000]);
        // The host's page heard: no more.
        wait.joined(now);
        assert_eq!(wait.look(true, true, false, now + Millis(100)), None);
        assert_eq!(wait.look(false, true, false, now + Millis(60_000)), None);
        // Nobody heard and no path possible: the page says so and waits.
        wait.joined(now);
        assert_eq!(wait.look(false, false, true, now + Millis(60_000)), None);
        // But a peer heard while the host is not: join again.
        assert!(wait.look(false, true, true, now + Millis(60_000)).is_some());
        // A closed link waits for nothing.
        wait.joined(now);
        wait.closed();
        assert_eq!(wait.look(false, true, false, now + Millis(60_000)), None);
    }

    #[test]
    fn games_sent_by_link() {
        use crate::net::identity::SeatKey;
        let host = SeatKey::from_seed([7; 32]).public();
        let guest = SeatKey::from_seed([8; 32]);
        let link = MoveLink {
            host,
            sender: Side::Second,
            signature: guest.sign(b"x"),
            guest: Some(guest.public()),
            cert: None,
            share: "g1~seega5~~a~b~AB~",
        };
        let fragment = link.fragment();
        assert_eq!(MoveLink::parse(&fragment), Some(link.clone()));
        // The share link's own `-` (in a name, say) stays its own.
        let dashed = MoveLink {
            share: "g1~seega5~A-mel~b~~AB~",
            ..link.clone()
        };
        assert_eq!(MoveLink::parse(&dashed.fragment()), Some(dashed.clone()));
        let bare = MoveLink {
            guest: None,
            ..dashed.clone()
        };
        assert!(bare.fragment().contains("-_-_-g1~"));
        assert_eq!(MoveLink::parse(&bare.fragment()), Some(bare.clone()));
        assert_eq!(MoveLink::parse("#mshort-f-g1"), None);
        assert_eq!(MoveLink::parse(&fragment.replace("-s-", "-x-")), None);
        assert_eq!(MoveLink::parse(&fragment[1..]), None);
    }

    #[test]
    fn peer_paths() {
        assert_eq!(
            PeerPath::parse("direct 23 live"),
            Some(PeerPath {
                relayed: false,
                round_trip_ms: Some(23),
                lost: false
            })
        );
        assert_eq!(
            PeerPath::parse("relay - lost"),
            Some(PeerPath {
                relayed: true,
                round_trip_ms: None,
                lost: true
            })
        );
        for bad in [
            "",
            "direct",
            "direct 23",
            "tunnel 1 live",
            "direct x live",
            "direct 1 live more",
            "direct -5 live",
        ] {
            assert_eq!(PeerPath::parse(bad), None, "{bad}");
        }
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
        assert_eq!(probe_url("wss://h/signal/"), "wss://h/signal/kharbga-probe");
        assert_eq!(
            queue_url("ws://h:1", "seega5"),
            "ws://h:1/kharbga-quick-seega5?next=2"
        );
    }
}
