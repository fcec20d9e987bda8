//! The puzzles on the page (`learn.html#learn/puzzles`): a puzzle on the real
//! `<Board>` solved by taps or drags ([`PuzzleRun`]), the computer's forced
//! replies from the line and a wrong ply's refutation from its worker, the
//! player's rating (Glicko-2) kept in the browser, the next puzzle near it,
//! today's puzzle, a streak, the history with a retry, and a review's
//! blunder as "find the better move".
//!
//! Reached only through its wasm chunk (`learn::puzzles_view`): the
//! puzzles (about 150 KB of text) and this screen are fetched when the
//! puzzles are first opened, not with the tutorial.

use std::sync::OnceLock;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use super::solve::{Feedback, Miss, PuzzleRun, Stage};
use super::PUZZLES;
use crate::ai::Level;
use crate::app::board::view::Hands;
use crate::app::board::Board;
use crate::app::i18n::tokens::reason_token;
use crate::app::i18n::{tr_text, translate};
use crate::app::play::controller::{Controller, Response};
use crate::app::play::hud::{refusal_text, side_name};
use crate::app::services::computer::{ComputerPlayer, PendingReply, Purpose, Reply};
use crate::app::services::sound::{self, Sound};
use crate::engine::{BoardSize, Rules, Variant};
use crate::learn::puzzle::{daily, next_near, read_file, Puzzle};
use crate::learn::training::Training;
use crate::store::{local, StoreKey};
use crate::tr;

/// The games that have puzzles, in the menu's order, with their files.
const SETS: [(Variant, &str); 5] = [
    (
        Variant::Kharbga,
        include_str!("../../learn/puzzles/kharbga.txt"),
    ),
    (
        Variant::Seega(BoardSize::Five),
        include_str!("../../learn/puzzles/seega5.txt"),
    ),
    (
        Variant::Seega(BoardSize::Seven),
        include_str!("../../learn/puzzles/seega7.txt"),
    ),
    (
        Variant::Seega(BoardSize::Nine),
        include_str!("../../learn/puzzles/seega9.txt"),
    ),
    (
        Variant::Kharbaga,
        include_str!("../../learn/puzzles/kharbaga.txt"),
    ),
];

/// How long the computer's forced reply waits, to be seen.
const REPLY_MS: u32 = 450;
/// How long the computer thinks about a refutation's ply.
const REFUTE_MS: u64 = 400;
/// How many tries the history shows.
const SHOWN_HISTORY: usize = 10;
/// A streak's first puzzle's rating, and how much harder each next one is.
const STREAK_FROM: f64 = 600.0;
const STREAK_STEP: f64 = 60.0;

/// The puzzles of the `index`th game of [`SETS`], read once (the shipped
/// files are checked by the native tests: a bad line reads as none).
fn set(index: usize) -> &'static [Puzzle] {
    static READ: [OnceLock<Vec<Puzzle>>; 5] = [const { OnceLock::new() }; 5];
    READ[index].get_or_init(|| read_file(SETS[index].1).unwrap_or_default())
}

fn set_of(variant: Variant) -> usize {
    SETS.iter().position(|(v, _)| *v == variant).unwrap_or(0)
}

/// A puzzle by id, in any game.
fn find(id: &str) -> Option<&'static Puzzle> {
    (0..SETS.len()).find_map(|i| set(i).iter().find(|p| p.id == id))
}

fn load_training() -> Training {
    Training::parse(&local::load(&StoreKey::Puzzles).unwrap_or_default())
}

fn save_training(training: &Training) {
    let _ = local::write(&StoreKey::Puzzles, &training.to_text());
}

/// Days since 1970-01-01 in the player's clock (today's puzzle).
fn today() -> u64 {
    crate::app::services::browser::now_ms().get() / 86_400_000
}

fn seed() -> u64 {
    u64::from_le_bytes(crate::app::services::browser::random_bytes::<8>())
}

/// A rating's change with its sign, kept left to right in a right-to-left
/// sentence (a left-to-right mark before it: "-138", never "138-").
fn signed(n: i32) -> String {
    format!("\u{200e}{n:+}")
}

/// How a puzzle was opened: what its first try counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The next puzzle near the rating: rated.
    Rated,
    /// Today's puzzle: rated the first time.
    Daily,
    /// A streak, `n` solved so far: not rated, ends at the first miss.
    Streak(u32),
    /// A puzzle tried before, or opened by its address: rated only if new.
    Again,
    /// A review's blunder: not rated.
    Found,
}

/// The puzzle on the board.
#[derive(Clone, Debug)]
struct Current {
    run: PuzzleRun,
    mode: Mode,
    /// The first try was counted (its rating change, if rated).
    counted: Option<i32>,
}

/// What opens the screen, from the rest of its address.
enum Start {
    Next,
    Daily,
    Streak,
    Id(String),
    Find(String),
}

fn start_of(place: &str) -> Start {
    match place.trim_start_matches('/') {
        "" => Start::Next,
        "daily" => Start::Daily,
        "streak" => Start::Streak,
        rest => match rest.strip_prefix("find/") {
            Some(path) => Start::Find(path.to_owned()),
            None => Start::Id(rest.to_owned()),
        },
    }
}

/// The puzzles' screen, opened on `place` (what follows `#learn/puzzles`).
#[component]
pub fn PuzzleScreen(place: String) -> impl IntoView {
    let computer = expect_context::<ComputerPlayer>();
    let training = RwSignal::new(load_training());
    let game = RwSignal::new(0usize);
    let current = RwSignal::new(None::<Current>);
    let notice = RwSignal::new(None::<String>);
    let streak_seen = StoredValue::new(Vec::<String>::new());
    // The computer's reply waiting to be played, and its question: both
    // die with the screen (or the puzzle).
    let reply_timer = StoredValue::new_local(None::<Timeout>);
    let asked = StoredValue::new_local(None::<PendingReply>);

    let show = move |puzzle: Puzzle, mode: Mode| {
        reply_timer.set_value(None);
        asked.set_value(None);
        notice.set(None);
        game.set(set_of(puzzle.rules.variant));
        let fragment = match mode {
            Mode::Found => format!("{PUZZLES}/find/{}", puzzle.to_find_path()),
            Mode::Daily => format!("{PUZZLES}/daily"),
            Mode::Streak(_) => format!("{PUZZLES}/streak"),
            Mode::Rated | Mode::Again => format!("{PUZZLES}/{}", puzzle.id),
        };
        crate::app::services::browser::replace_fragment(&fragment);
        current.set(Some(Current {
            run: PuzzleRun::new(puzzle),
            mode,
            counted: None,
        }));
    };
    let open_next = move |index: usize| {
        let rating = training.with_untracked(|t| t.rating.rating);
        let puzzles = set(index);
        let pick =
            training.with_untracked(|t| next_near(puzzles, rating, |p| t.tried(&p.id), seed()));
        match pick {
            Some(i) => show(puzzles[i].clone(), Mode::Rated),
            None => {
                current.set(None);
                game.set(index);
                notice.set(Some(tr!("puzzles-none")));
            }
        }
    };
    let open_daily = move |index: usize| {
        let puzzles = set(index);
        if let Some(i) = daily(puzzles, today()) {
            show(puzzles[i].clone(), Mode::Daily);
        }
    };
    let open_streak = move |index: usize, n: u32| {
        if n == 0 {
            streak_seen.set_value(Vec::new());
        }
        let puzzles = set(index);
        let target = STREAK_FROM + STREAK_STEP * f64::from(n);
        // Never one this streak served; and while there are others, none
        // tried before (in a streak or not).
        let pick = streak_seen.with_value(|seen| {
            let fresh = training.with_untracked(|t| {
                next_near(
                    puzzles,
                    target,
                    |p| seen.contains(&p.id) || t.tried(&p.id),
                    seed(),
                )
            });
            fresh.or_else(|| next_near(puzzles, target, |p| seen.contains(&p.id), seed()))
        });
        if let Some(i) = pick {
            streak_seen.update_value(|seen| seen.push(puzzles[i].id.clone()));
            show(puzzles[i].clone(), Mode::Streak(n));
        }
    };

    // The address the page was opened on.
    match start_of(&place) {
        Start::Next => open_next(0),
        Start::Daily => open_daily(0),
        Start::Streak => open_streak(0, 0),
        Start::Id(id) => match find(&id) {
            Some(p) => show(p.clone(), Mode::Again),
            None => open_next(0),
        },
        Start::Find(path) => match Puzzle::from_find_path(&path) {
            Ok(p) => show(p, Mode::Found),
            Err(_) => notice.set(Some(tr!("puzzles-bad-link"))),
        },
    }

    // The first try, once over, counts (once): the rating, the history, a
    // streak.
    let count = move || {
        let Some((id, rating, mode, first)) = current.with_untracked(|c| {
            let c = c.as_ref()?;
            let first = c.run.first_try?;
            c.counted
                .is_none()
                .then(|| (c.run.puzzle.id.clone(), c.run.puzzle.rating, c.mode, first))
        }) else {
            return;
        };
        // (Read again first: another tab may have counted tries since. Not
        // when nothing is stored, or the storage cannot be read: then this
        // page's own count goes on.)
        if let Some(text) = local::load(&StoreKey::Puzzles) {
            training.set(Training::parse(&text));
        }
        let change = training
            .try_update(|t| {
                let change = match mode {
                    Mode::Rated | Mode::Daily | Mode::Again if !t.tried(&id) => {
                        t.rated(&id, rating, first)
                    }
                    _ => {
                        t.unrated(&id, first);
                        0
                    }
                };
                // The streak so far is kept as it grows (a player may leave
                // it any time), and ends at a miss.
                if let Mode::Streak(n) = mode {
                    t.streak_ended(if first { n + 1 } else { n });
                }
                change
            })
            .unwrap_or(0);
        training.with_untracked(save_training);
        current.update(|c| {
            if let Some(c) = c {
                c.counted = Some(change);
            }
        });
    };

    // The computer's turn in the puzzle: the line's forced reply after a
    // pause, or a refutation's ply from the worker.
    let computer_turn = move || {
        let Some(stage) = current.with_untracked(|c| c.as_ref().map(|c| c.run.stage)) else {
            return;
        };
        match stage {
            Stage::Replying => {
                let timer = Timeout::new(REPLY_MS, move || {
                    current.update(|c| {
                        if let Some(c) = c {
                            c.run.reply();
                        }
                    });
                    count();
                });
                reply_timer.set_value(Some(timer));
            }
            Stage::Refuting => {
                let Some(game) =
                    current.with_untracked(|c| c.as_ref().map(|c| c.run.controller.game().tail()))
                else {
                    return;
                };
                let pending = computer.ask(
                    &game,
                    Level::Search(5),
                    REFUTE_MS,
                    Purpose::Move,
                    move |reply| {
                        let ply = match reply {
                            Reply::Best { ply, .. } | Reply::Fallback(ply) => Some(ply),
                            Reply::Nothing => None,
                        };
                        current.update(|c| {
                            if let Some(c) = c {
                                c.run.refute(ply);
                            }
                        });
                    },
                );
                asked.set_value(Some(pending));
            }
            _ => {}
        }
    };
    // The computer's turn comes with each new stage or ply of the puzzle
    // (a refutation is a ply at a time).
    let turn = Memo::new(move |_| {
        current.with(|c| {
            c.as_ref().map(|c| {
                (
                    c.run.puzzle.id.clone(),
                    c.run.stage,
                    c.run.controller.game().plies().len(),
                )
            })
        })
    });
    Effect::new(move |_| {
        if let Some((_, Stage::Replying | Stage::Refuting, _)) = turn.get() {
            computer_turn();
        }
    });

    let act = move |f: &dyn Fn(&mut Controller) -> Response| {
        current.update(|c| {
            let Some(c) = c else { return };
            let response = f(&mut c.run.controller);
            if let Response::Played(played) = &response {
                let over = c.run.controller.game().outcome().is_some();
                sound::play(Sound::of(played, over));
            }
            c.run.respond(response);
        });
        count();
    };
    let on_tap = Callback::new(move |square| act(&|c| c.tap(square)));
    let on_drag = Callback::new(move |(from, to)| act(&|c| c.drag(from, to)));
    let board_view = Memo::new(move |_| {
        current.with(|c| match c {
            Some(c) => c.run.board_view(),
            // (No puzzle: a bad link, or every one done.)
            None => {
                let mut empty = Controller::new(Rules::kharbga());
                empty.hands = Hands::None;
                empty.board_view()
            }
        })
    });
    let run_with = move |f: &dyn Fn(&mut PuzzleRun)| {
        // (Nothing the computer was asked for outlives the player's action.)
        reply_timer.set_value(None);
        asked.set_value(None);
        current.update(|c| {
            if let Some(c) = c {
                f(&mut c.run);
            }
        });
        count();
    };

    let about = move || {
        current.with(|c| {
            let c = c.as_ref()?;
            let p = &c.run.puzzle;
            let variant = p.rules.variant.token();
            Some(match c.mode {
                Mode::Found => tr!("puzzles-find-about"),
                Mode::Daily => tr!("puzzles-daily-about", { "game" => tr!("variant-name", { "variant" => variant }), "rating" => p.rating }),
                _ => tr!("puzzles-about", { "game" => tr!("variant-name", { "variant" => variant }), "rating" => p.rating }),
            })
        })
    };
    let prompt = move || {
        current.with(|c| {
            let run = &c.as_ref()?.run;
            let variant = run.puzzle.rules.variant;
            Some(match run.feedback {
                Feedback::None if run.shown => ("info", tr!("puzzles-shown")),
                // The task, not a verdict: drawn plain (learn.css).
                Feedback::None => (
                    "prompt",
                    tr!("puzzles-your-move", { "side" => side_name(variant, run.puzzle.player()) }),
                ),
                Feedback::Right => ("right", tr!("puzzles-right")),
                Feedback::Refused(refusal) => {
                    let position = run.controller.game().position();
                    ("wrong", refusal_text(refusal, variant, position.to_move()))
                }
                Feedback::Wrong if run.stage == Stage::Refuting => ("wrong", tr!("puzzles-wrong")),
                Feedback::Wrong => ("wrong", match run.miss() {
                    Miss::Answered => tr!("puzzles-wrong-shown"),
                    Miss::Ended(outcome) => tr!("puzzles-wrong-ends", {
                        "reason" => tr!("result-reason", { "reason" => reason_token(outcome, variant) }),
                    }),
                    Miss::Unanswered => tr!("puzzles-wrong-unanswered"),
                }),
                Feedback::Solved => ("right", tr!("puzzles-solved")),
            })
        })
    };
    let hint_text = move || {
        current.with(|c| {
            let run = &c.as_ref()?.run;
            match run.hints {
                1 => Some(tr!("puzzles-hint-soldier")),
                2 => run
                    .expected()
                    .map(|ply| tr!("puzzles-hint-ply", { "ply" => ply.to_string() })),
                _ => None,
            }
        })
    };
    // The plies on the board: the line so far, or a wrong ply and its
    // refutation (marked).
    let moves = move || {
        current.with(|c| {
            let Some(c) = c.as_ref() else {
                return Vec::new();
            };
            let plies = c.run.controller.game().plies();
            let wrong_from = plies
                .len()
                .saturating_sub(c.run.refutation.len() + usize::from(c.run.wrong.is_some()));
            plies
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let text = p.ply.to_string();
                    let shown = text.clone();
                    let wrong = i >= wrong_from;
                    view! { <li data-ply=text class:wrong=wrong>{shown}</li> }
                })
                .collect::<Vec<_>>()
        })
    };
    let stage = move || current.with(|c| c.as_ref().map(|c| c.run.stage));
    let mode = move || current.with(|c| c.as_ref().map(|c| c.mode));
    let result = move || {
        current.with(|c| {
            let c = c.as_ref()?;
            c.run.is_over().then_some(())?;
            let themes = c
                .run
                .puzzle
                .themes
                .iter()
                .map(|t| {
                    let id = format!("puzzle-theme-{}", t.token());
                    view! { <li data-theme=t.token()>{move || translate(&id, &[])}</li> }
                })
                .collect_view();
            let change = c.counted.filter(|&n| n != 0);
            Some(view! {
                <div class="puzzle-result" data-testid="puzzle-result">
                    {(!c.run.puzzle.themes.is_empty()).then(|| view! {
                        <p>{tr_text(|| tr!("puzzles-themes"))}</p>
                        <ul class="puzzle-themes" data-testid="puzzle-themes">{themes}</ul>
                    })}
                    {change.map(|n| view! {
                        <p data-testid="puzzle-change" data-change=n>
                            {move || tr!("puzzles-rating-change", { "change" => signed(n), "rating" => training.with(Training::shown) })}
                        </p>
                    })}
                </div>
            })
        })
    };
    let streak_text = move || match mode() {
        Some(Mode::Streak(n)) => {
            let first_try = current.with(|c| c.as_ref().and_then(|c| c.run.first_try));
            let over = first_try == Some(false);
            // A solve counts at once, not at the next puzzle.
            let n = if first_try == Some(true) { n + 1 } else { n };
            let best = training.with(|t| t.best_streak).max(n);
            Some(if over {
                tr!("puzzles-streak-over", { "n" => n, "best" => best })
            } else {
                tr!("puzzles-streak", { "n" => n, "best" => best })
            })
        }
        _ => None,
    };
    let next = move |_| {
        let index = game.get_untracked();
        match current.with_untracked(|c| c.as_ref().map(|c| (c.mode, c.run.first_try))) {
            Some((Mode::Streak(n), Some(true))) => open_streak(index, n + 1),
            Some((Mode::Streak(_), _)) => open_streak(index, 0),
            _ => open_next(index),
        }
        crate::app::services::browser::scroll_to_top();
    };
    let history = move || {
        let tries: Vec<_> = training.with(|t| {
            t.history
                .iter()
                .rev()
                .take(SHOWN_HISTORY)
                .cloned()
                .collect()
        });
        if tries.is_empty() {
            return view! { <p data-testid="puzzle-history-empty">{tr_text(|| tr!("puzzles-history-empty"))}</p> }.into_any();
        }
        let items = tries
            .into_iter()
            .map(|a| {
                let puzzle = find(&a.id);
                let game_name = puzzle.map(|p| p.rules.variant.token());
                let rating = puzzle.map_or(0, |p| p.rating);
                let solved = if a.solved { "yes" } else { "no" };
                view! {
                    <li class="puzzle-try" data-change=a.change data-testid="puzzle-try" data-solved=solved>
                        <span>{move || match game_name {
                            Some(v) => tr!("puzzles-history-item", {
                                "solved" => solved,
                                "game" => tr!("variant-name", { "variant" => v }),
                                "rating" => rating,
                            }),
                            None => tr!("puzzles-history-found", { "solved" => solved }),
                        }}</span>
                        {puzzle.map(|p| view! {
                            " "
                            <button type="button" class="link" data-testid="puzzle-again"
                                on:click=move |_| { show(p.clone(), Mode::Again); crate::app::services::browser::scroll_to_top(); }>
                                {tr_text(|| tr!("puzzles-again"))}
                            </button>
                        })}
                    </li>
                }
            })
            .collect_view();
        view! { <ul data-testid="puzzle-history">{items}</ul> }.into_any()
    };
    let game_menu = SETS
        .iter()
        .enumerate()
        .map(|(i, (variant, _))| {
            let token = variant.token();
            view! { <option value=i.to_string() selected=move || game.get() == i>{move || tr!("variant-name", { "variant" => token })}</option> }
        })
        .collect_view();

    view! {
        <div class="lesson puzzle" data-testid="puzzle"
            data-puzzle=move || current.with(|c| c.as_ref().map(|c| c.run.puzzle.id.clone()))
            data-stage=move || stage().map(|s| format!("{s:?}").to_lowercase())>
            <section class="play-area">
                <Board view=board_view on_tap=on_tap on_drag=on_drag/>
            </section>
            <aside class="panel side-panel lesson-panel">
                <nav class="lesson-nav">
                    <a class="link" href="#learn" data-testid="puzzles-back">{tr_text(|| tr!("learn-back"))}</a>
                </nav>
                <h2 data-testid="puzzles-title">{tr_text(|| tr!("puzzles-title"))}</h2>
                <p class="puzzle-rating" data-testid="puzzle-rating" data-rating=move || training.with(Training::shown)>
                    {move || tr!("puzzles-rating", { "rating" => training.with(Training::shown) })}
                </p>
                <div class="puzzle-modes">
                    <label class="field" for="puzzle-game">
                        <span>{tr_text(|| tr!("newgame-game"))}</span>
                        <select id="puzzle-game" data-testid="puzzle-game"
                            on:change=move |event| {
                                let index: usize = event_target_value(&event).parse().unwrap_or(0);
                                open_next(index.min(SETS.len() - 1));
                            }>
                            {game_menu}
                        </select>
                    </label>
                    <button type="button" data-testid="puzzle-daily" on:click=move |_| open_daily(game.get_untracked())>
                        {tr_text(|| tr!("puzzles-mode-daily"))}
                    </button>
                    <button type="button" data-testid="puzzle-streak" on:click=move |_| open_streak(game.get_untracked(), 0)>
                        {tr_text(|| tr!("puzzles-mode-streak"))}
                    </button>
                </div>
                {move || notice.get().map(|text| view! { <p class="notice warning" role="alert" data-testid="puzzle-notice">{text}</p> })}
                <p class="lesson-step" data-testid="puzzle-about">{about}</p>
                {move || streak_text().map(|text| view! { <p data-testid="puzzle-streak-count">{text}</p> })}
                {move || prompt().map(|(kind, text)| view! {
                    <p class="lesson-feedback" data-testid="puzzle-feedback" data-kind=kind role="status">{text}</p>
                })}
                {move || hint_text().map(|text| view! { <p class="lesson-hint" data-testid="puzzle-hint-text">{text}</p> })}
                <div class="controls">
                    {move || (stage() == Some(Stage::Solving)).then(|| view! {
                        <button type="button" data-testid="puzzle-hint" on:click=move |_| run_with(&PuzzleRun::hint)>
                            {tr_text(|| tr!("puzzles-hint"))}
                        </button>
                    })}
                    {move || (stage() == Some(Stage::Failed)).then(|| view! {
                        <button type="button" data-testid="puzzle-retry" on:click=move |_| run_with(&PuzzleRun::retry)>
                            {tr_text(|| tr!("puzzles-retry"))}
                        </button>
                    })}
                    {move || matches!(stage(), Some(Stage::Failed | Stage::Solving)).then(|| view! {
                        <button type="button" data-testid="puzzle-solution" on:click=move |_| run_with(&PuzzleRun::show_solution)>
                            {tr_text(|| tr!("puzzles-solution"))}
                        </button>
                    })}
                    {move || current.with(|c| c.as_ref().is_some_and(|c| c.run.puzzle.rules.variant.is_kharbga())).then(|| view! {
                        <label class="toggle">
                            <input type="checkbox" data-testid="exchange-flag"
                                prop:checked=move || current.with(|c| c.as_ref().is_some_and(|c| c.run.controller.flag()))
                                disabled=move || !current.with(|c| c.as_ref().is_some_and(|c| c.run.controller.flag_available()))
                                on:change=move |event| {
                                    let on = event_target_checked(&event);
                                    current.update(|c| if let Some(c) = c { c.run.controller.set_flag(on) });
                                }/>
                            {tr_text(|| tr!("control-exchange"))}
                        </label>
                    })}
                    {move || current.with(|c| c.as_ref().is_some_and(|c| c.run.stage == Stage::Solving && c.run.controller.can_stop())).then(|| view! {
                        <button type="button" data-testid="stop-chain" on:click=move |_| act(&Controller::stop_chain)>
                            {tr_text(|| tr!("control-stop"))}
                        </button>
                    })}
                    <button type="button" data-testid="control-flip"
                        on:click=move |_| current.update(|c| if let Some(c) = c { c.run.controller.flipped = !c.run.controller.flipped })>
                        {tr_text(|| tr!("control-flip"))}
                    </button>
                </div>
                <ol class="puzzle-moves" data-testid="puzzle-moves" aria-label=move || tr!("puzzles-moves")>{moves}</ol>
                {result}
                {move || (current.with(|c| c.as_ref().is_none_or(|c| c.run.is_over() || c.mode == Mode::Found))).then(|| view! {
                    <button type="button" class="primary" data-testid="puzzle-next" on:click=next>
                        {tr_text(|| tr!("puzzles-next"))}
                    </button>
                })}
                <section class="puzzle-history" aria-labelledby="puzzle-history-title">
                    <h3 id="puzzle-history-title">{tr_text(|| tr!("puzzles-history"))}</h3>
                    {history}
                </section>
            </aside>
        </div>
    }
}
