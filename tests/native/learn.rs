//! Every lesson of the tutorial holds against the engine: positions parse,
//! demo plies are legal and take what they say, and each "your turn" step
//! has exactly the answers it claims.

use kharbga::learn::{Lesson, LESSONS};

#[test]
fn every_lesson_holds() {
    let problems: Vec<String> = LESSONS
        .iter()
        .filter_map(|l| l.check().err())
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn lesson_ids_are_unique_tokens() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        assert!(
            lesson
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-'),
            "{}",
            lesson.id
        );
        assert!(
            LESSONS[..i].iter().all(|l| l.id != lesson.id),
            "{}",
            lesson.id
        );
        assert_eq!(Lesson::find(lesson.id).map(|l| l.id), Some(lesson.id));
    }
}

#[test]
fn the_check_catches_a_wrong_claim() {
    // The same lesson, its answer changed: the check must say so.
    use kharbga::learn::{Goal, Step, Task};
    static BROKEN: Lesson = Lesson {
        id: "broken",
        rules: kharbga::engine::Rules::kharbga(),
        steps: &[Step {
            task: Some(Task {
                goal: Goal::Captures(1),
                answers: &["c4-d4"],
                wrong: "x",
            }),
            ..Step::show(
                "SSSSSSS/sssSsss/SSSsSSS/sSs1sSs/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f",
                "x",
            )
        }],
    };
    let error = BROKEN.check().expect_err("c4 is a Defender soldier");
    assert_eq!(error.step, 0);
}
