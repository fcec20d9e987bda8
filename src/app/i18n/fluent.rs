//! The page's Fluent runtime: the part of Fluent our `locales/` files use,
//! read and formatted exactly as fluent-rs (the reference implementation)
//! does, in a few kilobytes of wasm instead of fifty.
//!
//! Why not fluent-bundle in the page: it parses any FTL with full error
//! recovery and carries the CLDR plural rules of every language, about 50 KB
//! of the first load, which has a 300 KB budget. What is read here: messages
//! (`id = pattern`, continued on indented lines), text, placeables with a
//! variable (`{ $name }`) or a string literal (`{"}"}`), and select
//! expressions on a variable with identifier or number keys and a default
//! (`*[key]`), nested at will. Numbers select by exact value, then by their
//! plural category in English, French or Arabic (CLDR). Placeables are
//! wrapped in Unicode isolation marks as fluent-rs does. Comments and blank
//! lines are skipped; anything else is a [`SyntaxError`].
//!
//! `tests/native/translations.rs` formats every message of every language
//! here and with fluent-bundle, for every selector key, and requires the
//! same text.

use std::borrow::Cow;

/// An argument's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text.
    Str(Cow<'static, str>),
    /// A number (written with the language's separators).
    Num(f64),
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(Cow::Owned(s))
    }
}

impl From<&'static str> for Arg {
    fn from(s: &'static str) -> Arg {
        Arg::Str(Cow::Borrowed(s))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64, f64);

/// A select expression's key.
#[derive(Clone, Debug, PartialEq)]
enum Key {
    Name(String),
    Number(f64),
}

/// A part of a pattern.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    Text(String),
    /// `{ "…" }`: never isolated.
    Literal(String),
    Variable(String),
    Select {
        variable: String,
        variants: Vec<(Key, Pattern)>,
        default: usize,
    },
}

/// A message's value.
#[derive(Clone, Debug, PartialEq, Default)]
struct Pattern(Vec<Part>);

/// What is wrong in a Fluent text, with its line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line.
    pub line: usize,
    /// What.
    pub what: &'static str,
}

/// The messages of one language.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    /// Sorted by id.
    messages: Vec<(String, Pattern)>,
    /// The language's tag: its plural rules.
    language: String,
}

/// How a language writes numbers (the page's formatter).
pub type NumberFormat = fn(f64) -> String;

impl Catalogue {
    /// Reads the Fluent text of `language`.
    ///
    /// # Errors
    /// The first construct this reader does not take, with its line.
    pub fn parse(language: &str, text: &str) -> Result<Catalogue, SyntaxError> {
        let mut messages = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            if line.trim().is_empty() || line.starts_with('#') {
                i += 1;
                continue;
            }
            let error = |what| SyntaxError { line: i + 1, what };
            let (id, first) = line.split_once(" = ").ok_or(error("not `id = value`"))?;
            let valid_id = id.starts_with(|c: char| c.is_ascii_alphabetic())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !valid_id {
                return Err(error("a message id"));
            }
            // The value: the first line, then the indented lines after it.
            let mut value = first.to_owned();
            let start = i;
            i += 1;
            while i < lines.len() && (lines[i].starts_with(' ') || lines[i] == "}") {
                value.push('\n');
                value.push_str(lines[i]);
                i += 1;
            }
            let mut reader = Reader {
                chars: value.chars().collect(),
                at: 0,
                line: start + 1,
            };
            let pattern = reader.pattern(false)?;
            if reader.at < reader.chars.len() {
                return Err(reader.error("text after the value"));
            }
            messages.push((id.to_owned(), pattern));
        }
        messages.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Ok(Catalogue {
            messages,
            language: language.to_owned(),
        })
    }

    /// True when the catalogue has message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.find(id).is_some()
    }

    fn find(&self, id: &str) -> Option<&Pattern> {
        let at = self
            .messages
            .binary_search_by(|(m, _)| m.as_str().cmp(id))
            .ok()?;
        Some(&self.messages[at].1)
    }

    /// Message `id` with `args`, numbers written by `number`; `None` when
    /// there is no such message.
    pub fn format(&self, id: &str, args: &[(&str, Arg)], number: NumberFormat) -> Option<String> {
        let pattern = self.find(id)?;
        let mut out = String::new();
        self.write(pattern, args, number, &mut out);
        Some(out)
    }

    fn write(
        &self,
        pattern: &Pattern,
        args: &[(&str, Arg)],
        number: NumberFormat,
        out: &mut String,
    ) {
        let isolate = pattern.0.len() > 1;
        for part in &pattern.0 {
            match part {
                Part::Text(text) | Part::Literal(text) => out.push_str(text),
                Part::Variable(name) => {
                    if isolate {
                        out.push('\u{2068}');
                    }
                    match args.iter().find(|(n, _)| n == name) {
                        Some((_, Arg::Str(s))) => out.push_str(s),
                        Some((_, Arg::Num(n))) => out.push_str(&number(*n)),
                        None => {
                            out.push_str("{$");
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    if isolate {
                        out.push('\u{2069}');
                    }
                }
                Part::Select {
                    variable,
                    variants,
                    default,
                } => {
                    if isolate {
                        out.push('\u{2068}');
                    }
                    let value = args.iter().find(|(n, _)| n == variable).map(|(_, v)| v);
                    let chosen = variants
                        .iter()
                        .position(|(key, _)| self.matches(key, value))
                        .unwrap_or(*default);
                    self.write(&variants[chosen].1, args, number, out);
                    if isolate {
                        out.push('\u{2069}');
                    }
                }
            }
        }
    }

    fn matches(&self, key: &Key, value: Option<&Arg>) -> bool {
        match (key, value) {
            (Key::Name(k), Some(Arg::Str(s))) => k == s,
            (Key::Number(k), Some(Arg::Num(n))) => k == n,
            (Key::Name(k), Some(Arg::Num(n))) => plural_category(&self.language, *n) == k,
            _ => false,
        }
    }
}

/// The CLDR cardinal plural category of `n` in `language` (English,
/// French, Arabic; others as English). For Arabic numbers of 100 and more
/// this follows CLDR (`n % 100 = 3..10` is "few": 103 soldiers), where
/// fluent-rs's plural rules (intl_pluralrules 7) read `n % 100` as `n`.
pub fn plural_category(language: &str, n: f64) -> &'static str {
    let integer = n.fract() == 0.0;
    let i = n.abs().trunc();
    match language {
        "fr" => {
            if i == 0.0 || i == 1.0 {
                "one"
            } else if integer && i != 0.0 && i % 1_000_000.0 == 0.0 {
                "many"
            } else {
                "other"
            }
        }
        "ar" => {
            if !integer {
                return "other";
            }
            let m = i % 100.0;
            match i {
                0.0 => "zero",
                1.0 => "one",
                2.0 => "two",
                _ if (3.0..=10.0).contains(&m) => "few",
                _ if (11.0..=99.0).contains(&m) => "many",
                _ => "other",
            }
        }
        _ => {
            if integer && i == 1.0 {
                "one"
            } else {
                "other"
            }
        }
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    /// The line the value starts on (for errors).
    line: usize,
}

impl Reader {
    fn error(&self, what: &'static str) -> SyntaxError {
        let lines = self.chars[..self.at.min(self.chars.len())]
            .iter()
            .filter(|c| **c == '\n')
            .count();
        SyntaxError {
            line: self.line + lines,
            what,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn blank(&mut self) {
        while matches!(self.peek(), Some(' ' | '\n')) {
            self.at += 1;
        }
    }

    /// Text and placeables up to the end (or, in a variant, the line's end).
    fn pattern(&mut self, variant: bool) -> Result<Pattern, SyntaxError> {
        let mut parts = Vec::new();
        let mut text = String::new();
        while let Some(c) = self.peek() {
            match c {
                '\n' if variant => break,
                '\n' => return Err(self.error("text on a continuation line")),
                '{' => {
                    if !text.is_empty() {
                        parts.push(Part::Text(std::mem::take(&mut text)));
                    }
                    self.at += 1;
                    parts.push(self.placeable()?);
                }
                '}' => return Err(self.error("a `}` outside a placeable")),
                c => {
                    text.push(c);
                    self.at += 1;
                }
            }
        }
        // Fluent trims the spaces that end a line of text.
        let trimmed = text.trim_end_matches(' ');
        if !trimmed.is_empty() {
            parts.push(Part::Text(trimmed.to_owned()));
        }
        Ok(Pattern(parts))
    }

    /// After `{`: a variable, a string literal or a select expression, up to `}`.
    fn placeable(&mut self) -> Result<Part, SyntaxError> {
        self.blank();
        let part = match self.peek() {
            Some('"') => Part::Literal(self.string()?),
            Some('$') => {
                self.at += 1;
                let name = self.identifier()?;
                self.blank();
                if self.chars[self.at..].starts_with(&['-', '>']) {
                    self.at += 2;
                    self.select(name)?
                } else {
                    Part::Variable(name)
                }
            }
            _ => return Err(self.error("a placeable other than a variable or a string")),
        };
        self.blank();
        if self.peek() != Some('}') {
            return Err(self.error("a placeable without its `}`"));
        }
        self.at += 1;
        Ok(part)
    }

    fn identifier(&mut self) -> Result<String, SyntaxError> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            self.at += 1;
        }
        if start == self.at {
            return Err(self.error("a name"));
        }
        Ok(self.chars[start..self.at].iter().collect())
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some('\\') => {
                    let escaped = self.chars.get(self.at + 1).copied();
                    match escaped {
                        Some(c @ ('"' | '\\')) => out.push(c),
                        _ => return Err(self.error("an escape other than \\\" or \\\\")),
                    }
                    self.at += 2;
                }
                Some('\n') | None => return Err(self.error("a string without its `\"`")),
                Some(c) => {
                    out.push(c);
                    self.at += 1;
                }
            }
        }
    }

    /// After `$name ->`: the variants, one a line, up to (not past) `}`.
    fn select(&mut self, variable: String) -> Result<Part, SyntaxError> {
        let mut variants = Vec::new();
        let mut default = None;
        loop {
            self.blank();
            let star = self.peek() == Some('*');
            if star {
                self.at += 1;
            }
            if self.peek() != Some('[') {
                break;
            }
            self.at += 1;
            self.blank();
            let name = self.identifier()?;
            // Numeric keys are whole numbers here (read without float
            // parsing, which the page does not carry).
            let key = match name.parse::<u32>() {
                Ok(n) => Key::Number(f64::from(n)),
                Err(_) => Key::Name(name),
            };
            self.blank();
            if self.peek() != Some(']') {
                return Err(self.error("a variant key without its `]`"));
            }
            self.at += 1;
            while self.peek() == Some(' ') {
                self.at += 1;
            }
            let pattern = self.pattern(true)?;
            if star {
                if default.is_some() {
                    return Err(self.error("two default variants"));
                }
                default = Some(variants.len());
            }
            variants.push((key, pattern));
        }
        let default = default.ok_or(self.error("a select without a default variant"))?;
        Ok(Part::Select {
            variable,
            variants,
            default,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(n: f64) -> String {
        n.to_string()
    }

    #[test]
    fn selects_nest_and_placeables_are_isolated() {
        let text = "# a comment\n\nhello = Hello, { $name }!\nplies = { $n ->\n    [one] { $n } ply\n   *[other] { $n } plies\n}\nmixed = { $a }{ $b ->\n        [yes] , yes\n       *[no] {\"\"}\n    } end\n";
        let catalogue = Catalogue::parse("en", text).unwrap();
        let name = [("name", Arg::from("Amel"))];
        assert_eq!(
            catalogue.format("hello", &name, plain).as_deref(),
            Some("Hello, \u{2068}Amel\u{2069}!")
        );
        assert_eq!(
            catalogue
                .format("plies", &[("n", Arg::from(1u8))], plain)
                .as_deref(),
            Some("\u{2068}1\u{2069} ply")
        );
        assert_eq!(
            catalogue
                .format("plies", &[("n", Arg::from(3u8))], plain)
                .as_deref(),
            Some("\u{2068}3\u{2069} plies")
        );
        let both = [("a", Arg::from("A")), ("b", Arg::from("no"))];
        assert_eq!(
            catalogue.format("mixed", &both, plain).as_deref(),
            Some("\u{2068}A\u{2069}\u{2068}\u{2069} end")
        );
        assert_eq!(catalogue.format("nothing", &[], plain), None);
        // A missing argument shows its name, as fluent-rs does.
        assert_eq!(
            catalogue.format("hello", &[], plain).as_deref(),
            Some("Hello, \u{2068}{$name}\u{2069}!")
        );
    }

    #[test]
    fn plural_categories_follow_cldr() {
        let ar: Vec<&str> = [0.0, 1.0, 2.0, 5.0, 11.0, 100.0, 103.0]
            .iter()
            .map(|n| plural_category("ar", *n))
            .collect();
        assert_eq!(ar, ["zero", "one", "two", "few", "many", "other", "few"]);
        assert_eq!(plural_category("fr", 0.0), "one");
        assert_eq!(plural_category("fr", 2.0), "other");
        assert_eq!(plural_category("en", 0.0), "other");
        assert_eq!(plural_category("en", 1.0), "one");
    }

    #[test]
    fn what_this_reader_does_not_take_is_an_error_with_its_line() {
        for (text, line) in [
            ("ok = fine\nbad\n", 2),
            ("x = { -term }\n", 1),
            ("x = { $n ->\n    [a] A\n}\n", 3),
            ("x = { $n\n", 1),
            ("x = a } b\n", 1),
        ] {
            let error = Catalogue::parse("en", text).expect_err(text);
            assert_eq!(error.line, line, "{text:?}: {error:?}");
        }
    }
}
