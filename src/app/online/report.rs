//! A tournament's board on the online page: the room is a board when the
//! tournament page noted it (`StoreKey::TournamentBoard`); then no rematch is
//! played there, the result dialog leads back to the tournament, and once
//! the game has ended this page reports its result itself. It opens the
//! player's private room with the organizer (a second link, with the
//! player's tournament key), waits for a state addressed to it (asking
//! again if none comes), sends its report with
//! the game's record, and sends it again every few seconds until the
//! organizer's state shows it (or the board's result) or the organizer
//! refuses it. The link, the ticks and the follower belong to the screen
//! that started them and die with it.

use gloo_timers::callback::Interval;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::link::{self, Link, LinkEvent};
use super::room::Room;
use super::settings::OnlineSettings;
use crate::app::services::browser::now_ms;
use crate::engine::Millis;
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::room::room_url;
use crate::net::table::Role;
use crate::net::tournament::{member_room, Follower, Heard, Refusal, Standing};
use crate::store::{local, StoreKey};
use crate::tournament::Score;

/// How long a report waits for the organizer's state to show it before it
/// is sent again.
const RESEND_MS: Millis = Millis(3_000);
/// How long a lost link waits before it is opened again.
const RETRY_MS: Millis = Millis(2_000);

/// The tournament of the board whose room is `host`'s, as the tournament
/// page noted it: the rest of its page's address (`join/<organizer key>`)
/// and the organizer's key.
pub fn tournament_of(host: &PublicKey) -> Option<(String, PublicKey)> {
    let place = local::load(&StoreKey::TournamentBoard(host.room().to_string()))?;
    let organizer = PublicKey::parse(place.strip_prefix("join/")?)?;
    Some((format!("join/{organizer}"), organizer))
}

/// Where this page's report of its board stands, as its bar shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportState {
    /// Sent, and sent again until the organizer's state shows it.
    Sending,
    /// The tournament has it and waits for the other player's.
    Waiting,
    /// The board has its result.
    Settled(Score),
    /// The organizer refused it.
    Refused(Refusal),
}

impl ReportState {
    /// The token of `online-tournament-report`.
    pub fn token(self) -> &'static str {
        match self {
            ReportState::Sending => "sending",
            ReportState::Waiting => "waiting",
            ReportState::Settled(_) => "settled",
            ReportState::Refused(_) => "refused",
        }
    }
}

/// Reports the game of the board in `room` to `organizer`'s tournament
/// once it has ended, when this page is one of its players (its browser
/// holds the player's tournament key). Returns what the bar shows.
pub fn report_board(room: Room, organizer: PublicKey) -> RwSignal<Option<ReportState>> {
    let status = RwSignal::new(None::<ReportState>);
    let Some(key) = local::load(&StoreKey::TournamentSeat(organizer.to_string()))
        .and_then(|t| SeatKey::parse(&t))
    else {
        return status; // a spectator's browser, or another player's
    };
    let code = member_room(&organizer, &key.public());
    let follower = StoredValue::new_local(Follower::new(organizer, Some(key)));
    let link: StoredValue<Option<Link>, LocalStorage> = StoredValue::new_local(None);
    // The link is being opened or is open; when it was lost; when the
    // report was last sent; whether this page is done with it.
    let opening = StoredValue::new(false);
    let lost_at = StoredValue::new(None::<Millis>);
    let sent_at = StoredValue::new(None::<Millis>);
    let done = StoredValue::new(false);
    let host = room.host.get_value();
    let send = move |text: &str| {
        link.with_value(|l| {
            if let Some(l) = l {
                l.broadcast(text);
            }
        });
    };
    // Closed from outside the link's own callback.
    let close = move || {
        spawn_local(async move {
            let _ = link.try_set_value(None);
            let _ = opening.try_set_value(false);
        });
    };
    let on_event = move |event: LinkEvent| match event {
        LinkEvent::Id(id) => follower.update_value(|f| f.add_id(&id)),
        LinkEvent::Message(_, text) => {
            let Some(heard) = follower.try_update_value(|f| f.receive(&text)) else {
                return;
            };
            match heard {
                Heard::Refused(why) => {
                    status.set(Some(ReportState::Refused(why)));
                    done.set_value(true);
                    close();
                }
                // (The state is the tournament page's to keep: this page
                // only needs it to know where its report stands.)
                Heard::State | Heard::Nothing => {}
            }
        }
        LinkEvent::Closed(_) => {
            lost_at.set_value(Some(now_ms()));
            close();
        }
        LinkEvent::Peer(_)
        | LinkEvent::Left(_)
        | LinkEvent::Trying(_)
        | LinkEvent::Unreachable(_)
        | LinkEvent::Path(..)
        | LinkEvent::SignalLost => {}
    };
    let on_event = std::rc::Rc::new(on_event);
    let open = move || {
        opening.set_value(true);
        let on_event = on_event.clone();
        let settings = OnlineSettings::load();
        let url = room_url(&settings.server, &code);
        spawn_local(async move {
            let Ok(net) = link::load().await else {
                let _ = opening.try_set_value(false);
                let _ = lost_at.try_set_value(Some(now_ms()));
                return;
            };
            if done.try_get_value() != Some(false) {
                return; // the screen is gone, or the report is settled
            }
            let opened = Link::open(&net, &settings.endpoint(url), move |e| on_event(e));
            let _ = link.try_set_value(Some(opened));
        });
    };
    let tick = move || {
        // (Nothing once the screen is gone.)
        if done.try_get_value().unwrap_or(true) {
            return;
        }
        let now = now_ms();
        let ended = room
            .table
            .try_with_untracked(|t| {
                matches!(t.role(), Role::Player(_))
                    .then(|| t.game().outcome())
                    .flatten()
                    .map(|o| (Score::of(Some(o)), t.record()))
            })
            .flatten();
        let Some((score, record)) = ended else {
            return;
        };
        if status.get_untracked().is_none() {
            status.set(Some(ReportState::Sending));
        }
        let since = |at: Option<Millis>, wait: Millis| at.is_none_or(|at| now.since(at) >= wait);
        if !opening.get_value() && since(lost_at.get_value(), RETRY_MS) {
            open();
        }
        if let Some(hello) = follower.try_update_value(|f| f.ask(now)).flatten() {
            send(&hello);
        }
        let Some((fresh, board)) = follower.try_with_value(|f| {
            (
                f.is_fresh(),
                f.state().and_then(|s| s.board_hosted_by(&host)),
            )
        }) else {
            return;
        };
        let Some(board) = board.filter(|_| fresh) else {
            return;
        };
        match follower.with_value(|f| f.standing_of(board)) {
            // Sent again until the organizer's state shows it.
            Some(Standing::Open) if since(sent_at.get_value(), RESEND_MS) => {
                sent_at.set_value(Some(now));
                let message = follower
                    .try_update_value(|f| f.report_on(board, host, score, &record, now.get()))
                    .flatten();
                if let Some(message) = message {
                    send(&message);
                }
            }
            Some(Standing::Reported(_)) => status.set(Some(ReportState::Waiting)),
            Some(Standing::Settled(result)) => {
                status.set(Some(ReportState::Settled(result)));
                done.set_value(true);
                close();
            }
            Some(Standing::Open) | None => {}
        }
    };
    let ticks = Interval::new(500, tick);
    StoredValue::new_local(ticks);
    on_cleanup(move || {
        let _ = done.try_set_value(true);
        let _ = link.try_set_value(None);
    });
    status
}
