//! The logic behind `kharbga-cli`, kept in the library so tests call it
//! directly: the batch protocol, perft and the playout benchmark.

use std::time::Instant;

use crate::engine::{perft::perft, BoardSize, Game, GameError, PlyList, Position, Rules, Side};

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

/// A small, fast, seedable generator (xorshift64*): the benchmark and the
/// property tests need repeatable randomness, not quality.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; 0 is remapped).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

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
const PERFT_BENCH: [(&str, &str, &str, u32); 3] = [
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

/// The benchmark report, a line per figure; `only` limits it to the named
/// variants (all when empty).
pub fn bench_report(only: &[String]) -> Vec<String> {
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.starts_with(o.as_str()));
    let mut lines = Vec::new();
    let playouts = [
        ("kharbga", Rules::kharbga(), 4_000_000u64),
        ("seega7", Rules::seega(BoardSize::Seven), 10_000_000),
        ("seega5", Rules::seega(BoardSize::Five), 10_000_000),
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
    lines
}
