//! The lessons, in the order a newcomer needs them: Kharbga rule by rule,
//! then one lesson for each thing Seega changes, then Kharbaga, the other
//! game (`RULES.md` §4). Kharbga's figures are
//! those of the original rules text (`shared/seeds/003_*.txt`); each
//! position below says which figure it is, if any. The small boards of
//! the moving-phase lessons are made up for the rule they show.

use super::lesson::{Goal, Lesson, Step, Task};
use crate::engine::{BlockedRule, BoardSize, Outcome, Reason, Rules, Side};

/// Figure 2.1: the empty board, before setting.
const EMPTY: &str = "7/7/7/7/7/7/7 w 24,24 - - 0 1 -";

/// Figures 2.2 and 3.1: the board after setting, the Attacker to make the
/// first move (d3-d4 takes three: figures 3.3 and 4.1).
const AFTER_SETTING: &str =
    "SSSSSSS/sssSsss/SSSsSSS/sSs1sSs/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f";

/// Figure 3.2: a board after setting whose first move (d3-d4) captures
/// nothing: b4, f4 and d6 hold Defender soldiers.
const FIRST_MOVE_QUIET: &str =
    "SSSSSSS/ssSssss/SSSsSSS/Sss1ssS/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f";

/// Late in the setting, 20 soldiers each set, the Attacker to set: it holds
/// none of c4, e4, d3, d5, and two of them (d5, e4) are still empty.
const SETTING_LATE: &str =
    "SsSsSs1/sSsSsS1/SsS1SsS/Sss2sS/sSssSss/1sSsSsS/S1sS1S1 w 4,4 - - 0 11 -";

/// d3-d4 takes c4 between d4 and b4.
const CAPTURE_ONE: &str = "7/7/3s3/1Ss4/3S3/7/5s1 w 0,0 - - 0 20 -";

/// A Defender soldier on the Malha: only e5-e4 takes it (against c4).
const CAPTURE_MALHA: &str = "7/7/4S2/2Ss3/3s3/5S1/s6 w 0,0 - - 0 20 -";

/// d3-d4 takes three (c4, d5, e4); d3-c3 only c4.
const CAPTURE_THREE: &str = "7/3S3/2Ss3/1Ss1sS1/3S3/7/6s w 0,0 - - 0 20 -";

/// b3-b4 takes nothing: a4 has the edge beyond it, c5 is only diagonally
/// between b4 and d6.
const EDGE_AND_DIAGONAL: &str = "7/3S3/2s4/s6/1S5/7/6s w 0,0 - - 0 20 -";

/// The Defender may step c3-c4, between b4 and d4.
const SAFE_ENTRY: &str = "7/7/7/1S1S3/2s4/7/5s1 b 0,0 - - 0 20 -";

/// c4 left between b4 and d4 by the setting.
const SETTING_SANDWICH: &str = "7/7/3S3/1SsS3/3s3/7/7 w 0,0 - - 0 20 -";

/// Figure 3.4: the Attacker's only first move, d3-d4, leaves the Defender
/// without a step.
const FIRST_BLOCK: &str =
    "SSSSSSS/sssssss/SSSsSSS/sss1sss/ssSSSss/sssSsss/SSSSSSS w 0,0 - - 0 13 f";

/// Figure 3.4 with the Attacker on e4 too (and the Defender on g1): e4-d4
/// leaves the Defender f4-e4; d3-d4 still blocks it.
const FIRST_BLOCK_CHOICE: &str =
    "SSSSSSS/sssssss/SSSsSSS/sss1Sss/ssSSSss/sssSsss/SSSSSSs w 0,0 - - 0 13 f";

/// The Defender's last soldier in the corner: b6-a6 walls it in.
const PASS: &str = "sS5/1S5/7/7/2S4/7/7 w 0,0 - - 0 30 -";

/// Figure 5.1's position: eight untouchable Defender soldiers in the
/// corner, the Defender to move.
const EXCHANGE: &str = "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -";

/// The Defender's last soldier on c4: e4-d4 takes it.
const LAST_SOLDIER: &str = "7/7/2S4/1Ss1S2/7/7/7 w 0,0 - - 0 30 -";

/// 59 steps without a removal: the next one reaches the limit of 60.
const QUIET_59: &str = "S6/7/3s3/7/7/6S/S6 w 0,0 - - 59 60 -";

/// Two soldiers each, stepping back and forth.
const REPETITION: &str = "S5s/7/7/7/7/7/s5S w 0,0 - - 10 60 -";

/// Kharbaga's start: twelve pieces each, c3 empty.
const KHARBAGA_START: &str = "sssss/sssss/ss1SS/SSSSS/SSSSS w 0,0 - - 0 1 -";

/// Kharbaga: a1 could take one (a2), e1 can take two (e2, d4): the most
/// must be taken.
const KHARBAGA_MAJORITY: &str = "5/3s1/5/s3s/S3S w 0,0 - - 0 9 -";

/// Kharbaga: a soldier on a4, one step from the far rank.
const KHARBAGA_PROMOTION: &str = "4s/S4/5/5/5 w 0,0 - - 0 9 -";

/// Kharbaga: a Mullah on a1 and an enemy on c3, d4 and e5 empty beyond it.
const KHARBAGA_MULLAH: &str = "s4/5/2s2/5/M4 w 0,0 - - 0 12 -";

/// Kharbaga: the Mullah on e3 takes d3, c2 and d4, flying back over d3,
/// emptied by its first leap.
const KHARBAGA_EMPTIED: &str = "s4/3s1/3sM/2s2/5 w 0,0 - - 0 12 -";

/// Seega 5×5: the second player on the Malha, between b3 and d3 after b2-b3.
const SEEGA_MALHA: &str = "5/5/2sS1/1S3/4s w 0,0 - - 0 20 -";

/// Seega 5×5: c3 cannot be taken; only d2-e2 captures (e3, against e4).
const SEEGA_MALHA_TASK: &str = "5/2S1S/1Ss1s/3S1/5 w 0,0 - - 0 20 -";

/// Seega 5×5: b3-c3 onto the Malha takes d3.
const SEEGA_MALHA_CAPTURES: &str = "5/5/1s1Ss/5/S4 b 0,0 - - 0 20 -";

/// Seega 5×5: a3-b3 takes b2, and b3 could go on (b3-c3 takes c4).
const SEEGA_CHAIN: &str = "2S2/2s2/S3s/Sss2/1S1S1 w 0,0 - - 0 20 -";

/// Seega 5×5: the second player sets its last soldier (c2).
const SEEGA_LAST_SETTING: &str = "SsSsS/sSSss/Ss1SS/sS1ss/SsSsS b 0,1 - - 0 6 -";

/// Seega 5×5 with the removal option: the second player's a5 is walled in.
const SEEGA_REMOVAL: &str = "sS3/S4/5/5/4S b 0,0 - - 0 20 -";

/// Seega with the removal option.
const SEEGA_REMOVE: Rules = Rules {
    blocked: BlockedRule::Remove,
    ..Rules::seega(BoardSize::Five)
};

/// Every lesson, in order.
pub static LESSONS: &[Lesson] = &[
    Lesson {
        id: "board",
        rules: Rules::kharbga(),
        steps: &[
            // Figure 2.1.
            Step {
                focus: &["a1", "g1", "a7", "g7"],
                ..Step::show(EMPTY, "lesson-board-1")
            },
            Step {
                focus: &["d4"],
                ..Step::show(EMPTY, "lesson-board-2")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["e2"],
                    wrong: "lesson-board-wrong",
                }),
                ..Step::show(EMPTY, "lesson-board-3")
            },
            // Figures 2.2 and 3.1.
            Step {
                focus: &["d4"],
                ..Step::show(AFTER_SETTING, "lesson-board-4")
            },
        ],
    },
    Lesson {
        id: "setting",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                demo: &["c5", "f2"],
                focus: &["c5", "f2"],
                ..Step::show(EMPTY, "lesson-setting-1")
            },
            Step {
                focus: &["c4", "e4", "d3", "d5"],
                ..Step::show(SETTING_LATE, "lesson-setting-2")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Onto(&["c4", "d3", "d5", "e4"]),
                    answers: &["d5", "e4"],
                    wrong: "lesson-setting-wrong",
                }),
                ..Step::show(SETTING_LATE, "lesson-setting-3")
            },
            Step {
                demo: &["a2", "b1", "e4"],
                focus: &["d5"],
                ..Step::show(SETTING_LATE, "lesson-setting-4")
            },
        ],
    },
    Lesson {
        id: "first-move",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                focus: &["d4"],
                arrows: &[("d3", "d4")],
                ..Step::show(AFTER_SETTING, "lesson-first-move-1")
            },
            // Figure 3.2.
            Step {
                demo: &["d3-d4"],
                focus: &["b4", "f4", "d6"],
                ..Step::show(FIRST_MOVE_QUIET, "lesson-first-move-2")
            },
            // Figure 3.3 (and 4.1).
            Step {
                focus: &["c4", "d5", "e4"],
                task: Some(Task {
                    goal: Goal::Captures(3),
                    answers: &["d3-d4"],
                    wrong: "lesson-first-move-wrong",
                }),
                ..Step::show(AFTER_SETTING, "lesson-first-move-3")
            },
        ],
    },
    Lesson {
        id: "capture",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                demo: &["d3-d4"],
                taken: &["c4"],
                focus: &["b4", "d4"],
                danger: &["c4"],
                ..Step::show(CAPTURE_ONE, "lesson-capture-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["e5-e4"],
                    wrong: "lesson-capture-wrong",
                }),
                ..Step::show(CAPTURE_MALHA, "lesson-capture-2")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Captures(3),
                    answers: &["d3-d4"],
                    wrong: "lesson-capture-wrong-2",
                }),
                ..Step::show(CAPTURE_THREE, "lesson-capture-3")
            },
            Step {
                demo: &["b3-b4"],
                focus: &["a4", "c5", "d6"],
                ..Step::show(EDGE_AND_DIAGONAL, "lesson-capture-4")
            },
        ],
    },
    Lesson {
        id: "safe-entry",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                focus: &["b4", "d4"],
                task: Some(Task {
                    goal: Goal::Onto(&["c4"]),
                    answers: &["c3-c4"],
                    wrong: "lesson-safe-entry-wrong",
                }),
                ..Step::show(SAFE_ENTRY, "lesson-safe-entry-1")
            },
            Step {
                focus: &["c4"],
                ..Step::then("lesson-safe-entry-2")
            },
            Step {
                demo: &["d4-e4", "d3-d2"],
                focus: &["c4", "b4"],
                ..Step::show(SETTING_SANDWICH, "lesson-safe-entry-3")
            },
            Step {
                focus: &["c4", "b4"],
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["e4-d4", "d5-d4"],
                    wrong: "lesson-safe-entry-wrong-2",
                }),
                ..Step::then("lesson-safe-entry-4")
            },
        ],
    },
    Lesson {
        id: "chain",
        rules: Rules::kharbga(),
        steps: &[
            // Figure 4.1.
            Step {
                demo: &["d3-d4"],
                taken: &["c4", "d5", "e4"],
                danger: &["c4", "d5", "e4"],
                arrows: &[("d4", "d3")],
                ..Step::show(AFTER_SETTING, "lesson-chain-1")
            },
            // Figure 4.2.
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["d4-d3"],
                    wrong: "lesson-chain-wrong",
                }),
                ..Step::then("lesson-chain-2")
            },
            // Figure 4.3.
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["d3-c3"],
                    wrong: "lesson-chain-wrong-2",
                }),
                ..Step::then("lesson-chain-3")
            },
            // Figure 4.4, and the chain's last capture.
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["c3-c2"],
                    wrong: "lesson-chain-wrong",
                }),
                ..Step::then("lesson-chain-4")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["c2-d2"],
                    wrong: "lesson-chain-wrong",
                }),
                ..Step::then("lesson-chain-5")
            },
            // Figure 4.5.
            Step {
                demo: &["b1-b2"],
                ..Step::then("lesson-chain-6")
            },
        ],
    },
    Lesson {
        id: "first-block",
        rules: Rules::kharbga(),
        steps: &[
            // Figure 3.4.
            Step {
                focus: &["c3", "e3", "d2"],
                arrows: &[("d3", "d4")],
                ..Step::show(FIRST_BLOCK, "lesson-first-block-1")
            },
            Step {
                demo: &["d3-d4"],
                outcome: Some(Outcome {
                    winner: Some(Side::Second),
                    reason: Reason::FirstMoveBlock,
                }),
                ..Step::show(FIRST_BLOCK, "lesson-first-block-2")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["e4-d4"],
                    wrong: "lesson-first-block-wrong",
                }),
                ..Step::show(FIRST_BLOCK_CHOICE, "lesson-first-block-3")
            },
        ],
    },
    Lesson {
        id: "pass",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                focus: &["a7"],
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["b6-a6"],
                    wrong: "lesson-pass-wrong",
                }),
                ..Step::show(PASS, "lesson-pass-1")
            },
            Step {
                focus: &["a7"],
                ..Step::then("lesson-pass-2")
            },
            Step {
                focus: &["a6", "b7"],
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["c3-c4", "c3-b3", "c3-c2", "c3-d3"],
                    wrong: "lesson-pass-wrong-2",
                }),
                ..Step::then("lesson-pass-3")
            },
        ],
    },
    Lesson {
        id: "exchange",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                focus: &["e7", "f7", "e6", "f6", "g6", "e5", "f5", "g5"],
                ..Step::show(EXCHANGE, "lesson-exchange-1")
            },
            // Figure 5.1.
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["f7-g7*", "e7-d7*", "g5-g4*", "g6-g7*"],
                    wrong: "lesson-exchange-wrong",
                }),
                ..Step::show(EXCHANGE, "lesson-exchange-2")
            },
            // Figures 5.1 and 5.2.
            Step {
                demo: &["f7-g7*", "a2-a3*"],
                focus: &["g7", "a3"],
                ..Step::show(EXCHANGE, "lesson-exchange-3")
            },
            // Figure 5.3.
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["g7-f7*"],
                    wrong: "lesson-exchange-wrong-2",
                }),
                ..Step::then("lesson-exchange-4")
            },
            // Figure 5.4.
            Step {
                demo: &["b1-c1*"],
                focus: &["a3", "c1", "f7"],
                ..Step::then("lesson-exchange-5")
            },
            // Figure 5.5.
            Step {
                focus: &["f7", "a3", "c1"],
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["f7-g7*"],
                    wrong: "lesson-exchange-wrong-2",
                }),
                ..Step::then("lesson-exchange-6")
            },
        ],
    },
    Lesson {
        id: "game-end",
        rules: Rules::kharbga(),
        steps: &[
            Step {
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["e4-d4"],
                    wrong: "lesson-game-end-wrong",
                }),
                ..Step::show(LAST_SOLDIER, "lesson-game-end-1")
            },
            Step {
                outcome: Some(Outcome {
                    winner: Some(Side::First),
                    reason: Reason::NoSoldiers,
                }),
                ..Step::then("lesson-game-end-2")
            },
            Step {
                demo: &["a7-b7"],
                outcome: Some(Outcome {
                    winner: Some(Side::First),
                    reason: Reason::QuietLimit,
                }),
                ..Step::show(QUIET_59, "lesson-game-end-3")
            },
            Step {
                demo: &["a7-a6", "a1-a2", "a6-a7", "a2-a1"],
                ..Step::show(REPETITION, "lesson-game-end-4")
            },
            Step {
                demo: &["a7-a6", "a1-a2", "a6-a7", "a2-a1"],
                outcome: Some(Outcome {
                    winner: None,
                    reason: Reason::Repetition,
                }),
                ..Step::then("lesson-game-end-5")
            },
        ],
    },
    Lesson {
        id: "seega-malha",
        rules: Rules::seega(BoardSize::Five),
        steps: &[
            Step {
                demo: &["b2-b3"],
                focus: &["c3"],
                ..Step::show(SEEGA_MALHA, "lesson-seega-malha-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["d2-e2"],
                    wrong: "lesson-seega-malha-wrong",
                }),
                ..Step::show(SEEGA_MALHA_TASK, "lesson-seega-malha-2")
            },
            Step {
                demo: &["b3-c3"],
                taken: &["d3"],
                danger: &["d3"],
                ..Step::show(SEEGA_MALHA_CAPTURES, "lesson-seega-malha-3")
            },
        ],
    },
    Lesson {
        id: "seega-chain",
        rules: Rules::seega(BoardSize::Five),
        steps: &[
            Step {
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["a3-b3"],
                    wrong: "lesson-seega-chain-wrong",
                }),
                ..Step::show(SEEGA_CHAIN, "lesson-seega-chain-1")
            },
            Step {
                arrows: &[("b3", "c3")],
                danger: &["c4"],
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["stop"],
                    wrong: "lesson-seega-chain-wrong-2",
                }),
                ..Step::then("lesson-seega-chain-2")
            },
            Step::then("lesson-seega-chain-3"),
        ],
    },
    Lesson {
        id: "seega-first",
        rules: Rules::seega(BoardSize::Five),
        steps: &[
            Step {
                demo: &["c2"],
                focus: &["c3"],
                ..Step::show(SEEGA_LAST_SETTING, "lesson-seega-first-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Onto(&["c3"]),
                    answers: &["c2-c3", "b3-c3"],
                    wrong: "lesson-seega-first-wrong",
                }),
                ..Step::then("lesson-seega-first-2")
            },
        ],
    },
    Lesson {
        id: "seega-removal",
        rules: SEEGA_REMOVE,
        steps: &[
            Step {
                focus: &["a5"],
                ..Step::show(SEEGA_REMOVAL, "lesson-seega-removal-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Listed,
                    answers: &["xa4", "xb5"],
                    wrong: "lesson-seega-removal-wrong",
                }),
                ..Step::show(SEEGA_REMOVAL, "lesson-seega-removal-2")
            },
            Step {
                focus: &["a5"],
                ..Step::then("lesson-seega-removal-3")
            },
        ],
    },
    Lesson {
        id: "kharbaga",
        rules: Rules::kharbaga(),
        steps: &[
            Step {
                focus: &["c3"],
                arrows: &[("b2", "c3"), ("c2", "c3"), ("d2", "c3")],
                ..Step::show(KHARBAGA_START, "lesson-kharbaga-1")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Onto(&["c3"]),
                    answers: &["b2-c3", "c2-c3", "d2-c3"],
                    wrong: "lesson-kharbaga-wrong",
                }),
                ..Step::show(KHARBAGA_START, "lesson-kharbaga-2")
            },
            Step {
                focus: &["a1", "e1"],
                danger: &["e2", "d4"],
                task: Some(Task {
                    goal: Goal::Captures(2),
                    answers: &["e1xe3xc5"],
                    wrong: "lesson-kharbaga-wrong-2",
                }),
                ..Step::show(KHARBAGA_MAJORITY, "lesson-kharbaga-3")
            },
            Step {
                task: Some(Task {
                    goal: Goal::Onto(&["a5", "b5"]),
                    answers: &["a4-a5", "a4-b5"],
                    wrong: "lesson-kharbaga-wrong-3",
                }),
                ..Step::show(KHARBAGA_PROMOTION, "lesson-kharbaga-4")
            },
            Step {
                focus: &["d4", "e5"],
                danger: &["c3"],
                task: Some(Task {
                    goal: Goal::Captures(1),
                    answers: &["a1xd4", "a1xe5"],
                    wrong: "lesson-kharbaga-wrong-4",
                }),
                ..Step::show(KHARBAGA_MULLAH, "lesson-kharbaga-5")
            },
            Step {
                demo: &["e3xb3xd1xd5"],
                taken: &["d3", "c2", "d4"],
                danger: &["d3", "c2", "d4"],
                focus: &["d3"],
                ..Step::show(KHARBAGA_EMPTIED, "lesson-kharbaga-6")
            },
        ],
    },
];

impl Lesson {
    /// The lesson with this id.
    pub fn find(id: &str) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| l.id == id)
    }
}
