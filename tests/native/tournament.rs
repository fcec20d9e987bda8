//! Tournaments: the round robin's schedule, Swiss pairings (no pair twice,
//! sides balanced, byes), the tie-breaks on small tournaments worked by
//! hand, results that disagree, withdrawals, and a tournament saved and
//! read back between rounds.

use kharbga::engine::clock::TimeControl;
use kharbga::engine::{BoardSize, Rules};
use kharbga::tournament::{
    halves_text, quarters_text, round_robin, BoardRef, Entrant, Format, Player, ResultError, Score,
    SetupError, Tournament, TournamentError,
};

fn players(names: &[&str]) -> Vec<Player> {
    names
        .iter()
        .map(|name| Player {
            name: (*name).to_owned(),
            entrant: Entrant::Person,
            withdrawn: None,
        })
        .collect()
}

/// Round `round`'s boards as (first, second) player indices.
fn pairs(t: &Tournament, round: usize) -> Vec<(usize, Option<usize>)> {
    t.rounds()[round]
        .iter()
        .map(|b| (b.first, b.second))
        .collect()
}

fn tournament(format: Format, names: &[&str]) -> Tournament {
    Tournament::new(
        "Club night".into(),
        Rules::seega(BoardSize::Five),
        Some(TimeControl::new(300, 3).unwrap()),
        format,
        players(names),
    )
    .unwrap()
}

/// Records `score` for the board where `a` meets `b` in the last round,
/// `score` read from `a`'s side (`2` a win, `1` a draw, `0` a loss).
fn result(t: &mut Tournament, a: usize, b: usize, a_points: u32) {
    let round = t.rounds().len() - 1;
    let board = t.rounds()[round]
        .iter()
        .position(|p| p.has(a) && p.opponent(a) == Some(b))
        .unwrap_or_else(|| panic!("{a} and {b} do not meet in round {round}"));
    let a_first = t.rounds()[round][board].first == a;
    let score = match (a_points, a_first) {
        (1, _) => Score::Draw,
        (2, true) | (0, false) => Score::FirstWins,
        _ => Score::SecondWins,
    };
    assert_eq!(
        t.record(
            BoardRef::new(round, board),
            score,
            Some(format!("g-{round}-{board}"))
        ),
        Ok(true)
    );
}

/// Plays the tournament's rounds with results in `games` (`(a, b, a's
/// points in halves)`), pairing each round first.
fn play_all(t: &mut Tournament, games: &[(usize, usize, u32)]) {
    let mut left: Vec<(usize, usize, u32)> = games.to_vec();
    while t.pair_next() {
        let round = t.rounds().len() - 1;
        let boards = t.rounds()[round].clone();
        for board in boards.iter().filter(|b| !b.done()) {
            let second = board.second.unwrap();
            let at = left
                .iter()
                .position(|&(a, b, _)| {
                    (a, b) == (board.first, second) || (b, a) == (board.first, second)
                })
                .unwrap_or_else(|| panic!("no result for {} v {second}", board.first));
            let (a, b, points) = left.remove(at);
            result(t, a, b, points);
        }
    }
    assert!(left.is_empty(), "results never played: {left:?}");
}

#[test]
fn the_round_robin_meets_everyone_once_with_sides_balanced() {
    for n in 3..=12 {
        for double in [false, true] {
            let rounds = round_robin(n, double);
            let cycle = if n % 2 == 0 { n - 1 } else { n };
            assert_eq!(rounds.len(), if double { 2 * cycle } else { cycle });
            let mut meetings = vec![vec![0; n]; n];
            let mut firsts = vec![0i32; n];
            let mut byes = vec![0; n];
            for round in &rounds {
                let mut seen = vec![false; n];
                for &(a, b) in round {
                    for p in std::iter::once(a).chain(b) {
                        assert!(!seen[p], "{p} twice in a round ({n} players)");
                        seen[p] = true;
                    }
                    match b {
                        Some(b) => {
                            meetings[a][b] += 1;
                            meetings[b][a] += 1;
                            firsts[a] += 1;
                            firsts[b] -= 1;
                        }
                        None => byes[a] += 1,
                    }
                }
                assert!(
                    seen.iter().all(|s| *s),
                    "everyone plays or rests each round"
                );
            }
            let times = if double { 2 } else { 1 };
            for a in 0..n {
                for (b, &met) in meetings[a].iter().enumerate() {
                    assert_eq!(met, if a == b { 0 } else { times }, "{n} {a} {b}");
                }
                assert_eq!(byes[a], if n % 2 == 1 { times } else { 0 });
                let most = if double { 0 } else { 1 };
                assert!(firsts[a].abs() <= most, "{n} players, {a}: {}", firsts[a]);
            }
        }
    }
    // Berger's table for four: 1-4 2-3, 4-3 1-2, 2-4 3-1.
    assert_eq!(
        round_robin(4, false),
        vec![
            vec![(0, Some(3)), (1, Some(2))],
            vec![(3, Some(2)), (0, Some(1))],
            vec![(1, Some(3)), (2, Some(0))],
        ]
    );
}

#[test]
fn sonneborn_berger_breaks_a_round_robin_tie_as_worked_by_hand() {
    let mut t = tournament(Format::RoundRobin { double: false }, &["A", "B", "C", "D"]);
    // A beats B and D, loses to C; B beats C and D; C draws D.
    play_all(
        &mut t,
        &[
            (0, 1, 2),
            (0, 2, 0),
            (0, 3, 2),
            (1, 2, 2),
            (1, 3, 2),
            (2, 3, 1),
        ],
    );
    assert!(t.is_over());
    let points: Vec<u32> = (0..4).map(|p| t.points(p)).collect();
    assert_eq!(points, [4, 4, 3, 1], "in halves: 2, 2, 1½, ½");
    // SB: A = B's 2 + D's ½ = 2½; B = C's 1½ + D's ½ = 2; C = A's 2 + half
    // of D's ½ = 2¼; D = half of C's 1½ = ¾.
    let sb: Vec<String> = (0..4)
        .map(|p| quarters_text(t.tie_breaks(p).sonneborn_berger_quarters))
        .collect();
    assert_eq!(sb, ["2½", "2", "2¼", "¾"]);
    let order: Vec<usize> = t.standings().iter().map(|s| s.player).collect();
    assert_eq!(order, [0, 1, 2, 3], "A before B on Sonneborn–Berger");
    assert_eq!(t.crosstable()[0], ["", "1", "0", "1"]);
    assert_eq!(t.crosstable()[2][3], "½");
    let labels = kharbga::cli::standings_labels();
    let text = t.standings_text(&labels);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows[0], ["#", "Player", "Points", "SB"]);
    assert_eq!(rows[1], ["1", "A", "2", "2½"], "{text}");
    assert_eq!(rows[4], ["4", "D", "½", "¾"], "{text}");
}

#[test]
fn a_swiss_pairs_top_half_against_bottom_half_and_breaks_ties_on_buchholz() {
    let mut t = tournament(Format::Swiss { rounds: 2 }, &["A", "B", "C", "D"]);
    assert!(t.pair_next());
    // Round 1: the top half against the bottom half, sides alternating.
    assert_eq!(pairs(&t, 0), [(0, Some(2)), (3, Some(1))]);
    assert!(!t.pair_next(), "not before the round's results");
    result(&mut t, 0, 2, 2);
    result(&mut t, 1, 3, 2);
    assert!(t.pair_next());
    // Round 2: the winners meet, the one who had the second side takes
    // the first.
    assert_eq!(pairs(&t, 1), [(1, Some(0)), (2, Some(3))]);
    result(&mut t, 0, 1, 1);
    result(&mut t, 2, 3, 2);
    assert!(t.is_over());
    assert!(!t.pair_next());
    // By hand: A 1½ (opponents C 1, B 1½: Buchholz 2½, cut 1½); B 1½ (D 0,
    // A 1½: 1½, 1½); C 1 (A 1½, D 0); D 0 (B 1½, C 1: 2½, 1½).
    let figures: Vec<(String, String, String)> = (0..4)
        .map(|p| {
            let t2 = t.tie_breaks(p);
            (
                halves_text(t.points(p)),
                halves_text(t2.buchholz_cut_halves),
                halves_text(t2.buchholz_halves),
            )
        })
        .collect();
    let owned = |a: &str, b: &str, c: &str| (a.to_owned(), b.to_owned(), c.to_owned());
    assert_eq!(
        figures,
        [
            owned("1½", "1½", "2½"),
            owned("1½", "1½", "1½"),
            owned("1", "1½", "1½"),
            owned("0", "1½", "2½"),
        ]
    );
    let order: Vec<usize> = t.standings().iter().map(|s| s.player).collect();
    assert_eq!(order, [0, 1, 2, 3], "A before B on Buchholz");
}

#[test]
fn swiss_rounds_never_repeat_a_pair_give_one_bye_each_and_balance_sides() {
    // Many tournaments with results from fixed sequences, every count of
    // players, the most rounds allowed.
    for (seed, n) in (0..12u32).flat_map(|s| (3..=16usize).map(move |n| (s, n))) {
        let mut seed = seed.wrapping_mul(2_654_435_761).wrapping_add(7);
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) % 3
        };
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let rounds = n.div_ceil(2) as u8;
        let mut t = tournament(Format::Swiss { rounds }, &names);
        while t.pair_next() {
            let round = t.rounds().len() - 1;
            for board in 0..t.rounds()[round].len() {
                if t.rounds()[round][board].second.is_some() {
                    let score = [Score::FirstWins, Score::Draw, Score::SecondWins][next() as usize];
                    t.record(BoardRef::new(round, board), score, None).unwrap();
                }
            }
        }
        assert_eq!(
            t.rounds().len(),
            usize::from(rounds),
            "{n} players paired every round"
        );
        let mut byes = vec![0; n];
        for round in t.rounds() {
            assert_eq!(round.iter().filter(|b| b.second.is_none()).count(), n % 2);
            for b in round {
                if b.second.is_none() {
                    byes[b.first] += 1;
                }
            }
        }
        assert!(byes.iter().all(|&b| b <= 1), "{n}: {byes:?}");
        for a in 0..n {
            for b in a + 1..n {
                let meetings = t
                    .rounds()
                    .iter()
                    .flatten()
                    .filter(|board| board.has(a) && board.opponent(a) == Some(b))
                    .count();
                assert!(meetings <= 1, "{n}: {a} and {b} met {meetings} times");
            }
            let (first, second) = t.sides(a);
            assert!(first.abs_diff(second) <= 2, "{n}: {a} {first}/{second}");
        }
    }
}

#[test]
fn a_result_that_disagrees_is_refused_and_a_withdrawal_forfeits() {
    let mut t = tournament(Format::Swiss { rounds: 3 }, &["A", "B", "C", "D", "E"]);
    assert!(t.pair_next());
    let bye = t.rounds()[0]
        .iter()
        .position(|b| b.second.is_none())
        .unwrap();
    assert_eq!(t.rounds()[0][bye].first, 4, "the bye to the lowest-ranked");
    assert_eq!(t.points(4), 2, "a bye is a point");
    assert_eq!(
        t.record(BoardRef::new(0, bye), Score::Draw, None),
        Err(ResultError::Bye)
    );
    assert_eq!(
        t.record(BoardRef::new(0, 0), Score::FirstWins, None),
        Ok(true)
    );
    assert_eq!(
        t.record(BoardRef::new(0, 0), Score::FirstWins, None),
        Ok(false),
        "the same again"
    );
    assert_eq!(
        t.record(BoardRef::new(0, 0), Score::SecondWins, None),
        Err(ResultError::Disagrees)
    );
    assert_eq!(
        t.record(BoardRef::new(0, 9), Score::Draw, None),
        Err(ResultError::NoBoard)
    );
    // B withdraws during round 1: its board is forfeited.
    t.withdraw(1, 0);
    let board = t.rounds()[0].iter().position(|b| b.has(1)).unwrap();
    let b_board = &t.rounds()[0][board];
    assert!(b_board.score.is_some_and(|s| !s.played()));
    assert_eq!(t.points(1), 0);
    assert!(t.pair_next());
    assert!(
        t.rounds()[1].iter().all(|b| !b.has(1)),
        "a withdrawn player is not paired"
    );
    // Four left: no bye.
    assert!(t.rounds()[1].iter().all(|b| b.second.is_some()));
}

#[test]
fn a_tournament_saved_between_rounds_reads_back_the_same_and_checks_what_it_reads() {
    let mut entrants = players(&["Amel", "Youssef", "Ines", "Omar"]);
    entrants[3].entrant = Entrant::Computer(3);
    let mut t = Tournament::new(
        "Club night".into(),
        Rules::seega(BoardSize::Five),
        Some(TimeControl::new(300, 3).unwrap()),
        Format::Swiss { rounds: 2 },
        entrants,
    )
    .unwrap();
    t.pair_next();
    result(&mut t, 0, 2, 2);
    let text = t.to_text();
    assert!(
        text.starts_with("kharbga-tournament 1\nname Club night\nrules seega5:"),
        "{text}"
    );
    assert!(text.contains("clock 300+3\nformat swiss 2\n"), "{text}");
    assert!(text.contains("player computer:3 - Omar\n"), "{text}");
    let back = Tournament::from_text(&text).unwrap();
    assert_eq!(back, t);
    // Reloaded mid-round, it goes on as it would have.
    let mut reloaded = back;
    result(&mut reloaded, 1, 3, 0);
    result(&mut t, 1, 3, 0);
    assert!(reloaded.pair_next() && t.pair_next());
    assert_eq!(reloaded, t);
    assert_eq!(
        Tournament::from_text(&reloaded.to_text()),
        Ok(reloaded.clone())
    );

    // What does not fit is refused, said how.
    assert_eq!(
        Tournament::from_text("hello"),
        Err(TournamentError::Unreadable)
    );
    assert_eq!(
        Tournament::from_text("kharbga-tournament 9\n"),
        Err(TournamentError::Newer(9))
    );
    let text = reloaded.to_text();
    let bad_score = text.replacen(" 1-0 ", " 2-0 ", 1);
    assert!(matches!(
        Tournament::from_text(&bad_score),
        Err(TournamentError::Line(_))
    ));
    // A Swiss pair twice, a player twice in a round, an unknown player.
    let twice = text.replacen("board 3 1 ", "board 0 1 ", 1);
    assert_eq!(
        Tournament::from_text(&twice),
        Err(TournamentError::Inconsistent)
    );
    let unknown = text.replacen("board 0 ", "board 7 ", 1);
    assert_eq!(
        Tournament::from_text(&unknown),
        Err(TournamentError::Inconsistent)
    );
    let unfinished = text.clone() + "round\nboard 0 1 - -\n";
    assert_eq!(
        Tournament::from_text(&unfinished),
        Err(TournamentError::Inconsistent)
    );
    let mut once = tournament(Format::Swiss { rounds: 2 }, &["A", "B", "C", "D"]);
    once.pair_next();
    result(&mut once, 0, 2, 2);
    result(&mut once, 3, 1, 2);
    let done = once.to_text();
    assert!(Tournament::from_text(&done).is_ok());
    let repeated = done + "round\nboard 2 0 - -\nboard 1 3 - -\n";
    assert_eq!(
        Tournament::from_text(&repeated),
        Err(TournamentError::Inconsistent)
    );
    // Setup rules.
    let setup = |format, names: &[&str]| {
        Tournament::new("x".into(), Rules::kharbga(), None, format, players(names))
    };
    let robin = Format::RoundRobin { double: false };
    assert_eq!(
        setup(Format::Swiss { rounds: 3 }, &["a", "b", "c", "d"]),
        Err(SetupError::Rounds)
    );
    assert_eq!(setup(robin, &["a", "b", "a"]), Err(SetupError::SameName));
    assert_eq!(setup(robin, &["a", "b"]), Err(SetupError::Players));
}
