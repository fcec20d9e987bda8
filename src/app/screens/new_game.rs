//! The new-game screen: the game, the mode, the players and the rule
//! options, each variant's defaults filled in.

use leptos::prelude::*;
use leptos_fluent::tr;

use crate::ai::Level;
use crate::app::i18n::errors::{level_name, position_error};
use crate::app::play::describe::side_key;
use crate::app::play::Match;
use crate::engine::{BlockedRule, ChainRule, Game, Position, PositionError, Rules, Side, Variant};
use crate::store::Seats;

/// The level the menu offers first.
pub const DEFAULT_LEVEL: u8 = 3;

/// The new-game form; `on_start` receives the chosen match and the game to
/// start from (the empty board, or a pasted position string).
#[component]
pub fn NewGame(
    #[prop(optional)] previous: Option<Match>,
    on_start: Callback<(Match, Game)>,
) -> impl IntoView {
    let initial = previous.unwrap_or_else(|| Match::local(Rules::kharbga()));
    let computer = initial.seats.computer();
    let against_computer = RwSignal::new(computer.is_some());
    let level = RwSignal::new(computer.map_or(DEFAULT_LEVEL, |(_, l)| match l {
        Level::Search(n) => n,
        _ => DEFAULT_LEVEL,
    }));
    // The side the person plays (the computer takes the other).
    let human = RwSignal::new(computer.map_or(Side::First, |(side, _)| side.opponent()));
    let variant = RwSignal::new(initial.rules.variant);
    let quiet = RwSignal::new(initial.rules.quiet_limit);
    let chain = RwSignal::new(initial.rules.chain);
    let blocked = RwSignal::new(initial.rules.blocked);
    // A computer's name is not offered back as a person's.
    let person = |side: Side| match initial.seats.seat(side) {
        crate::store::Seat::Local => initial.name(side).to_owned(),
        _ => String::new(),
    };
    let first = RwSignal::new(person(Side::First));
    let second = RwSignal::new(person(Side::Second));
    // An optional position string to start from, and why it was refused.
    let start_text = RwSignal::new(String::new());
    let start_error = RwSignal::new(None::<PositionError>);

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
                    start_error.set(Some(e));
                    return;
                }
            }
        };
        start_error.set(None);
        let seats = if against_computer.get_untracked() {
            Seats::against_computer(
                human.get_untracked().opponent(),
                Level::Search(level.get_untracked()),
            )
        } else {
            Seats::LOCAL
        };
        let computer_name = |side: Side| {
            seats
                .computer()
                .filter(|(c, _)| *c == side)
                .map(|(_, l)| computer_name(l))
        };
        let game_match = Match {
            rules,
            first: computer_name(Side::First).unwrap_or_else(|| name(first, Side::First)),
            second: computer_name(Side::Second).unwrap_or_else(|| name(second, Side::Second)),
            seats,
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
                    dir="auto"
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
                            <LevelMenu id="computer-level" testid="computer-level" level=level/>
                        </label>
                        <label class="field" for="human-side">
                            <span>{move || tr!("newgame-you-play")}</span>
                            <SideMenu id="human-side" testid="human-side" side=human variant=variant/>
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
                        prop:value=move || if chain.get() == ChainRule::Optional { "optional" } else { "compulsory" }
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
                        prop:value=move || if blocked.get() == BlockedRule::Remove { "remove" } else { "pass" }
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
                        dir="ltr"
                        data-testid="start-position"
                        placeholder="7/7/7/7/7/7/7 w 24,24 - - 0 1 -"
                        prop:value=move || start_text.get()
                        on:input=move |event| start_text.set(event_target_value(&event))
                    />
                </label>
                {move || start_error.get().map(|e| view! {
                    <p class="notice forbidden" role="alert" data-testid="start-position-error">
                        {move || tr!("newgame-position-error", { "error" => position_error(&e, Some(variant.get())) })}
                    </p>
                })}
            </fieldset>
            <button type="submit" class="primary start" data-testid="start">{move || tr!("newgame-start")}</button>
        </form>
    }
}

/// The computer's name in the page's language, with its level.
pub fn computer_name(level: Level) -> String {
    let level = match level {
        Level::Search(n) => n,
        _ => 0,
    };
    tr!("computer-name", { "level" => level })
}

/// The computer's level, 1 to 5, each named; the value follows `level`.
#[component]
pub fn LevelMenu(id: &'static str, testid: &'static str, level: RwSignal<u8>) -> impl IntoView {
    view! {
        <select id=id data-testid=testid
            prop:value=move || level.get().to_string()
            on:change=move |event| {
                if let Ok(n) = event_target_value(&event).parse::<u8>() {
                    level.set(n.clamp(1, 5));
                }
            }>
            {(1..=5u8).map(|n| view! {
                <option value=n.to_string() selected=move || level.get_untracked() == n>
                    {move || level_name(Level::Search(n))}
                </option>
            }).collect_view()}
        </select>
    }
}

/// The side a person plays against the computer; the value follows `side`.
#[component]
pub fn SideMenu(
    id: &'static str,
    testid: &'static str,
    side: RwSignal<Side>,
    #[prop(into)] variant: Signal<Variant>,
) -> impl IntoView {
    view! {
        <select id=id data-testid=testid
            prop:value=move || side.get().token()
            on:change=move |event| {
                side.set(if event_target_value(&event) == "second" { Side::Second } else { Side::First });
            }>
            {[Side::First, Side::Second].into_iter().map(|option| view! {
                <option value=option.token() selected=move || side.get_untracked() == option>
                    {move || tr!("side-name", { "side" => side_key(variant.get(), option) })}
                </option>
            }).collect_view()}
        </select>
    }
}
