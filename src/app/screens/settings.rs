//! The settings screen: the theme, the board's style and sound. Each
//! choice shows at once and is remembered
//! ([`Prefs`](crate::app::services::prefs::Prefs)).

use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;
use crate::app::services::prefs::{BoardStyle, Prefs, Theme};

/// The settings.
#[component]
pub fn SettingsScreen() -> impl IntoView {
    let prefs = expect_context::<RwSignal<Prefs>>();
    let theme_label = |theme: Theme| match theme {
        Theme::System => tr!("theme-system"),
        Theme::Light => tr!("theme-light"),
        Theme::Dark => tr!("theme-dark"),
    };
    let board_label = |board: BoardStyle| match board {
        BoardStyle::Wood => tr!("board-wood"),
        BoardStyle::Stone => tr!("board-stone"),
    };
    view! {
        <section class="panel settings" data-testid="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{tr_text(|| tr!("settings-title"))}</h2>
            <fieldset>
                <legend>{tr_text(|| tr!("settings-theme"))}</legend>
                {Theme::ALL.into_iter().map(|theme| view! {
                    <label class="choice">
                        <input type="radio" name="theme" data-testid=format!("theme-{}", theme.token())
                            prop:checked=move || prefs.with(|p| p.theme == theme)
                            on:change=move |_| prefs.update(|p| p.theme = theme)/>
                        {move || theme_label(theme)}
                    </label>
                }).collect_view()}
            </fieldset>
            <fieldset>
                <legend>{tr_text(|| tr!("settings-board"))}</legend>
                {BoardStyle::ALL.into_iter().map(|board| view! {
                    <label class="choice">
                        <input type="radio" name="board" data-testid=format!("board-{}", board.token())
                            prop:checked=move || prefs.with(|p| p.board == board)
                            on:change=move |_| prefs.update(|p| p.board = board)/>
                        {move || board_label(board)}
                    </label>
                }).collect_view()}
            </fieldset>
            <label class="toggle">
                <input type="checkbox" data-testid="sound"
                    prop:checked=move || prefs.with(|p| p.sound)
                    on:change=move |event| {
                        let on = event_target_checked(&event);
                        prefs.update(|p| p.sound = on);
                    }/>
                {tr_text(|| tr!("settings-sound"))}
            </label>
        </section>
    }
}
