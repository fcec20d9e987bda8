//! The replay viewer: a recorded game stepped ply by ply (buttons,
//! ←/→/Home/End, autoplay at a chosen speed, a jump to the end of the
//! setting), "play from here" against a person or the computer, and the
//! game's share link.

use crate::tr;
use gloo_timers::callback::Interval;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

use crate::app::i18n::tr_text;

use super::forms::{Choice, ComputerOptions, Menu, Radios};
use super::new_game::computer_name;
use super::new_game::form::{level_of, level_value, seated, seats, side_of, DEFAULT_LEVEL};
use crate::app::board::view::Hands;
use crate::app::board::Board;
use crate::app::play::controller::Controller;
use crate::app::play::screen::is_typing;
use crate::app::play::Match;
use crate::app::services::browser::{copy_to_clipboard, page_url};
use crate::engine::{Game, Phase, Record, Side};
use crate::store::share;

/// Autoplay speeds, milliseconds per ply.
const SPEEDS: [u64; 3] = [1_500, 700, 250];

/// The speed menu's values.
const SPEED_VALUES: [&str; 3] = ["0", "1", "2"];

/// The replay viewer for `record`, its board turned if `flipped` (a game
/// the person here played as the second side); `on_play` starts a game
/// from the shown position.
#[component]
pub fn Replay(
    record: Record,
    #[prop(optional)] flipped: bool,
    on_play: Callback<(Match, Game)>,
) -> impl IntoView {
    let total = record.game.plies().len();
    let rules = *record.game.rules();
    let names = StoredValue::new((record.first.clone(), record.second.clone()));
    // The first ply index whose position is past the setting.
    let setting_end = (0..=total)
        .find(|&i| {
            record
                .game
                .position_at(i)
                .is_some_and(|p| p.phase() != Phase::Setting)
        })
        .unwrap_or(total);
    let timing = StoredValue::new(record.timing.clone());
    let link = StoredValue::new(share::encode(&record));
    let analysed = StoredValue::new(record.clone());
    // A replay is watched, never played: the board takes no gestures.
    let controller = RwSignal::new({
        let mut c = Controller::from_game(record.game);
        c.hands = Hands::None;
        c.flipped = flipped;
        c
    });
    let shown = RwSignal::new(0usize);
    Effect::new(move |_| {
        let at = shown.get();
        controller.update(|c| c.browse(at));
    });
    let board_view = Memo::new(move |_| controller.with(Controller::board_view));
    let go = move |at: usize| shown.set(at.min(total));

    // Autoplay: one ply per tick, stopping at the end. The timer is the
    // screen's: dropped (and so cancelled) when autoplay stops or the screen goes.
    let speed = RwSignal::new(1usize);
    let playing = RwSignal::new(false);
    let timer = StoredValue::new_local(None::<Interval>);
    let stop = move || {
        playing.set(false);
        timer.set_value(None);
    };
    let start = move || {
        stop();
        if shown.get_untracked() >= total {
            shown.set(0);
        }
        playing.set(true);
        let ms = SPEEDS[speed.get_untracked().min(SPEEDS.len() - 1)];
        let interval = Interval::new(ms as u32, move || {
            let Some(at) = shown.try_get_untracked() else {
                return;
            };
            if at + 1 > total {
                // The timer is dropped by the effect below, not from inside its own call.
                playing.set(false);
            } else {
                shown.set(at + 1);
            }
        });
        timer.set_value(Some(interval));
    };
    Effect::new(move |_| {
        if !playing.get() {
            timer.set_value(None);
        }
    });

    let keys = crate::app::services::browser::on_keydown(move |event| {
        if is_typing(event) || event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        let Some(at) = shown.try_get_untracked() else {
            return;
        };
        match event.key().as_str() {
            "ArrowLeft" => go(at.saturating_sub(1)),
            "ArrowRight" => go(at + 1),
            "Home" => go(0),
            "End" => go(total),
            "f" | "F" => controller.update(|c| c.flipped = !c.flipped),
            _ => return,
        }
        stop();
        event.prevent_default();
    });
    // The listener lives as long as the screen.
    StoredValue::new_local(keys);

    // Play from here: two players, or the computer on a chosen side.
    let against = RwSignal::new(false);
    let level = RwSignal::new(DEFAULT_LEVEL);
    let human = RwSignal::new(Side::First);
    let play_from_here = move || {
        stop();
        let Some(position) =
            controller.with_untracked(|c| c.game().position_at(shown.get_untracked()).copied())
        else {
            return;
        };
        let seats = seats(
            against.get_untracked(),
            human.get_untracked(),
            level.get_untracked(),
        );
        let (first, second) = names.get_value();
        let game_match = seated(rules, seats, [first, second], None, computer_name);
        on_play.run((game_match, Game::from_position(position)));
    };
    let share_url = move || page_url(&format!("#{}", link.get_value()));
    let link_copied = RwSignal::new(false);

    view! {
        <div class="game-screen replay" data-testid="replay">
            <section class="board-area">
                <Board view=board_view/>
            </section>
            <section class="panel side-panel">
                <h2>{tr_text(|| tr!("replay-title"))}</h2>
                <p data-testid="replay-names" dir="auto">{move || { let (a, b) = names.get_value(); tr!("library-game-title", { "first" => a, "second" => b }) }}</p>
                // A timed game: each side's clock as it stood then (at the
                // end of a game lost on time, the side to move's is empty).
                {timing.with_value(|t| t.control.is_some()).then(|| view! {
                    <p class="replay-clocks" data-testid="replay-clocks" dir="auto">{move || {
                        let at = shown.get();
                        let [first, second] = [Side::First, Side::Second].map(|side| {
                            timing.with_value(|t| controller.with_untracked(|c| {
                                let g = c.game();
                                let flagged = at == total
                                    && g.outcome().is_some_and(|o| o.reason == crate::engine::Reason::Time)
                                    && g.position().to_move() == side;
                                let zero = crate::engine::Millis::ZERO;
                                let ms = t.left_after(g, at, side).unwrap_or(zero);
                                crate::engine::clock::clock_text(if flagged { zero } else { ms })
                            }))
                        });
                        let (a, b) = names.get_value();
                        tr!("replay-clocks", { "first" => a, "firstTime" => first, "second" => b, "secondTime" => second })
                    }}</p>
                })}
                <p data-testid="replay-ply" data-at=move || shown.get().to_string()>
                    {move || tr!("replay-ply", { "n" => shown.get(), "total" => total })}
                </p>
                <div class="controls" on:click=move |event: leptos::ev::MouseEvent| {
                    // One handler for the stepping buttons: each names where it goes.
                    let step = event
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|e| e.closest("[data-step]").ok().flatten())
                        .and_then(|b| b.get_attribute("data-step"));
                    let at = shown.get_untracked();
                    let to = match step.as_deref() {
                        Some("start") => 0,
                        Some("prev") => at.saturating_sub(1),
                        Some("next") => at + 1,
                        Some("end") => total,
                        Some("setting-end") => setting_end,
                        _ => return,
                    };
                    stop();
                    go(to);
                }>
                    {step_button("start", || tr!("replay-start"))}
                    {step_button("prev", || tr!("replay-prev"))}
                    {step_button("next", || tr!("replay-next"))}
                    {step_button("end", || tr!("replay-end"))}
                    {step_button("setting-end", || tr!("replay-setting-end"))}
                </div>
                <div class="controls">
                    <button type="button" class="primary" data-testid="replay-autoplay"
                        on:click=move |_| if playing.get_untracked() { stop() } else { start() }>
                        {move || if playing.get() { tr!("replay-pause") } else { tr!("replay-autoplay") }}
                    </button>
                    <label class="field">
                        <span>{tr_text(|| tr!("replay-speed"))}</span>
                        <Menu id="replay-speed" testid="replay-speed"
                            choices=SPEED_VALUES.into_iter().enumerate().map(|(i, value)| {
                                Choice::new(value, move || tr!("replay-speed-value", { "speed" => i }))
                            }).collect()
                            value=Signal::derive(move || SPEED_VALUES[speed.get().min(SPEEDS.len() - 1)])
                            on_change=Callback::new(move |value: String| {
                                speed.set(value.parse().unwrap_or(1));
                                if playing.get_untracked() { start(); }
                            })/>
                    </label>
                    <button type="button" data-testid="flip" on:click=move |_| controller.update(|c| c.flipped = !c.flipped)>
                        {tr_text(|| tr!("control-flip"))}
                    </button>
                </div>
                <form class="play-from" data-testid="play-from-form" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); play_from_here(); }>
                    <h3>{tr_text(|| tr!("replay-play-from"))}</h3>
                    <Radios name="from-mode" testid="from"
                        choices=vec![
                            Choice::new("two", || tr!("replay-mode-two")),
                            Choice::new("computer", || tr!("replay-mode-computer")),
                        ]
                        value=Signal::derive(move || if against.get() { "computer" } else { "two" })
                        on_change=Callback::new(move |mode: String| against.set(mode == "computer"))/>
                    {move || against.get().then(|| view! {
                        <ComputerOptions ids=("from-level", "from-side")
                            level=Signal::derive(move || level_value(level.get()))
                            on_level=Callback::new(move |value: String| if let Some(n) = level_of(&value) { level.set(n) })
                            side=Signal::derive(move || human.get().token())
                            on_side=Callback::new(move |value: String| human.set(side_of(&value)))
                            variant=Signal::derive(move || rules.variant)/>
                    })}
                    <button type="submit" class="primary" data-testid="play-from-here">{tr_text(|| tr!("replay-play-from-button"))}</button>
                </form>
                <p>
                    <button type="button" data-testid="replay-edit" on:click=move |_| {
                        if let Some(position) = controller.with_untracked(|c| c.game().position_at(shown.get_untracked()).copied()) {
                            crate::app::services::browser::open(&crate::app::route::Route::edit(*position.rules(), &position.to_string()));
                        }
                    }>{tr_text(|| tr!("study-edit-position"))}</button>
                    " "
                    <button type="button" data-testid="replay-analyse" on:click=move |_| {
                        crate::app::services::browser::open(&crate::app::route::Route::analyse(&analysed.get_value(), shown.get_untracked()));
                    }>{tr_text(|| tr!("study-analyse"))}</button>
                </p>
                <div class="share">
                    <label class="field wide" for="share-link">
                        <span>{tr_text(|| tr!("replay-share"))}</span>
                        <input id="share-link" type="text" readonly dir="ltr" data-testid="share-link" prop:value=share_url/>
                    </label>
                    <button type="button" data-testid="share-copy" on:click=move |_| { copy_to_clipboard(&share_url()); link_copied.set(true); }>
                        {move || if link_copied.get() { tr!("library-copied") } else { tr!("library-copy") }}
                    </button>
                </div>
            </section>
        </div>
    }
}

/// A button of the replay's stepping row, handled by the row.
fn step_button(step: &'static str, label: fn() -> String) -> impl IntoView {
    view! {
        <button type="button" data-step=step data-testid=format!("replay-{step}")>{tr_text(label)}</button>
    }
}
