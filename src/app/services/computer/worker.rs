//! The page's handle on the AI worker (`kharbga-worker`): it starts the
//! worker, hands every line it sends to a callback, reports a worker that
//! cannot load or dies, and terminates it when dropped. The listeners are
//! gloo's, so they are removed with the handle.

use gloo_events::{EventListener, EventListenerOptions};
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

/// The worker's start script (`src/web/kharbga-worker_loader.js`, which
/// loads the worker's wasm), as the page names it: the build names it by
/// its content (src/web/name.mjs) and writes that name in every page's
/// `<meta name="kharbga-worker">`.
fn script() -> Option<String> {
    leptos::prelude::document()
        .query_selector("meta[name=kharbga-worker]")
        .ok()??
        .get_attribute("content")
}

/// A running worker.
pub struct WorkerHandle {
    worker: web_sys::Worker,
    _on_message: EventListener,
    _on_error: EventListener,
}

impl WorkerHandle {
    /// Starts the worker; `on_line` gets every line it sends, `on_error`
    /// is called when it cannot load or fails. `None` when the browser
    /// cannot even create it.
    pub fn start(
        on_line: impl Fn(String) + 'static,
        on_error: impl Fn() + 'static,
    ) -> Option<WorkerHandle> {
        let worker = web_sys::Worker::new(&script()?).ok()?;
        let on_message = EventListener::new(&worker, "message", move |event| {
            let line = event
                .dyn_ref::<web_sys::MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(line) = line {
                on_line(line);
            }
        });
        let on_error = EventListener::new_with_options(
            &worker,
            "error",
            EventListenerOptions::enable_prevent_default(),
            move |event| {
                // Handled here: the page says so and carries on without it.
                event.prevent_default();
                on_error();
            },
        );
        Some(WorkerHandle {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends a line (a worker that died cannot answer: the caller's timer
    /// notices).
    pub fn send(&self, line: &str) {
        let _ = self.worker.post_message(&line.into());
    }
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
