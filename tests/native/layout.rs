//! The house's shape, checked from the source: the crate's rooms (its
//! top-level modules and the binaries) are layered, lowest first, as
//! [`ROOMS`] lists them (and `docs/code.md` tells); no file of `src/` takes
//! part in a cycle of files; the page's modules import in one direction
//! only, a page is a binary and not a feature, and no file of our own
//! outgrows reading.

mod files;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use files::Graph;

/// The crate's rooms, lowest first: a room's files may name the rooms
/// before it and never one after it (`crate::x::`, `kharbga::x::`,
/// `super::` climbing out, a re-export). `docs/code.md` says the same.
const ROOMS: [&str; 11] = [
    "engine",
    "percent",
    "ai",
    "learn",
    "tournament",
    "net",
    "store",
    "cli",
    "app",
    "pages",
    "bin",
];

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
            // (Cargo features: a target's, `target_feature`, is the CPU's.)
            if line.contains("cfg") && line.replace("target_feature", "").contains("feature =") {
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
fn the_browser_storage_is_reached_through_one_door() {
    // The library's files (the Rust of `src/`, unit tests aside): only
    // `store/local.rs` names gloo-storage or the browser's storage, and
    // there `web_sys` reaches it once, in the probe (`fn present`); every
    // read and write goes through gloo's `LocalStorage`.
    const DOOR: &str = "src/store/local.rs";
    // (`"localStorage"`: the property by name, through `js_sys::Reflect`.)
    let words = [
        "gloo_storage",
        "local_storage",
        "LocalStorage::",
        "web_sys::Storage",
        "\"localStorage\"",
    ];
    let mut outside = Vec::new();
    for file in our_files() {
        let name = file
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if !name.starts_with("src/") || name == DOOR {
            continue;
        }
        let text = code(&file);
        for (n, line) in text.lines().enumerate() {
            let line = line.split("//").next().unwrap_or_default();
            if let Some(word) = words.iter().find(|w| line.contains(*w)) {
                outside.push(format!("{name}:{}: {word}", n + 1));
            }
        }
    }
    assert!(
        outside.is_empty(),
        "storage reached outside {DOOR}:\n{}",
        outside.join("\n")
    );
    let door = code(&root().join(DOOR));
    let probe = door.find("fn present(").expect("the probe");
    let probe_end = probe + door[probe..].find("\n}\n").expect("the probe's end");
    let web = door
        .match_indices(".local_storage()")
        .map(|(at, _)| at)
        .collect::<Vec<_>>();
    assert_eq!(web.len(), 1, "web_sys reaches the storage once");
    assert!(
        (probe..probe_end).contains(&web[0]),
        "web_sys reaches the storage in the probe only"
    );
    assert!(
        door.contains("LocalStorage::raw()") && door.contains("gloo_storage"),
        "reads and writes go through gloo-storage"
    );
    assert!(
        fs::read_to_string(root().join("Cargo.toml"))
            .unwrap()
            .contains("\ngloo-storage = "),
        "gloo-storage is a dependency"
    );
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

/// The room of a file of `src/`: its folder or its name (`src/cli.rs` is
/// `cli`); `None` for the library's root, which only declares the rooms.
fn room_of(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("src/")?;
    let room = rest.split('/').next()?;
    let room = room.strip_suffix(".rs").unwrap_or(room);
    (room != "lib").then_some(room)
}

/// Every place a file of a lower room names a higher room (or a room the
/// order does not know), as `file:line: path (room → room)`.
fn upward(graph: &Graph, order: &[&str]) -> Vec<String> {
    let rank = |room: &str| order.iter().position(|r| *r == room);
    let mut found = Vec::new();
    for (file, mentions) in &graph.mentions {
        let Some(from) = room_of(&graph.files[*file]) else {
            continue;
        };
        for mention in mentions {
            let target = &mention.target;
            let to = match &target.module[..] {
                [krate, room, ..] if krate == "crate" => room.as_str(),
                _ => match room_of(&graph.files[target.file]) {
                    Some(room) => room,
                    None => continue,
                },
            };
            let (Some(low), Some(high)) = (rank(from), rank(to)) else {
                found.push(format!(
                    "{}: {from} or {to} is no room of the order",
                    graph.files[*file]
                ));
                continue;
            };
            if high > low {
                found.push(format!(
                    "{}:{}: {} ({from} names {to}, a room above it)",
                    graph.files[*file], mention.line, mention.path
                ));
            }
        }
    }
    found
}

/// The crate's own files (`src/` without the vendored matchbox and the
/// build script) and the crates' roots, as `Cargo.toml` names them.
fn the_crate() -> Graph {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let quoted = |key: &str| -> Vec<String> {
        manifest
            .lines()
            .filter_map(|l| l.trim().strip_prefix(key)?.trim().strip_prefix('='))
            .map(|v| v.trim().trim_matches('"').to_owned())
            .collect()
    };
    let mut build = quoted("build");
    let mut roots = quoted("path");
    // The pages' package (`src/pages/`): its build script, and its
    // binaries, which Cargo finds in its `src/bin/`.
    build.push("src/pages/build.rs".to_owned());
    for entry in fs::read_dir(root().join("src/pages/src/bin")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        roots.push(format!("src/pages/src/bin/{name}"));
    }
    assert!(
        roots.contains(&"src/lib.rs".to_owned()) && roots.len() > 5,
        "{roots:?}"
    );
    let mut texts = BTreeMap::new();
    let mut paths = Vec::new();
    rust_files(&root().join("src"), &mut paths);
    for path in paths {
        let name = path
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .replace('\\', "/");
        if !name.starts_with("src/patched/") && !build.contains(&name) {
            texts.insert(name, fs::read_to_string(&path).unwrap());
        }
    }
    let roots: Vec<&str> = roots.iter().map(String::as_str).collect();
    Graph::read(&texts, &roots)
}

#[test]
fn every_file_is_a_module_of_a_crate() {
    let graph = the_crate();
    assert!(
        graph.unreached.is_empty(),
        "files no crate declares: {:?}",
        graph.unreached
    );
    // (The reader finds the unit tests' files, and the binaries' modules.)
    assert!(
        graph.tests.contains("src/ai/search/tests.rs"),
        "{:?}",
        graph.tests
    );
    assert!(graph
        .scopes
        .keys()
        .any(|m| m.ends_with(&["game".to_owned()]) && m[0].starts_with("src/pages/")));
}

#[test]
fn the_rooms_are_layered() {
    let graph = the_crate();
    let rooms: BTreeSet<&str> = graph.files.iter().filter_map(|f| room_of(f)).collect();
    assert_eq!(
        rooms,
        ROOMS.into_iter().collect(),
        "the rooms of src/ and of ROOMS"
    );
    let found = upward(&graph, &ROOMS);
    assert!(
        found.is_empty(),
        "a lower room names a higher one:\n{}",
        found.join("\n")
    );
    // (The check sees a room naming the rooms below it: the app names the
    // engine, the store the computer's levels.)
    let names = |from: &str, to: &str| {
        graph.mentions.iter().any(|(file, mentions)| {
            room_of(&graph.files[*file]) == Some(from)
                && mentions
                    .iter()
                    .any(|m| room_of(&graph.files[m.target.file]) == Some(to))
        })
    };
    assert!(names("app", "engine") && names("store", "ai") && names("pages", "app"));
}

#[test]
fn no_file_of_the_crate_is_in_a_cycle() {
    // An arrow A → B: A's code names an item that B defines (`files`'s
    // module doc has the rules). `mod child;` and a re-export are no arrow
    // by themselves; a child naming its parent's item and a parent whose
    // own code names its child's are one each way: a cycle.
    let graph = the_crate();
    let cycles: Vec<String> = graph.cycles().iter().map(|c| graph.describe(c)).collect();
    assert!(
        cycles.is_empty(),
        "{} cycles of files (an arrow: the first place a file names an item of the next):\n{}",
        cycles.len(),
        cycles.join("\n")
    );
    // (The graph holds the crate's arrows: a puzzle names the engine's
    // game, through the engine's re-export.)
    let number = |name: &str| graph.files.iter().position(|f| f == name).unwrap();
    let puzzle = &graph.edges[&number("src/learn/puzzle.rs")];
    assert!(puzzle.contains_key(&number("src/engine/game.rs")));
}

/// A small crate in memory: `files` and a library root that declares
/// their rooms.
fn planted(files: &[(&str, &str)]) -> Graph {
    let mut texts: BTreeMap<String, String> = files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    let rooms: BTreeSet<&str> = files.iter().filter_map(|(path, _)| room_of(path)).collect();
    let lib: String = rooms
        .iter()
        .map(|room| format!("pub mod {room};\n"))
        .collect();
    texts.insert("src/lib.rs".into(), lib);
    Graph::read(&texts, &["src/lib.rs"])
}

/// The cycles of `graph`, by the files' names.
fn cycles_named(graph: &Graph) -> Vec<Vec<&str>> {
    let cycles = graph.cycles();
    cycles
        .iter()
        .map(|c| c.iter().map(|f| graph.files[*f].as_str()).collect())
        .collect()
}

#[test]
fn the_file_graph_finds_a_planted_cycle() {
    // a → b → c → a, each by another kind of path; a parent that re-exports
    // its child and whose own code uses the child's item, the child naming
    // the parent's.
    let cyclic = planted(&[
        ("src/a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
        ("src/b.rs", "pub struct B;\npub fn c() -> crate::c::C { crate::c::C }\n"),
        ("src/c.rs", "use super::a::A;\npub struct C;\npub fn f(_: A) {}\n"),
        (
            "src/p/mod.rs",
            "mod child;\npub use child::Child;\npub struct Parent;\npub fn grow() -> Child { Child }\n",
        ),
        ("src/p/child.rs", "pub struct Child;\npub fn up(_: super::Parent) {}\n"),
    ]);
    assert_eq!(
        cycles_named(&cyclic),
        [
            vec!["src/a.rs", "src/b.rs", "src/c.rs"],
            vec!["src/p/child.rs", "src/p/mod.rs"]
        ]
    );
    assert!(cyclic
        .describe(&cyclic.cycles()[0])
        .contains("src/c.rs:1 → src/a.rs  (super::a::A)"));

    // The same without the arrows back: c names a only in a comment, a
    // string and its unit tests; the parent only declares and re-exports
    // (its users reach the child through it, not the parent).
    let acyclic = planted(&[
        ("src/a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
        (
            "src/b.rs",
            "pub struct B;\npub fn c() -> crate::c::C { crate::c::C }\n",
        ),
        (
            "src/c.rs",
            "// super::a::A\npub struct C;\npub const S: &str = \"crate::a::A\";\n\
             #[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n",
        ),
        (
            "src/p/mod.rs",
            "mod child;\npub use child::Child;\npub struct Parent;\n",
        ),
        (
            "src/p/child.rs",
            "pub struct Child;\npub fn up(_: super::Parent) {}\n",
        ),
        ("src/d.rs", "pub fn f(_: crate::p::Child) {}\n"),
    ]);
    assert_eq!(cycles_named(&acyclic), Vec::<Vec<&str>>::new());
    let number = |name: &str| acyclic.files.iter().position(|f| f == name).unwrap();
    assert!(!acyclic.edges.contains_key(&number("src/p/mod.rs")));
}

#[test]
fn a_lower_room_naming_a_higher_one_is_found() {
    let graph = planted(&[
        ("src/a.rs", "pub struct A;\n"),
        ("src/b.rs", "use crate::a::A;\npub struct B(A);\n"),
        (
            "src/c.rs",
            "pub struct C;\npub fn f() -> super::b::B { todo!() }\n",
        ),
        ("src/p/mod.rs", "mod child;\n"),
        ("src/p/child.rs", "pub struct Child(crate::c::C);\n"),
    ]);
    assert_eq!(upward(&graph, &["a", "b", "c", "p"]), Vec::<String>::new());
    assert_eq!(
        upward(&graph, &["a", "c", "b", "p"]),
        ["src/c.rs:2: super::b::B (c names b, a room above it)"]
    );
}
