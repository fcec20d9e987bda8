//! The app's pages as their one list (`src/pages/pages.json`) names them, for
//! the tests that check the source against it (`layout`, `translations`).

use std::collections::BTreeSet;

/// The list's pages, in its order.
fn listed() -> Vec<serde_json::Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/pages/pages.json");
    let text = std::fs::read_to_string(path).expect("src/pages/pages.json");
    let list: serde_json::Value =
        serde_json::from_str(&text).expect("src/pages/pages.json is JSON");
    list["pages"].as_array().expect("`pages`").clone()
}

/// Each page's binary.
pub fn binaries() -> BTreeSet<String> {
    listed()
        .iter()
        .map(|p| p["bin"].as_str().expect("a page's `bin`").to_owned())
        .collect()
}

/// The Fluent files of a language: `main.ftl` (every page), then each
/// page's own (`<own>.ftl`), in the list's order.
pub fn fluent_files() -> Vec<String> {
    std::iter::once("main.ftl".to_owned())
        .chain(
            listed()
                .iter()
                .filter_map(|p| Some(format!("{}.ftl", p["own"].as_str()?))),
        )
        .collect()
}

#[test]
fn every_listed_page_has_its_file_its_binary_and_its_own_files() {
    let pages = listed();
    assert!(!pages.is_empty());
    let files: BTreeSet<&str> = pages.iter().filter_map(|p| p["file"].as_str()).collect();
    assert_eq!(files.len(), pages.len(), "one file a page");
    assert!(files.contains("index.html"), "the first page");
    assert_eq!(binaries().len(), pages.len(), "one binary a page");
    // Each page's own style sheet and Fluent file exist.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for own in pages.iter().filter_map(|p| p["own"].as_str()) {
        assert!(root.join(format!("style/{own}.css")).is_file(), "{own}");
        for language in ["en", "fr", "ar"] {
            assert!(
                root.join(format!("locales/{language}/{own}.ftl")).is_file(),
                "{language}/{own}"
            );
        }
    }
}
