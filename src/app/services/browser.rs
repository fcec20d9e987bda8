//! Small things the page asks of the browser: the clock, dates in the
//! player's language, fresh ids, downloads, the clipboard and performance
//! marks, and going from page to page by [`Route`]. Natively (headless
//! tests) each has a plain stand-in.
//!
//! The clock is read here and nowhere else: the browser gives a float
//! (`Date.now()`), the page gets [`Millis`] from [`now_ms`] and counts in
//! them everywhere else.

use crate::app::route::Route;
use crate::engine::Millis;

/// The page's clock: milliseconds since 1970, whole.
pub fn now_ms() -> Millis {
    #[cfg(target_arch = "wasm32")]
    {
        from_page(js_sys::Date::now())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(Millis::ZERO, |d| {
                Millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            })
    }
}

/// A reading of the browser's clock (a float): its whole milliseconds, a
/// negative or unreadable one as zero.
#[cfg(target_arch = "wasm32")]
fn from_page(ms: f64) -> Millis {
    // (`as` saturates, and reads NaN as 0.)
    Millis(ms.max(0.0) as u64)
}

/// An instant as the browser's `Date` takes it.
#[cfg(target_arch = "wasm32")]
fn to_page(ms: Millis) -> wasm_bindgen::JsValue {
    wasm_bindgen::JsValue::from_f64(ms.get() as f64)
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
pub fn record_date(ms: Millis) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&to_page(ms));
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

/// `ms` as a date and time in `language`'s way (the browser's `Intl`),
/// Western digits whatever the language (`docs/i18n.md`).
pub fn display_date(ms: Millis, language: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&to_page(ms));
        let options = js_sys::Object::new();
        for (key, value) in [
            ("dateStyle", "medium"),
            ("timeStyle", "short"),
            ("numberingSystem", "latn"),
        ] {
            let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
        }
        String::from(d.to_locale_string(language, &options))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = language;
        format!("{ms}")
    }
}

/// Offers `text` as a download named `name`.
pub fn download(name: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use leptos::prelude::document;
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
        let _ = leptos::prelude::window()
            .navigator()
            .clipboard()
            .write_text(text);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// Runs `f` between two performance marks and records the measure `name`
/// (what `make bench` reads from the page: library start-up, autosave).
pub fn measure<T>(name: &str, f: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "wasm32")]
    {
        let performance = web_sys::window().and_then(|w| w.performance());
        let start = format!("{name}:start");
        if let Some(p) = &performance {
            let _ = p.mark(&start);
        }
        let value = f();
        if let Some(p) = &performance {
            let _ = p.measure_with_start_mark(name, &start);
            p.clear_marks_with_mark_name(&start);
        }
        value
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = name;
        f()
    }
}

/// `N` bytes from the browser's crypto (room codes and seat secrets).
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    #[cfg(target_arch = "wasm32")]
    {
        let crypto = leptos::web_sys::window().and_then(|w| w.crypto().ok());
        let filled = crypto.is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
        if !filled {
            // No crypto (a very old browser): never the same bytes everywhere.
            for b in &mut bytes {
                *b = (js_sys::Math::random() * 256.0) as u8;
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Headless tests only: distinct enough, not secret.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let seed = nanos ^ u64::from(std::process::id());
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (seed >> ((i % 8) * 8)) as u8 ^ (i as u8).wrapping_mul(151);
        }
    }
    bytes
}

/// Opens the phone's share sheet for `url` where the browser has one;
/// false when it has none.
pub fn share_url(url: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use leptos::wasm_bindgen::{JsCast, JsValue};
        let navigator = leptos::prelude::window().navigator();
        let share = js_sys::Reflect::get(&navigator, &JsValue::from_str("share"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(share) = share {
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
            // The promise rejects when the player cancels: nothing to do.
            if let Ok(promise) = share.call1(&navigator, &data) {
                if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                    wasm_bindgen_futures::spawn_local(async move {
                        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
                    });
                }
            }
            return true;
        }
        false
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = url;
        false
    }
}

/// True when the browser has a share sheet.
pub fn can_share() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let navigator = leptos::prelude::window().navigator();
        js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Registers the service worker (`sw.js`: the app offline, see
/// `src/web/sw.js`; `sw.js?save-data` when the browser asks to save data)
/// where the browser has them; `on_update` is called when
/// a new version takes over a page that an older one served. The returned
/// listener belongs to the caller (the shell, for the page's life).
pub fn register_service_worker(
    on_update: impl Fn() + 'static,
) -> Option<gloo_events::EventListener> {
    #[cfg(target_arch = "wasm32")]
    {
        use leptos::wasm_bindgen::{JsCast, JsValue};
        let navigator = leptos::prelude::window().navigator();
        let container =
            js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker")).ok()?;
        if container.is_undefined() || container.is_null() {
            return None;
        }
        // A page already served by a worker: a change of worker is an update.
        let controller = js_sys::Reflect::get(&container, &JsValue::from_str("controller"))
            .ok()
            .filter(JsValue::is_object);
        let served = controller.is_some();
        let register = js_sys::Reflect::get(&container, &JsValue::from_str("register"))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        // The worker cannot see the browser's Save-Data itself (Chromium
        // tells only the page): the page tells it in the script's address.
        let saving = js_sys::Reflect::get(&navigator, &JsValue::from_str("connection"))
            .ok()
            .filter(|c| c.is_object())
            .and_then(|c| js_sys::Reflect::get(&c, &JsValue::from_str("saveData")).ok())
            .is_some_and(|s| s.is_truthy());
        // Once a worker serves the page, its own address is registered again
        // (the browser checks it for an update): a data saver switched on or
        // off since would otherwise name another worker, installed anew and
        // announced as an update that never was. (Save-Data decides only
        // what the install keeps.)
        let script = controller
            .and_then(|c| js_sys::Reflect::get(&c, &JsValue::from_str("scriptURL")).ok())
            .and_then(|url| url.as_string())
            .unwrap_or_else(|| {
                if saving {
                    "./sw.js?save-data"
                } else {
                    "./sw.js"
                }
                .to_owned()
            });
        if let Ok(promise) = register.call1(&container, &JsValue::from_str(&script)) {
            if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                // A browser that refuses (private mode, a file URL) plays on without it.
                wasm_bindgen_futures::spawn_local(async move {
                    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
                });
            }
        }
        let target = container.unchecked_into::<leptos::web_sys::EventTarget>();
        Some(gloo_events::EventListener::new(
            &target,
            "controllerchange",
            move |_| {
                if served {
                    on_update();
                }
            },
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = on_update;
        None
    }
}

/// This page's address (origin and path) with `fragment` (`#…`): the links
/// the page hands out (share, invitation, a game by link).
pub fn page_url(fragment: &str) -> String {
    let location = leptos::prelude::window().location();
    format!(
        "{}{}{fragment}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// Shows `fragment` (`#…`, or empty for none) in the address bar without a
/// reload or a history entry: a reload, or the address copied from the
/// bar, comes back to it.
pub fn replace_fragment(fragment: &str) {
    let window = leptos::prelude::window();
    let location = window.location();
    let path = location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &leptos::wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{fragment}")),
        );
    }
}

/// Goes to `route` on the page that serves it (a history entry: the
/// browser's back returns here).
pub fn go(route: &Route) {
    let _ = leptos::prelude::window().location().assign(&route.url());
}

/// Hands this address over to the page that serves `route`, in its place
/// (no history entry: an address opened from outside only passes through).
pub fn hand_over(route: &Route) {
    let _ = leptos::prelude::window().location().replace(&route.url());
}

/// The route of the page's address now.
pub fn current_route() -> Route {
    page_fragment().map_or(Route::Home, |f| Route::parse(&f))
}

/// Opens `route`: on this page by changing the address when this page
/// serves it (the shell follows), else by going to its page.
pub fn open(route: &Route) {
    if route.page().is_here() {
        show(route);
    } else {
        go(route);
    }
}

/// Opens `route` on this page by changing the address (the shell follows
/// it); the same address again says it changed.
pub fn show(route: &Route) {
    let window = leptos::prelude::window();
    let location = window.location();
    let fragment = route.fragment();
    if location.hash().is_ok_and(|hash| hash == fragment) {
        if let Ok(event) = leptos::web_sys::Event::new("hashchange") {
            let _ = window.dispatch_event(&event);
        }
    } else {
        let _ = location.set_hash(&fragment);
    }
}

/// Loads the page again (a new version that took over).
pub fn reload() {
    let _ = leptos::prelude::window().location().reload();
}

/// The page's fragment (`#…`), if any.
pub fn page_fragment() -> Option<String> {
    leptos::prelude::window()
        .location()
        .hash()
        .ok()
        .filter(|h| !h.is_empty())
}

/// Brings the page back to its top: a screen, or a step of one, opens
/// there, not where the page was scrolled to on the one before (on a phone
/// the last button pressed is often far down the panel, below the board).
pub fn scroll_to_top() {
    leptos::prelude::window().scroll_to_with_x_and_y(0.0, 0.0);
}

/// The page's keyboard shortcuts: `on_key` hears every key pressed in the
/// window (and may prevent its default), for as long as the listener
/// returned lives.
pub fn on_keydown(
    on_key: impl Fn(&leptos::web_sys::KeyboardEvent) + 'static,
) -> gloo_events::EventListener {
    use leptos::wasm_bindgen::JsCast;
    gloo_events::EventListener::new_with_options(
        &leptos::prelude::window(),
        "keydown",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        move |event| {
            if let Some(event) = event.dyn_ref::<leptos::web_sys::KeyboardEvent>() {
                on_key(event);
            }
        },
    )
}

/// A line of the page's own log, at the console's debug level (hidden
/// unless asked for): the online room's steps, which a failing end-to-end
/// test prints with its pages' consoles. At most [`TRACE_LINES`] lines a
/// page, so that a peer cannot fill the console; natively, nothing.
pub fn trace(line: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use std::sync::atomic::{AtomicU32, Ordering};

        #[wasm_bindgen::prelude::wasm_bindgen]
        extern "C" {
            #[wasm_bindgen(js_namespace = console, js_name = debug)]
            fn console_debug(text: &str);
        }
        static LINES: AtomicU32 = AtomicU32::new(0);
        if LINES.fetch_add(1, Ordering::Relaxed) < TRACE_LINES {
            console_debug(line);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = line;
}

/// The most lines [`trace`] writes in a page.
pub const TRACE_LINES: u32 = 2_000;
