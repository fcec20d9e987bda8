//! The rule options (the quiet-move limit, the chain and blocked rules,
//! the game's defaults back) and a position to start from: typed, or made
//! in the board editor, and why it was refused.

use crate::tr;
use leptos::prelude::*;

use super::form::{Form, BLOCKED, CHAIN};
use crate::app::i18n::errors::position_error;
use crate::app::i18n::tr_text;
use crate::app::route::Route;
use crate::app::screens::forms::{flag, Choice, Menu};
use crate::engine::{Position, Rules};

/// The rules' fieldset.
#[component]
pub(super) fn RuleOptions(form: RwSignal<Form>) -> impl IntoView {
    let variant = move || form.read().rules.variant;
    // The Alquerque games have neither rule menu.
    let alquerque = move || variant().is_alquerque();
    let refused = flag(form, |f| f.position_error.is_some());
    view! {
        <fieldset>
            <legend>{tr_text(|| tr!("newgame-rules"))}</legend>
            <label class="field" for="quiet-limit">
                <span>{move || if alquerque() {
                    tr!("option-quiet-mullah")
                } else {
                    tr!("option-quiet")
                }}</span>
                <input
                    id="quiet-limit"
                    type="number"
                    min="0"
                    max="999"
                    data-testid="option-quiet"
                    prop:value=move || form.read().rules.quiet_limit.to_string()
                    on:input=move |event| {
                        // A field being edited may be empty or odd: nothing changes.
                        let text = event_target_value(&event);
                        form.maybe_update(|f| f.type_quiet(&text));
                    }
                />
            </label>
            {rule_menu(form, CHAIN_MENU)}
            {rule_menu(form, BLOCKED_MENU)}
            <button type="button" class="link" on:click=move |_| form.update(Form::restore_defaults)>
                {tr_text(|| tr!("newgame-defaults"))}
            </button>
            <label class="field wide" for="start-position">
                <span>{tr_text(|| tr!("newgame-position"))}</span>
                <input
                    id="start-position"
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    dir="ltr"
                    data-testid="start-position"
                    placeholder=move || Position::new(Rules::new(variant())).to_string()
                    prop:value=move || form.read().start_text.clone()
                    on:input=move |event| {
                        let text = event_target_value(&event);
                        form.update(|f| f.start_text = text);
                    }
                />
            </label>
            <button type="button" class="link" data-testid="open-editor" on:click=move |_| {
                let token = form.read_untracked().rules.variant.token();
                crate::app::services::browser::open(&Route::Edit(format!("/{token}")));
            }>
                {tr_text(|| tr!("newgame-editor"))}
            </button>
            {move || refused.get().then(|| view! {
                <p class="notice forbidden" role="alert" data-testid="start-position-error">
                    {move || {
                        let variant = Some(variant());
                        form.read().position_error.as_ref().map(|e| {
                            tr!("newgame-position-error", { "error" => position_error(e, variant) })
                        })
                    }}
                </p>
            })}
        </fieldset>
    }
}

/// A rule's menu of two options, hidden in the Alquerque games: its id
/// and test id, its label, its options and their names, and how the form
/// reads and sets its value.
struct RuleMenu {
    ids: (&'static str, &'static str),
    label: fn() -> String,
    options: [&'static str; 2],
    option_label: fn(&'static str) -> String,
    value: fn(&Form) -> &'static str,
    choose: fn(&mut Form, &str),
}

/// Whether a capture chain may be stopped.
const CHAIN_MENU: RuleMenu = RuleMenu {
    ids: ("chain-rule", "option-chain"),
    label: || tr!("option-chain"),
    options: [CHAIN[0].0, CHAIN[1].0],
    option_label: |value| tr!("option-chain-value", { "value" => value }),
    value: Form::chain_value,
    choose: Form::choose_chain,
};

/// What a player who cannot move does.
const BLOCKED_MENU: RuleMenu = RuleMenu {
    ids: ("blocked-rule", "option-blocked"),
    label: || tr!("option-blocked"),
    options: [BLOCKED[0].0, BLOCKED[1].0],
    option_label: |value| tr!("option-blocked-value", { "value" => value }),
    value: Form::blocked_value,
    choose: Form::choose_blocked,
};

/// `menu`, over the form.
fn rule_menu(form: RwSignal<Form>, menu: RuleMenu) -> impl IntoView {
    let RuleMenu {
        ids: (id, testid),
        label,
        options,
        option_label,
        value,
        choose,
    } = menu;
    let choices = options
        .into_iter()
        .map(|option| Choice::new(option, move || option_label(option)))
        .collect();
    view! {
        <label class="field" for=id class:hidden=move || form.read().rules.variant.is_alquerque()>
            <span>{tr_text(label)}</span>
            <Menu id=id testid=testid choices=choices
                value=Signal::derive(move || value(&form.read()))
                on_change=Callback::new(move |chosen: String| form.update(|f| choose(f, &chosen)))/>
        </label>
    }
}
