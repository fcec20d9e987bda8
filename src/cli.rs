//! The logic behind `kharbga-cli`, kept in the library so tests call it
//! directly: the batch protocol, perft and the playout benchmark.

use std::time::Instant;

use crate::engine::{
    perft::perft, BoardSize, Game, GameError, Outcome, Ply, PlyList, Position, Reason, Record,
    Rules, Side,
};

/// Answers one batch line (see `kharbga-cli --help`): never panics, always
/// one line.
///
/// ```
/// use kharbga::cli::answer;
/// assert!(answer("seega5||").starts_with("ok first 0 0 | a1 a2 "));
/// assert_eq!(answer("seega5||c3"), "illegal 0 c3");
/// assert!(answer("chess||").starts_with("error "));
/// ```
pub fn answer(line: &str) -> String {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut parts = line.splitn(3, '|');
    let (Some(spec), Some(position), Some(plies)) = (parts.next(), parts.next(), parts.next())
    else {
        return "error expected <variant>|<position>|<plies>".to_owned();
    };
    let rules: Rules = match spec.trim().parse() {
        Ok(rules) => rules,
        Err(e) => return format!("error {e}"),
    };
    let position = position.trim();
    let start = if position.is_empty() {
        Position::new(rules)
    } else {
        match Position::from_text(position, rules) {
            Ok(position) => position,
            Err(e) => return format!("error bad position: {e}"),
        }
    };
    let mut game = Game::from_position(start);
    for (index, text) in plies.split_whitespace().enumerate() {
        match game.play_text(text) {
            Ok(_) => {}
            Err(GameError::Parse(_) | GameError::Illegal(_) | GameError::Over(_)) => {
                return format!("illegal {index} {text}");
            }
        }
    }
    let position = game.position();
    let (first, second) = (
        position.soldiers(Side::First).count(),
        position.soldiers(Side::Second).count(),
    );
    if let Some(outcome) = game.outcome() {
        return format!(
            "over {} {} {first} {second}",
            outcome.winner_token(),
            outcome.reason.token()
        );
    }
    let mut legal: Vec<String> = position
        .legal_plies()
        .iter()
        .map(|p| p.to_string())
        .collect();
    legal.sort_unstable();
    format!(
        "ok {} {first} {second} | {}",
        position.to_move().token(),
        legal.join(" ")
    )
}

pub use crate::ai::Rng;

/// Totals of a run of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played to the end.
    pub games: u64,
    /// Plies played (legal-move generation for each included).
    pub plies: u64,
}

/// Plays random games from the start under `rules` until `max_plies` plies
/// have been played (finishing the last game), with a fixed `seed`.
pub fn random_playouts(rules: Rules, seed: u64, max_plies: u64) -> PlayoutStats {
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::default();
    let mut plies = PlyList::new();
    while stats.plies < max_plies {
        let mut position = Position::new(rules);
        while !position.is_over() {
            plies.clear();
            position.generate(&mut plies);
            if plies.is_empty() {
                break;
            }
            let ply = plies[rng.below(plies.len())];
            position.play_unchecked(ply);
            stats.plies += 1;
        }
        stats.games += 1;
    }
    stats
}

/// How many times `bench` repeats each playout run.
const BENCH_RUNS: usize = 5;

/// The positions `bench` runs perft from: (name, rules, position, depth).
const PERFT_BENCH: [(&str, &str, &str, u32); 4] = [
    (
        "kharbaga",
        "kharbaga",
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 - - 0 1 -",
        16,
    ),
    (
        "kharbga",
        "kharbga",
        "sSSsSss/ssSssSs/sssSSsS/SSS1sSS/SSSsSss/SSssSSs/ssSsSsS w 0,0 - - 0 13 f",
        10,
    ),
    (
        "kharbga-exchange",
        "kharbga",
        "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
        6,
    ),
    (
        "seega7",
        "seega7",
        "ssSSsss/ss1SsSS/SssssS1/Ss1s1SS/S1sS1SS/1sS1SSS/sss2Ss b 0,0 - - 5 24 -",
        6,
    ),
];

/// The positions the search benchmark searches to a fixed depth: (name,
/// rules, position, depth). Middle games from the computer's own games
/// (the Kharbga Defender to move in three, where the exchange analysis
/// runs), an exchange under way, and Seega 7×7.
const SEARCH_BENCH: [(&str, &str, &str, u8); 7] = [
    (
        "kharbga-d16",
        "kharbga",
        "sSSsSsS/sS1ssSs/s2s1ss/1S2S1S/s2SSss/sSS2sS/SSSSSss b 0,0 - - 2 16 -",
        10,
    ),
    (
        "kharbga-d31",
        "kharbga",
        "s1Ss1sS/s1sSs1s/2sSSSs/5S1/1sS2Ss/sS2S1S/SSSS1ss b 0,0 - - 4 31 -",
        10,
    ),
    (
        "kharbga-d51",
        "kharbga",
        "1s3S1/s2s1S1/2sS3/2sS2S/5Ss/S1S1Ss1/3S2s b 0,0 - - 4 51 -",
        10,
    ),
    (
        "kharbga-a31",
        "kharbga",
        "s1Ss1sS/s1sSs1s/2sSSSs/5S1/1sS2Ss/sS2S1S/SSSS1ss w 0,0 - - 4 31 -",
        10,
    ),
    (
        "kharbga-exchange",
        "kharbga",
        "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
        12,
    ),
    (
        "seega7-w19",
        "seega7",
        "SSs1ssS/S1Ss1sS/SSss1ss/ss3s1/SSs1s1s/sSssSs1/SsSssss w 0,0 - - 2 19 -",
        10,
    ),
    (
        "seega7-b28",
        "seega7",
        "1Ss1ssS/SSs2sS/3ss1s/S1ss1s1/SSs1s1s/sSsss1s/Ss1s1ss b 0,0 - - 1 28 -",
        8,
    ),
];

/// How many times the search benchmark searches each position.
const SEARCH_RUNS: usize = 3;

/// `kharbga-cli bench search`: each [`SEARCH_BENCH`] position searched to
/// its depth by a new searcher (no clock: the same nodes every run), the
/// median time of [`SEARCH_RUNS`]: time to depth and nodes per second.
fn search_bench(wanted: impl Fn(&str) -> bool, lines: &mut Vec<String>) {
    use crate::ai::{Limits, NoClock, Searcher};
    let (mut all_nodes, mut all_seconds) = (0u64, 0f64);
    for (name, spec, text, depth) in SEARCH_BENCH.into_iter().filter(|p| wanted(p.0)) {
        let Ok(Ok(position)) = spec.parse().map(|rules| Position::from_text(text, rules)) else {
            continue;
        };
        let game = Game::from_position(position);
        let limits = Limits {
            depth,
            nodes: u64::MAX,
            time_ms: None,
        };
        let mut runs: Vec<(f64, crate::ai::SearchResult)> = (0..SEARCH_RUNS)
            .map(|_| {
                let mut searcher = Searcher::new(crate::ai::TABLE_BITS);
                let started = Instant::now();
                let result = searcher.search(&game, limits, &NoClock);
                (started.elapsed().as_secs_f64(), result)
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (seconds, result) = &runs[runs.len() / 2];
        all_nodes += result.nodes;
        all_seconds += seconds;
        lines.push(format!(
            "search  {name:16} depth {depth:2} {:>10} nodes {:8.1} ms {:>7.2} M nodes/s best {} score {}",
            result.nodes,
            seconds * 1e3,
            result.nodes as f64 / seconds / 1e6,
            result.best.map_or("-".to_owned(), |p| p.to_string()),
            result.score,
        ));
    }
    if all_seconds > 0.0 {
        lines.push(format!(
            "search  {:16} {:>19} nodes {:8.1} ms {:>7.2} M nodes/s (median of {SEARCH_RUNS} each)",
            "all",
            all_nodes,
            all_seconds * 1e3,
            all_nodes as f64 / all_seconds / 1e6,
        ));
    }
}

/// The benchmark report, a line per figure; `only` limits it to the named
/// variants (all when empty).
pub fn bench_report(only: &[String]) -> Vec<String> {
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.starts_with(o.as_str()));
    let mut lines = Vec::new();
    let playouts = [
        ("kharbga", Rules::kharbga(), 4_000_000u64),
        ("seega7", Rules::seega(BoardSize::Seven), 10_000_000),
        ("seega5", Rules::seega(BoardSize::Five), 10_000_000),
        ("kharbaga", Rules::kharbaga(), 10_000_000),
    ];
    for (name, rules, plies) in playouts.into_iter().filter(|p| wanted(p.0)) {
        // The same games (fixed seed) five times: the median time, since
        // this machine is shared and one run can be slowed by a neighbour.
        let mut runs: Vec<(f64, PlayoutStats)> = (0..BENCH_RUNS)
            .map(|_| {
                let started = Instant::now();
                let stats = random_playouts(rules, 2026, plies);
                (started.elapsed().as_secs_f64(), stats)
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (seconds, stats) = runs[runs.len() / 2];
        let (fastest, slowest) = (runs[0].0, runs[runs.len() - 1].0);
        lines.push(format!(
            "playout {name:16} {:>10} plies {:>7} games {seconds:7.3} s {:>7.2} M plies/s \
             (median of {BENCH_RUNS}; {:.2}–{:.2})",
            stats.plies,
            stats.games,
            stats.plies as f64 / seconds / 1e6,
            stats.plies as f64 / slowest / 1e6,
            stats.plies as f64 / fastest / 1e6,
        ));
    }
    for (name, spec, text, depth) in PERFT_BENCH.into_iter().filter(|p| wanted(p.0)) {
        let Ok(position) = spec.parse().map(|rules| Position::from_text(text, rules)) else {
            continue;
        };
        let Ok(position) = position else { continue };
        let started = Instant::now();
        let nodes = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        lines.push(format!(
            "perft   {name:16} depth {depth:2} {nodes:>10} nodes {seconds:7.3} s {:>7.2} M nodes/s",
            nodes as f64 / seconds / 1e6
        ));
    }
    search_bench(
        |name| {
            only.is_empty()
                || only
                    .iter()
                    .any(|o| o == "search" || name.starts_with(o.as_str()))
        },
        &mut lines,
    );
    lines
}

/// A clock for native searches.
#[derive(Clone, Copy, Debug)]
pub struct WallClock(Instant);

impl WallClock {
    /// A clock started now.
    pub fn start() -> WallClock {
        WallClock(Instant::now())
    }
}

impl crate::ai::Clock for WallClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// `kharbga-cli think`: the best ply, evaluation, depth, nodes and
/// principal variation for `position`.
pub fn think(position: &Position, time_ms: u64, nodes: u64) -> String {
    use crate::ai::{Limits, Searcher};
    let mut searcher = Searcher::new(crate::ai::TABLE_BITS);
    let limits = Limits {
        depth: 64,
        nodes,
        time_ms: Some(time_ms),
    };
    let started = Instant::now();
    let game = Game::from_position(*position);
    let mut rng = Rng::new(2026);
    let result = searcher.search_strongest(&game, limits, &mut rng, &WallClock::start());
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let pv: Vec<String> = result.pv.iter().map(|p| p.to_string()).collect();
    format!(
        "best {} score {} depth {} nodes {} nps {:.0} pv {}",
        result.best.map_or("-".to_owned(), |p| p.to_string()),
        result.score,
        result.depth,
        result.nodes,
        result.nodes as f64 / seconds,
        pv.join(" ")
    )
}

/// The totals of a match between two levels, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// A's wins, draws and losses as the first player, then as the second.
    pub by_side: [[u32; 3]; 2],
    /// How A's losses ended, by [`Reason`] (in `Reason::ALL`'s order).
    pub lost_by: [u32; Reason::ALL.len()],
    /// How the draws ended, likewise.
    pub drawn_by: [u32; Reason::ALL.len()],
}

impl MatchScore {
    /// A's score in percent (a draw is half a point).
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(games)
    }

    /// Adds a game A played as `a_side` that ended with `outcome` (none:
    /// unfinished, a draw).
    pub fn add(&mut self, a_side: Side, outcome: Option<Outcome>) {
        let side = usize::from(a_side == Side::Second);
        let reason = outcome.and_then(|o| Reason::ALL.iter().position(|r| *r == o.reason));
        match outcome.and_then(|o| o.winner) {
            Some(winner) if winner == a_side => {
                self.wins += 1;
                self.by_side[side][0] += 1;
            }
            Some(_) => {
                self.losses += 1;
                self.by_side[side][2] += 1;
                if let Some(r) = reason {
                    self.lost_by[r] += 1;
                }
            }
            None => {
                self.draws += 1;
                self.by_side[side][1] += 1;
                if let Some(r) = reason {
                    self.drawn_by[r] += 1;
                }
            }
        }
    }

    /// "as first W–D–L, as second W–D–L; A lost by …; drawn by …".
    pub fn details(&self) -> String {
        let [first, second] = self.by_side;
        let mut text = format!(
            "as first {}-{}-{}, as second {}-{}-{}",
            first[0], first[1], first[2], second[0], second[1], second[2]
        );
        for (label, counts) in [("lost by", self.lost_by), ("drawn by", self.drawn_by)] {
            let reasons: Vec<String> = Reason::ALL
                .iter()
                .zip(counts)
                .filter(|(_, n)| *n > 0)
                .map(|(r, n)| format!("{} {n}", r.token()))
                .collect();
            if !reasons.is_empty() {
                text.push_str(&format!("; {label} {}", reasons.join(", ")));
            }
        }
        text
    }
}

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// Games in all.
    pub games: u32,
    /// The first game played (0: the whole match): a match played in
    /// parts, `first_game..games` here and the rest in another run, plays
    /// the openings of one run (each game's seed and opening come from its
    /// number; a timed game's plies still depend on the clock).
    pub first_game: u32,
    /// Milliseconds per ply for the levels that use a clock, if any.
    pub time_ms: Option<u64>,
    /// B's milliseconds per ply, when not `time_ms` (A thinking longer or
    /// shorter than B: whether more time makes a level stronger).
    pub b_time_ms: Option<u64>,
    /// The seed every game's own seed is drawn from.
    pub seed: u64,
    /// Games played at once (each on its own thread).
    pub threads: usize,
    /// Which games' records to print (to stderr).
    pub show_records: ShowRecords,
    /// A's side in every game, when not alternated.
    pub a_side: Option<Side>,
    /// Start each pair of games (A first, then A second) from a balanced
    /// opening of this many random plies ([`ballot`]); 0: from the start.
    pub ballot_plies: usize,
}

/// Which records a match prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowRecords {
    /// None: the score only.
    None,
    /// The games A did not win.
    NotWon,
    /// Every game (for an analysis of A's wins too).
    All,
}

/// A balanced opening, as checkers tournaments draw "ballots" when the
/// natural start decides too much: `plies` random plies from the start
/// (drawn from `seed`), kept when a depth-12 search finds no forced result
/// and scores it within half a soldier for the side to move; up to 200
/// tries, else the start itself.
pub fn ballot(rules: Rules, seed: u64, plies: usize) -> Game {
    const BALLOT_DEPTH: u8 = 12;
    const BALLOT_MARGIN: i32 = 50;
    use crate::ai::{Limits, Searcher};
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    for _ in 0..200 {
        let mut game = Game::new(rules);
        while game.plies().len() < plies && game.outcome().is_none() {
            let legal = game.position().legal_plies();
            if game.play(legal[rng.below(legal.len())]).is_err() {
                break;
            }
        }
        if game.outcome().is_some() {
            continue;
        }
        let limits = Limits {
            depth: BALLOT_DEPTH,
            nodes: 20_000_000,
            time_ms: None,
        };
        let result = searcher.search(&game, limits, &WallClock::start());
        if result.score.forced().is_none() && result.score.0.abs() <= BALLOT_MARGIN {
            return game;
        }
    }
    Game::new(rules)
}

/// One game between `a` and `b` (A plays `a_side`, each with its time a
/// ply in `times`), each with its own searcher kept for the game: the
/// result depends only on the seed and the levels (and the clock, for
/// time-bound levels). How it ended (none: cut at 2,000 plies).
pub fn play_game(
    start: &Game,
    (a, b): (crate::ai::Level, crate::ai::Level),
    a_side: Side,
    times: (Option<u64>, Option<u64>),
    seed: u64,
) -> Game {
    use crate::ai::Searcher;
    let mut rng = Rng::new(seed);
    let (mut searcher_a, mut searcher_b) = (
        Searcher::new(crate::ai::TABLE_BITS),
        Searcher::new(crate::ai::TABLE_BITS),
    );
    let mut game = start.clone();
    while game.outcome().is_none() && game.plies().len() < 2_000 {
        let (level, searcher, time_ms) = if game.position().to_move() == a_side {
            (a, &mut searcher_a, times.0)
        } else {
            (b, &mut searcher_b, times.1)
        };
        let clock = WallClock::start();
        let Some(ply) = level.choose(&game, searcher, &mut rng, time_ms, &clock) else {
            break;
        };
        if game.play(ply).is_err() {
            break;
        }
    }
    game
}

/// Plays a match between levels `a` and `b` under `rules`: A is the first
/// player in even games and the second in odd ones; game `n`'s seed comes
/// from `settings.seed` and `n`, so the totals do not depend on the number
/// of threads.
pub fn play_match(
    rules: Rules,
    a: crate::ai::Level,
    b: crate::ai::Level,
    settings: MatchSettings,
) -> MatchScore {
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Mutex;
    let next = AtomicU32::new(settings.first_game);
    let score = Mutex::new(MatchScore::default());
    let worker = || loop {
        let n = next.fetch_add(1, Ordering::Relaxed);
        if n >= settings.games {
            break;
        }
        let a_side = if let Some(side) = settings.a_side {
            side
        } else if n.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        };
        let seed = Rng::new(settings.seed ^ (u64::from(n) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .next_u64();
        let start = if settings.ballot_plies > 0 {
            // Both games of a pair start from the same opening.
            let pair = u64::from(n / 2) + 1;
            ballot(
                rules,
                settings.seed ^ pair.wrapping_mul(0xD6E8_FEB8_6659_FD93),
                settings.ballot_plies,
            )
        } else {
            Game::new(rules)
        };
        let times = (settings.time_ms, settings.b_time_ms.or(settings.time_ms));
        let game = play_game(&start, (a, b), a_side, times, seed);
        let outcome = game.outcome();
        let show = match settings.show_records {
            ShowRecords::None => false,
            ShowRecords::NotWon => outcome.is_none_or(|o| o.winner != Some(a_side)),
            ShowRecords::All => true,
        };
        if show {
            let plies: Vec<String> = game.plies().iter().map(|p| p.ply.to_string()).collect();
            eprintln!(
                "game {n} ({a} as {a_side:?}): {outcome:?}\n  {}",
                plies.join(" ")
            );
        }
        score
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(a_side, outcome);
    };
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(worker);
        }
    });
    score.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// A long game that goes on: `plies` random plies under `rules`, avoiding
/// captures where it can and never ending the game (a ply that would is
/// taken back and another tried). What the long-line and store benchmarks
/// replay.
pub fn long_game(rules: Rules, plies: usize, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules);
    while game.plies().len() < plies && game.outcome().is_none() {
        let legal = game.position().legal_plies();
        let quiet: Vec<_> = legal
            .iter()
            .copied()
            .filter(|p| match *p {
                crate::engine::Ply::Step { to, .. } => game.position().captures_at(to).is_empty(),
                _ => true,
            })
            .collect();
        let pool = if quiet.is_empty() {
            legal.to_vec()
        } else {
            quiet
        };
        if !play_on(&mut game, &pool, &mut rng) {
            break;
        }
    }
    game
}

/// Plays the first ply of `pool`, from a random place on and round, that is
/// legal and does not end the game; false when none does. (`below(0)` and
/// `below(1)` draw alike: an empty pool takes one draw as before.)
fn play_on(game: &mut Game, pool: &[Ply], rng: &mut Rng) -> bool {
    let start = rng.below(pool.len().max(1));
    for k in 0..pool.len() {
        let ply = pool[(start + k) % pool.len()];
        if game.play(ply).is_ok() {
            if game.outcome().is_none() {
                return true;
            }
            game.undo();
        }
    }
    false
}

/// A `kharbga-cli batch` line of a legal game of `plies` plies (Seega 9×9,
/// no quiet-move limit, a few soldiers a side): the repetition rule's cost
/// over a long game.
pub fn long_line(plies: usize, seed: u64) -> String {
    let rules: Rules = "seega9:quiet=0"
        .parse()
        .unwrap_or(Rules::seega(BoardSize::Nine));
    let start = "S1S1S4/9/9/9/9/9/9/9/s1s1s4 b 0,0 - - 0 1 -";
    let mut game = match Position::from_text(start, rules) {
        Ok(position) => Game::from_position(position),
        Err(_) => return String::new(),
    };
    let mut rng = Rng::new(seed);
    while game.plies().len() < plies {
        let legal = game.position().legal_plies();
        if !play_on(&mut game, &legal, &mut rng) {
            break;
        }
    }
    let plies: Vec<String> = game.plies().iter().map(|p| p.ply.to_string()).collect();
    format!("seega9:quiet=0|{start}|{}", plies.join(" "))
}

/// The saved games' facts in the store's benchmarks: Amel against Youssef
/// on one device, on 22 November 2026.
fn bench_meta(id: String) -> crate::store::Meta {
    crate::store::Meta {
        id,
        created: crate::engine::Millis(1_700_000_000_000),
        title: None,
        first: "Amel".to_owned(),
        second: "Youssef".to_owned(),
        date: "2026.11.22".to_owned(),
        seats: crate::store::Seats::LOCAL,
        flipped: false,
        online: None,
        timing: crate::engine::Timing::default(),
        clock: None,
    }
}

/// The store's figures: autosave of a 300-ply game into a library of 200
/// games, and opening that library (a [`MemoryStore`]: the page's
/// localStorage is measured in the browser by `make bench-speed`).
pub fn store_report() -> Vec<String> {
    use crate::store::{Library, MemoryStore, SavedGame};
    let mut store = MemoryStore::new();
    {
        let mut library = Library::open(&mut store);
        for i in 0..200u64 {
            let game = long_game(Rules::kharbga(), 150, i);
            let _ = library.save(&SavedGame::from_game(
                &bench_meta(format!("g{i}")),
                &game,
                crate::engine::Millis(1_700_000_000_000),
            ));
        }
    }
    let median = |mut runs: Vec<f64>| {
        runs.sort_by(f64::total_cmp);
        runs[runs.len() / 2]
    };
    // The page's autosave: after each ply of a game of 300 plies and more,
    // the entry is written from the live game, the movetext kept between saves.
    let rules: Rules = "kharbga:quiet=0".parse().unwrap_or_default();
    let long = long_game(rules, 400, 7);
    let mut game = Game::from_position(*long.start());
    let mut movetext = crate::engine::Movetext::default();
    let mut library = Library::open(&mut store);
    let mut saves = Vec::new();
    for (i, played) in long.plies().iter().enumerate() {
        let _ = game.play(played.ply);
        if i + 1 < 300 {
            continue;
        }
        let started = Instant::now();
        let entry = SavedGame::from_game_with(
            &bench_meta("live".to_owned()),
            &game,
            crate::engine::Millis(1_800_000_000_000),
            &mut movetext,
        );
        let _ = library.save(&entry);
        saves.push(started.elapsed().as_secs_f64() * 1e3);
    }
    drop(library);
    let opens: Vec<f64> = (0..20)
        .map(|_| {
            let started = Instant::now();
            let library = Library::open(&mut store);
            assert!(library.games().len() > 200);
            started.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    vec![
        format!(
            "store   autosave after a ply of a 300-400-ply game: {:.3} ms (median of {}; target ≤ 1 ms)",
            median(saves.clone()),
            saves.len()
        ),
        format!(
            "store   opening a library of 201 games: {:.2} ms (median of 20; target ≤ 100 ms)",
            median(opens)
        ),
    ]
}

/// The repetition rule over a long game: `batch` on a legal line of
/// 100,000 plies without a removal or a quiet-move limit. Each ply scans
/// the positions since the last removal, so such a line is quadratic: 17 s
/// here, where a count kept in a table took a tenth of a second; the table
/// did not fit the first page's size budget (docs/rules.md).
pub fn long_line_report() -> String {
    let line = long_line(100_000, 2026);
    let plies = line
        .rsplit('|')
        .next()
        .map_or(0, |p| p.split_whitespace().count());
    let started = Instant::now();
    let reply = answer(&line);
    format!(
        "batch   a legal line of {plies} plies: {:.2} s ({})",
        started.elapsed().as_secs_f64(),
        reply.split(' ').next().unwrap_or_default()
    )
}

/// A JSON string literal of `text` (for `fixture`'s output).
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `kharbga-cli fixture`: the localStorage of a player with `games` saved
/// games and, as the game being played, a Kharbga game of `plies` plies
/// that goes on; one `["key", "value"]` JSON array a line. What the browser
/// benchmark (`tests/e2e/bench-store.mjs`) loads into the page.
pub fn fixture(games: usize, plies: usize) -> Vec<String> {
    use crate::store::{SavedGame, StoreKey};
    let mut lines = Vec::new();
    let entry = |id: &str, game: &Game, updated: crate::engine::Millis| {
        let saved = SavedGame::from_game(&bench_meta(id.to_owned()), game, updated);
        format!(
            "[{},{}]",
            json_string(&StoreKey::Game(id.to_owned()).key()),
            json_string(&saved.to_text())
        )
    };
    for i in 0..games {
        let game = long_game(Rules::kharbga(), 150, i as u64);
        let updated = crate::engine::Millis(1_700_000_000_000 + i as u64);
        lines.push(entry(&format!("bench{i:03}"), &game, updated));
    }
    // No quiet-move limit: a long game that still goes on.
    let rules: Rules = "kharbga:quiet=0".parse().unwrap_or_default();
    let live = long_game(rules, plies, 9_999);
    lines.push(entry(
        "live",
        &live,
        crate::engine::Millis(1_800_000_000_000),
    ));
    lines.push(format!(
        "[{},{}]",
        json_string(&StoreKey::Current.key()),
        json_string("live")
    ));
    lines
}

/// The standings' column heads of the command line (English).
pub fn standings_labels() -> crate::tournament::StandingsLabels {
    crate::tournament::StandingsLabels {
        name: "Player".into(),
        points: "Points".into(),
        sonneborn_berger: "SB".into(),
        buchholz_cut: "BH-1".into(),
        buchholz: "BH".into(),
    }
}

/// A tournament between computer levels on this machine: every board of
/// every round played by [`play_game`] (each game's seed from `seed`, its
/// round and board), results recorded as they come. Returns the tournament
/// and every game's record, in round and board order, each with the
/// tournament's name as its event and `round.board` as its round (the
/// tournament's games as one record file).
pub fn play_tournament(
    tournament: &mut crate::tournament::Tournament,
    levels: &[crate::ai::Level],
    time_ms: Option<u64>,
    seed: u64,
) -> Vec<String> {
    use crate::tournament::{BoardRef, Score};
    let mut records = Vec::new();
    while tournament.pair_next() {
        let round = tournament.rounds().len() - 1;
        for board in 0..tournament.current_round().len() {
            let at = BoardRef::new(round, board);
            let pairing = tournament.current_round()[board].clone();
            let Some(second) = pairing.second.filter(|_| pairing.score.is_none()) else {
                continue;
            };
            let game_seed = Rng::new(
                seed ^ ((round as u64 + 1) << 32 | (board as u64 + 1))
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15),
            )
            .next_u64();
            let game = play_game(
                &Game::new(tournament.rules()),
                (levels[pairing.first], levels[second]),
                Side::First,
                (time_ms, time_ms),
                game_seed,
            );
            // (A game cut at 2,000 plies counts as drawn.)
            let score = Score::of(game.outcome());
            let id = format!("{}.{}", round + 1, board + 1);
            let _ = tournament.record(at, score, Some(id.clone()));
            let players = tournament.players();
            records.push(Record::write(
                &game,
                &players[pairing.first].name,
                &players[second].name,
                "????.??.??",
                &[
                    ("Event".to_owned(), tournament.name().to_owned()),
                    ("Round".to_owned(), id),
                ],
            ));
        }
    }
    records
}
