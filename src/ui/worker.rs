//! The page's side of the AI worker: starts `kharbga-worker`, sends request
//! lines, and hands parsed answers back. The worker's `ready` line says it
//! can take requests; until then nothing is sent.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

use crate::ai::protocol::Answer;

/// A running worker.
pub struct AiWorker {
    worker: web_sys::Worker,
    ready: Rc<Cell<bool>>,
    // Kept alive as long as the worker: it receives the answers.
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl AiWorker {
    /// Starts the worker; `on_answer` gets every answer it sends and
    /// `ready_signal` turns true when it can take requests. `None` when the
    /// browser cannot start it.
    pub fn start(
        on_answer: impl Fn(Answer) + 'static,
        ready_signal: RwSignal<bool>,
    ) -> Option<AiWorker> {
        let worker = web_sys::Worker::new("./kharbga-worker_loader.js").ok()?;
        let ready = Rc::new(Cell::new(false));
        let flag = Rc::clone(&ready);
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                let line = event.data().as_string().unwrap_or_default();
                if line == "ready" {
                    flag.set(true);
                    ready_signal.set(true);
                    return;
                }
                // A line that does not parse is not played.
                if let Ok(answer) = Answer::parse(&line) {
                    on_answer(answer);
                }
            },
        );
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(AiWorker {
            worker,
            ready,
            _on_message: on_message,
        })
    }

    /// True once the worker said it is ready.
    pub fn is_ready(&self) -> bool {
        self.ready.get()
    }

    /// Sends a request line.
    pub fn ask(&self, line: &str) {
        // A worker that died cannot answer: the game waits, the person can undo.
        let _ = self.worker.post_message(&line.into());
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
