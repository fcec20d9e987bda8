//! Translations (Fluent files in `locales/`), the language switcher, how
//! numbers are written in each language ([`format`]) and every error kind
//! put into words ([`errors`]).
//!
//! The chosen language is kept in localStorage and drives `lang` and `dir`
//! on `<html>`: Arabic turns the page right-to-left.

pub mod errors;
pub mod format;

use fluent_bundle::bundle::FluentBundle;
use fluent_bundle::FluentValue;
use leptos::prelude::*;
use leptos_fluent::{leptos_fluent, I18n};

fn number_in(value: &FluentValue, style: format::NumberStyle) -> Option<String> {
    match value {
        FluentValue::Number(n) => {
            let fraction = n.options.minimum_fraction_digits.unwrap_or(0);
            Some(format::format_number(n.value, fraction, style))
        }
        _ => None,
    }
}

fn english<M>(value: &FluentValue, _: &M) -> Option<String> {
    number_in(value, format::ENGLISH)
}

fn french<M>(value: &FluentValue, _: &M) -> Option<String> {
    number_in(value, format::FRENCH)
}

fn arabic<M>(value: &FluentValue, _: &M) -> Option<String> {
    number_in(value, format::ARABIC)
}

/// Gives each language's bundle the number formatter of its language.
pub fn customise<R, M>(bundle: &mut FluentBundle<R, M>) {
    let language = bundle
        .locales
        .first()
        .map(|l| l.language.as_str().to_owned())
        .unwrap_or_default();
    let formatter: fn(&FluentValue, &M) -> Option<String> = match language.as_str() {
        "fr" => french::<M>,
        "ar" => arabic::<M>,
        _ => english::<M>,
    };
    bundle.set_formatter(Some(formatter));
}

/// Provides the [`I18n`] context to `children`.
// The macro takes `customise` as a closure only.
#[allow(clippy::redundant_closure)]
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
        customise: |bundle| crate::app::i18n::customise(bundle),
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

/// The page's language tag now (`en`, `fr`, `ar`).
pub fn language_id() -> &'static str {
    expect_context::<I18n>().language.get().id
}
