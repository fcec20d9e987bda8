//! The result dialog: who won and why, a rematch with sides swapped, a new
//! game, or a look at the final board. A modal `<dialog>`: it takes the
//! focus when it opens, keeps Tab inside, and Escape closes it. On a
//! tournament's board the game is the board's result: the way back to the
//! tournament comes first, and no rematch is offered.

use crate::tr;
use leptos::ev;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

#[cfg(fetched_english)]
use crate::app::chunks::part;
use crate::app::chunks::ChunkMissing;
use crate::app::i18n::tr_text;
#[cfg(fetched_english)]
use wasm_split_helpers::wasm_split;

use super::{Match, Play};

// Split only in the pages' release build (`make release` sets
// `fetched_english` there and splits its modules): a wasm build that is not
// split (the wasm tests) has no loader for the split point's import.
#[cfg(fetched_english)]
#[wasm_split(result, fallible, wasm_split_path = ::wasm_split_helpers, preload(preload_result))]
fn result_view(
    on_rematch: Callback<Match>,
    on_new_game: Callback<()>,
) -> Result<AnyView, ChunkMissing> {
    Ok(view! { <ResultDialog on_rematch=on_rematch on_new_game=on_new_game/> }.into_any())
}

/// The result dialog, once its chunk is here (a chunk of its own, fetched
/// after the page's first paint with the screens' chunks,
/// `screens::lazy::preload_all`): the game screen asks for it once its
/// game is over, so it is usually here by then.
pub fn result_dialog(on_rematch: Callback<Match>, on_new_game: Callback<()>) -> AnyView {
    #[cfg(fetched_english)]
    return part(move || result_view(on_rematch, on_new_game));
    #[cfg(not(fetched_english))]
    view! { <ResultDialog on_rematch=on_rematch on_new_game=on_new_game/> }.into_any()
}

/// Fetches the result dialog's chunk (`screens::lazy::preload_all`).
pub async fn preload() -> Result<(), ChunkMissing> {
    #[cfg(fetched_english)]
    return preload_result().await.map_err(|_| ChunkMissing);
    #[cfg(not(fetched_english))]
    Ok(())
}

/// The buttons of `dialog` that can take the focus, in order.
fn focusables(dialog: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = dialog.query_selector_all("button:not([disabled])") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// Given as a context by the screens whose games are tournaments' boards
/// (a board's result counts: no rematch, no new game): draws the dialog's
/// way back to the tournament, given the dialog's `on_new_game`.
#[derive(Clone, Copy)]
pub struct TournamentBack(pub Callback<Callback<()>, AnyView>);

/// The result, while the game is over and the dialog open.
#[component]
pub fn ResultDialog(on_rematch: Callback<Match>, on_new_game: Callback<()>) -> impl IntoView {
    let play = expect_context::<Play>();
    let outcome = Memo::new(move |_| play.panel.with(|c| c.game().outcome()));
    move || {
        let outcome = outcome.get()?;
        play.result_open.get().then(|| {
            let winner_name = outcome
                .winner
                .map(|side| play.players.with_value(|m| m.name(side).to_owned()));
            let reason = crate::app::i18n::tokens::reason_token(outcome, play.variant);
            let dialog = NodeRef::<leptos::html::Dialog>::new();
            let back = use_context::<TournamentBack>().map(|back| back.0.run(on_new_game));
            let board = back.is_some();
            // Shown as a modal once in the page: the rest of the page is
            // inert, and the first button has the focus.
            Effect::new(move |_| {
                if let Some(dialog) = dialog.get() {
                    if !dialog.open() {
                        let _ = dialog.show_modal();
                    }
                    if let Some(first) = focusables(&dialog).first() {
                        let _ = first.focus();
                    }
                }
            });
            let close = move || play.result_open.set(false);
            let on_keydown = move |event: ev::KeyboardEvent| {
                let Some(dialog) = dialog.get_untracked() else {
                    return;
                };
                if event.key() != "Tab" {
                    return;
                }
                // Tab and Shift+Tab go round the dialog's buttons.
                let buttons = focusables(&dialog);
                let active = document().active_element();
                let at = buttons
                    .iter()
                    .position(|b| active.as_ref().is_some_and(|a| a == b.unchecked_ref::<web_sys::Element>()));
                let next = match (at, event.shift_key()) {
                    (Some(0) | None, true) => buttons.len().checked_sub(1),
                    (Some(i), true) => Some(i - 1),
                    (Some(i), false) if i + 1 < buttons.len() => Some(i + 1),
                    _ => Some(0),
                };
                if let Some(button) = next.and_then(|i| buttons.get(i)) {
                    event.prevent_default();
                    let _ = button.focus();
                }
            };
            view! {
                <dialog
                    class="dialog result"
                    node_ref=dialog
                    aria-labelledby="result-title"
                    data-testid="result"
                    data-winner=outcome.winner_token()
                    data-reason=reason
                    on:keydown=on_keydown
                    on:cancel=move |event: ev::Event| {
                        // Escape: closed by us, so that the state follows.
                        event.prevent_default();
                        close();
                    }
                >
                    <h2 id="result-title">{move || match winner_name.clone() {
                        Some(name) => tr!("result-winner", { "name" => name }),
                        None => tr!("result-draw"),
                    }}</h2>
                    <p>{move || tr!("result-reason", { "reason" => reason })}</p>
                    // Online: the opponent's rematch offer is answered here
                    // (the dialog keeps the rest of the page inert).
                    {play.referee.map(|referee| referee.with(|r| r.rematch_notice()))}
                    <div class="controls">
                        {back}
                        {(!board).then(|| view! {
                            <button type="button" class="primary" data-testid="rematch"
                                on:click=move |_| on_rematch.run(play.players.with_value(Match::swapped))>
                                {tr_text(|| tr!("result-rematch"))}
                            </button>
                        })}
                        <button type="button" data-testid="result-review" on:click=move |_| crate::app::services::browser::open(&crate::app::route::Route::review(&play.record()))>
                            {tr_text(|| tr!("study-review"))}
                        </button>
                        {(!board).then(|| view! {
                            <button type="button" data-testid="result-new-game" on:click=move |_| on_new_game.run(())>
                                {tr_text(|| tr!("control-new"))}
                            </button>
                        })}
                        <button type="button" data-testid="result-close" on:click=move |_| close()>
                            {tr_text(|| tr!("result-close"))}
                        </button>
                    </div>
                </dialog>
            }
        })
    }
}

/// The way back to the tournament, first in the dialog of a tournament's
/// board: `on_click` goes there.
pub fn back_button(on_click: impl Fn() + 'static) -> AnyView {
    view! {
        <button type="button" class="primary" data-testid="result-back-to-tournament"
            on:click=move |_| on_click()>
            {tr_text(|| tr!("result-back-to-tournament"))}
        </button>
    }
    .into_any()
}
