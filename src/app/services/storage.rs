//! The page's saved games: the browser's localStorage (through
//! [`crate::store::local`]) as a [`Store`], or memory when storage cannot be used
//! (private mode, disabled), and the library shared by every screen through
//! the context ([`Saves`]).

use leptos::prelude::*;

use crate::store::local::{self, Access, Local};
use crate::store::{Kept, Library, LoadError, MemoryStore, Notice, Store, StoreError};

/// localStorage, or memory when it is unavailable.
pub enum PageStore {
    /// The browser's localStorage (through [`crate::store::local`]).
    Browser,
    /// Memory: lost when the page closes.
    Memory(MemoryStore),
}

impl PageStore {
    /// localStorage if it can be read (a full one too: its games are
    /// listed, and room can be made), else memory.
    pub fn open(access: Access) -> PageStore {
        match access {
            Access::Writable | Access::Full => PageStore::Browser,
            Access::Unavailable => PageStore::Memory(MemoryStore::new()),
        }
    }

    /// True when games only live as long as the page.
    pub fn is_memory(&self) -> bool {
        matches!(self, PageStore::Memory(_))
    }
}

impl Store for PageStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        match self {
            PageStore::Browser => Local.get(key),
            PageStore::Memory(m) => m.get(key),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        match self {
            PageStore::Browser => Local.set(key, value),
            PageStore::Memory(m) => m.set(key, value),
        }
    }

    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        match self {
            PageStore::Browser => Local.remove(key),
            PageStore::Memory(m) => m.remove(key),
        }
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        match self {
            PageStore::Browser => Local.keys(),
            PageStore::Memory(m) => m.keys(),
        }
    }
}

/// Something about saving the person should see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveNotice {
    /// An entry that could not be read was set aside.
    SetAside {
        /// What was wrong.
        reason: LoadError,
        /// The players, when they could be made out.
        players: Option<(String, String)>,
        /// How many games the library still holds.
        remaining: usize,
    },
    /// Entries from a newer version were left alone.
    Newer,
    /// Storage is full: the current game lives in memory.
    Full,
    /// Storage was full when the page opened: nothing new is kept until
    /// room is made.
    FullAtOpen,
    /// Storage is full: the player's latest of this kind was not kept.
    NotKept(Kept),
    /// The storage stopped taking writes (not for want of room): what the
    /// player does now lasts only while the page is open.
    Refused,
}

impl SaveNotice {
    /// A stable token for tests and translations.
    pub const fn token(&self) -> &'static str {
        match self {
            SaveNotice::SetAside { .. } => "set-aside",
            SaveNotice::Newer => "newer",
            SaveNotice::Full => "full",
            SaveNotice::FullAtOpen => "full-at-open",
            SaveNotice::NotKept(kept) => match kept {
                Kept::Games => "full",
                Kept::Settings => "not-kept-settings",
                Kept::Learning => "not-kept-learning",
                Kept::Reviews => "not-kept-reviews",
                Kept::Tournaments => "not-kept-tournaments",
                Kept::Seats => "not-kept-seats",
            },
            SaveNotice::Refused => "refused",
        }
    }

    /// True when room is what is missing (the notice offers the library).
    pub const fn wants_room(&self) -> bool {
        matches!(
            self,
            SaveNotice::Full | SaveNotice::FullAtOpen | SaveNotice::NotKept(_)
        )
    }

    /// What the page says when the storage refused to keep `kept` (`None`
    /// where the page already says it: storage unavailable from the start).
    pub fn refused(kept: Kept, error: &StoreError, memory_only: bool) -> Option<SaveNotice> {
        match error {
            StoreError::Full if kept == Kept::Games => Some(SaveNotice::Full),
            StoreError::Full => Some(SaveNotice::NotKept(kept)),
            _ if memory_only => None,
            _ => Some(SaveNotice::Refused),
        }
    }
}

fn to_notice(notice: Notice) -> SaveNotice {
    match notice {
        Notice::SetAside {
            reason,
            players,
            remaining,
            ..
        } => SaveNotice::SetAside {
            reason,
            players,
            remaining,
        },
        Notice::Newer { .. } => SaveNotice::Newer,
    }
}

/// The library and what the page should say about it (in the context).
#[derive(Clone, Copy)]
pub struct Saves {
    /// The library over the page's store.
    pub library: StoredValue<Library<PageStore>, LocalStorage>,
    /// Notices not yet dismissed.
    pub notices: RwSignal<Vec<SaveNotice>>,
    /// True when storage is unavailable and games live in memory.
    pub memory_only: bool,
    /// Bumped whenever the library changes (screens re-read it).
    pub version: RwSignal<u32>,
}

impl Saves {
    /// Opens the page's library.
    pub fn open() -> Saves {
        let access = local::access();
        let store = PageStore::open(access);
        let memory_only = store.is_memory();
        let mut library = super::browser::measure("kharbga:library-open", || Library::open(store));
        let mut notices: Vec<SaveNotice> =
            library.take_notices().into_iter().map(to_notice).collect();
        if access == Access::Full {
            notices.push(SaveNotice::FullAtOpen);
        }
        Saves {
            library: StoredValue::new_local(library),
            notices: RwSignal::new(notices),
            memory_only,
            version: RwSignal::new(0),
        }
    }

    /// Runs `f` on the library and tells the screens it changed; a full
    /// store raises the notice.
    pub fn update<T>(
        &self,
        f: impl FnOnce(&mut Library<PageStore>) -> Result<T, StoreError>,
    ) -> Option<T> {
        let mut f = Some(f);
        let mut value = None;
        self.run(&mut |library| {
            let f = f.take().ok_or(StoreError::Unavailable(String::new()))?;
            value = Some(f(library)?);
            Ok(())
        });
        value
    }

    /// What [`Saves::update`] does around its closure, compiled once.
    fn run(&self, f: &mut dyn FnMut(&mut Library<PageStore>) -> Result<(), StoreError>) {
        let result = self.library.try_update_value(|library| f(library));
        // Reading a game can find it unreadable (set aside) at any time.
        let found = self
            .library
            .try_update_value(Library::take_notices)
            .unwrap_or_default();
        for notice in found {
            self.notify(to_notice(notice));
        }
        self.version.update(|v| *v += 1);
        if let Some(Err(StoreError::Full)) = result {
            self.notify(SaveNotice::Full);
        }
    }

    /// Tells the page of every write the storage refuses (settings,
    /// puzzles, tournaments, seats as well as games), while the returned
    /// watch lives.
    pub fn watch_refusals(self) -> local::Watch {
        local::watch(move |key, error| {
            let notice = key
                .kept()
                .and_then(|kept| SaveNotice::refused(kept, error, self.memory_only));
            if let Some(notice) = notice {
                self.notify(notice);
            }
        })
    }

    /// Adds a notice once.
    pub fn notify(&self, notice: SaveNotice) {
        self.notices.update(|list| {
            if !list.contains(&notice) {
                list.push(notice);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreKey;

    #[test]
    fn a_refused_write_is_said_by_what_it_lost_and_why() {
        let full = StoreError::Full;
        let off = StoreError::Unavailable(String::from("SecurityError"));
        let said = |key: StoreKey, error: &StoreError, memory_only| {
            SaveNotice::refused(key.kept()?, error, memory_only)
        };
        // Full: the game's own notice, or the kind that was not kept; each
        // offers the library to make room.
        assert_eq!(
            said(StoreKey::Current, &full, false),
            Some(SaveNotice::Full)
        );
        for (key, kept) in [
            (StoreKey::Prefs, Kept::Settings),
            (StoreKey::Language, Kept::Settings),
            (StoreKey::OnlineSettings, Kept::Settings),
            (StoreKey::Puzzles, Kept::Learning),
            (StoreKey::Tournament(String::from("t")), Kept::Tournaments),
            (StoreKey::TournamentSeat(String::from("k")), Kept::Seats),
            (StoreKey::Review(String::from("00")), Kept::Reviews),
        ] {
            let notice = said(key, &full, false).unwrap();
            assert_eq!(notice, SaveNotice::NotKept(kept));
            assert!(notice.wants_room());
        }
        // Unavailable: said once by the page's banner when it was so from
        // the start, else in a notice of its own, which no room would mend.
        assert_eq!(said(StoreKey::Prefs, &off, true), None);
        let refused = said(StoreKey::Prefs, &off, false).unwrap();
        assert_eq!(refused, SaveNotice::Refused);
        assert!(!refused.wants_room());
        // The probe is no player's.
        assert_eq!(said(StoreKey::Probe, &full, false), None);
        // Every notice has its own token (the page's test ids).
        let tokens: std::collections::BTreeSet<_> = [
            SaveNotice::Full,
            SaveNotice::FullAtOpen,
            SaveNotice::Refused,
            SaveNotice::NotKept(Kept::Settings),
            SaveNotice::NotKept(Kept::Learning),
            SaveNotice::NotKept(Kept::Reviews),
            SaveNotice::NotKept(Kept::Tournaments),
            SaveNotice::NotKept(Kept::Seats),
        ]
        .iter()
        .map(SaveNotice::token)
        .collect();
        assert_eq!(tokens.len(), 8);
    }
}
