//! The analysis board's review: "Review with the computer" analyses every
//! position of the game in a worker of its own, with a progress bar and the
//! time left; it can be cancelled and resumed. The evaluation graph (SVG:
//! click a point to go there), the plies judged inaccuracies, mistakes and
//! blunders with the better ply, and each side's summary follow. The
//! review is kept in the browser's storage under the game's own key and
//! shown again without recomputing.

use std::cell::RefCell;
use std::rc::Rc;

use crate::tr;
use leptos::prelude::*;

use super::review::{key, Judgement, Review, REVIEW_MS};
use crate::ai::protocol::{parse_hello, Answer, VERSION};
use crate::app::i18n::errors::side_name;
use crate::app::i18n::tr_text;
use crate::app::learn::puzzles_url;
use crate::app::services::computer::worker::WorkerHandle;
use crate::engine::{Game, Side};
use crate::learn::puzzle::Puzzle;
use crate::store::{local, StoreKey};

/// The graph's size, in its own units, and the margin that keeps its
/// first and last points inside it.
const WIDTH: u32 = 1000;
const HEIGHT: u32 = 240;
const MARGIN: u32 = 16;

fn load(game: &Game) -> Option<Review> {
    Review::from_text(&local::load(&key(game))?, game)
}

/// The most reviews the browser keeps: a review can be made again, a saved
/// game cannot, so reviews give way before they fill the storage.
const MOST_REVIEWS: usize = 40;

fn save(game: &Game, review: &Review) {
    let own = key(game);
    let others = local::keys(|k| matches!(k, StoreKey::Review(_)).then_some(k))
        .into_iter()
        .filter(|k| *k != own);
    for extra in others.skip(MOST_REVIEWS.saturating_sub(1)) {
        let _ = local::remove(&extra);
    }
    // A full storage keeps the review for this visit only.
    let _ = local::write(&own, &review.to_text());
}

/// The review's worker and the position it is asked about.
struct Run {
    worker: Option<WorkerHandle>,
    id: u64,
    asked: Option<usize>,
}

/// Ends the review's worker when the screen goes.
struct RunGuard(Rc<RefCell<Run>>);

impl Drop for RunGuard {
    fn drop(&mut self) {
        self.0.borrow_mut().worker.take();
    }
}

/// The review of `game`; `start` begins it at once; `go` shows the
/// position before a ply; `follow` is a verdict followed to its ply (the
/// position before it); `shown` is the position shown (on the game line);
/// `judged` is kept to the plies judged and how (for the game's list).
#[component]
pub fn ReviewPanel(
    game: Game,
    start: bool,
    go: Callback<usize>,
    follow: Callback<usize>,
    #[prop(into)] shown: Signal<Option<usize>>,
    judged: RwSignal<Vec<(usize, &'static str)>>,
) -> impl IntoView {
    let game = StoredValue::new(game);
    let review = RwSignal::new(game.with_value(load));
    let running = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let run = Rc::new(RefCell::new(Run {
        worker: None,
        id: 0,
        asked: None,
    }));
    StoredValue::new_local(RunGuard(Rc::clone(&run)));

    // Asks the worker for the next position still to analyse, or ends.
    let ask_next = {
        let run = Rc::clone(&run);
        move || {
            let next = review.with_untracked(|r| r.as_ref().and_then(Review::next_missing));
            let mut run = run.borrow_mut();
            match next {
                Some(index) if running.get_untracked() => {
                    run.id += 1;
                    run.asked = Some(index);
                    let request = game.with_value(|g| Review::request(g, index, run.id));
                    if let Some(worker) = &run.worker {
                        worker.send(&request);
                    }
                }
                _ => {
                    run.asked = None;
                    running.set(false);
                }
            }
        }
    };
    let on_line = {
        let run = Rc::clone(&run);
        let ask_next = ask_next.clone();
        move |message: String| {
            if let Some(version) = parse_hello(&message) {
                if version == VERSION {
                    ask_next();
                } else {
                    failed.set(true);
                    running.set(false);
                }
                return;
            }
            let Ok(answer) = Answer::parse(&message) else {
                return;
            };
            let asked = {
                let run = run.borrow();
                run.asked.filter(|_| answer.id() == run.id)
            };
            let Some(index) = asked else {
                return;
            };
            let mut kept = false;
            review.update(|r| {
                if let Some(r) = r {
                    game.with_value(|g| {
                        kept = r.record(g, index, &answer);
                        if kept {
                            save(g, r);
                        }
                    });
                }
            });
            if kept {
                ask_next();
            } else {
                // The worker refused the request: stop, say so, keep what was done.
                failed.set(true);
                running.set(false);
            }
        }
    };
    let begin = {
        let run = Rc::clone(&run);
        move || {
            if running.get_untracked() {
                return;
            }
            if review.with_untracked(Option::is_none) {
                review.set(Some(game.with_value(Review::new)));
            }
            if review.with_untracked(|r| r.as_ref().is_some_and(Review::is_complete)) {
                return;
            }
            failed.set(false);
            running.set(true);
            let handle = WorkerHandle::start(on_line.clone(), move || {
                failed.set(true);
                running.set(false);
            });
            if handle.is_none() {
                failed.set(true);
                running.set(false);
            }
            run.borrow_mut().worker = handle;
        }
    };
    // A stopped review lets its worker go (not from inside the worker's
    // own message handler: here, afterwards).
    {
        let run = Rc::clone(&run);
        Effect::new(move |_| {
            if !running.get() {
                let mut run = run.borrow_mut();
                run.worker.take();
                run.asked = None;
            }
        });
    }
    if start {
        begin();
    }
    let begin = StoredValue::new_local(begin);

    let progress = move || review.with(|r| r.as_ref().map_or((0, 0), |r| (r.done(), r.total())));
    let remaining_seconds = move || {
        let (done, total) = progress();
        ((total - done) as u64 * REVIEW_MS).div_ceil(1000)
    };
    let complete = move || review.with(|r| r.as_ref().is_some_and(Review::is_complete));
    let variant = game.with_value(|g| g.rules().variant);
    Effect::new(move |_| {
        let marks = review.with(|r| {
            r.as_ref()
                .map(|r| game.with_value(|g| r.judged(g)))
                .unwrap_or_default()
                .into_iter()
                .map(|j| (j.index, j.judgement.token()))
                .collect::<Vec<_>>()
        });
        if judged.with_untracked(|j| *j != marks) {
            judged.set(marks);
        }
    });

    let graph = move || {
        let (shares, judged, total) = review.with(|r| {
            let r = r.as_ref()?;
            let judged = game.with_value(|g| r.judged(g));
            Some((r.shares(), judged, r.total()))
        })?;
        (shares.iter().any(Option::is_some)).then(|| {
            let x = move |i: usize| MARGIN + (i as u32 * (WIDTH - 2 * MARGIN)) / (total.max(2) as u32 - 1);
            let y = |share: u32| HEIGHT - share * HEIGHT / 1000;
            let points: Vec<(usize, u32)> = shares
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.map(|s| (i, s)))
                .collect();
            let line = points
                .iter()
                .map(|(i, s)| format!("{},{}", x(*i), y(*s)))
                .collect::<Vec<_>>()
                .join(" ");
            let area = format!(
                "M {},{} L {} L {},{} Z",
                x(points[0].0),
                HEIGHT,
                line.replace(' ', " L "),
                x(points[points.len() - 1].0),
                HEIGHT
            );
            let dots = points
                .iter()
                .map(|&(i, s)| {
                    // The ply that led here, if it was judged.
                    let mark = i
                        .checked_sub(1)
                        .and_then(|ply| judged.iter().find(|j| j.index == ply))
                        .map_or("", |j| j.judgement.token());
                    view! {
                        <circle class=format!("point {mark}") cx=x(i) cy=y(s) r=if mark.is_empty() { 6 } else { 11 }
                            data-at=i on:click=move |_| go.run(i)>
                            <title>{i}</title>
                        </circle>
                    }
                })
                .collect_view();
            let cursor = move || {
                shown.get().map(|at| {
                    view! { <line class="cursor" x1=x(at) x2=x(at) y1="0" y2=HEIGHT/> }
                })
            };
            view! {
                <svg class="review-graph" data-testid="review-graph" viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                    preserveAspectRatio="none" role="img" aria-label=move || tr!("review-graph")>
                    <line class="middle" x1="0" x2=WIDTH y1=HEIGHT / 2 y2=HEIGHT / 2/>
                    <path class="area" d=area/>
                    <polyline class="curve" points=line/>
                    {cursor}
                    {dots}
                </svg>
            }
        })
    };
    let judged_list = move || {
        let judged = review.with(|r| {
            r.as_ref()
                .map(|r| game.with_value(|g| r.judged(g)))
                .unwrap_or_default()
        });
        judged
            .into_iter()
            .map(|j| {
                let ply = game.with_value(|g| g.plies()[j.index].ply.to_string());
                let better = j.better.map(|p| p.to_string());
                let token = j.judgement.token();
                // A blunder, replayed as a puzzle on the tutorial's page.
                let puzzle = (j.judgement == Judgement::Blunder)
                    .then(|| {
                        let position = game.with_value(|g| g.position_at(j.index).copied())?;
                        Puzzle::find_better(position, j.better?)
                    })
                    .flatten()
                    .map(|p| puzzles_url(&format!("/find/{}", p.to_find_path())));
                view! {
                    <li>
                        <button type="button" class=format!("judged {token}") data-testid="review-judged"
                            data-judgement=token data-at=j.index on:click=move |_| follow.run(j.index)>
                            {move || keep_whole(&tr!("review-judged", {
                                "n" => j.index + 1,
                                "side" => side_name(Some(variant), j.side),
                                "ply" => ply.clone(),
                                "judgement" => token,
                            }), &ply)}
                            {better.clone().map(|b| view! {
                                " " <span class="better">{move || keep_whole(&tr!("review-better", { "ply" => b.clone() }), &b)}</span>
                            })}
                        </button>
                        {puzzle.map(|href| view! {
                            " " <a class="review-puzzle" href=href data-testid="review-puzzle">{tr_text(|| tr!("review-puzzle"))}</a>
                        })}
                    </li>
                }
            })
            .collect_view()
    };
    // A row for each kind of ply judged, then the average loss; a column
    // for each side: the long words (the kinds) down the side, where they
    // have the room, not squeezed into five columns of a narrow panel.
    let summary = move || {
        let sums = review.with(|r| r.as_ref().map(|r| game.with_value(|g| r.summary(g))))?;
        let sides = [Side::First, Side::Second];
        let rows = Judgement::ALL
            .into_iter()
            .map(|j| {
                let cells = sides
                    .into_iter()
                    .zip(sums)
                    .map(|(side, sum)| {
                        view! { <td data-side=side.token() data-judgement=j.token()>{sum.counts[j as usize]}</td> }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <th scope="row">{move || tr!("review-kind", { "judgement" => j.token() })}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        let averages = sides
            .into_iter()
            .zip(sums)
            .map(|(side, sum)| {
                view! {
                    <td data-side=side.token() data-testid="review-average">{move || {
                        // Soldiers with two decimals, as the language writes them.
                        let style = crate::app::i18n::format::style_of(crate::app::i18n::language_id());
                        crate::app::i18n::format::format_number(f64::from(sum.average_loss) / 100.0, 2, style)
                    }}</td>
                }
            })
            .collect_view();
        Some(view! {
            <table class="review-summary" data-testid="review-summary">
                <caption>{tr_text(|| tr!("review-summary"))}</caption>
                <thead>
                    <tr>
                        <td></td>
                        {sides.into_iter().map(|side| view! { <th scope="col">{move || side_name(Some(variant), side)}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {rows}
                    <tr>
                        <th scope="row">{tr_text(|| tr!("review-average"))}</th>
                        {averages}
                    </tr>
                </tbody>
            </table>
        })
    };

    view! {
        <section class="review" data-testid="review" data-complete=move || complete().to_string()>
            <h3>{tr_text(|| tr!("review-title"))}</h3>
            {move || failed.get().then(|| view! {
                <p class="notice forbidden" role="alert">{tr_text(|| tr!("analysis-failed"))}</p>
            })}
            {move || if running.get() {
                let (done, total) = progress();
                view! {
                    <div class="review-progress">
                        <progress data-testid="review-progress" max=total value=done></progress>
                        <p role="status">{move || {
                            let (done, total) = progress();
                            tr!("review-running", { "done" => done, "total" => total, "seconds" => remaining_seconds() })
                        }}</p>
                        <button type="button" data-testid="review-cancel" on:click=move |_| running.set(false)>
                            {tr_text(|| tr!("review-cancel"))}
                        </button>
                    </div>
                }.into_any()
            } else if complete() {
                ().into_any()
            } else {
                let (done, _) = progress();
                view! {
                    <button type="button" class="primary" data-testid="review-start"
                        on:click=move |_| begin.with_value(|b| b())>
                        {move || if done == 0 { tr!("study-review") } else { tr!("review-resume", { "done" => progress().0, "total" => progress().1 }) }}
                    </button>
                }.into_any()
            }}
            {graph}
            {summary}
            <ul class="review-judged" data-testid="review-judged-list">{judged_list}</ul>
        </section>
    }
}

/// `text` with `ply` in it kept whole on its line (a step's hyphen is a
/// place a line may break).
fn keep_whole(text: &str, ply: &str) -> impl IntoView {
    let (before, after) = text.split_once(ply).unwrap_or((text, ""));
    let found = before.len() < text.len();
    view! {
        {before.to_owned()}
        {found.then(|| view! { <span class="ply-text">{ply.to_owned()}</span> })}
        {after.to_owned()}
    }
}
