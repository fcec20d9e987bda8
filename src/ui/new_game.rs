//! The new-game screen: the game, the mode, the players and the rule
//! options, each variant's defaults filled in.

use leptos::prelude::*;
use leptos_fluent::tr;

use super::describe::side_key;
use super::game_screen::Match;
use crate::ai::Level;
use crate::engine::{BlockedRule, ChainRule, Game, Position, Rules, Side, Variant};

/// The new-game form; `on_start` receives the chosen match and the game to
/// start from (the empty board, or a pasted position string).
#[component]
pub fn NewGame(
    #[prop(optional)] previous: Option<Match>,
    on_start: Callback<(Match, Game)>,
) -> impl IntoView {
    let initial = previous.unwrap_or_else(|| Match {
        rules: Rules::kharbga(),
        first: String::new(),
        second: String::new(),
        computer: None,
    });
    let against_computer = RwSignal::new(initial.computer.is_some());
    let level = RwSignal::new(initial.computer.map_or(3, |(_, l)| match l {
        Level::Search(n) => n,
        _ => 3,
    }));
    // The side the person plays (the computer takes the other).
    let human = RwSignal::new(
        initial
            .computer
            .map_or(Side::First, |(side, _)| side.opponent()),
    );
    let variant = RwSignal::new(initial.rules.variant);
    let quiet = RwSignal::new(initial.rules.quiet_limit);
    let chain = RwSignal::new(initial.rules.chain);
    let blocked = RwSignal::new(initial.rules.blocked);
    let first = RwSignal::new(initial.first);
    let second = RwSignal::new(initial.second);
    // An optional position string to start from, and why it was refused.
    let start_text = RwSignal::new(String::new());
    let start_error = RwSignal::new(None::<String>);

    // Choosing a game brings back its default options.
    let choose = move |v: Variant| {
        variant.set(v);
        let defaults = Rules::new(v);
        quiet.set(defaults.quiet_limit);
        chain.set(defaults.chain);
        blocked.set(defaults.blocked);
    };

    let start = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let rules = Rules {
            variant: variant.get_untracked(),
            quiet_limit: quiet.get_untracked(),
            chain: chain.get_untracked(),
            blocked: blocked.get_untracked(),
        };
        let name = |signal: RwSignal<String>, side: Side| {
            let typed = signal.get_untracked().trim().to_owned();
            if typed.is_empty() {
                tr!("player-default", { "side" => side_key(rules.variant, side) })
            } else {
                typed
            }
        };
        let text = start_text.get_untracked().trim().to_owned();
        let game = if text.is_empty() {
            Game::new(rules)
        } else {
            match Position::from_text(&text, rules) {
                Ok(position) => Game::from_position(position),
                Err(e) => {
                    start_error.set(Some(e.to_string()));
                    return;
                }
            }
        };
        start_error.set(None);
        let computer = against_computer.get_untracked().then(|| {
            (
                human.get_untracked().opponent(),
                Level::Search(level.get_untracked()),
            )
        });
        let computer_name = |side: Side| {
            computer
                .filter(|(c, _)| *c == side)
                .map(|(_, l)| tr!("computer-name", { "level" => l.to_string() }))
        };
        let game_match = Match {
            rules,
            first: computer_name(Side::First).unwrap_or_else(|| name(first, Side::First)),
            second: computer_name(Side::Second).unwrap_or_else(|| name(second, Side::Second)),
            computer,
        };
        on_start.run((game_match, game));
    };

    let variant_choice = move |v: Variant| {
        let key = v.token();
        view! {
            <label class="choice">
                <input
                    type="radio"
                    name="variant"
                    value=key
                    data-testid=format!("variant-{key}")
                    prop:checked=move || variant.get() == v
                    on:change=move |_| choose(v)
                />
                <span>{move || tr!("variant-name", { "variant" => key })}</span>
            </label>
        }
    };

    let player_field = move |side: Side, signal: RwSignal<String>| {
        let id = format!("player-{}", side.token());
        let label_for = id.clone();
        view! {
            <label class="field" for=label_for>
                <span>{move || tr!("newgame-player", { "side" => side_key(variant.get(), side) })}</span>
                <input
                    id=id
                    type="text"
                    maxlength="40"
                    autocomplete="off"
                    data-testid=format!("name-{}", side.token())
                    placeholder=move || tr!("player-default", { "side" => side_key(variant.get(), side) })
                    prop:value=move || signal.get()
                    on:input=move |event| signal.set(event_target_value(&event))
                />
            </label>
        }
    };

    view! {
        <form class="panel new-game" data-testid="new-game-form" on:submit=start>
            <h2>{move || tr!("newgame-title")}</h2>
            <p class="tagline">{move || tr!("app-tagline")}</p>
            <fieldset>
                <legend>{move || tr!("newgame-game")}</legend>
                {Variant::ALL.into_iter().map(variant_choice).collect_view()}
            </fieldset>
            <fieldset>
                <legend>{move || tr!("newgame-mode")}</legend>
                <label class="choice">
                    <input type="radio" name="mode" value="hotseat" data-testid="mode-hotseat"
                        prop:checked=move || !against_computer.get()
                        on:change=move |_| against_computer.set(false)/>
                    <span>{move || tr!("mode-name", { "mode" => "hotseat" })}</span>
                </label>
                <label class="choice">
                    <input type="radio" name="mode" value="computer" data-testid="mode-computer"
                        prop:checked=move || against_computer.get()
                        on:change=move |_| against_computer.set(true)/>
                    <span>{move || tr!("mode-name", { "mode" => "computer" })}</span>
                </label>
                {move || against_computer.get().then(|| view! {
                    <div class="computer-options">
                        <label class="field" for="computer-level">
                            <span>{move || tr!("newgame-level")}</span>
                            <select id="computer-level" data-testid="computer-level"
                                on:change=move |event| {
                                    if let Ok(n) = event_target_value(&event).parse::<u8>() {
                                        level.set(n.clamp(1, 5));
                                    }
                                }>
                                {(1..=5u8).map(|n| view! {
                                    <option value=n.to_string() selected=move || level.get() == n>
                                        {move || tr!("level-name", { "level" => n.to_string() })}
                                    </option>
                                }).collect_view()}
                            </select>
                        </label>
                        <label class="field" for="human-side">
                            <span>{move || tr!("newgame-you-play")}</span>
                            <select id="human-side" data-testid="human-side"
                                on:change=move |event| {
                                    human.set(if event_target_value(&event) == "second" { Side::Second } else { Side::First });
                                }>
                                {[Side::First, Side::Second].into_iter().map(|side| view! {
                                    <option value=side.token() selected=move || human.get() == side>
                                        {move || tr!("side-name", { "side" => side_key(variant.get(), side) })}
                                    </option>
                                }).collect_view()}
                            </select>
                        </label>
                    </div>
                })}
                <label class="choice disabled">
                    <input type="radio" name="mode" value="online" disabled=true/>
                    <span>{move || tr!("mode-name", { "mode" => "online" })}</span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{move || tr!("newgame-players")}</legend>
                {player_field(Side::First, first)}
                {player_field(Side::Second, second)}
            </fieldset>
            <fieldset>
                <legend>{move || tr!("newgame-rules")}</legend>
                <label class="field" for="quiet-limit">
                    <span>{move || tr!("option-quiet")}</span>
                    <input
                        id="quiet-limit"
                        type="number"
                        min="0"
                        max="999"
                        data-testid="option-quiet"
                        prop:value=move || quiet.get().to_string()
                        on:input=move |event| {
                            // A field being edited may be empty or odd: keep the last good value.
                            if let Ok(value) = event_target_value(&event).trim().parse::<u16>() {
                                quiet.set(value.min(999));
                            }
                        }
                    />
                </label>
                <label class="field" for="chain-rule">
                    <span>{move || tr!("option-chain")}</span>
                    <select
                        id="chain-rule"
                        data-testid="option-chain"
                        on:change=move |event| {
                            chain.set(if event_target_value(&event) == "optional" {
                                ChainRule::Optional
                            } else {
                                ChainRule::Compulsory
                            })
                        }
                    >
                        <option value="compulsory" selected=move || chain.get() == ChainRule::Compulsory>
                            {move || tr!("option-chain-value", { "value" => "compulsory" })}
                        </option>
                        <option value="optional" selected=move || chain.get() == ChainRule::Optional>
                            {move || tr!("option-chain-value", { "value" => "optional" })}
                        </option>
                    </select>
                </label>
                <label class="field" for="blocked-rule">
                    <span>{move || tr!("option-blocked")}</span>
                    <select
                        id="blocked-rule"
                        data-testid="option-blocked"
                        on:change=move |event| {
                            blocked.set(if event_target_value(&event) == "remove" {
                                BlockedRule::Remove
                            } else {
                                BlockedRule::Pass
                            })
                        }
                    >
                        <option value="pass" selected=move || blocked.get() == BlockedRule::Pass>
                            {move || tr!("option-blocked-value", { "value" => "pass" })}
                        </option>
                        <option value="remove" selected=move || blocked.get() == BlockedRule::Remove>
                            {move || tr!("option-blocked-value", { "value" => "remove" })}
                        </option>
                    </select>
                </label>
                <button type="button" class="link" on:click=move |_| choose(variant.get_untracked())>
                    {move || tr!("newgame-defaults")}
                </button>
                <label class="field wide" for="start-position">
                    <span>{move || tr!("newgame-position")}</span>
                    <input
                        id="start-position"
                        type="text"
                        autocomplete="off"
                        spellcheck="false"
                        data-testid="start-position"
                        placeholder="7/7/7/7/7/7/7 w 24,24 - - 0 1 -"
                        prop:value=move || start_text.get()
                        on:input=move |event| start_text.set(event_target_value(&event))
                    />
                </label>
                {move || start_error.get().map(|e| view! {
                    <p class="notice forbidden" role="alert" data-testid="start-position-error">{tr!("newgame-position-error", { "error" => e })}</p>
                })}
            </fieldset>
            <button type="submit" class="primary start" data-testid="start">{move || tr!("newgame-start")}</button>
        </form>
    }
}
