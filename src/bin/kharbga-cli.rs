//! `kharbga-cli`: the engine on the command line, for tests, benchmarks and
//! scripts. `kharbga-cli --help` says how to use it.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use kharbga::cli::{answer, bench_report};
use kharbga::engine::{perft::perft, Game, Position, Rules};

const HELP: &str = "\
kharbga-cli — the Kharbga and Seega rules engine

USAGE
  kharbga-cli batch                          answer one line per input line (below)
  kharbga-cli perft <variant> <depth> [position string]
  kharbga-cli bench [variant...]             playout and perft throughput
  kharbga-cli fen <variant> [plies...]       the position string after the plies

BATCH
  input : <variant>|<position string, or empty for the start>|<plies, space-separated>
          variant = kharbga | seega5 | seega7 | seega9, optionally followed by
          :key=value,... with quiet=<plies> (0 = no limit), chain=optional|compulsory,
          blocked=pass|remove
  output: ok <first|second> <first's soldiers> <second's soldiers> | <legal plies, sorted>
          over <first|second|draw> <no-soldiers|first-move-block|quiet-limit|repetition> <first's> <second's>
          illegal <index of the first illegal ply> <that ply>
          error <message>
";

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
    match args.first().map(String::as_str) {
        Some("batch") => batch(),
        Some("perft") => report(run_perft(&args[1..])),
        Some("fen") => report(run_fen(&args[1..])),
        Some("bench") => {
            for line in bench_report(&args[1..]) {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("{HELP}");
            ExitCode::from(2)
        }
    }
}
