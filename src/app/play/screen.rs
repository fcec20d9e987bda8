//! The game screen: the players' bars around the board, the status panel,
//! the controls, the move list and the result dialog, around one
//! [`Controller`]. This module puts the parts together and ties the game
//! to the page's services: autosave after every ply, the computer player
//! on its turn and for hints, the keyboard shortcuts. Everything it starts
//! (requests, listeners) belongs to the screen and ends with it.

use crate::tr;
use gloo_events::EventListener;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

use super::controller::{Controller, Response};
use super::controls::{Controls, EndControls};
use super::describe::ply_notes;
use super::hud::{side_name, PlayerBar, StatusPanel};
use super::moves::{note_text, MoveList};
use super::referee::Announcement;
use super::session::{computer_turn, Match, Session};
use super::Play;
use crate::ai::Level;
use crate::app::board::Board;
use crate::app::services::browser::{measure, now_ms};
use crate::app::services::computer::{ComputerPlayer, PendingReply, Purpose, Reply};
use crate::app::services::storage::Saves;
use crate::app::staging::{self, Staged};
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Movetext, PlayedPly, Position, Side};

/// The computer's thinking time per ply, in milliseconds (the level decides
/// how much of it a search uses: levels 1 to 4 stop at their node budget).
pub const COMPUTER_TIME_MS: Millis = Millis(500);

/// True when a key event comes from a text field or a menu, where keys
/// belong to the field and not to the page's shortcuts.
pub fn is_typing(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The game screen.
#[component]
pub fn GameScreen(
    game: Match,
    session: Session,
    on_new_game: Callback<()>,
    on_rematch: Callback<Match>,
    /// Online play: plies go to the referee, the board follows its game.
    #[prop(optional)]
    referee: Option<super::referee::RefereeHandle>,
    /// Told once, with the game, when it ends (a tournament's board).
    #[prop(optional)]
    on_over: Option<Callback<crate::engine::Game>>,
) -> impl IntoView {
    let seats = game.seats;
    let online = referee;
    let controller = RwSignal::new({
        let mut c = Controller::from_game(session.game.clone());
        if online.is_some() {
            c = c.refereed_elsewhere();
        }
        c.flipped = session.flipped;
        c.hands = seats.hands();
        c
    });
    let play = Play {
        controller,
        players: StoredValue::new(game.clone()),
        variant: game.rules.variant,
        refusal: RwSignal::new(None),
        announcement: RwSignal::new(Announcement::Nothing),
        result_open: RwSignal::new(true),
        thinking: RwSignal::new(false),
        hint: RwSignal::new(None),
        hint_pending: RwSignal::new(false),
        referee: online,
        // Online, the referee's clocks (it times the other page's plies).
        clock: RwSignal::new(match online {
            Some(referee) => referee.with(|r| r.clock()),
            None => game.clock.map(|control| {
                GameClock::resume(control, &session.timing, &session.game, session.clock)
            }),
        }),
        now: RwSignal::new(now_ms()),
        board: on_over.is_some(),
        panel: RwSignal::new(controller.get_untracked()),
    };
    provide_context(play);
    clocks(play);
    // The panel follows a change after the frame that drew it (Play::panel):
    // a task queued from the next animation frame runs after that frame's
    // paint. After the screen is gone the copy is not taken (`try_`: the
    // signals are disposed), so the timer needs no handle. A tournament's
    // board is told of its end here too (one effect: bytes on the first
    // page).
    let told = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        let ended = controller.with(|c| c.game().outcome().is_some());
        if first.is_some() {
            request_animation_frame(move || {
                set_timeout(
                    move || {
                        if let Some(now) = controller.try_get_untracked() {
                            play.panel.try_set(now);
                        }
                    },
                    std::time::Duration::ZERO,
                )
            });
        }
        if let Some(on_over) = on_over {
            if ended && !told.get_value() {
                told.set_value(true);
                on_over.run(controller.with_untracked(|c| c.game().clone()));
            }
        }
    });
    // A spectator keeps nothing: the players' pages keep the game.
    if online.is_none() || seats.hands_side().is_some() {
        autosave(play, session);
    }

    let respond = Callback::new(move |response: Response| match response {
        Response::Played(played) => {
            play.refusal.set(None);
            announce(play, &played);
            play.result_open.set(true);
        }
        Response::Proposed(ply) => {
            play.refusal.set(None);
            if let Some(referee) = online {
                referee.with(|r| r.propose(ply, play));
            }
        }
        Response::Refused(refusal) => {
            play.refusal.set(Some(refusal));
            let to_move = controller.with_untracked(|c| c.game().position().to_move());
            play.announcement
                .set(Announcement::Refused(refusal, to_move));
        }
        Response::Selected(_) | Response::Cleared => play.refusal.set(None),
        Response::Ignored => {}
    });

    if let Some(referee) = online {
        referee.with(|r| r.attach(play));
    }
    let computer = expect_context::<ComputerPlayer>();
    computer_moves(play, seats, computer, respond);
    let on_hint = (seats.computer().is_none() && online.is_none()).then(|| hints(play, computer));

    let on_tap = Callback::new(move |square| {
        if flag_fell(play) {
            return;
        }
        let response = controller
            .try_update(|c| c.tap(square))
            .unwrap_or(Response::Ignored);
        respond.run(response);
    });
    let on_drag = Callback::new(move |(from, to)| {
        if flag_fell(play) {
            return;
        }
        let response = controller
            .try_update(|c| c.drag(from, to))
            .unwrap_or(Response::Ignored);
        respond.run(response);
    });
    shortcuts(controller);

    let board_view = Memo::new(move |_| controller.with(Controller::board_view));
    // The result dialog's chunk is asked for once the game is over.
    let over = Memo::new(move |_| controller.with(|c| c.game().outcome().is_some()));
    // Each side's bar is on its own edge of the board: the side at the
    // bottom (the second player's when the board is turned, as on the
    // second player's page online) has its bar below.
    let flipped = Memo::new(move |_| controller.with(|c| c.flipped));
    let bar = move |bottom: bool| {
        move || {
            let side = if bottom != flipped.get() {
                Side::First
            } else {
                Side::Second
            };
            view! { <PlayerBar side=side/> }
        }
    };
    view! {
        <div class="game-screen" data-testid="game-screen">
            <section class="play-area">
                {bar(false)}
                <Staged step=staging::PARTS><Board view=board_view on_tap=on_tap on_drag=on_drag/></Staged>
                {bar(true)}
            </section>
            <aside class="panel side-panel">
                <StatusPanel/>
                <Staged step=staging::LAST>
                    {match on_hint {
                        Some(ask) => view! { <Controls respond=respond on_hint=ask/> }.into_any(),
                        None => view! { <Controls respond=respond/> }.into_any(),
                    }}
                    <MoveList/>
                    <EndControls on_new_game=on_new_game/>
                    <p class="visually-hidden" aria-live="polite" data-testid="announcer">{move || announcement_text(play)}</p>
                </Staged>
            </aside>
            {move || over.get().then(|| super::result::result_dialog(on_rematch, on_new_game))}
        </div>
    }
}

/// Tells the player of a ply (its sound, and its words for a screen
/// reader: put into words by the screen's view).
pub fn announce(play: Play, played: &PlayedPly) {
    let over = play
        .controller
        .with_untracked(|c| c.game().outcome().is_some());
    crate::app::services::sound::play(crate::app::services::sound::Sound::of(played, over));
    play.announcement.set(Announcement::Ply(*played));
}

/// The words of the last announcement, in the page's language (read in
/// the view: a ply that came from the computer's worker or a peer is
/// announced where no reactive owner, and so no language, is known; its
/// words were the messages' ids).
fn announcement_text(play: Play) -> String {
    match play.announcement.get() {
        Announcement::Nothing => String::new(),
        Announcement::Ply(played) => {
            let side = side_name(play.variant, played.side);
            let mut text = tr!("announce-ply", { "side" => side, "ply" => played.ply.to_string() });
            for note in ply_notes(&played) {
                text.push_str(". ");
                text.push_str(&note_text(play.variant, note));
            }
            text
        }
        Announcement::Refused(refusal, to_move) => {
            super::hud::refusal_text(refusal, play.variant, to_move)
        }
    }
}

/// A timed game's clocks: they follow the game (a ply by anyone, an end),
/// tick while one runs, sound once when a person's time gets low, and end
/// the game when a flag falls. The ticker belongs to the screen.
fn clocks(play: Play) {
    if play.clock.with_untracked(Option::is_none) {
        return;
    }
    let controller = play.controller;
    // Each ply (whoever played it) and the end.
    let progress =
        Memo::new(move |_| controller.with(|c| (c.game().plies().len(), c.game().outcome())));
    Effect::new(move |_| {
        if play.referee.is_some() {
            return;
        }
        // (Read, not only tracked: a memo nobody reads is never computed,
        // and so never hears of a ply.)
        let _progress = progress.get();
        let now = now_ms();
        controller.with_untracked(|c| {
            play.clock.update(|clock| {
                if let Some(clock) = clock {
                    clock.follow(c.game(), now);
                }
            });
        });
        play.now.set(now);
    });
    let ticker = gloo_timers::callback::Interval::new(100, move || {
        let now = now_ms();
        let Some(running) = play
            .clock
            .try_with_untracked(|c| c.as_ref().and_then(GameClock::running))
        else {
            return;
        };
        let Some(side) = running else { return };
        play.now.set(now);
        let person = controller.with_untracked(|c| c.hands.moves_for(side));
        let low = play
            .clock
            .try_update_untracked(|c| c.as_mut().is_some_and(|c| c.low_now(now)))
            .unwrap_or(false);
        if low && person {
            crate::app::services::sound::play(crate::app::services::sound::Sound::Low);
        }
        flag_fell(play);
    });
    StoredValue::new_local(ticker);
}

/// Whether the side to move's time has run out (a timed game): if so the
/// game ends on time here, before any ply is taken (a tap or the
/// computer's answer that comes after the flag fell is too late).
fn flag_fell(play: Play) -> bool {
    if let Some(referee) = play.referee {
        // Online the referee decides (and tells the other pages).
        let fell = referee.with(|r| r.flag_fell(now_ms()));
        if fell {
            crate::app::services::sound::play(crate::app::services::sound::Sound::End);
            play.result_open.set(true);
        }
        return fell;
    }
    let now = now_ms();
    let flagged = play
        .clock
        .try_with_untracked(|c| c.as_ref().and_then(|c| c.flagged(now)))
        .flatten();
    if flagged.is_none() {
        return false;
    }
    if play.controller.try_update(Controller::time_out) == Some(true) {
        crate::app::services::sound::play(crate::app::services::sound::Sound::End);
        play.result_open.set(true);
    }
    true
}

/// Saves the game after every ply and when the board is flipped: the entry
/// is written from the live game (no replay), and the game becomes the one
/// the page resumes.
fn autosave(play: Play, session: Session) {
    let saves = use_context::<Saves>();
    let controller = play.controller;
    let saved_state = Memo::new(move |_| {
        let tagged = play.clock.with(|c| c.as_ref().map(GameClock::tagged));
        controller.with(|c| {
            (
                c.game().plies().len(),
                c.game().outcome(),
                c.flipped,
                tagged,
            )
        })
    });
    let session = StoredValue::new(session);
    // The record's movetext, kept from one save to the next.
    let movetext = StoredValue::new(Movetext::default());
    let save = move || {
        let Some(saves) = saves else { return };
        measure("kharbga:autosave", || {
            // (`try_`: also called as the screen goes, its values going.)
            let entry = controller.try_with_untracked(|c| {
                play.players.try_with_value(|m| {
                    session.try_with_value(|s| {
                        movetext.try_update_value(|text| {
                            play.clock.try_with_untracked(|clock| {
                                s.entry(m, c.game(), c.flipped, now_ms(), text, clock.as_ref())
                            })
                        })
                    })
                })
            });
            let Some(Some(Some(Some(Some(entry))))) = entry else {
                return;
            };
            let board = play.board;
            saves.update(|library| {
                library.save(&entry)?;
                // (A tournament's board is resumed from its tournament.)
                if board {
                    Ok(())
                } else {
                    library.set_current(Some(&entry.id))
                }
            });
        });
    };
    // A save waits for the ply to be drawn: it is made in the task after
    // the tap's (a tap on a slow phone is answered before its game is
    // written), or at once if the screen goes or the page is hidden or left
    // before then. (Leptos's `set_timeout`, whose glue the page has anyway:
    // the task holds only handles, and finds nothing due once the screen
    // is gone.)
    let due = StoredValue::new(false);
    let flush = move || {
        if due.try_get_value() == Some(true) {
            due.set_value(false);
            save();
        }
    };
    Effect::new(move |previous: Option<()>| {
        let (plies, _, _, _) = saved_state.get();
        let custom = controller.with_untracked(|c| c.game().has_custom_start());
        // A game is saved once it has a ply (or a chosen start); an online
        // game at once (its room and seat secret are what a reload needs).
        if plies == 0 && !custom && previous.is_none() && play.referee.is_none() {
            return;
        }
        if !due.get_value() {
            due.set_value(true);
            set_timeout(flush, std::time::Duration::ZERO);
        }
    });
    // As the page is hidden or left: a save still due, and a timed game
    // again, so that a reload resumes with the time the player had then,
    // not at the last ply.
    let timed = play.clock.with_untracked(Option::is_some);
    let on_hide = move || {
        flush();
        let started = controller
            .try_with_untracked(|c| !c.game().plies().is_empty() || c.game().has_custom_start())
            .unwrap_or(false);
        if timed && started {
            save();
        }
    };
    let hidden = EventListener::new(&document(), "visibilitychange", move |_| {
        if document().hidden() {
            on_hide();
        }
    });
    let left = EventListener::new(&window(), "pagehide", move |_| on_hide());
    StoredValue::new_local((hidden, left));
    // And as the screen is left for another (a save still due, a timed
    // game's times used so far).
    on_cleanup(on_hide);
}

/// Asks the computer on its turn and plays its answer; the request belongs
/// to the screen (a newer position, an undo or leaving the screen drops it).
fn computer_moves(
    play: Play,
    seats: crate::store::Seats,
    computer: ComputerPlayer,
    respond: Callback<Response>,
) {
    if seats.computer().is_none() {
        return;
    }
    let controller = play.controller;
    let pending = StoredValue::new_local(None::<(Position, PendingReply)>);
    Effect::new(move |_| {
        // Re-run when the worker becomes ready or fails.
        computer.status.track();
        let timed = play.clock.with_untracked(Option::is_some);
        let Some((game, level)) = controller.with(|c| computer_turn(seats, c, timed)) else {
            pending.set_value(None);
            play.thinking.set(false);
            return;
        };
        let position = *game.position();
        if pending.with_value(|p| p.as_ref().is_some_and(|(asked, _)| *asked == position)) {
            return;
        }
        play.thinking.set(true);
        // On the clock, the computer keeps within its time.
        let side = position.to_move();
        let time_ms = play.clock.with_untracked(|c| {
            c.as_ref().map_or(COMPUTER_TIME_MS, |c| {
                c.thinking_ms(side, now_ms(), COMPUTER_TIME_MS)
            })
        });
        let reply = computer.ask(&game, level, time_ms.get(), Purpose::Move, move |reply| {
            play.thinking.set(false);
            if let Reply::Best { ply, .. } | Reply::Fallback(ply) = reply {
                if flag_fell(play) {
                    return;
                }
                let response = controller
                    .try_update(|c| {
                        // On the clock the computer plays while the person
                        // browses: the board comes back to the game.
                        if timed && c.browsing().is_some() {
                            c.browse(c.game().plies().len());
                        }
                        c.play_ply(ply)
                    })
                    .unwrap_or(Response::Ignored);
                respond.run(response);
            }
        });
        pending.set_value(Some((position, reply)));
    });
}

/// The hint button's action: the strongest level's ply for the position
/// now, shown on the board until the next ply.
fn hints(play: Play, computer: ComputerPlayer) -> Callback<()> {
    let controller = play.controller;
    let pending = StoredValue::new_local(None::<PendingReply>);
    Callback::new(move |()| {
        let (game, length) =
            controller.with_untracked(|c| (c.game().tail(), c.game().plies().len()));
        if game.outcome().is_some() {
            return;
        }
        play.hint.set(None);
        play.refusal.set(None);
        play.hint_pending.set(true);
        let reply = computer.ask(
            &game,
            Level::Search(5),
            COMPUTER_TIME_MS.get(),
            Purpose::Hint,
            move |reply| {
                play.hint_pending.set(false);
                if let Reply::Best { ply, score } = reply {
                    play.hint.set(Some((length, ply, score)));
                    controller.update(|c| c.set_hint(Some(ply)));
                }
            },
        );
        pending.set_value(Some(reply));
    })
}

/// ←/→/Home/End browse the moves; `f` flips the board. Not while typing,
/// and on the board the arrows move the focus instead. The listener is
/// removed with the screen.
fn shortcuts(controller: RwSignal<Controller>) {
    let listener = crate::app::services::browser::on_keydown(move |event| {
        let on_board = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-testid=board]").ok().flatten())
            .is_some();
        let in_dialog = document()
            .query_selector("dialog[open]")
            .ok()
            .flatten()
            .is_some();
        if is_typing(event) || in_dialog || event.ctrl_key() || event.meta_key() || event.alt_key()
        {
            return;
        }
        let done = controller
            .try_update(|c| {
                match event.key().as_str() {
                    "f" | "F" => c.flipped = !c.flipped,
                    "ArrowLeft" if !on_board => c.browse_by(-1),
                    "ArrowRight" if !on_board => c.browse_by(1),
                    "Home" if !on_board => c.browse_start(),
                    "End" if !on_board => c.back_to_game(),
                    _ => return false,
                }
                true
            })
            .unwrap_or(false);
        if done {
            event.prevent_default();
        }
    });
    StoredValue::new_local(listener);
}
