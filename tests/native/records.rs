//! The game record: export, import, round trips and errors with line/column.

use kharbga::engine::{BoardSize, Game, Outcome, Reason, Record, Rules, Side};

use crate::helpers::pos;

fn seega5_game(plies: &[&str]) -> Game {
    let mut game = Game::new(Rules::seega(BoardSize::Five));
    for ply in plies {
        game.play_text(ply).unwrap_or_else(|e| panic!("{ply}: {e}"));
    }
    game
}

#[test]
fn a_record_shows_tags_turns_and_comments() {
    let mut game = Game::from_position(pos(
        Rules::kharbga(),
        "
        ....DD.
        ....DDD
        ....DDD
        .......
        .......
        A......
        AA.....",
        "b 0,0 - - 0 40 -",
    ));
    for ply in ["f7-g7*", "a2-a3*", "g7-f7*", "b1-c1*", "f7-g7*"] {
        game.play_text(ply).unwrap();
    }
    let mut record = Record::new(game);
    record.first = "Amel".to_owned();
    record.second = "Youssef".to_owned();
    record.date = "2026.11.21".to_owned();
    let text = record.to_text();
    let expected = "\
[Variant \"kharbga\"]
[QuietLimit \"60\"]
[Chain \"compulsory\"]
[Blocked \"pass\"]
[First \"Amel\"]
[Second \"Youssef\"]
[Date \"2026.11.21\"]
[Result \"*\"]
[Position \"4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -\"]

40... f7-g7* {exchange: request g7} 41. a2-a3* {exchange: offer a3}
41... g7-f7* {exchange: confirm f7} 42. b1-c1* {exchange: offer c1}
42... f7-g7* {exchange: done, removed g7 a3 c1} *
";
    assert_eq!(text, expected);
    let back = Record::from_text(&text).unwrap();
    assert_eq!(back, record);
}

#[test]
fn captures_passes_and_results_are_written_and_read_back() {
    let mut game = Game::from_position(pos(
        Rules::seega(BoardSize::Five),
        "
        .....
        .....
        .A...
        .D...
        ..A..",
        "w 0,0 - - 0 20 -",
    ));
    game.play_text("c1-b1").unwrap();
    let record = Record::new(game);
    let text = record.to_text();
    assert!(
        text.contains("[Result \"1-0\"]\n[Reason \"no-soldiers\"]"),
        "{text}"
    );
    assert!(text.contains("20. c1-b1 {x b2} 1-0"), "{text}");
    assert_eq!(
        Record::from_text(&text).unwrap().game.outcome(),
        record.game.outcome()
    );
}

#[test]
fn resignations_and_agreed_draws_come_from_the_tags() {
    let mut game = seega5_game(&["a1", "a2", "b1", "b2"]);
    game.resign(Side::Second).unwrap();
    let text = Record::new(game).to_text();
    let back = Record::from_text(&text).unwrap();
    assert_eq!(
        back.game.outcome(),
        Some(Outcome {
            winner: Some(Side::First),
            reason: Reason::Resignation
        })
    );
    let mut drawn = seega5_game(&["a1"]);
    drawn.agree_draw().unwrap();
    let text = Record::new(drawn).to_text();
    assert!(text.contains("1/2-1/2"));
    assert_eq!(
        Record::from_text(&text)
            .unwrap()
            .game
            .outcome()
            .map(|o| o.reason),
        Some(Reason::AgreedDraw)
    );
}

#[test]
fn unknown_tags_are_kept_in_order() {
    let text = "[Variant \"seega5\"]\n[Event \"Club night\"]\n[Round \"3\"]\n\n1. a1 a2 *\n";
    let record = Record::from_text(text).unwrap();
    assert_eq!(
        record.extra_tags,
        [
            ("Event".to_owned(), "Club night".to_owned()),
            ("Round".to_owned(), "3".to_owned())
        ]
    );
    assert!(record
        .to_text()
        .contains("[Event \"Club night\"]\n[Round \"3\"]\n"));
}

fn error_at(text: &str) -> (usize, usize, String) {
    let e = Record::from_text(text).expect_err("the record is bad");
    (e.line, e.column, e.kind.to_string())
}

#[test]
fn bad_records_say_where() {
    let (line, column, message) = error_at("[Variant \"seega5\"]\n\n1. a1 a2\n1... b1 zz *\n");
    assert_eq!((line, column), (4, 9), "{message}");
    assert!(message.contains("zz"));

    let (line, column, message) = error_at("[Variant \"seega5\"]\n\n1. a1 a2 1... a1 *\n");
    assert_eq!((line, column), (3, 15));
    assert!(message.contains("not legal"), "{message}");

    let (line, column, _) = error_at("[Variant \"checkers\"]\n\n*\n");
    assert_eq!((line, column), (1, 1));

    let (line, _, message) = error_at("[Variant \"seega5\"]\n[Date \"2026\n\n*\n");
    assert_eq!(line, 2, "{message}");

    let (line, column, message) = error_at("[Variant \"seega5\"]\n\n1. a1 {unclosed\n");
    assert_eq!((line, column), (3, 7), "{message}");

    let (_, _, message) = error_at("1. a1 *\n");
    assert!(message.contains("Variant"));

    let (line, column, message) = error_at("[Variant \"seega5\"]\n\n1. a1 a2 * b1\n");
    assert_eq!((line, column), (3, 12), "{message}");

    let (line, _, message) = error_at("[Variant \"seega5\"]\n[Result \"1-0\"]\n\n1. a1 a2 1-0\n");
    assert!(message.contains("reason"), "{message}");
    assert_eq!(line, 2);

    let (line, column, message) =
        error_at("[Variant \"kharbga\"]\n[Position \"7/7 w 0,0 - - 0 1 -\"]\n\n*\n");
    assert_eq!((line, column), (2, 1), "{message}");
}

#[test]
fn turn_numbers_and_comments_are_not_trusted() {
    // Numbers are decoration; the plies alone make the game.
    let record =
        Record::from_text("[Variant \"seega5\"]\n\n7. a1 {hello} a2 99... b1 b2 *\n").unwrap();
    assert_eq!(record.game.plies().len(), 4);
    assert!(record.to_text().contains("1. a1 a2 1... b1 b2 *"));
}
