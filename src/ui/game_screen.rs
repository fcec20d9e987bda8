//! The game screen: players, board, status, controls, move list and the
//! result dialog, around one [`Controller`].

use leptos::prelude::*;
use leptos::web_sys;
use leptos_fluent::tr;

use super::board::Board;
use super::controller::{Controller, Response};
use super::describe::{ply_notes, side_key, turn_groups, Note};
use super::storage::{now_ms, record_date, Saves};
use crate::engine::{ChainRule, Game, PlayedPly, Record, Side, Variant};
use crate::store::{ComputerSeat, SavedGame};

/// The computer's thinking time per ply, in milliseconds (the level decides
/// how much of it a search uses: levels 1 to 4 stop at their node budget).
const COMPUTER_TIME_MS: u64 = 500;

/// Who plays, under which rules: what the new-game screen hands over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The rules.
    pub rules: crate::engine::Rules,
    /// The first player's name (the Attacker in Kharbga).
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The computer's side and level, when one player is the computer.
    pub computer: Option<(Side, crate::ai::Level)>,
}

impl Match {
    /// The same players, sides swapped (players switch after a game).
    pub fn swapped(&self) -> Match {
        Match {
            rules: self.rules,
            first: self.second.clone(),
            second: self.first.clone(),
            computer: self.computer.map(|(side, level)| (side.opponent(), level)),
        }
    }

    fn name(&self, side: Side) -> &str {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
}

/// A game on the screen as it is saved: its id, when it started, the name
/// given in the library, the game itself and the board's orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The library id.
    pub id: String,
    /// When it started (ms since 1970).
    pub created: f64,
    /// The name given in the library.
    pub title: Option<String>,
    /// The game so far (from the empty board or a chosen position).
    pub game: Game,
    /// The board seen from the second player's side.
    pub flipped: bool,
}

impl Session {
    /// A new game from `game`'s start, with a fresh id.
    pub fn new(game: Game) -> Session {
        Session {
            id: super::storage::fresh_id(),
            created: now_ms(),
            title: None,
            game,
            flipped: false,
        }
    }

    /// The saved game's session and match (`None` for a record that no
    /// longer replays: the library has set it aside).
    pub fn from_saved(saved: &SavedGame) -> Option<(Match, Session)> {
        let record = saved.parse_record().ok()?;
        let game_match = Match {
            rules: *record.game.rules(),
            first: record.first.clone(),
            second: record.second.clone(),
            computer: saved.computer.as_ref().and_then(ComputerSeat::seat),
        };
        let session = Session {
            id: saved.id.clone(),
            created: saved.created,
            title: saved.title.clone(),
            game: record.game,
            flipped: saved.flipped,
        };
        Some((game_match, session))
    }
}

/// The game screen.
#[component]
pub fn GameScreen(
    game: Match,
    session: Session,
    on_new_game: Callback<()>,
    on_rematch: Callback<Match>,
) -> impl IntoView {
    let controller = RwSignal::new({
        let mut c = Controller::from_game(session.game.clone());
        c.flipped = session.flipped;
        c
    });
    // Autosave after every ply (and when the board is flipped): the game,
    // its players, the computer's seat and the orientation.
    let saves = use_context::<Saves>();
    let saved_state = Memo::new(move |_| {
        controller.with(|c| (c.game().plies().len(), c.game().outcome(), c.flipped))
    });
    {
        let (id, created, title) = (session.id.clone(), session.created, session.title.clone());
        let names = (game.first.clone(), game.second.clone());
        let computer = game.computer;
        Effect::new(move |previous: Option<()>| {
            let (plies, _, _) = saved_state.get();
            let Some(saves) = saves else { return };
            let (game, flipped) = controller.with_untracked(|c| (c.game().clone(), c.flipped));
            // A game is saved once it has a ply (or a chosen start).
            if plies == 0 && !game.has_custom_start() && previous.is_none() {
                return;
            }
            let mut record = Record::new(game);
            record.first = names.0.clone();
            record.second = names.1.clone();
            record.date = record_date(created);
            let mut entry = SavedGame::new(id.clone(), created, &record);
            entry.updated = now_ms();
            entry.title = title.clone();
            entry.computer = computer.map(|(side, level)| ComputerSeat::new(side, level));
            entry.flipped = flipped;
            saves.update(|library| {
                library.save(&entry)?;
                library.set_current(Some(&entry.id))
            });
        });
    }
    let variant = game.rules.variant;
    let players = StoredValue::new(game.clone());
    let announcement = RwSignal::new(String::new());
    let result_open = RwSignal::new(true);

    let board_view = Memo::new(move |_| controller.with(Controller::board_view));
    let position = Memo::new(move |_| controller.with(|c| *c.game().position()));
    let outcome = Memo::new(move |_| controller.with(|c| c.game().outcome()));

    let announce = move |played: &PlayedPly| {
        let side = tr!("side-name", { "side" => side_key(variant, played.side) });
        let notes: Vec<String> = ply_notes(variant, played)
            .into_iter()
            .map(note_text)
            .collect();
        let mut text = tr!("announce-ply", { "side" => side, "ply" => played.ply.to_string() });
        for note in notes {
            text.push_str(". ");
            text.push_str(&note);
        }
        announcement.set(text);
    };

    let notice = RwSignal::new(None::<String>);
    let respond = move |response: Response| match response {
        Response::Played(played) => {
            notice.set(None);
            announce(&played);
            result_open.set(true);
        }
        Response::Forbidden(_) => {
            let text = tr!("square-forbidden");
            announcement.set(text.clone());
            notice.set(Some(text));
        }
        Response::Selected(_) | Response::Cleared | Response::Ignored => {}
    };
    // The computer, in a Web Worker: asked on its turn, answered by id, so
    // an answer for a position that is gone (undo, new game) is dropped.
    let computer = game.computer;
    let thinking = RwSignal::new(None::<u64>);
    let last_request = StoredValue::new(0u64);
    let worker = StoredValue::new_local(None::<super::worker::AiWorker>);
    let worker_ready = RwSignal::new(false);
    // A hint asked for (request id) and the one shown (with the game length it is for).
    let hint_pending = RwSignal::new(None::<u64>);
    let hint = RwSignal::new(None::<(usize, crate::engine::Ply, crate::ai::Score)>);
    // The computer's turn: the requests sent for it, and the last reply (an
    // answer, or `None` when none came in time) for the request it names.
    let attempts = StoredValue::new(0u32);
    let reply = RwSignal::new(None::<(u64, Option<crate::ai::protocol::Answer>)>);
    let send = move |position: crate::engine::Position, level: crate::ai::Level| {
        last_request.update_value(|id| *id += 1);
        let id = last_request.get_value();
        attempts.update_value(|n| *n += 1);
        let request = crate::ai::protocol::Request {
            id,
            level,
            time_ms: COMPUTER_TIME_MS,
            rules: *position.rules(),
            position,
        };
        thinking.set(Some(id));
        worker.with_value(|w| {
            if let Some(w) = w {
                w.ask(&request.to_string());
            }
        });
        set_timeout(
            move || {
                if thinking.get_untracked() == Some(id) {
                    reply.set(Some((id, None)));
                }
            },
            std::time::Duration::from_millis(COMPUTER_TIME_MS + super::computer::GRACE_MS),
        );
    };
    let start_worker = move || {
        if worker.with_value(Option::is_some) {
            return;
        }
        let on_answer = move |answer: crate::ai::protocol::Answer| {
            if hint_pending.get_untracked() == Some(answer.id()) {
                hint_pending.set(None);
                if let crate::ai::protocol::Answer::Best { ply, score, .. } = answer {
                    let length = controller.with_untracked(|c| c.game().plies().len());
                    hint.set(Some((length, ply, score)));
                    controller.update(|c| c.set_hint(Some(ply)));
                }
                return;
            }
            if thinking.get_untracked() == Some(answer.id()) {
                reply.set(Some((answer.id(), Some(answer))));
            }
        };
        worker.set_value(super::worker::AiWorker::start(on_answer, worker_ready));
    };
    if computer.is_some() {
        start_worker();
    }
    // A hint is sent once the worker is ready.
    Effect::new(move |_| {
        let Some(id) = hint_pending.get() else { return };
        if !worker_ready.get() {
            return;
        }
        let position = controller.with_untracked(|c| *c.game().position());
        let request = crate::ai::protocol::Request {
            id,
            level: crate::ai::Level::Search(5),
            time_ms: COMPUTER_TIME_MS,
            rules: *position.rules(),
            position,
        };
        worker.with_value(|w| {
            if let Some(w) = w {
                w.ask(&request.to_string());
            }
        });
    });
    let ask_hint = move || {
        start_worker();
        last_request.update_value(|id| *id += 1);
        hint.set(None);
        hint_pending.set(Some(last_request.get_value()));
    };
    Effect::new(move |_| {
        let Some((side, level)) = computer else {
            return;
        };
        // Re-run when the worker becomes ready.
        worker_ready.track();
        let ready =
            worker.with_value(|w| w.as_ref().is_some_and(super::worker::AiWorker::is_ready));
        let (live, to_move, position) = controller.with(|c| {
            (
                c.browsing().is_none() && c.game().outcome().is_none(),
                c.game().position().to_move(),
                *c.game().position(),
            )
        });
        if !ready || !live || to_move != side || thinking.get_untracked().is_some() {
            return;
        }
        attempts.set_value(0);
        send(position, level);
    });
    // The reply decides: the worker's ply if the engine finds it legal, else
    // ask again, and in the end play on the page (`ui::computer`).
    Effect::new(move |_| {
        let Some((id, answer)) = reply.get() else {
            return;
        };
        let Some((_, level)) = computer else { return };
        if thinking.get_untracked() != Some(id) {
            return;
        }
        thinking.set(None);
        let position = controller.with_untracked(|c| *c.game().position());
        match super::computer::after_answer(&position, answer.as_ref(), attempts.get_value()) {
            super::computer::Next::Play(ply) | super::computer::Next::PlayLocally(ply) => {
                let response = controller
                    .try_update(|c| c.play_ply(ply))
                    .unwrap_or(Response::Ignored);
                respond(response);
            }
            super::computer::Next::AskAgain => send(position, level),
            super::computer::Next::Nothing => {}
        }
    });
    let on_tap = Callback::new(move |square| {
        if computer.is_some_and(|(side, _)| position.with_untracked(|p| p.to_move() == side)) {
            return;
        }
        let response = controller
            .try_update(|c| c.tap(square))
            .unwrap_or(Response::Ignored);
        respond(response);
    });
    let on_drag = Callback::new(move |(from, to)| {
        if computer.is_some_and(|(side, _)| position.with_untracked(|p| p.to_move() == side)) {
            return;
        }
        let response = controller
            .try_update(|c| c.drag(from, to))
            .unwrap_or(Response::Ignored);
        respond(response);
    });

    // ←/→/Home/End browse the moves; `f` flips the board. Not while typing.
    let keys = window_event_listener(leptos::ev::keydown, move |event: web_sys::KeyboardEvent| {
        let typing = super::board::is_typing(&event);
        let on_board = event
            .target()
            .and_then(|t| leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .and_then(|e| e.closest("[data-testid=board]").ok().flatten())
            .is_some();
        if typing || event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        match event.key().as_str() {
            "f" | "F" => controller.update(|c| c.flipped = !c.flipped),
            // On the board the arrows move the focus instead.
            "ArrowLeft" if !on_board => controller.update(|c| c.browse_by(-1)),
            "ArrowRight" if !on_board => controller.update(|c| c.browse_by(1)),
            "Home" if !on_board => controller.update(Controller::browse_start),
            "End" if !on_board => controller.update(Controller::back_to_game),
            _ => return,
        }
        event.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let player_bar = move |side: Side| {
        let name = players.with_value(|m| m.name(side).to_owned());
        let counts = move || {
            let p = position.get();
            (p.soldiers(side).count(), p.in_hand(side))
        };
        let active = move || position.with(|p| p.to_move() == side) && outcome.get().is_none();
        let token = if side == Side::First {
            "attacker"
        } else {
            "defender"
        };
        view! {
            <div class="player" class:active=active data-side=side.token()>
                <span class=format!("soldier {token} player-token") aria-hidden="true"></span>
                <span class="player-name">{name}</span>
                {move || {
                    let role = tr!("side-name", { "side" => side_key(variant, side) });
                    let default = tr!("player-default", { "side" => side_key(variant, side) });
                    let shown = players.with_value(|m| m.name(side) != default && m.name(side) != role);
                    shown.then(|| view! { <span class="player-role">{role}</span> })
                }}
                <span class="player-counts">
                    {move || tr!("hud-on-board", { "count" => counts().0 })}
                    {move || {
                        let in_hand = counts().1;
                        (in_hand > 0).then(|| view! { <span class="in-hand">{tr!("hud-in-hand", { "count" => in_hand })}</span> })
                    }}
                </span>
            </div>
        }
    };

    let status = move || {
        let p = position.get();
        let side = tr!("side-name", { "side" => side_key(variant, p.to_move()) });
        if let Some(o) = outcome.get() {
            return match o.winner {
                Some(winner) => {
                    tr!("result-winner", { "name" => players.with_value(|m| m.name(winner).to_owned()) })
                }
                None => tr!("result-draw"),
            };
        }
        if p.is_setting() {
            return tr!("hud-setting", { "side" => side, "n" => p.placed_this_turn() + 1 });
        }
        if let Some(square) = p.chain() {
            return match p.rules().chain {
                ChainRule::Compulsory => {
                    tr!("hud-chain", { "side" => side, "square" => square.to_string() })
                }
                ChainRule::Optional => {
                    tr!("hud-chain-optional", { "side" => side, "square" => square.to_string() })
                }
            };
        }
        tr!("hud-to-move", { "side" => side, "turn" => p.turn() })
    };

    let pass_notice = move || {
        controller.with(|c| {
            let last = c.game().plies().last().copied()?;
            let blocked = last.effects.passed?;
            Some(tr!("hud-pass", {
                "blocked" => tr!("side-name", { "side" => side_key(variant, blocked) }),
                "other" => tr!("side-name", { "side" => side_key(variant, blocked.opponent()) }),
            }))
        })
    };

    let exchange_status = move || {
        let p = position.get();
        let step = p.exchange().step();
        (step > 0 && outcome.get().is_none()).then(|| tr!("exchange-status", { "step" => step }))
    };

    let quiet = move || {
        let p = position.get();
        let limit = p.rules().quiet_limit;
        // Shown once the count nears the limit: the last third.
        (limit > 0 && !p.is_setting() && u32::from(p.quiet()) * 3 >= u32::from(limit) * 2)
            .then(|| tr!("hud-quiet", { "count" => p.quiet(), "limit" => limit }))
    };

    view! {
        <div class="game-screen">
            <section class="play-area">
                {player_bar(Side::Second)}
                <Board view=board_view on_tap=on_tap on_drag=on_drag/>
                {player_bar(Side::First)}
            </section>
            <aside class="panel side-panel">
                <p class="phase" data-testid="phase">{move || {
                    let phase = if outcome.get().is_some() {
                        "over"
                    } else if position.with(|p| p.is_setting()) {
                        "setting"
                    } else {
                        "moving"
                    };
                    tr!("hud-phase", { "phase" => phase })
                }}</p>
                <p class="status" data-testid="status">{status}</p>
                {move || thinking.get().map(|_| view! { <p class="notice thinking" data-testid="thinking">{move || tr!("computer-thinking")}</p> })}
                {move || {
                    let length = controller.with(|c| c.game().plies().len());
                    hint.get().filter(|(at, ..)| *at == length).map(|(_, ply, score)| {
                        let eval = match score.forced() {
                            Some(n) if n >= 0 => tr!("hint-win", { "n" => n }),
                            Some(n) => tr!("hint-loss", { "n" => -n }),
                            None => tr!("hint-score", { "value" => format!("{:+.1}", f64::from(score.0) / 100.0) }),
                        };
                        view! { <p class="notice hint" data-testid="hint">{tr!("hint-text", { "ply" => ply.to_string(), "eval" => eval })}</p> }
                    })
                }}
                {move || notice.get().map(|text| view! { <p class="notice forbidden" data-testid="notice">{text}</p> })}
                {move || pass_notice().map(|text| view! { <p class="notice pass" data-testid="pass-notice">{text}</p> })}
                {move || exchange_status().map(|text| view! { <p class="notice exchange" data-testid="exchange-status">{text}</p> })}
                {move || quiet().map(|text| view! { <p class="notice quiet" data-testid="quiet">{text}</p> })}
                <div class="controls">
                    <button type="button" data-testid="undo" disabled=move || !controller.with(Controller::can_undo)
                        on:click=move |_| {
                            thinking.set(None);
                            controller.update(|c| {
                                c.undo();
                                // Against the computer, back to the person's turn.
                                if let Some((side, _)) = computer {
                                    while c.game().position().to_move() == side && c.undo() {}
                                }
                            });
                        }>
                        {move || tr!("control-undo")}
                    </button>
                    <button type="button" data-testid="redo" disabled=move || !controller.with(Controller::can_redo)
                        on:click=move |_| { controller.update(|c| { c.redo(); }); }>
                        {move || tr!("control-redo")}
                    </button>
                    {computer.is_none().then(|| view! {
                        <button type="button" data-testid="hint-button"
                            disabled=move || outcome.get().is_some() || hint_pending.get().is_some()
                            on:click=move |_| ask_hint()>
                            {move || tr!("control-hint")}
                        </button>
                    })}
                    <button type="button" data-testid="flip" on:click=move |_| controller.update(|c| c.flipped = !c.flipped)>
                        {move || tr!("control-flip")}
                    </button>
                    {move || variant.is_kharbga().then(|| view! {
                        <label class="toggle" class:disabled=move || !controller.with(Controller::flag_available)>
                            <input
                                type="checkbox"
                                data-testid="exchange-flag"
                                prop:checked=move || controller.with(Controller::flag)
                                disabled=move || !controller.with(Controller::flag_available)
                                on:change=move |event| {
                                    let on = event_target_checked(&event);
                                    controller.update(|c| c.set_flag(on));
                                }
                            />
                            {move || tr!("control-exchange")}
                        </label>
                    })}
                    {move || controller.with(Controller::can_stop).then(|| view! {
                        <button type="button" class="primary" data-testid="stop-chain"
                            on:click=move |_| {
                                let response = controller.try_update(Controller::stop_chain).unwrap_or(Response::Ignored);
                                respond(response);
                            }>
                            {move || tr!("control-stop")}
                        </button>
                    })}
                    <label class="toggle">
                        <input
                            type="checkbox"
                            data-testid="show-capturable"
                            prop:checked=move || controller.with(|c| c.show_capturable)
                            on:change=move |event| {
                                let on = event_target_checked(&event);
                                controller.update(|c| c.show_capturable = on);
                            }
                        />
                        {move || tr!("control-capturable")}
                    </label>
                </div>
                {move || controller.with(|c| c.browsing().is_some()).then(|| view! {
                    <button type="button" class="primary back" data-testid="back-to-game"
                        on:click=move |_| controller.update(Controller::back_to_game)>
                        {move || tr!("control-back")}
                    </button>
                })}
                <MoveList controller=controller variant=variant/>
                <div class="controls end-controls">
                    <button type="button" data-testid="resign" disabled=move || outcome.get().is_some()
                        on:click=move |_| {
                            let side = position.get_untracked().to_move();
                            controller.update(|c| { c.resign(side); });
                            result_open.set(true);
                        }>
                        {move || tr!("control-resign")}
                    </button>
                    <button type="button" data-testid="draw" disabled=move || outcome.get().is_some()
                        on:click=move |_| {
                            controller.update(|c| { c.agree_draw(); });
                            result_open.set(true);
                        }>
                        {move || tr!("control-draw")}
                    </button>
                    <button type="button" data-testid="new-game" on:click=move |_| on_new_game.run(())>
                        {move || tr!("control-new")}
                    </button>
                </div>
                <p class="visually-hidden" aria-live="polite" data-testid="announcer">{move || announcement.get()}</p>
            </aside>
            {move || {
                let outcome = outcome.get()?;
                result_open.get().then(|| {
                    let winner_name = outcome.winner.map(|side| players.with_value(|m| m.name(side).to_owned()));
                    let winner_token = outcome.winner_token();
                    let reason = outcome.reason.token();
                    view! {
                        <div class="dialog-backdrop">
                            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="result-title"
                                data-testid="result" data-winner=winner_token data-reason=reason>
                                <h2 id="result-title">{move || match winner_name.clone() {
                                    Some(name) => tr!("result-winner", { "name" => name }),
                                    None => tr!("result-draw"),
                                }}</h2>
                                <p>{move || tr!("result-reason", { "reason" => reason })}</p>
                                <div class="controls">
                                    <button type="button" class="primary" data-testid="rematch"
                                        on:click=move |_| on_rematch.run(players.with_value(Match::swapped))>
                                        {move || tr!("result-rematch")}
                                    </button>
                                    <button type="button" data-testid="result-new-game" on:click=move |_| on_new_game.run(())>
                                        {move || tr!("control-new")}
                                    </button>
                                    <button type="button" data-testid="result-close" on:click=move |_| result_open.set(false)>
                                        {move || tr!("result-close")}
                                    </button>
                                </div>
                            </div>
                        </div>
                    }
                })
            }}
        </div>
    }
}

/// A note on a ply, in words.
fn note_text(note: Note) -> String {
    match note {
        Note::Captures(squares) => tr!("note-captures", { "squares" => squares }),
        Note::Removed(squares) => tr!("note-removed", { "squares" => squares }),
        Note::Exchange(kind, squares) => {
            tr!("note-exchange", { "kind" => kind, "squares" => squares })
        }
        Note::Pass(side_key) => {
            tr!("note-pass", { "side" => tr!("side-name", { "side" => side_key }) })
        }
    }
}

/// The moves, a turn per row; a click shows that position.
#[component]
fn MoveList(controller: RwSignal<Controller>, variant: Variant) -> impl IntoView {
    let groups = Memo::new(move |_| controller.with(|c| turn_groups(c.game())));
    let current =
        Memo::new(move |_| controller.with(|c| c.browsing().unwrap_or(c.game().plies().len())));
    let list = NodeRef::<leptos::html::Ol>::new();
    // Keep the shown ply in sight as the game grows or is browsed.
    Effect::new(move |_| {
        current.track();
        groups.track();
        let Some(list) = list.get() else { return };
        let current = list
            .query_selector(".ply.current")
            .ok()
            .flatten()
            .and_then(|e| leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
        if let Some(ply) = current {
            // Scroll the list only (not the page): the ply near the middle.
            list.set_scroll_top(ply.offset_top() - list.client_height() / 2);
        }
    });
    view! {
        <section class="moves" aria-labelledby="moves-title">
            <h2 id="moves-title">{move || tr!("moves-title")}</h2>
            <ol class="move-list" data-testid="move-list" node_ref=list>
                {move || {
                    groups
                        .get()
                        .into_iter()
                        .map(|group| {
                            let side_class = if group.side == Side::First { "turn first" } else { "turn second" };
                            let plies = group
                                .plies
                                .into_iter()
                                .map(|(index, played)| {
                                    let notes: Vec<String> =
                                        ply_notes(variant, &played).into_iter().map(note_text).collect();
                                    let text = played.ply.to_string();
                                    view! {
                                        <button
                                            type="button"
                                            class="ply"
                                            class:current=move || current.get() == index + 1
                                            data-ply=index
                                            on:click=move |_| controller.update(|c| c.browse(index + 1))
                                        >
                                            {text}
                                            {(!notes.is_empty()).then(|| view! { <span class="ply-notes">{notes.join(" · ")}</span> })}
                                        </button>
                                    }
                                })
                                .collect_view();
                            let role = side_key(variant, group.side);
                            view! {
                                <li class=side_class>
                                    <span class="turn-number">{format!("{}.", group.turn)}</span>
                                    <span class="visually-hidden">{move || tr!("side-name", { "side" => role })}</span>
                                    {plies}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
