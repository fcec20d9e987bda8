//! The form controls the screens share: a menu and a group of radio
//! buttons, each built from a list of choices. One view type for every
//! menu and one for every radio group on the page (each choice's label is
//! a boxed closure), instead of a new type for each hand-written `<select>`.
//! And the fields several forms ask: a person's name, the game, the
//! computer's level, the side a person plays; and a form's [`flag`].

use std::sync::Arc;

use leptos::prelude::*;

use crate::ai::Level;
use crate::app::i18n::errors::level_name;
use crate::app::i18n::tokens::side_key;
use crate::app::i18n::tr_text;
use crate::engine::{Side, Variant};

use super::new_game::form::LEVELS;

/// A flag of a form that shows or hides a part: a memo, so that only its
/// change rebuilds the part (one memo type for every flag).
pub fn flag<T: Send + Sync + 'static>(form: RwSignal<T>, of: fn(&T) -> bool) -> Memo<bool> {
    Memo::new(move |_| form.with(of))
}

/// A label that follows the language.
pub type Label = Arc<dyn Fn() -> String + Send + Sync>;

/// One choice of a menu or a radio group: its value and its label.
#[derive(Clone)]
pub struct Choice {
    /// The value (the `<option>`'s or the radio's `value`).
    pub value: &'static str,
    /// What the player reads.
    pub label: Label,
}

impl Choice {
    /// A choice `value` labelled by `label`.
    pub fn new(value: &'static str, label: impl Fn() -> String + Send + Sync + 'static) -> Choice {
        Choice {
            value,
            label: Arc::new(label),
        }
    }
}

/// A `<select>` over `choices`; its value follows `value`, and a choice
/// made is handed to `on_change`.
#[component]
pub fn Menu(
    id: &'static str,
    testid: &'static str,
    choices: Vec<Choice>,
    #[prop(into)] value: Signal<&'static str>,
    on_change: Callback<String>,
) -> impl IntoView {
    let options = choices
        .into_iter()
        .map(|choice| {
            let label = choice.label;
            let current = choice.value;
            view! {
                <option value=current selected=move || value.get_untracked() == current>
                    {move || label()}
                </option>
            }
        })
        .collect_view();
    view! {
        <select id=id data-testid=testid
            prop:value=move || value.get()
            on:change=move |event| on_change.run(event_target_value(&event))>
            {options}
        </select>
    }
}

/// Radio buttons named `name` over `choices`, the checked one following
/// `value`; each has `data-testid="<testid>-<value>"`.
#[component]
pub fn Radios(
    name: &'static str,
    testid: &'static str,
    choices: Vec<Choice>,
    #[prop(into)] value: Signal<&'static str>,
    on_change: Callback<String>,
) -> impl IntoView {
    choices
        .into_iter()
        .map(|choice| {
            let label = choice.label;
            let current = choice.value;
            view! {
                <label class="choice">
                    <input type="radio" name=name value=current
                        data-testid=format!("{testid}-{current}")
                        prop:checked=move || value.get() == current
                        on:change=move |_| on_change.run(current.to_owned())/>
                    <span>{move || label()}</span>
                </label>
            }
        })
        .collect_view()
}

/// "Your name": a labelled text field for a player's own name (online
/// play); it shows `value` and hands what is typed to `set_value`.
#[component]
pub fn NameField(
    id: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] set_value: SignalSetter<String>,
) -> impl IntoView {
    view! {
        <label class="field" for=id>
            <span>{tr_text(|| crate::tr!("online-your-name"))}</span>
            <input id=id type="text" maxlength="40" autocomplete="nickname" dir="auto"
                data-testid=testid
                prop:value=move || value.get()
                on:input=move |event| set_value.set(event_target_value(&event))/>
        </label>
    }
}

/// The games, one radio button each, named in the page's language; the
/// checked one follows `value`.
#[component]
pub fn VariantRadios(
    name: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<Variant>,
    on_change: Callback<Variant>,
) -> impl IntoView {
    view! {
        <Radios name=name testid=testid
            choices=Variant::ALL.into_iter().map(|v| {
                let key = v.token();
                Choice::new(key, move || crate::tr!("variant-name", { "variant" => key }))
            }).collect()
            value=Signal::derive(move || value.get().token())
            on_change=Callback::new(move |token: String| {
                if let Some(v) = Variant::ALL.into_iter().find(|v| v.token() == token) {
                    on_change.run(v);
                }
            })/>
    }
}

/// Against the computer: its level and the side the person plays, each
/// labelled: `ids` are the two menus' ids (each its test id too), `level`
/// and `side` their values (a level's, `"3"`; a side's token), and a
/// choice goes to `on_level` or `on_side`.
#[component]
pub fn ComputerOptions(
    ids: (&'static str, &'static str),
    #[prop(into)] level: Signal<&'static str>,
    on_level: Callback<String>,
    #[prop(into)] side: Signal<&'static str>,
    on_side: Callback<String>,
    #[prop(into)] variant: Signal<Variant>,
) -> impl IntoView {
    let (level_id, side_id) = ids;
    let levels = (1..=5u8)
        .zip(LEVELS)
        .map(|(n, value)| Choice::new(value, move || level_name(Level::Search(n))))
        .collect();
    view! {
        <label class="field" for=level_id>
            <span>{tr_text(|| crate::tr!("newgame-level"))}</span>
            <Menu id=level_id testid=level_id choices=levels value=level on_change=on_level/>
        </label>
        <label class="field" for=side_id>
            <span>{tr_text(|| crate::tr!("newgame-you-play"))}</span>
            <SideMenu id=side_id testid=side_id value=side on_change=on_side variant=variant/>
        </label>
    }
}

/// The side a person plays (against the computer, or online), each named
/// in `variant`: its value is `value` (a side's token), and a side chosen
/// goes to `on_change`.
#[component]
pub fn SideMenu(
    id: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<&'static str>,
    on_change: Callback<String>,
    #[prop(into)] variant: Signal<Variant>,
) -> impl IntoView {
    let choices = [Side::First, Side::Second]
        .into_iter()
        .map(|option| {
            Choice::new(
                option.token(),
                move || crate::tr!("side-name", { "side" => side_key(variant.get(), option) }),
            )
        })
        .collect();
    view! { <Menu id=id testid=testid choices=choices value=value on_change=on_change/> }
}
