//! The controller without a browser: taps, drags, chains, browsing,
//! following a game changed elsewhere.

use super::*;
use crate::engine::BoardSize;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn played(response: Response) -> PlayedPly {
    match response {
        Response::Played(p) => p,
        other => panic!("expected a ply, got {other:?}"),
    }
}

fn controller(rules: Rules, text: &str) -> Controller {
    Controller::from_game(Game::from_position(
        Position::from_text(text, rules).unwrap(),
    ))
}

#[test]
fn a_game_resumed_mid_chain_has_its_soldier_selected() {
    let c = controller(
        Rules::kharbga(),
        "7/3S3/3s3/1Ss1sS1/3S3/7/7 w 0,0 d3 - 0 20 -",
    );
    assert_eq!(c.board_view().marks.selected, Some(sq("d3")));
    assert!(!c.board_view().marks.destinations.is_empty());
}

#[test]
fn taps_set_soldiers_while_setting_and_ignore_the_malha() {
    let mut c = Controller::new(Rules::kharbga());
    assert_eq!(c.tap(sq("d4")), Response::Refused(Refusal::Malha));
    played(c.tap(sq("c4")));
    played(c.tap(sq("a1")));
    assert_eq!(c.game().position().to_move(), Side::Second);
    let view = c.board_view();
    assert!(view.marks.placeable.contains(sq("b1")));
    assert!(!view.marks.placeable.contains(sq("d4")));
}

#[test]
fn tap_tap_selects_then_steps_and_a_drag_steps_at_once() {
    let mut c = controller(
        Rules::seega(BoardSize::Five),
        "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
    );
    assert_eq!(c.tap(sq("b3")), Response::Selected(sq("b3")));
    assert_eq!(names(c.board_view().marks.destinations), ["a3", "b4", "c3"]);
    assert_eq!(
        c.tap(sq("e5")),
        Response::Cleared,
        "an empty square that is no destination"
    );
    assert_eq!(c.tap(sq("c1")), Response::Selected(sq("c1")));
    let p = played(c.tap(sq("b1")));
    assert_eq!(p.ply.to_string(), "c1-b1");
    assert_eq!(names(p.effects.captured), ["b2"]);
    assert!(c.game().outcome().is_some());
    assert_eq!(c.tap(sq("b3")), Response::Ignored, "the game is over");
    let mut d = controller(
        Rules::seega(BoardSize::Five),
        "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
    );
    assert_eq!(played(d.drag(sq("c1"), sq("b1"))).ply.to_string(), "c1-b1");
    assert_eq!(d.drag(sq("b3"), sq("e5")), Response::Ignored);
}

fn names(set: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = set.map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn undo_and_redo_cross_turns_and_keep_the_redo_stack() {
    let mut c = Controller::new(Rules::seega(BoardSize::Five));
    for s in ["a1", "a2", "b1"] {
        played(c.tap(sq(s)));
    }
    assert!(c.undo());
    assert!(c.undo(), "back across the turn boundary");
    assert_eq!(c.game().plies().len(), 1);
    assert_eq!(c.game().position().to_move(), Side::First);
    assert_eq!(c.game().position().placed_this_turn(), 1);
    assert!(c.redo());
    assert!(c.can_redo(), "one more to redo");
    assert!(c.redo());
    assert!(!c.can_redo());
    assert_eq!(c.game().plies().len(), 3);
    c.undo();
    played(c.tap(sq("e5")));
    assert!(!c.can_redo(), "a new ply forgets the redo stack");
}

#[test]
fn browsing_shows_earlier_positions_and_blocks_play() {
    let mut c = Controller::new(Rules::seega(BoardSize::Five));
    for s in ["a1", "a2", "b1", "b2"] {
        played(c.tap(sq(s)));
    }
    c.browse(1);
    assert_eq!(c.shown().soldiers(Side::First).count(), 1);
    assert_eq!(c.tap(sq("e5")), Response::Ignored);
    c.browse_by(-5);
    assert_eq!(c.browsing(), Some(0));
    c.browse_by(10);
    assert_eq!(c.browsing(), None, "past the end is the game itself");
    c.browse_start();
    c.back_to_game();
    played(c.tap(sq("e5")));
    assert_eq!(names(c.board_view().marks.last_move), ["e5"]);
}

#[test]
fn the_exchange_toggle_flags_the_next_step_only_when_allowed() {
    let mut c = controller(
        Rules::kharbga(),
        "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
    );
    assert!(c.flag_available());
    c.set_flag(true);
    c.tap(sq("f7"));
    let p = played(c.tap(sq("g7")));
    assert_eq!(p.ply.to_string(), "f7-g7*");
    assert!(!c.flag(), "the toggle resets after a step");
    assert!(c.board_view().marks.untouchable.contains(sq("g7")));
    // The Attacker answers without the flag: declined.
    let p = played(c.drag(sq("a2"), sq("a3")));
    assert_eq!(p.ply.to_string(), "a2-a3");
    assert!(c.flag_available(), "the Defender may ask again");
    let mut lone = controller(Rules::kharbga(), "4ss1/4sss/4sss/7/7/7/S6 b 0,0 - - 0 40 -");
    lone.set_flag(true);
    assert!(!lone.flag(), "one Attacker soldier: no exchange, no toggle");
}

#[test]
fn a_chain_keeps_its_soldier_selected_and_can_stop_in_seega() {
    let mut c = controller(
        Rules::seega(BoardSize::Five),
        "2S2/2s2/S3s/Sss2/1S1S1 w 0,0 - - 0 20 -",
    );
    played(c.drag(sq("a3"), sq("b3")));
    assert_eq!(c.selected(), Some(sq("b3")));
    assert_eq!(c.board_view().marks.forced, Some(sq("b3")));
    assert!(c.can_stop());
    played(c.stop_chain());
    assert_eq!(c.game().position().to_move(), Side::Second);
    assert!(!c.can_stop());
}

#[test]
fn a_square_the_malha_rule_closes_says_so() {
    let mut c = controller(
        Rules::kharbga(),
        "7/7/7/2s1s2/3s3/7/SSSS3 b 20,21 - - 0 3 -",
    );
    assert_eq!(
        c.tap(sq("d5")),
        Response::Refused(Refusal::Forbidden(sq("d5")))
    );
    assert!(c.board_view().marks.forbidden.contains(sq("d5")));
    assert!(matches!(c.tap(sq("a7")), Response::Played(_)));
}

#[test]
fn taps_that_do_nothing_say_why() {
    let mut c = controller(
        Rules::seega(BoardSize::Five),
        "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
    );
    // The second player's soldier, while the first moves.
    assert_eq!(c.tap(sq("b2")), Response::Refused(Refusal::Enemy));
    assert_eq!(c.tap(sq("e5")), Response::Refused(Refusal::Empty));
    let mut blocked = controller(
        Rules::seega(BoardSize::Five),
        "SSs2/Ss3/5/5/4s w 0,0 - - 0 20 -",
    );
    assert_eq!(
        blocked.tap(sq("a5")),
        Response::Refused(Refusal::Blocked(sq("a5")))
    );
    let mut setting = Controller::new(Rules::kharbga());
    played(setting.tap(sq("a1")));
    assert_eq!(setting.tap(sq("a1")), Response::Refused(Refusal::Occupied));
}

#[test]
fn the_flag_is_never_dropped_silently() {
    // The Defender's f7-g7 can carry the flag; e6-d6 cannot (e6 would
    // not stay untouchable).
    let mut c = controller(
        Rules::kharbga(),
        "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
    );
    c.set_flag(true);
    let refused = c.drag(sq("e5"), sq("d5"));
    assert_eq!(refused, Response::Refused(Refusal::Flag));
    assert!(c.game().plies().is_empty(), "nothing was played");
    assert!(c.flag(), "the toggle stays on");
    c.set_flag(false);
    assert_eq!(played(c.drag(sq("e5"), sq("d5"))).ply.to_string(), "e5-d5");
}

#[test]
fn browsing_shows_the_phase_of_the_board_shown_and_takes_no_gestures() {
    let mut c = controller(
        Rules::seega(BoardSize::Five),
        "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
    );
    c.hands = Hands::One(Side::First);
    assert!(c.board_view().accepts_input());
    assert_eq!(c.tap(sq("c1")), Response::Selected(sq("c1")));
    played(c.tap(sq("b1")));
    assert_eq!(c.phase(), Phase::Over);
    c.browse(0);
    assert_eq!(c.phase(), Phase::Moving);
    let view = c.board_view();
    assert_eq!(view.phase, Phase::Moving);
    assert_eq!(view.hands, Hands::None);
    assert!(!view.accepts_input());
}

#[test]
fn a_hint_is_a_highlight_and_an_arrow() {
    let mut c = controller(
        Rules::seega(BoardSize::Five),
        "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
    );
    c.set_hint(Some("c1-b1".parse().unwrap()));
    let marks = c.board_view().marks;
    assert_eq!(
        marks.arrows,
        [Arrow {
            from: sq("c1"),
            to: sq("b1"),
            kind: Highlight::Hint
        }]
    );
    assert_eq!(names(marks.highlights[0].0), ["b1", "c1"]);
    // The last ply's fading soldiers belong to the side that lost them.
    assert_eq!(c.tap(sq("c1")), Response::Selected(sq("c1")));
    played(c.tap(sq("b1")));
    let marks = c.board_view().marks;
    assert_eq!(names(marks.removed_sides[1]), ["b2"]);
    assert!(marks.removed_sides[0].is_empty());
    assert!(marks.arrows.is_empty(), "the hint is gone after a ply");
}

#[test]
fn a_blocked_player_taps_the_soldier_to_remove() {
    let rules = Rules {
        blocked: crate::engine::BlockedRule::Remove,
        ..Rules::seega(BoardSize::Five)
    };
    let mut c = controller(rules, "sS3/S4/5/5/4S b 0,0 - - 0 20 -");
    assert_eq!(played(c.tap(sq("b5"))).ply.to_string(), "xb5");
}

#[test]
fn against_the_computer_undo_goes_back_to_your_turn_and_you_resign_for_yourself() {
    let mut c = Controller::new(Rules::seega(BoardSize::Five));
    c.hands = Hands::One(Side::First);
    for s in ["a1", "a2", "b1", "b2"] {
        played(c.tap(sq(s)));
    }
    // The "computer" (second) set b1 and b2: undo takes both back and the
    // person's a2 too, to the person's turn.
    assert!(c.undo_to_hands());
    assert_eq!(c.game().plies().len(), 1);
    assert_eq!(c.game().position().to_move(), Side::First);
    played(c.tap(sq("a2")));
    // While the computer is to move, resigning is the person's.
    assert!(c.resign_here());
    assert_eq!(
        c.game().outcome().and_then(|o| o.winner),
        Some(Side::Second)
    );
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut c = Controller::new(Rules::kharbga());
    played(c.tap(sq("c4")));
    assert!(c.resign(Side::First));
    assert!(c.game().outcome().is_some());
    assert!(c.can_undo());
    assert!(c.undo());
    assert!(c.game().outcome().is_none());
    assert_eq!(
        c.game().plies().len(),
        1,
        "the ply stays; only the resignation is gone"
    );
}

#[test]
fn a_game_changed_elsewhere_is_followed() {
    let rules = Rules::seega(crate::engine::BoardSize::Five);
    let mut c = Controller::new(rules);
    c.flipped = true;
    c.hands = Hands::One(Side::Second);
    let mut other = c.game().clone();
    other.play_text("a1").unwrap();
    let played = c.follow(&other).expect("one more ply is played");
    assert_eq!(played.ply.to_string(), "a1");
    assert_eq!(c.game(), &other);
    // A takeback elsewhere replaces the game; the board keeps its ways.
    other.undo();
    assert_eq!(c.follow(&other), None);
    assert_eq!(c.game(), &other);
    assert!(c.flipped);
    assert_eq!(c.hands, Hands::One(Side::Second));
    // Two plies at once (a resync) replace it too.
    other.play_text("a1").unwrap();
    other.play_text("a2").unwrap();
    assert_eq!(c.follow(&other), None);
    assert_eq!(c.game(), &other);
}

#[test]
fn a_game_refereed_elsewhere_proposes_its_plies_and_takes_the_referees_game() {
    let rules = Rules::seega(crate::engine::BoardSize::Five);
    let mut c = Controller::new(rules).refereed_elsewhere();
    // A tap proposes the ply and plays nothing here.
    assert_eq!(c.tap(sq("a1")), Response::Proposed(Ply::Place(sq("a1"))));
    assert!(c.game().plies().is_empty());
    // The malha is refused as offline, and proposes nothing.
    assert_eq!(c.tap(sq("c3")), Response::Refused(Refusal::Malha));
    // The referee's game, one ply on: taken as it is, and announced.
    let mut referee = c.game().clone();
    referee.play_text("a1").unwrap();
    let played = c.follow(&referee).expect("the ply is announced");
    assert_eq!(played.ply.to_string(), "a1");
    assert_eq!(c.game(), &referee);
    // A resync keeps the board refereed elsewhere.
    referee.play_text("a2").unwrap();
    referee.play_text("b1").unwrap();
    assert_eq!(c.follow(&referee), None);
    assert_eq!(c.tap(sq("b2")), Response::Proposed(Ply::Place(sq("b2"))));
    assert_eq!(c.game(), &referee);
}

fn kharbaga(text: &str) -> Controller {
    let position = Position::from_text(text, Rules::kharbaga()).unwrap();
    Controller::from_game(Game::from_position(position))
}

#[test]
fn kharbaga_captures_are_entered_leap_by_leap() {
    // e3 takes d3 (landing b3), c2 (landing d1), d4 (landing d5).
    let mut c = kharbaga("5/3s1/3sM/2s2/5 w 0,0 - - 0 1 -");
    let view = c.board_view();
    assert!(view.points);
    assert_eq!(view.marks.capturing, Bitboard::from_square(sq("e3")));
    assert_eq!(c.tap(sq("e3")), Response::Selected(sq("e3")));
    assert_eq!(
        c.board_view().marks.destinations,
        Bitboard::from_square(sq("b3"))
    );
    assert_eq!(c.tap(sq("b3")), Response::Selected(sq("b3")));
    assert_eq!(c.path().map(|p| p.len()), Some(1));
    // The leap entered so far is drawn, and d3 marked as taken.
    let marks = c.board_view().marks;
    assert_eq!(marks.arrows.len(), 1);
    assert!(marks
        .highlights
        .iter()
        .any(|(set, kind)| *kind == Highlight::Danger && set.contains(sq("d3"))));
    assert_eq!(marks.destinations, Bitboard::from_square(sq("d1")));
    // Tapping elsewhere mid-capture says where it goes on.
    assert_eq!(
        c.tap(sq("a1")),
        Response::Refused(Refusal::Leaping(sq("b3")))
    );
    assert_eq!(c.tap(sq("d1")), Response::Selected(sq("d1")));
    let played = played(c.tap(sq("d5")));
    assert_eq!(played.ply.to_string(), "e3xb3xd1xd5");
    assert_eq!(played.effects.captured.count(), 3);
    assert_eq!(c.path(), None);
}

#[test]
fn kharbaga_explains_the_majority_rule() {
    // a1 could take one, e1 must take two.
    let mut c = kharbaga("5/3s1/5/s3s/S3S w 0,0 - - 0 1 -");
    assert_eq!(
        c.tap(sq("a1")),
        Response::Refused(Refusal::Majority { most: 2, this: 1 })
    );
    assert_eq!(c.tap(sq("e1")), Response::Selected(sq("e1")));
    // A drag to the end of the only sequence plays it.
    let mut c = kharbaga("5/3s1/5/s3s/S3S w 0,0 - - 0 1 -");
    assert_eq!(
        played(c.drag(sq("e1"), sq("c5"))).ply.to_string(),
        "e1xe3xc5"
    );
    // A piece with no capture at all while one is compulsory.
    let mut c = kharbaga("5/5/1s3/S4/4S w 0,0 - - 0 1 -");
    assert_eq!(c.tap(sq("e1")), Response::Refused(Refusal::MustCapture));
}

#[test]
fn kharbaga_steps_and_promotion_by_taps() {
    let mut c = kharbaga("5/S4/5/5/4s w 0,0 - - 0 1 -");
    assert_eq!(c.tap(sq("a4")), Response::Selected(sq("a4")));
    let played = played(c.tap(sq("a5")));
    assert_eq!(played.effects.promoted, Some(sq("a5")));
    assert!(c.board_view().mullahs.contains(sq("a5")));
}
