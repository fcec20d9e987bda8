//! The board editor's screen: the board takes taps (the brush), drags and
//! keys; the panel chooses the game, the brush, the side to move and the
//! phase, says live whether the engine accepts the arrangement (and why
//! not, in the player's language), and plays it, copies its position string
//! or its link. A position string or a link pasted into its field opens.

use crate::app::staging::{self, Staged};
use crate::tr;
use leptos::prelude::*;

use super::editor::{Brush, EditPhase, Editor, PasteError};
use crate::app::board::Board;
use crate::app::i18n::errors::{position_error, rules_error, share_error, side_name};
use crate::app::i18n::tr_text;
use crate::app::screens::forms::{Choice, Radios, VariantRadios};
use crate::app::services::browser::{copy_to_clipboard, page_url};
use crate::engine::{Position, Side, Square, Variant};

/// The words for a paste that did not open.
pub fn paste_error(error: &PasteError, variant: Variant) -> String {
    let error = match error {
        PasteError::Position(e) => position_error(e, Some(variant)),
        PasteError::Rules(e) => rules_error(e),
        PasteError::Share(e) => share_error(e),
    };
    tr!("study-paste-error", { "error" => error })
}

/// The board editor, opened on `start` (with `error` if the address that
/// opened it did not read); `on_play` receives its position, to start a
/// game from (the new-game form, where the players and the mode are chosen).
#[component]
pub fn EditorScreen(
    start: Editor,
    error: Option<PasteError>,
    on_play: Callback<Position>,
) -> impl IntoView {
    let editor = RwSignal::new(start);
    let verdict = Memo::new(move |_| editor.with(Editor::verdict));
    let board_view = Memo::new(move |_| editor.with(Editor::board_view));
    let variant = Memo::new(move |_| editor.with(|e| e.rules().variant));
    let fragment = Memo::new(move |_| editor.with(Editor::fragment));
    Effect::new(move |_| crate::app::services::browser::replace_fragment(&fragment.get()));
    let paste_failed = RwSignal::new(error);
    let copied = RwSignal::new(None::<&'static str>);
    Effect::new(move |_| {
        // A change makes what was copied stale.
        fragment.track();
        copied.set(None);
    });

    let on_tap = Callback::new(move |square: Square| editor.update(|e| e.tap(square)));
    let on_drag =
        Callback::new(move |(from, to): (Square, Square)| editor.update(|e| e.drag(from, to)));
    let legal = move || verdict.with(Result::is_ok);

    let brush_label = move |brush: Brush| {
        let v = variant.get();
        match brush {
            Brush::Soldier(side) => {
                tr!("study-brush-soldier", { "side" => side_name(Some(v), side) })
            }
            Brush::Mullah(side) => {
                tr!("study-brush-mullah", { "side" => side_name(Some(v), side) })
            }
            Brush::Erase => tr!("study-brush-erase"),
        }
    };
    let brushes = move || {
        let choices = Brush::all(variant.get())
            .iter()
            .map(|brush| {
                let brush = *brush;
                Choice::new(brush.token(), move || brush_label(brush))
            })
            .collect();
        view! {
            <Radios name="brush" testid="brush" choices=choices
                value=Signal::derive(move || editor.with(|e| e.brush.token()))
                on_change=Callback::new(move |token: String| editor.update(|e| {
                    if let Some(brush) = Brush::all(e.rules().variant).iter().find(|b| b.token() == token) {
                        e.brush = *brush;
                    }
                }))/>
        }
    };
    let sides = move || {
        let choices = [Side::First, Side::Second]
            .into_iter()
            .map(|side| Choice::new(side.token(), move || side_name(Some(variant.get()), side)))
            .collect();
        view! {
            <Radios name="to-move" testid="edit-to-move" choices=choices
                value=Signal::derive(move || editor.with(|e| e.to_move().token()))
                on_change=Callback::new(move |token: String| editor.update(|e| {
                    e.set_to_move(if token == "second" { Side::Second } else { Side::First });
                }))/>
        }
    };
    let in_hand = move || {
        editor.with(|e| {
            let setup = e.setup();
            let v = e.rules().variant;
            tr!("study-in-hand", {
                "first" => side_name(Some(v), Side::First),
                "firstcount" => setup.in_hand[0],
                "second" => side_name(Some(v), Side::Second),
                "secondcount" => setup.in_hand[1],
            })
        })
    };

    view! {
        <div class="game-screen editor" data-testid="editor">
            // (Behind the page's copy of this screen, a task each.)
            <section class="board-area">
                <Staged step=staging::PARTS><Board view=board_view on_tap=on_tap on_drag=on_drag/></Staged>
            </section>
            <Staged step=staging::LAST>
            <section class="panel side-panel">
                <h2>{tr_text(|| tr!("study-title"))}</h2>
                <p class="notice verdict" class:forbidden=move || !legal() role="status" data-testid="edit-verdict"
                    data-legal=move || legal().to_string()>
                    {move || match verdict.get() {
                        Ok(_) => tr!("study-legal"),
                        Err(e) => tr!("study-illegal", { "reason" => position_error(&e, Some(variant.get())) }),
                    }}
                </p>
                <div class="controls">
                    <button type="button" class="primary" data-testid="edit-play" disabled=move || !legal()
                        on:click=move |_| if let Ok(position) = verdict.get_untracked() { on_play.run(position) }>
                        {tr_text(|| tr!("study-play"))}
                    </button>
                    <button type="button" data-testid="edit-analyse" disabled=move || !legal()
                        on:click=move |_| if let Ok(position) = verdict.get_untracked() {
                            crate::app::services::browser::open(&crate::app::route::Route::analyse(&super::analysis_screen::from_position(position), 0));
                        }>
                        {tr_text(|| tr!("study-analyse"))}
                    </button>
                    <button type="button" data-testid="edit-clear" on:click=move |_| editor.update(Editor::clear)>
                        {tr_text(|| tr!("study-clear"))}
                    </button>
                    <button type="button" data-testid="edit-start" on:click=move |_| editor.update(Editor::start)>
                        {tr_text(|| tr!("study-start"))}
                    </button>
                    <button type="button" data-testid="flip" on:click=move |_| editor.update(|e| e.flipped = !e.flipped)>
                        {tr_text(|| tr!("control-flip"))}
                    </button>
                </div>
                <p class="hint-text">{tr_text(|| tr!("study-hint"))}</p>
                <fieldset>
                    <legend>{tr_text(|| tr!("newgame-game"))}</legend>
                    <VariantRadios name="edit-variant" testid="edit-variant" value=variant
                        on_change=Callback::new(move |v| editor.update(|e| e.set_variant(v)))/>
                </fieldset>
                <fieldset>
                    <legend>{tr_text(|| tr!("study-brush"))}</legend>
                    {brushes}
                </fieldset>
                <fieldset>
                    <legend>{tr_text(|| tr!("study-to-move"))}</legend>
                    {sides}
                </fieldset>
                <fieldset class:hidden=move || variant.get().is_alquerque()>
                    <legend>{tr_text(|| tr!("study-phase"))}</legend>
                    <Radios name="edit-phase" testid="edit-phase"
                        choices=vec![
                            Choice::new("setting", || tr!("study-phase-value", { "phase" => "setting" })),
                            Choice::new("moving", || tr!("study-phase-value", { "phase" => "moving" })),
                        ]
                        value=Signal::derive(move || match editor.with(Editor::phase) {
                            EditPhase::Setting => "setting",
                            EditPhase::Moving => "moving",
                        })
                        on_change=Callback::new(move |token: String| editor.update(|e| {
                            e.set_phase(if token == "setting" { EditPhase::Setting } else { EditPhase::Moving });
                        }))/>
                    <p data-testid="edit-in-hand" class:hidden=move || editor.with(|e| e.phase() == EditPhase::Moving)>{in_hand}</p>
                </fieldset>
                <label class="field" for="edit-quiet" class:hidden=move || editor.with(|e| e.phase() == EditPhase::Setting)>
                    <span>{move || if variant.get().is_alquerque() { tr!("study-quiet-mullah") } else { tr!("study-quiet") }}</span>
                    <input id="edit-quiet" type="number" min="0" max="999" data-testid="edit-quiet"
                        prop:value=move || editor.with(|e| e.quiet().to_string())
                        on:input=move |event| {
                            if let Ok(value) = event_target_value(&event).trim().parse::<u16>() {
                                editor.update(|e| e.set_quiet(value.min(999)));
                            }
                        }/>
                </label>
                <div class="share">
                    <label class="field wide" for="edit-text">
                        <span>{tr_text(|| tr!("study-text"))}</span>
                        <input id="edit-text" type="text" dir="ltr" autocomplete="off" spellcheck="false"
                            data-testid="edit-text"
                            prop:value=move || editor.with(Editor::text)
                            on:change=move |event| {
                                let text = event_target_value(&event);
                                let mut next = editor.get_untracked();
                                match next.paste(&text) {
                                    Ok(()) => {
                                        paste_failed.set(None);
                                        editor.set(next);
                                    }
                                    Err(e) => paste_failed.set(Some(e)),
                                }
                            }/>
                    </label>
                    {move || paste_failed.get().map(|e| view! {
                        <p class="notice forbidden" role="alert" data-testid="edit-paste-error">
                            {move || paste_error(&e, variant.get())}
                        </p>
                    })}
                    <button type="button" data-testid="edit-copy-text" on:click=move |_| {
                        copy_to_clipboard(&editor.with_untracked(Editor::text));
                        copied.set(Some("text"));
                    }>
                        {move || if copied.get() == Some("text") { tr!("library-copied") } else { tr!("study-copy-text") }}
                    </button>
                    <label class="field wide" for="edit-link">
                        <span>{tr_text(|| tr!("study-link"))}</span>
                        <input id="edit-link" type="text" readonly dir="ltr" data-testid="edit-link"
                            prop:value=move || page_url(&fragment.get())/>
                    </label>
                    <button type="button" data-testid="edit-copy-link" on:click=move |_| {
                        copy_to_clipboard(&page_url(&fragment.get_untracked()));
                        copied.set(Some("link"));
                    }>
                        {move || if copied.get() == Some("link") { tr!("library-copied") } else { tr!("study-copy-link") }}
                    </button>
                </div>
            </section>
            </Staged>
        </div>
    }
}
