//! `kharbga-cli`: the engine on the command line, for tests, benchmarks and
//! scripts. `kharbga-cli --help` says how to use it.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use kharbga::cli::{answer, bench_report};
use kharbga::engine::{perft::perft, Game, Position, Rules, Variant};
use kharbga::net::message::hash_text;

const HELP: &str = "\
kharbga-cli — the Kharbga, Seega and Kharbaga rules engine

USAGE
  kharbga-cli batch                          answer one line per input line (below)
  kharbga-cli perft <variant> <depth> [position string]
  kharbga-cli bench [variant...|search]      playout and perft throughput, the search's
                                             time to depth on fixed positions, the store
                                             and the repetition rule over a long game
  kharbga-cli line <plies> [seed]            a batch line of a legal game that long
  kharbga-cli fixture [games] [plies]        a saved-games localStorage for the browser
                                             benchmark, one [key, value] JSON array a line
  kharbga-cli fen <variant> [plies...]       the position string after the plies
  kharbga-cli hashes <variant> [plies...]    each ply and the position's hash after it, as
                                             an online ply message writes it (a client of
                                             one's own, in the end-to-end tests, signs these)
  kharbga-cli think <variant> [position string] [--time-ms T] [--nodes N]
                                             the computer's best ply, score, depth, nodes, pv
  kharbga-cli match --a LEVEL --b LEVEL --games N --variant V [--time-ms T] [--seed S] [--threads N] [--records]
                                             [--all-records] [--a-side first|second] [--ballots K] [--b-time-ms T] [--from N]
                                             computer against computer, sides alternated;
                                             levels: random, greedy, 1 to 5, and the
                                             outside yardstick ab<depth> (material) or
                                             ab<depth>m (with mobility): ab4, ab4m;
                                             --ballots K: each pair of games from a
                                             balanced opening of K random plies;
                                             --b-time-ms: B's time a ply, if not A's;
                                             --from N: games N and on only (a long match in
                                             parts: the openings of one run);
                                             --records: the games A did not win (stderr),
                                             --all-records: every game
  kharbga-cli tournament --levels L,L,L... --variant V [--format round-robin|double|swiss:N]
                         [--time-ms T] [--seed S] [--games FILE]
                                             computer levels in a tournament: the
                                             standings and the crosstable; --games: every
                                             game as one record file
  kharbga-cli tune --variant V [--games N] [--level L] [--random-plies K] [--seed S] [--threads N]
                                             Texel-style tuning of the evaluation's weights
                                             from the computer's games against itself; prints
                                             the set to keep in src/ai/weights.rs
  kharbga-cli puzzles --variant V [--games N] [--level L] [--random-plies K] [--seed S]
                      [--depth D] [--threads N] [--records FILE] [--out FILE]
                                             puzzles from the computer's games against
                                             itself (and the records of FILE): one line
                                             each (src/learn/puzzle.rs), to FILE or stdout;
                                             the figures on stderr

BATCH
  input : <variant>|<position string, or empty for the start>|<plies, space-separated>
          variant = {variants}, optionally followed by
          :key=value,... with quiet=<plies> (0 = no limit), chain=optional|compulsory,
          blocked=pass|remove (Kharbaga: quiet only, its consecutive quiet Mullah moves)
  output: ok <first|second> <first's pieces> <second's pieces> | <legal plies, sorted>
          over <first|second|draw> <reason> <first's pieces> <second's pieces>
            reason: no-soldiers | first-move-block | quiet-limit | repetition (Kharbga, Seega);
                    no-pieces | no-moves | quiet-limit | repetition (Kharbaga)
          illegal <index of the first illegal ply> <that ply>
          error <message>
";

/// The help, the games named from the engine's list of them.
fn help() -> String {
    HELP.replace("{variants}", &Variant::tokens(" | "))
}

fn batch() -> ExitCode {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let reply = match line {
            Ok(line) => answer(&line),
            Err(e) => format!("error unreadable input: {e}"),
        };
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            // The reader went away: nothing more to say.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}

fn run_perft(args: &[String]) -> Result<(), String> {
    let [spec, depth, rest @ ..] = args else {
        return Err("usage: kharbga-cli perft <variant> <depth> [position string]".to_owned());
    };
    let rules: Rules = spec.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth `{depth}` is not a number"))?;
    let position = if rest.is_empty() {
        Position::new(rules)
    } else {
        Position::from_text(&rest.join(" "), rules).map_err(|e| format!("bad position: {e}"))?
    };
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = perft(&position, d);
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "perft {d} {nodes} ({seconds:.3} s, {:.2} M nodes/s)",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}

fn run_fen(args: &[String]) -> Result<(), String> {
    let [spec, plies @ ..] = args else {
        return Err("usage: kharbga-cli fen <variant> [plies...]".to_owned());
    };
    let rules: Rules = spec.parse().map_err(|e| format!("{e}"))?;
    let mut game = Game::new(rules);
    for ply in plies {
        game.play_text(ply).map_err(|e| format!("{ply}: {e}"))?;
    }
    println!("{}", game.position());
    Ok(())
}

fn run_hashes(args: &[String]) -> Result<(), String> {
    let [spec, plies @ ..] = args else {
        return Err("usage: kharbga-cli hashes <variant> [plies...]".to_owned());
    };
    let rules: Rules = spec.parse().map_err(|e| format!("{e}"))?;
    let mut game = Game::new(rules);
    for ply in plies {
        game.play_text(ply).map_err(|e| format!("{ply}: {e}"))?;
        println!("{ply} {}", hash_text(game.position().hash()));
    }
    Ok(())
}

/// `--key value` pairs, in order.
type Options = Vec<(String, String)>;

/// Splits `--key value` options from the other arguments.
fn options(args: &[String]) -> Result<(Vec<String>, Options), String> {
    let (mut rest, mut pairs) = (Vec::new(), Vec::new());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.strip_prefix("--") {
            Some(key) => {
                let value = iter
                    .next()
                    .ok_or_else(|| format!("--{key} needs a value"))?;
                pairs.push((key.to_owned(), value.clone()));
            }
            None => rest.push(arg.clone()),
        }
    }
    Ok((rest, pairs))
}

fn number<T: std::str::FromStr>(
    pairs: &[(String, String)],
    key: &str,
    default: T,
) -> Result<T, String> {
    match pairs.iter().find(|(k, _)| k == key) {
        Some((_, v)) => v
            .parse()
            .map_err(|_| format!("--{key} `{v}` is not a number")),
        None => Ok(default),
    }
}

fn run_think(args: &[String]) -> Result<(), String> {
    let (rest, pairs) = options(args)?;
    let [spec, position @ ..] = rest.as_slice() else {
        return Err(
            "usage: kharbga-cli think <variant> [position string] [--time-ms T] [--nodes N]"
                .to_owned(),
        );
    };
    let rules: Rules = spec.parse().map_err(|e| format!("{e}"))?;
    let position = if position.is_empty() {
        Position::new(rules)
    } else {
        Position::from_text(&position.join(" "), rules).map_err(|e| format!("bad position: {e}"))?
    };
    let time_ms = number(&pairs, "time-ms", 1_000u64)?;
    let nodes = number(&pairs, "nodes", u64::MAX)?;
    println!("{}", kharbga::cli::think(&position, time_ms, nodes));
    Ok(())
}

/// The value given for `--key`, if any.
fn value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn run_tournament(args: &[String]) -> Result<(), String> {
    use kharbga::tournament::{Entrant, Format, Player, Tournament};
    let (_, pairs) = options(args)?;
    let get = |key: &str| value(&pairs, key);
    let levels: Vec<kharbga::ai::Level> = get("levels")
        .ok_or("--levels is needed (e.g. 1,2,3,4)")?
        .split(',')
        .map(|l| l.trim().parse().map_err(|e| format!("{e}")))
        .collect::<Result<_, String>>()?;
    let rules: Rules = get("variant")
        .unwrap_or("kharbga")
        .parse()
        .map_err(|e| format!("{e}"))?;
    let format = match get("format").unwrap_or("round-robin") {
        "round-robin" => Format::RoundRobin { double: false },
        "double" => Format::RoundRobin { double: true },
        other => match other.strip_prefix("swiss:").map(str::parse::<u8>) {
            Some(Ok(rounds)) => Format::Swiss { rounds },
            _ => {
                return Err(format!(
                    "--format `{other}`: round-robin, double or swiss:N"
                ))
            }
        },
    };
    let time_ms = pairs
        .iter()
        .any(|(k, _)| k == "time-ms")
        .then(|| number(&pairs, "time-ms", 100u64))
        .transpose()?;
    let seed = number(&pairs, "seed", 2026u64)?;
    let players = levels
        .iter()
        .enumerate()
        .map(|(i, level)| Player {
            name: format!("{} {level}", i + 1),
            entrant: Entrant::Person,
            withdrawn: None,
        })
        .collect();
    let mut tournament = Tournament::new(
        format!("Levels on {}", rules.variant.token()),
        rules,
        None,
        format,
        players,
    )
    .map_err(|e| format!("the tournament cannot start: {e:?}"))?;
    let started = Instant::now();
    let records = kharbga::cli::play_tournament(&mut tournament, &levels, time_ms, seed);
    let labels = kharbga::cli::standings_labels();
    print!("{}", tournament.standings_text(&labels));
    println!();
    for (player, row) in tournament.players().iter().zip(tournament.crosstable()) {
        let cells: Vec<String> = row
            .iter()
            .map(|c| {
                if c.is_empty() {
                    "·".to_owned()
                } else {
                    c.clone()
                }
            })
            .collect();
        println!("{:<14} {}", player.name, cells.join(" "));
    }
    println!(
        "{} games in {:.0} s",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = get("games") {
        std::fs::write(path, records.join("\n")).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

/// The rules (`--variant`, needed) and the level (`--level`, 3 unless
/// given) of the computer's games against itself.
fn self_play_options(pairs: &[(String, String)]) -> Result<(Rules, kharbga::ai::Level), String> {
    let rules = value(pairs, "variant")
        .ok_or("--variant is needed")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let level = value(pairs, "level")
        .unwrap_or("3")
        .parse()
        .map_err(|e| format!("{e}"))?;
    Ok((rules, level))
}

fn run_tune(args: &[String]) -> Result<(), String> {
    let (_, pairs) = options(args)?;
    let (rules, level) = self_play_options(&pairs)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let plan = kharbga::ai::tune::SelfPlay {
        rules,
        games: number(&pairs, "games", 400u32)?,
        level,
        random_plies: number(&pairs, "random-plies", 8usize)?,
        seed: number(&pairs, "seed", 2026u64)?,
        threads: number(&pairs, "threads", cores)?,
    };
    let command = format!("kharbga-cli tune {}", args.join(" "));
    let started = Instant::now();
    for line in kharbga::ai::tune::report(plan, &command) {
        println!("{line}");
    }
    println!("({:.0} s)", started.elapsed().as_secs_f64());
    Ok(())
}

fn run_puzzles(args: &[String]) -> Result<(), String> {
    use kharbga::learn::puzzle::Theme;
    let (_, pairs) = options(args)?;
    let get = |key: &str| value(&pairs, key);
    let (rules, level) = self_play_options(&pairs)?;
    let read = match get("records") {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            kharbga::learn::finder::read_records(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => Vec::new(),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let plan = kharbga::learn::finder::Plan {
        rules,
        games: number(&pairs, "games", 20u32)?,
        level,
        random_plies: number(&pairs, "random-plies", 8usize)?,
        seed: number(&pairs, "seed", 2026u64)?,
        depth: number(&pairs, "depth", 6u8)?,
        threads: number(&pairs, "threads", cores)?,
        read,
    };
    let started = Instant::now();
    let found = kharbga::learn::finder::find(&plan);
    let seconds = started.elapsed().as_secs_f64();
    // (The command that makes this file again, every setting spelt out.)
    let mut text = format!(
        "# kharbga-cli puzzles --variant {} --games {} --level {} --random-plies {} --seed {} --depth {}{}\n",
        plan.rules,
        plan.games,
        plan.level,
        plan.random_plies,
        plan.seed,
        plan.depth,
        get("records").map(|f| format!(" --records {f}")).unwrap_or_default()
    );
    for puzzle in &found.puzzles {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    match get("out") {
        Some(path) => std::fs::write(path, &text).map_err(|e| format!("{path}: {e}"))?,
        None => print!("{text}"),
    }
    let kept = found.puzzles.len();
    eprintln!(
        "{} games, {} positions, {} passed the first look, {kept} kept in {seconds:.0} s ({:.1} a minute)",
        found.games,
        found.positions,
        found.candidates,
        kept as f64 * 60.0 / seconds.max(0.001)
    );
    let themes: Vec<String> = Theme::ALL
        .iter()
        .map(|t| {
            (
                t,
                found
                    .puzzles
                    .iter()
                    .filter(|p| p.themes.contains(t))
                    .count(),
            )
        })
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{} {n}", t.token()))
        .collect();
    eprintln!("themes: {}", themes.join(", "));
    if let (Some(first), Some(last)) = (found.puzzles.first(), found.puzzles.last()) {
        eprintln!("ratings {} to {}", first.rating, last.rating);
    }
    Ok(())
}

fn run_match(args: &[String]) -> Result<(), String> {
    let show_records = if args.iter().any(|a| a == "--all-records") {
        kharbga::cli::ShowRecords::All
    } else if args.iter().any(|a| a == "--records") {
        kharbga::cli::ShowRecords::NotWon
    } else {
        kharbga::cli::ShowRecords::None
    };
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--records" && *a != "--all-records")
        .cloned()
        .collect();
    let (_, pairs) = options(&args)?;
    let get = |key: &str| value(&pairs, key);
    let level = |key: &str| -> Result<kharbga::ai::Level, String> {
        get(key)
            .ok_or_else(|| format!("--{key} is needed"))?
            .parse()
            .map_err(|e| format!("{e}"))
    };
    let (a, b) = (level("a")?, level("b")?);
    let rules: Rules = get("variant")
        .unwrap_or("kharbga")
        .parse()
        .map_err(|e| format!("{e}"))?;
    let games = number(&pairs, "games", 10u32)?;
    let time_ms = pairs
        .iter()
        .any(|(k, _)| k == "time-ms")
        .then(|| number(&pairs, "time-ms", 200u64))
        .transpose()?;
    let b_time_ms = pairs
        .iter()
        .any(|(k, _)| k == "b-time-ms")
        .then(|| number(&pairs, "b-time-ms", 200u64))
        .transpose()?;
    let seed = number(&pairs, "seed", 2026u64)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = number(&pairs, "threads", cores)?;
    let first_game = number(&pairs, "from", 0u32)?;
    if first_game >= games {
        return Err(format!(
            "--from {first_game}: a game number below --games {games}"
        ));
    }
    let settings = kharbga::cli::MatchSettings {
        games,
        first_game,
        time_ms,
        b_time_ms,
        seed,
        threads,
        show_records,
        a_side: match get("a-side") {
            None => None,
            Some("first") => Some(kharbga::engine::Side::First),
            Some("second") => Some(kharbga::engine::Side::Second),
            Some(other) => return Err(format!("--a-side `{other}`: first or second")),
        },
        ballot_plies: number(&pairs, "ballots", 0usize)?,
    };
    let started = Instant::now();
    let score = kharbga::cli::play_match(rules, a, b, settings);
    let mut from = match settings.ballot_plies {
        0 => String::new(),
        k => format!(" from {k}-ply ballots"),
    };
    if let Some(ms) = b_time_ms {
        from.push_str(&format!(" (B at {ms} ms)"));
    }
    println!(
        "match {a} vs {b} {}{from} games {}: wins {} draws {} losses {} score {:.1}% ({}) ({:.0} s)",
        rules.variant.token(),
        if first_game > 0 {
            format!("{first_game} to {}", games - 1)
        } else {
            games.to_string()
        },
        score.wins,
        score.draws,
        score.losses,
        score.percent(),
        score.details(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn report(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The setting's search, other than the level's (to compare them).
    if let Ok(text) = std::env::var("KHARBGA_SETTING") {
        match kharbga::ai::mcts::Config::parse(&text) {
            Ok(config) => {
                kharbga::ai::mcts::configure(config);
            }
            Err(e) => {
                eprintln!("KHARBGA_SETTING: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match args.first().map(String::as_str) {
        Some("batch") => batch(),
        Some("perft") => report(run_perft(&args[1..])),
        Some("fen") => report(run_fen(&args[1..])),
        Some("hashes") => report(run_hashes(&args[1..])),
        Some("think") => report(run_think(&args[1..])),
        Some("match") => report(run_match(&args[1..])),
        Some("tournament") => report(run_tournament(&args[1..])),
        Some("tune") => report(run_tune(&args[1..])),
        Some("puzzles") => report(run_puzzles(&args[1..])),
        Some("bench") => {
            for line in bench_report(&args[1..]) {
                println!("{line}");
            }
            if args.len() == 1 {
                for line in kharbga::cli::store_report() {
                    println!("{line}");
                }
                println!("{}", kharbga::cli::long_line_report());
            }
            ExitCode::SUCCESS
        }
        Some("fixture") => {
            let games = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(200);
            let plies = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(300);
            for line in kharbga::cli::fixture(games, plies) {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Some("line") => {
            let plies = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(100_000);
            let seed = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(2026);
            println!("{}", kharbga::cli::long_line(plies, seed));
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            print!("{}", help());
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("{}", help());
            ExitCode::from(2)
        }
    }
}
