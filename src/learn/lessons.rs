//! The lessons, in the order a newcomer needs them. Kharbga's figures are
//! those of the original rules text (`shared/seeds/003_*.txt`).

use super::{Goal, Lesson, Step, Task};
use crate::engine::{Outcome, Reason, Rules, Side};

/// Figure 3.1: the board after setting, the Attacker to make the first move.
const AFTER_SETTING: &str =
    "SSSSSSS/sssSsss/SSSsSSS/sSs1sSs/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f";

/// Every lesson, in order.
pub static LESSONS: &[Lesson] = &[
    Lesson {
        id: "first-move",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                focus: &["d4"],
                ..Step::show(AFTER_SETTING, "lesson-first-move-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Captures(3),
                    answers: &["d3-d4"],
                    wrong: "lesson-first-move-wrong",
                }),
                ..Step::show(AFTER_SETTING, "lesson-first-move-2")
            },
        ],
    },
    Lesson {
        id: "chain",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                position: Some(AFTER_SETTING),
                demo: &["d3-d4"],
                taken: &["c4", "d5", "e4"],
                outcome: None,
                caption: "lesson-chain-1",
                focus: &["d4"],
                danger: &[],
                arrows: &[("d4", "d3")],
                task: None,
            },
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["d4-d3"],
                    wrong: "lesson-chain-wrong",
                }),
                ..Step::then("lesson-chain-2")
            },
        ],
    },
];

#[allow(dead_code)]
const _USES: (Option<Outcome>, Reason, Side) = (None, Reason::NoSoldiers, Side::First);
