//! The browser's localStorage: the one door to it. Every other module reads
//! and writes the browser's storage through these functions, by
//! [`StoreKey`], with failures as [`StoreError`] kinds.
//!
//! Values are text in the formats each owner writes (`Prefs::to_text`,
//! `Tournament::to_text`, a saved game's JSON…): the port moves them
//! unchanged, so what players saved stays readable. The handle is taken
//! through `web_sys` on each call, never through gloo's `LocalStorage::raw`,
//! which aborts the program where storage is disabled: here that is
//! [`StoreError::Unavailable`]. Off the browser (native tests, the CLI)
//! there is no storage and every call says so.

use super::{Store, StoreError, StoreKey};

/// The browser's storage, when the page can reach it.
fn storage() -> Result<web_sys::Storage, StoreError> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .ok_or_else(|| StoreError::Unavailable(String::new()))?
            .local_storage()
            .map_err(error)?
            .ok_or_else(|| StoreError::Unavailable(String::new()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    Err(StoreError::Unavailable(String::new()))
}

/// The kind of a storage call's failure.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn error(error: web_sys::wasm_bindgen::JsValue) -> StoreError {
    use web_sys::wasm_bindgen::JsCast;
    match error.dyn_ref::<web_sys::DomException>() {
        Some(e) if e.name() == "QuotaExceededError" || e.code() == 22 => StoreError::Full,
        Some(e) => StoreError::Unavailable(e.name()),
        None => StoreError::Unavailable(String::new()),
    }
}

/// True when this page may use the storage: probed with a write, since a
/// storage can be there and refuse every write (private modes).
pub fn works() -> bool {
    let probe = StoreKey::Probe;
    write(&probe, "1").is_ok() && remove(&probe).is_ok()
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

/// Keeps `text` under `key`.
///
/// # Errors
/// [`StoreError::Full`] past the browser's quota; `Unavailable` when the
/// storage cannot be used.
pub fn write(key: &StoreKey, text: &str) -> Result<(), StoreError> {
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

/// The browser's storage as a [`Store`] (the library's, keyed by string).
#[derive(Clone, Copy, Debug, Default)]
pub struct Local;

impl Store for Local {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        storage()?.get_item(key).map_err(error)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        storage()?.set_item(key, value).map_err(error)
    }

    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        storage()?.remove_item(key).map_err(error)
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let storage = storage()?;
        let length = storage.length().map_err(error)?;
        Ok((0..length)
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect())
    }
}
