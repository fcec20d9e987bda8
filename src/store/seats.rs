//! Who sits at each side of a game: a person at this device, the computer
//! at a level, or a remote peer (online play). A page that has no seat at
//! all watches: a spectator sees two remote seats.
//!
//! Saved with the game as one short word per side (`local`,
//! `computer:3`, `remote`), read back without trusting it.

use std::fmt;
use std::str::FromStr;

use crate::ai::Level;
use crate::engine::Side;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Seat {
    /// A person at this device.
    #[default]
    Local,
    /// The computer, at a level.
    Computer(Level),
    /// A person elsewhere, over the network.
    Remote,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Local => f.write_str("local"),
            Seat::Computer(level) => write!(f, "computer:{level}"),
            Seat::Remote => f.write_str("remote"),
        }
    }
}

/// A seat text that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatError(pub String);

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a seat (local, computer:<level>, remote)",
            self.0
        )
    }
}

impl std::error::Error for SeatError {}

impl FromStr for Seat {
    type Err = SeatError;
    fn from_str(text: &str) -> Result<Seat, SeatError> {
        match text {
            "local" => Ok(Seat::Local),
            "remote" => Ok(Seat::Remote),
            _ => text
                .strip_prefix("computer:")
                .and_then(|level| level.parse().ok())
                .map(Seat::Computer)
                .ok_or_else(|| SeatError(text.to_owned())),
        }
    }
}

/// The seats of both sides: `[first player's, second player's]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Seats(pub [Seat; 2]);

/// Which sides the person at this device may move for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hands {
    /// Neither: the computer or remote players move (a spectator, a replay).
    None,
    /// One side.
    One(Side),
    /// Both (two people at one device).
    Both,
}

impl Hands {
    /// True when a person here may move for `side`.
    pub fn moves_for(self, side: Side) -> bool {
        match self {
            Hands::None => false,
            Hands::One(s) => s == side,
            Hands::Both => true,
        }
    }
}

impl Seats {
    /// Two people at this device.
    pub const LOCAL: Seats = Seats([Seat::Local, Seat::Local]);

    /// A person against the computer at `level`, which plays `side`.
    pub const fn against_computer(side: Side, level: Level) -> Seats {
        match side {
            Side::First => Seats([Seat::Computer(level), Seat::Local]),
            Side::Second => Seats([Seat::Local, Seat::Computer(level)]),
        }
    }

    /// A person here playing `side` against a remote peer.
    pub const fn online(side: Side) -> Seats {
        match side {
            Side::First => Seats([Seat::Local, Seat::Remote]),
            Side::Second => Seats([Seat::Remote, Seat::Local]),
        }
    }

    /// A spectator: both players are elsewhere.
    pub const SPECTATOR: Seats = Seats([Seat::Remote, Seat::Remote]);

    /// The seat of `side`.
    pub const fn seat(self, side: Side) -> Seat {
        match side {
            Side::First => self.0[0],
            Side::Second => self.0[1],
        }
    }

    /// The computer's side and level, when one side is the computer.
    pub fn computer(self) -> Option<(Side, Level)> {
        [Side::First, Side::Second]
            .into_iter()
            .find_map(|side| match self.seat(side) {
                Seat::Computer(level) => Some((side, level)),
                _ => None,
            })
    }

    /// True when a remote peer plays a side.
    pub fn is_online(self) -> bool {
        self.0.contains(&Seat::Remote)
    }

    /// The sides a person here moves for.
    pub fn hands(self) -> Hands {
        match (self.0[0] == Seat::Local, self.0[1] == Seat::Local) {
            (true, true) => Hands::Both,
            (true, false) => Hands::One(Side::First),
            (false, true) => Hands::One(Side::Second),
            (false, false) => Hands::None,
        }
    }

    /// The side a person here plays, when exactly one is local.
    pub fn hands_side(self) -> Option<Side> {
        match self.hands() {
            Hands::One(side) => Some(side),
            _ => None,
        }
    }

    /// The same seats with the sides swapped (a rematch).
    #[must_use]
    pub const fn swapped(self) -> Seats {
        Seats([self.0[1], self.0[0]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_round_trip_as_text_and_refuse_nonsense() {
        for seat in [Seat::Local, Seat::Remote, Seat::Computer(Level::Search(3))] {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
        for bad in ["", "computer", "computer:9", "human", "Local"] {
            assert!(bad.parse::<Seat>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn hands_follow_the_local_seats() {
        assert_eq!(Seats::LOCAL.hands(), Hands::Both);
        let vs = Seats::against_computer(Side::First, Level::Search(5));
        assert_eq!(vs.hands(), Hands::One(Side::Second));
        assert_eq!(vs.computer(), Some((Side::First, Level::Search(5))));
        assert_eq!(
            vs.swapped().computer(),
            Some((Side::Second, Level::Search(5)))
        );
        assert_eq!(Seats::SPECTATOR.hands(), Hands::None);
        assert!(Seats::online(Side::Second).is_online());
        assert!(!Hands::None.moves_for(Side::First));
        assert!(Hands::One(Side::Second).moves_for(Side::Second));
    }
}
