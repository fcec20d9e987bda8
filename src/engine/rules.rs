//! The rule set a game is played under: the variant and every option of
//! `RULES.md`, as one serde-able value.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::square::BoardSize;

/// Which game: Kharbga (7×7), Seega on a 5×5, 7×7 or 9×9 board, or Kharbaga.
///
/// Kharbga and Seega are one family (custodial captures, a setting phase);
/// Kharbaga is another (the Alquerque family: leaps on a board of points
/// and lines). [`Variant::family`] says which; the engine dispatches on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Kharbga as played in the south of Tunisia: Attacker and Defender,
    /// the Malha-access rule, the first-move block and exchanges.
    Kharbga,
    /// Seega: the second player steps first, the Malha is a safe square.
    Seega(BoardSize),
    /// Kharbaga (`RULES.md` §4): 5×5 points joined in eight directions,
    /// soldiers that step forward and leap, majority captures, Mullahs.
    Kharbaga,
}

/// A family of games: what the engine's move generation, the board's
/// drawing and the computer's evaluation are chosen by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Kharbga and Seega: a setting phase, steps, custodial captures; squares.
    Custodial,
    /// Kharbaga: pieces on points and lines, leaping captures, Mullahs.
    Alquerque,
}

impl Variant {
    /// Every variant, in the order a menu lists them.
    pub const ALL: [Variant; 5] = [
        Variant::Kharbga,
        Variant::Seega(BoardSize::Five),
        Variant::Seega(BoardSize::Seven),
        Variant::Seega(BoardSize::Nine),
        Variant::Kharbaga,
    ];

    /// The board size.
    pub const fn size(self) -> BoardSize {
        match self {
            Variant::Kharbga => BoardSize::Seven,
            Variant::Seega(size) => size,
            Variant::Kharbaga => BoardSize::Five,
        }
    }

    /// `kharbga`, `seega5`, `seega7`, `seega9` or `kharbaga`.
    pub const fn token(self) -> &'static str {
        match self {
            Variant::Kharbga => "kharbga",
            Variant::Seega(BoardSize::Five) => "seega5",
            Variant::Seega(BoardSize::Seven) => "seega7",
            Variant::Seega(BoardSize::Nine) => "seega9",
            Variant::Kharbaga => "kharbaga",
        }
    }

    /// Every variant's token, in [`Variant::ALL`]'s order, `separator`
    /// between them: the games there are, as an error names them.
    pub fn tokens(separator: &str) -> String {
        Variant::ALL.map(Variant::token).join(separator)
    }

    /// True for Kharbga.
    pub const fn is_kharbga(self) -> bool {
        matches!(self, Variant::Kharbga)
    }

    /// The game's family.
    pub const fn family(self) -> Family {
        match self {
            Variant::Kharbga | Variant::Seega(_) => Family::Custodial,
            Variant::Kharbaga => Family::Alquerque,
        }
    }

    /// True for Kharbaga (the Alquerque family).
    pub const fn is_alquerque(self) -> bool {
        matches!(self.family(), Family::Alquerque)
    }
}

impl FromStr for Variant {
    type Err = RulesError;
    fn from_str(text: &str) -> Result<Variant, RulesError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.token() == text)
            .ok_or_else(|| RulesError::UnknownVariant(text.to_owned()))
    }
}

/// Whether a player may stop a capture chain before it runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChainRule {
    /// The chain goes on while the soldier can capture (Kharbga).
    Compulsory,
    /// The player may `stop` after any capture (Seega).
    Optional,
}

/// What happens to a player who has no legal step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlockedRule {
    /// An automatic pass: the opponent moves again.
    Pass,
    /// The blocked player removes one enemy soldier instead (Seega's "other rule").
    Remove,
}

/// A complete rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// The game.
    pub variant: Variant,
    /// Steps without a removal after which the game ends (0: no limit).
    pub quiet_limit: u16,
    /// Whether capture chains may be stopped.
    pub chain: ChainRule,
    /// What a blocked player does.
    pub blocked: BlockedRule,
}

/// The default quiet-move limit of `RULES.md` (Kharbga and Seega).
pub const DEFAULT_QUIET_LIMIT: u16 = 60;

/// Kharbaga's default limit of consecutive quiet Mullah moves (`RULES.md` §4).
pub const KHARBAGA_QUIET_LIMIT: u16 = 32;

impl Rules {
    /// The variant with its default options.
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            quiet_limit: match variant {
                Variant::Kharbaga => KHARBAGA_QUIET_LIMIT,
                _ => DEFAULT_QUIET_LIMIT,
            },
            chain: match variant {
                Variant::Kharbga | Variant::Kharbaga => ChainRule::Compulsory,
                Variant::Seega(_) => ChainRule::Optional,
            },
            blocked: BlockedRule::Pass,
        }
    }

    /// Kharbga with its defaults.
    pub const fn kharbga() -> Rules {
        Rules::new(Variant::Kharbga)
    }

    /// Kharbaga with its defaults.
    pub const fn kharbaga() -> Rules {
        Rules::new(Variant::Kharbaga)
    }

    /// Seega on `size` with its defaults.
    pub const fn seega(size: BoardSize) -> Rules {
        Rules::new(Variant::Seega(size))
    }

    /// The board size.
    pub const fn size(&self) -> BoardSize {
        self.variant.size()
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::kharbga()
    }
}

/// A rule specification that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RulesError {
    /// Not a variant's token ([`Variant::tokens`]).
    UnknownVariant(String),
    /// An option that is not `key=value`.
    NotKeyValue(String),
    /// An option given twice.
    Twice(String),
    /// A value the option does not take.
    BadValue {
        /// The option.
        key: String,
        /// The value.
        value: String,
    },
    /// An option other than `quiet`, `chain` and `blocked`.
    UnknownOption(String),
}

impl RulesError {
    /// A stable token for the kind: what translations select on.
    pub const fn token(&self) -> &'static str {
        match self {
            RulesError::UnknownVariant(_) => "unknown-variant",
            RulesError::NotKeyValue(_) => "not-key-value",
            RulesError::Twice(_) => "twice",
            RulesError::BadValue { .. } => "bad-value",
            RulesError::UnknownOption(_) => "unknown-option",
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownVariant(text) => {
                write!(f, "unknown variant `{text}` ({})", Variant::tokens(", "))
            }
            RulesError::NotKeyValue(option) => write!(f, "option `{option}` is not key=value"),
            RulesError::Twice(key) => write!(f, "option `{key}` given twice"),
            RulesError::BadValue { key, value } => {
                write!(f, "bad value `{value}` for option `{key}`")
            }
            RulesError::UnknownOption(key) => {
                write!(f, "unknown option `{key}` (quiet, chain, blocked)")
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl fmt::Display for Rules {
    /// The specification that [`Rules::from_str`] reads: the variant, then
    /// every option, e.g. `kharbga:quiet=60,chain=compulsory,blocked=pass`
    /// (Kharbaga has only the quiet option: `kharbaga:quiet=32`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variant.is_alquerque() {
            return write!(f, "{}:quiet={}", self.variant.token(), self.quiet_limit);
        }
        write!(
            f,
            "{}:quiet={},chain={},blocked={}",
            self.variant.token(),
            self.quiet_limit,
            match self.chain {
                ChainRule::Compulsory => "compulsory",
                ChainRule::Optional => "optional",
            },
            match self.blocked {
                BlockedRule::Pass => "pass",
                BlockedRule::Remove => "remove",
            }
        )
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Parses `variant[:key=value,...]` with keys `quiet` (a number, 0 for no
    /// limit), `chain` (`optional`/`compulsory`) and `blocked` (`pass`/`remove`).
    ///
    /// # Errors
    /// An unknown variant, key or value, or a key given twice.
    ///
    /// ```
    /// use kharbga::engine::{Rules, ChainRule};
    /// let rules: Rules = "seega7:chain=compulsory,quiet=0".parse().unwrap();
    /// assert_eq!(rules.chain, ChainRule::Compulsory);
    /// assert_eq!(rules.quiet_limit, 0);
    /// assert!("seega6".parse::<Rules>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let (variant, options) = match text.split_once(':') {
            Some((variant, options)) => (variant, Some(options)),
            None => (text, None),
        };
        let mut rules = Rules::new(variant.parse()?);
        let Some(options) = options else {
            return Ok(rules);
        };
        let mut seen: Vec<&str> = Vec::new();
        for option in options.split(',') {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| RulesError::NotKeyValue(option.to_owned()))?;
            if seen.contains(&key) {
                return Err(RulesError::Twice(key.to_owned()));
            }
            seen.push(key);
            let bad_value = || RulesError::BadValue {
                key: key.to_owned(),
                value: value.to_owned(),
            };
            match key {
                "quiet" => rules.quiet_limit = value.parse().map_err(|_| bad_value())?,
                "chain" | "blocked" if rules.variant.is_alquerque() => {
                    return Err(RulesError::UnknownOption(key.to_owned()))
                }
                "chain" => {
                    rules.chain = match value {
                        "optional" => ChainRule::Optional,
                        "compulsory" => ChainRule::Compulsory,
                        _ => return Err(bad_value()),
                    }
                }
                "blocked" => {
                    rules.blocked = match value {
                        "pass" => BlockedRule::Pass,
                        "remove" => BlockedRule::Remove,
                        _ => return Err(bad_value()),
                    }
                }
                _ => return Err(RulesError::UnknownOption(key.to_owned())),
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_ruling() {
        let k = Rules::kharbga();
        assert_eq!(
            (k.quiet_limit, k.chain, k.blocked),
            (60, ChainRule::Compulsory, BlockedRule::Pass)
        );
        let s = Rules::seega(BoardSize::Five);
        assert_eq!(
            (s.quiet_limit, s.chain, s.blocked),
            (60, ChainRule::Optional, BlockedRule::Pass)
        );
        assert_eq!(s.size(), BoardSize::Five);
        let k = Rules::kharbaga();
        assert_eq!((k.quiet_limit, k.size()), (32, BoardSize::Five));
        assert_eq!(k.to_string(), "kharbaga:quiet=32");
        assert_eq!("kharbaga:quiet=0".parse::<Rules>().unwrap().quiet_limit, 0);
    }

    #[test]
    fn specifications_round_trip() {
        for variant in Variant::ALL {
            let rules = Rules::new(variant);
            let text = rules.to_string();
            assert_eq!(text.parse::<Rules>(), Ok(rules), "{text}");
        }
        let custom: Rules = "kharbga:blocked=remove,quiet=12".parse().unwrap();
        assert_eq!(
            custom.to_string(),
            "kharbga:quiet=12,chain=compulsory,blocked=remove"
        );
    }

    #[test]
    fn bad_specifications_say_why() {
        for bad in [
            "",
            "chess",
            "kharbga:",
            "kharbga:quiet",
            "kharbga:quiet=-1",
            "seega5:chain=maybe",
            "seega5:x=1",
            "seega5:quiet=1,quiet=2",
            "kharbaga:chain=optional",
            "kharbaga:blocked=remove",
        ] {
            assert!(bad.parse::<Rules>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn rules_serialize() {
        let rules = Rules::seega(BoardSize::Nine);
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
    }
}
