//! The page's saved games: the browser's localStorage as a [`Store`], or
//! memory when storage cannot be used (private mode, disabled), and the
//! library shared by every screen through the context ([`Saves`]).

use leptos::prelude::*;

use crate::store::{Library, MemoryStore, Notice, Store, StoreError};

/// localStorage, or memory when it is unavailable.
pub enum PageStore {
    /// The browser's localStorage.
    #[cfg(target_arch = "wasm32")]
    Browser(web_sys::Storage),
    /// Memory: lost when the page closes.
    Memory(MemoryStore),
}

#[cfg(target_arch = "wasm32")]
fn storage_error(error: wasm_bindgen::JsValue) -> StoreError {
    use wasm_bindgen::JsCast;
    match error.dyn_ref::<web_sys::DomException>() {
        Some(e) if e.name() == "QuotaExceededError" || e.code() == 22 => StoreError::Full,
        Some(e) => StoreError::Unavailable(e.message()),
        None => StoreError::Unavailable(format!("{error:?}")),
    }
}

impl PageStore {
    /// localStorage if it can be read and written, else memory.
    pub fn open() -> PageStore {
        #[cfg(target_arch = "wasm32")]
        {
            let storage = web_sys::window()
                .and_then(|w| w.local_storage().ok().flatten())
                .filter(|s| {
                    let probe = "kharbga.probe";
                    s.set_item(probe, "1").is_ok() && s.remove_item(probe).is_ok()
                });
            if let Some(storage) = storage {
                return PageStore::Browser(storage);
            }
        }
        PageStore::Memory(MemoryStore::new())
    }

    /// True when games only live as long as the page.
    pub fn is_memory(&self) -> bool {
        matches!(self, PageStore::Memory(_))
    }
}

impl Store for PageStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        match self {
            #[cfg(target_arch = "wasm32")]
            PageStore::Browser(s) => s.get_item(key).map_err(storage_error),
            PageStore::Memory(m) => m.get(key),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        match self {
            #[cfg(target_arch = "wasm32")]
            PageStore::Browser(s) => s.set_item(key, value).map_err(storage_error),
            PageStore::Memory(m) => m.set(key, value),
        }
    }

    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        match self {
            #[cfg(target_arch = "wasm32")]
            PageStore::Browser(s) => s.remove_item(key).map_err(storage_error),
            PageStore::Memory(m) => m.remove(key),
        }
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        match self {
            #[cfg(target_arch = "wasm32")]
            PageStore::Browser(s) => {
                let n = s.length().map_err(storage_error)?;
                Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
            }
            PageStore::Memory(m) => m.keys(),
        }
    }
}

/// Something about saving the person should see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveNotice {
    /// An entry that could not be read was set aside.
    SetAside(String),
    /// An entry from a newer version was left alone.
    Newer(String),
    /// Storage is full: the current game lives in memory.
    Full,
}

fn to_notice(notice: Notice) -> SaveNotice {
    match notice {
        Notice::SetAside { id, .. } => SaveNotice::SetAside(id),
        Notice::Newer { id, .. } => SaveNotice::Newer(id),
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
        let mut library = Library::open(store);
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
        let result = self.library.try_update_value(f);
        // Reading a game can find it unreadable (set aside) at any time.
        let found = self
            .library
            .try_update_value(Library::take_notices)
            .unwrap_or_default();
        for notice in found {
            self.notify(to_notice(notice));
        }
        self.version.update(|v| *v += 1);
        match result {
            Some(Ok(value)) => Some(value),
            Some(Err(StoreError::Full)) => {
                self.notify(SaveNotice::Full);
                None
            }
            _ => None,
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

/// Milliseconds since 1970.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// A fresh game id.
pub fn fresh_id() -> String {
    #[cfg(target_arch = "wasm32")]
    let random = (js_sys::Math::random() * 65536.0) as u32;
    #[cfg(not(target_arch = "wasm32"))]
    let random = std::process::id();
    crate::store::new_id(now_ms(), random)
}

/// The date of `ms` for a record's `Date` tag (`2026.11.22`).
pub fn record_date(ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        format!(
            "{:04}.{:02}.{:02}",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date()
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        "????.??.??".to_owned()
    }
}

/// `ms` as a date and time in the page's language.
pub fn display_date(ms: f64, language: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        String::from(d.to_locale_string(language, &wasm_bindgen::JsValue::UNDEFINED))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = language;
        format!("{ms:.0}")
    }
}

/// Offers `text` as a download named `name`.
pub fn download(name: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/plain;charset=utf-8");
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return;
        };
        let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
            return;
        };
        if let Some(a) = document()
            .create_element("a")
            .ok()
            .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        {
            a.set_href(&url);
            a.set_download(name);
            a.click();
        }
        let _ = web_sys::Url::revoke_object_url(&url);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, text);
}

/// Copies `text` to the clipboard (best effort: the browser may refuse).
pub fn copy_to_clipboard(text: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = window().navigator().clipboard().write_text(text);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}
