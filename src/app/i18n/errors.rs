//! Every error kind the page can meet, put into words in the player's
//! language: positions, rule specifications, records (with their line and
//! column), share links, saved games, the computer player. The engine and
//! the store only say *what* went wrong (typed kinds); the words are here
//! and in `locales/`, one message per kind (so that the translation check
//! sees every argument). Call these inside reactive closures, so that the
//! text follows the language.

use crate::tr;

use crate::ai::Level;
use crate::app::i18n::tokens::{reason_token, side_key};
use crate::app::services::computer::Failure;
use crate::engine::{
    PositionError, PositionErrorKind as P, RecordError, RecordErrorKind as R, RulesError, Side,
    Variant,
};
use crate::store::share::ShareError;
use crate::store::LoadError;

/// A side's name in the page's language; `first`/`second` when the game is
/// not known.
pub fn side_name(variant: Option<Variant>, side: Side) -> String {
    let key = variant.map_or(side.token(), |v| side_key(v, side));
    tr!("side-name", { "side" => key })
}

/// A level's name in the page's language (`3 — club player`).
pub fn level_name(level: Level) -> String {
    let n = match level {
        Level::Search(n) => n,
        Level::Random | Level::Greedy | Level::Yardstick(_) => 0,
    };
    tr!("level-name", { "level" => n })
}

/// Why a position string or position cannot be used.
pub fn position_error(error: &PositionError, variant: Option<Variant>) -> String {
    let side = |s: &Side| side_name(variant, *s);
    match error.kind() {
        P::FieldCount { found } => tr!("error-position-field-count", { "found" => *found }),
        P::RankCount { found } => tr!("error-position-rank-count", { "found" => *found }),
        P::RankLength { rank } => tr!("error-position-rank-length", { "rank" => *rank }),
        P::RankDigits { rank } => tr!("error-position-rank-digits", { "rank" => *rank }),
        P::RankCharacter { rank, character } => tr!("error-position-rank-character", {
            "rank" => *rank,
            "character" => character.to_string(),
        }),
        P::Field { field, text } => tr!("error-position-field", {
            "field" => field.token(),
            "text" => text.clone(),
        }),
        P::WrongSize { found, expected } => tr!("error-position-wrong-size", {
            "found" => *found,
            "expected" => *expected,
        }),
        P::OffBoard => tr!("error-position-off-board"),
        P::SharedSquare => tr!("error-position-shared-square"),
        P::TooManySoldiers {
            side: s,
            found,
            most,
        } => tr!("error-position-too-many", {
            "side" => side(s),
            "found" => *found,
            "most" => *most,
        }),
        P::TurnZero => tr!("error-position-turn-zero"),
        P::SettingState => tr!("error-position-setting-state"),
        P::SoldierOnMalha => tr!("error-position-on-malha"),
        P::CapturedWhileSetting => tr!("error-position-captured-while-setting"),
        P::SettingTurn { side: s } => tr!("error-position-setting-turn", { "side" => side(s) }),
        P::MalhaAccess => tr!("error-position-malha-access"),
        P::FirstTurnMark => tr!("error-position-first-turn"),
        P::ChainSoldier { square } => {
            tr!("error-position-chain-soldier", { "square" => square.to_string() })
        }
        P::ChainNoCapture { square } => {
            tr!("error-position-chain-no-capture", { "square" => square.to_string() })
        }
        P::ExchangeNotKharbga => tr!("error-position-exchange-not-kharbga"),
        P::ExchangeTiming => tr!("error-position-exchange-timing"),
        P::ExchangeTurn { waiting } => {
            tr!("error-position-exchange-turn", { "side" => side(waiting) })
        }
        P::ExchangeSoldier { square } => {
            tr!("error-position-exchange-soldier", { "square" => square.to_string() })
        }
        P::ExchangeOffers => tr!("error-position-exchange-offers"),
        P::ExchangeTooFew => tr!("error-position-exchange-too-few"),
        P::WouldHavePassed { side: s } => {
            tr!("error-position-would-have-passed", { "side" => side(s) })
        }
        P::Unpromoted { square } => {
            tr!("error-position-unpromoted", { "square" => square.to_string() })
        }
        P::AlreadyOver { outcome } => {
            let reason = tr!("result-reason", {
                "reason" => reason_token(*outcome, variant.unwrap_or(Variant::Kharbga)),
            });
            match outcome.winner {
                Some(winner) => tr!("error-position-already-lost", {
                    "side" => side(&winner.opponent()),
                    "reason" => reason,
                }),
                None => tr!("error-position-already-drawn", { "reason" => reason }),
            }
        }
    }
}

/// Why a rule specification cannot be read.
pub fn rules_error(error: &RulesError) -> String {
    match error {
        RulesError::UnknownVariant(text) => tr!("error-rules-unknown-variant", {
            "text" => text.clone(),
            "games" => Variant::tokens(", "),
        }),
        RulesError::NotKeyValue(text) => {
            tr!("error-rules-not-key-value", { "text" => text.clone() })
        }
        RulesError::Twice(key) => tr!("error-rules-twice", { "key" => key.clone() }),
        RulesError::BadValue { key, value } => tr!("error-rules-bad-value", {
            "key" => key.clone(),
            "value" => value.clone(),
        }),
        RulesError::UnknownOption(key) => {
            tr!("error-rules-unknown-option", { "key" => key.clone() })
        }
    }
}

/// What is wrong in a record, without where.
fn record_problem(kind: &R) -> String {
    match kind {
        R::TagName => tr!("error-record-tag-name"),
        R::TagValue { tag } => tr!("error-record-tag-value", { "tag" => tag.clone() }),
        R::TagEscape => tr!("error-record-tag-escape"),
        R::TagUnclosed { tag } => tr!("error-record-tag-unclosed", { "tag" => tag.clone() }),
        R::TagBracket { tag } => tr!("error-record-tag-bracket", { "tag" => tag.clone() }),
        R::TagTwice { tag } => tr!("error-record-tag-twice", { "tag" => tag.clone() }),
        R::NoVariant => tr!("error-record-no-variant"),
        R::Variant(e) => tr!("error-record-variant", { "detail" => rules_error(e) }),
        R::Option { tag, value } => tr!("error-record-option", {
            "tag" => tag.clone(),
            "text" => value.clone(),
        }),
        R::Position(e) => {
            tr!("error-record-position", { "detail" => position_error(e, None) })
        }
        R::CommentUnclosed => tr!("error-record-comment-unclosed"),
        R::AfterResult => tr!("error-record-after-result"),
        R::NotAPly { text } => tr!("error-record-not-a-ply", { "text" => text.clone() }),
        R::Illegal { ply, to_move } => tr!("error-record-illegal", {
            "text" => ply.clone(),
            "side" => side_name(None, *to_move),
        }),
        R::AfterEnd { ply } => tr!("error-record-after-end", { "text" => ply.clone() }),
        R::ResultMismatch { movetext, tag } => tr!("error-record-result-mismatch", {
            "text" => movetext.clone(),
            "other" => tag.clone(),
        }),
        R::BadResult { text } => tr!("error-record-bad-result", { "text" => text.clone() }),
        R::UnknownReason { text } => {
            tr!("error-record-unknown-reason", { "text" => text.clone() })
        }
        R::NeedsReason { result } => {
            tr!("error-record-needs-reason", { "text" => result.clone() })
        }
        R::Contradicts { result, .. } => {
            tr!("error-record-contradicts", { "text" => result.clone() })
        }
    }
}

/// Why a record cannot be read, with its line and column.
pub fn record_error(error: &RecordError) -> String {
    tr!("error-record", {
        "line" => error.line,
        "column" => error.column,
        "message" => record_problem(&error.kind),
    })
}

/// Why a share link cannot be opened.
pub fn share_error(error: &ShareError) -> String {
    match error {
        ShareError::Newer(v) => tr!("error-link-newer", { "number" => *v }),
        ShareError::NotALink => tr!("error-link-not-a-link"),
        ShareError::FieldCount(n) => tr!("error-link-field-count", { "number" => *n }),
        ShareError::Text => tr!("error-link-text"),
        ShareError::Rules(e) => tr!("error-link-rules", { "detail" => rules_error(e) }),
        ShareError::Position(e) => {
            tr!("error-link-position", { "detail" => position_error(e, None) })
        }
        ShareError::PlyCode => tr!("error-link-ply-code"),
        ShareError::NotAPly(n) => tr!("error-link-not-a-ply", { "number" => *n }),
        ShareError::Illegal { index, ply } => tr!("error-link-illegal", {
            "number" => *index,
            "ply" => ply.to_string(),
        }),
        ShareError::Ending => tr!("error-link-ending"),
    }
}

/// Why a saved game cannot be read.
pub fn load_error(error: &LoadError) -> String {
    match error {
        LoadError::Unreadable => tr!("error-saved-unreadable"),
        LoadError::Fields => tr!("error-saved-fields"),
        LoadError::Record(e) => tr!("error-saved-record", { "detail" => record_error(e) }),
        LoadError::Newer(v) => tr!("error-saved-newer", { "version" => *v }),
    }
}

/// Why the computer player's worker cannot be used.
pub fn worker_failure(failure: Failure) -> String {
    tr!("computer-failed", { "reason" => failure.token() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{catalogue, I18n, LANGUAGES};
    use leptos::prelude::*;

    #[test]
    fn the_unknown_game_error_names_every_game_in_every_language() {
        Owner::new().with(|| {
            let bundles = LANGUAGES
                .iter()
                .map(|language| {
                    let path = format!(
                        "{}/locales/{}/main.ftl",
                        env!("CARGO_MANIFEST_DIR"),
                        language.id
                    );
                    let text = std::fs::read_to_string(path).expect("the language's file");
                    (language.id, catalogue(language, &text))
                })
                .collect();
            let language = RwSignal::new(&LANGUAGES[0]);
            let i18n = I18n {
                language,
                texts: Memo::new(move |_| language.get()),
                bundles: StoredValue::new_local(bundles),
            };
            provide_context(i18n);
            for language in &LANGUAGES {
                i18n.language.set(language);
                let text = rules_error(&RulesError::UnknownVariant("chess".into()));
                assert!(text.contains("chess"), "{}: {text}", language.id);
                for variant in Variant::ALL {
                    assert!(text.contains(variant.token()), "{}: {text}", language.id);
                }
            }
        });
    }
}
