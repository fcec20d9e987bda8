//! A tournament as text: what is saved (and read back, checked line by
//! line: the text may come from storage or from another page), and the
//! standings exported for people.
//!
//! ```text
//! kharbga-tournament 1
//! name Club night
//! rules seega5
//! clock 300+3
//! format swiss 2
//! player person - Amel
//! player computer:3 - Computer (level 3)
//! round
//! board 0 1 1-0 g-1700000000000
//! board 2 - - -
//! ```
//!
//! A player line is its kind, the round it withdrew before (`-` when it
//! plays on) and its name; a board line is the first side's player, the
//! second's (`-` for a bye), the result (`-` until known) and the game's
//! library id (`-` when none).

use super::{
    halves_text, Entrant, Format, Pairing, Player, Score, Tournament, MAX_PLAYERS, MIN_PLAYERS,
};
use crate::engine::clock::TimeControl;
use crate::engine::Rules;

/// The version of the saved text.
pub const TOURNAMENT_SCHEMA: u32 = 1;

/// Why a saved tournament could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// Not a tournament's text.
    Unreadable,
    /// Saved by a newer version.
    Newer(u32),
    /// A line that does not read (its number, from 1).
    Line(usize),
    /// The players or the rounds do not fit together (a player twice on a
    /// round, a board of an unknown player, a repeated Swiss pairing).
    Inconsistent,
}

const MAGIC: &str = "kharbga-tournament";

/// The longest name kept, in characters.
const MAX_NAME: usize = 60;

fn format_token(format: Format) -> String {
    match format {
        Format::RoundRobin { double: false } => "round-robin".to_owned(),
        Format::RoundRobin { double: true } => "double-round-robin".to_owned(),
        Format::Swiss { rounds } => format!("swiss {rounds}"),
    }
}

fn entrant_token(entrant: &Entrant) -> String {
    match entrant {
        Entrant::Person => "person".to_owned(),
        Entrant::Computer(level) => format!("computer:{level}"),
    }
}

fn dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// A name fit for a line: no control characters, trimmed, bounded.
fn clean(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect::<String>()
        .trim()
        .to_owned()
}

impl Tournament {
    /// The saved text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC} {TOURNAMENT_SCHEMA}\n");
        out.push_str(&format!("name {}\n", clean(&self.name)));
        out.push_str(&format!("rules {}\n", self.rules));
        out.push_str(&format!("clock {}\n", dash(self.clock)));
        out.push_str(&format!("format {}\n", format_token(self.format)));
        for p in &self.players {
            out.push_str(&format!(
                "player {} {} {}\n",
                entrant_token(&p.entrant),
                dash(p.withdrawn),
                clean(&p.name)
            ));
        }
        for round in &self.rounds {
            out.push_str("round\n");
            for b in round {
                out.push_str(&format!(
                    "board {} {} {} {}\n",
                    b.first,
                    dash(b.second),
                    b.score.map_or("-", Score::token),
                    b.game.as_deref().unwrap_or("-"),
                ));
            }
        }
        out
    }

    /// Reads a saved tournament back, checking every line and that the
    /// rounds fit the players.
    ///
    /// # Errors
    /// The [`TournamentError`] that says why it could not be read.
    pub fn from_text(text: &str) -> Result<Tournament, TournamentError> {
        let read = parse(text)?;
        let mut tournament =
            Tournament::new(read.name, read.rules, read.clock, read.format, read.players)
                .map_err(|_| TournamentError::Inconsistent)?;
        if !fits(&tournament, &read.rounds) {
            return Err(TournamentError::Inconsistent);
        }
        tournament.rounds = read.rounds;
        Ok(tournament)
    }

    /// The standings as text for people: place, name, points and the
    /// format's tie-breaks, one player a line (`labels`: the column heads,
    /// in the reader's language).
    pub fn standings_text(&self, labels: &StandingsLabels) -> String {
        let swiss = matches!(self.format, Format::Swiss { .. });
        let mut out = format!("{}\n\n", self.name);
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(labels.name.chars().count());
        let pad = |text: &str, to: usize| {
            let n = text.chars().count();
            format!("{text}{}", " ".repeat(to.saturating_sub(n)))
        };
        let heads = if swiss {
            format!("{}  {}", labels.buchholz_cut, labels.buchholz)
        } else {
            labels.sonneborn_berger.clone()
        };
        out.push_str(&format!(
            "{:>3}  {}  {:>6}  {}\n",
            "#",
            pad(&labels.name, width),
            labels.points,
            heads
        ));
        for row in self.standings() {
            let t = row.tie_breaks;
            let breaks = if swiss {
                format!(
                    "{:>6}  {:>6}",
                    halves_text(t.buchholz_cut_halves),
                    halves_text(t.buchholz_halves)
                )
            } else {
                format!("{:>6}", quarters_text(t.sonneborn_berger_quarters))
            };
            out.push_str(&format!(
                "{:>3}  {}  {:>6}  {}\n",
                row.rank,
                pad(&self.players[row.player].name, width),
                halves_text(row.points_halves),
                breaks
            ));
        }
        out
    }
}

/// The column heads of the exported standings, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsLabels {
    /// "Player".
    pub name: String,
    /// "Points".
    pub points: String,
    /// "SB".
    pub sonneborn_berger: String,
    /// "Buchholz cut 1".
    pub buchholz_cut: String,
    /// "Buchholz".
    pub buchholz: String,
}

/// Quarters of a point as written: `4`, `4½`, `4¼`, `4¾`.
pub fn quarters_text(quarters: u32) -> String {
    let whole = quarters / 4;
    let part = match quarters % 4 {
        0 => "",
        1 => "¼",
        2 => "½",
        _ => "¾",
    };
    if whole == 0 && !part.is_empty() {
        part.to_owned()
    } else {
        format!("{whole}{part}")
    }
}

/// Reads every line of a tournament's text, before the players and the
/// rounds are checked against each other (an online tournament's entries
/// are read with it before there are enough players to start).
pub(crate) fn parse(text: &str) -> Result<Tournament, TournamentError> {
    let mut lines = text.lines().enumerate();
    let (_, head) = lines.next().ok_or(TournamentError::Unreadable)?;
    let version = head
        .strip_prefix(MAGIC)
        .and_then(|v| v.trim().parse::<u32>().ok())
        .ok_or(TournamentError::Unreadable)?;
    if version > TOURNAMENT_SCHEMA {
        return Err(TournamentError::Newer(version));
    }
    let mut name = None;
    let mut rules: Option<Rules> = None;
    let mut clock = None;
    let mut format = None;
    let mut players = Vec::new();
    let mut rounds: Vec<Vec<Pairing>> = Vec::new();
    for (i, line) in lines {
        let bad = TournamentError::Line(i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "name" => name = Some(clean(rest)),
            "rules" => rules = Some(rest.parse().map_err(|_| bad)?),
            "clock" => {
                clock = match rest {
                    "-" => None,
                    text => Some(text.parse::<TimeControl>().map_err(|_| bad)?),
                }
            }
            "format" => {
                format = Some(match rest.split_once(' ') {
                    None if rest == "round-robin" => Format::RoundRobin { double: false },
                    None if rest == "double-round-robin" => Format::RoundRobin { double: true },
                    Some(("swiss", n)) => Format::Swiss {
                        rounds: n.parse().map_err(|_| bad)?,
                    },
                    _ => return Err(bad),
                })
            }
            "player" => {
                let mut parts = rest.splitn(3, ' ');
                let (Some(kind), Some(withdrawn), Some(name)) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    return Err(bad);
                };
                let entrant = match kind {
                    "person" => Entrant::Person,
                    kind => match kind.strip_prefix("computer:").map(str::parse::<u8>) {
                        Some(Ok(level)) if (1..=6).contains(&level) => Entrant::Computer(level),
                        _ => return Err(bad),
                    },
                };
                let withdrawn = match withdrawn {
                    "-" => None,
                    r => Some(r.parse::<usize>().map_err(|_| bad)?),
                };
                if players.len() == MAX_PLAYERS {
                    return Err(bad);
                }
                players.push(Player {
                    name: clean(name),
                    entrant,
                    withdrawn,
                });
            }
            "round" if rest.is_empty() => rounds.push(Vec::new()),
            "board" => {
                let parts: Vec<&str> = rest.split(' ').collect();
                let [first, second, score, game] = parts[..] else {
                    return Err(bad);
                };
                let index = |t: &str| t.parse::<usize>().ok().filter(|&p| p < MAX_PLAYERS);
                let board = Pairing {
                    first: index(first).ok_or(bad)?,
                    second: match second {
                        "-" => None,
                        p => Some(index(p).ok_or(bad)?),
                    },
                    score: match score {
                        "-" => None,
                        s => Some(Score::from_token(s).ok_or(bad)?),
                    },
                    game: match game {
                        "-" => None,
                        g if g.len() <= 64 && g.bytes().all(|b| b.is_ascii_graphic()) => {
                            Some(g.to_owned())
                        }
                        _ => return Err(bad),
                    },
                };
                rounds.last_mut().ok_or(bad)?.push(board);
            }
            "" => {}
            _ => return Err(bad),
        }
    }
    let (Some(name), Some(rules), Some(format)) = (name, rules, format) else {
        return Err(TournamentError::Unreadable);
    };
    Ok(Tournament {
        players,
        rounds,
        ..Tournament::open_entries(name, rules, clock, format)
    })
}

/// True when `rounds` fit `t`'s players: every board's players exist,
/// nobody plays twice in a round, no more rounds than the format has, only
/// the last round unfinished, and in a Swiss no pair twice.
fn fits(t: &Tournament, rounds: &[Vec<Pairing>]) -> bool {
    let n = t.players.len();
    if rounds.len() > t.total_rounds() || t.players.len() < MIN_PLAYERS {
        return false;
    }
    let mut pairs = std::collections::BTreeSet::new();
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = vec![false; n];
        for board in round {
            for p in std::iter::once(board.first).chain(board.second) {
                if p >= n || seen[p] {
                    return false;
                }
                seen[p] = true;
            }
            if board.second.is_none() && board.score.is_some() {
                return false;
            }
            if r + 1 < rounds.len() && !board.done() {
                return false;
            }
            if let (Some(b), Format::Swiss { .. }) = (board.second, t.format) {
                if board.first == b || !pairs.insert((board.first.min(b), board.first.max(b))) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::BoardRef;

    /// A Swiss saved between rounds, in the text the version before the
    /// tournament's fields were its own wrote: a computer, a clock, a bye,
    /// a withdrawal's forfeit and a game's library id.
    const SAVED: &str = "kharbga-tournament 1\nname Club night\nrules seega5:quiet=60,chain=optional,blocked=pass\nclock 300+3\nformat swiss 3\nplayer person - Amel\nplayer computer:3 0 Computer (level 3)\nplayer person - Ines\nplayer person - Omar\nplayer person - Youssef\nround\nboard 0 2 1-0 g-1-1\nboard 3 1 +- -\nboard 4 - - -\n";

    #[test]
    fn a_saved_tournament_reads_and_writes_as_before() {
        let t = Tournament::from_text(SAVED).expect("an older page's text reads");
        assert_eq!(t.to_text(), SAVED);
        assert_eq!(t.name(), "Club night");
        assert_eq!(t.players()[1].entrant, Entrant::Computer(3));
        assert_eq!(t.players()[1].withdrawn, Some(0));
        let at = BoardRef::new(0, 0);
        assert_eq!(t.pairing(at).and_then(|p| p.game.as_deref()), Some("g-1-1"));
        assert_eq!(
            t.boards().map(|(at, _)| at).collect::<Vec<_>>(),
            [at, BoardRef::new(0, 1), BoardRef::new(0, 2)]
        );
        assert_eq!(t.board_of(4), Some(BoardRef::new(0, 2)));
        assert!(t.round_done());
    }
}
