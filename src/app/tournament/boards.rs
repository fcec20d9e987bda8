//! An online tournament's board in this page's library: the game the
//! online page plays in the board's room is saved there; this page finds
//! it (to report its result), and writes this player's seat there before
//! the online page first opens the room.

use crate::app::route::Route;
use crate::app::services::browser::{fresh_id, go, now_ms, record_date};
use crate::app::services::storage::Saves;
use crate::engine::{Game, Record, Side};
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::room::Invitation;
use crate::net::tournament::{board_key, BoardRoom, State};
use crate::store::{OnlineSeat, SavedGame, Seats};
use crate::tournament::Score;

/// This page's saved game of a board: in the room of `host`, between the
/// board's players on their sides (`names`, first side first). Any other
/// game of that room (a rematch, should an older page have played one) is
/// not the board's.
fn saved_board(saves: Saves, host: &PublicKey, names: (&str, &str)) -> Option<(SavedGame, Record)> {
    let code = host.room();
    saves
        .update(|l| {
            let ids: Vec<String> = l
                .games()
                .iter()
                .filter(|g| g.room.as_deref() == Some(code.as_str()))
                .map(|g| g.id.clone())
                .collect();
            Ok(ids.into_iter().find_map(|id| {
                l.load(&id).filter(|(_, record)| {
                    (record.first.trim(), record.second.trim()) == (names.0.trim(), names.1.trim())
                })
            }))
        })
        .flatten()
}

/// Writes this page's seat in its board's room to the library, where the
/// online page finds it and resumes it as a player returning to its game:
/// the host with the board's key, the other with its tournament key, both
/// with the host's certificate of the second seat.
fn prepare_board(
    saves: Saves,
    state: &State,
    key: &SeatKey,
    organizer: &PublicKey,
    room: &BoardRoom,
) {
    let t = &state.tournament;
    let Some(pairing) = t.pairing(room.board) else {
        return;
    };
    let (Some(second), Some(me)) = (pairing.second, state.player(&key.public())) else {
        return;
    };
    let Some(guest) = state.keys.get(second) else {
        return;
    };
    let side = if pairing.first == me {
        Side::First
    } else {
        Side::Second
    };
    let seat = match side {
        Side::First => board_key(key, organizer, room.board),
        Side::Second => key.clone(),
    };
    let now = now_ms();
    let mut record = Record::new(Game::new(t.rules()));
    record.first = t.players()[pairing.first].name.clone();
    record.second = t.players()[second].name.clone();
    record.date = record_date(now);
    record.timing.control = t.clock();
    record
        .extra_tags
        .push(("Event".to_owned(), t.name().to_owned()));
    let mut entry = SavedGame::new(fresh_id(), now, &record);
    entry.seats = Seats::online(side);
    entry.flipped = side == Side::Second;
    entry.online = Some(OnlineSeat::new(room.host, seat, Some((*guest, room.cert))));
    entry.clock = t.clock().map(|c| [c.base_ms(); 2]);
    saves.update(|l| l.save(&entry));
}

/// The game of the board of `room` in this page's library, once it has
/// ended: its result and its record (what the player reports).
pub(super) fn ended_game(
    saves: Option<Saves>,
    room: &BoardRoom,
    names: (&str, &str),
) -> Option<(Score, String)> {
    let (saved, record) = saved_board(saves?, &room.host, names)?;
    let outcome = record.game.outcome()?;
    Some((Score::of(Some(outcome)), saved.record))
}

/// Opens this page's game of the board of `room` on the online page: its
/// seat is written to the library first, unless the game is there already.
pub(super) fn play_board(
    saves: Option<Saves>,
    state: &State,
    key: &SeatKey,
    organizer: &PublicKey,
    room: &BoardRoom,
) {
    if let (Some(saves), Some((first, second))) = (saves, state.board_names(room.board)) {
        if saved_board(saves, &room.host, (&first, &second)).is_none() {
            prepare_board(saves, state, key, organizer, room);
        }
    }
    go(&Route::Invite(Invitation::Room(room.host)));
}
