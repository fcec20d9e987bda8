//! How an address enters online play: an invitation to a room (this
//! page's saved game in it, or the newcomer's form) and a game sent by link
//! (`#m…`), checked by the referee before it is taken. The shell maps the
//! route; what the route means for online play is decided here.

use crate::{
    app::play::{Match, Session},
    app::services::storage::Saves,
    engine::{Game, Record},
    net::{identity::PublicKey, room::Invitation},
    store::{share, Seats},
};

pub use crate::app::page::ByLinkError;

/// What an invitation opens.
pub enum RoomEntry {
    /// This page's own game in the room: a player returning.
    Resume(Match, Box<Session>),
    /// The room of this host, to join.
    Join(PublicKey),
}

/// This page's saved game in the online room `code`, if any.
fn saved_in_room(
    saves: Saves,
    code: &crate::net::room::RoomCode,
) -> Option<(crate::store::SavedGame, Record)> {
    saves
        .update(|l| {
            let id = l
                .games()
                .iter()
                .find(|g| g.room.as_deref() == Some(code.as_str()) && g.seats.is_online())
                .map(|g| g.id.clone());
            Ok(id.and_then(|id| l.load(&id)))
        })
        .flatten()
}

/// What an invitation opens: this page's saved game in the room, if any
/// (a player returning), else the room to join. An invitation of an
/// earlier version (no key to believe) is refused.
///
/// # Errors
/// [`ByLinkError::EarlierLink`].
pub fn enter_room(saves: Saves, invitation: Invitation) -> Result<RoomEntry, ByLinkError> {
    let host = match invitation {
        Invitation::Room(host) => host,
        Invitation::Earlier(_) => return Err(ByLinkError::EarlierLink),
    };
    Ok(match saved_in_room(saves, &host.room()) {
        Some((saved, record)) => {
            let (m, session) = Session::from_saved(&saved, record);
            RoomEntry::Resume(m, Box::new(session))
        }
        None => RoomEntry::Join(host),
    })
}

/// What a game sent by link opens.
pub enum ByLinkGame {
    /// This page's own game of that room, continued (and saved).
    Continued(Match, Session),
    /// The first news of a game: shown, and kept in the library only when
    /// the player says so (links forged with fresh keys cannot fill the
    /// library of whoever opens them), with the entry to save then.
    Offered(Match, Session, Box<crate::store::SavedGame>),
}

/// A game sent by link (`#m…`): taken into this page's saved game of its
/// room when it continues it as the engine and the referee allow, and
/// saved; the first news of a game (this page has none of that room) is
/// checked the same way and offered, as the sender's opponent, but not
/// saved yet.
///
/// # Errors
/// A damaged link, or one the referee refuses.
pub fn open_by_link(saves: Saves, fragment: &str) -> Result<ByLinkGame, ByLinkError> {
    use crate::store::OnlineSeat;
    let link = crate::net::room::MoveLink::parse(fragment).ok_or(ByLinkError::Share(
        crate::store::share::ShareError::NotALink,
    ))?;
    let (host, sender) = (link.host, link.sender);
    let record = share::decode(link.share).map_err(ByLinkError::Share)?;
    use super::start::{fresh_key, resumed_table};
    let known = saved_in_room(saves, &host.room());
    let first_news = known.is_none();
    let (m, mut session) = match known {
        Some((saved, old)) => Session::from_saved(&saved, old),
        None => {
            // First news of this game: this page plays the sender's opponent.
            let rules = *record.game.rules();
            let start = if record.game.has_custom_start() {
                Game::from_position(*record.game.start())
            } else {
                Game::new(rules)
            };
            let m = Match {
                rules,
                first: record.first.clone(),
                second: record.second.clone(),
                seats: Seats::online(sender.opponent()),
                clock: None,
            };
            let mut session = crate::app::play::session::new_session(start);
            session.online = Some(OnlineSeat::new(host, fresh_key(), None));
            (m, session)
        }
    };
    let mut table = resumed_table(&m, &session, || OnlineSeat::new(host, fresh_key(), None));
    table
        .take_link(&link, record)
        .map_err(ByLinkError::Refused)?;
    // The host's certificate of a guest seated by link is kept.
    session.online = table.key().cloned().map(|key| {
        OnlineSeat::new(
            table.host_key(),
            key,
            table.cert().map(|c| (c.key, c.signature)),
        )
    });
    session.game = table.into_game();
    let entry = session.entry(
        &m,
        &session.game,
        session.flipped,
        crate::app::services::browser::now_ms(),
        &mut crate::engine::Movetext::default(),
        None,
    );
    if first_news {
        return Ok(ByLinkGame::Offered(m, session, Box::new(entry)));
    }
    keep(saves, &entry);
    Ok(ByLinkGame::Continued(m, session))
}

/// Keeps a game sent by link in the library, as the game being played.
pub fn keep(saves: Saves, entry: &crate::store::SavedGame) {
    saves.update(|l| {
        l.save(entry)?;
        l.set_current(Some(&entry.id))
    });
}
