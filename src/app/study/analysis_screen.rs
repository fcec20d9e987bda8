//! The analysis board: a game (live, saved, replayed, shared, or one
//! position from the editor) with the computer's evaluation of the
//! position shown — a bar, words, depth and nodes, its best line listed and
//! drawn — deepening while it thinks and started afresh when the position
//! changes. Plies played on the board branch from the game (a variation);
//! one click goes back to the game line. The thinking runs in a worker of
//! the screen's own (the computer player's), which ends with the screen.

use std::cell::RefCell;
use std::rc::Rc;

use crate::tr;
use leptos::prelude::*;

use super::analysis::{bar_share, leader, mark_line, prefix, Analysis, Finding};
use super::place::AnalysePlace;
use super::review_panel::ReviewPanel;
use crate::ai::protocol::{parse_hello, Answer, VERSION};
use crate::app::board::view::Hands;
use crate::app::board::Board;
use crate::app::i18n::errors::side_name;
use crate::app::i18n::tr_text;
use crate::app::play::controller::Controller;
use crate::app::play::describe::Outlook;
use crate::app::services::computer::worker::WorkerHandle;
use crate::engine::{Game, Ply, Position, Record, Side, Square};
use leptos::wasm_bindgen::JsCast;

/// Ends the screen's worker when dropped (the handle's listeners hold the
/// analysis, and the analysis' sender holds the handle: the guard breaks
/// the cycle).
struct WorkerGuard(Rc<RefCell<Option<WorkerHandle>>>, Rc<RefCell<Analysis>>);

impl Drop for WorkerGuard {
    fn drop(&mut self) {
        self.1.borrow_mut().stop();
        self.0.borrow_mut().take();
    }
}

/// The evaluation in words, in the player's language.
fn eval_words(finding: &Finding, to_move: Side, variant: crate::engine::Variant) -> String {
    let (outlook, side) = leader(finding.score, to_move);
    let side = side_name(Some(variant), side);
    match outlook {
        Outlook::Wins(n) => tr!("analysis-wins", { "side" => side, "n" => n }),
        Outlook::Ahead(n) => tr!("analysis-ahead", { "side" => side, "n" => n }),
        _ => tr!("analysis-even"),
    }
}

/// The analysis board on a game, at the position before a ply (its review
/// started if asked); `on_play` starts a game from the position shown.
#[component]
pub fn AnalysisScreen(place: AnalysePlace, on_play: Callback<Position>) -> impl IntoView {
    let AnalysePlace { record, at, review } = place;
    let variant = record.game.rules().variant;
    let mainline = StoredValue::new(record.game.clone());
    let main_length = record.game.plies().len();
    let names = (record.first.clone(), record.second.clone());
    let controller = RwSignal::new({
        let mut c = Controller::from_game(prefix(&record.game, at));
        c.hands = Hands::Both;
        c
    });
    // The line on the board: the game's first plies, or a variation.
    let line = Memo::new(move |_| controller.with(|c| c.game().clone()));
    let on_game_line = Memo::new(move |_| {
        line.with(|l| mainline.with_value(|m| m.plies().starts_with(l.plies())))
    });
    let branch = Memo::new(move |_| {
        line.with(|l| {
            mainline.with_value(|m| {
                l.plies()
                    .iter()
                    .zip(m.plies())
                    .take_while(|(a, b)| a == b)
                    .count()
            })
        })
    });

    // The thinking: the worker and the slices it is asked for.
    let finding = RwSignal::new(None::<Finding>);
    // The worker is still thinking about the position shown.
    let busy = RwSignal::new(true);
    let failed = RwSignal::new(false);
    let analysis = Rc::new(RefCell::new(Analysis::default()));
    let worker: Rc<RefCell<Option<WorkerHandle>>> = Rc::new(RefCell::new(None));
    let send = {
        let worker = Rc::clone(&worker);
        move |request: Option<String>| {
            if let (Some(request), Some(worker)) = (request, worker.borrow().as_ref()) {
                worker.send(&request);
            }
        }
    };
    let handle = {
        let analysis = Rc::clone(&analysis);
        let send = send.clone();
        WorkerHandle::start(
            move |message| {
                let request = if let Some(version) = parse_hello(&message) {
                    if version == VERSION {
                        analysis.borrow_mut().ready()
                    } else {
                        failed.set(true);
                        None
                    }
                } else if let Ok(answer) = Answer::parse(&message) {
                    analysis.borrow_mut().on_answer(&answer)
                } else {
                    None
                };
                let (found, still, refused) = {
                    let analysis = analysis.borrow();
                    (
                        analysis.finding.clone(),
                        analysis.thinking(),
                        analysis.failed,
                    )
                };
                if refused {
                    failed.try_set(true);
                }
                if finding.try_get_untracked().is_some_and(|f| f != found) {
                    finding.set(found);
                }
                busy.try_set(still);
                send(request);
            },
            move || failed.set(true),
        )
    };
    if handle.is_none() {
        failed.set(true);
    }
    *worker.borrow_mut() = handle;
    {
        let analysis = Rc::clone(&analysis);
        Effect::new(move |_| {
            let request = line.with(|game| analysis.borrow_mut().set_target(game));
            finding.set(analysis.borrow().finding.clone());
            busy.set(analysis.borrow().thinking());
            send(request);
        });
    }
    // The worker (and its listeners, which hold the analysis) end with the
    // screen: its owner drops the guard.
    StoredValue::new_local(WorkerGuard(Rc::clone(&worker), Rc::clone(&analysis)));
    let thinking = move || !failed.get() && busy.get();

    let board_view = Memo::new(move |_| {
        let mut view = controller.with(Controller::board_view);
        if let Some(found) = finding.get() {
            mark_line(&mut view, &found.line);
        }
        view
    });
    let to_move = move || line.with(|l| l.position().to_move());
    let share = move || {
        let to_move = to_move();
        finding
            .get()
            .filter(|f| !f.line.is_empty() || f.depth > 0)
            .map_or(500, |f| bar_share(f.score, to_move))
    };
    let flipped = move || controller.with(|c| c.flipped);

    let go = move |at: usize| {
        controller.update(|c| {
            let (flipped, hands) = (c.flipped, c.hands);
            *c = Controller::from_game(mainline.with_value(|m| prefix(m, at)));
            c.flipped = flipped;
            c.hands = hands;
        });
    };
    let back = move || {
        controller.update(|c| {
            c.undo();
        });
    };
    let forward = move || {
        controller.update(|c| {
            if c.can_redo() {
                c.redo();
            } else {
                let at = c.game().plies().len();
                let on_line = mainline.with_value(|m| m.plies().starts_with(c.game().plies()));
                if let Some(next) = mainline
                    .with_value(|m| m.plies().get(at).map(|p| p.ply))
                    .filter(|_| on_line)
                {
                    c.play_ply(next);
                }
            }
        });
    };
    let on_tap = Callback::new(move |square: Square| {
        controller.update(|c| {
            c.tap(square);
        });
    });
    let on_drag = Callback::new(move |(from, to): (Square, Square)| {
        controller.update(|c| {
            c.drag(from, to);
        });
    });

    let words = move || {
        if failed.get() {
            return tr!("analysis-failed");
        }
        if line.with(|l| l.outcome().is_some()) {
            return tr!("analysis-over");
        }
        match finding.get() {
            Some(found) if found.depth > 0 => eval_words(&found, to_move(), variant),
            _ => tr!("analysis-starting"),
        }
    };
    let depth = move || {
        finding
            .get()
            .filter(|f| f.depth > 0)
            .map(|f| tr!("analysis-depth", { "depth" => f.depth, "nodes" => f.nodes }))
    };
    let best_line = move || ply_texts(finding.get().map(|f| f.line).unwrap_or_default());
    // The plies the review judged (their index and how bad), and the one a
    // verdict was followed to: marked in the game's list.
    let judged = RwSignal::new(Vec::<(usize, &'static str)>::new());
    let followed = RwSignal::new(None::<usize>);
    let plies_list = NodeRef::<leptos::html::Div>::new();
    // The position shown on the game line (its number of plies), or none
    // in a variation: one memo for every row of the list.
    let shown = Memo::new(move |_| on_game_line.get().then(|| line.with(|l| l.plies().len())));
    let plies = move || {
        // The rows are made outside the stored game's `with_value`, and read
        // one memo: made inside it, each reading the game anew, the first
        // row's first reactive attribute never followed the position (the
        // first ply was never marked as the one shown).
        let texts: Vec<String> =
            mainline.with_value(|m| m.plies().iter().map(|p| p.ply.to_string()).collect());
        texts
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let current = move || shown.get() == Some(i + 1);
                // The ply a verdict led to, while its position is shown.
                let target = move || followed.get() == Some(i) && shown.get() == Some(i);
                let judgement = move || {
                    judged.with(|j| j.iter().find(|(index, _)| *index == i).map(|(_, t)| *t))
                };
                view! {
                    <button type="button" class="ply" data-testid="analysis-ply" data-at=i + 1
                        class:target=target
                        data-judgement=judgement
                        aria-current=move || current().then_some("step")
                        on:click=move |_| go(i + 1)>
                        <span class="ply-number">{move || tr!("analysis-ply-number", { "n" => i + 1 })}</span>
                        {text}
                    </button>
                }
            })
            .collect_view()
    };
    // A verdict followed: the position before its ply, the ply in sight in
    // the list (scrolled there: the list, not the page).
    // The scroll waits for the list to be drawn anew for the position
    // followed (a list redrawn after the scroll could lose it); the timer
    // dies with the screen, or with the next verdict followed.
    let scrolling = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    on_cleanup(move || scrolling.set_value(None));
    let follow = Callback::new(move |index: usize| {
        go(index);
        followed.set(Some(index));
        let scroll = gloo_timers::callback::Timeout::new(0, move || {
            let Some(list) = plies_list.get_untracked() else {
                return;
            };
            let selector = format!("[data-at=\"{}\"]", index + 1);
            if let Some(ply) = list
                .query_selector(&selector)
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<leptos::web_sys::HtmlElement>().ok())
            {
                // The list is the plies' offset parent (positioned in the style).
                list.set_scroll_top(ply.offset_top() - list.client_height() / 2);
            }
        });
        scrolling.set_value(Some(scroll));
    });
    let variation = move || {
        line.with(|l| {
            let from = branch.get();
            ply_texts(
                l.plies()[from.min(l.plies().len())..]
                    .iter()
                    .map(|p| p.ply)
                    .collect(),
            )
        })
    };
    // A name is known unless empty or a record's "?".
    let known = |name: &str| !name.is_empty() && name != "?";
    let names_title = if known(&names.0) || known(&names.1) {
        Some(tr!("library-game-title", { "first" => names.0.clone(), "second" => names.1.clone() }))
    } else {
        None
    };
    // A position without a game (the editor's): no game line, no review.
    let has_plies = main_length > 0;

    view! {
        <div class="game-screen analysis" data-testid="analysis">
            <section class="board-area">
                <div class="analysis-board" class:flipped=flipped>
                    <div class="eval-bar" data-testid="eval-bar" role="meter" aria-valuemin="0" aria-valuemax="1000"
                        aria-valuenow=move || share().to_string()
                        aria-label=move || tr!("analysis-bar")>
                        <div class="eval-fill" style=move || format!("height: {}%", f64::from(share()) / 10.0)></div>
                    </div>
                    <Board view=board_view on_tap=on_tap on_drag=on_drag/>
                </div>
            </section>
            <section class="panel side-panel">
                <h2>{tr_text(|| tr!("analysis-title"))}</h2>
                {match names_title {
                    Some(title) => view! { <p dir="auto" data-testid="analysis-names">{title}</p> }.into_any(),
                    None if !has_plies => view! {
                        <p data-testid="analysis-names">{tr_text(|| tr!("analysis-position"))}</p>
                    }.into_any(),
                    None => ().into_any(),
                }}
                // The moves through the game first: the words below grow
                // as the search deepens, and moved these controls away from
                // under a finger (an Arabic phone could not scroll to them).
                <div class="controls">
                    {has_plies.then(|| view! {
                        <button type="button" data-testid="analysis-start" on:click=move |_| go(0)>{tr_text(|| tr!("replay-start"))}</button>
                    })}
                    <button type="button" data-testid="analysis-prev" on:click=move |_| back()>{tr_text(|| tr!("replay-prev"))}</button>
                    <button type="button" data-testid="analysis-next" on:click=move |_| forward()>{tr_text(|| tr!("replay-next"))}</button>
                    {has_plies.then(|| view! {
                        <button type="button" data-testid="analysis-end" on:click=move |_| go(main_length)>{tr_text(|| tr!("replay-end"))}</button>
                    })}
                    <button type="button" data-testid="flip" on:click=move |_| controller.update(|c| c.flipped = !c.flipped)>
                        {tr_text(|| tr!("control-flip"))}
                    </button>
                </div>
                <p class="notice hint" role="status" data-testid="analysis-eval"
                    data-thinking=move || thinking().to_string()>
                    {words}
                </p>
                <p data-testid="analysis-depth">{depth}</p>
                <p>
                    <span>{tr_text(|| tr!("analysis-line"))}</span>" "
                    <span dir="ltr" class="ply-line best-line" data-testid="analysis-line">{best_line}</span>
                </p>
                {has_plies.then(|| view! {
                    <h3>{tr_text(|| tr!("analysis-game-line"))}</h3>
                    <div class="analysis-plies" dir="ltr" data-testid="analysis-plies" node_ref=plies_list>{plies}</div>
                })}
                {move || (!on_game_line.get()).then(|| view! {
                    <p class="notice" data-testid="analysis-variation">
                        {tr_text(|| tr!("analysis-variation"))}" "
                        <span dir="ltr" class="ply-line">{variation}</span>
                    </p>
                    <button type="button" class="primary" data-testid="analysis-back"
                        on:click=move |_| go(branch.get_untracked())>
                        {if has_plies { tr_text(|| tr!("analysis-back")).into_any() } else { tr_text(|| tr!("analysis-back-position")).into_any() }}
                    </button>
                })}
                {has_plies.then(|| view! {
                    <ReviewPanel game=record.game.clone() start=review go=Callback::new(go) follow=follow judged=judged
                        shown=shown/>
                })}
                <div class="controls">
                    <button type="button" data-testid="analysis-edit"
                        on:click=move |_| { let position = line.with_untracked(|l| *l.position()); crate::app::services::browser::open(&crate::app::route::Route::edit(*position.rules(), &position.to_string())) }>
                        {tr_text(|| tr!("study-edit-position"))}
                    </button>
                    <button type="button" data-testid="analysis-play"
                        disabled=move || line.with(|l| l.outcome().is_some())
                        on:click=move |_| on_play.run(line.with_untracked(|l| *l.position()))>
                        {tr_text(|| tr!("study-play"))}
                    </button>
                </div>
            </section>
        </div>
    }
}

/// A game to analyse from one position (the editor's).
pub fn from_position(position: Position) -> Record {
    Record::new(Game::from_position(position))
}

/// Plies one after the other, each kept whole on its line (a step's
/// hyphen is a place a line may break).
pub fn ply_texts(plies: Vec<Ply>) -> impl IntoView {
    plies
        .into_iter()
        .enumerate()
        .map(|(i, ply)| {
            view! { {(i > 0).then_some(" ")}<span class="ply-text">{ply.to_string()}</span> }
        })
        .collect_view()
}
