//! The replay viewer: a recorded game stepped ply by ply (buttons,
//! ←/→/Home/End, autoplay at a chosen speed, a jump to the end of the
//! setting), "play from here" against a person or the computer, and the
//! game's share link.

use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;
use leptos_fluent::tr;

use super::new_game::{computer_name, LevelMenu, SideMenu, DEFAULT_LEVEL};
use crate::ai::Level;
use crate::app::board::view::Hands;
use crate::app::board::Board;
use crate::app::play::controller::Controller;
use crate::app::play::screen::is_typing;
use crate::app::play::Match;
use crate::app::services::browser::copy_to_clipboard;
use crate::engine::{Game, Phase, Record, Side};
use crate::store::{share, Seats};

/// Autoplay speeds, milliseconds per ply.
const SPEEDS: [u64; 3] = [1_500, 700, 250];

/// The replay viewer for `record`; `on_play` starts a game from the shown
/// position.
#[component]
pub fn Replay(record: Record, on_play: Callback<(Match, Game)>) -> impl IntoView {
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
    let link = StoredValue::new(share::encode(&record));
    // A replay is watched, never played: the board takes no gestures.
    let controller = RwSignal::new({
        let mut c = Controller::from_game(record.game);
        c.hands = Hands::None;
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

    let keys = EventListener::new(&window(), "keydown", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
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
        let seats = if against.get_untracked() {
            Seats::against_computer(
                human.get_untracked().opponent(),
                Level::Search(level.get_untracked()),
            )
        } else {
            Seats::LOCAL
        };
        let (first, second) = names.get_value();
        let name = |side: Side, own: String| match seats.computer() {
            Some((c, l)) if c == side => computer_name(l),
            _ => own,
        };
        let game_match = Match {
            rules,
            first: name(Side::First, first),
            second: name(Side::Second, second),
            seats,
        };
        on_play.run((game_match, Game::from_position(position)));
    };
    let share_url = move || {
        let location = window().location();
        format!(
            "{}{}#{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default(),
            link.get_value()
        )
    };
    let link_copied = RwSignal::new(false);

    view! {
        <div class="game-screen replay" data-testid="replay">
            <section class="board-area">
                <Board view=board_view/>
            </section>
            <section class="panel side-panel">
                <h2>{move || tr!("replay-title")}</h2>
                <p data-testid="replay-names" dir="auto">{move || { let (a, b) = names.get_value(); tr!("library-game-title", { "first" => a, "second" => b }) }}</p>
                <p data-testid="replay-ply" data-at=move || shown.get().to_string()>
                    {move || tr!("replay-ply", { "n" => shown.get(), "total" => total })}
                </p>
                <div class="controls">
                    <button type="button" data-testid="replay-start" on:click=move |_| { stop(); go(0); }>{move || tr!("replay-start")}</button>
                    <button type="button" data-testid="replay-prev" on:click=move |_| { stop(); go(shown.get_untracked().saturating_sub(1)); }>{move || tr!("replay-prev")}</button>
                    <button type="button" data-testid="replay-next" on:click=move |_| { stop(); go(shown.get_untracked() + 1); }>{move || tr!("replay-next")}</button>
                    <button type="button" data-testid="replay-end" on:click=move |_| { stop(); go(total); }>{move || tr!("replay-end")}</button>
                    <button type="button" data-testid="replay-setting-end" on:click=move |_| { stop(); go(setting_end); }>{move || tr!("replay-setting-end")}</button>
                </div>
                <div class="controls">
                    <button type="button" class="primary" data-testid="replay-autoplay"
                        on:click=move |_| if playing.get_untracked() { stop() } else { start() }>
                        {move || if playing.get() { tr!("replay-pause") } else { tr!("replay-autoplay") }}
                    </button>
                    <label class="field">
                        <span>{move || tr!("replay-speed")}</span>
                        <select data-testid="replay-speed" on:change=move |ev| {
                            speed.set(event_target_value(&ev).parse().unwrap_or(1));
                            if playing.get_untracked() { start(); }
                        }>
                            {(0..SPEEDS.len()).map(|i| view! {
                                <option value=i.to_string() selected=move || speed.get() == i>
                                    {move || tr!("replay-speed-value", { "speed" => i })}
                                </option>
                            }).collect_view()}
                        </select>
                    </label>
                    <button type="button" data-testid="flip" on:click=move |_| controller.update(|c| c.flipped = !c.flipped)>
                        {move || tr!("control-flip")}
                    </button>
                </div>
                <form class="play-from" data-testid="play-from-form" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); play_from_here(); }>
                    <h3>{move || tr!("replay-play-from")}</h3>
                    <label class="choice">
                        <input type="radio" name="from-mode" data-testid="from-two" prop:checked=move || !against.get() on:change=move |_| against.set(false)/>
                        <span>{move || tr!("replay-mode-two")}</span>
                    </label>
                    <label class="choice">
                        <input type="radio" name="from-mode" data-testid="from-computer" prop:checked=move || against.get() on:change=move |_| against.set(true)/>
                        <span>{move || tr!("replay-mode-computer")}</span>
                    </label>
                    {move || against.get().then(|| view! {
                        <label class="field" for="from-level">
                            <span>{move || tr!("newgame-level")}</span>
                            <LevelMenu id="from-level" testid="from-level" level=level/>
                        </label>
                        <label class="field" for="from-side">
                            <span>{move || tr!("newgame-you-play")}</span>
                            <SideMenu id="from-side" testid="from-side" side=human variant=Signal::derive(move || rules.variant)/>
                        </label>
                    })}
                    <button type="submit" class="primary" data-testid="play-from-here">{move || tr!("replay-play-from-button")}</button>
                </form>
                <div class="share">
                    <label class="field wide" for="share-link">
                        <span>{move || tr!("replay-share")}</span>
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
