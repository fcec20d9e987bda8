//! The `kharbga-cli batch` protocol, through the library function and through
//! the real binary (one line out per line in, flushed).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use kharbga::cli::answer;

#[test]
fn ok_lines_name_the_side_counts_and_sorted_legal_plies() {
    let reply = answer("kharbga||c4 e4 d2");
    assert!(reply.starts_with("ok second 2 1 | a1 a2 "), "{reply}");
    let plies: Vec<&str> = reply.split(" | ").nth(1).unwrap().split(' ').collect();
    let mut sorted = plies.clone();
    sorted.sort_unstable();
    assert_eq!(plies, sorted);
    assert!(!plies.contains(&"d4"), "never on the Malha");
}

#[test]
fn over_lines_give_winner_reason_and_counts() {
    let first_move_block =
        "kharbga|SSSSSSS/sssssss/SSSsSSS/sss1sss/ssSSSss/sssSsss/SSSSSSS w 0,0 - - 0 13 f|d3-d4";
    assert_eq!(
        answer(first_move_block),
        "over second first-move-block 24 24"
    );
    assert_eq!(
        answer("seega5|5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -|c1-b1"),
        "over first no-soldiers 2 0"
    );
    assert_eq!(
        answer("seega5:quiet=2|S3S/5/5/5/s3S w 0,0 - - 0 20 -|a5-a4 a1-a2"),
        "over first quiet-limit 3 1"
    );
    assert_eq!(
        answer(
            "seega5|S3s/5/5/5/s3S w 0,0 - - 0 20 -|a5-a4 a1-a2 a4-a5 a2-a1 a5-a4 a1-a2 a4-a5 a2-a1"
        ),
        "over draw repetition 2 2"
    );
}

#[test]
fn illegal_and_error_lines() {
    assert_eq!(answer("seega5||a1 c3"), "illegal 1 c3");
    assert_eq!(answer("seega5||a1 nonsense"), "illegal 1 nonsense");
    assert_eq!(
        answer("seega5|5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -|c1-b1 b3-b4"),
        "illegal 1 b3-b4",
        "nothing is legal once the game is over"
    );
    for bad in [
        "",
        "kharbga",
        "kharbga|",
        "chess||",
        "seega5:quiet=x||",
        "kharbga|7/7 w|",
        "seega5|9/9/9/9/9 w 0,0 - - 0 1 -|",
    ] {
        assert!(
            answer(bad).starts_with("error "),
            "{bad:?} → {}",
            answer(bad)
        );
    }
}

#[test]
fn options_change_the_rules() {
    let stop = "seega5|2S2/2s2/S3s/Sss2/1S1S1 w 0,0 - - 0 20 -|a3-b3";
    assert!(answer(stop).contains(" stop"), "{}", answer(stop));
    let compulsory = "seega5:chain=compulsory|2S2/2s2/S3s/Sss2/1S1S1 w 0,0 - - 0 20 -|a3-b3";
    assert!(!answer(compulsory).contains("stop"));
    let removal = "seega5:blocked=remove|sS3/S4/5/5/4S b 0,0 - - 0 20 -|";
    assert_eq!(answer(removal), "ok second 3 1 | xa4 xb5 xe1");
}

#[test]
fn an_unknown_game_is_answered_with_every_game_there_is() {
    // The list comes from the engine's list of variants: every one named,
    // in the error line and in the help.
    let error = answer("chess||");
    assert!(
        error.starts_with("error unknown variant `chess`"),
        "{error}"
    );
    let help = Command::new(env!("CARGO_BIN_EXE_kharbga-cli"))
        .arg("--help")
        .output()
        .expect("kharbga-cli --help");
    let help = String::from_utf8(help.stdout).unwrap();
    let games = help
        .lines()
        .find(|l| l.trim_start().starts_with("variant = "))
        .expect("the help's line of games");
    for variant in kharbga::engine::Variant::ALL {
        assert!(error.contains(variant.token()), "{error}");
        assert!(games.contains(variant.token()), "{games}");
    }
}

#[test]
fn the_binary_answers_one_flushed_line_per_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kharbga-cli"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start kharbga-cli");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // Interactive: each answer arrives before the next question is asked.
    for (question, starts) in [
        ("seega5||", "ok first 0 0 |"),
        ("garbage", "error "),
        ("seega5||c3", "illegal 0 c3"),
    ] {
        writeln!(stdin, "{question}").unwrap();
        stdin.flush().unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        assert!(line.starts_with(starts), "{question} → {line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn kharbaga_answers_in_the_same_format() {
    assert_eq!(answer("kharbaga||"), "ok first 12 12 | b2-c3 c2-c3 d2-c3");
    assert_eq!(answer("kharbaga||c2-c3"), "ok second 12 12 | c4xc2 e4xc2");
    assert_eq!(answer("kharbaga||c2-c3 c4xc2 b2-c3"), "illegal 2 b2-c3");
    assert_eq!(
        answer("kharbaga|5/5/5/1s3/S4 w 0,0 - - 0 1 -|a1xc3"),
        "over first no-pieces 1 0"
    );
    assert_eq!(
        answer("kharbaga|5/S3S/S4/s4/SS3 w 0,0 - - 0 1 -|e4-e5"),
        "over first no-moves 5 1"
    );
    assert_eq!(
        answer("kharbaga:quiet=2|M4/5/5/5/4m w 0,0 - - 0 1 -|a5-b5 e1-d1"),
        "over draw quiet-limit 1 1"
    );
    assert_eq!(
        answer("kharbaga:quiet=0|M4/5/5/5/4m w 0,0 - - 0 1 -|a5-b5 e1-d1 b5-a5 d1-e1 a5-b5 e1-d1 b5-a5 d1-e1"),
        "over draw repetition 1 1"
    );
    assert!(answer("kharbaga:chain=optional||").starts_with("error "));
    assert!(answer("kharbaga|7/7/7/7/7/7/7 w 24,24 - - 0 1 -|").starts_with("error bad position"));
}

#[test]
fn a_tournament_of_computer_levels_is_played_out_and_exported() {
    use kharbga::ai::Level;
    use kharbga::tournament::{Entrant, Format, Player, Tournament};
    let levels: Vec<Level> = ["random", "greedy", "1", "2"]
        .iter()
        .map(|l| l.parse().unwrap())
        .collect();
    let players = levels
        .iter()
        .map(|l| Player {
            name: format!("Level {l}"),
            entrant: Entrant::Person,
            withdrawn: None,
        })
        .collect();
    let mut t = Tournament::new(
        "Levels".into(),
        kharbga::engine::Rules::seega(kharbga::engine::BoardSize::Five),
        None,
        Format::RoundRobin { double: false },
        players,
    )
    .unwrap();
    let records = kharbga::cli::play_tournament(&mut t, &levels, None, 7);
    assert!(t.is_over());
    assert_eq!(records.len(), 6, "four players meet in six games");
    let total: u32 = (0..4).map(|p| t.points(p)).sum();
    assert_eq!(total, 12, "a point a game, in halves");
    // Every game's record reads back with its result, its event and round.
    for (record, board) in records.iter().zip(t.rounds().iter().flatten()) {
        let read = kharbga::engine::Record::from_text(record).unwrap();
        assert!(record.contains("[Event \"Levels\"]"), "{record}");
        let id = board.game.clone().unwrap();
        assert!(record.contains(&format!("[Round \"{id}\"]")), "{record}");
        let (first, second) = board.score.unwrap().halves();
        let winner = read.game.outcome().and_then(|o| o.winner);
        let expected = match (first, second) {
            (2, 0) => Some(kharbga::engine::Side::First),
            (0, 2) => Some(kharbga::engine::Side::Second),
            _ => None,
        };
        assert_eq!(winner, expected, "{record}");
    }
}

#[test]
fn a_match_prints_the_records_asked_for_and_each_replays_to_its_end() {
    let run = |a: &str, b: &str, flag: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_kharbga-cli"))
            .args([
                "match",
                "--a",
                a,
                "--b",
                b,
                "--games",
                "6",
                "--variant",
                "seega5",
                "--threads",
                "1",
                "--seed",
                "11",
                flag,
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        let headers: Vec<&str> = stderr.lines().filter(|l| l.starts_with("game ")).collect();
        let plies: Vec<String> = stderr
            .lines()
            .filter(|l| l.starts_with("  "))
            .map(|l| l.trim().to_owned())
            .collect();
        let headers: Vec<String> = headers.into_iter().map(str::to_owned).collect();
        (stdout, headers, plies)
    };
    let a_won = |header: &str| {
        (header.contains("as First") && header.contains("winner: Some(First)"))
            || (header.contains("as Second") && header.contains("winner: Some(Second)"))
    };
    // `--all-records`: every game, the ones A won too.
    let (summary, headers, plies) = run("2", "random", "--all-records");
    assert_eq!(headers.len(), 6, "{summary}");
    assert_eq!(plies.len(), 6);
    assert!(headers.iter().any(|h| a_won(h)), "{headers:?}");
    // Each record is a whole game: the batch protocol reads it to its end.
    for (header, line) in headers.iter().zip(&plies) {
        let reply = answer(&format!("seega5||{line}"));
        assert!(reply.starts_with("over "), "{header}: {reply}");
    }
    // `--records`: only the games A did not win.
    let (summary, not_won, _) = run("2", "random", "--records");
    assert!(not_won.len() < 6, "{summary}");
    let (summary, headers, _) = run("random", "2", "--records");
    assert!(!headers.is_empty(), "{summary}");
    for header in &headers {
        assert!(!a_won(header), "{header}");
    }
}

#[test]
fn hashes_are_the_positions_as_a_ply_message_writes_them() {
    let out = Command::new(env!("CARGO_BIN_EXE_kharbga-cli"))
        .args(["hashes", "seega5", "a1", "b1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut game = kharbga::engine::Game::new("seega5".parse().unwrap());
    let mut expected = String::new();
    for ply in ["a1", "b1"] {
        game.play_text(ply).unwrap();
        expected.push_str(&format!("{ply} {:016x}\n", game.position().hash()));
    }
    assert_eq!(text, expected);
}

/// A match played in parts (`--from`) plays the same games as one run:
/// each game's seed and opening come from its number.
#[test]
fn a_match_in_two_parts_plays_the_games_of_one_run() {
    use kharbga::cli::{play_match, MatchScore, MatchSettings, ShowRecords};
    let rules: kharbga::engine::Rules = "seega5".parse().unwrap();
    let (a, b) = ("greedy".parse().unwrap(), "random".parse().unwrap());
    let settings = |first_game| MatchSettings {
        games: 8,
        first_game,
        time_ms: None,
        b_time_ms: None,
        seed: 7,
        threads: 1,
        show_records: ShowRecords::None,
        a_side: None,
        // (From the start: a ballot's depth-12 search is minutes unoptimised.)
        ballot_plies: 0,
    };
    let whole = play_match(rules, a, b, settings(0));
    let mut first = play_match(
        rules,
        a,
        b,
        MatchSettings {
            games: 5,
            ..settings(0)
        },
    );
    let rest = play_match(rules, a, b, settings(5));
    let total = |s: &MatchScore| s.wins + s.draws + s.losses;
    assert_eq!((total(&first), total(&rest), total(&whole)), (5, 3, 8));
    first.wins += rest.wins;
    first.draws += rest.draws;
    first.losses += rest.losses;
    for side in 0..2 {
        for k in 0..3 {
            first.by_side[side][k] += rest.by_side[side][k];
        }
    }
    assert_eq!(
        (first.wins, first.draws, first.losses, first.by_side),
        (whole.wins, whole.draws, whole.losses, whole.by_side)
    );
}
