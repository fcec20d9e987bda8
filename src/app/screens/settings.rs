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
    let theme: Field<Theme> = (|p| p.theme, |p, theme| p.theme = theme);
    let board: Field<BoardStyle> = (|p| p.board, |p, board| p.board = board);
    view! {
        <section class="panel settings" data-testid="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{tr_text(|| tr!("settings-title"))}</h2>
            {radio_group(prefs, || tr!("settings-theme"), "theme", &Theme::ALL, Theme::token, theme_label, theme)}
            {radio_group(prefs, || tr!("settings-board"), "board", &BoardStyle::ALL, BoardStyle::token, board_label, board)}
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

/// How a group reads its choice from the preferences, and stores one.
type Field<T> = (fn(&Prefs) -> T, fn(&mut Prefs, T));

/// A fieldset under `legend` with a radio button named `name` for each of
/// `choices` (its test id `name-token`, its label `label`): checked while
/// the preferences hold it (`field.0` reads their choice), stored when
/// chosen (`field.1`).
fn radio_group<T: Copy + PartialEq + Send + Sync + 'static>(
    prefs: RwSignal<Prefs>,
    legend: fn() -> String,
    name: &'static str,
    choices: &'static [T],
    token: fn(T) -> &'static str,
    label: fn(T) -> String,
    (held, choose): Field<T>,
) -> impl IntoView {
    view! {
        <fieldset>
            <legend>{tr_text(legend)}</legend>
            {choices.iter().map(|&choice| view! {
                <label class="choice">
                    <input type="radio" name=name data-testid=format!("{name}-{}", token(choice))
                        prop:checked=move || prefs.with(|p| held(p) == choice)
                        on:change=move |_| prefs.update(|p| choose(p, choice))/>
                    {move || label(choice)}
                </label>
            }).collect_view()}
        </fieldset>
    }
}
