//! The library: every saved game over a [`Store`], with the index kept in
//! step, unreadable entries set aside, and nothing lost on the way.

use serde::{Deserialize, Serialize};

use super::saved::{LoadError, SavedGame, Summary, SCHEMA};
use super::{game_key, Store, StoreError, ASIDE_PREFIX, CURRENT_KEY, GAME_PREFIX, INDEX_KEY};

/// Something the person should be told about the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// An entry that could not be read, moved to `kharbga.aside.<id>`
    /// (kept as it was, not listed).
    SetAside {
        /// The game's id.
        id: String,
        /// What was wrong.
        reason: String,
    },
    /// An entry saved by a newer version of the app: left in place, not listed.
    Newer {
        /// The game's id.
        id: String,
        /// Its schema.
        schema: u32,
    },
}

#[derive(Serialize, Deserialize)]
struct Index {
    schema: u32,
    games: Vec<Summary>,
}

/// The saved games.
pub struct Library<S: Store> {
    store: S,
    games: Vec<Summary>,
    notices: Vec<Notice>,
}

impl<S: Store> Library<S> {
    /// Opens the library: every game entry is read (migrated, its record
    /// replayed); unreadable ones are set aside with a notice; the index is
    /// rewritten when it does not match. Never fails: a store that cannot
    /// list its keys gives an empty library.
    pub fn open(store: S) -> Library<S> {
        let mut library = Library {
            store,
            games: Vec::new(),
            notices: Vec::new(),
        };
        library.rebuild();
        library
    }

    /// Reads every game entry again and rewrites the index if it changed.
    pub fn rebuild(&mut self) {
        let keys = self.store.keys().unwrap_or_default();
        let mut games = Vec::new();
        for key in keys {
            let Some(id) = key.strip_prefix(GAME_PREFIX) else {
                continue;
            };
            if let Some(game) = self.read(id) {
                if let Ok(summary) = game.summary() {
                    games.push(summary);
                }
            }
        }
        sort(&mut games);
        self.games = games;
        let stored: Option<Index> = self
            .store
            .get(INDEX_KEY)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str(&text).ok());
        if stored.is_none_or(|index| index.schema != SCHEMA || index.games != self.games) {
            // A failure here is not fatal: the index is rebuilt next time.
            let _ = self.write_index();
        }
    }

    /// Reads game `id`; an unreadable entry is set aside (with a notice).
    fn read(&mut self, id: &str) -> Option<SavedGame> {
        let key = game_key(id);
        let text = self.store.get(&key).ok().flatten()?;
        match SavedGame::from_json(id, &text) {
            Ok(game) => Some(game),
            Err(LoadError::Newer(schema)) => {
                self.notice(Notice::Newer {
                    id: id.to_owned(),
                    schema,
                });
                None
            }
            Err(LoadError::Corrupt(reason)) => {
                // Keep the text under another key before taking it off the list.
                if self
                    .store
                    .set(&format!("{ASIDE_PREFIX}{id}"), &text)
                    .is_ok()
                {
                    let _ = self.store.remove(&key);
                }
                self.notice(Notice::SetAside {
                    id: id.to_owned(),
                    reason,
                });
                None
            }
        }
    }

    fn notice(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    fn write_index(&mut self) -> Result<(), StoreError> {
        let index = Index {
            schema: SCHEMA,
            games: self.games.clone(),
        };
        let text = serde_json::to_string(&index).unwrap_or_default();
        self.store.set(INDEX_KEY, &text)
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

    /// Game `id`, if it is there and readable.
    pub fn load(&mut self, id: &str) -> Option<SavedGame> {
        let game = self.read(id);
        if game.is_none() && self.games.iter().any(|g| g.id == id) {
            self.games.retain(|g| g.id != id);
            let _ = self.write_index();
        }
        game
    }

    /// Saves `game` (new or changed). The list is updated even when the
    /// store refuses, so that the game stays in this session's library.
    pub fn save(&mut self, game: &SavedGame) -> Result<(), StoreError> {
        if let Ok(summary) = game.summary() {
            self.games.retain(|g| g.id != game.id);
            self.games.push(summary);
            sort(&mut self.games);
        }
        self.store.set(&game_key(&game.id), &game.to_json())?;
        self.write_index()
    }

    /// Gives game `id` a title (`None`: back to the players' names).
    pub fn rename(&mut self, id: &str, title: Option<String>) -> Result<(), StoreError> {
        let Some(mut game) = self.read(id) else {
            return Ok(());
        };
        game.title = title.filter(|t| !t.trim().is_empty());
        self.save(&game)
    }

    /// Deletes game `id` and hands it back, so that it can be restored.
    pub fn delete(&mut self, id: &str) -> Result<Option<SavedGame>, StoreError> {
        let game = self.read(id);
        self.store.remove(&game_key(id))?;
        self.games.retain(|g| g.id != id);
        if self.current().as_deref() == Some(id) {
            self.store.remove(CURRENT_KEY)?;
        }
        self.write_index()?;
        Ok(game)
    }

    /// The game being played, if one was.
    pub fn current(&self) -> Option<String> {
        self.store.get(CURRENT_KEY).ok().flatten()
    }

    /// Marks the game being played.
    pub fn set_current(&mut self, id: Option<&str>) -> Result<(), StoreError> {
        match id {
            Some(id) => self.store.set(CURRENT_KEY, id),
            None => self.store.remove(CURRENT_KEY),
        }
    }
}

fn sort(games: &mut [Summary]) {
    games.sort_by(|a, b| {
        b.updated
            .partial_cmp(&a.updated)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.id.cmp(&b.id))
    });
}

/// A fresh id from the time (ms) and some random bits.
pub fn new_id(now: f64, random: u32) -> String {
    format!("{:x}{:04x}", now.max(0.0) as u64, random & 0xffff)
}
