//! The clock: none, one of the engine's presets, or minutes and an
//! increment typed in, and why a custom clock was refused.

use crate::tr;
use leptos::prelude::*;

use super::form::{ClockChoice, Form};
use crate::app::i18n::{as_data, tr_text};
use crate::app::screens::forms::{flag, Choice, Menu};

/// The clock menu's choices: [`ClockChoice::menu`], each named.
fn choices() -> Vec<Choice> {
    ClockChoice::menu()
        .iter()
        .map(|&(value, choice)| match choice {
            ClockChoice::None => Choice::new(value, || tr!("newgame-clock-none")),
            ClockChoice::Custom => Choice::new(value, || tr!("newgame-clock-custom")),
            ClockChoice::Preset(control) => {
                let (minutes, seconds) = (control.base_s / 60, control.increment_s);
                // An option is plain text: no isolation marks around the numbers.
                Choice::new(value, move || {
                    as_data(
                        tr!("newgame-clock-preset", { "minutes" => minutes, "seconds" => seconds }),
                    )
                })
            }
        })
        .collect()
}

/// The clock's fieldset.
#[component]
pub(super) fn ClockPicker(form: RwSignal<Form>) -> impl IntoView {
    let custom = flag(form, |f| f.clock == ClockChoice::Custom);
    let refused = flag(form, |f| f.clock_error.is_some());
    view! {
        <fieldset data-testid="clock-options">
            <legend>{tr_text(|| tr!("newgame-clock"))}</legend>
            <label class="field" for="time-control">
                <span>{tr_text(|| tr!("newgame-time-control"))}</span>
                <Menu id="time-control" testid="time-control" choices=choices()
                    value=Signal::derive(move || form.read().clock.value())
                    on_change=Callback::new(move |value: String| form.update(|f| f.choose_clock(&value)))/>
            </label>
            {move || custom.get().then(|| view! {
                <div class="clock-custom">
                    {clock_field(form, "time-minutes", || tr!("newgame-clock-minutes"), "0.5", "any",
                        |f| f.minutes.clone(), Form::type_minutes)}
                    {clock_field(form, "time-increment", || tr!("newgame-clock-increment"), "0", "1",
                        |f| f.increment.clone(), Form::type_increment)}
                </div>
            })}
            {move || refused.get().then(|| view! {
                <p class="error" role="alert" data-testid="clock-error">{tr_text(|| tr!("newgame-clock-error"))}</p>
            })}
        </fieldset>
    }
}

/// A number of the custom clock (its id is its test id): what `get` reads
/// of the form, typed in through `set` (which clears the error).
fn clock_field(
    form: RwSignal<Form>,
    id: &'static str,
    label: fn() -> String,
    min: &'static str,
    step: &'static str,
    get: fn(&Form) -> String,
    set: fn(&mut Form, String),
) -> impl IntoView {
    view! {
        <label class="field" for=id>
            <span>{tr_text(label)}</span>
            <input id=id type="number" min=min max="180" step=step data-testid=id
                prop:value=move || get(&form.read())
                on:input=move |event| {
                    let text = event_target_value(&event);
                    form.update(|f| set(f, text));
                }/>
        </label>
    }
}
