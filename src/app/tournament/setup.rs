//! The form of a new tournament: its name, the game and the clock (the
//! engine's variants and presets), the format, where it is played (here,
//! or online from one link), and the players here (people and computer
//! levels).

use crate::app::staging::{self, Staged};
use leptos::prelude::*;

use super::hub::create;
use super::place::View;
use super::tables::SetupProblem;
use crate::ai::Level;
use crate::app::i18n::tr_text;
use crate::app::screens::forms::{Choice, Menu};
use crate::app::screens::new_game::computer_name;
use crate::app::screens::new_game::form::ClockChoice;
use crate::app::services::browser::fresh_id;
use crate::engine::clock::TimeControl;
use crate::engine::{BoardSize, Rules, Variant};
use crate::tournament::{Entrant, Format, Player, SetupError, Tournament};
use crate::tr;

/// The clocks offered: none, or one of the engine's presets, each with its
/// menu value (the new-game form's: `none`, or the control's text, `300+3`;
/// no custom clock).
fn clock_values() -> impl Iterator<Item = (&'static str, Option<TimeControl>)> {
    ClockChoice::menu()
        .iter()
        .filter_map(|&(value, choice)| match choice {
            ClockChoice::None => Some((value, None)),
            ClockChoice::Preset(control) => Some((value, Some(control))),
            ClockChoice::Custom => None,
        })
}

/// The formats offered.
const FORMATS: [&str; 3] = ["round-robin", "double", "swiss"];

/// Where a tournament is played: on this device, or online from one link.
const PLACES: [&str; 2] = ["here", "online"];

/// A player's kind in the form: a person, or a computer level.
const KINDS: [&str; 6] = ["person", "1", "2", "3", "4", "5"];

/// The form of a new tournament.
#[component]
pub(super) fn NewTournament(
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    // (Empty: the default name, in the language of the moment, is shown
    // as the placeholder and taken at the start.)
    let name = RwSignal::new(String::new());
    let game = RwSignal::new(Variant::Seega(BoardSize::Five));
    let clock = RwSignal::new(None::<TimeControl>);
    let format = RwSignal::new("round-robin");
    let place = RwSignal::new("here");
    let rounds = RwSignal::new(3u8);
    let error = RwSignal::new(None::<SetupError>);
    // Four to start with: two people and two levels.
    let players = RwSignal::new(vec![
        RwSignal::new((String::new(), "person")),
        RwSignal::new((String::new(), "person")),
        RwSignal::new((String::new(), "1")),
        RwSignal::new((String::new(), "2")),
    ]);
    let pick = |options: &'static [&'static str], value: String| {
        options.iter().copied().find(|o| *o == value)
    };
    let start = move |_| {
        let rules = Rules::new(game.get_untracked());
        let control = clock.get_untracked();
        let format = match format.get_untracked() {
            "double" => Format::RoundRobin { double: true },
            "swiss" => Format::Swiss {
                rounds: rounds.get_untracked(),
            },
            _ => Format::RoundRobin { double: false },
        };
        let mut entrants: Vec<Player> = Vec::new();
        for (i, row) in players.get_untracked().iter().enumerate() {
            let (typed, kind) = row.get_untracked();
            let typed = crate::net::text::strip_text(&typed);
            let entrant = kind
                .parse::<u8>()
                .map_or(Entrant::Person, Entrant::Computer);
            let name = match (&entrant, typed.trim()) {
                (Entrant::Computer(level), "") => {
                    // Two computers of one level are told apart by number.
                    let base = computer_name(Level::Search(*level));
                    let same = entrants
                        .iter()
                        .filter(|p| p.name.starts_with(&base))
                        .count();
                    if same == 0 {
                        base
                    } else {
                        format!("{base} ({})", same + 1)
                    }
                }
                (_, "") => crate::app::i18n::as_data(tr!("tournament-player-n", { "n" => i + 1 })),
                (_, typed) => typed.to_owned(),
            };
            entrants.push(Player {
                name,
                entrant,
                withdrawn: None,
            });
        }
        let title = match crate::net::text::strip_text(&name.get_untracked()).trim() {
            "" => crate::app::i18n::as_data(tr!("tournament-default-name")),
            typed => typed.to_owned(),
        };
        if place.get_untracked() == "online" {
            // The players enter from the link; the start checks them.
            create(title, rules, control, format);
            return;
        }
        match Tournament::new(title, rules, control, format, entrants) {
            Ok(mut t) => {
                error.set(None);
                t.pair_next();
                let id = fresh_id();
                put(id.clone(), t);
                view.set(View::Open(id));
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let game_choices: Vec<Choice> = Variant::ALL
        .into_iter()
        .map(|v| {
            let token = v.token();
            Choice::new(token, move || tr!("variant-name", { "variant" => token }))
        })
        .collect();
    let place_choices: Vec<Choice> = PLACES
        .iter()
        .map(|v| Choice::new(v, move || tr!("tournament-place-name", { "place" => *v })))
        .collect();
    let format_choices: Vec<Choice> = FORMATS
        .iter()
        .map(|v| Choice::new(v, move || tr!("tournament-format-name", { "format" => *v })))
        .collect();
    let clock_choices: Vec<Choice> = clock_values()
        .map(|(value, control)| {
            Choice::new(value, move || match control {
                Some(c) => tr!("newgame-clock-preset", {
                    "minutes" => c.minutes_text(), "seconds" => c.increment_s }),
                None => tr!("newgame-clock-none"),
            })
        })
        .collect();
    let clock_value = move || {
        let control = clock.get();
        clock_values()
            .find(|(_, c)| *c == control)
            .map_or("none", |(value, _)| value)
    };
    view! {
        <section class="panel tournament-form" data-testid="tournament-form">
            <h2>{tr_text(|| tr!("tournament-new"))}</h2>
            <label class="field" for="tournament-name">
                <span>{tr_text(|| tr!("tournament-name"))}</span>
                <input id="tournament-name" type="text" maxlength="60" data-testid="tournament-name"
                    placeholder=move || tr!("tournament-default-name")
                    prop:value=move || name.get()
                    on:input=move |e| name.set(event_target_value(&e))/>
            </label>
            <label class="field" for="tournament-game">
                <span>{tr_text(|| tr!("newgame-game"))}</span>
                <Menu id="tournament-game" testid="tournament-game"
                    choices=game_choices
                    value=Signal::derive(move || game.get().token())
                    on_change=Callback::new(move |v: String| {
                        if let Some(v) = Variant::ALL.into_iter().find(|g| g.token() == v) { game.set(v) }
                    })/>
            </label>
            <label class="field" for="tournament-clock">
                <span>{tr_text(|| tr!("newgame-time-control"))}</span>
                <Menu id="tournament-clock" testid="tournament-clock"
                    choices=clock_choices
                    value=Signal::derive(clock_value)
                    on_change=Callback::new(move |v: String| {
                        if let Some((_, c)) = clock_values().find(|(value, _)| *value == v) { clock.set(c) }
                    })/>
            </label>
            // (Behind the page's copy of this screen, a task each.)
            <Staged step=staging::PARTS>
            <label class="field" for="tournament-format">
                <span>{tr_text(|| tr!("tournament-format"))}</span>
                <Menu id="tournament-format" testid="tournament-format"
                    choices=format_choices
                    value=format
                    on_change=Callback::new(move |v: String| if let Some(v) = pick(&FORMATS, v) { format.set(v) })/>
            </label>
            {move || (format.get() == "swiss").then(|| view! {
                <label class="field" for="tournament-rounds">
                    <span>{tr_text(|| tr!("tournament-rounds"))}</span>
                    <input id="tournament-rounds" type="number" min="1" max="31" data-testid="tournament-rounds"
                        prop:value=move || rounds.get().to_string()
                        on:input=move |e| {
                            if let Ok(n) = event_target_value(&e).parse::<u8>() {
                                rounds.set(n);
                            }
                        }/>
                </label>
            })}
            <label class="field" for="tournament-place">
                <span>{tr_text(|| tr!("tournament-place"))}</span>
                <Menu id="tournament-place" testid="tournament-place"
                    choices=place_choices
                    value=place
                    on_change=Callback::new(move |v: String| if let Some(v) = pick(&PLACES, v) { place.set(v) })/>
            </label>
            </Staged>
            <Staged step=staging::LAST>
            <fieldset class:hidden=move || place.get() == "online">
                <legend>{tr_text(|| tr!("tournament-players"))}</legend>
                <ol class="tournament-players">
                    {move || players.get().into_iter().enumerate().map(|(i, row)| {
                        let kinds: Vec<Choice> = KINDS.iter().map(|k| Choice::new(k, move || match k.parse::<u8>() {
                            Ok(n) => computer_name(Level::Search(n)),
                            Err(_) => tr!("tournament-person"),
                        })).collect();
                        view! {
                            <li data-testid="tournament-player">
                                <input type="text" maxlength="40" data-testid=format!("player-name-{}", i + 1)
                                    aria-label=move || tr!("tournament-player-n", { "n" => i + 1 })
                                    prop:value=move || row.get().0
                                    on:input=move |e| row.update(|r| r.0 = event_target_value(&e))/>
                                <select data-testid="player-kind"
                                    aria-label=move || tr!("tournament-kind", { "n" => i + 1 })
                                    prop:value=move || row.get().1
                                    on:change=move |e| {
                                        if let Some(k) = pick(&KINDS, event_target_value(&e)) {
                                            row.update(|r| r.1 = k);
                                        }
                                    }>
                                    {kinds.into_iter().map(|choice| {
                                        let label = choice.label;
                                        let value = choice.value;
                                        view! {
                                            <option value=value selected=move || row.get_untracked().1 == value>{move || label()}</option>
                                        }
                                    }).collect_view()}
                                </select>
                                <button type="button" data-testid="player-remove"
                                    disabled=move || players.with(|p| p.len() <= crate::tournament::MIN_PLAYERS)
                                    aria-label=move || tr!("tournament-remove", { "n" => i + 1 })
                                    on:click=move |_| players.update(|p| { if p.len() > 3 { p.remove(i); } })>
                                    "×"
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <button type="button" data-testid="player-add"
                    on:click=move |_| players.update(|p| if p.len() < crate::tournament::MAX_PLAYERS {
                        p.push(RwSignal::new((String::new(), "person")))
                    })>
                    {tr_text(|| tr!("tournament-add"))}
                </button>
            </fieldset>
            {move || error.get().map(|e| view! { <SetupProblem error=e/> })}
            <button type="button" class="primary" data-testid="tournament-start" on:click=start>
                {tr_text(|| tr!("tournament-start"))}
            </button>
            </Staged>
        </section>
    }
}
