//! Tournaments, with no web dependency: the formats (round robin, single or
//! double, and Swiss), the pairings of each round, the results, the
//! standings with their tie-breaks, the crosstable, and the text a
//! tournament is saved and exported as. Every game the app plays fits: a
//! game here is only its two players, who had which side, and its result.
//!
//! The rules chosen where tournament practice varies (written in
//! `docs/tournaments.md`):
//! - a win is 1 point, a draw ½, a loss 0; a **bye is 1 point** (lichess'
//!   and most clubs' custom), and a game forfeited by a withdrawn player
//!   is a win for the opponent;
//! - round robin tie-break: **Sonneborn–Berger** (the sum of the scores of
//!   the opponents beaten, and half those drawn with), then the games won;
//! - Swiss tie-breaks: **Buchholz cut 1** (the opponents' scores without
//!   the lowest), then **Buchholz** (all of them), then the games won; a
//!   bye or a forfeit counts as an opponent with no points;
//! - Swiss pairing: by score groups, the top half against the bottom half
//!   (the Dutch system's first rule), **never the same pair twice**, each
//!   player given the side it has played less (then the other side from
//!   its last game), the **bye to the lowest-ranked player who has not had
//!   one**.

use std::fmt;

use crate::engine::clock::TimeControl;
use crate::engine::Rules;

mod pairing;
pub(crate) mod text;

pub use pairing::{round_robin, swiss_round, Contender};
pub use text::{quarters_text, StandingsLabels, TournamentError, TOURNAMENT_SCHEMA};

/// The fewest and the most players a tournament takes.
pub const MIN_PLAYERS: usize = 3;
/// The most players.
pub const MAX_PLAYERS: usize = 32;

/// How the players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone, once or (`double`) twice with sides swapped.
    RoundRobin {
        /// Twice, sides swapped.
        double: bool,
    },
    /// This many rounds, each paired from the standings.
    Swiss {
        /// The number of rounds.
        rounds: u8,
    },
}

/// Who a player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// A person (on this device, or online).
    Person,
    /// The computer at this level (1 to 6).
    Computer(u8),
}

/// A player of the tournament, in seeding order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name shown.
    pub name: String,
    /// A person or the computer.
    pub entrant: Entrant,
    /// Withdrawn before this round (its later games are forfeited).
    pub withdrawn: Option<usize>,
}

/// A game's result, from its first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    FirstWins,
    /// The second player won.
    SecondWins,
    /// Drawn.
    Draw,
    /// The first player won because the second withdrew (no game).
    FirstByForfeit,
    /// The second player won because the first withdrew (no game).
    SecondByForfeit,
}

impl Score {
    /// The points of the first and the second player, in halves.
    pub const fn halves(self) -> (u32, u32) {
        match self {
            Score::FirstWins | Score::FirstByForfeit => (2, 0),
            Score::SecondWins | Score::SecondByForfeit => (0, 2),
            Score::Draw => (1, 1),
        }
    }

    /// The score of a game that ended as `outcome`, from its first
    /// player's side (a game with no outcome counts as drawn).
    pub fn of(outcome: Option<crate::engine::Outcome>) -> Score {
        match outcome.and_then(|o| o.winner) {
            Some(crate::engine::Side::First) => Score::FirstWins,
            Some(crate::engine::Side::Second) => Score::SecondWins,
            None => Score::Draw,
        }
    }

    /// Whether the game was played (not forfeited).
    pub const fn played(self) -> bool {
        matches!(self, Score::FirstWins | Score::SecondWins | Score::Draw)
    }

    /// The token in saved text: `1-0`, `0-1`, `1/2`, `+-`, `-+`.
    pub const fn token(self) -> &'static str {
        match self {
            Score::FirstWins => "1-0",
            Score::SecondWins => "0-1",
            Score::Draw => "1/2",
            Score::FirstByForfeit => "+-",
            Score::SecondByForfeit => "-+",
        }
    }

    /// The score of a token.
    pub fn from_token(token: &str) -> Option<Score> {
        Some(match token {
            "1-0" => Score::FirstWins,
            "0-1" => Score::SecondWins,
            "1/2" => Score::Draw,
            "+-" => Score::FirstByForfeit,
            "-+" => Score::SecondByForfeit,
            _ => return None,
        })
    }
}

/// Where a board is: its round and its place in that round, both from 0
/// (what a result, a report, a dispute or a game's room is about).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardRef {
    /// The round (from 0).
    pub round: usize,
    /// The board in that round (from 0).
    pub board: usize,
}

impl BoardRef {
    /// Board `board` of round `round`.
    pub const fn new(round: usize, board: usize) -> BoardRef {
        BoardRef { round, board }
    }

    /// The board whose round and board the saved texts write as these two
    /// numbers (as [`BoardRef`]'s text form writes them).
    pub fn parse(round: &str, board: &str) -> Option<BoardRef> {
        Some(BoardRef {
            round: round.parse().ok()?,
            board: board.parse().ok()?,
        })
    }
}

/// Its text form in saved texts: the round and the board, a space between.
impl fmt::Display for BoardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.round, self.board)
    }
}

/// One board of a round: two players (the first plays the first side), or
/// one with a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The player with the first side (an index into the players).
    pub first: usize,
    /// Its opponent, or `None` for a bye.
    pub second: Option<usize>,
    /// The result, once known.
    pub score: Option<Score>,
    /// The game's library id, once it is played (to replay it).
    pub game: Option<String>,
}

impl Pairing {
    /// A board of `first` against `second`.
    pub fn new(first: usize, second: Option<usize>) -> Pairing {
        Pairing {
            first,
            second,
            score: None,
            game: None,
        }
    }

    /// True when `player` plays on this board.
    pub fn has(&self, player: usize) -> bool {
        self.first == player || self.second == Some(player)
    }

    /// `player`'s opponent on this board (`None` for a bye or another board).
    pub fn opponent(&self, player: usize) -> Option<usize> {
        if self.first == player {
            self.second
        } else if self.second == Some(player) {
            Some(self.first)
        } else {
            None
        }
    }

    /// Whether the board's result is in (a bye's always is).
    pub fn done(&self) -> bool {
        self.second.is_none() || self.score.is_some()
    }
}

/// Why a result was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultError {
    /// No such round or board.
    NoBoard,
    /// A bye has no result to give.
    Bye,
    /// The board already has another result.
    Disagrees,
}

/// A tournament: its players, its format and its rounds so far. Its
/// fields are its own: it is read through its accessors and changed only by
/// its own rules (a result, a withdrawal, the next round paired), so the
/// rounds always fit the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its name.
    name: String,
    /// The game and its options, for every board.
    rules: Rules,
    /// The time control of every game, if timed.
    clock: Option<TimeControl>,
    /// How players meet.
    format: Format,
    /// The players, in seeding order.
    players: Vec<Player>,
    /// The rounds paired so far.
    rounds: Vec<Vec<Pairing>>,
}

/// Why a tournament cannot start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Fewer than [`MIN_PLAYERS`] or more than [`MAX_PLAYERS`].
    Players,
    /// Two players of the same name.
    SameName,
    /// A Swiss of no rounds, or of more than half as many rounds as
    /// players (rounded up).
    Rounds,
}

impl Tournament {
    /// A tournament of these players (seeded in this order), not paired yet.
    ///
    /// # Errors
    /// [`SetupError`] when the players or the rounds do not fit.
    pub fn new(
        name: String,
        rules: Rules,
        clock: Option<TimeControl>,
        format: Format,
        players: Vec<Player>,
    ) -> Result<Tournament, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
            return Err(SetupError::Players);
        }
        let mut names: Vec<&str> = players.iter().map(|p| p.name.trim()).collect();
        names.sort_unstable();
        if names.windows(2).any(|w| w[0] == w[1]) || names.iter().any(|n| n.is_empty()) {
            return Err(SetupError::SameName);
        }
        if let Format::Swiss { rounds } = format {
            // At most half as many rounds as players (rounded up): more, and
            // the last rounds may find no pairing without a repeat.
            if rounds == 0 || usize::from(rounds) > players.len().div_ceil(2) {
                return Err(SetupError::Rounds);
            }
        }
        Ok(Tournament {
            players,
            ..Tournament::open_entries(name, rules, clock, format)
        })
    }

    /// An online tournament open for entries: no players yet, no rounds
    /// (its entrants are checked when it starts, by [`Tournament::new`]).
    pub(crate) fn open_entries(
        name: String,
        rules: Rules,
        clock: Option<TimeControl>,
        format: Format,
    ) -> Tournament {
        Tournament {
            name,
            rules,
            clock,
            format,
            players: Vec::new(),
            rounds: Vec::new(),
        }
    }

    /// Takes `player`'s entry, before the first round is paired and while
    /// there is room. (Its name is checked by whoever takes the entries.)
    pub(crate) fn enter(&mut self, player: Player) -> bool {
        if !self.rounds.is_empty() || self.players.len() >= MAX_PLAYERS {
            return false;
        }
        self.players.push(player);
        true
    }

    /// Renames entrant `player`, before the first round is paired.
    pub(crate) fn rename(&mut self, player: usize, name: String) -> bool {
        match self.players.get_mut(player) {
            Some(p) if self.rounds.is_empty() => {
                p.name = name;
                true
            }
            _ => false,
        }
    }

    /// Takes `player`'s entry back, before the first round is paired.
    pub(crate) fn remove_entry(&mut self, player: usize) -> bool {
        if !self.rounds.is_empty() || player >= self.players.len() {
            return false;
        }
        self.players.remove(player);
        true
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game and its options, for every board.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The time control of every game, if timed.
    pub fn clock(&self) -> Option<TimeControl> {
        self.clock
    }

    /// How players meet.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The players, in seeding order (a player is its index here).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Player `player`, if there is one.
    pub fn player(&self, player: usize) -> Option<&Player> {
        self.players.get(player)
    }

    /// The rounds paired so far, each its boards in order.
    pub fn rounds(&self) -> &[Vec<Pairing>] {
        &self.rounds
    }

    /// The boards of the round under way (or of the last one, once the
    /// tournament is over); none before the first is paired.
    pub fn current_round(&self) -> &[Pairing] {
        self.rounds.last().map_or(&[], Vec::as_slice)
    }

    /// The board `at`, if it is paired.
    pub fn pairing(&self, at: BoardRef) -> Option<&Pairing> {
        self.rounds.get(at.round)?.get(at.board)
    }

    /// Every board paired so far, in round and board order.
    pub fn boards(&self) -> impl Iterator<Item = (BoardRef, &Pairing)> + '_ {
        self.rounds.iter().enumerate().flat_map(|(round, boards)| {
            boards
                .iter()
                .enumerate()
                .map(move |(board, pairing)| (BoardRef::new(round, board), pairing))
        })
    }

    /// `player`'s board in the round under way.
    pub fn board_of(&self, player: usize) -> Option<BoardRef> {
        let round = self.rounds.len().checked_sub(1)?;
        let board = self.rounds[round].iter().position(|p| p.has(player))?;
        Some(BoardRef::new(round, board))
    }

    /// The number of rounds the tournament will have (of the entrants so
    /// far, before an online tournament starts: none of none).
    pub fn total_rounds(&self) -> usize {
        let n = self.players.len();
        match self.format {
            Format::RoundRobin { double } => {
                let once = if n.is_multiple_of(2) {
                    n.saturating_sub(1)
                } else {
                    n
                };
                if double {
                    2 * once
                } else {
                    once
                }
            }
            Format::Swiss { rounds } => usize::from(rounds),
        }
    }

    /// True once every round is paired and every result is in (never
    /// before the first round is paired).
    pub fn is_over(&self) -> bool {
        !self.rounds.is_empty() && self.rounds.len() == self.total_rounds() && self.round_done()
    }

    /// True when the last round's results are all in (or none is paired).
    pub fn round_done(&self) -> bool {
        self.rounds
            .last()
            .is_none_or(|r| r.iter().all(Pairing::done))
    }

    /// Pairs the next round, once the last one is done: the round robin's
    /// schedule, or a Swiss round from the standings. A withdrawn player's
    /// boards are forfeited at once. Returns false when there is nothing to
    /// pair (a round still running, or the tournament over).
    pub fn pair_next(&mut self) -> bool {
        if !self.round_done() || self.rounds.len() >= self.total_rounds() {
            return false;
        }
        let index = self.rounds.len();
        let round = match self.format {
            Format::RoundRobin { double } => {
                round_robin(self.players.len(), double).swap_remove(index)
            }
            Format::Swiss { .. } => {
                let contenders: Vec<Contender> = (0..self.players.len())
                    .filter(|&p| self.players[p].withdrawn.is_none_or(|r| r > index))
                    .map(|p| self.contender(p))
                    .collect();
                match swiss_round(&contenders) {
                    Some(round) => round,
                    None => return false,
                }
            }
        };
        let mut round: Vec<Pairing> = round
            .into_iter()
            .map(|(first, second)| Pairing::new(first, second))
            .collect();
        for board in &mut round {
            board.score = self.forfeit(board, index);
        }
        self.rounds.push(round);
        true
    }

    /// What a Swiss round's pairing reads of `player`.
    fn contender(&self, player: usize) -> Contender {
        let boards = || self.rounds.iter().flatten();
        Contender {
            player,
            points: self.points(player),
            had_bye: boards().any(|b| b.first == player && b.second.is_none()),
            sides: self.sides(player),
            last_first: self.rounds.iter().rev().flatten().find_map(|b| {
                (b.second.is_some() && b.has(player) && b.score.is_none_or(|s| s.played()))
                    .then_some(b.first == player)
            }),
            met: boards().filter_map(|b| b.opponent(player)).collect(),
        }
    }

    /// The forfeit on `board` in round `round` when a player has withdrawn.
    fn forfeit(&self, board: &Pairing, round: usize) -> Option<Score> {
        let gone = |p: usize| self.players[p].withdrawn.is_some_and(|r| r <= round);
        let second = board.second?;
        match (gone(board.first), gone(second)) {
            (false, true) => Some(Score::FirstByForfeit),
            (true, false) => Some(Score::SecondByForfeit),
            // Both gone: the first side's forfeit is the second's win, and
            // the other way round; neither scores (a double forfeit is
            // written as a loss for the first).
            (true, true) => Some(Score::SecondByForfeit),
            (false, false) => None,
        }
    }

    /// The result of board `at` (the game's library id with it, when it was
    /// played here). The same result again is no news.
    ///
    /// # Errors
    /// [`ResultError`] when the board has none, or another result already.
    pub fn record(
        &mut self,
        at: BoardRef,
        score: Score,
        game: Option<String>,
    ) -> Result<bool, ResultError> {
        let pairing = self
            .rounds
            .get_mut(at.round)
            .and_then(|r| r.get_mut(at.board))
            .ok_or(ResultError::NoBoard)?;
        if pairing.second.is_none() {
            return Err(ResultError::Bye);
        }
        match pairing.score {
            Some(known) if known == score => Ok(false),
            Some(_) => Err(ResultError::Disagrees),
            None => {
                pairing.score = Some(score);
                if game.is_some() {
                    pairing.game = game;
                }
                Ok(true)
            }
        }
    }

    /// The result of a board of the round under way, given by hand or
    /// agreed: recorded, and the next round paired once it was the last.
    /// False when the board has a result already or none can be given.
    pub fn give_result(&mut self, at: BoardRef, score: Score) -> bool {
        let given = self.record(at, score, None) == Ok(true);
        if given && self.round_done() {
            self.pair_next();
        }
        given
    }

    /// `player` withdraws now: from the round under way (its boards there
    /// without a result are forfeited), the next round paired if that
    /// completed this one. False when it had withdrawn already, or the
    /// tournament is over.
    pub fn withdraw_now(&mut self, player: usize) -> bool {
        if self.is_over()
            || self
                .players
                .get(player)
                .is_none_or(|p| p.withdrawn.is_some())
        {
            return false;
        }
        self.withdraw(player, self.rounds.len().saturating_sub(1));
        if self.round_done() {
            self.pair_next();
        }
        true
    }

    /// `player` withdraws before round `from` (its boards from then on are
    /// forfeited, those of a round already paired too).
    pub fn withdraw(&mut self, player: usize, from: usize) {
        let Some(p) = self.players.get_mut(player) else {
            return;
        };
        if p.withdrawn.is_some() {
            return;
        }
        p.withdrawn = Some(from);
        for round in from..self.rounds.len() {
            for b in 0..self.rounds[round].len() {
                if self.rounds[round][b].score.is_none() {
                    let board = self.rounds[round][b].clone();
                    self.rounds[round][b].score = self.forfeit(&board, round);
                }
            }
        }
    }

    /// Every result of `player` so far: (opponent, its points in halves),
    /// the opponent `None` for a bye.
    fn results(&self, player: usize) -> Vec<(Option<usize>, u32, bool)> {
        let mut out = Vec::new();
        for round in &self.rounds {
            for board in round.iter().filter(|b| b.has(player)) {
                match (board.second, board.score) {
                    (None, _) => out.push((None, 2, false)),
                    (Some(_), Some(score)) => {
                        let (a, b) = score.halves();
                        let mine = if board.first == player { a } else { b };
                        let opponent = board.opponent(player).filter(|_| score.played());
                        out.push((opponent, mine, score.played()));
                    }
                    (Some(_), None) => {}
                }
            }
        }
        out
    }

    /// `player`'s points so far, in halves.
    pub fn points(&self, player: usize) -> u32 {
        self.results(player).iter().map(|(_, p, _)| p).sum()
    }

    /// `player`'s tie-breaks, in halves: Sonneborn–Berger (in quarters: a
    /// draw counts half an opponent's halves), Buchholz, Buchholz cut 1, and
    /// games won.
    pub fn tie_breaks(&self, player: usize) -> TieBreaks {
        let results = self.results(player);
        let mut sonneborn_berger = 0;
        let mut buchholz = Vec::new();
        let mut wins = 0;
        for (opponent, mine, played) in &results {
            let theirs = opponent.map_or(0, |o| self.points(o));
            // Unplayed rounds (a bye, a forfeit) count as an opponent with
            // no points.
            buchholz.push(theirs);
            sonneborn_berger += theirs * mine;
            if *mine == 2 && *played {
                wins += 1;
            }
        }
        let total: u32 = buchholz.iter().sum();
        let cut = total - buchholz.iter().min().copied().unwrap_or(0);
        TieBreaks {
            sonneborn_berger_quarters: sonneborn_berger,
            buchholz_halves: total,
            buchholz_cut_halves: cut,
            wins,
        }
    }

    /// The players in order: points, then the format's tie-breaks, then
    /// games won, then seeding.
    pub fn standings(&self) -> Vec<Standing> {
        let mut rows: Vec<Standing> = (0..self.players.len())
            .map(|player| Standing {
                player,
                points_halves: self.points(player),
                tie_breaks: self.tie_breaks(player),
                rank: 0,
            })
            .collect();
        let swiss = matches!(self.format, Format::Swiss { .. });
        let key = |r: &Standing| {
            let t = r.tie_breaks;
            let (a, b) = if swiss {
                (t.buchholz_cut_halves * 2, t.buchholz_halves * 2)
            } else {
                (t.sonneborn_berger_quarters, 0)
            };
            (r.points_halves, a, b, t.wins)
        };
        rows.sort_by(|x, y| key(y).cmp(&key(x)).then(x.player.cmp(&y.player)));
        // Equal on everything shares a rank.
        for i in 0..rows.len() {
            rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
                rows[i - 1].rank
            } else {
                i + 1
            };
        }
        rows
    }

    /// How many times `player` had the first side, and the second.
    pub fn sides(&self, player: usize) -> (usize, usize) {
        let mut first = 0;
        let mut second = 0;
        for board in self.rounds.iter().flatten() {
            if board.second.is_none() || board.score.is_some_and(|s| !s.played()) {
                continue;
            }
            if board.first == player {
                first += 1;
            } else if board.second == Some(player) {
                second += 1;
            }
        }
        (first, second)
    }

    /// True when `a` and `b` have been paired already.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.rounds
            .iter()
            .flatten()
            .any(|board| board.has(a) && board.opponent(a) == Some(b))
    }

    /// The crosstable: for each player (in seeding order), its result
    /// against each other player, per meeting (`1`, `½`, `0`, `+`, `-`).
    pub fn crosstable(&self) -> Vec<Vec<String>> {
        let n = self.players.len();
        let mut table = vec![vec![String::new(); n]; n];
        for board in self.rounds.iter().flatten() {
            let (Some(second), Some(score)) = (board.second, board.score) else {
                continue;
            };
            let (a, b) = score.halves();
            let mark = |points: u32, played: bool| match (points, played) {
                (2, true) => "1",
                (1, _) => "½",
                (0, true) => "0",
                (2, false) => "+",
                _ => "-",
            };
            table[board.first][second].push_str(mark(a, score.played()));
            table[second][board.first].push_str(mark(b, score.played()));
        }
        table
    }
}

/// A player's tie-breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TieBreaks {
    /// Sonneborn–Berger, in quarters of a point.
    pub sonneborn_berger_quarters: u32,
    /// Buchholz, in halves.
    pub buchholz_halves: u32,
    /// Buchholz cut 1, in halves.
    pub buchholz_cut_halves: u32,
    /// Games won over the board.
    pub wins: u32,
}

/// A row of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player (an index into the players).
    pub player: usize,
    /// Points, in halves.
    pub points_halves: u32,
    /// Its tie-breaks.
    pub tie_breaks: TieBreaks,
    /// Its place (equal rows share one).
    pub rank: usize,
}

/// Halves as a score is written: `3`, `2½`, `½`.
pub fn halves_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An online tournament's entries are a tournament of any number of
    /// players, none at first: every page asks whether it is over (it
    /// never is before its first round). Counting the rounds of none took
    /// one from zero, a panic in a debug build.
    #[test]
    fn open_entries_are_never_over_and_count_their_rounds() {
        for format in [
            Format::RoundRobin { double: false },
            Format::RoundRobin { double: true },
            Format::Swiss { rounds: 3 },
        ] {
            let mut t = Tournament::open_entries("x".into(), Rules::kharbga(), None, format);
            for n in 0..=2 {
                assert!(!t.is_over(), "{format:?}, {n} entrants");
                let expected = match format {
                    Format::Swiss { rounds } => usize::from(rounds),
                    Format::RoundRobin { double } => [0, 1, 1][n] * if double { 2 } else { 1 },
                };
                assert_eq!(t.total_rounds(), expected, "{format:?}, {n} entrants");
                assert!(t.enter(Player {
                    name: format!("p{n}"),
                    entrant: Entrant::Person,
                    withdrawn: None,
                }));
            }
        }
    }
}
