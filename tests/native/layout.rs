//! The house's shape, checked from the source: the page's modules import in
//! one direction only, a page is a binary and not a feature, and no file of
//! our own outgrows reading.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_of(dir, &["rs"], out);
}

/// Every file below `dir` whose extension is one of `extensions`, outside
/// `node_modules` and what the tools make (`target`, the end-to-end runs'
/// results and reports).
fn files_of(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    const MADE: [&str; 4] = [
        "node_modules",
        "target",
        "test-results",
        "playwright-report",
    ];
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path
                .file_name()
                .is_some_and(|n| MADE.iter().any(|m| n == *m))
            {
                files_of(&path, extensions, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// A file's text without its unit tests (they may reach anywhere).
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// The names `text` reaches under `prefix` (`crate::app::` → `play`, …).
fn reached<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.match_indices(prefix)
        .map(|(at, _)| {
            let rest = &text[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// The app's modules (`src/app/<name>.rs` or `src/app/<name>/`), and which
/// of the others each one imports; plus every place a module names the
/// shell's own items (`crate::app::<item>` that is no module), running
/// back up.
fn app_graph() -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let app = root().join("src/app");
    let modules: BTreeSet<String> = fs::read_dir(&app)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .filter(|name| name != "mod")
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut upward = Vec::new();
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    for file in files {
        let relative = file.strip_prefix(&app).unwrap().to_owned();
        let module = relative
            .components()
            .next()
            .and_then(|c| Path::new(c.as_os_str()).file_stem()?.to_str())
            .unwrap()
            .to_owned();
        if module == "mod" {
            continue;
        }
        let text = code(&file);
        let mut names = reached(&text, "crate::app::");
        // A file directly in src/app/ names its siblings as `super::`.
        if relative.components().count() == 1 {
            names.extend(reached(&text, "super::"));
        }
        for name in names {
            if modules.contains(name) {
                if name != module {
                    edges
                        .entry(module.clone())
                        .or_default()
                        .insert(name.to_owned());
                }
            } else {
                upward.push(format!("{}: crate::app::{name}", relative.display()));
            }
        }
    }
    (edges, upward)
}

/// A cycle of `edges`, if there is one (depth-first, by colour).
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

#[test]
fn the_app_modules_import_in_one_direction() {
    let (edges, upward) = app_graph();
    assert!(
        upward.is_empty(),
        "imports running back up:\n{}",
        upward.join("\n")
    );
    assert_eq!(cycle(&edges), None, "a cycle among app/'s modules");
    // The game screen knows a referee, not online play; the shell's table
    // of pages knows none of the pages.
    assert!(!edges["play"].contains("online"), "{:?}", edges["play"]);
    assert!(!edges["page"].contains("online"), "{:?}", edges["page"]);
    // (The check finds what it looks for.)
    assert!(edges["online"].contains("play"), "{:?}", edges["online"]);
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("a".into()).or_default().insert("b".into());
    edges.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&edges), None);
    edges.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle(&edges),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

/// Our own source: `src/` and `tests/` without the vendored
/// matchbox.
fn our_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("tests"), &mut files);
    files.retain(|f| {
        !f.starts_with(root().join("src/patched"))
            && !f.components().any(|c| c.as_os_str() == "target")
    });
    files
}

#[test]
fn a_page_is_a_binary_not_a_feature() {
    // What a page carries is what its binary reaches: a `cfg` naming a
    // feature is kept for the `ui` split (the CLI and the worker build
    // without Leptos) and nothing else.
    let mut lines = Vec::new();
    for file in our_files() {
        for (n, line) in fs::read_to_string(&file).unwrap().lines().enumerate() {
            if line.contains("cfg") && line.contains("feature =") {
                lines.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        lines.len() <= 10,
        "{} cfg lines name a feature:\n{}",
        lines.len(),
        lines.join("\n")
    );
    // Each page of the list (src/pages/pages.json) is a binary of the pages'
    // package, and each binary there a page of the list.
    let binaries: BTreeSet<String> = fs::read_dir(root().join("src/pages/src/bin"))
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path().file_stem()?.to_str()?.to_owned()))
        .collect();
    assert_eq!(crate::pages::binaries(), binaries);
}

#[test]
fn no_source_file_of_our_own_passes_900_lines() {
    // The sources and the tests: Rust, and the end-to-end scripts.
    let mut files = our_files();
    files_of(&root().join("tests"), &["js", "mjs"], &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("tests/native/net.rs"))
            && files.iter().any(|f| f.ends_with("tests/e2e/serve.mjs")),
        "the check reads the tests"
    );
    let long: Vec<String> = files
        .into_iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(&f).unwrap().lines().count();
            (lines > 900).then(|| format!("{}: {lines}", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
