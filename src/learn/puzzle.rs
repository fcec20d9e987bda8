//! Puzzles, as data: a position, the line that wins from it (the player's
//! plies and the computer's forced replies), its themes and its rating.
//! Made by `kharbga-cli puzzles` from the computer's own games (and saved
//! or imported ones), shipped as text, one puzzle a line, and read back
//! here, every ply checked against the engine: a file that lies (an
//! illegal ply, a line that does not start with the side to move) is
//! refused with the line and what is wrong.
//!
//! A line of the file: six fields separated by tabs — the id, the rules
//! (`kharbga:quiet=60,chain=compulsory,blocked=pass`), the position
//! string, the plies separated by spaces (`d1-d2 d2-d1`), the themes
//! separated by commas (`chain,material`) and the rating (`1240`).

use std::fmt;

use crate::engine::{Game, Ply, Position, Rules, Side};
use crate::percent;

/// What a puzzle is about, told to the player once it is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A capture chain: one soldier takes, then takes again.
    Chain,
    /// The opponent must capture and walks into a bigger loss.
    Compulsory,
    /// Kharbga's exchange: soldiers traded to break free.
    Exchange,
    /// The first turn after the setting, when a side may be blocked.
    FirstTurn,
    /// Kharbaga: the longest capture, which the rules make compulsory.
    Majority,
    /// Kharbaga: a Mullah's long leap.
    Mullah,
    /// The line wins the game.
    Win,
    /// The line wins soldiers.
    Material,
}

impl Theme {
    /// Every theme, in the order a puzzle lists them.
    pub const ALL: [Theme; 8] = [
        Theme::Chain,
        Theme::Compulsory,
        Theme::Exchange,
        Theme::FirstTurn,
        Theme::Majority,
        Theme::Mullah,
        Theme::Win,
        Theme::Material,
    ];

    /// A stable token: the file's, and the message id `puzzle-theme-<token>`.
    pub const fn token(self) -> &'static str {
        match self {
            Theme::Chain => "chain",
            Theme::Compulsory => "compulsory",
            Theme::Exchange => "exchange",
            Theme::FirstTurn => "first-turn",
            Theme::Majority => "majority",
            Theme::Mullah => "mullah",
            Theme::Win => "win",
            Theme::Material => "material",
        }
    }

    fn from_token(token: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.token() == token)
    }
}

/// A puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A stable id (history, the daily puzzle): eight hex digits of the
    /// position and the line.
    pub id: String,
    /// The game it is played in.
    pub rules: Rules,
    /// The position the player starts from (their side to move).
    pub position: Position,
    /// The winning line: the player's plies and the replies, in order (a
    /// capture chain is several plies of one side).
    pub line: Vec<Ply>,
    /// What it is about.
    pub themes: Vec<Theme>,
    /// How hard it is, on the players' rating scale.
    pub rating: u16,
}

/// What is wrong with a puzzle's line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Not six fields separated by tabs.
    Fields(usize),
    /// The rules could not be read.
    Rules(String),
    /// The position could not be read (or is over).
    Position(String),
    /// The ply at this index is not legal where it is played (or not one).
    Ply(usize, String),
    /// No ply, or the line does not end with the player's ply.
    Line,
    /// A theme that is not one.
    Theme(String),
    /// The rating is not a number.
    Rating(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Fields(n) => write!(f, "{n} fields, 6 expected"),
            PuzzleError::Rules(e) => write!(f, "rules: {e}"),
            PuzzleError::Position(e) => write!(f, "position: {e}"),
            PuzzleError::Ply(i, e) => write!(f, "ply {}: {e}", i + 1),
            PuzzleError::Line => f.write_str("the line is empty or ends with a reply"),
            PuzzleError::Theme(t) => write!(f, "unknown theme `{t}`"),
            PuzzleError::Rating(r) => write!(f, "rating `{r}` is not a number"),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// A puzzle from its parts, its id made from them.
    pub fn new(position: Position, line: Vec<Ply>, themes: Vec<Theme>, rating: u16) -> Puzzle {
        let mut id = 0xcbf2_9ce4_8422_2325_u64;
        let text = format!("{position} {}", plies_text(&line));
        for byte in text.bytes() {
            id = (id ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        Puzzle {
            id: format!("{:08x}", (id >> 32) as u32 ^ id as u32),
            rules: *position.rules(),
            position,
            line,
            themes,
            rating,
        }
    }

    /// The side the player plays.
    pub fn player(&self) -> Side {
        self.position.to_move()
    }

    /// The game at the start of the puzzle.
    pub fn game(&self) -> Game {
        Game::from_position(self.position)
    }

    /// True when the `index`th ply of the line is the player's (the others
    /// are the computer's replies).
    pub fn is_players(&self, index: usize) -> bool {
        let mut game = self.game();
        for ply in &self.line[..index.min(self.line.len())] {
            if game.play(*ply).is_err() {
                return false;
            }
        }
        game.position().to_move() == self.player()
    }

    /// The puzzle as a line of its file.
    pub fn to_line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.token()).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.rules,
            self.position,
            plies_text(&self.line),
            themes.join(","),
            self.rating
        )
    }

    /// Reads a line of a puzzle file, every ply checked by the engine.
    pub fn from_line(text: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = text.trim_end_matches(['\r', '\n']).split('\t').collect();
        let [id, rules, position, plies, themes, rating] = fields[..] else {
            return Err(PuzzleError::Fields(fields.len()));
        };
        let rules: Rules = rules
            .parse()
            .map_err(|e| PuzzleError::Rules(format!("{e}")))?;
        let position = Position::from_text(position, rules)
            .map_err(|e| PuzzleError::Position(format!("{e}")))?;
        if position.is_over() {
            return Err(PuzzleError::Position("the game is over".to_owned()));
        }
        let player = position.to_move();
        let mut game = Game::from_position(position);
        let mut line = Vec::new();
        let mut last_by_player = false;
        for (i, text) in plies.split(' ').filter(|p| !p.is_empty()).enumerate() {
            let mover = game.position().to_move();
            let played = game
                .play_text(text)
                .map_err(|e| PuzzleError::Ply(i, format!("{e}")))?;
            line.push(played.ply);
            last_by_player = mover == player;
        }
        if !last_by_player {
            return Err(PuzzleError::Line);
        }
        let themes = themes
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| Theme::from_token(t).ok_or_else(|| PuzzleError::Theme(t.to_owned())))
            .collect::<Result<Vec<_>, _>>()?;
        let rating = rating
            .parse()
            .map_err(|_| PuzzleError::Rating(rating.to_owned()))?;
        Ok(Puzzle {
            id: id.to_owned(),
            rules,
            position,
            line,
            themes,
            rating,
        })
    }
}

impl Puzzle {
    /// "Find the better move": the position before a ply a review judged
    /// a blunder, and the computer's ply there (not rated: its id starts
    /// with `find-`). `None` when the ply is not legal there.
    pub fn find_better(position: Position, better: Ply) -> Option<Puzzle> {
        if position.is_over() || !position.is_legal(better) {
            return None;
        }
        let mut puzzle = Puzzle::new(position, vec![better], Vec::new(), 0);
        puzzle.id = format!("find-{}", puzzle.id);
        Some(puzzle)
    }

    /// Whether this is a review's position ([`Puzzle::find_better`]).
    pub fn is_found(&self) -> bool {
        self.id.starts_with("find-")
    }

    /// A review's position as the rest of its address (after
    /// `#learn/puzzles/find/`): the rules, the position and the ply, each
    /// percent-encoded, separated by `/`.
    pub fn to_find_path(&self) -> String {
        format!(
            "{}/{}/{}",
            percent::encode(&self.rules.to_string()),
            percent::encode(&self.position.to_string()),
            percent::encode(&plies_text(&self.line))
        )
    }

    /// A review's position read from its address (untrusted: every part
    /// checked by the engine, the ply legal there).
    pub fn from_find_path(path: &str) -> Result<Puzzle, PuzzleError> {
        let parts: Vec<&str> = path.split('/').collect();
        let [rules, position, ply] = parts[..] else {
            return Err(PuzzleError::Fields(parts.len()));
        };
        let decode = |text: &str| percent::decode(text).map_err(|_| PuzzleError::Line);
        let rules: Rules = decode(rules)?
            .parse()
            .map_err(|e| PuzzleError::Rules(format!("{e}")))?;
        let position = Position::from_text(&decode(position)?, rules)
            .map_err(|e| PuzzleError::Position(format!("{e}")))?;
        let text = decode(ply)?;
        let ply: Ply = text
            .parse()
            .map_err(|e| PuzzleError::Ply(0, format!("{e}")))?;
        Puzzle::find_better(position, ply).ok_or(PuzzleError::Line)
    }
}

fn plies_text(line: &[Ply]) -> String {
    line.iter()
        .map(Ply::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a whole puzzle file: the puzzles, or the first bad line (counted
/// from 1) and what is wrong with it. Empty lines and `#` comments are
/// skipped.
pub fn read_file(text: &str) -> Result<Vec<Puzzle>, (usize, PuzzleError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| Puzzle::from_line(l).map_err(|e| (n + 1, e)))
        .collect()
}

/// A small, repeatable mix of `a` and `b` (the daily puzzle, the next one).
fn mix(a: u64, b: u64) -> u64 {
    let mut x = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

/// The index of the next puzzle for a player rated `rating`: one not
/// `done`, as near the rating as there are (within 100 points, else 200,
/// 400…), drawn by `seed` among those. `None` when every one is done.
pub fn next_near(
    puzzles: &[Puzzle],
    rating: f64,
    done: impl Fn(&Puzzle) -> bool,
    seed: u64,
) -> Option<usize> {
    let open: Vec<usize> = (0..puzzles.len()).filter(|&i| !done(&puzzles[i])).collect();
    if open.is_empty() {
        return None;
    }
    let mut window = 100.0;
    loop {
        let near: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&i| (f64::from(puzzles[i].rating) - rating).abs() <= window)
            .collect();
        if !near.is_empty() {
            return Some(near[(mix(seed, near.len() as u64) % near.len() as u64) as usize]);
        }
        window *= 2.0;
    }
}

/// The index of the day's puzzle (`day`: days since 1970-01-01), the same
/// for every player that day: one of the middle ratings (neither the
/// easiest fifth nor the hardest).
pub fn daily(puzzles: &[Puzzle], day: u64) -> Option<usize> {
    let n = puzzles.len();
    if n == 0 {
        return None;
    }
    // (The files are sorted easiest first.)
    let (from, to) = if n >= 5 { (n / 5, n) } else { (0, n) };
    Some(from + (mix(day, 0x0064_6169_6c79) % (to - from) as u64) as usize)
}
