//! Board sizes, squares, sides and the four directions between squares.
//!
//! A [`Square`] is named like a chess square (`a1` bottom-left, seen from the
//! first player's side) and does not depend on the board size; a square is
//! *on* a board of a given [`BoardSize`] when its file and rank fit.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The side length of a square board: 5, 7 or 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BoardSize {
    /// 5×5, 12 soldiers each.
    Five,
    /// 7×7, 24 soldiers each (Kharbga).
    Seven,
    /// 9×9, 40 soldiers each.
    Nine,
}

impl BoardSize {
    /// Every board size, smallest first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Five, BoardSize::Seven, BoardSize::Nine];

    /// The number of files (and of ranks).
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Five => 5,
            BoardSize::Seven => 7,
            BoardSize::Nine => 9,
        }
    }

    /// The number of squares on the board.
    pub const fn squares(self) -> u8 {
        self.side() * self.side()
    }

    /// The soldiers each side starts with: every square but the Malha, halved.
    pub const fn soldiers_per_side(self) -> u8 {
        (self.squares() - 1) / 2
    }

    /// The centre square, the **Malha**.
    pub const fn malha(self) -> Square {
        let mid = self.side() / 2;
        Square::from_coords_unchecked(mid, mid)
    }

    /// The board size with the given side length, if there is one.
    pub const fn from_side(side: u8) -> Option<BoardSize> {
        match side {
            5 => Some(BoardSize::Five),
            7 => Some(BoardSize::Seven),
            9 => Some(BoardSize::Nine),
            _ => None,
        }
    }

    /// Every square of the board, from `a1` along rank 1, then rank 2, and so on.
    pub fn all_squares(self) -> impl DoubleEndedIterator<Item = Square> + Clone {
        let side = self.side();
        (0..side).flat_map(move |rank| {
            (0..side).map(move |file| Square::from_coords_unchecked(file, rank))
        })
    }

    /// True when `square` lies on this board.
    pub const fn contains(self, square: Square) -> bool {
        square.file() < self.side() && square.rank() < self.side()
    }
}

/// One of the two players.
///
/// In Kharbga the first player is the **Attacker** and the second the
/// **Defender**; in Seega they are simply first and second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The player who sets first (the Attacker in Kharbga).
    First,
    /// The other player (the Defender in Kharbga).
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `first` or `second`: the token used by the CLI and the UI's test hooks.
    pub const fn token(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }
}

/// A square, named like chess: file letter then rank number (`a1`, `d4`, `i9`).
///
/// Files and ranks run from 0. Inside, a square is its index on a 9-wide
/// grid (`rank * 9 + file`) whatever the board size, so the same index is a
/// bit of a [`super::Bitboard`] on every board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

/// The largest file or rank index any board has (9×9 → 8).
const MAX_COORD: u8 = 8;

/// The width of the grid squares are indexed on: the largest board's side.
pub(crate) const STRIDE: u8 = 9;

impl Square {
    /// The square at `file` and `rank` (both from 0), if it can be on some board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file <= MAX_COORD && rank <= MAX_COORD {
            Some(Square::from_coords_unchecked(file, rank))
        } else {
            None
        }
    }

    pub(crate) const fn from_coords_unchecked(file: u8, rank: u8) -> Square {
        Square(rank * STRIDE + file)
    }

    /// The square with bit index `index` (`rank * 9 + file`), if there is one.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < STRIDE * STRIDE {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with bit index `index`, which the caller knows is below 81
    /// (a bit of a board mask).
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The bit index of this square (`rank * 9 + file`).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// The rank, from 0 (rank `1`).
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// The file letter, `a` to `i`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `9`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The direction of one orthogonal step from this square to `to`, if
    /// `to` is its neighbour on a file or a rank.
    ///
    /// ```
    /// use kharbga::engine::{Direction, Square};
    /// let d3: Square = "d3".parse().unwrap();
    /// assert_eq!(d3.direction_to("d4".parse().unwrap()), Some(Direction::North));
    /// assert_eq!(d3.direction_to("e4".parse().unwrap()), None);
    /// ```
    pub const fn direction_to(self, to: Square) -> Option<Direction> {
        let (df, dr) = (
            to.file() as i16 - self.file() as i16,
            to.rank() as i16 - self.rank() as i16,
        );
        match (df, dr) {
            (0, 1) => Some(Direction::North),
            (0, -1) => Some(Direction::South),
            (1, 0) => Some(Direction::East),
            (-1, 0) => Some(Direction::West),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not a file letter `a`–`i` followed by a rank `1`–`9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square name (a file a–i, then a rank 1–9)",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1` … `i9`.
    ///
    /// # Errors
    /// Anything else, including upper-case letters and extra characters.
    ///
    /// ```
    /// use kharbga::engine::Square;
    /// let d4: Square = "d4".parse().unwrap();
    /// assert_eq!((d4.file(), d4.rank()), (3, 3));
    /// assert!("j1".parse::<Square>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError {
            text: text.to_owned(),
        };
        match text.as_bytes() {
            [file @ b'a'..=b'i', rank @ b'1'..=b'9'] => {
                Ok(Square::from_coords_unchecked(file - b'a', rank - b'1'))
            }
            _ => Err(error()),
        }
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(text: String) -> Result<Square, ParseSquareError> {
        text.parse()
    }
}

impl From<Square> for String {
    fn from(square: Square) -> String {
        square.to_string()
    }
}

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The change in bit index one step this way.
    pub const fn offset(self) -> i8 {
        match self {
            Direction::North => STRIDE as i8,
            Direction::South => -(STRIDE as i8),
            Direction::East => 1,
            Direction::West => -1,
        }
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malha_is_the_centre_of_each_board() {
        assert_eq!(BoardSize::Five.malha().to_string(), "c3");
        assert_eq!(BoardSize::Seven.malha().to_string(), "d4");
        assert_eq!(BoardSize::Nine.malha().to_string(), "e5");
    }

    #[test]
    fn soldiers_per_side_follow_the_board() {
        let counts: Vec<u8> = BoardSize::ALL
            .iter()
            .map(|s| s.soldiers_per_side())
            .collect();
        assert_eq!(counts, [12, 24, 40]);
    }

    #[test]
    fn every_square_name_round_trips() {
        for size in BoardSize::ALL {
            let names: Vec<String> = size.all_squares().map(|s| s.to_string()).collect();
            assert_eq!(names.len(), usize::from(size.squares()));
            for name in &names {
                let square: Square = name.parse().expect("generated names parse");
                assert!(size.contains(square));
                assert_eq!(&square.to_string(), name);
            }
        }
        assert_eq!(
            BoardSize::Seven
                .all_squares()
                .next()
                .map(|s| s.to_string())
                .as_deref(),
            Some("a1")
        );
        assert_eq!(
            BoardSize::Seven
                .all_squares()
                .last()
                .map(|s| s.to_string())
                .as_deref(),
            Some("g7")
        );
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "a", "a0", "j1", "A1", "a10", "1a", "d4 "] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} should not parse");
        }
        assert!(!BoardSize::Seven.contains("h1".parse().unwrap()));
    }
}
