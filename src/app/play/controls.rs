//! The game screen's buttons: undo and redo, a hint, flip, the exchange
//! flag, stopping a chain, showing soldiers in danger, back to the game;
//! and at the end, resign, agree a draw, a new game.

use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use super::controller::{Controller, Response};
use super::Play;
use crate::app::route::{LearnPlace, Route};
use crate::app::services::browser;
use crate::engine::Phase;
use crate::learn::lesson_for;

/// The buttons under the status.
#[component]
pub fn Controls(
    /// Plays what a button did through the screen (announce, clear notices).
    respond: Callback<Response>,
    /// Asks the computer for a hint (two-player games only).
    #[prop(optional)]
    on_hint: Option<Callback<()>>,
) -> impl IntoView {
    let play = expect_context::<Play>();
    let controller = play.controller;
    let over = Memo::new(move |_| play.panel.with(|c| c.phase() == Phase::Over));
    // Online, a takeback is asked of the opponent (under the game); on the
    // clock there is none (docs/rules.md, "Clocks").
    let local = play.referee.is_none() && play.clock.with_untracked(Option::is_none) && !play.board;
    view! {
        <div class="controls">
            {local.then(|| view! {
                <button type="button" data-testid="undo" disabled=move || !play.panel.with(Controller::can_undo)
                    on:click=move |_| {
                        controller.update(|c| { c.undo_to_hands(); });
                        play.refusal.set(None);
                    }>
                    {tr_text(|| tr!("control-undo"))}
                </button>
                <button type="button" data-testid="redo" disabled=move || !play.panel.with(Controller::can_redo)
                    on:click=move |_| { controller.update(|c| { c.redo(); }); }>
                    {tr_text(|| tr!("control-redo"))}
                </button>
            })}
            {on_hint.map(|ask| view! {
                <button type="button" data-testid="hint-button"
                    disabled=move || over.get() || play.hint_pending.get()
                    on:click=move |_| ask.run(())>
                    {tr_text(|| tr!("control-hint"))}
                </button>
            })}
            <button type="button" data-testid="flip" on:click=move |_| controller.update(|c| c.flipped = !c.flipped)>
                {tr_text(|| tr!("control-flip"))}
            </button>
            // The computer's analysis, on the study page (not of a game
            // played online while it goes on).
            {local.then(|| view! {
                <button type="button" data-testid="analyse" on:click=move |_| {
                    let at = controller.with_untracked(|c| c.browsing().unwrap_or(c.game().plies().len()));
                    browser::open(&Route::analyse(&play.record(), at));
                }>
                    {tr_text(|| tr!("study-analyse"))}
                </button>
            })}
            // The lesson for what is happening now, and the rules sheet, in
            // a tab of their own (the game goes on here).
            <a class="button help" data-testid="help" target="_blank" rel="noopener"
                href=move || Route::Learn(LearnPlace::Lesson(play.panel.with(|c| lesson_for(c.shown())).to_owned())).url()
                aria-label=move || tr!("control-help-label")>
                {tr_text(|| tr!("control-help"))}
            </a>
            <a class="button" data-testid="rules-link" target="_blank" rel="noopener" href=Route::Learn(LearnPlace::Rules).url()>
                {tr_text(|| tr!("control-rules"))}
            </a>
            {play.variant.is_kharbga().then(|| view! {
                <label class="toggle" class:disabled=move || !play.panel.with(Controller::flag_available)>
                    <input
                        type="checkbox"
                        data-testid="exchange-flag"
                        prop:checked=move || play.panel.with(Controller::flag)
                        disabled=move || !play.panel.with(Controller::flag_available)
                        on:change=move |event| {
                            let on = event_target_checked(&event);
                            controller.update(|c| c.set_flag(on));
                            play.refusal.set(None);
                        }
                    />
                    {tr_text(|| tr!("control-exchange"))}
                </label>
            })}
            {move || play.panel.with(Controller::can_stop).then(|| view! {
                <button type="button" class="primary" data-testid="stop-chain"
                    on:click=move |_| {
                        let response = controller.try_update(Controller::stop_chain).unwrap_or(Response::Ignored);
                        respond.run(response);
                    }>
                    {tr_text(|| tr!("control-stop"))}
                </button>
            })}
            // Kharbaga marks the pieces that must capture instead.
            <label class="toggle" class:hidden=move || play.variant.is_alquerque()>
                <input
                    type="checkbox"
                    data-testid="show-capturable"
                    prop:checked=move || play.panel.with(|c| c.show_capturable)
                    on:change=move |event| {
                        let on = event_target_checked(&event);
                        controller.update(|c| c.show_capturable = on);
                    }
                />
                {tr_text(|| tr!("control-capturable"))}
            </label>
        </div>
        {move || play.panel.with(|c| c.browsing().is_some()).then(|| view! {
            <button type="button" class="primary back" data-testid="back-to-game"
                on:click=move |_| controller.update(Controller::back_to_game)>
                {tr_text(|| tr!("control-back"))}
            </button>
        })}
    }
}

/// Resign, agree a draw, a new game.
#[component]
pub fn EndControls(on_new_game: Callback<()>) -> impl IntoView {
    let play = expect_context::<Play>();
    if let Some(referee) = play.referee {
        return referee.with(|r| r.end_controls(on_new_game));
    }
    let controller = play.controller;
    let over = Memo::new(move |_| play.panel.with(|c| c.game().outcome().is_some()));
    // Only a person who plays here may resign (for their own side).
    let may_resign = move || play.panel.with(|c| c.hands != crate::store::Hands::None);
    view! {
        <div class="controls end-controls">
            <button type="button" data-testid="resign" disabled=move || over.get() || !may_resign()
                on:click=move |_| {
                    controller.update(|c| { c.resign_here(); });
                    play.result_open.set(true);
                }>
                {tr_text(|| tr!("control-resign"))}
            </button>
            // (A draw is agreed by two people here: not on a tournament's
            // board against the computer.)
            {(!(play.board && play.players.with_value(|m| m.seats.computer().is_some()))).then(|| view! {
            <button type="button" data-testid="draw" disabled=move || over.get()
                on:click=move |_| {
                    controller.update(|c| { c.agree_draw(); });
                    play.result_open.set(true);
                }>
                {tr_text(|| tr!("control-draw"))}
            </button>
            })}
            <button type="button" data-testid="new-game" on:click=move |_| on_new_game.run(())>
                {tr_text(|| tr!("control-new"))}
            </button>
        </div>
    }
    .into_any()
}
