//! What the screens' chunks share (`wasm_split_helpers`; the split points
//! are with what they show: `screens::lazy`, `play::result`): a chunk that
//! could not be fetched, and a part of a screen shown once its chunk is
//! here. Below both the screens and the game screen, which each have split
//! points of their own.

use std::future::Future;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_split_helpers::SplitLoaderError;

use crate::app::i18n::tr_text;
use crate::tr;

/// A screen's chunk could not be fetched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkMissing;

impl From<SplitLoaderError> for ChunkMissing {
    fn from(_: SplitLoaderError) -> ChunkMissing {
        ChunkMissing
    }
}

/// A part of a screen from a chunk, shown once the chunk is here (nothing
/// in its place meanwhile). Should the chunk be missing, the page says so,
/// with a way to try again.
pub fn part<F: Future<Output = Result<AnyView, ChunkMissing>> + 'static>(
    load: impl Fn() -> F + Send + Sync + 'static,
) -> AnyView {
    let again = RwSignal::new(0u32);
    view! {
        {move || {
            again.track();
            let load = SendWrapper::new(load());
            Suspend::new(async move {
                match load.await {
                    Ok(view) => view,
                    Err(ChunkMissing) => missing(move || again.update(|n| *n += 1)),
                }
            })
        }}
    }
    .into_any()
}

/// What shows in place of a part whose chunk could not be fetched: the
/// page says so, and `retry` fetches it again.
pub fn missing(retry: impl Fn() + 'static) -> AnyView {
    view! {
        <p class="notice warning" role="alert" data-testid="chunk-missing">
            {tr_text(|| tr!("chunk-missing"))}
            <button type="button" class="link" on:click=move |_| retry()>
                {tr_text(|| tr!("chunk-retry"))}
            </button>
        </p>
    }
    .into_any()
}
