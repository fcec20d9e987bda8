//! The library: every saved game over a [`Store`], unreadable entries set
//! aside, and nothing lost on the way.
//!
//! Each entry carries its own summary, so opening the library reads every
//! entry but replays none, and saving a game writes its entry alone: there
//! is no index to keep in step (the old `kharbga.index` key is dropped).

use super::saved::{guess_players, LoadError, SavedGame, Summary};
use super::{Store, StoreError, StoreKey};
use crate::engine::Millis;

/// Something the person should be told about the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// An entry that could not be read, moved to `kharbga.aside.<id>`
    /// (kept as it was, not listed).
    SetAside {
        /// The game's id.
        id: String,
        /// What was wrong.
        reason: LoadError,
        /// The players' names, when they could still be made out.
        players: Option<(String, String)>,
        /// How many other games the library still holds.
        remaining: usize,
    },
    /// An entry saved by a newer version of the app: left in place, not listed.
    Newer {
        /// The game's id.
        id: String,
        /// Its schema.
        schema: u32,
    },
}

/// The saved games.
pub struct Library<S: Store> {
    store: S,
    games: Vec<Summary>,
    notices: Vec<Notice>,
    /// Games this page forgot ([`Library::forget`]): a save of one of them
    /// still under way (a screen's last save as it goes) writes nothing.
    forgotten: Vec<String>,
}

impl<S: Store> Library<S> {
    /// Opens the library: every game entry is read and migrated (an older
    /// entry is written back in the current schema); unreadable ones are set
    /// aside with a notice. No record is replayed. Never fails: a store that
    /// cannot list its keys gives an empty library.
    pub fn open(store: S) -> Library<S> {
        let mut library = Library {
            store,
            games: Vec::new(),
            notices: Vec::new(),
            forgotten: Vec::new(),
        };
        let keys = library.store.keys().unwrap_or_default();
        let mut aside = Vec::new();
        for key in keys {
            let Some(StoreKey::Game(id)) = StoreKey::parse(&key) else {
                continue;
            };
            match library.read(&id) {
                Ok(game) => library.games.push(game.summary()),
                Err(Some(notice)) => aside.push(*notice),
                Err(None) => {}
            }
        }
        sort(&mut library.games);
        // The count of games left is only known once every entry is read.
        for notice in aside {
            library.notice(notice);
        }
        // Earlier versions kept an index of summaries: the entries carry them now.
        if matches!(library.store.get(&StoreKey::OldIndex.key()), Ok(Some(_))) {
            let _ = library.store.remove(&StoreKey::OldIndex.key());
        }
        library
    }

    /// Reads and migrates entry `id`, setting an unreadable one aside: the
    /// error is the notice to give (none when there is no such entry).
    fn read(&mut self, id: &str) -> Result<SavedGame, Option<Box<Notice>>> {
        let key = StoreKey::Game(id.to_owned()).key();
        let text = self.store.get(&key).ok().flatten().ok_or(None)?;
        match SavedGame::from_text(id, &text) {
            Ok((game, migrated)) => {
                if migrated {
                    // Best effort: a full store keeps the old entry, read again next time.
                    let _ = self.store.set(&key, &game.to_text());
                }
                Ok(game)
            }
            Err(LoadError::Newer(schema)) => Err(Some(Box::new(Notice::Newer {
                id: id.to_owned(),
                schema,
            }))),
            Err(reason) => Err(Some(Box::new(self.set_aside(id, &text, reason)))),
        }
    }

    /// Keeps `text` under another key, takes the game off the list, and
    /// says so.
    fn set_aside(&mut self, id: &str, text: &str, reason: LoadError) -> Notice {
        let key = StoreKey::Game(id.to_owned()).key();
        if self
            .store
            .set(&StoreKey::Aside(id.to_owned()).key(), text)
            .is_ok()
        {
            let _ = self.store.remove(&key);
        }
        self.games.retain(|g| g.id != id);
        Notice::SetAside {
            id: id.to_owned(),
            reason,
            players: guess_players(text),
            remaining: self.games.len(),
        }
    }

    fn notice(&mut self, notice: Notice) {
        let notice = match notice {
            Notice::SetAside {
                id,
                reason,
                players,
                ..
            } => Notice::SetAside {
                id,
                reason,
                players,
                remaining: self.games.len(),
            },
            other => other,
        };
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// The games, most recently saved first.
    pub fn games(&self) -> &[Summary] {
        &self.games
    }

    /// The notices not yet shown, oldest first (they are handed over once).
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The store underneath.
    pub fn store(&self) -> &S {
        &self.store
    }

    /// The store underneath, to change it.
    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// Game `id` with its record replayed, if it is there and readable; an
    /// entry whose record does not replay is set aside (with a notice).
    pub fn load(&mut self, id: &str) -> Option<(SavedGame, crate::engine::Record)> {
        let game = match self.read(id) {
            Ok(game) => game,
            Err(notice) => {
                self.games.retain(|g| g.id != id);
                if let Some(notice) = notice {
                    self.notice(*notice);
                }
                return None;
            }
        };
        match game.parse_record() {
            Ok(record) => Some((game, record)),
            Err(reason) => {
                let text = game.to_text();
                let notice = self.set_aside(id, &text, reason);
                self.notice(notice);
                None
            }
        }
    }

    /// Saves `game` (new or changed): its entry alone is written, and the
    /// list updated even when the store refuses, so that the game stays in
    /// this session's library.
    pub fn save(&mut self, game: &SavedGame) -> Result<(), StoreError> {
        if self.forgotten.contains(&game.id) {
            return Ok(());
        }
        self.games.retain(|g| g.id != game.id);
        let summary = game.summary();
        let at = self
            .games
            .iter()
            .position(|g| g.updated < summary.updated)
            .unwrap_or(self.games.len());
        self.games.insert(at, summary);
        self.store
            .set(&StoreKey::Game(game.id.clone()).key(), &game.to_text())
    }

    /// Gives game `id` a title (`None` or blank: back to the players' names).
    pub fn rename(&mut self, id: &str, title: Option<String>) -> Result<(), StoreError> {
        let Ok(mut game) = self.read(id) else {
            return Ok(());
        };
        game.title = title.filter(|t| !t.trim().is_empty());
        self.save(&game)
    }

    /// Deletes game `id` and hands it back, so that it can be restored.
    pub fn delete(&mut self, id: &str) -> Result<Option<SavedGame>, StoreError> {
        let game = self.read(id).ok();
        self.store.remove(&StoreKey::Game(id.to_owned()).key())?;
        self.games.retain(|g| g.id != id);
        if self.current().as_deref() == Some(id) {
            self.store.remove(&StoreKey::Current.key())?;
        }
        Ok(game)
    }

    /// Deletes game `id` for good: it was never this player's (an online
    /// seat asked for and taken by someone else), and a save of it that
    /// comes later (its screen's, as the screen goes) is not written.
    pub fn forget(&mut self, id: &str) -> Result<(), StoreError> {
        if !self.forgotten.iter().any(|f| f == id) {
            self.forgotten.push(id.to_owned());
        }
        self.delete(id).map(|_| ())
    }

    /// The game being played, if one was.
    pub fn current(&self) -> Option<String> {
        self.store.get(&StoreKey::Current.key()).ok().flatten()
    }

    /// Marks the game being played.
    pub fn set_current(&mut self, id: Option<&str>) -> Result<(), StoreError> {
        match id {
            Some(id) if self.current().as_deref() == Some(id) => Ok(()),
            Some(id) => self.store.set(&StoreKey::Current.key(), id),
            None => self.store.remove(&StoreKey::Current.key()),
        }
    }
}

/// Most recently saved first (ids break ties: the order is the same on
/// every opening).
fn sort(games: &mut [Summary]) {
    games.sort_unstable_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
}

/// A fresh id from the time (ms) and some random bits.
pub fn new_id(now: Millis, random: u32) -> String {
    format!("{:x}{:04x}", now.get(), random & 0xffff)
}
