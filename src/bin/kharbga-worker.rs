//! The AI's Web Worker: answers `ai::protocol` requests, one line in, one
//! line out, so the page never waits on a search. Built by Trunk as a
//! worker (`data-type="worker"`); natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;

    use kharbga::ai::protocol::{hello, respond};
    use kharbga::ai::{Clock, Rng, Searcher};
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// The worker's clock: the JS wall clock, in milliseconds.
    struct JsClock(f64);

    impl Clock for JsClock {
        fn elapsed_ms(&self) -> u64 {
            (js_sys::Date::now() - self.0).max(0.0) as u64
        }
    }

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // A large table once; the noise of the lower levels from the clock's seed.
    let state = RefCell::new((
        Searcher::new(kharbga::ai::TABLE_BITS),
        Rng::new(js_sys::Date::now() as u64),
    ));
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let line = event.data().as_string().unwrap_or_default();
        let answer = {
            let mut state = state.borrow_mut();
            let (searcher, rng) = &mut *state;
            respond(&line, searcher, rng, &JsClock(js_sys::Date::now()))
        };
        // A page that went away cannot be told; nothing else to do.
        let _ = reply_to.post_message(&answer.to_string().into());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    // Messages sent before this point were dropped: the page waits for this
    // hello, which names the protocol version.
    let _ = scope.post_message(&hello().into());
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("kharbga-worker runs in the browser; `make build` builds it.");
}
