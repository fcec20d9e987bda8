//! Translations (Fluent files in `locales/`) and the language switcher.
//!
//! The chosen language is kept in localStorage and drives `lang` and `dir`
//! on `<html>`: Arabic turns the page right-to-left.

use leptos::prelude::*;
use leptos_fluent::{leptos_fluent, I18n};

/// Provides the [`I18n`] context to `children`.
#[component]
pub fn I18nProvider(children: Children) -> impl IntoView {
    leptos_fluent! {
        children: children(),
        locales: "./locales",
        default_language: "en",
        // Every `tr!` must name a message that exists in every language, and
        // every message must be used: checked when the crate compiles.
        check_translations: "./src/**/*.rs",
        sync_html_tag_lang: true,
        sync_html_tag_dir: true,
        local_storage_key: "kharbga.language",
        initial_language_from_local_storage: true,
        set_language_to_local_storage: true,
        initial_language_from_navigator: true,
    }
}

/// One button per language, each labelled in its own language.
#[component]
pub fn LanguageSwitcher() -> impl IntoView {
    let i18n = expect_context::<I18n>();
    view! {
        <nav class="languages" aria-label=move || leptos_fluent::tr!("language-switcher")>
            {i18n
                .languages
                .iter()
                .map(|&language| {
                    let active = move || i18n.language.get() == language;
                    view! {
                        <button
                            type="button"
                            class="language"
                            class:active=active
                            lang=language.id
                            aria-pressed=move || if active() { "true" } else { "false" }
                            on:click=move |_| i18n.language.set(language)
                        >
                            {language.name}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}
