//! The app's pages, from their one list (`src/pages/pages.json`): this writes
//! the `Page` type (`src/app/route.rs` includes it) with every page, its
//! file and its Fluent files, and, for the builds that compile English in,
//! every page's English messages.

use std::fmt::Write;
use std::path::Path;

/// One page of `src/pages/pages.json` (the fields this crate reads).
struct PageEntry {
    page: String,
    file: String,
    own: Option<String>,
    doc: String,
}

/// The pages of `src/pages/pages.json`, in its order.
fn read(text: &str) -> Vec<PageEntry> {
    let list: serde_json::Value = serde_json::from_str(text).expect("src/pages/pages.json is JSON");
    let field = |page: &serde_json::Value, name: &str| {
        page[name]
            .as_str()
            .unwrap_or_else(|| panic!("src/pages/pages.json: a page without its {name}"))
            .to_owned()
    };
    list["pages"]
        .as_array()
        .expect("src/pages/pages.json: `pages`")
        .iter()
        .map(|page| PageEntry {
            page: field(page, "page"),
            file: field(page, "file"),
            own: page["own"].as_str().map(str::to_owned),
            doc: field(page, "doc"),
        })
        .collect()
}

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it");
    let list = Path::new(&root).join("src/pages/pages.json");
    println!("cargo::rerun-if-changed=src/build.rs");
    println!("cargo::rerun-if-changed={}", list.display());
    let text = std::fs::read_to_string(&list).expect("src/pages/pages.json");
    let pages = read(&text);
    let mut out = String::new();
    out.push_str(
        "/// A page of the app: one HTML file and its binary (`src/pages/src/bin/`),\n\
         /// which carries what the page shows and nothing else; the pages are\n\
         /// listed in `src/pages/pages.json` (this type is written from it).\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub enum Page {\n",
    );
    for p in &pages {
        writeln!(out, "    /// `{}`: {}\n    {},", p.file, p.doc, p.page).unwrap();
    }
    out.push_str("}\n\nimpl Page {\n    /// Every page.\n");
    let all: Vec<String> = pages.iter().map(|p| format!("Page::{}", p.page)).collect();
    writeln!(
        out,
        "    pub const ALL: [Page; {}] = [{}];\n",
        pages.len(),
        all.join(", ")
    )
    .unwrap();
    out.push_str(
        "    /// Its file, relative to the others (they are served side by side).\n\
         \x20   pub const fn file(self) -> &'static str {\n        match self {\n",
    );
    for p in &pages {
        writeln!(out, "            Page::{} => {:?},", p.page, p.file).unwrap();
    }
    out.push_str(
        "        }\n    }\n\n\
         \x20   /// The Fluent files it reads for each language: `main.ftl`, and the\n\
         \x20   /// file of what the page adds (the first page carries only what it\n\
         \x20   /// shows).\n\
         \x20   pub const fn files(self) -> &'static [&'static str] {\n        match self {\n",
    );
    for p in &pages {
        match &p.own {
            Some(own) => writeln!(
                out,
                "            Page::{} => &[\"main.ftl\", \"{own}.ftl\"],",
                p.page
            ),
            None => writeln!(out, "            Page::{} => &[\"main.ftl\"],", p.page),
        }
        .unwrap();
    }
    out.push_str("        }\n    }\n}\n\n");
    // English compiled in (tests, development builds): every page's.
    let english: Vec<String> = std::iter::once("main".to_owned())
        .chain(pages.iter().filter_map(|p| p.own.clone()))
        .map(|own| {
            let path = format!("{root}/locales/en/{own}.ftl");
            format!("include_str!({path:?})")
        })
        .collect();
    writeln!(
        out,
        "/// Every page's English messages, as the page reads them when compiled in.\n\
         #[cfg(not(fetched_english))]\n\
         pub(crate) const ENGLISH: [&str; {}] = [{}];",
        english.len(),
        english.join(", ")
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("pages.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
