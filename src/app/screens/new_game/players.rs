//! Who plays: the mode (two people, the computer, online), the computer's
//! level and the person's side, the online page's options, and the
//! players' names.

use crate::tr;
use leptos::prelude::*;

use super::form::{level_value, side_of, Form, Mode};
use crate::app::i18n::tokens::side_key;
use crate::app::i18n::tr_text;
use crate::app::page::OnlineChoices;
use crate::app::screens::forms::{flag, Choice, ComputerOptions, Radios};
use crate::engine::Side;

/// The mode's radio buttons and what each mode asks: the online page's
/// options, or the computer's level and the person's side.
#[component]
pub(super) fn ModeOptions(
    form: RwSignal<Form>,
    online_choices: Option<OnlineChoices>,
) -> impl IntoView {
    let computer = flag(form, |f| f.mode == Mode::Computer);
    let choices = Mode::ALL
        .into_iter()
        .map(|m| {
            let token = m.token();
            Choice::new(token, move || tr!("mode-name", { "mode" => token }))
        })
        .collect();
    let choose = move |token: String| {
        if token == Mode::Online.token() && online_choices.is_none() {
            crate::app::services::browser::go(&crate::app::route::Route::OnlineForm);
            return;
        }
        form.update(|f| f.choose_mode(&token));
    };
    // The online choices: only in the page that plays online.
    let online_options = online_choices.map(|choices| (choices.view)());
    view! {
        <fieldset>
            <legend>{tr_text(|| tr!("newgame-mode"))}</legend>
            <Radios name="mode" testid="mode" choices=choices
                value=Signal::derive(move || form.read().mode.token())
                on_change=Callback::new(choose)/>
            {online_options}
            {move || computer.get().then(|| view! {
                <div class="computer-options">
                    <ComputerOptions ids=("computer-level", "human-side")
                        level=Signal::derive(move || level_value(form.read().level))
                        on_level=Callback::new(move |value: String| form.update(|f| f.choose_level(&value)))
                        side=Signal::derive(move || form.read().human.token())
                        on_side=Callback::new(move |value: String| form.update(|f| f.human = side_of(&value)))
                        variant=Signal::derive(move || form.read().rules.variant)/>
                </div>
            })}
        </fieldset>
    }
}

/// The players' names (not asked online: the online options ask this
/// page's player's).
#[component]
pub(super) fn PlayerNames(form: RwSignal<Form>) -> impl IntoView {
    view! {
        <fieldset class:hidden=move || form.read().mode == Mode::Online>
            <legend>{tr_text(|| tr!("newgame-players"))}</legend>
            {player_field(form, Side::First)}
            {player_field(form, Side::Second)}
        </fieldset>
    }
}

/// The name of `side`'s player; against the computer, only the person's
/// (the computer's side is named by its level).
fn player_field(form: RwSignal<Form>, side: Side) -> impl IntoView {
    let slot = usize::from(side == Side::Second);
    let variant = move || form.read().rules.variant;
    let id = format!("player-{}", side.token());
    let label_for = id.clone();
    view! {
        <label class="field" for=label_for class:hidden=move || !form.read().asks_name(side)>
            <span>{move || {
                if form.read().mode == Mode::Computer {
                    return tr!("online-your-name");
                }
                let key = match (variant().is_alquerque(), side) {
                    (true, Side::First) => "first-moves",
                    (true, Side::Second) => "second-plain",
                    _ => side_key(variant(), side),
                };
                tr!("newgame-player", { "side" => key })
            }}</span>
            <input
                id=id
                type="text"
                maxlength="40"
                autocomplete="off"
                dir="auto"
                data-testid=format!("name-{}", side.token())
                placeholder=move || tr!("player-default", { "side" => side_key(variant(), side) })
                prop:value=move || form.read().names[slot].clone()
                on:input=move |event| {
                    let name = event_target_value(&event);
                    form.update(|f| f.names[slot] = name);
                }
            />
        </label>
    }
}
