//! Who sits where, as this page holds it: what this page is at the table
//! ([`Role`]: a newcomer, invited to the free seat, a player of a side, a
//! spectator), the players' names and this page's own, the record's date,
//! the room's host key (the room is its hash), the host's certificate of
//! the guest once the second seat is taken, and the player whose welcome a
//! newcomer answers. What proves a seat is the table's to check; [`Seats`]
//! keeps what it found.

use crate::engine::Side;
use crate::net::identity::{PublicKey, Role as SeatRole, SeatCert};
use crate::net::room::RoomCode;

/// What this page is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A newcomer that has not been welcomed yet.
    Newcomer,
    /// Welcomed with a free seat: it may join or watch.
    Invited(Side),
    /// A player of a side.
    Player(Side),
    /// A spectator.
    Spectator,
}

/// The index of a side's entry in `[first, second]` pairs.
pub const fn slot(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// The index of a seat's entry in `[host, guest]` pairs.
pub(super) const fn seat_slot(role: SeatRole) -> usize {
    match role {
        SeatRole::Host => 0,
        SeatRole::Guest => 1,
    }
}

/// The seats as this page holds them.
#[derive(Clone, Debug)]
pub(super) struct Seats {
    role: Role,
    /// This page's name.
    name: String,
    /// The players' names, `[first, second]`.
    names: [String; 2],
    /// The record's date.
    date: String,
    /// The room's host key.
    host: PublicKey,
    /// The host's certificate of the guest, once the second seat is taken.
    cert: Option<SeatCert>,
    /// The player whose welcome a newcomer answers (its join goes there).
    welcomer: Option<String>,
}

impl Seats {
    /// A newcomer's: the room of `host`, nobody known.
    pub(super) fn newcomer(host: PublicKey) -> Seats {
        Seats {
            role: Role::Newcomer,
            name: String::new(),
            names: [String::new(), String::new()],
            date: String::new(),
            host,
            cert: None,
            welcomer: None,
        }
    }

    /// A player's of `side`, named `name`, in a game of `names` and `date`
    /// (the name is put on its side).
    pub(super) fn player(
        host: PublicKey,
        side: Side,
        name: String,
        mut names: [String; 2],
        date: String,
    ) -> Seats {
        names[slot(side)].clone_from(&name);
        Seats {
            role: Role::Player(side),
            name,
            names,
            date,
            ..Seats::newcomer(host)
        }
    }

    /// What this page is.
    pub(super) fn role(&self) -> Role {
        self.role
    }

    /// This page's side, when it plays.
    pub(super) fn side(&self) -> Option<Side> {
        match self.role {
            Role::Player(side) => Some(side),
            _ => None,
        }
    }

    /// This page watches (a spectator, a newcomer, a page invited to the
    /// free seat that has not taken it).
    pub(super) fn watching(&self) -> bool {
        self.side().is_none()
    }

    /// This page's name.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The players' names, `[first, second]`.
    pub(super) fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The name of `side`'s player.
    pub(super) fn name_of(&self, side: Side) -> &str {
        &self.names[slot(side)]
    }

    /// `side`'s player is called `name`.
    pub(super) fn name_side(&mut self, side: Side, name: String) {
        self.names[slot(side)] = name;
    }

    /// The game's names and date are a record's (a newcomer's welcome).
    pub(super) fn set_record(&mut self, names: [String; 2], date: String) {
        self.names = names;
        self.date = date;
    }

    /// The record's date.
    pub(super) fn date(&self) -> &str {
        &self.date
    }

    /// The room's host key.
    pub(super) fn host(&self) -> PublicKey {
        self.host
    }

    /// The room's code on the signalling server (a hash of the host key).
    pub(super) fn room(&self) -> RoomCode {
        self.host.room()
    }

    /// The host's certificate of the guest, once the second seat is taken.
    pub(super) fn cert(&self) -> Option<&SeatCert> {
        self.cert.as_ref()
    }

    /// The second seat is taken by `cert`'s key, under its name (on the
    /// side `guest_side`).
    pub(super) fn seat_guest(&mut self, cert: SeatCert, guest_side: Side) {
        self.names[slot(guest_side)].clone_from(&cert.name);
        self.cert = Some(cert);
    }

    /// The host's certificate of the guest, known now (its name is not
    /// put on a side: the record's names stand).
    pub(super) fn keep_cert(&mut self, cert: SeatCert) {
        self.cert = Some(cert);
    }

    /// A newcomer was welcomed by `welcomer` with the free seat `open`
    /// (none: it watches).
    pub(super) fn welcomed(&mut self, welcomer: &str, open: Option<Side>) {
        self.welcomer = Some(welcomer.to_owned());
        self.role = match open {
            Some(side) => Role::Invited(side),
            None => Role::Spectator,
        };
    }

    /// The player whose welcome a newcomer answered.
    pub(super) fn welcomer(&self) -> Option<&str> {
        self.welcomer.as_deref()
    }

    /// This page takes the seat of `side` under `name`.
    pub(super) fn take_seat(&mut self, side: Side, name: String) {
        self.role = Role::Player(side);
        self.names[slot(side)].clone_from(&name);
        self.name = name;
    }

    /// This page's own name, as the host's certificate of it says (the
    /// host may have told it apart from its own).
    pub(super) fn rename(&mut self, name: String) {
        self.name = name;
    }

    /// This page watches: invited, it watches instead; a player that lost
    /// its seat to someone faster forgets the name it asked with.
    pub(super) fn watch(&mut self) {
        if matches!(self.role, Role::Player(_)) {
            self.name.clear();
        }
        self.role = Role::Spectator;
    }

    /// A rematch: the sides change hands.
    pub(super) fn rematch(&mut self) {
        self.names.swap(0, 1);
        if let Role::Player(side) = self.role {
            self.role = Role::Player(side.opponent());
        }
    }

    /// A rematch both seats agreed on, seen by a watching page: the names
    /// its record says.
    pub(super) fn set_names(&mut self, names: [String; 2]) {
        self.names = names;
    }
}
