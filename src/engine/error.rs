//! Why a position string or a [`super::Setup`] is refused, as kinds a caller
//! can match and translate (the model is shakmaty's `PositionErrorKinds`).
//!
//! `Display` gives an English sentence for the CLI and the logs; the page
//! maps each kind to a message in the player's language.

use std::fmt;

use super::outcome::Outcome;
use super::square::{Side, Square};

/// A field of the position string after the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionField {
    /// `w` or `b`.
    SideToMove,
    /// Soldiers still to set, `24,24`.
    InHand,
    /// The chain soldier, `-` or a square.
    Chain,
    /// The exchange state, `-` or `r:e6` and the like.
    Exchange,
    /// Steps since a soldier was last removed.
    Quiet,
    /// The turn number.
    Turn,
    /// The first-turn mark, `-` or `f`.
    FirstTurn,
}

impl PositionField {
    /// A stable token (`side`, `hand`, `chain`, `exchange`, `quiet`, `turn`,
    /// `first-turn`): what translations select on.
    pub const fn token(self) -> &'static str {
        match self {
            PositionField::SideToMove => "side",
            PositionField::InHand => "hand",
            PositionField::Chain => "chain",
            PositionField::Exchange => "exchange",
            PositionField::Quiet => "quiet",
            PositionField::Turn => "turn",
            PositionField::FirstTurn => "first-turn",
        }
    }
}

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// The string does not have the 8 space-separated fields.
    FieldCount {
        /// How many it has.
        found: usize,
    },
    /// The board does not have 5, 7 or 9 ranks.
    RankCount {
        /// How many it has.
        found: usize,
    },
    /// A rank does not describe as many squares as the board is wide.
    RankLength {
        /// The rank (from 1).
        rank: u8,
    },
    /// A rank writes one run of empty squares as two digits.
    RankDigits {
        /// The rank (from 1).
        rank: u8,
    },
    /// A rank holds a character other than `S`, `s` or a digit.
    RankCharacter {
        /// The rank (from 1).
        rank: u8,
        /// The character.
        character: char,
    },
    /// A field after the board is malformed.
    Field {
        /// Which field.
        field: PositionField,
        /// Its text.
        text: String,
    },
    /// The board's size is not the one the rules play on.
    WrongSize {
        /// The board's side.
        found: u8,
        /// The side the rules need.
        expected: u8,
    },
    /// A soldier stands off the board.
    OffBoard,
    /// Two soldiers share a square.
    SharedSquare,
    /// A side has more soldiers (on the board and to set) than the game gives.
    TooManySoldiers {
        /// The side.
        side: Side,
        /// How many it has.
        found: u32,
        /// How many the game gives.
        most: u32,
    },
    /// The turn number is 0.
    TurnZero,
    /// A chain, an exchange or a quiet count while soldiers are still set.
    SettingState,
    /// A soldier on the Malha while soldiers are still set.
    SoldierOnMalha,
    /// Fewer soldiers on the board than were set: nothing is captured while setting.
    CapturedWhileSetting,
    /// With these soldiers set, it is not this side's turn to set.
    SettingTurn {
        /// The side the string says is to move.
        side: Side,
    },
    /// Kharbga: the Attacker can no longer reach a square next to the Malha.
    MalhaAccess,
    /// The first-turn mark where it cannot be (not Kharbga's moving phase,
    /// or with the Defender to move and not blocked).
    FirstTurnMark,
    /// The chain soldier is not the side to move's.
    ChainSoldier {
        /// Its square.
        square: Square,
    },
    /// The chain soldier has no capture left.
    ChainNoCapture {
        /// Its square.
        square: Square,
    },
    /// An exchange outside Kharbga.
    ExchangeNotKharbga,
    /// An exchange during the setting or a chain.
    ExchangeTiming,
    /// The exchange waits for the other side.
    ExchangeTurn {
        /// The side it waits for.
        waiting: Side,
    },
    /// No Defender soldier on the exchange's requesting square.
    ExchangeSoldier {
        /// The square.
        square: Square,
    },
    /// The offered soldiers are not two different Attacker soldiers.
    ExchangeOffers,
    /// An exchange with fewer than two Attacker soldiers.
    ExchangeTooFew,
    /// The side to move has no step and would have passed.
    WouldHavePassed {
        /// The side.
        side: Side,
    },
    /// Kharbaga: a soldier on its far rank that is not a Mullah (a move
    /// that ends there crowns it): refused by [`super::Position::playable`].
    Unpromoted {
        /// Its square.
        square: Square,
    },
    /// The game is already over here (a side has lost, or it is drawn):
    /// nothing can be played from it ([`super::Position::playable`]).
    AlreadyOver {
        /// How it ended.
        outcome: Outcome,
    },
}

impl PositionErrorKind {
    /// A stable token for the kind (`field-count`, `rank-length`, …): what
    /// translations select on.
    pub const fn token(&self) -> &'static str {
        use PositionErrorKind as K;
        match self {
            K::FieldCount { .. } => "field-count",
            K::RankCount { .. } => "rank-count",
            K::RankLength { .. } => "rank-length",
            K::RankDigits { .. } => "rank-digits",
            K::RankCharacter { .. } => "rank-character",
            K::Field { .. } => "field",
            K::WrongSize { .. } => "wrong-size",
            K::OffBoard => "off-board",
            K::SharedSquare => "shared-square",
            K::TooManySoldiers { .. } => "too-many",
            K::TurnZero => "turn-zero",
            K::SettingState => "setting-state",
            K::SoldierOnMalha => "on-malha",
            K::CapturedWhileSetting => "captured-while-setting",
            K::SettingTurn { .. } => "setting-turn",
            K::MalhaAccess => "malha-access",
            K::FirstTurnMark => "first-turn",
            K::ChainSoldier { .. } => "chain-soldier",
            K::ChainNoCapture { .. } => "chain-no-capture",
            K::ExchangeNotKharbga => "exchange-not-kharbga",
            K::ExchangeTiming => "exchange-timing",
            K::ExchangeTurn { .. } => "exchange-turn",
            K::ExchangeSoldier { .. } => "exchange-soldier",
            K::ExchangeOffers => "exchange-offers",
            K::ExchangeTooFew => "exchange-too-few",
            K::WouldHavePassed { .. } => "would-have-passed",
            K::AlreadyOver { .. } => "already-over",
            K::Unpromoted { .. } => "unpromoted",
        }
    }
}

/// Why a position string or a [`super::Setup`] is not a position these
/// rules can reach.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError {
    kind: PositionErrorKind,
}

impl PositionError {
    pub(crate) const fn new(kind: PositionErrorKind) -> PositionError {
        PositionError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &PositionErrorKind {
        &self.kind
    }
}

impl From<PositionErrorKind> for PositionError {
    fn from(kind: PositionErrorKind) -> PositionError {
        PositionError::new(kind)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match &self.kind {
            K::FieldCount { found } => write!(
                f,
                "a position string has 8 fields separated by single spaces; this one has {found}"
            ),
            K::RankCount { found } => {
                write!(f, "the board has {found} ranks; it needs 5, 7 or 9")
            }
            K::RankLength { rank } => write!(
                f,
                "rank {rank} does not describe as many squares as the board is wide"
            ),
            K::RankDigits { rank } => write!(
                f,
                "rank {rank} writes one run of empty squares as two digits"
            ),
            K::RankCharacter { rank, character } => {
                write!(f, "`{character}` in rank {rank} is not S, s or a digit")
            }
            K::Field { field, text } => {
                let expected = match field {
                    PositionField::SideToMove => "w or b",
                    PositionField::InHand => "two counts like 24,24",
                    PositionField::Chain => "- or a square",
                    PositionField::Exchange => "-, r:sq, o:sq,sq, c:sq,sq or p:sq,sq,sq",
                    PositionField::Quiet | PositionField::Turn => "a number",
                    PositionField::FirstTurn => "- or f",
                };
                write!(f, "{} `{text}` is not {expected}", field.token())
            }
            K::WrongSize { found, expected } => write!(
                f,
                "the board is {found}×{found} but these rules play on {expected}×{expected}"
            ),
            K::OffBoard => f.write_str("a soldier stands off the board"),
            K::SharedSquare => f.write_str("two soldiers share a square"),
            K::TooManySoldiers { side, found, most } => write!(
                f,
                "the {} player has {found} soldiers; each has {most}",
                side.token()
            ),
            K::TurnZero => f.write_str("the turn number starts at 1"),
            K::SettingState => {
                f.write_str("while soldiers are set there is no chain, exchange or quiet count")
            }
            K::SoldierOnMalha => f.write_str("no soldier is set on the Malha"),
            K::CapturedWhileSetting => f.write_str("nothing is captured while soldiers are set"),
            K::SettingTurn { side } => write!(
                f,
                "with these soldiers set, it is not the {} player's turn to set",
                side.token()
            ),
            K::MalhaAccess => {
                f.write_str("the Attacker can no longer reach a square next to the Malha")
            }
            K::FirstTurnMark => f.write_str(
                "the first-turn mark is only for Kharbga's first turn (or the block that ended it)",
            ),
            K::ChainSoldier { square } => {
                write!(f, "the chain soldier on {square} is not the side to move's")
            }
            K::ChainNoCapture { square } => {
                write!(f, "the chain soldier on {square} has no capture left")
            }
            K::ExchangeNotKharbga => f.write_str("only Kharbga has exchanges"),
            K::ExchangeTiming => {
                f.write_str("an exchange is never under way during setting or a chain")
            }
            K::ExchangeTurn { waiting } => {
                write!(f, "the exchange waits for the {} player", waiting.token())
            }
            K::ExchangeSoldier { square } => {
                write!(f, "no Defender soldier on {square} to exchange")
            }
            K::ExchangeOffers => {
                f.write_str("the offered soldiers must be two different Attacker soldiers")
            }
            K::ExchangeTooFew => f.write_str("an exchange needs two Attacker soldiers"),
            K::WouldHavePassed { side } => write!(
                f,
                "the {} player, to move, has no step and would have passed",
                side.token()
            ),
            K::Unpromoted { square } => {
                write!(f, "the soldier on {square}, its far rank, is not a Mullah")
            }
            K::AlreadyOver { outcome } => match outcome.winner {
                Some(winner) => write!(
                    f,
                    "the {} player has already lost ({})",
                    winner.opponent().token(),
                    outcome.reason.token()
                ),
                None => write!(f, "the game is already drawn ({})", outcome.reason.token()),
            },
        }
    }
}

impl std::error::Error for PositionError {}
