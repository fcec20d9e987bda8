//! The new-game screen: the game, the mode, the players and the rule
//! options, each variant's defaults filled in.

use crate::tr;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use super::forms::{Choice, Menu, Radios};
use crate::ai::Level;
use crate::app::i18n::errors::{level_name, position_error};
use crate::app::i18n::tokens::side_key;
use crate::app::play::Match;
use crate::engine::{
    BlockedRule, ChainRule, Game, Position, PositionError, Rules, Side, TimeControl, Variant,
};
use crate::store::Seats;

/// The level the menu offers first.
pub const DEFAULT_LEVEL: u8 = 3;

/// The clocks offered first: the menu's value and the control.
const PRESETS: [(&str, TimeControl); 5] = [
    ("180+2", TimeControl::PRESETS[0]),
    ("300+3", TimeControl::PRESETS[1]),
    ("600+5", TimeControl::PRESETS[2]),
    ("900+10", TimeControl::PRESETS[3]),
    ("1800+0", TimeControl::PRESETS[4]),
];

/// The clock menu's choices: none, the presets (minutes + seconds), custom.
fn clock_choices() -> Vec<Choice> {
    let mut choices = vec![Choice::new("none", || tr!("newgame-clock-none"))];
    for (value, control) in PRESETS {
        let (minutes, seconds) = (control.base_s / 60, control.increment_s);
        // An option is plain text: no isolation marks around the numbers.
        choices.push(Choice::new(value, move || {
            crate::app::i18n::as_data(
                tr!("newgame-clock-preset", { "minutes" => minutes, "seconds" => seconds }),
            )
        }));
    }
    choices.push(Choice::new("custom", || tr!("newgame-clock-custom")));
    choices
}

/// The new-game form; `on_start` receives the chosen match and the game to
/// start from (the empty board, or a pasted position string).
#[component]
pub fn NewGame(
    #[prop(optional)] previous: Option<Match>,
    /// A position string to start from (the board editor's).
    #[prop(optional_no_strip)]
    position: Option<String>,
    /// Open with the online mode chosen.
    #[prop(optional)]
    start_online: bool,
    on_start: Callback<(Match, Game)>,
    /// The online options (the online page's: the others send a player
    /// who picks online play there).
    #[prop(optional_no_strip)]
    online_choices: Option<crate::app::page::OnlineChoices>,
) -> impl IntoView {
    let initial = previous.unwrap_or_else(|| Match::local(Rules::kharbga()));
    let computer = initial.seats.computer();
    let against_computer = RwSignal::new(computer.is_some());
    // Online: a room for a friend (the side chosen, or drawn by lot).
    let online = RwSignal::new(start_online || initial.seats.is_online());
    let draw_lots = RwSignal::new(false);
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
    let start_text = RwSignal::new(position.unwrap_or_default());
    let start_error = RwSignal::new(None::<PositionError>);
    // The clock: none, a preset, or minutes and an increment typed in.
    let clock_choice = RwSignal::new(match initial.clock {
        None => "none",
        Some(control) => PRESETS
            .iter()
            .find(|(_, c)| *c == control)
            .map_or("custom", |(value, _)| *value),
    });
    let custom_minutes = RwSignal::new(
        initial
            .clock
            .map_or("5".to_owned(), TimeControl::minutes_text),
    );
    let custom_increment = RwSignal::new(
        initial
            .clock
            .map_or("3".to_owned(), |c| c.increment_s.to_string()),
    );
    let clock_error = RwSignal::new(false);
    // A number of the custom clock (its id is its test id): typing clears
    // the error.
    let clock_field = move |id: &'static str,
                            label: fn() -> String,
                            min: &'static str,
                            step: &'static str,
                            value: RwSignal<String>| {
        view! {
            <label class="field" for=id>
                <span>{tr_text(label)}</span>
                <input id=id type="number" min=min max="180" step=step data-testid=id
                    prop:value=move || value.get()
                    on:input=move |event| { clock_error.set(false); value.set(event_target_value(&event)); }/>
            </label>
        }
    };
    // The control chosen; `Err` for a custom one that is not one.
    let time_control = move || -> Result<Option<TimeControl>, ()> {
        match clock_choice.get_untracked() {
            "none" => Ok(None),
            "custom" => {
                let minutes = custom_minutes.get_untracked();
                let increment = custom_increment
                    .get_untracked()
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| ())?;
                TimeControl::custom(&minutes, increment)
                    .map(Some)
                    .map_err(|_| ())
            }
            value => Ok(PRESETS.iter().find(|(v, _)| *v == value).map(|(_, c)| *c)),
        }
    };

    // Choosing a game brings back its default options.
    let choose = move |v: Variant| {
        variant.set(v);
        let defaults = Rules::new(v);
        quiet.set(defaults.quiet_limit);
        chain.set(defaults.chain);
        blocked.set(defaults.blocked);
    };

    let fields = crate::app::page::OnlineFields {
        shown: online,
        name: first,
        side: human,
        draw_lots,
        variant,
        quiet,
        chain,
        blocked,
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
        let clock = match time_control() {
            Ok(clock) => clock,
            Err(()) => {
                clock_error.set(true);
                return;
            }
        };
        clock_error.set(false);
        if let Some(choices) = online_choices.filter(|_| online.get_untracked()) {
            on_start.run(((choices.start)(fields, clock), game));
            return;
        }
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
            clock,
        };
        on_start.run((game_match, game));
    };

    let player_field = move |side: Side, signal: RwSignal<String>| {
        let id = format!("player-{}", side.token());
        let label_for = id.clone();
        // Against the computer, only the person's name: the computer's side
        // is named by its level.
        view! {
            <label class="field" for=label_for class:hidden=move || against_computer.get() && human.get() != side>
                <span>{move || {
                    if against_computer.get() {
                        return tr!("online-your-name");
                    }
                    let key = match (variant.get().is_alquerque(), side) {
                        (true, Side::First) => "first-moves",
                        (true, Side::Second) => "second-plain",
                        _ => side_key(variant.get(), side),
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
                    placeholder=move || tr!("player-default", { "side" => side_key(variant.get(), side) })
                    prop:value=move || signal.get()
                    on:input=move |event| signal.set(event_target_value(&event))
                />
            </label>
        }
    };

    // The online choices: only in the page that plays online.
    let online_options = online_choices.map(|choices| (choices.view)(fields));
    view! {
        <form class="panel new-game" data-testid="new-game-form" on:submit=start>
            <h2>{tr_text(|| tr!("newgame-title"))}</h2>
            // The game chosen, in a sentence.
            <p class="tagline">{move || tr!("app-tagline", { "game" => family_token(variant.get()) })}</p>
            <fieldset>
                <legend>{tr_text(|| tr!("newgame-game"))}</legend>
                <super::forms::VariantRadios name="variant" testid="variant" value=variant
                    on_change=Callback::new(choose)/>
            </fieldset>
            <fieldset>
                <legend>{tr_text(|| tr!("newgame-mode"))}</legend>
                <Radios name="mode" testid="mode"
                    choices=vec![
                        Choice::new("hotseat", || tr!("mode-name", { "mode" => "hotseat" })),
                        Choice::new("computer", || tr!("mode-name", { "mode" => "computer" })),
                        Choice::new("online", || tr!("mode-name", { "mode" => "online" })),
                    ]
                    value=Signal::derive(move || if online.get() { "online" } else if against_computer.get() { "computer" } else { "hotseat" })
                    on_change=Callback::new(move |mode: String| {
                        if mode == "online" && online_choices.is_none() {
                            crate::app::services::browser::go(&crate::app::route::Route::OnlineForm);
                            return;
                        }
                        against_computer.set(mode == "computer");
                        online.set(mode == "online");
                    })/>
                {online_options}
                {move || against_computer.get().then(|| view! {
                    <div class="computer-options">
                        <label class="field" for="computer-level">
                            <span>{tr_text(|| tr!("newgame-level"))}</span>
                            <LevelMenu id="computer-level" testid="computer-level" level=level/>
                        </label>
                        <label class="field" for="human-side">
                            <span>{tr_text(|| tr!("newgame-you-play"))}</span>
                            <SideMenu id="human-side" testid="human-side" side=human variant=variant/>
                        </label>
                    </div>
                })}

            </fieldset>
            <fieldset data-testid="clock-options">
                <legend>{tr_text(|| tr!("newgame-clock"))}</legend>
                <label class="field" for="time-control">
                    <span>{tr_text(|| tr!("newgame-time-control"))}</span>
                    <Menu id="time-control" testid="time-control"
                        choices=clock_choices()
                        value=clock_choice
                        on_change=Callback::new(move |value: String| {
                            clock_error.set(false);
                            let chosen = ["none", "custom"].into_iter()
                                .chain(PRESETS.iter().map(|(v, _)| *v))
                                .find(|v| *v == value)
                                .unwrap_or("none");
                            clock_choice.set(chosen);
                        })/>
                </label>
                {move || (clock_choice.get() == "custom").then(|| view! {
                    <div class="clock-custom">
                        {clock_field("time-minutes", || tr!("newgame-clock-minutes"), "0.5", "any", custom_minutes)}
                        {clock_field("time-increment", || tr!("newgame-clock-increment"), "0", "1", custom_increment)}
                    </div>
                })}
                {move || clock_error.get().then(|| view! {
                    <p class="error" role="alert" data-testid="clock-error">{tr_text(|| tr!("newgame-clock-error"))}</p>
                })}
            </fieldset>
            <fieldset class:hidden=move || online.get()>
                <legend>{tr_text(|| tr!("newgame-players"))}</legend>
                {player_field(Side::First, first)}
                {player_field(Side::Second, second)}
            </fieldset>
            <fieldset>
                <legend>{tr_text(|| tr!("newgame-rules"))}</legend>
                <label class="field" for="quiet-limit">
                    <span>{move || if variant.get().is_alquerque() {
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
                        prop:value=move || quiet.get().to_string()
                        on:input=move |event| {
                            // A field being edited may be empty or odd: keep the last good value.
                            if let Ok(value) = event_target_value(&event).trim().parse::<u16>() {
                                quiet.set(value.min(999));
                            }
                        }
                    />
                </label>
                <label class="field" for="chain-rule" class:hidden=move || variant.get().is_alquerque()>
                    <span>{tr_text(|| tr!("option-chain"))}</span>
                    <Menu id="chain-rule" testid="option-chain"
                        choices=vec![
                            Choice::new("compulsory", || tr!("option-chain-value", { "value" => "compulsory" })),
                            Choice::new("optional", || tr!("option-chain-value", { "value" => "optional" })),
                        ]
                        value=Signal::derive(move || if chain.get() == ChainRule::Optional { "optional" } else { "compulsory" })
                        on_change=Callback::new(move |value: String| chain.set(if value == "optional" {
                            ChainRule::Optional
                        } else {
                            ChainRule::Compulsory
                        }))/>
                </label>
                <label class="field" for="blocked-rule" class:hidden=move || variant.get().is_alquerque()>
                    <span>{tr_text(|| tr!("option-blocked"))}</span>
                    <Menu id="blocked-rule" testid="option-blocked"
                        choices=vec![
                            Choice::new("pass", || tr!("option-blocked-value", { "value" => "pass" })),
                            Choice::new("remove", || tr!("option-blocked-value", { "value" => "remove" })),
                        ]
                        value=Signal::derive(move || if blocked.get() == BlockedRule::Remove { "remove" } else { "pass" })
                        on_change=Callback::new(move |value: String| blocked.set(if value == "remove" {
                            BlockedRule::Remove
                        } else {
                            BlockedRule::Pass
                        }))/>
                </label>
                <button type="button" class="link" on:click=move |_| choose(variant.get_untracked())>
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
                        placeholder=move || Position::new(Rules::new(variant.get())).to_string()
                        prop:value=move || start_text.get()
                        on:input=move |event| start_text.set(event_target_value(&event))
                    />
                </label>
                <button type="button" class="link" data-testid="open-editor" on:click=move |_| {
                    crate::app::services::browser::open(&crate::app::route::Route::Edit(format!("/{}", Rules::new(variant.get_untracked()).variant.token())));
                }>
                    {tr_text(|| tr!("newgame-editor"))}
                </button>
                {move || start_error.get().map(|e| view! {
                    <p class="notice forbidden" role="alert" data-testid="start-position-error">
                        {move || tr!("newgame-position-error", { "error" => position_error(&e, Some(variant.get())) })}
                    </p>
                })}
            </fieldset>
            <button type="submit" class="primary start" data-testid="start">
                {move || if online.get() { tr!("online-create") } else { tr!("newgame-start") }}
            </button>
        </form>
    }
}

/// What the tagline selects on: Kharbga, Seega (each size) or Kharbaga.
fn family_token(variant: Variant) -> &'static str {
    match variant {
        Variant::Kharbga => "kharbga",
        Variant::Seega(_) => "seega",
        Variant::Kharbaga => "kharbaga",
    }
}

/// The computer's name in the page's language, with its level.
pub fn computer_name(level: Level) -> String {
    let level = match level {
        Level::Search(n) => n,
        _ => 0,
    };
    // A name, kept in the record: no isolation marks.
    crate::app::i18n::as_data(tr!("computer-name", { "level" => level }))
}

/// The levels' menu values.
const LEVELS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// The computer's level, 1 to 5, each named; the value follows `level`.
#[component]
pub fn LevelMenu(id: &'static str, testid: &'static str, level: RwSignal<u8>) -> impl IntoView {
    let choices = (1..=5u8)
        .zip(LEVELS)
        .map(|(n, value)| Choice::new(value, move || level_name(Level::Search(n))))
        .collect();
    view! {
        <Menu id=id testid=testid choices=choices
            value=Signal::derive(move || LEVELS[usize::from(level.get().clamp(1, 5)) - 1])
            on_change=Callback::new(move |value: String| {
                if let Ok(n) = value.parse::<u8>() {
                    level.set(n.clamp(1, 5));
                }
            })/>
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
    let choices = [Side::First, Side::Second]
        .into_iter()
        .map(|option| {
            Choice::new(
                option.token(),
                move || tr!("side-name", { "side" => side_key(variant.get(), option) }),
            )
        })
        .collect();
    view! {
        <Menu id=id testid=testid choices=choices
            value=Signal::derive(move || side.get().token())
            on_change=Callback::new(move |value: String| {
                side.set(if value == "second" { Side::Second } else { Side::First });
            })/>
    }
}
