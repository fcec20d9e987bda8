//! Property tests over random legal games: the generator agrees with a slow,
//! square-by-square reading of `RULES.md` (written separately here), soldiers
//! only disappear by capture, exchange or removal, every text round-trips,
//! and games end.

use std::collections::BTreeSet;

use kharbga::cli::Rng;
use kharbga::engine::{
    BlockedRule, BoardSize, ChainRule, Exchange, Game, Outcome, Ply, PlyList, Position, Record,
    Rules, Setup, Side, Square, Variant,
};
use proptest::prelude::*;

const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

fn offset(size: BoardSize, s: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let f = s.file() as i8 + df;
    let r = s.rank() as i8 + dr;
    let side = size.side() as i8;
    if (0..side).contains(&f) && (0..side).contains(&r) {
        Square::from_coords(f as u8, r as u8)
    } else {
        None
    }
}

/// The oracle's board: a plain array of squares.
#[derive(Clone)]
struct Board {
    size: BoardSize,
    cells: Vec<Option<Side>>,
}

impl Board {
    fn of(p: &Position) -> Board {
        let size = p.size();
        let mut cells = vec![None; 81];
        for s in size.all_squares() {
            cells[s.index() as usize] = p.piece_at(s);
        }
        Board { size, cells }
    }
    fn get(&self, s: Square) -> Option<Side> {
        self.cells[s.index() as usize]
    }
    fn set(&mut self, s: Square, v: Option<Side>) {
        self.cells[s.index() as usize] = v;
    }
    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.size.all_squares()
    }
}

/// What a step by `side` from `from` to `to` captures, read square by square.
fn oracle_captures(
    b: &Board,
    rules: &Rules,
    side: Side,
    from: Square,
    to: Square,
) -> BTreeSet<Square> {
    let mut after = b.clone();
    after.set(from, None);
    after.set(to, Some(side));
    let mut out = BTreeSet::new();
    for d in DIRS {
        let Some(n) = offset(b.size, to, d) else {
            continue;
        };
        let Some(beyond) = offset(b.size, n, d) else {
            continue;
        };
        let immune = matches!(rules.variant, Variant::Seega(_)) && n == b.size.malha();
        if after.get(n) == Some(side.opponent()) && after.get(beyond) == Some(side) && !immune {
            out.insert(n);
        }
    }
    out
}

/// The untouchable analysis, square by square with an explicit search.
fn oracle_untouchable(b: &Board) -> BTreeSet<Square> {
    let mut marked: BTreeSet<Square> = BTreeSet::new();
    loop {
        let passable = |s: Square| b.get(s) != Some(Side::Second) || marked.contains(&s);
        let mut reach: BTreeSet<Square> = b
            .squares()
            .filter(|s| b.get(*s) == Some(Side::First))
            .collect();
        let mut stack: Vec<Square> = reach.iter().copied().collect();
        while let Some(s) = stack.pop() {
            for d in DIRS {
                if let Some(n) = offset(b.size, s, d) {
                    if passable(n) && b.get(n) != Some(Side::First) && reach.insert(n) {
                        stack.push(n);
                    }
                }
            }
        }
        let mut fresh = Vec::new();
        for s in b
            .squares()
            .filter(|s| b.get(*s) == Some(Side::Second) && !marked.contains(s))
        {
            let line = |a: (i8, i8), c: (i8, i8)| match (offset(b.size, s, a), offset(b.size, s, c))
            {
                (Some(x), Some(y)) => reach.contains(&x) && reach.contains(&y),
                _ => false,
            };
            if line((1, 0), (-1, 0)) || line((0, 1), (0, -1)) {
                fresh.push(s);
            }
        }
        if fresh.is_empty() {
            return b
                .squares()
                .filter(|s| b.get(*s) == Some(Side::Second) && !marked.contains(s))
                .collect();
        }
        marked.extend(fresh);
    }
}

/// Every legal ply, by a direct reading of the rules.
fn oracle_legal(p: &Position) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if p.is_over() {
        return out;
    }
    let rules = *p.rules();
    let b = Board::of(p);
    let side = p.to_move();
    let kharbga = rules.variant.is_kharbga();
    if p.is_setting() {
        let malha = b.size.malha();
        let neighbours: Vec<Square> = DIRS
            .iter()
            .filter_map(|d| offset(b.size, malha, *d))
            .collect();
        for s in b.squares().filter(|s| b.get(*s).is_none() && *s != malha) {
            if kharbga {
                let mut after = b.clone();
                after.set(s, Some(side));
                let holds = neighbours
                    .iter()
                    .any(|n| after.get(*n) == Some(Side::First));
                let free = neighbours.iter().any(|n| after.get(*n).is_none());
                let left = p.in_hand(Side::First) - u8::from(side == Side::First);
                if !holds && (!free || left == 0) {
                    continue;
                }
            }
            out.insert(s.to_string());
        }
        return out;
    }
    let steps: Vec<(Square, Square)> = b
        .squares()
        .filter(|s| b.get(*s) == Some(side))
        .flat_map(|s| {
            DIRS.iter()
                .filter_map(move |d| offset(b.size, s, *d).map(|t| (s, t)))
        })
        .filter(|(_, t)| b.get(*t).is_none())
        .collect();
    if let Some(c) = p.chain() {
        for (from, to) in &steps {
            if *from == c && !oracle_captures(&b, &rules, side, *from, *to).is_empty() {
                out.insert(format!("{from}-{to}"));
            }
        }
        if rules.chain == ChainRule::Optional {
            out.insert("stop".to_owned());
        }
        return out;
    }
    if steps.is_empty() {
        if rules.blocked == BlockedRule::Remove {
            for s in b.squares().filter(|s| b.get(*s) == Some(side.opponent())) {
                out.insert(format!("x{s}"));
            }
        }
        return out;
    }
    let attackers = b
        .squares()
        .filter(|s| b.get(*s) == Some(Side::First))
        .count();
    for (from, to) in steps {
        out.insert(format!("{from}-{to}"));
        if !kharbga || !oracle_captures(&b, &rules, side, from, to).is_empty() {
            continue;
        }
        let flag = match (side, p.exchange()) {
            (Side::Second, _) => {
                let mut after = b.clone();
                after.set(from, None);
                after.set(to, Some(Side::Second));
                attackers >= 2 && oracle_untouchable(&after).contains(&to)
            }
            (Side::First, Exchange::Requested { .. }) => true,
            (Side::First, Exchange::Confirmed { offer, .. }) => from != offer,
            _ => false,
        };
        if flag {
            out.insert(format!("{from}-{to}*"));
        }
    }
    out
}

fn all_rules() -> Vec<Rules> {
    vec![
        Rules::kharbga(),
        Rules::seega(BoardSize::Five),
        Rules::seega(BoardSize::Seven),
        Rules {
            blocked: BlockedRule::Remove,
            quiet_limit: 20,
            ..Rules::seega(BoardSize::Five)
        },
        Rules {
            chain: ChainRule::Optional,
            blocked: BlockedRule::Remove,
            ..Rules::kharbga()
        },
    ]
}

/// Plays a random game, checking every position along the way with `check`.
fn random_game(rules: Rules, seed: u64, mut check: impl FnMut(&Game)) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules);
    for _ in 0..20_000 {
        check(&game);
        if game.outcome().is_some() {
            return game;
        }
        let plies = game.position().legal_plies();
        assert!(
            !plies.is_empty(),
            "a live game always has a ply: {}",
            game.position()
        );
        // Prefer flagged steps now and then so that exchanges happen.
        let flagged: Vec<Ply> = plies
            .iter()
            .copied()
            .filter(|p| matches!(p, Ply::Step { flagged: true, .. }))
            .collect();
        let ply = if !flagged.is_empty() && rng.below(3) == 0 {
            flagged[rng.below(flagged.len())]
        } else {
            plies[rng.below(plies.len())]
        };
        game.play(ply).unwrap_or_else(|e| panic!("{e}"));
    }
    panic!("a game under {rules} did not end in 20000 plies");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_plies_are_exactly_the_legal_plies(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        random_game(rules, seed, |game| {
            let p = game.position();
            let generated: BTreeSet<String> = p.legal_plies().iter().map(|x| x.to_string()).collect();
            assert_eq!(generated, oracle_legal(p), "in {p} under {rules}");
            for ply in p.legal_plies() {
                assert!(p.is_legal(ply));
            }
        });
    }

    #[test]
    fn the_search_stages_together_are_exactly_the_legal_plies(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        random_game(rules, seed, |game| {
            let p = game.position();
            let text = |plies: &PlyList| plies.iter().map(|x| x.to_string()).collect::<Vec<_>>();
            let all = p.legal_plies();
            let (mut unflagged, mut captures) = (PlyList::new(), PlyList::new());
            p.generate_unflagged(&mut unflagged);
            p.generate_captures(&mut captures);
            // Without the analysis, no flag where it is deferred (and all
            // plies elsewhere); with it, the flagged twin of each
            // unflagged step it allows (what the search tries).
            let analysis = p.flag_analysis();
            assert_eq!(analysis.is_some(), p.defers_flags() && p.size() == BoardSize::Seven, "in {p}");
            if p.defers_flags() {
                assert!(!unflagged.iter().any(|x| matches!(x, Ply::Step { flagged: true, .. })), "in {p}");
            }
            let mut flagged = PlyList::new();
            if let Some(analysis) = analysis {
                let targets = p.capture_targets(p.to_move());
                for x in &unflagged {
                    if let Ply::Step { from, to, flagged: false } = *x {
                        if !targets.contains(to) && analysis.untouchable_after(from, to) {
                            flagged.push(Ply::flagged(from, to));
                        }
                    }
                }
            }
            let mut staged = text(&unflagged);
            staged.extend(text(&flagged));
            staged.sort();
            let mut expected = text(&all);
            expected.sort();
            assert_eq!(staged, expected, "in {p} under {rules}");
            // The quiescence stage: the unflagged steps that capture.
            let mut capturing: Vec<String> = if p.is_setting() || p.chain().is_some() || rules.variant.is_alquerque() {
                Vec::new()
            } else {
                let targets = p.capture_targets(p.to_move());
                all.iter()
                    .filter(|x| matches!(x, Ply::Step { to, flagged: false, .. } if targets.contains(*to)))
                    .map(|x| x.to_string())
                    .collect()
            };
            capturing.sort();
            let mut captures = text(&captures);
            captures.sort();
            assert_eq!(captures, capturing, "in {p} under {rules}");
        });
    }

    #[test]
    fn soldiers_disappear_only_by_capture_exchange_or_removal(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        let game = random_game(rules, seed, |_| {});
        for (i, played) in game.plies().iter().enumerate() {
            let before = game.position_at(i).unwrap();
            let after = game.position_at(i + 1).unwrap();
            let gone = played.effects.captured | played.effects.removed;
            for side in [Side::First, Side::Second] {
                let added = u32::from(matches!(played.ply, Ply::Place(_)) && played.side == side);
                let lost = (before.soldiers(side) & gone).count()
                    + u32::from(matches!(played.effects.exchange, Some(kharbga::engine::ExchangeEvent::Completed(_))) && side == Side::Second);
                assert_eq!(after.soldiers(side).count() + lost, before.soldiers(side).count() + added, "ply {i} {}", played.ply);
            }
            assert!((played.effects.captured - before.soldiers(played.side.opponent())).is_empty());
            if let Ply::Step { from, to, flagged: false } = played.ply {
                let b = Board::of(before);
                let expected = oracle_captures(&b, &rules, played.side, from, to);
                let got: BTreeSet<Square> = played.effects.captured.collect();
                assert_eq!(got, expected);
            }
        }
    }

    #[test]
    fn texts_round_trip(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        let game = random_game(rules, seed, |game| {
            let p = game.position();
            let text = p.to_string();
            let setup: Setup = text.parse().unwrap();
            assert_eq!(setup.to_string(), text);
            let back = Position::from_setup(setup, rules).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(back.to_setup(), p.to_setup());
            // Repetition needs the game's history; everything else is in the string.
            if game.outcome().map(|o| o.reason) != Some(kharbga::engine::Reason::Repetition) {
                assert_eq!(back.outcome(), game.outcome(), "{text}");
            }
            for ply in p.legal_plies() {
                assert_eq!(ply.to_string().parse::<Ply>(), Ok(ply));
            }
        });
        let mut record = Record::new(game);
        record.first = "Amel \"the wall\"".to_owned();
        let text = record.to_text();
        let back = Record::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.to_text(), text);
        assert_eq!(back.game.plies(), record.game.plies());
        assert_eq!(back.game.outcome(), record.game.outcome());
    }

    #[test]
    fn games_always_end_with_a_winner_or_draw_and_a_reason(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        let game = random_game(rules, seed, |_| {});
        let outcome: Outcome = game.outcome().expect("the game ended");
        let p = game.position();
        let (a, d) = (p.soldiers(Side::First).count(), p.soldiers(Side::Second).count());
        match outcome.reason {
            kharbga::engine::Reason::NoSoldiers => assert!(a == 0 || d == 0),
            kharbga::engine::Reason::QuietLimit | kharbga::engine::Reason::Repetition => {
                assert_eq!(outcome, Outcome::by_count(a, d, outcome.reason));
            }
            kharbga::engine::Reason::FirstMoveBlock => assert_eq!(outcome.winner, Some(Side::Second)),
            other => panic!("random play does not {other:?}"),
        }
    }

    #[test]
    fn hashes_repetitions_and_losses_agree_with_slow_readings(seed in any::<u64>(), which in 0usize..5) {
        let rules = all_rules()[which];
        let game = random_game(rules, seed, |game| {
            // The hash kept up to date ply by ply is the one computed afresh.
            let p = game.position();
            let fresh = Position::from_setup(p.to_setup(), rules).unwrap();
            assert_eq!(p.hash(), fresh.hash(), "{p}");
        });
        for (i, played) in game.plies().iter().enumerate() {
            let before = game.position_at(i).unwrap();
            let next = game.position_at(i + 1).unwrap();
            // Repetition, as a scan of every position since the last removal.
            if !next.is_setting() {
                let since = game.plies()[..=i]
                    .iter()
                    .rposition(|p| p.removed_any())
                    .map_or(0, |k| k + 1);
                let earlier = (since..=i)
                    .map(|j| game.position_at(j).unwrap())
                    .filter(|q| !q.is_setting() && q.repetition_key() == next.repetition_key())
                    .count();
                let by_repetition = next.outcome().map(|o| o.reason) == Some(kharbga::engine::Reason::Repetition);
                if next.outcome().is_none() || by_repetition {
                    assert_eq!(by_repetition, earlier >= 2, "ply {i} {}", played.ply);
                }
            }
            // The soldiers each side lost, as the board counts them.
            let lost = played.lost();
            for (k, side) in [Side::First, Side::Second].into_iter().enumerate() {
                let added = u32::from(matches!(played.ply, Ply::Place(_)) && played.side == side);
                assert_eq!(
                    before.soldiers(side).count() + added - next.soldiers(side).count(),
                    lost[k].count(),
                    "ply {i} {}",
                    played.ply
                );
            }
        }
        // Taking every ply back and playing them again gives the same game
        // (the repetition counts included).
        let mut again = game.clone();
        while again.undo().is_some() {}
        for played in game.plies() {
            again.play(played.ply).unwrap();
        }
        assert_eq!(again, game);
    }

    #[test]
    fn random_texts_never_panic(text in "\\PC{0,60}") {
        let _ = text.parse::<Ply>();
        let _ = text.parse::<Setup>();
        let _ = Record::from_text(&text);
        let _ = kharbga::cli::answer(&text);
    }
}
