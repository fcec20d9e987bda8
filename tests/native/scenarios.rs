//! One scenario per rule of `RULES.md`, with positions drawn as pictures.
//! Kharbga's figures come from `shared/seeds/003_*.txt`.

use kharbga::engine::{
    BoardSize, ChainRule, Effects, Exchange, ExchangeEvent, Game, Outcome, Ply, Position, Reason,
    Rules, Side,
};

use crate::helpers::{legal, names, play, pos};

fn sq(name: &str) -> kharbga::engine::Square {
    name.parse().unwrap()
}

// ---- Setting -------------------------------------------------------------------

#[test]
fn setting_two_at_a_time_first_player_first_never_on_the_malha() {
    let mut p = Position::new(Rules::kharbga());
    assert!(p.is_setting());
    assert_eq!(legal(&p).len(), 48, "every square but the Malha");
    assert!(!legal(&p).contains(&"d4".to_owned()));
    play(&mut p, "a1");
    assert_eq!((p.to_move(), p.placed_this_turn()), (Side::First, 1));
    play(&mut p, "a2");
    assert_eq!((p.to_move(), p.placed_this_turn()), (Side::Second, 0));
    play(&mut p, "b1");
    play(&mut p, "b2");
    assert_eq!(p.to_move(), Side::First);
    assert_eq!(p.turn(), 2);
    assert_eq!((p.in_hand(Side::First), p.in_hand(Side::Second)), (22, 22));
    assert!(p.play("a1".parse().unwrap()).is_err(), "an occupied square");
}

#[test]
fn setting_never_captures() {
    // A second-player soldier set between two first-player soldiers stays.
    let mut p = Position::new(Rules::seega(BoardSize::Five));
    for ply in ["a1", "c1", "b1", "e5"] {
        play(&mut p, ply);
    }
    assert_eq!(p.piece_at(sq("b1")), Some(Side::Second));
    assert_eq!(p.soldiers(Side::Second).count(), 2);
}

fn kharbga_setting(first: &str, second: &str, to_move: char, hand: (u8, u8)) -> Position {
    // Build a setting-phase position from square lists.
    let mut rows = vec![vec!['.'; 7]; 7];
    for (list, c) in [(first, 'A'), (second, 'D')] {
        for name in list.split_whitespace() {
            let s = sq(name);
            rows[6 - s.rank() as usize][s.file() as usize] = c;
        }
    }
    let picture: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    pos(
        Rules::kharbga(),
        &picture,
        &format!("{to_move} {},{} - - 0 1 -", hand.0, hand.1),
    )
}

#[test]
fn the_defender_may_not_fill_the_last_free_malha_neighbour() {
    // The Attacker holds none of c4 e4 d3 d5; the Defender holds three and
    // is in the middle of its turn.
    let p = kharbga_setting("a1 a2 a3 b1", "c4 e4 d3", 'b', (20, 21));
    let moves = legal(&p);
    assert!(
        !moves.contains(&"d5".to_owned()),
        "d5 is the last free neighbour"
    );
    assert!(moves.contains(&"a4".to_owned()));
    assert_eq!(names(p.malha_access_forbidden()), ["d5"]);
}

#[test]
fn the_attackers_last_placement_is_forced_next_to_the_malha() {
    // Three squares are left besides the Malha (d6, d5, d1); the Attacker,
    // holding no Malha neighbour, sets its last soldier: it must go to d5.
    let p = kharbga_setting(
        "a7 b7 c7 d7 a6 b6 c6 a5 b5 f5 g5 a3 b3 c3 a2 b2 c2 d2 e1 f1 g1 g6 g3",
        "e7 f7 g7 e6 f6 c5 e5 a4 b4 c4 e4 f4 g4 d3 e3 f3 e2 f2 g2 a1 b1 c1",
        'w',
        (1, 2),
    );
    assert_eq!(
        legal(&p),
        ["d5"],
        "only the Malha neighbour keeps the Malha open"
    );
    // Where the Attacker already holds a neighbour (d3), anything goes.
    let q = kharbga_setting(
        "a7 b7 c7 d7 a6 b6 c6 a5 b5 f5 g5 a3 b3 c3 a2 b2 c2 d2 e1 f1 g1 g6 d3",
        "e7 f7 g7 e6 f6 c5 e5 a4 b4 c4 e4 f4 g4 g3 e3 f3 e2 f2 g2 a1 b1 c1",
        'w',
        (1, 2),
    );
    assert_eq!(legal(&q), ["d1", "d5", "d6"]);
}

#[test]
fn setting_ends_with_the_attacker_to_move_into_the_malha() {
    let mut game = Game::new(Rules::kharbga());
    let squares: Vec<_> = BoardSize::Seven
        .all_squares()
        .filter(|s| *s != sq("d4"))
        .collect();
    // Alternate pairs: the Attacker takes c4 early so the Malha stays open.
    let mut order = vec![sq("c4")];
    order.extend(squares.iter().copied().filter(|s| *s != sq("c4")));
    let mut first = order.iter();
    while game.position().is_setting() {
        let legal_now = game.position().placements();
        let next = first
            .by_ref()
            .copied()
            .find(|s| legal_now.contains(*s))
            .or_else(|| legal_now.first());
        game.play(Ply::Place(next.expect("a placement"))).unwrap();
    }
    let p = game.position();
    assert_eq!(p.to_move(), Side::First);
    assert!(p.is_first_turn());
    assert_eq!(p.soldiers(Side::First).count(), 24);
    assert_eq!(p.soldiers(Side::Second).count(), 24);
    // Every legal ply steps into the Malha.
    assert!(p
        .legal_plies()
        .iter()
        .all(|ply| matches!(ply, Ply::Step { to, .. } if *to == sq("d4"))));
    assert!(!p.legal_plies().is_empty());
}

#[test]
fn in_seega_the_second_player_makes_the_first_step() {
    let mut game = Game::new(Rules::seega(BoardSize::Five));
    while game.position().is_setting() {
        let ply = game.position().legal_plies()[0];
        game.play(ply).unwrap();
    }
    assert_eq!(game.position().to_move(), Side::Second);
    assert!(game
        .position()
        .legal_plies()
        .iter()
        .all(|p| matches!(p, Ply::Step { to, .. } if *to == sq("c3"))));
}

// ---- The first move and the chain (seed figures 4.1 – 4.5) -----------------------

const FIRST_MOVE: &str = "
    AAAAAAA
    DDDADDD
    AAADAAA
    DAD.DAD
    DADADDD
    ADDDDAD
    ADAAADD";

fn first_move_position() -> Position {
    pos(Rules::kharbga(), FIRST_MOVE, "w 0,0 - - 0 13 f")
}

#[test]
fn the_first_move_captures_three() {
    let mut p = first_move_position();
    let effects = play(&mut p, "d3-d4");
    assert_eq!(names(effects.captured), ["c4", "d5", "e4"]);
    assert_eq!(p.soldiers(Side::Second).count(), 21);
    assert_eq!(
        p.chain(),
        Some(sq("d4")),
        "a capture was possible again: the chain goes on"
    );
    assert_eq!(p.to_move(), Side::First);
}

#[test]
fn the_compulsory_chain_of_the_seed_runs_to_d2() {
    let mut p = first_move_position();
    play(&mut p, "d3-d4");
    // Only the chain soldier's capturing steps; no stop in Kharbga.
    assert_eq!(legal(&p), ["d4-d3"]);
    assert_eq!(
        names(play(&mut p, "d4-d3").captured),
        ["c3", "d2"],
        "back to d3, still capturing"
    );
    assert_eq!(names(play(&mut p, "d3-c3").captured), ["c2"]);
    assert_eq!(names(play(&mut p, "c3-c2").captured), ["b2"]);
    let last = play(&mut p, "c2-d2");
    assert_eq!(names(last.captured), ["e2"]);
    assert!(last.turn_ended, "no capture left: the turn is over");
    assert_eq!(p.chain(), None);
    assert_eq!(p.to_move(), Side::Second);
    assert!(!p.is_first_turn());
    assert_eq!(p.soldiers(Side::Second).count(), 16);
    // Figure 4.5: the Defender answers b1-b2, capturing nothing.
    let answer = play(&mut p, "b1-b2");
    assert!(answer.captured.is_empty());
    assert_eq!(p.to_move(), Side::First);
}

#[test]
fn the_defender_blocked_after_the_first_turn_wins() {
    let mut p = pos(
        Rules::kharbga(),
        "
        AAAAAAA
        DDDDDDD
        AAADAAA
        DDD.DDD
        DDAAADD
        DDDADDD
        AAAAAAA",
        "w 0,0 - - 0 13 f",
    );
    play(&mut p, "d3-d4");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Side::Second),
            reason: Reason::FirstMoveBlock
        })
    );
    assert!(p.legal_plies().is_empty());
}

#[test]
fn a_later_block_is_an_automatic_pass() {
    // After b6-a6 the Defender's only soldier (a7) has no step: it passes
    // automatically and the Attacker plays again.
    let mut game = Game::from_position(pos(
        Rules::kharbga(),
        "
        DA.....
        .A.....
        A......
        .......
        .......
        .......
        .......",
        "w 0,0 - - 0 30 -",
    ));
    let played = *game.play_text("b6-a6").unwrap();
    assert!(
        played.effects.captured.is_empty(),
        "the edge never captures"
    );
    assert_eq!(played.effects.passed, Some(Side::Second));
    assert_eq!(
        game.position().to_move(),
        Side::First,
        "the Attacker plays again"
    );
    assert_eq!(game.outcome(), None);
}

// ---- Captures --------------------------------------------------------------------

/// Defender soldiers on c4, d5 and e4 around the empty d4, each with an
/// Attacker soldier beyond it (b4, d6, f4); the fourth Attacker on d2…
const AROUND_D4_FROM_D2: &str = "
    .......
    ...A...
    ...D...
    .AD.DA.
    .......
    ...A...
    .......";

/// …or on d3, a step from d4.
const AROUND_D4_FROM_D3: &str = "
    .......
    ...A...
    ...D...
    .AD.DA.
    ...A...
    .......
    .......";

#[test]
fn diagonals_and_the_edge_never_capture_orthogonal_sandwiches_do() {
    let mut p = pos(
        Rules::seega(BoardSize::Five),
        "
        .A...
        D.D..
        ...A.
        .....
        ....D",
        "w 0,0 - - 0 20 -",
    );
    // b4 would sandwich a4 against the edge and c4 against nothing; c4 sits
    // diagonally between b5 and d3. Nothing falls.
    let effects = play(&mut p, "b5-b4");
    assert!(effects.captured.is_empty());
    assert_eq!(p.soldiers(Side::Second).count(), 3);
    play(&mut p, "e1-e2");
    // d3-d4 closes c4 between b4 and d4 on a rank: it falls.
    let effects = play(&mut p, "d3-d4");
    assert_eq!(names(effects.captured), ["c4"]);
}

#[test]
fn only_the_moved_soldier_captures_and_entering_between_two_is_safe() {
    let mut p = pos(Rules::kharbga(), AROUND_D4_FROM_D2, "w 0,0 - - 0 20 -");
    assert!(play(&mut p, "d2-d3").captured.is_empty());
    play(&mut p, "c4-c3");
    // d4 takes e4 (f4 beyond) and d5 (d6 beyond); c4 has gone.
    assert_eq!(names(play(&mut p, "d3-d4").captured), ["d5", "e4"]);
    // A soldier that steps between two enemies is not captured.
    let mut q = pos(
        Rules::kharbga(),
        "
        .......
        .......
        .......
        .A.A...
        ..D....
        .......
        .......",
        "b 0,0 - - 0 20 -",
    );
    assert!(play(&mut q, "c3-c4").captured.is_empty());
    assert_eq!(
        q.piece_at(sq("c4")),
        Some(Side::Second),
        "safe between b4 and d4"
    );
    // The capture is made by the soldier that arrives: e3-d3 closes d4
    // against d5, and leaves c3 (nothing beyond on b3) alone.
    let mut r = pos(
        Rules::kharbga(),
        "
        .......
        .......
        ...A...
        A..D...
        ..D.A..
        ...A...
        .......",
        "w 0,0 - - 0 20 -",
    );
    assert_eq!(names(play(&mut r, "e3-d3").captured), ["d4"]);
}

#[test]
fn up_to_three_fall_in_one_step() {
    let mut r = pos(Rules::kharbga(), AROUND_D4_FROM_D3, "w 0,0 - - 0 20 -");
    let effects = play(&mut r, "d3-d4");
    assert_eq!(names(effects.captured), ["c4", "d5", "e4"]);
    assert_eq!(r.soldiers(Side::Second).count(), 0);
    assert_eq!(r.outcome().map(|o| o.reason), Some(Reason::NoSoldiers));
}

#[test]
fn a_setting_sandwich_is_safe_until_an_enemy_step_re_forms_it() {
    // c4 (Defender) sits between b4 and d4 (Attackers) from the setting.
    let mut p = pos(
        Rules::kharbga(),
        "
        .......
        .......
        .......
        .ADA...
        ...D...
        .......
        .......",
        "w 0,0 - - 0 20 -",
    );
    play(&mut p, "d4-e4");
    assert_eq!(
        p.piece_at(sq("c4")),
        Some(Side::Second),
        "moving away captures nothing"
    );
    play(&mut p, "d3-d2");
    let effects = play(&mut p, "e4-d4");
    assert_eq!(
        names(effects.captured),
        ["c4"],
        "moving back re-forms the sandwich"
    );
}

#[test]
fn in_kharbga_a_soldier_on_the_malha_can_be_captured() {
    let mut r = pos(
        Rules::kharbga(),
        "
        .......
        .......
        .......
        ...DA..
        ..A....
        .......
        ......D",
        "w 0,0 - - 0 20 -",
    );
    let effects = play(&mut r, "c3-c4");
    assert_eq!(
        names(effects.captured),
        ["d4"],
        "the Malha is no safe square in Kharbga"
    );
}

#[test]
fn in_seega_a_soldier_on_the_malha_cannot_be_captured() {
    let mut p = pos(
        Rules::seega(BoardSize::Five),
        "
        .....
        .....
        ..DA.
        .A...
        ....D",
        "w 0,0 - - 0 20 -",
    );
    let effects = play(&mut p, "b2-b3");
    assert!(effects.captured.is_empty(), "c3 is the Malha: immune");
    assert_eq!(p.piece_at(sq("c3")), Some(Side::Second));
}

#[test]
fn a_soldier_on_the_seega_malha_captures() {
    let mut p = pos(
        Rules::seega(BoardSize::Five),
        "
        .....
        .....
        .D.AD
        .....
        A....",
        "b 0,0 - - 0 20 -",
    );
    let effects = play(&mut p, "b3-c3");
    assert_eq!(names(effects.captured), ["d3"]);
}

// ---- Chains ----------------------------------------------------------------------

/// The Seega 5×5 position of the chain scenarios, the Attacker to move.
const CHAIN_FIVE: &str = "
    ..A..
    ..D..
    A...D
    ADD..
    .A.A.";

#[test]
fn the_seega_chain_is_optional_with_stop() {
    let mut p = pos(
        Rules::seega(BoardSize::Five),
        CHAIN_FIVE,
        "w 0,0 - - 0 20 -",
    );
    // b1-... : a3-b3 captures b2? b2 (D) with b1 (A) beyond: yes.
    let effects = play(&mut p, "a3-b3");
    assert_eq!(names(effects.captured), ["b2"]);
    assert_eq!(p.chain(), Some(sq("b3")));
    let moves = legal(&p);
    assert!(moves.contains(&"stop".to_owned()), "{moves:?}");
    assert!(
        moves.contains(&"b3-c3".to_owned()),
        "c3-… captures c4: {moves:?}"
    );
    let effects = play(&mut p, "stop");
    assert!(effects.turn_ended);
    assert_eq!(p.to_move(), Side::Second);
    assert_eq!(p.chain(), None);
}

#[test]
fn a_compulsory_chain_offers_no_stop() {
    let rules = Rules {
        chain: ChainRule::Compulsory,
        ..Rules::seega(BoardSize::Five)
    };
    let mut p = pos(rules, CHAIN_FIVE, "w 0,0 - - 0 20 -");
    play(&mut p, "a3-b3");
    assert!(!legal(&p).contains(&"stop".to_owned()));
    assert!(p.play(Ply::Stop).is_err());
}

#[test]
fn during_a_chain_only_the_chain_soldier_moves_and_only_to_capture() {
    let mut p = first_move_position();
    play(&mut p, "d3-d4");
    for ply in p.legal_plies() {
        assert!(matches!(ply, Ply::Step { from, flagged: false, .. } if from == sq("d4")));
    }
    // A non-capturing step of the chain soldier is illegal.
    assert!(p.play("d4-c4".parse().unwrap()).is_err());
}

// ---- Seega's removal option ------------------------------------------------------

#[test]
fn a_blocked_player_may_remove_an_enemy_soldier_under_the_option() {
    let rules = Rules {
        blocked: kharbga::engine::BlockedRule::Remove,
        ..Rules::seega(BoardSize::Five)
    };
    // The second player is to move and walled in.
    let p = pos(
        rules,
        "
        DA...
        A....
        .....
        .....
        ....A",
        "b 0,0 - - 0 20 -",
    );
    let moves = legal(&p);
    assert_eq!(moves, ["xa4", "xb5", "xe1"]);
    let mut q = p;
    let effects = play(&mut q, "xa4");
    assert_eq!(names(effects.removed), ["a4"]);
    assert_eq!(
        q.to_move(),
        Side::First,
        "the removal is the blocked player's turn"
    );
    assert_eq!(q.quiet(), 0);
}

// ---- The barrier rule ------------------------------------------------------------

#[test]
fn the_quiet_move_limit_ends_the_game_by_count() {
    let rules = Rules {
        quiet_limit: 4,
        ..Rules::seega(BoardSize::Five)
    };
    let mut p = pos(
        rules,
        "
        A...A
        .....
        .....
        .....
        D...A",
        "w 0,0 - - 0 20 -",
    );
    for ply in ["a5-a4", "a1-a2", "a4-a5", "a2-a1"] {
        assert!(!p.is_over());
        play(&mut p, ply);
    }
    assert_eq!(p.quiet(), 4);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Side::First),
            reason: Reason::QuietLimit
        })
    );
}

#[test]
fn a_third_repetition_ends_the_game_by_count() {
    let mut game = Game::from_position(pos(
        Rules::seega(BoardSize::Five),
        "
        A...D
        .....
        .....
        .....
        D...A",
        "w 0,0 - - 0 20 -",
    ));
    for ply in [
        "a5-a4", "a1-a2", "a4-a5", "a2-a1", "a5-a4", "a1-a2", "a4-a5",
    ] {
        assert_eq!(game.outcome(), None, "before {ply}");
        game.play_text(ply).unwrap();
    }
    assert_eq!(
        game.outcome(),
        None,
        "the start position occurred twice so far"
    );
    game.play_text("a2-a1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition
        })
    );
    assert!(game.play_text("a5-a4").is_err());
    // Undo takes the verdict back with the ply.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_soldiers_left_loses() {
    let mut p = pos(
        Rules::seega(BoardSize::Five),
        "
        .....
        .....
        .A...
        .D...
        ..A..",
        "w 0,0 - - 0 20 -",
    );
    play(&mut p, "c1-b1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Side::First),
            reason: Reason::NoSoldiers
        })
    );
}

#[test]
fn resignation_and_agreed_draw_carry_a_winner_and_a_reason() {
    let mut game = Game::new(Rules::kharbga());
    let outcome = game.resign(Side::First).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Second), Reason::Resignation)
    );
    assert!(game.agree_draw().is_err(), "already over");
    game.undo();
    assert_eq!(game.agree_draw().unwrap().winner, None);
}

// ---- Exchanges (seed figures 5.1 – 5.5) ------------------------------------------

const EXCHANGE: &str = "
    ....DD.
    ....DDD
    ....DDD
    .......
    .......
    A......
    AA.....";

fn exchange_position() -> Position {
    pos(Rules::kharbga(), EXCHANGE, "b 0,0 - - 0 40 -")
}

/// The exchange position after `plies`, with the last one's effects.
fn exchange_after(plies: &[&str]) -> (Position, Effects) {
    let mut p = exchange_position();
    let (last, before) = plies.split_last().expect("a ply");
    for ply in before {
        play(&mut p, ply);
    }
    let effects = play(&mut p, last);
    (p, effects)
}

#[test]
fn untouchable_soldiers_sit_behind_a_barrier() {
    let p = exchange_position();
    assert_eq!(
        p.untouchables().count(),
        8,
        "the whole block is out of reach"
    );
    let q = pos(
        Rules::kharbga(),
        "
        .......
        ..D....
        .......
        .......
        .......
        A......
        AA....D",
        "b 0,0 - - 0 40 -",
    );
    assert_eq!(
        names(q.untouchables()),
        ["g1"],
        "a corner soldier can never be sandwiched"
    );
}

#[test]
fn the_five_exchange_steps_remove_one_defender_and_two_attackers() {
    let mut p = exchange_position();
    let step1 = play(&mut p, "f7-g7*");
    assert_eq!(step1.exchange, Some(ExchangeEvent::Requested(sq("g7"))));
    assert_eq!(p.exchange(), Exchange::Requested { soldier: sq("g7") });
    let step2 = play(&mut p, "a2-a3*");
    assert_eq!(step2.exchange, Some(ExchangeEvent::Offered(sq("a3"))));
    let step3 = play(&mut p, "g7-f7*");
    assert_eq!(step3.exchange, Some(ExchangeEvent::Confirmed(sq("f7"))));
    // Offer 2 must be another soldier than offer 1.
    assert!(p.play("a3-a4*".parse().unwrap()).is_err());
    let step4 = play(&mut p, "b1-c1*");
    assert_eq!(step4.exchange, Some(ExchangeEvent::Offered(sq("c1"))));
    let step5 = play(&mut p, "f7-g7*");
    assert_eq!(
        step5.exchange,
        Some(ExchangeEvent::Completed([sq("g7"), sq("a3"), sq("c1")]))
    );
    assert_eq!(names(step5.removed), ["a3", "c1", "g7"]);
    assert_eq!(p.soldiers(Side::First).count(), 1);
    assert_eq!(p.soldiers(Side::Second).count(), 7);
    assert_eq!(
        p.to_move(),
        Side::First,
        "after the exchange the Attacker moves"
    );
    assert_eq!(p.exchange(), Exchange::None);
    assert_eq!(p.quiet(), 0, "a removal resets the quiet count");
}

#[test]
fn an_unflagged_attacker_answer_declines_the_request() {
    let (p, effects) = exchange_after(&["f7-g7*", "a2-a3"]);
    assert_eq!(effects.exchange, Some(ExchangeEvent::Cancelled));
    assert_eq!(p.exchange(), Exchange::None);
}

#[test]
fn an_unflagged_defender_step_cancels_after_the_first_offer() {
    let (p, effects) = exchange_after(&["f7-g7*", "a2-a3*", "g7-f7"]);
    assert_eq!(effects.exchange, Some(ExchangeEvent::Cancelled));
    assert_eq!(p.exchange(), Exchange::None);
}

#[test]
fn another_untouchable_soldier_flagged_makes_a_new_request() {
    let (p, effects) = exchange_after(&["f7-g7*", "a2-a3*", "e7-d7*"]);
    assert_eq!(effects.exchange, Some(ExchangeEvent::Requested(sq("d7"))));
    assert_eq!(p.exchange(), Exchange::Requested { soldier: sq("d7") });
}

#[test]
fn an_unflagged_attacker_step_cancels_after_the_confirmation() {
    let (_, effects) = exchange_after(&["f7-g7*", "a2-a3*", "g7-f7*", "b1-c1"]);
    assert_eq!(effects.exchange, Some(ExchangeEvent::Cancelled));
}

#[test]
fn an_unflagged_defender_step_cancels_after_the_second_offer() {
    let (p, effects) = exchange_after(&["f7-g7*", "a2-a3*", "g7-f7*", "b1-c1*", "f7-g7"]);
    assert_eq!(effects.exchange, Some(ExchangeEvent::Cancelled));
    assert_eq!(p.soldiers(Side::First).count(), 3, "nothing removed");
}

#[test]
fn an_automatic_pass_cancels_a_pending_exchange() {
    // The Attacker's a1 and b1 are walled in: after the request it passes.
    let mut game = Game::from_position(pos(
        Rules::kharbga(),
        "
        ....DD.
        ....DDD
        ....DDD
        .......
        .......
        DD.....
        AAD....",
        "b 0,0 - - 0 40 -",
    ));
    let played = *game.play_text("f7-g7*").unwrap();
    assert_eq!(
        played.effects.exchange,
        Some(ExchangeEvent::Requested(sq("g7")))
    );
    assert_eq!(played.effects.passed, Some(Side::First));
    assert!(played.effects.exchange_cancelled_by_pass);
    assert_eq!(game.position().exchange(), Exchange::None);
    assert_eq!(game.position().to_move(), Side::Second);
}

#[test]
fn flagged_steps_are_only_offered_when_the_exchange_allows_them() {
    let p = exchange_position();
    let flagged: Vec<String> = legal(&p).into_iter().filter(|t| t.ends_with('*')).collect();
    // Every flagged Defender step keeps its soldier untouchable.
    assert!(flagged.contains(&"f7-g7*".to_owned()));
    for text in &flagged {
        let mut q = p;
        play(&mut q, text);
    }
    // A soldier that would leave the barrier cannot ask: e5-e4 puts it in reach.
    assert!(!flagged.contains(&"e5-e4*".to_owned()));
    // The Attacker may not flag a step when nothing was asked.
    let a = pos(Rules::kharbga(), EXCHANGE, "w 0,0 - - 0 40 -");
    assert!(legal(&a).iter().all(|t| !t.ends_with('*')));
    // With one Attacker soldier left there is nothing to exchange.
    let lone = pos(
        Rules::kharbga(),
        "
        ....DD.
        ....DDD
        ....DDD
        .......
        .......
        .......
        A......",
        "b 0,0 - - 0 40 -",
    );
    assert!(legal(&lone).iter().all(|t| !t.ends_with('*')));
    // Seega has no exchange.
    let seega = pos(Rules::seega(BoardSize::Seven), EXCHANGE, "b 0,0 - - 0 40 -");
    assert!(legal(&seega).iter().all(|t| !t.ends_with('*')));
}

// ---- Queries the UI asks ---------------------------------------------------------

#[test]
fn an_illegal_ply_leaves_the_position_unchanged() {
    let mut p = first_move_position();
    let before = p;
    for bad in ["d4", "a1-a2", "d3-d4*", "stop", "xc4", "c3-d3"] {
        assert!(p.play(bad.parse().unwrap()).is_err(), "{bad}");
        assert_eq!(p, before, "{bad} changed the position");
    }
}

#[test]
fn destinations_capturable_soldiers_and_placements_are_queries() {
    let p = pos(Rules::kharbga(), AROUND_D4_FROM_D2, "w 0,0 - - 0 20 -");
    assert_eq!(names(p.destinations(sq("d2"))), ["c2", "d1", "d3", "e2"]);
    assert_eq!(
        names(p.destinations(sq("c4"))),
        Vec::<String>::new(),
        "not the side to move's"
    );
    // No Attacker soldier can reach d4 in one step: nothing is threatened.
    let threatened: Vec<String> = names(p.capturable(Side::Second));
    assert_eq!(
        threatened,
        Vec::<String>::new(),
        "no Attacker stands next to d4 yet"
    );
    let q = pos(Rules::kharbga(), AROUND_D4_FROM_D3, "w 0,0 - - 0 20 -");
    // With d3 held, d3-d4 would take all three.
    assert_eq!(names(q.capturable(Side::Second)), ["c4", "d5", "e4"]);
    assert_eq!(names(q.capturable(Side::First)), Vec::<String>::new());
    let setting = Position::new(Rules::seega(BoardSize::Five));
    assert_eq!(setting.placements().count(), 24);
    assert!(!setting.placements().contains(sq("c3")));
}
