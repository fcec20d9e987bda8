//! How the online screen opens ([`OnlineStart`]: a new room, an
//! invitation, a quick pairing, a saved game, a game sent by link), and the
//! referee's table each start makes.

use crate::app::play::{Match, Session};
use crate::app::services::browser::{fresh_id, now_ms, random_bytes, record_date};
use crate::engine::{Game, Rules, Side, Timing};
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::table::Table;
use crate::store::OnlineSeat;

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
pub(super) fn table_for(start: OnlineStart) -> Option<(Table, Option<Session>)> {
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
