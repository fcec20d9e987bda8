//! Kharbaga (`RULES.md` §4): one scenario per rule, drawn as pictures, and
//! properties over random games against an oracle written separately here
//! (a plain array of points, sequences collected into vectors).

use std::collections::BTreeSet;

use kharbga::cli::Rng;
use kharbga::engine::{
    Game, Outcome, Ply, Position, Reason, Record, Rules, Setup, Side, Square, Variant,
};
use proptest::prelude::*;

use crate::helpers::{legal, names, play, pos};

fn rules() -> Rules {
    Rules::kharbaga()
}

fn k(picture: &str, side: &str) -> Position {
    pos(rules(), picture, &format!("{side} 0,0 - - 0 1 -"))
}

// ---- Set-up and steps -------------------------------------------------------------

#[test]
fn the_start_position_follows_the_ruling() {
    let p = Position::new(rules());
    assert_eq!(
        p.to_string(),
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 - - 0 1 -"
    );
    assert_eq!(p.soldiers(Side::First).count(), 12);
    assert_eq!(p.soldiers(Side::Second).count(), 12);
    assert_eq!(p.to_move(), Side::First);
    assert!(!p.is_setting());
    assert_eq!(legal(&p), ["b2-c3", "c2-c3", "d2-c3"]);
}

#[test]
fn soldiers_step_only_forward_straight_or_diagonally() {
    let p = k(
        ". . s . .
         . . s . .
         . . S . .
         . . . . .
         . . . . .",
        "w",
    );
    // Not sideways (b3, d3), not back (b2, c2, d2); c4 is held by an enemy.
    assert_eq!(legal(&p), ["c3-b4", "c3-d4"]);
    let p = k(
        ". . . . .
         . . . . .
         . . s . .
         . . . . .
         . . . . S",
        "b",
    );
    assert_eq!(legal(&p), ["c3-b2", "c3-c2", "c3-d2"]);
}

#[test]
fn a_mullah_flies_along_all_eight_lines() {
    let p = k(
        ". . . . .
         . . . . .
         . . M . .
         . . . . .
         s . . . .",
        "w",
    );
    let steps = legal(&p);
    assert_eq!(
        steps.len(),
        15,
        "16 points on its lines but a1's enemy: {steps:?}"
    );
    assert!(steps.contains(&"c3-c5".to_owned()) && steps.contains(&"c3-e1".to_owned()));
    assert!(!steps.contains(&"c3-a1".to_owned()));
}

// ---- Captures ----------------------------------------------------------------------

#[test]
fn short_leaps_in_all_eight_directions_remove_the_piece_at_once() {
    // A soldier on c3 and one enemy next to it, on each line in turn: the
    // leap is legal backwards and sideways too, and the enemy is gone at once.
    for (enemy, landing) in [
        ("c4", "c5"),
        ("d4", "e5"),
        ("d3", "e3"),
        ("d2", "e1"),
        ("c2", "c1"),
        ("b2", "a1"),
        ("b3", "a3"),
        ("b4", "a5"),
    ] {
        let mut setup: Setup = "5/5/2S2/5/5 w 0,0 - - 0 1 -".parse().unwrap();
        setup.second.insert(enemy.parse().unwrap());
        setup.second.insert("e5".parse().unwrap());
        if landing == "e5" {
            setup.second =
                setup.second - kharbga::engine::Bitboard::from_square("e5".parse().unwrap());
            setup.second.insert("a1".parse().unwrap());
        }
        let mut p = Position::from_setup(setup, rules()).unwrap();
        let ply = format!("c3x{landing}");
        assert_eq!(legal(&p), std::slice::from_ref(&ply), "enemy on {enemy}");
        let effects = play(&mut p, &ply);
        assert_eq!(names(effects.captured), [enemy]);
        assert_eq!(p.piece_at(enemy.parse().unwrap()), None);
    }
}

#[test]
fn captures_are_compulsory() {
    let p = k(
        ". . . . .
         . . . . .
         . s . . .
         S . . . .
         . . . . S",
        "w",
    );
    assert_eq!(legal(&p), ["a2xc4"], "the step e1-e2 is not allowed");
}

#[test]
fn the_majority_rule_chooses_between_pieces_and_sequences() {
    // a1 can take one (a1xa3); e1 can take two (e1xe3xc5): e1 must.
    let p = k(
        ". . . . .
         . . . s .
         . . . . .
         s . . . s
         S . . . S",
        "w",
    );
    assert_eq!(legal(&p), ["e1xe3xc5"]);
    assert_eq!(p.capture_length(), 2);
    let mut refused = p;
    assert!(refused.play("a1xa3".parse().unwrap()).is_err());
    // Two sequences of equal length are both allowed (and both end on c1,
    // where the soldier started).
    let p = k(
        ". . . . .
         . s . s .
         . . . . .
         . s . s .
         . . S . .",
        "w",
    );
    assert_eq!(legal(&p), ["c1xa3xc5xe3xc1", "c1xe3xc5xa3xc1"]);
}

#[test]
fn a_mullah_captures_by_a_flying_leap_with_several_landing_points() {
    let p = k(
        ". . . . .
         . . . . .
         . . s . .
         . . . . .
         M . . . .",
        "w",
    );
    // Over b2 (empty), c3 (the enemy), onto d4 or e5.
    assert_eq!(legal(&p), ["a1xd4", "a1xe5"]);
    // A second enemy right behind the first leaves no landing point.
    let p = k(
        ". . . . s
         . . . s .
         . . s . .
         . . . . .
         M . . . .",
        "w",
    );
    assert_eq!(legal(&p).iter().filter(|t| t.contains('x')).count(), 0);
}

#[test]
fn the_capturing_pieces_own_starting_point_counts_as_empty() {
    // a1 over c3 to d4, down over d2 to d1, then along rank 1 over b1 back
    // onto a1, where it started.
    let p = k(
        ". . . . .
         . . . . .
         . . s . .
         . . . s .
         M s . . .",
        "w",
    );
    let plies = legal(&p);
    assert!(plies.contains(&"a1xd4xd1xa1".to_owned()), "{plies:?}");
    assert!(
        plies.iter().all(|t| t.matches('x').count() == 3),
        "{plies:?}"
    );
}

#[test]
fn a_mullah_flies_back_over_a_point_it_emptied() {
    // e3 takes d3 landing c3, b3 or a3; from b3 it takes c2 landing d1; from
    // d1 it flies up the d-file over d2 and d3 — emptied by its first leap —
    // to take d4, landing d5. Three captures, only by crossing d3.
    let p = k(
        ". . . . .
         . . . s .
         . . . s M
         . . s . .
         . . . . .",
        "w",
    );
    assert_eq!(
        legal(&p),
        ["e3xb3xd1xd5"],
        "only by crossing the emptied d3"
    );
}

// ---- Promotion ---------------------------------------------------------------------

#[test]
fn a_soldier_becomes_a_mullah_only_at_the_end_of_its_move() {
    // A step onto the far rank promotes.
    let mut p = k(
        ". . . . .
         S . . . .
         . . . . .
         . . . . .
         . . . . s",
        "w",
    );
    let effects = play(&mut p, "a4-a5");
    assert_eq!(effects.promoted, Some("a5".parse().unwrap()));
    assert_eq!(names(p.mullahs()), ["a5"]);
    assert!(p.to_string().starts_with("M4/"));
    // A capture passing the far rank mid-sequence does not: b3 over b4 to
    // b5, then over c4 to d3 — the soldier ends on rank 3, still a soldier.
    let mut p = k(
        ". . . . .
         . s s . .
         . S . . .
         . . . . .
         . . . . s",
        "w",
    );
    assert_eq!(legal(&p), ["b3xb5xd3"]);
    let effects = play(&mut p, "b3xb5xd3");
    assert_eq!(effects.promoted, None);
    assert!(p.mullahs().is_empty(), "no promotion mid-sequence");
    // A capture that ends on the far rank promotes.
    let mut p = k(
        ". . . . .
         . s . . .
         S . . . .
         . . . . .
         . . . . s",
        "w",
    );
    let effects = play(&mut p, "a3xc5");
    assert_eq!(effects.promoted, Some("c5".parse().unwrap()));
    // The second player promotes on rank 1.
    let mut p = k(
        ". . . . S
         . . . . .
         . . . . .
         . . . . s
         . . . . .",
        "b",
    );
    play(&mut p, "e2-e1");
    assert_eq!(names(p.mullahs()), ["e1"]);
    assert!(p.to_string().starts_with("4S/5/5/5/4m "));
}

// ---- Endings -----------------------------------------------------------------------

#[test]
fn a_player_without_pieces_loses() {
    let mut p = k(
        ". . . . .
         . . . . .
         . . . . .
         . s . . .
         S . . . .",
        "w",
    );
    play(&mut p, "a1xc3");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Side::First),
            reason: Reason::NoPieces
        })
    );
}

#[test]
fn a_player_without_a_move_loses() {
    // The second player's only soldier, on a2, has a1 and b1 held below it
    // and nothing to leap over onto an empty point.
    let mut p = k(
        ". . . . .
         S . . . S
         S . . . .
         s . . . .
         S S . . .",
        "w",
    );
    play(&mut p, "e4-e5");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Side::First),
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn quiet_mullah_moves_reach_the_limit_and_draw() {
    let r: Rules = "kharbaga:quiet=4".parse().unwrap();
    let mut p = pos(
        r,
        "M . . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . m",
        "w 0,0 - - 0 1 -",
    );
    for (n, ply) in ["a5-b5", "e1-d1", "b5-a5"].into_iter().enumerate() {
        play(&mut p, ply);
        assert_eq!(p.quiet(), n as u16 + 1);
        assert!(!p.is_over());
    }
    play(&mut p, "d1-e1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::QuietLimit
        })
    );
    // A quiet Mullah move counts from the count the position string gives;
    // a soldier move resets it.
    let mullah_and_soldier = |quiet: u16| {
        pos(
            r,
            "M . . . .
             . . . . .
             . . . . .
             . . . . s
             . . . . .",
            &format!("w 0,0 - - {quiet} 1 -"),
        )
    };
    let mut p = mullah_and_soldier(3);
    play(&mut p, "a5-b5");
    assert_eq!(p.quiet(), 4, "a quiet Mullah move counts");
    let mut p = mullah_and_soldier(2);
    play(&mut p, "a5-b5");
    play(&mut p, "e2-e1");
    assert_eq!(p.quiet(), 0, "a soldier move resets");
    // No limit with quiet=0.
    let r0: Rules = "kharbaga:quiet=0".parse().unwrap();
    let p = pos(
        r0,
        "M . . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . m",
        "w 0,0 - - 500 1 -",
    );
    assert!(!p.is_over());
}

#[test]
fn a_third_repetition_draws() {
    let mut game = Game::from_position(k(
        "M . . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . m",
        "w",
    ));
    for _ in 0..2 {
        for ply in ["a5-b5", "e1-d1", "b5-a5", "d1-e1"] {
            game.play_text(ply).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition
        })
    );
}

// ---- Texts -------------------------------------------------------------------------

#[test]
fn position_strings_name_mullahs_and_refuse_what_kharbaga_has_not() {
    let text = "M3s/5/2S2/5/m4 b 0,0 - - 7 12 -";
    let p = Position::from_text(text, rules()).unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(names(p.mullahs()), ["a1", "a5"]);
    for bad in [
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 1,0 - - 0 1 -",
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 c3 - 0 1 -",
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 - - 0 1 f",
        "sssss/sssss/ssSSS/SSSSS/SSSSS w 0,0 - - 0 1 -",
        "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 - - 0 0 -",
        "7/7/7/7/7/7/7 w 0,0 - - 0 1 -",
    ] {
        assert!(Position::from_text(bad, rules()).is_err(), "{bad}");
    }
    // The custodial games know no Mullah.
    assert!(Position::from_text(
        "M4/5/5/5/4s w 0,0 - - 0 1 -",
        Rules::seega(kharbga::engine::BoardSize::Five)
    )
    .is_err());
}

#[test]
fn a_record_round_trips() {
    let mut game = Game::new(rules());
    let mut rng = Rng::new(7);
    while !game.position().is_over() && game.plies().len() < 80 {
        let plies = game.position().legal_plies();
        game.play(plies[rng.below(plies.len())]).unwrap();
    }
    let mut record = Record::new(game.clone());
    record.first = "Amina".into();
    record.second = "Youssef".into();
    let text = record.to_text();
    let back = Record::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.game.plies(), game.plies());
    assert_eq!(back.game.position(), game.position());
    assert!(text.contains("kharbaga"), "{text}");
}

// ---- Properties against an oracle ----------------------------------------------------

/// The oracle's board: 25 points, each empty or a (side, mullah) piece.
type Board = [Option<(Side, bool)>; 25];

fn board_of(p: &Position) -> Board {
    let mut b = [None; 25];
    for s in kharbga::engine::BoardSize::Five.all_squares() {
        b[at(s)] = p.piece_at(s).map(|side| (side, p.mullahs().contains(s)));
    }
    b
}

fn at(s: Square) -> usize {
    usize::from(s.rank()) * 5 + usize::from(s.file())
}

fn point(i: i32) -> Square {
    Square::from_coords((i % 5) as u8, (i / 5) as u8).unwrap()
}

fn walk(i: usize, df: i32, dr: i32) -> Vec<usize> {
    let (mut f, mut r) = ((i % 5) as i32 + df, (i / 5) as i32 + dr);
    let mut v = Vec::new();
    while (0..5).contains(&f) && (0..5).contains(&r) {
        v.push((r * 5 + f) as usize);
        f += df;
        r += dr;
    }
    v
}

/// The eight lines from a point, each a step (file, rank): the oracle's
/// own count, not the engine's table.
fn lines() -> impl Iterator<Item = (i32, i32)> {
    (-1..=1)
        .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
        .filter(|&step| step != (0, 0))
}

/// Every maximal capturing sequence of the piece on `from`, as landing lists.
fn sequences(b: &Board, from: usize, side: Side, mullah: bool) -> Vec<Vec<usize>> {
    let mut board = *b;
    board[from] = None;
    let mut out = Vec::new();
    fn go(
        board: &Board,
        now: usize,
        side: Side,
        mullah: bool,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let mut more = false;
        for (df, dr) in lines() {
            let line = walk(now, df, dr);
            let mut k = 0;
            while mullah && k < line.len() && board[line[k]].is_none() {
                k += 1;
            }
            if k >= line.len() || !matches!(board[line[k]], Some((s, _)) if s != side) {
                continue;
            }
            let victim = line[k];
            let mut after = *board;
            after[victim] = None;
            for &land in &line[k + 1..] {
                if board[land].is_some() {
                    break;
                }
                more = true;
                path.push(land);
                go(&after, land, side, mullah, path, out);
                path.pop();
                if !mullah {
                    break;
                }
            }
        }
        if !more && !path.is_empty() {
            out.push(path.clone());
        }
    }
    go(&board, from, side, mullah, &mut Vec::new(), &mut out);
    out
}

/// The legal plies as the oracle reads `RULES.md` §4.
fn oracle(p: &Position) -> BTreeSet<String> {
    let b = board_of(p);
    let side = p.to_move();
    let mut captures: Vec<String> = Vec::new();
    let mut best = 0;
    let mut steps = Vec::new();
    for i in 0..25 {
        let Some((s, mullah)) = b[i] else { continue };
        if s != side {
            continue;
        }
        for seq in sequences(&b, i, side, mullah) {
            if seq.len() > best {
                best = seq.len();
                captures.clear();
            }
            if seq.len() == best {
                let mut text = point(i as i32).to_string();
                for l in seq {
                    text.push('x');
                    text.push_str(&point(l as i32).to_string());
                }
                captures.push(text);
            }
        }
        let forward = if side == Side::First { 1 } else { -1 };
        for (df, dr) in lines() {
            if !mullah && dr != forward {
                continue;
            }
            for t in walk(i, df, dr) {
                if b[t].is_some() {
                    break;
                }
                steps.push(format!("{}-{}", point(i as i32), point(t as i32)));
                if !mullah {
                    break;
                }
            }
        }
    }
    if best > 0 {
        captures.into_iter().collect()
    } else {
        steps.into_iter().collect()
    }
}

fn random_game(seed: u64, max: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules());
    while !game.position().is_over() && game.plies().len() < max {
        let plies = game.position().legal_plies();
        if plies.is_empty() {
            break;
        }
        game.play(plies[rng.below(plies.len())]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn generated_plies_are_exactly_the_oracles(seed in any::<u64>()) {
        let game = random_game(seed, 400);
        for index in 0..=game.plies().len() {
            let p = game.position_at(index).unwrap();
            if p.is_over() {
                continue;
            }
            // The move list never fills up (docs/rules.md).
            prop_assert!(p.legal_plies().len() < kharbga::engine::MAX_PLIES);
            let mine: BTreeSet<String> = legal(p).into_iter().collect();
            prop_assert_eq!(&mine, &oracle(p), "{}", p);
            // Legal ⇔ generated: every generated ply plays; a ply of the
            // oracle's shape that is not generated is refused.
            for text in &mine {
                let mut q = *p;
                prop_assert!(q.play(text.parse().unwrap()).is_ok());
            }
        }
    }

    #[test]
    fn random_games_end_and_every_text_round_trips(seed in any::<u64>()) {
        let game = random_game(seed, 5000);
        prop_assert!(game.outcome().is_some(), "a game of {} plies did not end", game.plies().len());
        for index in 0..=game.plies().len() {
            let p = game.position_at(index).unwrap();
            let text = p.to_string();
            let back = Position::from_text(&text, rules()).unwrap();
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!(back.hash(), p.hash());
            let setup: Setup = p.to_string().parse().unwrap();
            prop_assert_eq!(setup.mullahs, p.mullahs());
        }
        for played in game.plies() {
            let text = played.ply.to_string();
            prop_assert_eq!(text.parse::<Ply>().unwrap(), played.ply);
        }
        let record = Record::new(game.clone());
        let back = Record::from_text(&record.to_text()).unwrap();
        prop_assert_eq!(back.game.position(), game.position());
        prop_assert_eq!(back.game.rules().variant, Variant::Kharbaga);
    }
}

/// Perft by the oracle's plies (played by the engine): the perft table's
/// Kharbaga lines are checked against it here.
fn oracle_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if p.is_over() {
        return 0;
    }
    oracle(p)
        .iter()
        .map(|text| {
            let mut next = *p;
            next.play(text.parse().unwrap()).unwrap();
            oracle_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn the_oracle_agrees_with_the_perft_table() {
    use kharbga::engine::perft::perft;
    let mid = Position::from_text("M3s/1s1s1/2S2/1S1s1/m3S w 0,0 - - 3 20 -", rules()).unwrap();
    for (position, depth) in [(Position::new(rules()), 9), (mid, 4)] {
        assert_eq!(
            oracle_perft(&position, depth),
            perft(&position, depth),
            "{position}"
        );
    }
}
