//! The room's screen (built into `online.html` only): for how it opens
//! (an [`OnlineStart`]), the [`Room`] controller it makes, and the game
//! screen it shows with [`OnlineHooks`], beside the room's views.

use leptos::prelude::*;

use super::hooks::OnlineHooks;
use super::quick::QuickPairing;
use super::report::{report_board, tournament_of};
use super::room::Room;
use super::start::{fresh_key, table_for, OnlineStart};
use super::views::{Chat, JoinForm, LinkOffer, RoomBar};
use crate::app::play::result::{back_button, TournamentBack};
use crate::app::play::{GameScreen, Match, Session};
use crate::app::route::Route;
use crate::app::services::browser::{fresh_id, now_ms, record_date};
use crate::engine::timing::GameClock;
use crate::engine::Side;
use crate::net::message::Offer;
use crate::net::table::Role;
use crate::store::{OnlineSeat, Seats};

/// The online screen.
#[component]
pub fn OnlineScreen(
    start: OnlineStart,
    on_new_game: Callback<()>,
    /// Opens another online start (quick pairing found a room).
    on_start: Callback<OnlineStart>,
) -> impl IntoView {
    let join_as = match &start {
        OnlineStart::JoinAs(_, name, _) => Some(name.clone()),
        _ => None,
    };
    let by_link = matches!(start, OnlineStart::ByLink(..));
    if let OnlineStart::Quick(m) = start {
        return view! { <QuickPairing game=m on_start=on_start on_new_game=on_new_game/> }
            .into_any();
    }
    if let OnlineStart::LinkOffer(m, session, entry) = start {
        return view! { <LinkOffer game=m session=session entry=*entry on_start=on_start/> }
            .into_any();
    }
    let Some((mut table, session)) = table_for(start) else {
        return ().into_any();
    };
    // A tournament's board: its game is the board's result (no rematch),
    // the result dialog leads back to the tournament, and this page
    // reports the result itself once the game has ended.
    let board = tournament_of(&table.host_key());
    table.set_tournament_board(board.is_some());
    let room = Room::open(table, session.map(|s| (s.id, s.created, s.date)), by_link);
    let report = match board {
        Some((place, organizer)) => {
            let route = Route::Tournament(format!("/{place}"));
            provide_context(TournamentBack(Callback::new(move |_| {
                let route = route.clone();
                back_button(move || crate::app::services::browser::go(&route))
            })));
            report_board(room, organizer)
        }
        None => RwSignal::new(None),
    };
    let table = room.table;
    let role = Memo::new(move |_| table.with(|t| t.role()));
    if let Some(name) = join_as {
        // Quick pairing: the seat offered is taken at once.
        Effect::new(move |_| {
            if matches!(role.get(), Role::Invited(_)) {
                let name = name.clone();
                room.act(|t| t.join(name, fresh_key()));
            }
        });
    }
    let hooks = OnlineHooks {
        table,
        send: Callback::new(move |events| room.process(events)),
        by_link: room.by_link,
        board: room.board,
    };
    // The game screen is built again when the seats change (a newcomer
    // joined, the opponent bound, a rematch): its names, hands and entry.
    let seating = Memo::new(move |_| {
        table.with(|t| {
            (
                t.role(),
                t.names().clone(),
                t.cert().is_some(),
                room.generation.get(),
            )
        })
    });
    let game_view = move || {
        // (The binding and the generation only rebuild the screen.)
        let (role, names, _bound, _generation) = seating.get();
        let side = match role {
            Role::Player(side) => Some(side),
            Role::Spectator => None,
            Role::Newcomer | Role::Invited(_) => return None,
        };
        let game = table.with_untracked(|t| t.game().clone());
        let rules = *game.rules();
        // A player's seats as saved; the game screen opens its hands once
        // both seats are taken (or play goes by link).
        let seats = side.map_or(Seats::SPECTATOR, Seats::online);
        let game_match = Match {
            rules,
            first: names[0].clone(),
            second: names[1].clone(),
            seats,
            clock: table.with_untracked(|t| t.clock().map(GameClock::control)),
        };
        let (id, created, date) = room
            .entry
            .get_value()
            .unwrap_or_else(|| (fresh_id(), now_ms(), record_date(now_ms())));
        if side.is_some() && room.entry.with_value(Option::is_none) {
            room.entry
                .set_value(Some((id.clone(), created, date.clone())));
        }
        let mut session = Session::new(game, id, created, date);
        session.flipped = side == Some(Side::Second);
        session.online = side.and_then(|_| {
            table.with_untracked(|t| {
                Some(OnlineSeat::new(
                    t.host_key(),
                    t.key().cloned()?,
                    t.cert().map(|c| (c.key, c.signature)),
                ))
            })
        });
        let on_rematch = Callback::new(move |_: Match| room.act(|t| t.offer(Offer::Rematch)));
        Some(view! {
            <GameScreen game=game_match session=session on_new_game=on_new_game on_rematch=on_rematch referee=crate::app::play::referee::RefereeHandle::new(std::sync::Arc::new(hooks))/>
        })
    };
    let chat_muted = RwSignal::new(false);
    view! {
        <div class="online-screen" data-testid="online-screen">
            <RoomBar room=room report=report/>
            <JoinForm table=table act=Callback::new(move |name: String| {
                room.act(|t| t.join(name, fresh_key()));
            })/>
            {game_view}
            {move || matches!(role.get(), Role::Player(_)).then(|| view! {
                <Chat lines=room.chat muted=chat_muted send=Callback::new(move |text: String| room.act(|t| t.chat(&text)))/>
            })}
        </div>
    }
    .into_any()
}
