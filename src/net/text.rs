//! Names and chat lines from people and peers: control characters and the
//! invisible format characters that could turn the text around them (bidi
//! overrides, isolates and marks, zero-width spaces…) are dropped, and
//! lengths are bounded, before anything is shown or saved.

use super::message::MAX_NAME;
use crate::engine::Record;

/// Invisible format characters dropped from names and chat: the bidi
/// embeddings, overrides, isolates and marks (which can reverse how a name
/// or the text after it reads), zero-width spaces and joiners of words,
/// invisible operators, the byte-order mark, interlinear annotations and
/// tag characters. Zero-width (non-)joiners, which Persian and Arabic
/// spelling need, stay.
pub fn is_hidden_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}' | '\u{200E}' | '\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// `text` without control and hidden format characters, trimmed.
pub fn strip_text(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control() && !is_hidden_format(*c))
        .collect::<String>()
        .trim()
        .to_owned()
}

/// A text fits in `max` characters and has no control or hidden format
/// characters.
pub fn clean_text(text: &str, max: usize) -> bool {
    text.chars().count() <= max && !text.chars().any(|c| c.is_control() || is_hidden_format(c))
}

/// A name as a player typed it: control and hidden format characters
/// dropped, trimmed, cut to the limit.
pub fn clean_name(name: &str) -> String {
    strip_text(name).chars().take(MAX_NAME).collect()
}

/// True when `text` could be a name.
pub fn is_name(text: &str) -> bool {
    clean_text(text, MAX_NAME) && !text.trim().is_empty()
}

/// True when a record's players' names may be shown and saved: each at
/// most [`MAX_NAME`] characters, with no control or hidden format
/// characters (empty while a seat is free).
pub fn names_fit(record: &Record) -> bool {
    clean_text(&record.first, MAX_NAME) && clean_text(&record.second, MAX_NAME)
}
