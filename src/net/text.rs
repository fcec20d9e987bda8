//! Names and chat lines from people and peers: control characters and the
//! invisible format characters that could turn the text around them (bidi
//! overrides, isolates and marks, zero-width spaces…) are dropped, and
//! lengths are bounded, before anything is shown or saved.

use crate::engine::Record;

/// The longest name, in characters.
pub const MAX_NAME: usize = 40;

/// Invisible characters dropped from names and chat: the bidi
/// embeddings, overrides, isolates and marks (which can reverse how a name
/// or the text after it reads), zero-width spaces and joiners of words,
/// invisible operators, the byte-order mark, interlinear annotations, tag
/// characters, and the other characters Unicode marks as ignorable that
/// draw nothing: the Hangul fillers (`Amel` and `Amel` + U+3164 would show
/// the same), the grapheme joiner, variation selectors, the Mongolian
/// separators, Khmer's inherent vowels, shorthand and musical format
/// controls. Zero-width (non-)joiners, which Persian and Arabic spelling
/// need, stay.
pub fn is_hidden_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
        | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}' | '\u{200E}' | '\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
        | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Letters of other scripts that look like Latin ones, and the Latin
/// letter each looks like (Cyrillic, then Greek, then a few others).
const LOOKALIKES: [(char, char); 31] = [
    ('а', 'a'),
    ('в', 'b'),
    ('е', 'e'),
    ('к', 'k'),
    ('м', 'm'),
    ('н', 'h'),
    ('о', 'o'),
    ('р', 'p'),
    ('с', 'c'),
    ('т', 't'),
    ('у', 'y'),
    ('х', 'x'),
    ('і', 'i'),
    ('ј', 'j'),
    ('ѕ', 's'),
    ('ԁ', 'd'),
    ('һ', 'h'),
    ('ӏ', 'l'),
    ('α', 'a'),
    ('ο', 'o'),
    ('ν', 'v'),
    ('ρ', 'p'),
    ('ι', 'i'),
    ('κ', 'k'),
    ('υ', 'u'),
    ('ı', 'i'),
    ('ℓ', 'l'),
    ('0', 'o'),
    ('1', 'l'),
    ('|', 'l'),
    ('ǀ', 'l'),
];

/// What a name looks like to a person, roughly: without what draws
/// nothing, in lower case, every run of spaces one space, combining marks
/// dropped, full-width letters as ASCII, and letters of other scripts that
/// look like Latin ones as those (a Cyrillic `а` is an `a`; `I`, `l`
/// and `1` are one). Two names with the same skeleton look the same.
fn skeleton(name: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in strip_text(name).chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if ('\u{0300}'..='\u{036F}').contains(&c) {
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            'I' => 'l',
            c => c,
        };
        for lower in c.to_lowercase() {
            let seen = LOOKALIKES
                .iter()
                .find(|(like, _)| *like == lower)
                .map_or(lower, |(_, latin)| *latin);
            out.push(seen);
        }
    }
    out
}

/// True when two names would look the same to a person (see
/// [`skeleton`]): `Amel` and `Amel` with an invisible filler, `AMEL` and
/// `amel`, a Latin and a Cyrillic `a`.
pub fn looks_same(a: &str, b: &str) -> bool {
    skeleton(a) == skeleton(b)
}

/// `name` as the second player's, told apart from `other`'s when the two
/// would look the same (a ` 2` after it, within the length of a name).
pub fn distinct_name(other: &str, name: &str) -> String {
    let name = clean_name(name);
    if !looks_same(other, &name) {
        return name;
    }
    let mut kept: String = name.chars().take(MAX_NAME - 2).collect();
    kept.truncate(kept.trim_end().len());
    format!("{kept} 2")
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
