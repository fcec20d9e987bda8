//! The position string: the seed's FEN adapted to Kharbga and Seega,
//! extended so that any position can be resumed exactly.
//!
//! ```text
//! position  = board SP side SP hand SP chain SP exchange SP quiet SP turn SP first
//! board     = rank *("/" rank)        ; N ranks, rank N (the top) first
//! rank      = 1*("S" / "s" / "M" / "m" / digit)
//!             ; S first player, s second, digit = run of empties;
//!             ; M and m a Kharbaga Mullah of the first and the second player
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
use super::error::{PositionErrorKind as Kind, PositionField};
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
                let mullah = self.mullahs.contains(square);
                let piece = if self.first.contains(square) {
                    Some(if mullah { 'M' } else { 'S' })
                } else if self.second.contains(square) {
                    Some(if mullah { 'm' } else { 's' })
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

fn field_error(field: PositionField, text: &str) -> PositionError {
    PositionError::new(Kind::Field {
        field,
        text: text.to_owned(),
    })
}

fn parse_count<T: FromStr>(text: &str, field: PositionField) -> Result<T, PositionError> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !canonical {
        return Err(field_error(field, text));
    }
    text.parse().map_err(|_| field_error(field, text))
}

fn parse_square(text: &str, field: PositionField) -> Result<Square, PositionError> {
    text.parse().map_err(|_| field_error(field, text))
}

fn parse_board(text: &str) -> Result<(BoardSize, [Bitboard; 3]), PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    let size = u8::try_from(ranks.len())
        .ok()
        .and_then(BoardSize::from_side)
        .ok_or(PositionError::new(Kind::RankCount { found: ranks.len() }))?;
    let side = size.side();
    let (mut first, mut second, mut mullahs) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (row, rank_text) in ranks.iter().enumerate() {
        // Rank numbers run from the top: the first rank written is rank N.
        let rank = side - 1 - row as u8;
        let mut file = 0u8;
        let mut previous_digit = false;
        for c in rank_text.chars() {
            match c {
                'S' | 's' | 'M' | 'm' => {
                    if file >= side {
                        return Err(PositionError::new(Kind::RankLength { rank: rank + 1 }));
                    }
                    let square = Square::from_coords_unchecked(file, rank);
                    if c == 'M' || c == 'm' {
                        mullahs.insert(square);
                    }
                    if c == 'S' || c == 'M' {
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
                    return Err(PositionError::new(Kind::RankDigits { rank: rank + 1 }));
                }
                _ => {
                    return Err(PositionError::new(Kind::RankCharacter {
                        rank: rank + 1,
                        character: c,
                    }))
                }
            }
        }
        if file != side {
            return Err(PositionError::new(Kind::RankLength { rank: rank + 1 }));
        }
    }
    Ok((size, [first, second, mullahs]))
}

fn parse_exchange(text: &str) -> Result<Exchange, PositionError> {
    if text == "-" {
        return Ok(Exchange::None);
    }
    let bad = || field_error(PositionField::Exchange, text);
    let (kind, squares) = text.split_once(':').ok_or_else(bad)?;
    let squares = squares
        .split(',')
        .map(|s| s.parse::<Square>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    match (kind, squares.as_slice()) {
        ("r", &[soldier]) => Ok(Exchange::Requested { soldier }),
        ("o", &[soldier, offer]) => Ok(Exchange::Offered { soldier, offer }),
        ("c", &[soldier, offer]) => Ok(Exchange::Confirmed { soldier, offer }),
        ("p", &[soldier, a, b]) => Ok(Exchange::OfferedTwice {
            soldier,
            offers: [a, b],
        }),
        _ => Err(bad()),
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
            return Err(PositionError::new(Kind::FieldCount {
                found: fields.len(),
            }));
        };
        let (size, [first, second, mullahs]) = parse_board(board)?;
        let to_move = match *side {
            "w" => Side::First,
            "b" => Side::Second,
            _ => return Err(field_error(PositionField::SideToMove, side)),
        };
        let (hand_first, hand_second) = hand
            .split_once(',')
            .ok_or_else(|| field_error(PositionField::InHand, hand))?;
        let in_hand = [
            parse_count(hand_first, PositionField::InHand)?,
            parse_count(hand_second, PositionField::InHand)?,
        ];
        let chain = match *chain {
            "-" => None,
            square => Some(parse_square(square, PositionField::Chain)?),
        };
        let first_turn = match *first_turn {
            "-" => false,
            "f" => true,
            other => return Err(field_error(PositionField::FirstTurn, other)),
        };
        Ok(Setup {
            size,
            first,
            second,
            mullahs,
            to_move,
            in_hand,
            chain,
            exchange: parse_exchange(exchange)?,
            quiet: parse_count(quiet, PositionField::Quiet)?,
            turn: parse_count(turn, PositionField::Turn)?,
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
