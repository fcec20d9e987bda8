//! The page's saved games: the browser's localStorage (through
//! [`crate::store::local`]) as a [`Store`], or memory when storage cannot be used
//! (private mode, disabled), and the library shared by every screen through
//! the context ([`Saves`]).

use leptos::prelude::*;

use crate::store::local::{self, Local};
use crate::store::{Library, LoadError, MemoryStore, Notice, Store, StoreError};

/// localStorage, or memory when it is unavailable.
pub enum PageStore {
    /// The browser's localStorage (through [`crate::store::local`]).
    Browser,
    /// Memory: lost when the page closes.
    Memory(MemoryStore),
}

impl PageStore {
    /// localStorage if it can be read and written, else memory.
    pub fn open() -> PageStore {
        if local::works() {
            PageStore::Browser
        } else {
            PageStore::Memory(MemoryStore::new())
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
}

impl SaveNotice {
    /// A stable token for tests and translations.
    pub const fn token(&self) -> &'static str {
        match self {
            SaveNotice::SetAside { .. } => "set-aside",
            SaveNotice::Newer => "newer",
            SaveNotice::Full => "full",
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
        let store = PageStore::open();
        let memory_only = store.is_memory();
        let mut library = super::browser::measure("kharbga:library-open", || Library::open(store));
        let notices = library.take_notices().into_iter().map(to_notice).collect();
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

    /// Adds a notice once.
    pub fn notify(&self, notice: SaveNotice) {
        self.notices.update(|list| {
            if !list.contains(&notice) {
                list.push(notice);
            }
        });
    }
}
