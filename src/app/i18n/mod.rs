//! Translations: the Fluent files in `locales/`, the language switcher, how
//! numbers are written in each language ([`format`]) and every error kind
//! put into words ([`errors`]).
//!
//! Every language is fetched from `locales/` (the head's script asks for
//! the page's files with its HTML, in the language it will show); English
//! is compiled in only outside the pages' release build (see `english`),
//! so that the first load carries one language. The messages are read and
//! formatted by [`fluent`], the part of Fluent our files use, checked against fluent-rs
//! itself by a native test. [`tr!`](crate::tr) has the shape of
//! leptos-fluent's macro it replaced (its arguments in a small array, no map
//! built at each call), and a native test (`tests/native/translations.rs`)
//! checks every call against every language: the message exists, and its
//! variables are the arguments given.
//!
//! The chosen language is kept in localStorage and drives `lang` and `dir`
//! on `<html>`: Arabic turns the page right-to-left. A text asked for
//! outside the page's reactive tree (a late task) gets the message id back,
//! never a panic.

pub mod errors;
pub mod fluent;
pub mod format;
pub mod tokens;

use leptos::prelude::*;

pub use self::fluent::Arg;
use self::fluent::Catalogue;

/// A language the page speaks.
#[derive(Debug, PartialEq, Eq)]
pub struct Language {
    /// Its tag, and the folder of its Fluent file (`locales/<id>/`).
    pub id: &'static str,
    /// Its name, in itself.
    pub name: &'static str,
    /// Written right to left.
    pub rtl: bool,
}

/// The languages, the first the default.
pub static LANGUAGES: [Language; 3] = [
    Language {
        id: "en",
        name: "English",
        rtl: false,
    },
    Language {
        id: "fr",
        name: "Français",
        rtl: false,
    },
    Language {
        id: "ar",
        name: "العربية",
        rtl: true,
    },
];

/// English: compiled in, the fallback for any message a language lacks —
/// except in the pages' release build (`make release` sets the
/// `fetched_english` cfg), which fetches English like every other language:
/// a visitor then downloads one language, not English and their own, and
/// the first page stays within its size budget. Compiled in (tests and
/// development builds), it is every page's messages, whichever page runs
/// (the Fluent files of `src/pages/pages.json`'s pages).
#[cfg(not(fetched_english))]
fn english() -> std::borrow::Cow<'static, str> {
    crate::app::route::ENGLISH.join("\n").into()
}

/// How each language writes numbers in its messages.
fn number_format(language: &str) -> fluent::NumberFormat {
    match language {
        "fr" => |n| format::format_number(n, 0, format::FRENCH),
        "ar" => |n| format::format_number(n, 0, format::ARABIC),
        _ => |n| format::format_number(n, 0, format::ENGLISH),
    }
}

/// The catalogue of `language` from its Fluent text (an unreadable file
/// gives none: the page falls back to English).
fn catalogue(language: &'static Language, text: &str) -> Catalogue {
    Catalogue::parse(language.id, text).unwrap_or_default()
}

/// The page's translations (a context value).
///
/// Every translated text that a reactive closure shows follows the
/// language: it reads [`I18n::texts`], not the page's `language` itself.
/// A reader that goes (a closure of a list drawn again, a screen left)
/// stays on the list of whatever it read until that changes (Leptos keeps
/// its subscribers until they are told of a change), and the language
/// seldom changes: read directly, a page kept every text closure it ever
/// made, game after game (issue 46: 1.8 → 76 MB in 30 games). Each screen
/// reads a language of its own ([`I18n::for_screen`]), which goes with the
/// screen and its readers with it.
#[derive(Clone, Copy)]
pub struct I18n {
    /// The language shown.
    pub language: RwSignal<&'static Language>,
    /// The language as this part of the page reads it.
    texts: Memo<&'static Language>,
    bundles: StoredValue<Vec<(&'static str, Catalogue)>, LocalStorage>,
}

impl I18n {
    fn new() -> I18n {
        #[cfg(not(fetched_english))]
        let bundles = vec![(
            LANGUAGES[0].id,
            crate::app::services::browser::measure("kharbga:translations", || {
                catalogue(&LANGUAGES[0], &english())
            }),
        )];
        #[cfg(fetched_english)]
        let bundles = Vec::new();
        let language = RwSignal::new(&LANGUAGES[0]);
        I18n {
            language,
            texts: Memo::new(move |_| language.get()),
            bundles: StoredValue::new_local(bundles),
        }
    }

    /// The translations for one screen: the same language, read through a
    /// memo that belongs to the screen (made under its owner), so that the
    /// texts it shows are forgotten with it.
    pub fn for_screen(self) -> I18n {
        let language = self.language;
        I18n {
            texts: Memo::new(move |_| language.get()),
            ..self
        }
    }

    fn has(&self, language: &'static Language) -> bool {
        self.bundles
            .try_with_value(|b| b.iter().any(|(id, _)| *id == language.id))
            .unwrap_or(false)
    }

    /// Shows the page in `language`, fetching its file first if needed.
    pub fn choose(self, language: &'static Language) {
        remember(language);
        if self.has(language) {
            // The same language again changes nothing on the page.
            if self.language.get_untracked() != language {
                self.language.set(language);
            }
            return;
        }
        leptos::task::spawn_local_scoped_with_cancellation(async move {
            let mut text = String::new();
            for file in crate::app::route::Page::here().files() {
                match fetch_text(&format!("./locales/{}/{file}", language.id)).await {
                    Some(part) => {
                        text.push_str(&part);
                        text.push('\n');
                    }
                    None => return,
                }
            }
            let _ = self
                .bundles
                .try_update_value(|b| b.push((language.id, catalogue(language, &text))));
            // The page drawn in the language in a task of its own, not in
            // the one that read the file (no long task while a page starts).
            gloo_timers::future::TimeoutFuture::new(0).await;
            self.language.set(language);
        });
    }

    fn format(&self, id: &str, args: &[(&str, Arg)]) -> Option<String> {
        let language = self.texts.get();
        self.bundles
            .try_with_value(|catalogues| {
                let find = |lang: &str| {
                    catalogues
                        .iter()
                        .find(|(l, c)| *l == lang && c.has(id))
                        .map(|(l, c)| (*l, c))
                };
                let (lang, catalogue) = find(language.id).or_else(|| find(LANGUAGES[0].id))?;
                catalogue.format(id, args, number_format(lang))
            })
            .flatten()
    }
}

/// Gives the screen being built its own reading of the language (see
/// [`I18n`]): the shell calls it as it builds each screen, under the
/// screen's owner.
pub fn scope_screen() {
    if let Some(i18n) = use_context::<I18n>() {
        provide_context(i18n.for_screen());
    }
}

/// The text of message `id` with `args` in the page's language (tracked:
/// a reactive closure that calls it follows the language). The id itself
/// when there is no page or no such message.
pub fn translate(id: &str, args: &[(&str, Arg)]) -> String {
    use_context::<I18n>()
        .and_then(|i18n| i18n.format(id, args))
        .unwrap_or_else(|| id.to_owned())
}

/// The text of a message in the page's language:
/// `tr!("id")` or `tr!("id", { "name" => value, … })`.
#[macro_export]
macro_rules! tr {
    ($id:literal $(,)?) => {
        $crate::app::i18n::translate($id, &[])
    };
    ($id:literal, { $($key:literal => $value:expr),* $(,)? } $(,)?) => {
        $crate::app::i18n::translate(
            $id,
            &[$( ($key, $crate::app::i18n::Arg::from($value)) ),*],
        )
    };
}

/// A translated text used as data (a player's name that goes into a
/// record), without the isolation marks that surround its arguments.
pub fn as_data(text: String) -> String {
    text.replace(['\u{2068}', '\u{2069}'], "")
}

/// A translated text without arguments that follows the language. Every
/// such text on the page is this one view type (the message is a plain
/// `fn`), so the reactive-text code is compiled once, not once per message.
pub fn tr_text(message: fn() -> String) -> impl IntoView {
    move || message()
}

/// The page's language tag now (`en`, `fr`, `ar`).
pub fn language_id() -> &'static str {
    use_context::<I18n>().map_or(LANGUAGES[0].id, |i18n| i18n.texts.get().id)
}

fn remember(language: &'static Language) {
    // Storage may be unavailable (private mode): the choice then lasts the page.
    let _ = crate::store::local::write(&crate::store::StoreKey::Language, language.id);
}

/// The language to start in: the one chosen before, else the browser's
/// first language the page speaks, else English.
fn initial_language() -> &'static Language {
    #[cfg(target_arch = "wasm32")]
    {
        let find = |tag: &str| {
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            LANGUAGES
                .iter()
                .find(|l| l.id.eq_ignore_ascii_case(primary))
        };
        let saved = crate::store::local::load(&crate::store::StoreKey::Language);
        if let Some(language) = saved.as_deref().and_then(find) {
            return language;
        }
        if let Some(window) = web_sys::window() {
            for tag in window.navigator().languages().iter() {
                if let Some(language) = tag.as_string().as_deref().and_then(find) {
                    return language;
                }
            }
        }
    }
    &LANGUAGES[0]
}

/// The text at `url`, if it can be fetched.
async fn fetch_text(url: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        use wasm_bindgen_futures::JsFuture;
        let response = JsFuture::from(web_sys::window()?.fetch_with_str(url))
            .await
            .ok()?
            .dyn_into::<web_sys::Response>()
            .ok()?;
        if !response.ok() {
            return None;
        }
        JsFuture::from(response.text().ok()?)
            .await
            .ok()?
            .as_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = url;
        None
    }
}

/// Provides the [`I18n`] context to `children`, shown once the starting
/// language is ready (English at once; another after its file arrives).
#[component]
pub fn I18nProvider(children: ChildrenFn) -> impl IntoView {
    let i18n = I18n::new();
    provide_context(i18n);
    let wanted = initial_language();
    let ready = RwSignal::new(i18n.has(wanted));
    // Once shown, the page is never built again: the language arriving
    // after the fallback, the fallback firing after the language, or a
    // later switch back to it must not rebuild the app (it did: 3 s after
    // a French or Arabic page opened, every screen started over).
    let show = move || {
        if !ready.get_untracked() {
            ready.set(true);
        }
    };
    if !ready.get_untracked() {
        i18n.choose(wanted);
        // Shown in English if the file cannot be fetched (with English
        // fetched too, shown with what arrived).
        Effect::new(move |_| {
            if i18n.language.get() == wanted && i18n.has(wanted) {
                show();
            }
        });
        let fallback = gloo_timers::callback::Timeout::new(3_000, show);
        StoredValue::new_local(fallback);
    }
    // `lang` and `dir` on <html> follow the language, once the app is
    // shown in it (until then they are the head's script's, which a first
    // screen written into the page is shown in: an Arabic one must not
    // turn left to right while the Arabic file arrives).
    Effect::new(move |_| {
        if !ready.get() {
            return;
        }
        let language = i18n.language.get();
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", language.id);
            let _ = html.set_attribute("dir", if language.rtl { "rtl" } else { "ltr" });
        }
    });
    let shown = Memo::new(move |_| ready.get());
    move || shown.get().then(|| children())
}

/// One button per language, each labelled in its own language.
#[component]
pub fn LanguageSwitcher() -> impl IntoView {
    let i18n = expect_context::<I18n>();
    view! {
        <nav class="languages" aria-label=move || crate::tr!("language-switcher")>
            {LANGUAGES
                .iter()
                .map(|language| {
                    let active = move || i18n.language.get() == language;
                    view! {
                        <button
                            type="button"
                            class="language"
                            class:active=active
                            lang=language.id
                            aria-pressed=move || if active() { "true" } else { "false" }
                            on:click=move |_| i18n.choose(language)
                        >
                            {language.name}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}
