//! The `<Board>` component: a keyboard-navigable grid of square buttons.
//!
//! It draws a [`BoardView`] and nothing else; what each square looks like is
//! decided in [`super::board_view`]. The grid stays left-to-right under
//! Arabic: `a1` is bottom-left in every language.
//!
//! Testing contract: every square carries `data-square="<name>"`; an
//! occupied one carries `data-piece="attacker"` or `data-piece="defender"`.

use leptos::prelude::*;
use leptos::web_sys;
use leptos_fluent::tr;

use super::board_view::{piece_token, BoardView, FocusKey, SquareView};
use crate::engine::Square;

/// The board, drawn from `view`.
#[component]
pub fn Board(#[prop(into)] view: Signal<BoardView>) -> impl IntoView {
    // Roving tabindex: one square is in the tab order; arrow keys move it.
    let focused = RwSignal::new(None::<Square>);
    let board_ref = NodeRef::<leptos::html::Div>::new();

    let on_keydown = move |event: web_sys::KeyboardEvent| {
        let Some(key) = FocusKey::from_key(&event.key()) else {
            return;
        };
        event.prevent_default();
        let board = view.get_untracked();
        let from = focused.get_untracked().unwrap_or(board.size.malha());
        let to = board.next_focus(from, key);
        focused.set(Some(to));
        focus_square(board_ref, to);
    };

    let rows = move || {
        let board = view.get();
        let tab_stop = focused
            .get()
            .filter(|s| board.size.contains(*s))
            .unwrap_or(board.size.malha());
        board
            .rows()
            .into_iter()
            .map(|row| {
                let cells = row
                    .into_iter()
                    .map(|cell| square_button(cell, tab_stop, focused))
                    .collect_view();
                view! { <div role="row" class="board-row">{cells}</div> }
            })
            .collect_view()
    };

    let side = move || view.with(|b| b.size.side());
    view! {
        <div class="board-frame" dir="ltr" style=move || format!("--side: {}", side())>
            <div class="ranks" aria-hidden="true">
                {move || view.with(|b| b.rank_labels()).into_iter().map(|r| view! { <span>{r.to_string()}</span> }).collect_view()}
            </div>
            <div
                class="board"
                role="grid"
                node_ref=board_ref
                aria-label=move || tr!("board-label")
                data-size=side
                on:keydown=on_keydown
            >
                {rows}
            </div>
            <div class="files" aria-hidden="true">
                {move || view.with(|b| b.file_labels()).into_iter().map(|f| view! { <span>{f.to_string()}</span> }).collect_view()}
            </div>
        </div>
    }
}

fn square_button(
    cell: SquareView,
    tab_stop: Square,
    focused: RwSignal<Option<Square>>,
) -> impl IntoView {
    let SquareView {
        square,
        piece,
        is_malha,
        classes,
    } = cell;
    let name = square.to_string();
    let token = piece_token(piece);
    let label = {
        let name = name.clone();
        move || {
            tr!("square-label", {
                "square" => name.clone(),
                "malha" => if is_malha { "yes" } else { "no" },
                "piece" => token,
            })
        }
    };
    view! {
        <button
            type="button"
            role="gridcell"
            class=classes
            data-square=name
            data-piece=piece.map(|_| token)
            tabindex=if square == tab_stop { "0" } else { "-1" }
            aria-label=label
            on:focus=move |_| focused.set(Some(square))
        >
            {piece.map(|_| view! { <span class=format!("soldier {token}") aria-hidden="true"></span> })}
        </button>
    }
}

fn focus_square(board: NodeRef<leptos::html::Div>, square: Square) {
    use leptos::wasm_bindgen::JsCast;
    let Some(board) = board.get_untracked() else {
        return;
    };
    let selector = format!("[data-square=\"{square}\"]");
    if let Ok(Some(element)) = board.query_selector(&selector) {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            // A square that cannot take focus is simply not focused.
            let _ = element.focus();
        }
    }
}
