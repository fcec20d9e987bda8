//! A page's first screen built in slices, one task each, while the copy of
//! it that the page's HTML carries is shown (issue 47: no long task while a
//! page starts).
//!
//! On a first visit a page paints the copy of its first screen written
//! into its HTML (`src/web/prerender.mjs`), long before its WebAssembly
//! has run. The app's own screen then needs no hurry: the shell builds
//! itself and its header in one task, then the screen and its parts, a
//! task each ([`Staged`] and [`reached`]: a part waits for its
//! step; V8 compiles each WebAssembly function the first time it runs, so
//! the first screen's tasks are long on a slow phone), hidden behind the copy
//! (`#first-screen ~ *` in `style/main.css`). Once the last step is built,
//! `<main>` gets `data-drawn` and the copy's script swaps the two in the
//! frame after (no layout shift: the same screen). Without a copy (a
//! returning visit, another screen) every step is reached at once: one task, no frame without the screen.

use leptos::prelude::*;

/// The screen.
pub const SCREEN: u8 = 1;
/// The screen's first parts (its board, or a form's middle).
pub const PARTS: u8 = 2;
/// The last step: every part built.
pub const LAST: u8 = 3;

/// Whether each step is reached (step `n` at `n - 1`), provided by the
/// shell.
#[derive(Clone, Copy)]
struct Staging([RwSignal<bool>; LAST as usize]);

thread_local! {
    // The shell's (a context costs each page's module more code, and every
    // byte of the first page's module counts against its budget).
    static STAGING: std::cell::Cell<Option<Staging>> = const { std::cell::Cell::new(None) };
}

/// Provided by the shell: in slices when the page shows its copy.
/// `on_drawn` runs once every part is built, a task later.
pub fn provide(on_drawn: Box<dyn FnOnce()>) {
    let sliced = copy_shown();
    let staging = Staging(std::array::from_fn(|_| RwSignal::new(!sliced)));
    STAGING.with(|s| s.set(Some(staging)));
    // One step a task: a step set builds its parts (the views' effects
    // run before the task ends). The signals are the shell's: a timer
    // that fires after it is gone sets nothing.
    let mut jobs: Vec<Box<dyn FnOnce()>> = Vec::new();
    if sliced {
        for step in staging.0 {
            jobs.push(Box::new(move || {
                step.try_set(true);
            }));
        }
    }
    jobs.push(Box::new(move || {
        mark_drawn();
        on_drawn();
    }));
    one_a_task(jobs);
}

/// Whether `step` is built yet (always, outside a shell, and once the
/// shell is gone).
pub fn reached(step: u8) -> impl Fn() -> bool + Copy {
    let signal = STAGING
        .with(std::cell::Cell::get)
        .and_then(|s| s.0.get(usize::from(step).saturating_sub(1)).copied());
    move || signal.is_none_or(|s| s.try_get().unwrap_or(true))
}

/// `children`, built once step `step` is reached (once: a step, reached,
/// stays so).
#[component]
pub fn Staged(step: u8, children: Children) -> impl IntoView {
    let ready = reached(step);
    let children = StoredValue::new_local(Some(children));
    move || {
        ready()
            .then(|| children.try_update_value(Option::take).flatten())
            .flatten()
            .map(|children| children())
    }
}

/// `jobs`, one a task, in their order.
pub fn one_a_task(mut jobs: Vec<Box<dyn FnOnce()>>) {
    if jobs.is_empty() {
        return;
    }
    let job = jobs.remove(0);
    set_timeout(
        move || {
            job();
            one_a_task(jobs);
        },
        std::time::Duration::ZERO,
    );
}

/// `<main data-drawn>`: the app's screen is whole (the copy's script then
/// takes the copy away).
fn mark_drawn() {
    #[cfg(target_arch = "wasm32")]
    if let Some(main) = document().query_selector("body > main").ok().flatten() {
        let _ = main.set_attribute("data-drawn", "");
    }
}

/// Whether the page shows the copy of its first screen.
fn copy_shown() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        document().get_element_by_id("first-screen").is_some()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}
