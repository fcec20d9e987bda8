//! Reading the saved games of schemas 1 and 2, which were JSON objects, to
//! migrate them once. The page carries no JSON library for this (the entries
//! of schema 3 are text): a strict reader of JSON values, enough for any
//! JSON text, never panicking on a damaged one. Numbers are kept as their
//! text and read when asked for.

use std::collections::BTreeMap;

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object.
    Object(BTreeMap<String, Json>),
}

impl Json {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.get(key),
            _ => None,
        }
    }

    /// The value as a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(text) => Some(number_value(text)),
            _ => None,
        }
    }

    /// The value as a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(text) => Some(text),
            _ => None,
        }
    }

    /// The value as a boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// Reads a whole JSON text (`None` for anything else).
pub fn parse(text: &str) -> Option<Json> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let value = reader.value()?;
    reader.space();
    (reader.at == reader.bytes.len()).then_some(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Nesting, bounded: a hostile entry cannot exhaust the stack.
    depth: u32,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, word: &str) -> Option<()> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end)? == word.as_bytes()).then(|| self.at = end)
    }

    /// An array's or an object's body, from its opening bracket to `close`:
    /// `item` reads each element; commas between, none after the last.
    fn list(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.at += 1;
        self.depth += 1;
        self.space();
        if self.peek()? == close {
            self.at += 1;
        } else {
            loop {
                item(self)?;
                self.space();
                match self.peek()? {
                    b',' => self.at += 1,
                    c if c == close => {
                        self.at += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        self.depth -= 1;
        Some(())
    }

    fn value(&mut self) -> Option<Json> {
        self.space();
        if self.depth > 64 {
            return None;
        }
        match self.peek()? {
            b'n' => self.eat("null").map(|()| Json::Null),
            b't' => self.eat("true").map(|()| Json::Bool(true)),
            b'f' => self.eat("false").map(|()| Json::Bool(false)),
            b'"' => self.string().map(Json::String),
            b'[' => {
                let mut items = Vec::new();
                self.list(b']', |r| {
                    items.push(r.value()?);
                    Some(())
                })?;
                Some(Json::Array(items))
            }
            b'{' => {
                let mut members = BTreeMap::new();
                self.list(b'}', |r| {
                    r.space();
                    let key = r.string()?;
                    r.space();
                    r.eat(":")?;
                    let value = r.value()?;
                    members.insert(key, value);
                    Some(())
                })?;
                Some(Json::Object(members))
            }
            b'-' | b'0'..=b'9' => {
                let start = self.at;
                while matches!(
                    self.peek(),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.at += 1;
                }
                let text = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
                is_json_number(text).then(|| Json::Number(text.to_owned()))
            }
            _ => None,
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = std::str::from_utf8(self.bytes.get(self.at..self.at + 4)?).ok()?;
        self.at += 4;
        u32::from_str_radix(digits, 16).ok()
    }

    fn string(&mut self) -> Option<String> {
        self.eat("\"")?;
        let mut out = Vec::new();
        loop {
            let byte = self.peek()?;
            self.at += 1;
            match byte {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let escaped = self.peek()?;
                    self.at += 1;
                    let c = match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                self.eat("\\u")?;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return None;
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            char::from_u32(code)?
                        }
                        _ => return None,
                    };
                    let mut buffer = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
                }
                0..=0x1f => return None,
                byte => out.push(byte),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_the_earlier_versions_wrote() {
        let text = r#"{"schema":2,"id":"a","created":1.7e12,"title":null,"record":"[First \"Amel\"]\n\u00e9\ud83d\ude00","computer":{"plays_first":false,"level":"3"},"flipped":true,"list":[1,-2.5,[]]}"#;
        let value = parse(text).expect("valid JSON");
        assert_eq!(value.get("schema").and_then(Json::as_f64), Some(2.0));
        assert_eq!(value.get("created").and_then(Json::as_f64), Some(1.7e12));
        assert_eq!(value.get("title"), Some(&Json::Null));
        assert_eq!(
            value.get("record").and_then(Json::as_str),
            Some("[First \"Amel\"]\né😀")
        );
        assert_eq!(
            value
                .get("computer")
                .and_then(|c| c.get("level"))
                .and_then(Json::as_str),
            Some("3")
        );
        assert_eq!(value.get("flipped").and_then(Json::as_bool), Some(true));
    }

    #[test]
    fn numbers_read_by_hand_agree_with_the_float_parser() {
        for text in [
            "0",
            "-0",
            "2",
            "1700000000000",
            "1700000000000.0",
            "1.7e12",
            "1.7E+12",
            "-2.5",
            "0.001",
            "12345678901234567890123",
            "1e-5",
            "3.25e2",
            "1e400",
            "-1e-400",
            "9007199254740993",
            "0.1",
            "0e400",
            "0.0e309",
            "-0e-999",
            "1.2345678901234567e-300",
            "1e99999999999",
            "-1e-99999999999",
            "5e-310",
        ] {
            assert!(is_json_number(text), "{text}");
            let expected: f64 = text.parse().unwrap();
            let got = number_value(text);
            // Equal, or within rounding (subnormals: within a few of their steps).
            let close = got == expected
                || (got - expected).abs() <= expected.abs() * 1e-14
                || (expected.abs() < 1e-307 && (got - expected).abs() < 1e-320);
            assert!(close, "{text}: {got} against {expected}");
        }
        // Whole milliseconds are exact.
        assert_eq!(number_value("1700000000123.0"), 1_700_000_000_123.0);
    }

    #[test]
    fn refuses_what_is_not_json_without_panicking() {
        for bad in [
            "",
            "{",
            "{\"a\":}",
            "{\"a\":1,}",
            "[1 2]",
            "\"unclosed",
            "\"bad \\x escape\"",
            "\"\\ud800\"",
            "{\"schema\": 2, \"record\": tru",
            "1.2.3",
            "{} extra",
            &"[".repeat(1000),
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}

/// The value of `text`, a JSON number ([`is_json_number`]), read by hand:
/// the page carries no float parser for it. The first 18 significant
/// digits count (more than a save's times and counts have); the scaling is
/// by powers of ten (one step, exact for the whole milliseconds
/// `1700000000000.0` that earlier versions wrote; two steps beyond 1e308).
/// Zero is zero whatever its exponent, and an exponent too long for an
/// `i32` saturates.
fn number_value(text: &str) -> f64 {
    debug_assert!(is_json_number(text), "{text}");
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => {
            let exponent = &text[at + 1..];
            let saturated = if exponent.starts_with('-') { -400 } else { 400 };
            let exponent = exponent
                .trim_start_matches('+')
                .parse::<i32>()
                .unwrap_or(saturated)
                .clamp(-400, 400);
            (&text[..at], exponent)
        }
        None => (text, 0),
    };
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits: u64 = 0;
    let mut scale = exponent;
    for (i, byte) in whole.bytes().chain(fraction.bytes()).enumerate() {
        let in_fraction = i >= whole.len();
        if digits < 100_000_000_000_000_000 {
            digits = digits * 10 + u64::from(byte.saturating_sub(b'0'));
            scale -= i32::from(in_fraction);
        } else if !in_fraction {
            scale += 1;
        }
    }
    let mut value = digits as f64;
    if digits != 0 {
        // Beyond 1e308 a power of ten is infinite: scale in two steps.
        let mut rest = scale.abs();
        while rest > 0 {
            let step = rest.min(300);
            let ten = 10f64.powi(step);
            value = if scale < 0 { value / ten } else { value * ten };
            rest -= step;
        }
    }
    if negative {
        -value
    } else {
        value
    }
}

/// True when `text` is a number in JSON's grammar: `-`? int frac? exp?
/// (checked by hand: the page carries no float parser for it).
fn is_json_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = usize::from(bytes.first() == Some(&b'-'));
    let digits = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at - start
    };
    let int_start = at;
    let int = digits(&mut at);
    if int == 0 || (int > 1 && bytes[int_start] == b'0') {
        return false;
    }
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        if digits(&mut at) == 0 {
            return false;
        }
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        if digits(&mut at) == 0 {
            return false;
        }
    }
    at == bytes.len()
}

#[cfg(test)]
mod number_tests {
    use super::is_json_number;

    #[test]
    fn json_numbers_follow_the_grammar() {
        for good in ["0", "-0", "12", "3.25", "1e9", "-1.5E-3", "10e+2"] {
            assert!(is_json_number(good), "{good}");
        }
        for bad in [
            "", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1.2.3", "--1", "1-2",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }
}
