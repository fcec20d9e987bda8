//! What the tournament page keeps in the browser's storage: the
//! tournaments played here, the online ones organized or followed from
//! here, and the index of them all that the library lists.

use crate::net::identity::PublicKey;
use crate::net::tournament::{Organizer, State};
use crate::store::{local, StoreKey};
use crate::tournament::Tournament;

/// Keeps `text` under `key` (a full or unavailable storage keeps it for
/// this visit only).
pub(super) fn store(key: &StoreKey, text: &str) {
    let _ = local::write(key, text);
}

/// Every saved tournament: its id and itself (unreadable ones are skipped).
pub(super) fn saved() -> Vec<(String, Tournament)> {
    let mut out: Vec<(String, Tournament)> = local::entries(|key| match key {
        StoreKey::Tournament(id) => Some(id),
        _ => None,
    })
    .into_iter()
    .filter_map(|(id, text)| Some((id, Tournament::from_text(&text).ok()?)))
    .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0));
    out
}

/// Keeps tournament `t` under `id`, and the index with it.
pub(super) fn save(id: &str, t: &Tournament) {
    let _ = local::write(&StoreKey::Tournament(id.to_owned()), &t.to_text());
    write_index(&saved());
}

/// The index of the saved tournaments that the library lists (written at
/// each save, and when the page opens: tournaments saved before the index
/// existed are listed too): those played here, then those online (their
/// ids are the rest of their address: `host/<code>`, `join/<key>`).
fn write_index(list: &[(String, Tournament)]) {
    let index: Vec<String> = list
        .iter()
        .map(|(id, t)| (id.clone(), t.name().to_owned()))
        .chain(listed())
        .map(|(id, name)| format!("{id}\t{}", name.replace(['\t', '\n', '\r'], " ")))
        .collect();
    let _ = local::write(&StoreKey::TournamentIndex, &index.join("\n"));
}

/// Writes the index again (an online tournament's page, after a change).
pub(super) fn reindex() {
    write_index(&saved());
}

/// The online tournaments organized from this page: (lobby code, name).
fn hosted() -> Vec<(String, String)> {
    stored(
        |key| match key {
            StoreKey::TournamentHost(code) => Some(code),
            _ => None,
        },
        |text| {
            Some(
                Organizer::from_text(text)
                    .ok()?
                    .state()
                    .tournament
                    .name()
                    .to_owned(),
            )
        },
    )
}

/// Each stored item whose key `pick` takes: the key's parameter and what
/// `read` makes of its text (unreadable ones left out).
fn stored(
    pick: impl Fn(StoreKey) -> Option<String>,
    read: impl Fn(&str) -> Option<String>,
) -> Vec<(String, String)> {
    local::entries(pick)
        .into_iter()
        .filter_map(|(rest, text)| Some((rest, read(&text)?)))
        .collect()
}

/// The online tournaments of this page, for the library: (the rest of
/// their address, their name), organized here or followed.
pub(super) fn listed() -> Vec<(String, String)> {
    let followed = stored(
        |key| match key {
            StoreKey::TournamentFollow(organizer) => Some(organizer),
            _ => None,
        },
        |text| {
            Some(
                State::from_stored(text.split_once('\n')?.1)
                    .ok()?
                    .tournament
                    .name()
                    .to_owned(),
            )
        },
    );
    hosted()
        .into_iter()
        .map(|(code, name)| (format!("host/{code}"), name))
        .chain(
            followed
                .into_iter()
                .map(|(key, name)| (format!("join/{key}"), name)),
        )
        .collect()
}

/// The state this page last believed of `organizer`'s tournament, and the
/// organizer's number on it (a page opened again shows it, and believes
/// nothing older).
pub(super) fn followed(organizer: &PublicKey) -> Option<(State, u64)> {
    let text = local::load(&StoreKey::TournamentFollow(organizer.to_string()))?;
    let (n, text) = text.split_once('\n')?;
    Some((State::from_stored(text).ok()?, n.parse().ok()?))
}

/// Keeps the state this page believed of `organizer`'s tournament (under
/// the organizer's number `heard`), and notes each board's room as that
/// tournament's: the online page playing a board's game links back here.
pub(super) fn keep_followed(organizer: &PublicKey, heard: u64, state: &State) {
    store(
        &StoreKey::TournamentFollow(organizer.to_string()),
        &format!("{heard}\n{}", state.to_text()),
    );
    for r in &state.rooms {
        store(
            &StoreKey::TournamentBoard(r.host.room().to_string()),
            &format!("join/{organizer}"),
        );
    }
}
