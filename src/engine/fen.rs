//! The position string: the seed's FEN adapted to Kharbga and Seega,
//! extended so that any position can be resumed exactly.
//!
//! ```text
//! position  = board SP side SP hand SP chain SP exchange SP quiet SP turn SP first
//! board     = rank *("/" rank)        ; N ranks, rank N (the top) first
//! rank      = 1*("S" / "s" / digit)   ; S first player, s second, digit = run of empties
//! side      = "w" / "b"               ; first / second player to move
//! hand      = count "," count         ; soldiers still to set: first, then second
//! chain     = "-" / square            ; the soldier that must go on capturing
//! exchange  = "-" / "r:" sq / "o:" sq "," sq / "c:" sq "," sq / "p:" sq "," sq "," sq
//!             ; requested, offered, confirmed, offered twice: the Defender's
//!             ; requesting soldier first, then the Attacker's offers
//! quiet     = count                   ; steps since a soldier was last removed
//! turn      = count                   ; turn number, from 1
//! first     = "-" / "f"               ; "f": Kharbga, the Attacker's first turn is under way
//!             ; (with the Defender to move: it ended in a first-move block)
//! ```
//!
//! Runs of empty squares are written as one digit, and numbers without
//! leading zeros, so that every position has exactly one string.
//! The start of a 7×7 game is `7/7/7/7/7/7/7 w 24,24 - - 0 1 -`.

use std::fmt;
use std::str::FromStr;

use super::bitboard::Bitboard;
use super::position::{Exchange, Position, PositionError, Setup};
use super::rules::Rules;
use super::square::{BoardSize, Side, Square};

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.size.side();
        for rank in (0..side).rev() {
            let mut run = 0;
            for file in 0..side {
                let square = Square::from_coords_unchecked(file, rank);
                let piece = if self.first.contains(square) {
                    Some('S')
                } else if self.second.contains(square) {
                    Some('s')
                } else {
                    None
                };
                match piece {
                    Some(letter) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{letter}")?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let to_move = match self.to_move {
            Side::First => 'w',
            Side::Second => 'b',
        };
        write!(f, " {to_move} {},{} ", self.in_hand[0], self.in_hand[1])?;
        match self.chain {
            Some(square) => write!(f, "{square}")?,
            None => f.write_str("-")?,
        }
        match self.exchange {
            Exchange::None => f.write_str(" -")?,
            Exchange::Requested { soldier } => write!(f, " r:{soldier}")?,
            Exchange::Offered { soldier, offer } => write!(f, " o:{soldier},{offer}")?,
            Exchange::Confirmed { soldier, offer } => write!(f, " c:{soldier},{offer}")?,
            Exchange::OfferedTwice { soldier, offers } => {
                write!(f, " p:{soldier},{},{}", offers[0], offers[1])?
            }
        }
        write!(
            f,
            " {} {} {}",
            self.quiet,
            self.turn,
            if self.first_turn { 'f' } else { '-' }
        )
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

fn error(message: impl Into<String>) -> PositionError {
    PositionError::new(message)
}

fn parse_count<T: FromStr>(text: &str, what: &str) -> Result<T, PositionError> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !canonical {
        return Err(error(format!("{what} `{text}` is not a number")));
    }
    text.parse()
        .map_err(|_| error(format!("{what} `{text}` is too large")))
}

fn parse_square(text: &str, what: &str) -> Result<Square, PositionError> {
    text.parse()
        .map_err(|_| error(format!("{what} `{text}` is not a square")))
}

fn parse_board(text: &str) -> Result<(BoardSize, Bitboard, Bitboard), PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    let size = u8::try_from(ranks.len())
        .ok()
        .and_then(BoardSize::from_side)
        .ok_or_else(|| {
            error(format!(
                "the board has {} ranks; it needs 5, 7 or 9",
                ranks.len()
            ))
        })?;
    let side = size.side();
    let (mut first, mut second) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for (row, rank_text) in ranks.iter().enumerate() {
        // Rank numbers run from the top: the first rank written is rank N.
        let rank = side - 1 - row as u8;
        let mut file = 0u8;
        let mut previous_digit = false;
        for c in rank_text.chars() {
            match c {
                'S' | 's' => {
                    if file >= side {
                        return Err(error(format!(
                            "rank {} describes more than {side} squares",
                            rank + 1
                        )));
                    }
                    let square = Square::from_coords_unchecked(file, rank);
                    if c == 'S' {
                        first.insert(square);
                    } else {
                        second.insert(square);
                    }
                    file += 1;
                    previous_digit = false;
                }
                '1'..='9' if !previous_digit => {
                    file = file.saturating_add(c as u8 - b'0');
                    previous_digit = true;
                }
                '1'..='9' => {
                    return Err(error(format!(
                        "rank {} writes one run of empty squares as two digits",
                        rank + 1
                    )));
                }
                _ => {
                    return Err(error(format!(
                        "`{c}` in rank {} is not S, s or a digit",
                        rank + 1
                    )))
                }
            }
        }
        if file != side {
            return Err(error(format!(
                "rank {} describes {file} squares instead of {side}",
                rank + 1
            )));
        }
    }
    Ok((size, first, second))
}

fn parse_exchange(text: &str) -> Result<Exchange, PositionError> {
    if text == "-" {
        return Ok(Exchange::None);
    }
    let (kind, squares) = text
        .split_once(':')
        .ok_or_else(|| error(format!("exchange `{text}` is not - or a state like r:e6")))?;
    let squares = squares
        .split(',')
        .map(|s| parse_square(s, "exchange square"))
        .collect::<Result<Vec<_>, _>>()?;
    match (kind, squares.as_slice()) {
        ("r", &[soldier]) => Ok(Exchange::Requested { soldier }),
        ("o", &[soldier, offer]) => Ok(Exchange::Offered { soldier, offer }),
        ("c", &[soldier, offer]) => Ok(Exchange::Confirmed { soldier, offer }),
        ("p", &[soldier, a, b]) => Ok(Exchange::OfferedTwice {
            soldier,
            offers: [a, b],
        }),
        _ => Err(error(format!(
            "exchange `{text}` is not r:sq, o:sq,sq, c:sq,sq or p:sq,sq,sq"
        ))),
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Parses a position string (see the module documentation).
    ///
    /// # Errors
    /// A [`PositionError`] naming the field that is wrong.
    ///
    /// ```
    /// use kharbga::engine::Setup;
    /// let text = "7/7/7/7/7/7/7 w 24,24 - - 0 1 -";
    /// let setup: Setup = text.parse().unwrap();
    /// assert_eq!(setup.to_string(), text);
    /// assert!("7/7/7 w 24,24 - - 0 1 -".parse::<Setup>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, side, hand, chain, exchange, quiet, turn, first_turn] = fields.as_slice()
        else {
            return Err(error(format!(
                "a position string has 8 fields separated by single spaces; this one has {}",
                fields.len()
            )));
        };
        let (size, first, second) = parse_board(board)?;
        let to_move = match *side {
            "w" => Side::First,
            "b" => Side::Second,
            _ => return Err(error(format!("side to move `{side}` is not w or b"))),
        };
        let (hand_first, hand_second) = hand.split_once(',').ok_or_else(|| {
            error(format!(
                "soldiers to set `{hand}` is not two counts like 24,24"
            ))
        })?;
        let in_hand = [
            parse_count(hand_first, "soldiers to set")?,
            parse_count(hand_second, "soldiers to set")?,
        ];
        let chain = match *chain {
            "-" => None,
            square => Some(parse_square(square, "chain")?),
        };
        let first_turn = match *first_turn {
            "-" => false,
            "f" => true,
            other => return Err(error(format!("first-turn field `{other}` is not - or f"))),
        };
        Ok(Setup {
            size,
            first,
            second,
            to_move,
            in_hand,
            chain,
            exchange: parse_exchange(exchange)?,
            quiet: parse_count(quiet, "quiet count")?,
            turn: parse_count(turn, "turn number")?,
            first_turn,
        })
    }
}

impl Position {
    /// Parses a position string and checks it against `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] for a malformed string or an unreachable position.
    ///
    /// ```
    /// use kharbga::engine::{Position, Rules};
    /// let position = Position::from_text("7/7/7/7/7/7/7 w 24,24 - - 0 1 -", Rules::kharbga()).unwrap();
    /// assert_eq!(position, Position::new(Rules::kharbga()));
    /// ```
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?, rules)
    }
}
