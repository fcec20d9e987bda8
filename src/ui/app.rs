//! The application shell: header, language switcher and the game area.

use leptos::prelude::*;
use leptos_fluent::{tr, I18n};

use super::board::Board;
use super::board_view::BoardView;
use super::i18n::{I18nProvider, LanguageSwitcher};
use crate::engine::BoardSize;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <I18nProvider>
            <Shell/>
        </I18nProvider>
    }
}

#[component]
fn Shell() -> impl IntoView {
    let i18n = expect_context::<I18n>();
    // The tab title follows the language; the document is outside Leptos' tree.
    Effect::new(move |_| {
        i18n.language.track();
        document().set_title(&tr!("app-title"));
    });

    let board = Signal::derive(|| BoardView::empty(BoardSize::Seven));

    view! {
        <header class="topbar">
            <div class="brand">
                <span class="brand-mark" aria-hidden="true"></span>
                <h1>{move || tr!("app-title")}</h1>
            </div>
            <LanguageSwitcher/>
        </header>
        <main class="layout">
            <section class="play-area" aria-labelledby="board-caption">
                <h2 id="board-caption" class="caption">{move || tr!("board-caption")}</h2>
                <Board view=board/>
            </section>
            <aside class="panel">
                <p class="tagline">{move || tr!("app-tagline")}</p>
                <ul class="legend">
                    <li>
                        <span class="soldier attacker legend-token" aria-hidden="true"></span>
                        {move || tr!("legend-attacker")}
                    </li>
                    <li>
                        <span class="soldier defender legend-token" aria-hidden="true"></span>
                        {move || tr!("legend-defender")}
                    </li>
                    <li>
                        <span class="malha-token legend-token" aria-hidden="true"></span>
                        {move || tr!("legend-malha")}
                    </li>
                </ul>
            </aside>
        </main>
    }
}
