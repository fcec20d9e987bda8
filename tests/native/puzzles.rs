//! Puzzles: a position where one ply wins is one, with its theme and a
//! rating; where two plies win it is not; the file's lines read back as
//! they were written and a line that lies is refused; a run of the
//! generator is the same for a seed, and every puzzle it keeps has a first
//! ply that a fresh search finds unique and winning.

use kharbga::ai::{Level, Limits, NoClock, Searcher};
use kharbga::engine::{BoardSize, Game, Position, Rules};
use kharbga::learn::finder::{find, read_records, Finder, Plan, MARGIN};
use kharbga::learn::puzzle::{read_file, Puzzle, PuzzleError, Theme};

fn seega5(text: &str) -> Game {
    Game::from_position(Position::from_text(text, Rules::seega(BoardSize::Five)).unwrap())
}

#[test]
fn the_one_capture_that_wins_is_a_puzzle() {
    let game = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
    let puzzle = Finder::new(4)
        .examine(&game)
        .expect("a candidate")
        .expect("a puzzle");
    let line: Vec<String> = puzzle.line.iter().map(ToString::to_string).collect();
    assert_eq!(line, ["c1-b1"]);
    assert_eq!(puzzle.themes, [Theme::Win]);
    // Every lower level finds a capture that ends the game: the easiest.
    assert_eq!(puzzle.rating, 600);
    let mut searcher = Searcher::new(16);
    let ply = puzzle.line[0];
    for level in 1..=4 {
        let chance = Level::Search(level)
            .chance(&game, &mut searcher, ply)
            .unwrap();
        assert!(chance > 0.99, "level {level}: {chance}");
    }
    // Level 5 and the baselines draw from no depth-bounded search.
    assert_eq!(Level::Search(5).chance(&game, &mut searcher, ply), None);
    assert_eq!(Level::Greedy.chance(&game, &mut searcher, ply), None);
    assert_eq!(Puzzle::from_line(&puzzle.to_line()), Ok(puzzle));
}

#[test]
fn two_plies_that_win_make_no_puzzle() {
    // a1-b1 and c1-b1 both take the last soldier.
    let game = seega5("5/5/1S3/1s3/S1S2 w 0,0 - - 0 20 -");
    assert_eq!(Finder::new(4).examine(&game), Some(None));
    // And a position where nothing is won is not even looked at twice.
    let quiet = seega5("5/5/s3S/5/S3s w 0,0 - - 0 20 -");
    assert_eq!(Finder::new(4).examine(&quiet), None);
}

#[test]
fn a_line_that_lies_is_refused() {
    let good = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
    let puzzle = Puzzle::new(
        *good.position(),
        vec![good.position().legal_plies()[0]],
        vec![Theme::Material],
        900,
    );
    let fields: Vec<String> = puzzle.to_line().split('\t').map(str::to_owned).collect();
    let with = |i: usize, value: &str| {
        let mut f = fields.clone();
        f[i] = value.to_owned();
        f.join("\t")
    };
    assert_eq!(Puzzle::from_line("a\tb"), Err(PuzzleError::Fields(2)));
    assert!(matches!(
        Puzzle::from_line(&with(1, "chess")),
        Err(PuzzleError::Rules(_))
    ));
    assert!(matches!(
        Puzzle::from_line(&with(2, "5/5/5")),
        Err(PuzzleError::Position(_))
    ));
    assert!(matches!(
        Puzzle::from_line(&with(3, "c1-c2 a5-a4")),
        Err(PuzzleError::Ply(1, _))
    ));
    assert!(matches!(
        Puzzle::from_line(&with(3, "e5-e4")),
        Err(PuzzleError::Ply(0, _))
    ));
    assert_eq!(Puzzle::from_line(&with(3, "")), Err(PuzzleError::Line));
    assert_eq!(
        Puzzle::from_line(&with(4, "chain,fork")),
        Err(PuzzleError::Theme("fork".to_owned()))
    );
    assert!(matches!(
        Puzzle::from_line(&with(5, "hard")),
        Err(PuzzleError::Rating(_))
    ));
    let file = format!(
        "# made by a test\n\n{}\n{}\n",
        puzzle.to_line(),
        with(3, "e5-e4")
    );
    assert!(matches!(read_file(&file), Err((4, PuzzleError::Ply(0, _)))));
}

#[test]
fn a_run_is_the_same_for_a_seed_and_keeps_only_unique_winning_lines() {
    let plan = Plan {
        rules: Rules::seega(BoardSize::Five),
        games: 4,
        level: Level::Search(2),
        random_plies: 6,
        seed: 7,
        depth: 4,
        threads: 2,
        read: Vec::new(),
    };
    let found = find(&plan);
    let again = find(&plan);
    assert_eq!(found.puzzles, again.puzzles);
    assert!(found.positions > 0 && found.candidates <= found.positions);
    assert!(
        !found.puzzles.is_empty(),
        "no puzzle in {} positions",
        found.positions
    );
    for puzzle in &found.puzzles {
        assert_eq!(Puzzle::from_line(&puzzle.to_line()).as_ref(), Ok(puzzle));
        let game = puzzle.game();
        let limits = Limits {
            depth: 4,
            nodes: 4_000_000,
            time_ms: None,
        };
        let (result, scored) = Searcher::new(16).score_plies(&game, limits, MARGIN, &NoClock);
        assert_eq!(result.best, Some(puzzle.line[0]), "{}", puzzle.to_line());
        assert_eq!(scored.len(), 1, "{}", puzzle.to_line());
        assert!(puzzle.is_players(0) && puzzle.is_players(puzzle.line.len() - 1));
    }
    // The games of a record file are examined too.
    let text =
        "[Variant \"seega5\"]\n\n1. a1 a2 1... b1 b2 *\n\n[Variant \"seega5\"]\n\n1. e5 e4 *\n";
    let games = read_records(text).unwrap();
    assert_eq!(
        games.iter().map(|g| g.plies().len()).collect::<Vec<_>>(),
        [4, 2]
    );
    assert!(read_records("[Variant \"chess\"]\n\n1. e4 *\n").is_err());
}

/// The puzzles the app ships (`src/learn/puzzles/<variant>.txt`).
const SHIPPED: [(&str, &str); 5] = [
    (
        "kharbga",
        include_str!("../../src/learn/puzzles/kharbga.txt"),
    ),
    ("seega5", include_str!("../../src/learn/puzzles/seega5.txt")),
    ("seega7", include_str!("../../src/learn/puzzles/seega7.txt")),
    ("seega9", include_str!("../../src/learn/puzzles/seega9.txt")),
    (
        "kharbaga",
        include_str!("../../src/learn/puzzles/kharbaga.txt"),
    ),
];

#[test]
fn every_shipped_puzzle_reads_back_names_its_command_and_wins_what_it_says() {
    for (variant, text) in SHIPPED {
        let header = text.lines().next().unwrap_or_default();
        assert!(
            header.starts_with(&format!("# kharbga-cli puzzles --variant {variant}"))
                && header.contains(" --seed "),
            "{variant}: {header}"
        );
        let puzzles =
            read_file(text).unwrap_or_else(|(line, e)| panic!("{variant} line {line}: {e}"));
        assert!(puzzles.len() >= 50, "{variant}: {} puzzles", puzzles.len());
        let mut ids = std::collections::HashSet::new();
        for puzzle in &puzzles {
            assert_eq!(puzzle.rules.variant.token(), variant);
            assert!(
                ids.insert(puzzle.id.clone()),
                "{variant}: {} twice",
                puzzle.id
            );
            assert!(
                (600..=2500).contains(&puzzle.rating),
                "{}",
                puzzle.to_line()
            );
            // The line wins: the game, or soldiers.
            let player = puzzle.player();
            let mut game = puzzle.game();
            let count = |g: &Game, side| g.position().soldiers(side).count() as i32;
            let before = count(&game, player) - count(&game, player.opponent());
            for ply in &puzzle.line {
                game.play(*ply).unwrap();
            }
            let won = game.outcome().and_then(|o| o.winner) == Some(player);
            let after = count(&game, player) - count(&game, player.opponent());
            assert!(won || after > before, "{}", puzzle.to_line());
            assert_eq!(
                won,
                puzzle.themes.contains(&Theme::Win),
                "{}",
                puzzle.to_line()
            );
        }
        assert!(
            puzzles.windows(2).all(|w| w[0].rating <= w[1].rating),
            "{variant}: easiest first"
        );
    }
}

#[test]
fn the_rating_follows_glickmans_example_and_moves_with_each_try() {
    use kharbga::learn::rating::{Game as Try, Rating};
    // Glickman, "Example of the Glicko-2 system": 1500 ± 200 against three players.
    let player = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let after = player.after(&[
        Try {
            rating: 1400.0,
            deviation: 30.0,
            score: 1.0,
        },
        Try {
            rating: 1550.0,
            deviation: 100.0,
            score: 0.0,
        },
        Try {
            rating: 1700.0,
            deviation: 300.0,
            score: 0.0,
        },
    ]);
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.059_99).abs() < 0.000_01, "{after:?}");
    // A new player: a puzzle solved raises the rating, a failed one lowers
    // it, a hard one solved more than an easy one; the deviation shrinks.
    let new = Rating::default();
    let easy = new.after_puzzle(1100, true);
    let hard = new.after_puzzle(1900, true);
    let failed = new.after_puzzle(1500, false);
    assert!(hard.rating > easy.rating && easy.rating > 1500.0 && failed.rating < 1500.0);
    assert!(easy.deviation < new.deviation);
    // A rating read back broken starts again; extreme opponents neither
    // hang the update nor make it not a number.
    let broken = Rating {
        rating: f64::NAN,
        deviation: 0.0,
        volatility: -1.0,
    };
    assert_eq!(broken.after(&[]), Rating::default().after(&[]));
    assert!(broken.after_puzzle(1500, true).is_sound());
    let far = Rating {
        rating: 1e9,
        deviation: 1e-9,
        volatility: 1e-9,
    };
    for solved in [true, false] {
        assert!(far.after_puzzle(600, solved).is_sound());
        assert!(Rating::default().after_puzzle(u16::MAX, solved).is_sound());
    }
    // No games: only the deviation grows (never past 350).
    assert!(easy.after(&[]).deviation > easy.deviation);
    assert_eq!(new.after(&[]).deviation, 350.0);
}

#[test]
fn the_next_puzzle_is_near_the_rating_and_not_done_and_the_daily_one_is_everyones() {
    use kharbga::learn::puzzle::{daily, next_near};
    let puzzles = read_file(SHIPPED[0].1).unwrap();
    let lowest = puzzles.first().unwrap().rating;
    let highest = puzzles.last().unwrap().rating;
    let near = next_near(&puzzles, f64::from(highest), |_| false, 1).unwrap();
    assert!(f64::from(puzzles[near].rating) >= f64::from(highest) - 100.0);
    let easy = next_near(&puzzles, f64::from(lowest), |_| false, 1).unwrap();
    assert!(puzzles[easy].rating <= lowest + 100);
    // Done puzzles are skipped; when all are done, none.
    let skip = puzzles[easy].id.clone();
    for seed in 0..20 {
        let i = next_near(&puzzles, f64::from(lowest), |p| p.id == skip, seed).unwrap();
        assert_ne!(puzzles[i].id, skip);
    }
    assert_eq!(next_near(&puzzles, 1500.0, |_| true, 1), None);
    // Far from every puzzle, the nearest ones still come.
    assert!(next_near(&puzzles, 9000.0, |_| false, 1).is_some());
    // The same day, the same puzzle; days differ.
    assert_eq!(daily(&puzzles, 20_000), daily(&puzzles, 20_000));
    let days: std::collections::HashSet<_> = (20_000..20_030)
        .filter_map(|d| daily(&puzzles, d))
        .collect();
    assert!(days.len() > 10, "{days:?}");
    assert!(days.iter().all(|&i| i >= puzzles.len() / 5));
    assert_eq!(daily(&[], 20_000), None);
}

#[test]
fn the_training_kept_in_the_browser_reads_back_and_survives_a_bad_text() {
    use kharbga::learn::training::{Training, HISTORY, START};
    let mut training = Training::default();
    assert_eq!(training.rating, START);
    assert_eq!(
        training.shown(),
        700,
        "a new player starts among the easier puzzles"
    );
    let up = training.rated("0680a7a4", 900, true);
    assert!(
        up > 0,
        "a solved puzzle rated above the player raises it: {up}"
    );
    let down = training.rated("0a61eb0d", 600, false);
    assert!(down < 0, "a missed easy one lowers it: {down}");
    training.unrated("find-12345678", true);
    training.streak_ended(4);
    training.streak_ended(2);
    assert_eq!(training.best_streak, 4);
    assert!(training.tried("0680a7a4") && !training.tried("ffffffff"));
    let back = Training::parse(&training.to_text());
    assert_eq!(back.history, training.history);
    assert_eq!(back.best_streak, 4);
    assert_eq!(back.rating, training.rating, "read back to the last digit");
    // The rating shown is the same after a reload, whatever its fraction
    // (a rating kept to two places once read 766.496 back as 767).
    for fraction in [0.496, 0.4999, 0.5, 0.004, 0.995] {
        let mut near = training.clone();
        near.rating.rating = 766.0 + fraction;
        let read = Training::parse(&near.to_text());
        assert_eq!(read.shown(), near.shown(), "{fraction}");
        assert_eq!(read.rating, near.rating);
    }
    assert_eq!(back.history[0].change, up);
    assert_eq!(back.history[2].change, 0, "not rated");

    // Storage is untrusted: a broken rating starts again, odd lines are
    // left out, the history stays bounded.
    let mut hostile = String::from("rating NaN 0 x\nbest-streak lots\n<script> + 5\nabc ~ 3\n");
    for i in 0..(HISTORY + 50) {
        hostile.push_str(&format!("{i:08x} - -9999\n"));
    }
    let read = Training::parse(&hostile);
    assert_eq!(read.rating, START);
    assert_eq!(read.best_streak, 0);
    assert_eq!(read.history.len(), HISTORY);
    assert!(read.history.iter().all(|a| a.change == -1_000 && !a.solved));
    assert_eq!(
        read.history.last().unwrap().id,
        format!("{:08x}", HISTORY + 49)
    );
    assert_eq!(Training::parse(""), Training::default());
    // A rating off the players' scale (forged) starts again too.
    let forged = Training::parse("rating 1e12 1e200 5\n");
    assert_eq!(forged.rating, START);

    // A puzzle once rated is never rated again, however many tries later.
    let mut long = Training::default();
    long.rated("0680a7a4", 700, true);
    for i in 0..(HISTORY + 10) {
        long.unrated(&format!("{i:08x}"), true);
    }
    assert!(long.history.iter().all(|a| a.id != "0680a7a4"));
    let long = Training::parse(&long.to_text());
    assert!(long.tried("0680a7a4"), "rated long ago, still known");
}

#[test]
fn a_rating_is_read_within_the_bounds_it_is_written_with() {
    use kharbga::learn::training::{Training, RATINGS, START};
    // Ratings off the players' scale, as storage may hold them: read as a
    // new player's (0, 1, -0 once read, then went below 0 at the next miss,
    // were written, and were refused at the next load).
    for stored in ["0", "1", "-0", "99.9", "3000.5", "-16"] {
        let read = Training::parse(&format!("rating {stored} 200 0.06\n"));
        assert_eq!(read.rating, START, "{stored}");
    }
    // At the low edge, misses leave the rating at the edge, and what is
    // written reads back the same.
    let mut low = Training::parse("rating 100 200 0.06\n");
    assert_eq!(low.shown(), 100);
    for i in 0..20 {
        low.rated(&format!("{i:08x}"), 600, false);
        assert!(
            RATINGS.contains(&low.rating.rating),
            "{}",
            low.rating.rating
        );
        assert_eq!(Training::parse(&low.to_text()).rating, low.rating);
    }
    assert_eq!(low.shown(), 100);
    // And at the high edge, solves.
    let mut high = Training::parse("rating 3000 200 0.06\n");
    for i in 0..20 {
        high.rated(&format!("{i:08x}"), 2_900, true);
        assert_eq!(Training::parse(&high.to_text()).rating, high.rating);
    }
    assert_eq!(high.shown(), 3_000);
}

#[test]
fn a_reviews_blunder_becomes_a_puzzle_by_its_address_and_a_bad_address_is_refused() {
    let game = seega5("5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -");
    let position = *game.position();
    let better = "c1-b1".parse().unwrap();
    let puzzle = Puzzle::find_better(position, better).expect("a legal ply");
    assert!(puzzle.is_found() && puzzle.id.starts_with("find-"));
    assert_eq!(puzzle.line, [better]);
    let path = puzzle.to_find_path();
    assert!(
        !path.contains(' ') && path.split('/').count() == 3,
        "{path}"
    );
    assert_eq!(Puzzle::from_find_path(&path), Ok(puzzle.clone()));
    // An illegal ply there, a damaged address, another game's position.
    assert_eq!(
        Puzzle::find_better(position, "a5-a4".parse().unwrap()),
        None
    );
    let [rules, text, _] = path.split('/').collect::<Vec<_>>()[..] else {
        unreachable!()
    };
    for bad in [
        format!("{rules}/{text}/a5-a4"),
        format!("{rules}/{text}"),
        format!("{rules}/{text}/%ZZ"),
        format!("kharbga/{text}/c1-b1"),
        format!("{rules}/not%20a%20position/c1-b1"),
        String::new(),
    ] {
        assert!(Puzzle::from_find_path(&bad).is_err(), "{bad}");
    }
}
