//! The move list: one row per turn number, each player's plies beside it
//! (a score sheet); a click shows that position, and the shown ply stays in
//! sight.

use crate::tr;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

use crate::app::i18n::tr_text;

use super::describe::{ply_notes, turn_rows, Note};
use super::hud::side_name;
use super::Play;
use crate::engine::{PlayedPly, Side, Variant};

/// A note on a ply, in words.
pub fn note_text(variant: Variant, note: Note) -> String {
    match note {
        Note::Captures(squares) => tr!("note-captures", { "squares" => squares }),
        Note::Removed(squares) => tr!("note-removed", { "squares" => squares }),
        Note::Exchange(kind, squares) => {
            tr!("note-exchange", { "kind" => kind, "squares" => squares })
        }
        Note::Pass(side) => tr!("note-pass", { "side" => side_name(variant, side) }),
        Note::Promoted(square) => tr!("note-promoted", { "square" => square }),
    }
}

/// The moves.
#[component]
pub fn MoveList() -> impl IntoView {
    let play = expect_context::<Play>();
    let controller = play.controller;
    let variant = play.variant;
    let rows = Memo::new(move |_| play.panel.with(|c| turn_rows(c.game())));
    let current = Memo::new(move |_| {
        play.panel
            .with(|c| c.browsing().unwrap_or(c.game().plies().len()))
    });
    let list = NodeRef::<leptos::html::Ol>::new();
    // The shown ply marked, and kept in sight as the game grows or is
    // browsed: by this one effect, not by a closure in each row. (The rows
    // are drawn anew at each ply; a row's closure reading `current` stayed
    // among its subscribers after the row was gone, so a game of n plies
    // kept n²/2 of them: 7 MB after 426 plies.)
    Effect::new(move |_| {
        let at = current.get();
        // The list is drawn anew for a new ply and in a new language.
        rows.track();
        let _ = crate::app::i18n::language_id();
        let Some(list) = list.get() else { return };
        if let Ok(marked) = list.query_selector_all(".ply.current") {
            for i in 0..marked.length() {
                if let Some(e) = marked
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = e.class_list().remove_1("current");
                }
            }
        }
        let shown = at
            .checked_sub(1)
            .and_then(|index| {
                list.query_selector(&format!("[data-ply=\"{index}\"]"))
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(ply) = shown {
            let _ = ply.class_list().add_1("current");
            // Scroll the list only (not the page): the ply near the middle.
            // Measured in the next frame, not in the tap that moved it (a
            // layout forced there makes the tap wait).
            request_animation_frame(move || {
                list.set_scroll_top(ply.offset_top() - list.client_height() / 2);
            });
        }
    });
    // (Every text of a row is made as the list is drawn, not by a closure
    // of its own: the list, drawn again at each ply, follows the language
    // itself, and leaves no closure per row behind it.)
    let cell = move |plies: Vec<(usize, PlayedPly)>, side: Side| {
        let label = side_name(variant, side);
        let buttons = plies
            .into_iter()
            .map(|(index, played)| {
                let notes: Vec<String> = ply_notes(&played)
                    .into_iter()
                    .map(|n| note_text(variant, n))
                    .collect();
                view! {
                    <button
                        type="button"
                        class="ply"
                        data-ply=index
                        on:click=move |_| controller.update(|c| c.browse(index + 1))
                    >
                        {played.ply.to_string()}
                        {(!notes.is_empty()).then(|| view! { <span class="ply-notes">{notes.join(" · ")}</span> })}
                    </button>
                }
            })
            .collect_view();
        view! {
            <div class=format!("turn-cell {}", side.token()) role="group" aria-label=label>
                {buttons}
            </div>
        }
    };
    view! {
        <section class="moves" aria-labelledby="moves-title">
            <h2 id="moves-title">{tr_text(|| tr!("moves-title"))}</h2>
            <ol class="move-list" data-testid="move-list" node_ref=list>
                {move || {
                    rows.get()
                        .into_iter()
                        .map(|row| {
                            let turn = row.turn;
                            view! {
                                <li class="turn" data-turn=turn>
                                    <span class="turn-number">{tr!("moves-turn", { "turn" => turn })}</span>
                                    {cell(row.first, Side::First)}
                                    {cell(row.second, Side::Second)}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
