//! The perft table in `tests/perft.txt`, checked up to a node limit so the
//! debug build stays quick (`make bench` times the deep ones).

use kharbga::engine::{perft::perft, Position, Rules};

const NODE_LIMIT: u64 = 500_000;

struct Entry {
    id: String,
    rules: Option<Rules>,
    position: Option<Position>,
    lines: Vec<(u32, u64)>,
}

fn table() -> Vec<Entry> {
    let text = include_str!("../perft.txt");
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("line {}: {line}", number + 1));
        match key {
            "id" => entries.push(Entry {
                id: value.to_owned(),
                rules: None,
                position: None,
                lines: Vec::new(),
            }),
            "rules" => {
                entries.last_mut().expect("id first").rules = Some(value.parse().expect("rules"))
            }
            "position" => {
                let entry = entries.last_mut().expect("id first");
                let rules = entry.rules.expect("rules before position");
                entry.position = Some(if value == "start" {
                    Position::new(rules)
                } else {
                    Position::from_text(value, rules)
                        .unwrap_or_else(|e| panic!("{}: {e}", entry.id))
                });
            }
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft depth nodes");
                entries
                    .last_mut()
                    .expect("id first")
                    .lines
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("line {}: unknown key {other}", number + 1),
        }
    }
    entries
}

#[test]
fn perft_table_matches() {
    let entries = table();
    assert!(entries.len() >= 8);
    let mut checked = 0;
    for entry in entries {
        let position = entry
            .position
            .unwrap_or_else(|| panic!("{} has no position", entry.id));
        for (depth, nodes) in entry.lines {
            if nodes > NODE_LIMIT {
                continue;
            }
            assert_eq!(perft(&position, depth), nodes, "{} perft {depth}", entry.id);
            checked += 1;
        }
    }
    assert!(
        checked >= 40,
        "only {checked} perft lines under the node limit"
    );
}
