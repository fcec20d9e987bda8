//! The game screen's heads-up display: a bar for each player (name, role,
//! soldiers on the board and to set) and the status panel (phase, whose
//! turn, chains, passes, exchanges, the quiet-move count, the computer,
//! hints and why a tap did nothing). Everything describes the board
//! *shown*: while the move list is browsed, an earlier position.

use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use super::controller::{Controller, Refusal};
use super::describe::{outlook, Outlook};
use super::Play;
use crate::app::i18n::errors::worker_failure;
use crate::app::i18n::tokens::side_key;
use crate::app::services::computer::{ComputerPlayer, Status};
use crate::engine::{ChainRule, Phase, Side, Variant};

/// A side's name in the page's language.
pub fn side_name(variant: Variant, side: Side) -> String {
    crate::app::i18n::errors::side_name(Some(variant), side)
}

/// One player's bar.
#[component]
pub fn PlayerBar(side: Side) -> impl IntoView {
    let play = expect_context::<Play>();
    let variant = play.variant;
    let controller = play.controller;
    let name = play.players.with_value(|m| m.name(side).to_owned());
    let counts = Memo::new(move |_| {
        controller.with(|c| {
            let p = c.shown();
            (p.soldiers(side).count(), p.in_hand(side))
        })
    });
    let active =
        move || controller.with(|c| c.phase() != Phase::Over && c.shown().to_move() == side);
    let token = if side == Side::First {
        "attacker"
    } else {
        "defender"
    };
    view! {
        <div class="player" class:active=active data-side=side.token()>
            <span class=format!("soldier {token} player-token") aria-hidden="true"></span>
            <span class="player-name" dir="auto" title=name.clone()>{name.clone()}</span>
            {move || {
                let role = side_name(variant, side);
                let default = tr!("player-default", { "side" => side_key(variant, side) });
                (name != default && name != role).then(|| view! { <span class="player-role">{role}</span> })
            }}
            <span class="player-counts" data-testid=format!("counts-{}", side.token())>
                {move || tr!("hud-on-board", { "count" => counts.get().0 })}
                {move || {
                    let in_hand = counts.get().1;
                    (in_hand > 0).then(|| view! { <span class="in-hand">{tr!("hud-in-hand", { "count" => in_hand })}</span> })
                }}
            </span>
            {play.clock.with_untracked(Option::is_some).then(|| view! { <PlayerClock side=side/> })}
        </div>
    }
}

/// A timed game's clock for `side`: the time left (tenths under ten
/// seconds), marked while it runs and when low; while the move list is
/// browsed, the time it had then.
#[component]
fn PlayerClock(side: Side) -> impl IntoView {
    let play = expect_context::<Play>();
    let controller = play.controller;
    let name = play.players.with_value(|m| m.name(side).to_owned());
    let left = move || {
        let now = play.now.get();
        play.clock.with(|clock| {
            let Some(clock) = clock else {
                return (crate::engine::Millis::ZERO, false);
            };
            controller.with(|c| match c.browsing() {
                Some(at) => (clock.left_after(c.game(), at, side), false),
                None => (clock.left(side, now), clock.running() == Some(side)),
            })
        })
    };
    let text = move || crate::engine::clock::clock_text(left().0);
    view! {
        <span class="player-clock" class:running=move || left().1
            class:low=move || left().0 < crate::engine::timing::LOW_MS
            role="timer" dir="ltr"
            data-testid=format!("clock-{}", side.token())
            data-running=move || left().1.to_string()
            aria-label=move || tr!("hud-clock", { "name" => name.clone(), "time" => text() })>
            {text}
        </span>
    }
}

/// The status line: the board shown, in words.
fn status(controller: &Controller, play: &Play) -> String {
    let variant = play.variant;
    let p = controller.shown();
    if let Some(at) = controller.browsing() {
        return tr!("hud-browsing", {
            "ply" => at,
            "total" => controller.game().plies().len(),
        });
    }
    if controller.phase() == Phase::Over {
        return match controller.game().outcome().and_then(|o| o.winner) {
            Some(winner) => {
                tr!("result-winner", { "name" => play.players.with_value(|m| m.name(winner).to_owned()) })
            }
            None => tr!("result-draw"),
        };
    }
    let side = side_name(variant, p.to_move());
    if p.is_setting() {
        return tr!("hud-setting", { "side" => side, "n" => p.placed_this_turn() + 1 });
    }
    if let Some(square) = p.chain() {
        let square = square.to_string();
        return match p.rules().chain {
            ChainRule::Compulsory => tr!("hud-chain", { "side" => side, "square" => square }),
            ChainRule::Optional => {
                tr!("hud-chain-optional", { "side" => side, "square" => square })
            }
        };
    }
    if let Some(path) = controller.path() {
        return tr!("hud-leaping", { "side" => side, "square" => path.end().to_string() });
    }
    if p.must_capture() {
        return tr!("hud-must-capture", { "side" => side, "count" => p.capture_length() });
    }
    tr!("hud-to-move", { "side" => side, "turn" => p.turn() })
}

/// Why a tap did nothing, in words.
pub fn refusal_text(refusal: Refusal, variant: Variant, to_move: Side) -> String {
    match refusal {
        Refusal::Malha => tr!("refusal-malha"),
        Refusal::Forbidden(_) => tr!("refusal-forbidden"),
        Refusal::Occupied => tr!("refusal-occupied"),
        Refusal::Enemy => tr!("refusal-enemy", { "side" => side_name(variant, to_move) }),
        Refusal::Blocked(s) => tr!("refusal-blocked", { "square" => s.to_string() }),
        Refusal::Chain(s) => tr!("refusal-chain", { "square" => s.to_string() }),
        Refusal::Flag => tr!("refusal-flag"),
        Refusal::Empty => tr!("refusal-empty"),
        Refusal::MustCapture => tr!("refusal-must-capture"),
        Refusal::Majority { most, this } => {
            tr!("refusal-majority", { "most" => most, "this" => this })
        }
        Refusal::Leaping(s) => tr!("refusal-leaping", { "square" => s.to_string() }),
    }
}

/// A hint's evaluation in words, for the side to move.
pub fn outlook_text(outlook: Outlook, side: String) -> String {
    match outlook {
        Outlook::Wins(n) => tr!("hint-eval-wins", { "n" => n, "side" => side }),
        Outlook::Loses(n) => tr!("hint-eval-loses", { "n" => n, "side" => side }),
        Outlook::Even => tr!("hint-eval-even"),
        Outlook::Ahead(n) => tr!("hint-eval-ahead", { "n" => n, "side" => side }),
        Outlook::Behind(n) => tr!("hint-eval-behind", { "n" => n, "side" => side }),
    }
}

/// The status panel.
#[component]
pub fn StatusPanel() -> impl IntoView {
    let play = expect_context::<Play>();
    let computer = expect_context::<ComputerPlayer>();
    let controller = play.controller;
    let variant = play.variant;
    let phase = Memo::new(move |_| play.panel.with(Controller::phase));

    let pass_notice = move || {
        play.panel.with(|c| {
            let shown = c.browsing().unwrap_or(c.game().plies().len());
            let last = c.game().plies().get(shown.checked_sub(1)?).copied()?;
            let blocked = last.effects.passed?;
            Some(tr!("hud-pass", {
                "blocked" => side_name(variant, blocked),
                "other" => side_name(variant, blocked.opponent()),
            }))
        })
    };
    let exchange_status = move || {
        play.panel.with(|c| {
            let step = c.shown().exchange().step();
            (step > 0 && c.phase() != Phase::Over)
                .then(|| tr!("exchange-status", { "step" => step }))
        })
    };
    let quiet = move || {
        play.panel.with(|c| {
            let p = c.shown();
            let limit = p.rules().quiet_limit;
            // Shown once the count nears the limit: the last third.
            (limit > 0 && !p.is_setting() && u32::from(p.quiet()) * 3 >= u32::from(limit) * 2).then(
                || {
                    if p.rules().variant.is_alquerque() {
                        tr!("hud-quiet-mullah", { "count" => p.quiet(), "limit" => limit })
                    } else {
                        tr!("hud-quiet", { "count" => p.quiet(), "limit" => limit })
                    }
                },
            )
        })
    };
    let hint = move || {
        // A hint is about the live game while it goes on: not shown over
        // an earlier board being browsed, nor once the game has ended.
        let (length, to_move, live) = play.panel.with(|c| {
            let game = c.game();
            let live = c.browsing().is_none() && c.phase() != Phase::Over;
            (game.plies().len(), game.position().to_move(), live)
        });
        play.hint
            .get()
            .filter(|(at, ..)| live && *at == length)
            .map(|(_, ply, score)| {
                let eval = outlook_text(outlook(score), side_name(variant, to_move));
                view! {
                    <p class="notice hint" data-testid="hint">
                        {tr!("hint-text", { "ply" => ply.to_string(), "eval" => eval })}
                    </p>
                }
            })
    };
    let failure = move || match computer.status.get() {
        Status::Failed(reason) => Some(reason),
        _ => None,
    };
    view! {
        <p class="phase" data-testid="phase">{move || tr!("hud-phase", { "phase" => phase.get().token() })}</p>
        <p class="status" data-testid="status" role="status">{move || play.panel.with(|c| status(c, &play))}</p>
        {move || play.thinking.get().then(|| view! {
            <p class="notice thinking" data-testid="thinking">{tr_text(|| tr!("computer-thinking"))}</p>
        })}
        {move || failure().filter(|_| play.players.with_value(|m| m.seats.computer().is_some()) || play.hint_pending.get()).map(|reason| view! {
            <p class="notice warning" role="alert" data-testid="computer-failed">
                {move || worker_failure(reason)}
                " "
                <button type="button" class="link" data-testid="computer-retry" on:click=move |_| computer.retry()>
                    {tr_text(|| tr!("computer-retry"))}
                </button>
            </p>
        })}
        {hint}
        {move || play.refusal.get().filter(|_| phase.get() != Phase::Over).map(|refusal| {
            let to_move = controller.with_untracked(|c| c.game().position().to_move());
            view! { <p class="notice forbidden" role="status" data-testid="notice" data-refusal=refusal.token()>{move || refusal_text(refusal, variant, to_move)}</p> }
        })}
        {move || pass_notice().map(|text| view! { <p class="notice pass" data-testid="pass-notice">{text}</p> })}
        {move || exchange_status().map(|text| view! { <p class="notice exchange" data-testid="exchange-status">{text}</p> })}
        {move || quiet().map(|text| view! { <p class="notice quiet" data-testid="quiet">{text}</p> })}
    }
}
