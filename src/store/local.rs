//! The browser's localStorage: the one door to it. Every other module reads
//! and writes the browser's storage through these functions, by
//! [`StoreKey`], with failures as [`StoreError`] kinds.
//!
//! Behind the door, gloo-storage's [`LocalStorage`] reads and writes; the
//! door first probes the storage through `web_sys` ([`present`]), because
//! gloo's handle aborts the program where storage is disabled (here that
//! is [`StoreError::Unavailable`]). Every gloo [`StorageError`] becomes
//! the matching `StoreError` ([`kind`]): a quota error is
//! [`StoreError::Full`], never "unavailable".
//!
//! Values are text in the formats each owner writes (`Prefs::to_text`,
//! `Tournament::to_text`, a saved game's JSON…): the door moves them
//! unchanged, through gloo's raw handle, so what players saved stays
//! readable. (gloo's typed `get`/`set` would JSON-quote every text:
//! every entry saved so far, and the first page's script that reads the
//! language before the wasm starts, would no longer read.)
//!
//! Every write the storage refuses is told to the page's [`watch`]er, so
//! no caller can lose what a player did without a word. Off the browser
//! (native tests, the CLI) there is no storage and every call says so.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_storage::errors::StorageError;
use gloo_storage::{LocalStorage, Storage};

use super::{Store, StoreError, StoreKey};

/// Checks that the browser lets this page reach its storage, through
/// `web_sys` (gloo's handle would abort where it cannot).
fn present() -> Result<(), StoreError> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .ok_or(StoreError::Unavailable(String::new()))?
            .local_storage()
            .map_err(|e| kind(js_error(e)))?
            .map(drop)
            .ok_or(StoreError::Unavailable(String::new()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    Err(StoreError::Unavailable(String::new()))
}

/// A JavaScript exception as gloo-storage's error.
fn js_error(value: web_sys::wasm_bindgen::JsValue) -> StorageError {
    use web_sys::wasm_bindgen::JsCast;
    match value.dyn_into::<web_sys::js_sys::Error>() {
        Ok(error) => StorageError::JsError(error.into()),
        // Not an `Error` at all: nothing says what it was.
        Err(_) => StorageError::KeyNotFound(String::new()),
    }
}

/// The names browsers give a quota error.
const QUOTA: [&str; 2] = ["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"];

/// The port's kind of a gloo-storage failure.
pub fn kind(error: StorageError) -> StoreError {
    match error {
        StorageError::JsError(e) if QUOTA.contains(&e.name.as_str()) => StoreError::Full,
        StorageError::JsError(e) => StoreError::Unavailable(e.name),
        StorageError::SerdeError(_) => StoreError::Unreadable,
        // (gloo's typed `get` for "nothing there", which the port says
        // as `None`: here, an exception that was not an `Error`.)
        StorageError::KeyNotFound(_) => StoreError::Unavailable(String::new()),
    }
}

/// What the page may do with the browser's storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read and written.
    Writable,
    /// Read, but no room is left to write (its entries are all there).
    Full,
    /// Neither (a private window, storage turned off, off the browser).
    Unavailable,
}

/// What the storage lets this page do now: probed with a write, since a
/// storage can be there and refuse every write. One that refuses a write
/// for want of room while holding nothing has no room at all (a private
/// mode's): unavailable, not full.
pub fn access() -> Access {
    if present().is_err() {
        return Access::Unavailable;
    }
    let probe = StoreKey::Probe.key();
    match LocalStorage::raw()
        .set_item(&probe, "1")
        .map_err(|e| kind(js_error(e)))
    {
        Ok(()) => {
            LocalStorage::delete(&probe);
            Access::Writable
        }
        Err(StoreError::Full) if LocalStorage::length() > 0 => Access::Full,
        Err(_) => Access::Unavailable,
    }
}

/// True when this page can read the storage (a full one too: its writes
/// are then refused, and said).
pub fn works() -> bool {
    access() != Access::Unavailable
}

/// The text under `key`, if any.
///
/// # Errors
/// When the storage cannot be used.
pub fn read(key: &StoreKey) -> Result<Option<String>, StoreError> {
    Local.get(&key.key())
}

/// The text under `key`; `None` when there is none or the storage cannot
/// be used (a private window: the caller's defaults serve).
pub fn load(key: &StoreKey) -> Option<String> {
    read(key).ok().flatten()
}

/// Keeps `text` under `key` (a text already there is not written again: a
/// full storage would refuse even that).
///
/// # Errors
/// [`StoreError::Full`] past the browser's quota; `Unavailable` when the
/// storage cannot be used. Either is told to the [`watch`]er too.
pub fn write(key: &StoreKey, text: &str) -> Result<(), StoreError> {
    if read(key).ok().flatten().as_deref() == Some(text) {
        return Ok(());
    }
    Local.set(&key.key(), text)
}

/// Removes `key` (nothing if absent).
///
/// # Errors
/// When the storage cannot be used.
pub fn remove(key: &StoreKey) -> Result<(), StoreError> {
    Local.remove(&key.key())
}

/// Every stored entry whose key `pick` takes: what `pick` made of its key,
/// and its text, in the storage's order (none when the storage cannot be
/// used).
pub fn entries<T>(pick: impl Fn(StoreKey) -> Option<T>) -> Vec<(T, String)> {
    let Ok(keys) = Local.keys() else {
        return Vec::new();
    };
    keys.into_iter()
        .filter_map(|key| {
            let picked = pick(StoreKey::parse(&key)?)?;
            Some((picked, Local.get(&key).ok().flatten()?))
        })
        .collect()
}

/// Every stored key that `pick` takes, as `pick` made it (its text not read).
pub fn keys<T>(pick: impl Fn(StoreKey) -> Option<T>) -> Vec<T> {
    Local
        .keys()
        .unwrap_or_default()
        .iter()
        .filter_map(|key| pick(StoreKey::parse(key)?))
        .collect()
}

/// Who hears of every write the storage refuses.
type Watcher = Rc<dyn Fn(&StoreKey, &StoreError)>;

thread_local! {
    static WATCHER: RefCell<Option<Watcher>> = const { RefCell::new(None) };
}

/// The page's watcher of refused writes, heard while this lives.
#[must_use = "the watcher is heard only while its Watch lives"]
pub struct Watch(());

impl Drop for Watch {
    fn drop(&mut self) {
        WATCHER.with(|w| w.borrow_mut().take());
    }
}

/// Tells `heard` of every write the storage refuses from now on (its key,
/// why), until the returned [`Watch`] is dropped; one watcher at a time.
pub fn watch(heard: impl Fn(&StoreKey, &StoreError) + 'static) -> Watch {
    WATCHER.with(|w| *w.borrow_mut() = Some(Rc::new(heard)));
    Watch(())
}

/// Tells the watcher that the write under `key` was refused.
fn refused(key: &str, error: &StoreError) {
    let Some(key) = StoreKey::parse(key) else {
        return;
    };
    // Cloned out first: the watcher may write again.
    if let Some(heard) = WATCHER.with(|w| w.borrow().clone()) {
        heard(&key, error);
    }
}

/// The browser's storage as a [`Store`] (the library's, keyed by string).
#[derive(Clone, Copy, Debug, Default)]
pub struct Local;

impl Store for Local {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        present()?;
        LocalStorage::raw()
            .get_item(key)
            .map_err(|e| kind(js_error(e)))
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        let result = present().and_then(|()| {
            LocalStorage::raw()
                .set_item(key, value)
                .map_err(|e| kind(js_error(e)))
        });
        if let Err(error) = &result {
            refused(key, error);
        }
        result
    }

    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        present()?;
        LocalStorage::delete(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        present()?;
        let storage = LocalStorage::raw();
        Ok((0..LocalStorage::length())
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect())
    }
}
