//! The tutorial's screens: the list of lessons with the learner's stars,
//! a lesson on the board, and the rules sheet.

use crate::app::staging::{self, Staged};
use crate::tr;
use leptos::prelude::*;

use super::address::LearnStart;
use super::run::{Feedback, LessonRun};
use crate::app::board::Board;
use crate::app::i18n::{tr_text, translate};
use crate::app::play::controller::{Controller, Response};
use crate::app::play::hud::refusal_text;
use crate::app::services::sound::{self, Sound};
use crate::learn::{Lesson, Progress, LESSONS};
use crate::store::{local, StoreKey};

/// The progress kept in this browser (none when storage is unavailable).
fn load_progress() -> Progress {
    if !local::works() {
        return Progress::default();
    }
    Progress::parse(&local::load(&StoreKey::LearnProgress).unwrap_or_default())
}

/// Keeps the progress (a full or unavailable storage loses only stars).
fn save_progress(progress: &Progress) {
    if local::works() {
        let _ = local::write(&StoreKey::LearnProgress, &progress.to_text());
    }
}

/// Shows `start`'s fragment in the address bar without a reload (a reload
/// returns there).
fn show_address(start: LearnStart) {
    crate::app::services::browser::replace_fragment(&start.fragment());
}

/// The tutorial: the list, a lesson or the rules sheet.
#[component]
pub fn LearnScreen(start: LearnStart) -> impl IntoView {
    let place = RwSignal::new(start);
    let progress = RwSignal::new(load_progress());
    Effect::new(move |first: Option<()>| {
        show_address(place.get());
        // The list, a lesson and the rules sheet each open at their top.
        if first.is_some() {
            crate::app::services::browser::scroll_to_top();
        }
    });
    view! {
        <div class="learn-screen" data-testid="learn-screen">
            {move || match place.get() {
                LearnStart::List => view! { <LessonList place=place progress=progress/> }.into_any(),
                LearnStart::Rules => view! { <RulesSheet place=place/> }.into_any(),
                LearnStart::Lesson(id) => match Lesson::find(id) {
                    Some(lesson) => view! { <LessonView lesson=lesson place=place progress=progress/> }.into_any(),
                    None => view! { <LessonList place=place progress=progress/> }.into_any(),
                },
            }}
        </div>
    }
}

/// The lessons, Kharbga's then Seega's, each with its star.
#[component]
fn LessonList(place: RwSignal<LearnStart>, progress: RwSignal<Progress>) -> impl IntoView {
    let item = move |lesson: &'static Lesson| {
        let done = move || progress.with(|p| p.is_done(lesson.id));
        view! {
            <li class="lesson-item" class:done=done>
                <button type="button" class="lesson-open" data-testid=format!("lesson-{}", lesson.id)
                    on:click=move |_| place.set(LearnStart::Lesson(lesson.id))>
                    <span class="lesson-star" aria-hidden="true">{move || if done() { "★" } else { "☆" }}</span>
                    <span class="lesson-name">{move || translate(&format!("lesson-{}", lesson.id), &[])}</span>
                    <span class="lesson-intro">{move || translate(&format!("lesson-{}-intro", lesson.id), &[])}</span>
                    {move || done().then(|| view! { <span class="visually-hidden">{tr_text(|| tr!("learn-done"))}</span> })}
                </button>
            </li>
        }
    };
    // Kharbga's lessons, Seega's, then the other game's.
    let group = move |family: u8| {
        LESSONS
            .iter()
            .filter(move |l| {
                let variant = l.rules.variant;
                let of = if variant.is_alquerque() {
                    2
                } else if variant.is_kharbga() {
                    0
                } else {
                    1
                };
                of == family
            })
            .map(item)
            .collect_view()
    };
    view! {
        <section class="panel lesson-list" aria-labelledby="learn-title">
            <h2 id="learn-title">{tr_text(|| tr!("learn-title"))}</h2>
            <p data-testid="learn-progress">
                {move || tr!("learn-progress", { "done" => progress.with(Progress::count), "total" => LESSONS.len() })}
            </p>
            <div class="learn-actions">
                {move || progress.with(Progress::next).map(|next| go_to(place, LearnStart::Lesson(next.id), Some("primary"), "learn-continue", || tr!("learn-continue")))}
                {go_to(place, LearnStart::Rules, None, "open-rules", || tr!("rules-title"))}
                <a class="button" href=super::PUZZLES data-testid="open-puzzles">{tr_text(|| tr!("puzzles-open"))}</a>
            </div>
            <h3>{tr_text(|| tr!("learn-kharbga"))}</h3>
            <ol class="lessons">{group(0)}</ol>
            <h3>{tr_text(|| tr!("learn-seega"))}</h3>
            <ol class="lessons">{group(1)}</ol>
            <h3>{tr_text(|| tr!("learn-kharbaga"))}</h3>
            <ol class="lessons">{group(2)}</ol>
        </section>
    }
}

/// One lesson: the caption, the board, and the buttons to go on.
#[component]
fn LessonView(
    lesson: &'static Lesson,
    place: RwSignal<LearnStart>,
    progress: RwSignal<Progress>,
) -> impl IntoView {
    let Some(run) = LessonRun::new(lesson) else {
        return view! { <LessonList place=place progress=progress/> }.into_any();
    };
    let run = RwSignal::new(run);
    let finished = RwSignal::new(false);
    let board_view = Memo::new(move |_| run.with(LessonRun::board_view));
    let act = move |f: &dyn Fn(&mut Controller) -> Response| {
        run.update(|r| {
            let response = f(&mut r.controller);
            if let Response::Played(played) = &response {
                let over = r.controller.game().outcome().is_some();
                sound::play(Sound::of(played, over));
            }
            r.respond(response);
        });
    };
    let on_tap = Callback::new(move |square| act(&|c| c.tap(square)));
    let on_drag = Callback::new(move |(from, to)| act(&|c| c.drag(from, to)));
    let next = move |_| {
        let went = run.try_update(LessonRun::go_on).unwrap_or(false);
        if went {
            // The next step opens at the top, its board in sight (on a
            // phone this button is below the board).
            crate::app::services::browser::scroll_to_top();
        }
        if !went && run.with_untracked(|r| r.is_last() && r.can_go_on()) {
            progress.update(|p| p.mark(lesson.id));
            progress.with_untracked(save_progress);
            finished.set(true);
        }
    };
    let index = lesson_index(lesson);
    let following = LESSONS.get(index + 1);
    let feedback = move || {
        run.with(|r| match r.feedback {
            Feedback::None => None,
            Feedback::Right => Some(("right", tr!("learn-right"))),
            Feedback::Wrong(id) => Some(("wrong", translate(id, &[]))),
            Feedback::Refused(refusal) => {
                let position = r.controller.game().position();
                Some((
                    "wrong",
                    refusal_text(refusal, position.rules().variant, position.to_move()),
                ))
            }
        })
    };
    let flag_shown = lesson.rules.variant.is_kharbga()
        && lesson.steps.iter().any(|s| {
            s.task
                .is_some_and(|t| t.answers.iter().any(|a| a.ends_with('*')))
        });
    view! {
        <div class="lesson" data-testid="lesson" data-lesson=lesson.id>
            // (Behind the page's copy of this screen, a task each.)
            <section class="play-area">
                <Staged step=staging::PARTS><Board view=board_view on_tap=on_tap on_drag=on_drag/></Staged>
            </section>
            <Staged step=staging::LAST>
            <aside class="panel side-panel lesson-panel">
                <nav class="lesson-nav">
                    {go_to(place, LearnStart::List, Some("link"), "lesson-back", || tr!("learn-back"))}
                </nav>
                <h2 data-testid="lesson-title">{move || translate(&format!("lesson-{}", lesson.id), &[])}</h2>
                <p class="lesson-step" data-testid="lesson-step">
                    {move || tr!("learn-step", { "step" => run.with(|r| r.step) + 1, "total" => lesson.steps.len() })}
                </p>
                <p class="lesson-caption" data-testid="lesson-caption" aria-live="polite"
                    data-task=move || run.with(LessonRun::is_task).to_string()>
                    {move || run.with(|r| translate(r.current().caption, &[]))}
                </p>
                {move || run.with(|r| r.hinted.then(|| r.current().task.and_then(|t| t.hint())).flatten()).map(|ply| view! {
                    <p class="lesson-hint" data-testid="lesson-hint-text" data-ply=ply.to_string()>
                        {move || tr!("learn-hint-text", { "ply" => ply.to_string() })}
                    </p>
                })}
                {move || feedback().map(|(kind, text)| view! {
                    <p class="lesson-feedback" data-testid="lesson-feedback" data-kind=kind role="status">{text}</p>
                })}
                <div class="controls">
                    {move || (run.with(|r| r.is_task() && !r.solved)).then(|| view! {
                        <button type="button" data-testid="lesson-hint"
                            on:click=move |_| run.update(LessonRun::hint)>
                            {tr_text(|| tr!("learn-hint"))}
                        </button>
                    })}
                    {flag_shown.then(|| view! {
                        <label class="toggle">
                            <input type="checkbox" data-testid="exchange-flag"
                                prop:checked=move || run.with(|r| r.controller.flag())
                                disabled=move || !run.with(|r| r.controller.flag_available())
                                on:change=move |event| {
                                    let on = event_target_checked(&event);
                                    run.update(|r| r.controller.set_flag(on));
                                }/>
                            {tr_text(|| tr!("control-exchange"))}
                        </label>
                    })}
                    {move || run.with(|r| r.is_task() && !r.solved && r.controller.can_stop()).then(|| view! {
                        <button type="button" data-testid="stop-chain"
                            on:click=move |_| act(&Controller::stop_chain)>
                            {tr_text(|| tr!("control-stop"))}
                        </button>
                    })}
                    <button type="button" data-testid="lesson-again"
                        on:click=move |_| run.update(LessonRun::restart_step)>
                        {tr_text(|| tr!("learn-again"))}
                    </button>
                    <button type="button" data-testid="control-flip"
                        on:click=move |_| run.update(|r| r.controller.flipped = !r.controller.flipped)>
                        {tr_text(|| tr!("control-flip"))}
                    </button>
                </div>
                {move || (!finished.get()).then(|| view! {
                    <button type="button" class="primary" data-testid="lesson-next"
                        disabled=move || !run.with(LessonRun::can_go_on)
                        on:click=next>
                        {move || if run.with(LessonRun::is_last) { tr!("learn-finish") } else { tr!("learn-next") }}
                    </button>
                })}
                {move || finished.get().then(|| view! {
                    <div class="lesson-finished" data-testid="lesson-finished" role="status">
                        <p>{tr_text(|| tr!("learn-finished"))}</p>
                        {following.map(|l| go_to(place, LearnStart::Lesson(l.id), Some("primary"), "lesson-following", || tr!("learn-following")))}
                        {go_to(place, LearnStart::List, None, "lesson-list", || tr!("learn-back"))}
                    </div>
                })}
            </aside>
            </Staged>
        </div>
    }
    .into_any()
}

/// A button that takes the tutorial to `to`, in the look `class` (none,
/// "primary" or "link").
fn go_to(
    place: RwSignal<LearnStart>,
    to: LearnStart,
    class: Option<&'static str>,
    test_id: &'static str,
    label: fn() -> String,
) -> impl IntoView {
    view! {
        <button type="button" class=class data-testid=test_id on:click=move |_| place.set(to)>
            {tr_text(label)}
        </button>
    }
}

/// Where a lesson is in the list.
fn lesson_index(lesson: &Lesson) -> usize {
    LESSONS
        .iter()
        .position(|l| l.id == lesson.id)
        .unwrap_or(LESSONS.len())
}

/// The rules on one screen, to read or print.
#[component]
fn RulesSheet(place: RwSignal<LearnStart>) -> impl IntoView {
    let section = |title: fn() -> String, body: fn() -> String| {
        view! {
            <section class="rules-part">
                <h3>{tr_text(title)}</h3>
                <p>{tr_text(body)}</p>
            </section>
        }
    };
    view! {
        <article class="panel rules-sheet" data-testid="rules-sheet" aria-labelledby="rules-title">
            <nav class="lesson-nav no-print">
                {go_to(place, LearnStart::List, Some("link"), "rules-back", || tr!("learn-back"))}
                <button type="button" data-testid="rules-print" on:click=move |_| { let _ = window().print(); }>
                    {tr_text(|| tr!("rules-print"))}
                </button>
            </nav>
            <h2 id="rules-title">{tr_text(|| tr!("rules-title"))}</h2>
            {section(|| tr!("rules-board-title"), || tr!("rules-board"))}
            {section(|| tr!("rules-setting-title"), || tr!("rules-setting"))}
            {section(|| tr!("rules-moving-title"), || tr!("rules-moving"))}
            {section(|| tr!("rules-capture-title"), || tr!("rules-capture"))}
            {section(|| tr!("rules-chain-title"), || tr!("rules-chain"))}
            {section(|| tr!("rules-blocked-title"), || tr!("rules-blocked"))}
            {section(|| tr!("rules-exchange-title"), || tr!("rules-exchange"))}
            {section(|| tr!("rules-end-title"), || tr!("rules-end"))}
            {section(|| tr!("rules-seega-title"), || tr!("rules-seega"))}
        </article>
    }
}
