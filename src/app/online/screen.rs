//! The room's screen (built into `online.html` only: see [`super`]): how
//! it opens ([`OnlineStart`]: a new room, an invitation, a quick pairing, a
//! saved game), the [`Room`] controller it makes, and the game screen it
//! shows with [`OnlineHooks`], beside the room's views.

use leptos::prelude::*;

use super::quick::QuickPairing;
use super::report::{report_board, tournament_of};
use super::room::Room;
use super::views::{Chat, JoinForm, LinkOffer, RoomBar};
use super::OnlineHooks;
use crate::app::play::result::{back_button, TournamentBack};
use crate::app::play::{GameScreen, Match, Session};
use crate::app::route::Route;
use crate::app::services::browser::{fresh_id, now_ms, random_bytes, record_date};
use crate::engine::timing::GameClock;
use crate::engine::{Game, Rules, Side, Timing};
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::message::Offer;
use crate::net::table::{Role, Table};
use crate::store::{OnlineSeat, Seats};

/// How the online screen opens.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineStart {
    /// A new room for this match and game (this page plays the side whose
    /// seat is local), with a fresh code or the one given (quick pairing).
    Host(Match, Game, Option<SeatKey>),
    /// An invitation to the room of this host key.
    Join(PublicKey),
    /// A room's code, joined at once under this name if it holds a new
    /// game of these rules (quick pairing: the peer met chooses nothing
    /// else).
    JoinAs(PublicKey, String, Rules),
    /// Quick pairing for this match's rules, under the name of its local side.
    Quick(Match),
    /// A saved online game of this page's player.
    Resume(Match, Session),
    /// A saved online game that just took a game sent by link: played on
    /// by link (it connects too, should the players meet).
    ByLink(Match, Session),
    /// The first news of a game sent by link: kept (then played on as
    /// [`OnlineStart::ByLink`]) only if the player says so.
    LinkOffer(Match, Session, Box<crate::store::SavedGame>),
}

/// A fresh seat key (its seed from the browser's crypto).
pub(super) fn fresh_key() -> SeatKey {
    SeatKey::from_seed(random_bytes::<32>())
}

/// The referee of this page's seat in a saved online game: the session's
/// seat, or `fallback`'s when it has none.
pub(super) fn resumed_table(
    m: &Match,
    session: &Session,
    fallback: impl FnOnce() -> OnlineSeat,
) -> Table {
    let seat = session.online.clone().unwrap_or_else(fallback);
    let table = Table::resume(
        session.game.clone(),
        m.seats.hands_side().unwrap_or(Side::First),
        [m.first.clone(), m.second.clone()],
        seat.key,
        seat.host,
        seat.cert,
        session.date.clone(),
    );
    // A timed game's clocks ran on while the page was closed.
    match m.clock {
        Some(control) => table.timed(
            control,
            &session.timing,
            session.clock,
            session.saved,
            now_ms(),
        ),
        None => table,
    }
}

/// The table and the library entry of this page's game, for `start`
/// (quick pairing has none: it has a screen of its own).
fn table_for(start: OnlineStart) -> Option<(Table, Option<Session>)> {
    let now = now_ms();
    Some(match start {
        OnlineStart::Host(m, game, key) => {
            let key = key.unwrap_or_else(fresh_key);
            let side = m.seats.hands_side().unwrap_or(Side::First);
            let date = record_date(now);
            let mut table = Table::host(
                game.clone(),
                side,
                m.name(side).to_owned(),
                key.clone(),
                date.clone(),
            );
            if let Some(control) = m.clock {
                table = table.timed(control, &Timing::NONE, None, now, now);
            }
            let mut session = Session::new(game, fresh_id(), now, date);
            session.online = Some(OnlineSeat::new(key.public(), key, None));
            (table, Some(session))
        }
        OnlineStart::Resume(m, session) | OnlineStart::ByLink(m, session) => {
            let table = resumed_table(&m, &session, || {
                let key = fresh_key();
                OnlineSeat::new(key.public(), key, None)
            });
            (table, Some(session))
        }
        OnlineStart::Join(host) => (Table::newcomer(host), None),
        OnlineStart::JoinAs(host, _, rules) => (Table::paired(host, rules), None),
        OnlineStart::Quick(_) | OnlineStart::LinkOffer(..) => return None,
    })
}

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
    let board = tournament_of(&table.host);
    table.tournament_board = board.is_some();
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
    let role = Memo::new(move |_| table.with(|t| t.role));
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
                t.role,
                t.names.clone(),
                t.cert.is_some(),
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
            clock: table.with_untracked(|t| t.clock.as_ref().map(GameClock::control)),
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
                    t.host,
                    t.key.clone()?,
                    t.cert.as_ref().map(|c| (c.key, c.signature)),
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
