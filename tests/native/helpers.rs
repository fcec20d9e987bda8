//! Board pictures: positions written the way a player sees them.

use kharbga::engine::{Position, Rules};

/// Builds a position from a picture, top rank first: `A`/`S` first player,
/// `D`/`s` second player, `M`/`m` a Kharbaga Mullah of either, `.` empty; whitespace is ignored. `rest` is the
/// position string after the board (side, hand, chain, exchange, quiet,
/// turn, first-turn).
pub fn pos(rules: Rules, picture: &str, rest: &str) -> Position {
    let text = format!("{} {rest}", board_field(picture));
    Position::from_text(&text, rules).unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// The board field of a position string for a picture.
pub fn board_field(picture: &str) -> String {
    let rows: Vec<String> = picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .collect();
    rows.iter()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for c in row.chars() {
                let piece = match c {
                    'A' | 'S' => Some('S'),
                    'D' | 's' => Some('s'),
                    'M' => Some('M'),
                    'm' => Some('m'),
                    '.' => None,
                    other => panic!("unknown picture character {other:?}"),
                };
                match piece {
                    Some(p) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(p);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Squares as text, sorted: for readable assertions.
pub fn names(set: kharbga::engine::Bitboard) -> Vec<String> {
    sorted(set)
}

/// The legal plies as sorted text.
pub fn legal(position: &Position) -> Vec<String> {
    sorted(position.legal_plies().iter())
}

/// Each item as text, sorted.
fn sorted<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    v.sort();
    v
}

/// Plays a ply given as text, panicking with the position if it is illegal.
pub fn play(position: &mut Position, text: &str) -> kharbga::engine::Effects {
    let ply = text.parse().unwrap_or_else(|e| panic!("{e}"));
    position
        .play(ply)
        .unwrap_or_else(|e| panic!("{e} in {position}; legal: {:?}", legal(position)))
}
