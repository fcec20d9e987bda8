//! The game screen's referee online ([`OnlineHooks`]): the table decides
//! the plies, the board follows the table's game by what changes in it
//! ([`super::board`]), the hands and the clocks follow the table; and the
//! online end controls (resign, offers, leave).

use leptos::prelude::*;

use super::board::follow;
use crate::app::i18n::tr_text;
use crate::app::play::referee::Referee;
use crate::app::play::Play;
use crate::app::services::browser::now_ms;
use crate::engine::timing::GameClock;
use crate::engine::{Millis, Ply};
use crate::net::merge::takeback_point;
use crate::net::message::Offer;
use crate::net::table::{Event, GameChange, Table};
use crate::store::Hands;
use crate::tr;

/// Where a step's game changes go: the board of the game screen attached
/// now (its number: a screen built again replaces it, and only the one
/// attached last detaches).
pub type BoardFeed = StoredValue<(u64, Option<Callback<Vec<GameChange>>>)>;

/// The game screen's referee online: the table, and the link its events go
/// out by.
#[derive(Clone, Copy)]
pub struct OnlineHooks {
    /// The referee: its game is the one the board follows.
    pub table: RwSignal<Table>,
    /// Sends what the table says to send (and the game's changes to the
    /// board).
    pub send: Callback<Vec<Event>>,
    /// Play goes by link (moves are open without the opponent connected).
    pub by_link: RwSignal<bool>,
    /// The board the table's game changes go to.
    pub board: BoardFeed,
}

impl Referee for OnlineHooks {
    fn clock(&self) -> Option<GameClock> {
        self.table.with_untracked(|t| t.clock().cloned())
    }

    fn attach(&self, play: Play) {
        let (table, by_link, controller) = (self.table, self.by_link, play.controller);
        // The player's hands open once both seats are taken (or play goes by
        // link), and close while their own offer waits for its answer.
        Effect::new(move |_| {
            let by_link = by_link.get();
            let hands = table.with(|t| match t.side() {
                Some(side) if (t.cert().is_some() || by_link) && t.offered().is_none() => {
                    Hands::One(side)
                }
                _ => Hands::None,
            });
            if controller.with_untracked(|c| c.hands) != hands {
                controller.update(|c| c.hands = hands);
            }
        });
        // The board follows the referee's game by what changed in it (a
        // peer's ply, this player's own once played, a takeback, an end):
        // nothing is compared or copied on a heartbeat, a clock tick or a
        // visitor, nor on a ply.
        let follow = Callback::new(move |changes: Vec<GameChange>| {
            let played = table
                .try_with_untracked(|t| controller.try_update(|c| follow(c, &changes, t.game())))
                .flatten()
                .unwrap_or_default();
            for played in &played {
                crate::app::play::screen::announce(play, played);
            }
            if !played.is_empty() {
                play.result_open.set(true);
            }
        });
        let feed = self.board;
        let id = feed.with_value(|(last, _)| last + 1);
        feed.set_value((id, Some(follow)));
        on_cleanup(move || {
            let _ = feed.try_update_value(|(last, board)| {
                if *last == id {
                    *board = None;
                }
            });
        });
        if play.clock.with_untracked(Option::is_none) {
            return;
        }
        // The referee keeps the clocks (it times the other page's plies):
        // shown as it has them.
        Effect::new(move |_| {
            let now = now_ms();
            let mut clock = table.with(|t| t.clock_at(now));
            // (A fresh copy: the low-time sound already given is not given again.)
            if let (Some(clock), Some(Some(previous))) =
                (&mut clock, play.clock.try_get_untracked())
            {
                clock.keep_warnings(&previous);
            }
            play.clock.set(clock);
            play.now.set(now);
        });
    }

    fn propose(&self, ply: Ply, _play: Play) {
        // The table plays it and sends it; the board follows with the ply
        // among its changes, or stays as it is, should the table refuse.
        if let Some(Ok(events)) = self.table.try_update(|t| t.play(ply, now_ms())) {
            self.send.run(events);
        }
    }

    fn flag_fell(&self, now: Millis) -> bool {
        // (Untracked: asked ten times a second, news only when it fell.)
        let events = self
            .table
            .try_update_untracked(|t| t.check_flag(now))
            .unwrap_or_default();
        if events.is_empty() {
            return false;
        }
        self.table.update(|_| {});
        self.send.run(events);
        true
    }

    fn rematch_notice(&self) -> AnyView {
        let table = self.table;
        let offered = move || table.with(|t| t.pending().is_some_and(|(o, _)| o == Offer::Rematch));
        (move || {
            offered().then(|| view! {
                <p class="notice" data-testid="result-rematch-offered">{move || tr!("online-offered", { "offer" => "rematch" })}</p>
            })
        })
        .into_any()
    }

    fn end_controls(&self, on_new_game: Callback<()>) -> AnyView {
        view! { <OnlineEndControls hooks=*self on_new_game=on_new_game/> }.into_any()
    }
}

/// Online: resign, offer a draw, ask to take back, leave.
#[component]
fn OnlineEndControls(hooks: OnlineHooks, on_new_game: Callback<()>) -> impl IntoView {
    let play = expect_context::<Play>();
    let table = hooks.table;
    let act = move |f: fn(&mut Table) -> Vec<Event>| {
        if let Some(events) = table.try_update(f) {
            hooks.send.run(events);
        }
    };
    let player = Memo::new(move |_| table.with(|t| t.side().is_some()));
    let live =
        Memo::new(move |_| table.with(|t| t.game().outcome().is_none() && t.offered().is_none()));
    let can_take_back = Memo::new(move |_| {
        table.with(|t| {
            t.side()
                .is_some_and(|side| takeback_point(t.game(), side).is_some())
        })
    });
    view! {
        <div class="controls end-controls">
            {move || player.get().then(|| view! {
                <button type="button" data-testid="resign" disabled=move || !live.get()
                    on:click=move |_| { act(Table::resign); play.result_open.set(true); }>
                    {tr_text(|| tr!("control-resign"))}
                </button>
                <button type="button" data-testid="offer-draw" disabled=move || !live.get()
                    on:click=move |_| act(|t| t.offer(Offer::Draw))>
                    {tr_text(|| tr!("online-offer-draw"))}
                </button>
                <button type="button" data-testid="offer-takeback" disabled=move || !live.get() || !can_take_back.get()
                    on:click=move |_| act(|t| t.offer(Offer::Takeback))>
                    {tr_text(|| tr!("online-offer-takeback"))}
                </button>
            })}
            <button type="button" data-testid="new-game" on:click=move |_| on_new_game.run(())>
                {tr_text(|| tr!("online-leave"))}
            </button>
        </div>
    }
}
