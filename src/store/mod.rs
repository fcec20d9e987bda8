//! Games that are never lost: the saved-game schema (versioned, with
//! migrations), the library over a small key–value [`Store`], and share
//! links. The browser's localStorage is reached through [`local`] alone
//! (one `Store` among others: [`MemoryStore`] serves native tests, and the
//! page when storage is unavailable), by the keys of [`StoreKey`].
//!
//! The library's keys: `kharbga.game.<id>` (one JSON entry per game, its
//! summary included), `kharbga.current` (the game being played) and
//! `kharbga.aside.<id>` (entries that could not be read, kept as they were).
//! `kharbga.index`, which earlier versions kept, is removed when seen.

mod keys;
mod legacy;
mod library;
pub mod local;
mod saved;
mod seats;
pub mod share;

use std::collections::BTreeMap;
use std::fmt;

pub use keys::{Kept, StoreKey};
pub use library::{new_id, Library, Notice};
pub use saved::{
    guess_players, result_text, LoadError, Meta, OnlineSeat, SavedGame, Summary, SCHEMA,
};
pub use seats::{Hands, Seat, SeatError, Seats};

/// Why the store refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No room left (the browser's quota).
    Full,
    /// Storage cannot be used at all (private mode, disabled).
    Unavailable(String),
    /// A stored value is not what its reader expects (serde's error).
    Unreadable,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full => f.write_str("storage is full"),
            StoreError::Unavailable(why) => write!(f, "storage is unavailable: {why}"),
            StoreError::Unreadable => f.write_str("a stored value could not be read"),
        }
    }
}

impl std::error::Error for StoreError {}

/// A key–value text store.
pub trait Store {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Stores `value` under `key`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError>;
    /// Removes `key` (nothing if absent).
    fn remove(&mut self, key: &str) -> Result<(), StoreError>;
    /// Every key.
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

impl<S: Store + ?Sized> Store for &mut S {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        (**self).get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        (**self).set(key, value)
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        (**self).keys()
    }
}

/// A store in memory, with an optional quota in bytes (keys and values).
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    entries: BTreeMap<String, String>,
    quota: Option<usize>,
}

impl MemoryStore {
    /// An empty store without a quota.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// An empty store that refuses to grow past `bytes`.
    pub fn with_quota(bytes: usize) -> MemoryStore {
        MemoryStore {
            entries: BTreeMap::new(),
            quota: Some(bytes),
        }
    }

    fn used(&self) -> usize {
        self.entries.iter().map(|(k, v)| k.len() + v.len()).sum()
    }
}

impl Store for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.entries.get(key).cloned())
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(quota) = self.quota {
            let old = self.entries.get(key).map_or(0, |v| key.len() + v.len());
            if self.used() - old + key.len() + value.len() > quota {
                return Err(StoreError::Full);
            }
        }
        self.entries.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        self.entries.remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.entries.keys().cloned().collect())
    }
}
