//! The translation check: every `tr!` call in `src/` names a message that
//! every language in `locales/` has, passes exactly the variables the
//! message uses (inside select variants too), and every message is used;
//! every Fluent file parses without errors. What leptos-fluent checked when
//! the crate compiled, now a test over the same files.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

const LANGUAGES: [&str; 3] = ["en", "fr", "ar"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A `tr!` call: where, the message id and the argument names.
#[derive(Debug)]
struct Call {
    at: String,
    id: String,
    args: BTreeSet<String>,
}

/// The string literal starting at `i` (on the quote) and the index after it.
fn string_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    if chars.get(i) != Some(&'"') {
        return None;
    }
    let mut out = String::new();
    let mut j = i + 1;
    while let Some(&c) = chars.get(j) {
        match c {
            '\\' => {
                out.push(*chars.get(j + 1)?);
                j += 2;
            }
            '"' => return Some((out, j + 1)),
            c => {
                out.push(c);
                j += 1;
            }
        }
    }
    None
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// Every `tr!` call of a source file (comments skipped).
fn calls_in(path: &Path) -> Vec<Call> {
    let text = fs::read_to_string(path).expect("a source file");
    let code: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let chars: Vec<char> = code.chars().collect();
    let mut calls = Vec::new();
    let mut i = 0;
    while i + 4 < chars.len() {
        let is_call = chars[i..i + 4] == ['t', 'r', '!', '(']
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !is_call {
            i += 1;
            continue;
        }
        let line = chars[..i].iter().filter(|c| **c == '\n').count() + 1;
        let at = format!("{}:{line}", path.display());
        let start = skip_space(&chars, i + 4);
        let Some((id, mut j)) = string_at(&chars, start) else {
            // The macro's own definition (`$id:literal`).
            i += 4;
            continue;
        };
        let mut args = BTreeSet::new();
        j = skip_space(&chars, j);
        if chars.get(j) == Some(&',') {
            j = skip_space(&chars, j + 1);
            if chars.get(j) == Some(&'{') {
                // Keys sit at depth 1 of the braces, outside any nested call.
                let mut depth = 0;
                let mut k = j;
                while k < chars.len() {
                    match chars[k] {
                        '{' | '(' | '[' => depth += 1,
                        '}' | ')' | ']' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        '"' => {
                            let (s, next) = string_at(&chars, k).expect("a closed string");
                            let after = skip_space(&chars, next);
                            if depth == 1 && chars[after..].starts_with(&['=', '>']) {
                                args.insert(s);
                            }
                            k = next;
                            continue;
                        }
                        _ => {}
                    }
                    k += 1;
                }
            }
        }
        calls.push(Call { at, id, args });
        i = start;
    }
    calls
}

fn inline_variables(expression: &InlineExpression<String>, out: &mut BTreeSet<String>) {
    match expression {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.clone());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
            for named in &arguments.named {
                inline_variables(&named.value, out);
            }
        }
        _ => {}
    }
}

fn expression_variables(expression: &Expression<String>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, out),
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
    }
}

fn pattern_variables(pattern: &Pattern<String>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

/// The Fluent files of a language: `main.ftl` (every page) and each
/// page's own (src/pages/pages.json).
fn files() -> Vec<String> {
    crate::pages::fluent_files()
}

/// The files built only into a page of their own, and the Fluent file
/// that page adds: their messages may live there.
const PAGE_ONLY: [(&str, &str); 19] = [
    ("src/app/online/settings.rs", "online.ftl"),
    ("src/app/online/mod.rs", "online.ftl"),
    ("src/app/online/hooks.rs", "online.ftl"),
    ("src/app/online/page.rs", "online.ftl"),
    ("src/app/online/views.rs", "online.ftl"),
    ("src/app/online/quick.rs", "online.ftl"),
    ("src/app/online/screen.rs", "online.ftl"),
    ("src/app/learn/screen.rs", "learn.ftl"),
    ("src/app/learn/puzzles.rs", "learn.ftl"),
    ("src/app/study/screen.rs", "study.ftl"),
    ("src/app/study/analysis_screen.rs", "study.ftl"),
    ("src/app/study/review_panel.rs", "study.ftl"),
    ("src/app/tournament/mod.rs", "tournament.ftl"),
    ("src/app/tournament/follow.rs", "tournament.ftl"),
    ("src/app/tournament/hub.rs", "tournament.ftl"),
    ("src/app/tournament/local.rs", "tournament.ftl"),
    ("src/app/tournament/progress.rs", "tournament.ftl"),
    ("src/app/tournament/setup.rs", "tournament.ftl"),
    ("src/app/tournament/tables.rs", "tournament.ftl"),
];

/// The messages of one language with the variables each uses.
fn messages(language: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for file in files() {
        file_messages(language, &file, &mut out);
    }
    out
}

fn file_messages(language: &str, file: &str, out: &mut BTreeMap<String, BTreeSet<String>>) {
    let path = root().join("locales").join(language).join(file);
    let text = fs::read_to_string(&path).expect("a Fluent file");
    let resource = fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", path.display()));
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let mut variables = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_variables(value, &mut variables);
                }
                assert!(
                    out.insert(message.id.name.clone(), variables).is_none(),
                    "{language}: {} twice",
                    message.id.name
                );
            }
            Entry::Junk { content } => panic!("{language}: junk {content:?}"),
            _ => {}
        }
    }
}

#[test]
fn every_text_exists_in_every_language_with_its_arguments() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut calls: Vec<Call> = files.iter().flat_map(|f| calls_in(f)).collect();
    assert!(
        calls.len() > 150,
        "the scan finds the calls ({})",
        calls.len()
    );
    // The lessons name their texts as data.
    for lesson in kharbga::learn::LESSONS {
        for id in lesson.message_ids() {
            calls.push(Call {
                at: format!("lesson {}", lesson.id),
                id,
                args: BTreeSet::new(),
            });
        }
    }
    // The puzzles' themes are named by their tokens.
    for theme in kharbga::learn::puzzle::Theme::ALL {
        calls.push(Call {
            at: "puzzle themes".to_owned(),
            id: format!("puzzle-theme-{}", theme.token()),
            args: BTreeSet::new(),
        });
    }
    let mut problems = Vec::new();
    let english = messages("en");
    for language in LANGUAGES {
        let messages = messages(language);
        let ids: BTreeSet<&String> = messages.keys().collect();
        let english_ids: BTreeSet<&String> = english.keys().collect();
        if ids != english_ids {
            problems.push(format!(
                "{language} and en differ: {:?}",
                ids.symmetric_difference(&english_ids).collect::<Vec<_>>()
            ));
        }
        for call in &calls {
            match messages.get(&call.id) {
                None => problems.push(format!("{}: {language} has no {}", call.at, call.id)),
                Some(variables) => {
                    let missing: Vec<_> = variables.difference(&call.args).collect();
                    if !missing.is_empty() {
                        problems.push(format!(
                            "{}: {} in {language} uses {missing:?}, not given",
                            call.at, call.id
                        ));
                    }
                }
            }
        }
        for id in messages.keys() {
            if !calls.iter().any(|c| &c.id == id) {
                problems.push(format!("{language}: {id} is never used"));
            }
        }
    }
    // An argument no language uses is a mistake too.
    for call in &calls {
        let used: BTreeSet<String> = LANGUAGES
            .iter()
            .filter_map(|l| messages(l).get(&call.id).cloned())
            .flatten()
            .collect();
        for arg in call.args.difference(&used) {
            problems.push(format!(
                "{}: {} gets {arg}, used by no language",
                call.at, call.id
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_reads_nested_calls_and_skips_comments() {
    let path = std::env::temp_dir().join("kharbga-translations-scan.rs");
    fs::write(
        &path,
        "// tr!(\"ignored\")\nlet a = tr!(\"outer\", { \"x\" => tr!(\"inner\", { \"y\" => 1 }), \"z\" => f(\"w\") });\n",
    )
    .unwrap();
    let calls = calls_in(&path);
    let found: Vec<(String, Vec<String>)> = calls
        .into_iter()
        .map(|c| (c.id, c.args.into_iter().collect()))
        .collect();
    assert_eq!(
        found,
        [
            ("outer".to_owned(), vec!["x".to_owned(), "z".to_owned()]),
            ("inner".to_owned(), vec!["y".to_owned()]),
        ]
    );
}

/// The variables of a message and, for those a select expression reads,
/// the keys of its variants (`Some(number)` for number keys).
#[cfg(feature = "ui")]
fn selector_keys(
    pattern: &Pattern<String>,
    out: &mut BTreeMap<String, Vec<(String, Option<f64>)>>,
) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_keys(expression, out);
        }
    }
}

#[cfg(feature = "ui")]
fn expression_keys(
    expression: &Expression<String>,
    out: &mut BTreeMap<String, Vec<(String, Option<f64>)>>,
) {
    match expression {
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                for variant in variants {
                    let key = match &variant.key {
                        fluent_syntax::ast::VariantKey::Identifier { name } => (name.clone(), None),
                        fluent_syntax::ast::VariantKey::NumberLiteral { value } => {
                            (value.clone(), value.parse().ok())
                        }
                    };
                    out.entry(id.name.clone()).or_default().push(key);
                    selector_keys(&variant.value, out);
                }
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_keys(expression, out)
        }
        Expression::Inline(_) => {}
    }
}

// The page's reader is part of the page (the `ui` feature).
#[cfg(feature = "ui")]
#[test]
fn the_page_formats_every_message_as_fluent_rs_does() {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
    use kharbga::app::i18n::fluent::{Arg, Catalogue};
    use kharbga::app::i18n::format::{format_number, style_of};

    let mut compared = 0;
    for (language, file) in LANGUAGES
        .iter()
        .flat_map(|l| files().into_iter().map(move |f| (*l, f)))
    {
        let path = root().join("locales").join(language).join(&file);
        let text = fs::read_to_string(&path).unwrap();
        let ours =
            Catalogue::parse(language, &text).unwrap_or_else(|e| panic!("{language}: {e:?}"));
        let resource = FluentResource::try_new(text.clone()).expect("valid FTL");
        let mut bundle = FluentBundle::new(vec![language
            .parse::<unic_langid::LanguageIdentifier>()
            .unwrap()]);
        bundle.add_resource(resource).unwrap();
        bundle.set_formatter(Some(match language {
            "fr" => |v: &FluentValue, _: &_| match v {
                FluentValue::Number(n) => Some(format_number(n.value, 0, style_of("fr"))),
                _ => None,
            },
            "ar" => |v: &FluentValue, _: &_| match v {
                FluentValue::Number(n) => Some(format_number(n.value, 0, style_of("ar"))),
                _ => None,
            },
            _ => |v: &FluentValue, _: &_| match v {
                FluentValue::Number(n) => Some(format_number(n.value, 0, style_of("en"))),
                _ => None,
            },
        }));
        let ast = fluent_syntax::parser::parse(text.clone()).unwrap();
        for entry in ast.body {
            let Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name;
            let Some(value) = &message.value else {
                continue;
            };
            let mut variables = BTreeSet::new();
            pattern_variables(value, &mut variables);
            let mut keys = BTreeMap::new();
            selector_keys(value, &mut keys);
            // Argument sets: plain values, then each selector's every key
            // (and numbers of every plural category).
            let plain: Vec<(String, Arg)> = variables
                .iter()
                .map(|v| (v.clone(), Arg::from(format!("«{v}»"))))
                .collect();
            let mut sets = vec![plain.clone()];
            // Grouped digits; and a number ≥ 100 whose last two digits put
            // it in no Arabic category but "other" (fluent-rs's plural rules
            // read Arabic's `n % 100` as `n`: the page follows CLDR there,
            // see `fluent::plural_category`).
            let numbered: Vec<(String, Arg)> = variables
                .iter()
                .map(|v| (v.clone(), Arg::from(12300u32)))
                .collect();
            sets.push(numbered);
            for (variable, variable_keys) in &keys {
                let mut values: Vec<Arg> = Vec::new();
                for (key, number) in variable_keys {
                    values.push(match number {
                        Some(n) => Arg::from(*n),
                        None => Arg::from(key.clone()),
                    });
                }
                for n in [0u32, 1, 2, 3, 5, 11, 21, 100, 1_000_000] {
                    values.push(Arg::from(n));
                }
                for value in values {
                    let mut set = plain.clone();
                    for (name, arg) in set.iter_mut() {
                        if name == variable {
                            *arg = value.clone();
                        }
                    }
                    sets.push(set);
                }
            }
            let pattern = bundle
                .get_message(&id)
                .and_then(|m| m.value())
                .expect("the message");
            for set in sets {
                let mut args = FluentArgs::new();
                for (name, arg) in &set {
                    match arg {
                        Arg::Str(s) => args.set(name.clone(), s.to_string()),
                        Arg::Num(n) => args.set(name.clone(), *n),
                    }
                }
                let mut errors = Vec::new();
                let reference = bundle
                    .format_pattern(pattern, Some(&args), &mut errors)
                    .into_owned();
                let ours_args: Vec<(&str, Arg)> =
                    set.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
                let formatted = ours
                    .format(
                        &id,
                        &ours_args,
                        match language {
                            "fr" => |n| format_number(n, 0, style_of("fr")),
                            "ar" => |n| format_number(n, 0, style_of("ar")),
                            _ => |n| format_number(n, 0, style_of("en")),
                        },
                    )
                    .expect("our reader has it");
                assert_eq!(formatted, reference, "{language} {id} {set:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "{compared} texts compared");
}

#[test]
fn the_first_page_finds_its_messages_in_main_ftl() {
    // What the first page shows must be in the file it reads: only a
    // page's own screens may use the page's file.
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    for language in LANGUAGES {
        let mut main = BTreeMap::new();
        file_messages(language, "main.ftl", &mut main);
        let mut problems = Vec::new();
        for file in &files {
            let relative = file
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let page_file = PAGE_ONLY
                .iter()
                .find(|(f, _)| *f == relative)
                .map(|(_, ftl)| *ftl);
            let mut allowed = main.clone();
            if let Some(ftl) = page_file {
                file_messages(language, ftl, &mut allowed);
            }
            for call in calls_in(file) {
                if !allowed.contains_key(&call.id) {
                    problems.push(format!(
                        "{}: {} is not in {language}/main.ftl",
                        call.at, call.id
                    ));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
    // And the page files hold something (the split is real).
    let mut online = BTreeMap::new();
    file_messages("en", "online.ftl", &mut online);
    assert!(online.len() > 20);
}
