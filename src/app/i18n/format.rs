//! Numbers written the way each language writes them: the formatter every
//! translation bundle uses for its numeric arguments (so no number is
//! formatted in Rust and pasted into a sentence). Western digits in every
//! language, as in the Maghreb (`docs/i18n.md`); the group and decimal
//! separators follow the language.

/// How one language writes numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberStyle {
    /// Between groups of three digits (thousands).
    pub group: &'static str,
    /// Before the fraction.
    pub decimal: &'static str,
}

/// English: `12,345.6`.
pub const ENGLISH: NumberStyle = NumberStyle {
    group: ",",
    decimal: ".",
};

/// French: `12 345,6` (a narrow no-break space between groups).
pub const FRENCH: NumberStyle = NumberStyle {
    group: "\u{202F}",
    decimal: ",",
};

/// Arabic with Western digits: `12٬345٫6`.
pub const ARABIC: NumberStyle = NumberStyle {
    group: "\u{066C}",
    decimal: "\u{066B}",
};

/// The style of a language tag (`en`, `fr`, `ar`, …).
pub fn style_of(language: &str) -> NumberStyle {
    match language {
        "fr" => FRENCH,
        "ar" => ARABIC,
        _ => ENGLISH,
    }
}

/// `value` with `fraction` digits after the separator (groups of three
/// digits from 10 000 on, as the languages' style guides do for counts).
pub fn format_number(value: f64, fraction: usize, style: NumberStyle) -> String {
    // Whole numbers only, printed as integers: the page carries no
    // floating-point printing (several kilobytes of wasm).
    let scale = 10u64.pow(fraction.min(6) as u32);
    let scaled = (value.abs() * scale as f64).round() as u64;
    let whole = (scaled / scale).to_string();
    let part = (fraction > 0).then(|| {
        let digits = (scaled % scale).to_string();
        "0".repeat(fraction.min(6) - digits.len()) + &digits
    });
    let mut out = String::new();
    if value < 0.0 && scaled != 0 {
        out.push('-');
    }
    if whole.len() > 4 {
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                out.push_str(style.group);
            }
            out.push(digit);
        }
    } else {
        out.push_str(&whole);
    }
    if let Some(part) = part {
        out.push_str(style.decimal);
        out.push_str(&part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_writes_numbers_its_way() {
        assert_eq!(format_number(7.0, 0, ENGLISH), "7");
        assert_eq!(format_number(1234.0, 0, FRENCH), "1234");
        assert_eq!(format_number(12345.0, 0, ENGLISH), "12,345");
        assert_eq!(format_number(12345.0, 0, FRENCH), "12\u{202F}345");
        assert_eq!(
            format_number(1234567.0, 0, ARABIC),
            "1\u{066C}234\u{066C}567"
        );
        assert_eq!(format_number(2.5, 1, FRENCH), "2,5");
        assert_eq!(format_number(2.5, 1, ENGLISH), "2.5");
        assert_eq!(format_number(-0.04, 1, ENGLISH), "0.0");
        assert_eq!(format_number(-3.0, 0, ARABIC), "-3");
        assert_eq!(style_of("fr"), FRENCH);
        assert_eq!(style_of("de"), ENGLISH);
    }
}
