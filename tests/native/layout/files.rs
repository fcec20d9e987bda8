//! The crate read as a graph of files, from the source text alone (no
//! compiler): which file names an item of which other, for `layout.rs`'s
//! rooms and file cycles.
//!
//! A small lexer drops comments (doc comments too: a doc may mention
//! anything) and literals; an item under `#[cfg(test)]` is dropped with
//! them (unit tests may reach anywhere), and a file declared as one
//! (`#[cfg(test)] mod tests;`) is no node. What is left is read for the
//! modules each file declares (`mod x;`, `mod x { … }`), the items it
//! defines, its `use` trees and its paths (`crate::`, `super::`, `self::`,
//! a child module's or an imported name's path, `kharbga::` in the
//! binaries, `$crate::` in a macro).
//!
//! A name is followed to the file that *defines* the item: a path through
//! a parent's `pub use child::Item` goes on to the child. So an edge
//! A → B means "A's code names an item defined in B":
//! - `mod child;` is no edge, and neither is a re-export (`pub use`,
//!   `pub(crate) use`) by itself: it is a door, and who goes through it
//!   reaches the defining file;
//! - a re-export is an edge of its own when the file's own code uses the
//!   name too (as any private `use` is: the compiler allows no unused one);
//! - so a child naming an item defined in its parent (`super::Item`) is an
//!   edge child → parent, and a parent whose own code names a child's item
//!   is an edge parent → child: both together are a cycle.
//!
//! A path that reaches a module but names nothing defined or imported
//! there is an edge to that module's file (the careful guess).

use std::collections::{BTreeMap, BTreeSet};

/// A token of Rust source, comments and literals dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
    /// A string, character or number literal, or a lifetime.
    Literal,
}

fn ident(token: Option<&(Token, usize)>) -> Option<&str> {
    match token {
        Some((Token::Ident(name), _)) => Some(name),
        _ => None,
    }
}

fn is(token: Option<&(Token, usize)>, c: char) -> bool {
    matches!(token, Some((Token::Punct(p), _)) if *p == c)
}

/// The tokens of `text`, each with its line.
fn lex(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let (c, start) = (chars[i], line);
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if let Some(end) = string_end(&chars, i, &mut line) {
            i = end;
            out.push((Token::Literal, start));
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if at(i + 1) == '\\' || at(i + 2) == '\'' {
                i = quote_end(&chars, i);
            } else {
                i += 1;
                while ident_char(at(i)) {
                    i += 1;
                }
            }
            out.push((Token::Literal, start));
        } else if c.is_ascii_digit() {
            while ident_char(at(i)) || (at(i) == '.' && at(i + 1).is_ascii_digit()) {
                i += 1;
            }
            out.push((Token::Literal, start));
        } else if ident_char(c) {
            if c == 'r' && at(i + 1) == '#' {
                i += 2; // a raw identifier
            }
            let from = i;
            while ident_char(at(i)) {
                i += 1;
            }
            let name: String = chars[from..i].iter().collect();
            out.push((Token::Ident(name), start));
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Token::PathSep, start));
            i += 2;
        } else {
            out.push((Token::Punct(c), start));
            i += 1;
        }
    }
    out
}

/// Where the string literal starting at `i` ends (`"…"`, `b"…"`, `c"…"`,
/// `r#"…"#`, `br"…"`, a byte `b'x'`), if one starts there (`i` starts a
/// token).
fn string_end(chars: &[char], i: usize, line: &mut usize) -> Option<usize> {
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    let mut j = i;
    if at(j) == 'b' && at(j + 1) == '\'' {
        return Some(quote_end(chars, j + 1));
    }
    if matches!(at(j), 'b' | 'c') && matches!(at(j + 1), '"' | 'r') {
        j += 1;
    }
    let raw = at(j) == 'r';
    if raw {
        j += 1;
    }
    let mut hashes = 0;
    while raw && at(j) == '#' {
        hashes += 1;
        j += 1;
    }
    if at(j) != '"' {
        return None;
    }
    j += 1;
    while j < chars.len() {
        match chars[j] {
            '\\' if !raw => j += 2,
            '"' if (1..=hashes).all(|h| at(j + h) == '#') => return Some(j + 1 + hashes),
            c => {
                *line += usize::from(c == '\n');
                j += 1;
            }
        }
    }
    Some(j)
}

/// Where the character literal whose quote is at `i` ends (`'x'`, `'\''`,
/// `'\u{e9}'`).
fn quote_end(chars: &[char], i: usize) -> usize {
    let mut k = i + 1 + usize::from(chars.get(i + 1) == Some(&'\\')) + 1;
    while k < chars.len() && chars[k] != '\'' {
        k += 1;
    }
    k + 1
}

/// `tokens` without the items under `#[cfg(test)]`, and the names of the
/// modules so declared in a file of their own.
fn without_tests(tokens: Vec<(Token, usize)>) -> (Vec<(Token, usize)>, BTreeSet<String>) {
    let cfg_test = |k: usize| {
        is(tokens.get(k), '#')
            && is(tokens.get(k + 1), '[')
            && ident(tokens.get(k + 2)) == Some("cfg")
            && is(tokens.get(k + 3), '(')
            && ident(tokens.get(k + 4)) == Some("test")
            && is(tokens.get(k + 5), ')')
            && is(tokens.get(k + 6), ']')
    };
    let mut kept = Vec::new();
    let mut test_files = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        if !cfg_test(i) {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        i += 7;
        // The item: to its `;`, or to the end of its first block.
        let mut depth = 0usize;
        let from = i;
        while i < tokens.len() {
            let token = &tokens[i].0;
            i += 1;
            match token {
                Token::Punct('{' | '(' | '[') => depth += 1,
                Token::Punct('}' | ')' | ']') if depth == 0 => {
                    // The end of the block around the item: not the item's.
                    i -= 1;
                    break;
                }
                Token::Punct(close @ ('}' | ')' | ']')) => {
                    depth -= 1;
                    if depth == 0 && *close == '}' {
                        break;
                    }
                }
                Token::Punct(',') if depth == 0 => break,
                Token::Punct(';') if depth == 0 => {
                    let words: Vec<_> = tokens[from..i]
                        .iter()
                        .filter_map(|t| ident(Some(t)))
                        .collect();
                    if let [.., "mod", name] = words[..] {
                        test_files.insert(name.to_owned());
                    }
                    break;
                }
                _ => {}
            }
        }
    }
    (kept, test_files)
}

/// A name a `use` brings in.
#[derive(Clone, Debug)]
pub struct Import {
    /// The whole path, as written (`super`, `crate`, a child's name …).
    pub path: Vec<String>,
    /// The name it goes by here (its alias, or its last segment).
    pub name: String,
    /// `use x::*`.
    pub glob: bool,
    /// A re-export (`pub use`, `pub(crate) use` …).
    pub public: bool,
    pub line: usize,
}

/// A module: a file's own, or one written inline in it.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    pub file: usize,
    /// The items defined here.
    pub defined: BTreeSet<String>,
    pub imports: Vec<Import>,
    /// The paths written outside `use`, with their lines.
    pub paths: Vec<(Vec<String>, usize)>,
    /// The modules declared here whose code is in a file of their own.
    pub file_children: BTreeSet<String>,
    /// The modules declared here under `#[cfg(test)]` in a file of their own.
    pub test_children: BTreeSet<String>,
}

/// What a file's text declares, defines and names: its own scope first,
/// then the ones written inline (by their path below the file's), the
/// identifiers its code uses outside `use` trees, and the macros it
/// exports to the crate's root.
struct Read {
    scopes: Vec<(Vec<String>, Scope)>,
    idents: BTreeSet<String>,
    macros: BTreeSet<String>,
    /// The files its `#[path = "…"] mod x;` declarations name, by module.
    paths: BTreeMap<String, String>,
}

/// The `#[path = "…"] mod x;` declarations of `text` (the lexer drops the
/// string): each module's name and the path it gives.
fn path_attributes(text: &str) -> BTreeMap<String, String> {
    const ATTRIBUTE: &str = "#[path = \"";
    let mut found = BTreeMap::new();
    let mut rest = text;
    while let Some(at) = rest.find(ATTRIBUTE) {
        rest = &rest[at + ATTRIBUTE.len()..];
        let Some(end) = rest.find('"') else { break };
        let target = &rest[..end];
        let after = rest[end + 1..].trim_start_matches([']', ' ', '\n']);
        let declared = after
            .strip_prefix("pub mod ")
            .or_else(|| after.strip_prefix("mod "))
            .and_then(|decl| decl.split_once(';'));
        if let Some((name, _)) = declared {
            found.insert(name.trim().to_owned(), target.to_owned());
        }
    }
    found
}

/// `relative` read from the folder `folder` (`..` climbs out of it).
fn joined(folder: &str, relative: &str) -> String {
    let mut parts: Vec<&str> = folder.split('/').filter(|p| !p.is_empty()).collect();
    for part in relative.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            part => parts.push(part),
        }
    }
    parts.join("/")
}

const ITEMS: [&str; 8] = [
    "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

fn read(text: &str, file: usize) -> Read {
    let (tokens, test_children) = without_tests(lex(text));
    let mut scopes = vec![(
        Vec::new(),
        Scope {
            file,
            test_children,
            ..Scope::default()
        },
    )];
    let (mut idents, mut macros) = (BTreeSet::new(), BTreeSet::new());
    // The inline modules open here: their scope and the depth they opened at.
    let mut open = vec![(0, 0usize)];
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let (current, base) = *open.last().unwrap();
        let word = ident(tokens.get(i));
        let next = ident(tokens.get(i + 1));
        match (&tokens[i].0, word) {
            (Token::Punct('{'), _) => depth += 1,
            (Token::Punct('}'), _) => {
                depth = depth.saturating_sub(1);
                if open.len() > 1 && depth == base - 1 {
                    open.pop();
                }
            }
            (_, Some("use")) => {
                let public = ident(tokens.get(i.wrapping_sub(1))) == Some("pub")
                    || (is(tokens.get(i.wrapping_sub(1)), ')')
                        && tokens[..i]
                            .iter()
                            .rev()
                            .take(6)
                            .any(|t| ident(Some(t)) == Some("pub")));
                let line = tokens[i].1;
                i += 1;
                let mut trees = Vec::new();
                use_tree(&tokens, &mut i, Vec::new(), &mut trees);
                for (mut path, alias, glob) in trees {
                    if path.last().is_some_and(|s| s == "self") {
                        path.pop();
                    }
                    let name = alias.or_else(|| path.last().cloned()).unwrap_or_default();
                    scopes[current].1.imports.push(Import {
                        path,
                        name,
                        glob,
                        public,
                        line,
                    });
                }
                continue;
            }
            (_, Some("mod")) if next.is_some() => {
                let name = next.unwrap().to_owned();
                if is(tokens.get(i + 2), ';') {
                    scopes[current].1.file_children.insert(name);
                } else if is(tokens.get(i + 2), '{') {
                    let mut module = scopes[current].0.clone();
                    module.push(name.clone());
                    scopes[current].1.defined.insert(name);
                    scopes.push((
                        module,
                        Scope {
                            file,
                            ..Scope::default()
                        },
                    ));
                    depth += 1;
                    open.push((scopes.len() - 1, depth));
                    i += 3;
                    continue;
                }
            }
            (_, Some("macro_rules")) if is(tokens.get(i + 1), '!') => {
                if let Some(name) = ident(tokens.get(i + 2)) {
                    scopes[current].1.defined.insert(name.to_owned());
                    let attributes = tokens[..i].iter().rev().take(8);
                    if attributes
                        .filter_map(|t| ident(Some(t)))
                        .any(|w| w == "macro_export")
                    {
                        macros.insert(name.to_owned());
                    }
                }
            }
            (_, Some(keyword)) if depth == base && ITEMS.contains(&keyword) => {
                if let Some(name) = next.filter(|n| *n != "fn" && *n != "_") {
                    scopes[current].1.defined.insert(name.to_owned());
                }
            }
            (_, Some(first))
                if tokens.get(i + 1).map(|t| &t.0) == Some(&Token::PathSep)
                    && tokens.get(i.wrapping_sub(1)).map(|t| &t.0) != Some(&Token::PathSep) =>
            {
                let mut path = vec![first.to_owned()];
                let mut k = i + 1;
                while tokens.get(k).map(|t| &t.0) == Some(&Token::PathSep) {
                    match ident(tokens.get(k + 1)) {
                        Some(segment) => path.push(segment.to_owned()),
                        None => break,
                    }
                    k += 2;
                }
                scopes[current].1.paths.push((path, tokens[i].1));
            }
            _ => {}
        }
        if let Some(word) = word {
            idents.insert(word.to_owned());
        }
        i += 1;
    }
    Read {
        scopes,
        idents,
        macros,
        paths: path_attributes(text),
    }
}

/// Reads the use tree at `i` (after `use`), up to and past its `;`, into
/// `out`: each leaf's path, alias and whether it is a glob.
fn use_tree(
    tokens: &[(Token, usize)],
    i: &mut usize,
    mut path: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, bool)>,
) {
    let top = path.is_empty();
    loop {
        match tokens.get(*i).map(|t| &t.0) {
            Some(Token::PathSep) => *i += 1,
            Some(Token::Punct('{')) => {
                *i += 1;
                while !is(tokens.get(*i), '}') && *i < tokens.len() {
                    use_tree(tokens, i, path.clone(), out);
                    if is(tokens.get(*i), ',') {
                        *i += 1;
                    }
                }
                *i += 1;
                break;
            }
            Some(Token::Punct('*')) => {
                *i += 1;
                out.push((path, None, true));
                break;
            }
            Some(Token::Ident(name)) => {
                path.push(name.clone());
                *i += 1;
                if tokens.get(*i).map(|t| &t.0) == Some(&Token::PathSep) {
                    continue;
                }
                let mut alias = None;
                if ident(tokens.get(*i)) == Some("as") {
                    alias = ident(tokens.get(*i + 1)).map(str::to_owned);
                    *i += 2;
                }
                out.push((path, alias, false));
                break;
            }
            _ => break,
        }
    }
    if top {
        while *i < tokens.len() && !is(tokens.get(*i), ';') {
            *i += 1;
        }
        *i += 1;
    }
}

/// What a path names: the module it reaches, and the file that defines
/// the item (or the module's own file when it names a module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub module: Vec<String>,
    pub file: usize,
    /// Whether the path ends on the module itself.
    pub is_module: bool,
}

/// One file naming an item of another.
#[derive(Clone, Debug)]
pub struct Mention {
    pub line: usize,
    pub path: String,
    pub target: Target,
}

/// The crate's files read together.
pub struct Graph {
    /// The files' paths (`src/engine/word.rs`), by number.
    pub files: Vec<String>,
    /// Every module, by its path from its crate (`["crate", "engine"]`; a
    /// binary's crate is named by its root file).
    pub scopes: BTreeMap<Vec<String>, Scope>,
    /// The files declared as unit tests, and those no crate reaches.
    pub tests: BTreeSet<String>,
    pub unreached: BTreeSet<String>,
    /// What each file names of other files (every `use` and path).
    pub mentions: BTreeMap<usize, Vec<Mention>>,
    /// The file cycles' edges: A → B when A's code names an item defined in
    /// B, with the first place it does.
    pub edges: BTreeMap<usize, BTreeMap<usize, Mention>>,
    macros: BTreeMap<String, usize>,
}

/// The module path `module` + `name`.
fn child(module: &[String], name: &str) -> Vec<String> {
    let mut path = module.to_vec();
    path.push(name.to_owned());
    path
}

impl Graph {
    /// Reads `files` (path → text) as the crates whose roots are `roots`:
    /// `src/lib.rs` is the library (`crate`, `kharbga` from the others).
    pub fn read(files: &BTreeMap<String, String>, roots: &[&str]) -> Graph {
        let names: Vec<String> = files.keys().cloned().collect();
        let number = |path: &str| names.iter().position(|n| n == path);
        let mut graph = Graph {
            files: names.clone(),
            scopes: BTreeMap::new(),
            tests: BTreeSet::new(),
            unreached: BTreeSet::new(),
            mentions: BTreeMap::new(),
            edges: BTreeMap::new(),
            macros: BTreeMap::new(),
        };
        let mut idents = BTreeMap::new();
        let mut seen = BTreeSet::new();
        // The module tree, from each root by `mod x;`.
        let mut todo: Vec<(String, Vec<String>, bool)> = roots
            .iter()
            .map(|root| {
                let name = if *root == "src/lib.rs" { "crate" } else { root };
                (root.to_string(), vec![name.to_owned()], true)
            })
            .collect();
        while let Some((path, module, is_root)) = todo.pop() {
            let Some(file) = number(&path) else { continue };
            if !seen.insert(file) {
                continue;
            }
            let read = read(&files[&path], file);
            idents.insert(file, read.idents);
            for name in read.macros {
                graph.macros.insert(name, file);
            }
            // A root's and a mod.rs's children sit beside them; another
            // file's in the folder of its name.
            let folder = match path.strip_suffix(".rs") {
                Some(stem) if !is_root && !path.ends_with("/mod.rs") => stem.to_owned(),
                _ => path
                    .rsplit_once('/')
                    .map_or(String::new(), |(dir, _)| dir.to_owned()),
            };
            // (`#[path]` is read from the file's own folder.)
            let own_folder = path.rsplit_once('/').map_or("", |(dir, _)| dir);
            let explicit = |name: &str| read.paths.get(name).map(|p| joined(own_folder, p));
            let locate = |name: &str| {
                explicit(name)
                    .into_iter()
                    .chain([
                        format!("{folder}/{name}.rs"),
                        format!("{folder}/{name}/mod.rs"),
                    ])
                    .find(|p| files.contains_key(p))
            };
            for (inner, scope) in read.scopes {
                let mut full = module.clone();
                full.extend(inner);
                for name in &scope.file_children {
                    if let Some(found) = locate(name) {
                        todo.push((found, child(&full, name), false));
                    }
                }
                for name in &scope.test_children {
                    graph.tests.extend(locate(name));
                }
                graph.scopes.insert(full, scope);
            }
        }
        for (file, name) in names.iter().enumerate() {
            if !seen.contains(&file) && !graph.tests.contains(name) {
                graph.unreached.insert(name.clone());
            }
        }
        graph.connect(&idents);
        graph
    }

    /// Follows every file's `use` trees and paths to what they name.
    fn connect(&mut self, idents: &BTreeMap<usize, BTreeSet<String>>) {
        let mut found = Vec::new();
        for (module, scope) in &self.scopes {
            let file = scope.file;
            for import in &scope.imports {
                let Some(target) = self.resolve(module, &import.path, 0) else {
                    continue;
                };
                let used_here = !import.public || idents[&file].contains(&import.name);
                let path = import.path.join("::");
                found.push((
                    file,
                    Mention {
                        line: import.line,
                        path,
                        target,
                    },
                    used_here,
                ));
            }
            for (path, line) in &scope.paths {
                if let Some(target) = self.resolve(module, path, 0) {
                    found.push((
                        file,
                        Mention {
                            line: *line,
                            path: path.join("::"),
                            target,
                        },
                        true,
                    ));
                }
            }
        }
        for (file, mention, edge) in found {
            if mention.target.file == file {
                continue;
            }
            if edge {
                self.edges
                    .entry(file)
                    .or_default()
                    .entry(mention.target.file)
                    .or_insert_with(|| mention.clone());
            }
            self.mentions.entry(file).or_default().push(mention);
        }
    }

    /// What `path`, written in `module`, names: `None` for what is not the
    /// crate's (`std::`, `leptos::`, a local type's `Self::`…).
    fn resolve(&self, module: &[String], path: &[String], depth: u8) -> Option<Target> {
        let (first, rest) = path.split_first()?;
        if depth > 12 {
            return None;
        }
        let mut at = match first.as_str() {
            "crate" => vec![module[0].clone()],
            "kharbga" => vec!["crate".to_owned()],
            "self" => module.to_vec(),
            "super" => module[..module.len().checked_sub(1).filter(|n| *n > 0)?].to_vec(),
            name if self.scopes.contains_key(&child(module, name)) => child(module, name),
            name => {
                let scope = self.scopes.get(module)?;
                let import = scope.imports.iter().find(|i| !i.glob && i.name == name)?;
                let mut full = import.path.clone();
                full.extend(rest.iter().cloned());
                return self.resolve(module, &full, depth + 1);
            }
        };
        for segment in rest {
            if segment == "super" {
                at.pop().filter(|_| !at.is_empty())?;
            } else if self.scopes.contains_key(&child(&at, segment)) {
                at.push(segment.clone());
            } else if segment != "self" {
                let file = self.item(&at, segment, depth)?;
                return Some(Target {
                    module: at,
                    file,
                    is_module: false,
                });
            }
        }
        let file = self.scopes.get(&at)?.file;
        Some(Target {
            module: at,
            file,
            is_module: true,
        })
    }

    /// The file that defines the item `name` of `module`: through its
    /// imports (a re-export leads on), else the module's own file.
    fn item(&self, module: &[String], name: &str, depth: u8) -> Option<usize> {
        let scope = self.scopes.get(module)?;
        if scope.defined.contains(name) {
            return Some(scope.file);
        }
        if let Some(import) = scope.imports.iter().find(|i| !i.glob && i.name == name) {
            return self
                .resolve(module, &import.path, depth + 1)
                .map(|t| t.file);
        }
        if module.len() == 1 {
            if let Some(file) = self.macros.get(name) {
                return Some(*file);
            }
        }
        for glob in scope.imports.iter().filter(|i| i.glob) {
            if let Some(target) = self.resolve(module, &glob.path, depth + 1) {
                if target.is_module && self.scopes[&target.module].defined.contains(name) {
                    return Some(target.file);
                }
            }
        }
        Some(scope.file)
    }

    /// The groups of files that reach each other (each a cycle or more),
    /// each sorted, in order.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let reach = |from: usize| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from];
            while let Some(file) = todo.pop() {
                for next in self.edges.get(&file).into_iter().flat_map(|e| e.keys()) {
                    if seen.insert(*next) {
                        todo.push(*next);
                    }
                }
            }
            seen
        };
        let reaches: Vec<BTreeSet<usize>> = (0..self.files.len()).map(reach).collect();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for file in 0..self.files.len() {
            if !reaches[file].contains(&file) || groups.iter().any(|g| g.contains(&file)) {
                continue;
            }
            let group = (0..self.files.len())
                .filter(|other| reaches[file].contains(other) && reaches[*other].contains(&file))
                .collect();
            groups.push(group);
        }
        groups
    }

    /// A cycle group told as its files' edges inside it, with where each is.
    pub fn describe(&self, group: &[usize]) -> String {
        let mut lines = vec![format!("a cycle of {} files:", group.len())];
        for from in group {
            for (to, mention) in self.edges.get(from).into_iter().flatten() {
                if group.contains(to) {
                    lines.push(format!(
                        "  {}:{} → {}  ({})",
                        self.files[*from], mention.line, self.files[*to], mention.path
                    ));
                }
            }
        }
        lines.join("\n")
    }
}
