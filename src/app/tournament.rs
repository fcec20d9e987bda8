//! Tournaments on one device (`tournament.html` only): the organizer
//! enters the players (people and computer levels), the format and the
//! game; each round's boards are played here, the people's by the people
//! at this device, the computer's against itself shown live; the standings
//! and the crosstable follow every result; a game is replayed from the
//! crosstable; tournaments are kept in localStorage and exported (the
//! standings as text, every game as one record file). The rules are
//! [`crate::tournament`]'s: this screen only asks.

use std::sync::OnceLock;

use leptos::prelude::*;

use crate::ai::Level;
use crate::app::i18n::tr_text;
use crate::app::play::{GameScreen, Match, Session};
use crate::app::route::Route;
use crate::app::screens::forms::{Choice, Menu};
use crate::app::screens::new_game::computer_name;
use crate::app::screens::replay::Replay;
use crate::app::services::browser::{
    download, fresh_id, go, now_ms, record_date, replace_fragment,
};
use crate::app::services::storage::Saves;
use crate::app::tournament_online::{FollowView, HostView};
use crate::engine::clock::TimeControl;
use crate::engine::{Game, Record, Rules, Variant};
use crate::store::{local, Seat, Seats, StoreKey};
use crate::tournament::{
    halves_text, quarters_text, BoardRef, Entrant, Format, Player, Score, SetupError,
    StandingsLabels, Tournament,
};
use crate::tr;

/// The clocks offered: none, or one of the engine's presets, each with its
/// menu value (`none`, or the control's text: `300+3`). The texts are made
/// once, from [`TimeControl::PRESETS`], and kept for the page's life: a
/// menu's values are static strings.
fn clock_values() -> &'static [(&'static str, Option<TimeControl>)] {
    static VALUES: OnceLock<Vec<(&'static str, Option<TimeControl>)>> = OnceLock::new();
    VALUES.get_or_init(|| {
        std::iter::once(("none", None))
            .chain(
                TimeControl::PRESETS
                    .iter()
                    .map(|c| (&*c.to_string().leak(), Some(*c))),
            )
            .collect()
    })
}

/// The formats offered.
const FORMATS: [&str; 3] = ["round-robin", "double", "swiss"];

/// Where a tournament is played: on this device, or online from one link.
const PLACES: [&str; 2] = ["here", "online"];

/// A player's kind in the form: a person, or a computer level.
const KINDS: [&str; 6] = ["person", "1", "2", "3", "4", "5"];

/// Every saved tournament: its id and itself (unreadable ones are skipped).
fn saved() -> Vec<(String, Tournament)> {
    let mut out: Vec<(String, Tournament)> = local::entries(|key| match key {
        StoreKey::Tournament(id) => Some(id),
        _ => None,
    })
    .into_iter()
    .filter_map(|(id, text)| Some((id, Tournament::from_text(&text).ok()?)))
    .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0));
    out
}

fn save(id: &str, t: &Tournament) {
    let _ = local::write(&StoreKey::Tournament(id.to_owned()), &t.to_text());
    write_index(&saved());
}

/// The index of the saved tournaments that the library lists (written at
/// each save, and when the page opens: tournaments saved before the index
/// existed are listed too): those played here, then those online (their
/// ids are the rest of their address: `host/<code>`, `join/<key>`).
pub fn write_index(list: &[(String, Tournament)]) {
    let index: Vec<String> = list
        .iter()
        .map(|(id, t)| (id.clone(), t.name().to_owned()))
        .chain(crate::app::tournament_online::listed())
        .map(|(id, name)| format!("{id}\t{}", name.replace(['\t', '\n', '\r'], " ")))
        .collect();
    let _ = local::write(&StoreKey::TournamentIndex, &index.join("\n"));
}

/// Writes the index again (an online tournament's page, after a change).
pub fn reindex() {
    write_index(&saved());
}

/// The library id of a board's game.
fn game_id(id: &str, at: BoardRef) -> String {
    format!("{id}-{}-{}", at.round + 1, at.board + 1)
}

/// The seat of an entrant.
fn seat(entrant: &Entrant) -> Seat {
    match entrant {
        Entrant::Person => Seat::Local,
        Entrant::Computer(level) => Seat::Computer(Level::Search(*level)),
    }
}

/// Where the screen is.
#[derive(Clone, Debug, PartialEq)]
enum View {
    /// The saved tournaments and the form for a new one.
    List,
    /// A tournament.
    Open(String),
    /// A board's game, played or watched.
    Board(String, BoardRef),
    /// A game replayed from the crosstable.
    Replay(String, Box<Record>),
}

/// The tournament screen: `place` is what follows `#tournament` (`/<id>`
/// opens one).
#[component]
pub fn TournamentScreen(place: String) -> impl IntoView {
    reindex();
    // Online: the organizer's hub, or any other page of a tournament.
    if let Some(code) = place.strip_prefix("/host/") {
        return view! { <HostView code=code.to_owned()/> }.into_any();
    }
    if let Some(key) = place.strip_prefix("/join/") {
        return view! { <FollowView organizer=key.to_owned()/> }.into_any();
    }
    let list = RwSignal::new(saved());
    let start = match place.strip_prefix('/') {
        Some(id) if list.with_untracked(|l| l.iter().any(|(i, _)| i == id)) => {
            View::Open(id.to_owned())
        }
        _ => View::List,
    };
    let view = RwSignal::new(start);
    // The address names the tournament open, so that a reload returns to it.
    Effect::new(move |_| {
        let rest = match view.get() {
            View::List => String::new(),
            View::Open(id) | View::Board(id, ..) | View::Replay(id, _) => {
                format!("/{id}")
            }
        };
        replace_fragment(&Route::Tournament(rest).fragment());
    });
    let find = move |id: &str| {
        list.with_untracked(|l| l.iter().find(|(i, _)| i == id).map(|(_, t)| t.clone()))
    };
    let put = move |id: String, t: Tournament| {
        save(&id, &t);
        list.update(|l| match l.iter_mut().find(|(i, _)| *i == id) {
            Some(entry) => entry.1 = t,
            None => l.insert(0, (id, t)),
        });
    };
    (move || match view.get() {
        View::List => view! { <TournamentList list=list view=view put=put/> }.into_any(),
        View::Open(id) => match find(&id) {
            Some(mut t) => {
                // A round finished but not followed yet (a page closed in
                // between): the next one is paired now.
                if t.round_done() && !t.is_over() && t.pair_next() {
                    put(id.clone(), t.clone());
                }
                view! { <TournamentView id=id t=t view=view put=put/> }.into_any()
            }
            None => {
                view.set(View::List);
                ().into_any()
            }
        },
        View::Board(id, at) => match find(&id) {
            Some(t) => view! { <BoardGame id=id t=t at=at view=view put=put/> }.into_any(),
            None => ().into_any(),
        },
        View::Replay(id, record) => {
            let back = move |_| view.set(View::Open(id.clone()));
            view! {
                <div class="tournament-bar">
                    <button type="button" data-testid="tournament-back" on:click=back>{tr_text(|| tr!("tournament-back"))}</button>
                </div>
                <Replay record=*record on_play=Callback::new(|(_, game): (Match, Game)| {
                    // Played on from the first page, which opens the game.
                    let link = crate::store::share::encode(&Record::new(game));
                    go(&Route::Shared(link));
                })/>
            }
            .into_any()
        }
    })
    .into_any()
}

/// The saved tournaments, and the form for a new one.
#[component]
fn TournamentList(
    list: RwSignal<Vec<(String, Tournament)>>,
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let hosted = crate::app::tournament_online::listed();
    view! {
        <section class="panel tournaments" data-testid="tournament-list">
            <h2>{tr_text(|| tr!("tournament-title"))}</h2>
            {(!hosted.is_empty()).then(|| view! {
                <ul class="tournament-saved">
                    {hosted.into_iter().map(|(place, name)| {
                        let organized = place.starts_with("host/");
                        view! {
                            <li data-testid="tournament-online-saved">
                                <a href=Route::Tournament(format!("/{place}")).fragment()><bdi>{name}</bdi></a>
                                " "
                                <span class="hint-text">{move || if organized { tr!("tournament-online-hosted") } else { tr!("tournament-online-followed") }}</span>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            {move || {
                let rows = list.get();
                if rows.is_empty() {
                    return view! { <p data-testid="tournament-none">{tr_text(|| tr!("tournament-none"))}</p> }.into_any();
                }
                view! {
                    <ul class="tournament-saved">
                        {rows.into_iter().map(|(id, t)| {
                            let open = id.clone();
                            let state = if t.is_over() { "over" } else { "running" };
                            view! {
                                <li data-testid="tournament-saved">
                                    <button type="button" class="link" on:click=move |_| view.set(View::Open(open.clone()))>
                                        <bdi>{t.name().to_owned()}</bdi>
                                    </button>
                                    " "
                                    <span class="hint-text">{move || tr!("tournament-state", { "state" => state })}</span>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </section>
        <NewTournament view=view put=put/>
    }
}

/// The form of a new tournament.
#[component]
fn NewTournament(
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    // (Empty: the default name, in the language of the moment, is shown
    // as the placeholder and taken at the start.)
    let name = RwSignal::new(String::new());
    let game = RwSignal::new(Variant::Seega(crate::engine::BoardSize::Five));
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
            crate::app::tournament_online::create(title, rules, control, format);
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
        .iter()
        .map(|&(value, control)| {
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
            .iter()
            .find(|(_, c)| *c == control)
            .map_or("none", |(value, _)| *value)
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
                        if let Some((_, c)) = clock_values().iter().find(|(value, _)| *value == v) { clock.set(*c) }
                    })/>
            </label>
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
        </section>
    }
}

/// A tournament: the round's boards, the standings, the crosstable.
#[component]
fn TournamentView(
    id: String,
    t: Tournament,
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let saves = use_context::<Saves>();
    let id = StoredValue::new(id);
    // The organizer's changes: a result played elsewhere, a withdrawal
    // (the rules pair the next round once the last result is in); the
    // view is drawn again from what was saved.
    let change = {
        let t = t.clone();
        move |edit: &dyn Fn(&mut Tournament) -> bool| {
            let mut next = t.clone();
            if edit(&mut next) {
                put(id.get_value(), next);
                view.set(View::Open(id.get_value()));
            }
        }
    };
    let enter = {
        let change = change.clone();
        move |b: usize, score: Score| {
            change(&|t: &mut Tournament| {
                let round = t.rounds().len().saturating_sub(1);
                t.give_result(BoardRef::new(round, b), score)
            });
        }
    };
    let withdraw = move |player: usize| change(&|t: &mut Tournament| t.withdraw_now(player));
    let round = t.rounds().len();
    let total = t.total_rounds();
    let names: Vec<String> = t.players().iter().map(|p| p.name.clone()).collect();
    let name = move |p: usize| names.get(p).cloned().unwrap_or_default();
    let boards = t.current_round().to_vec();
    let over = t.is_over();
    let replay = move |game: String| {
        if let Some((_, record)) = saves.and_then(|s| s.update(|l| Ok(l.load(&game))).flatten()) {
            view.set(View::Replay(id.get_value(), Box::new(record)));
        }
    };
    let export_standings = {
        let t = t.clone();
        move |_| export_standings(&t)
    };
    let export_games = {
        let t = t.clone();
        move |_| {
            let records: Vec<String> = t
                .boards()
                .filter_map(|(_, b)| b.game.clone())
                .filter_map(|g| saves.and_then(|s| s.update(|l| Ok(l.load(&g))).flatten()))
                .map(|(saved, _)| saved.record)
                .collect();
            download(&format!("{}.pgn", t.name()), &records.join("\n"));
        }
    };
    view! {
        <section class="panel tournament" data-testid="tournament">
            <div class="tournament-bar">
                <button type="button" class="link" data-testid="tournament-all" on:click=move |_| view.set(View::List)>
                    {tr_text(|| tr!("tournament-all"))}
                </button>
            </div>
            <h2><bdi>{t.name().to_owned()}</bdi></h2>
            <RoundLine round=round total=total over=over/>
            {(!over).then(|| view! {
                <ul class="tournament-boards" data-testid="tournament-boards">
                    {boards.iter().enumerate().map(|(b, board)| {
                        let first = name(board.first);
                        let first2 = first.clone();
                        let second = board.second.map(&name);
                        let score = board.score;
                        let open = move |_| view.set(View::Board(id.get_value(), BoardRef::new(round - 1, b)));
                        let computer = |p: usize| matches!(t.players()[p].entrant, Entrant::Computer(_));
                        let computers = board.second.is_some_and(|s| computer(s) && computer(board.first));
                        view! {
                            <li data-testid="tournament-board" data-done=board.done().to_string()>
                                <span class="board-players"><bdi>{first}</bdi>" – "{match second.clone() {
                                    Some(s) => view! { <bdi>{s}</bdi> }.into_any(),
                                    None => view! { <em>{tr_text(|| tr!("tournament-bye"))}</em> }.into_any(),
                                }}</span>
                                {match (second, score) {
                                    (None, _) => ().into_any(),
                                    (Some(_), Some(s)) => view! { <span class="board-score" data-testid="board-score">{s.token()}</span> }.into_any(),
                                    (Some(s), None) => {
                                        let (f, s) = (first2.clone(), s);
                                        let enter = enter.clone();
                                        let enter2 = enter.clone();
                                        let enter3 = enter.clone();
                                        view! {
                                            <button type="button" data-testid="board-play" on:click=open>
                                                {move || if computers { tr!("tournament-watch") } else { tr!("tournament-play") }}
                                            </button>
                                            <details class="board-result" data-testid="board-result">
                                                <summary>{tr_text(|| tr!("tournament-result"))}</summary>
                                                <button type="button" on:click=move |_| enter(b, Score::FirstWins)>
                                                    {move || tr!("tournament-won", { "name" => f.clone() })}
                                                </button>
                                                <button type="button" on:click=move |_| enter2(b, Score::Draw)>
                                                    {tr_text(|| tr!("tournament-draw"))}
                                                </button>
                                                <button type="button" on:click=move |_| enter3(b, Score::SecondWins)>
                                                    {move || tr!("tournament-won", { "name" => s.clone() })}
                                                </button>
                                            </details>
                                        }.into_any()
                                    }
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            <Standings t=t.clone() withdraw=(!over).then(|| Callback::new(withdraw))/>
            <Crosstable t=t.clone() replay=Some(Callback::new(replay))/>
            <div class="tournament-export">
                <button type="button" data-testid="export-standings" on:click=export_standings>{tr_text(|| tr!("tournament-export-standings"))}</button>
                <button type="button" data-testid="export-games" on:click=export_games>{tr_text(|| tr!("tournament-export-games"))}</button>
            </div>
        </section>
    }
}

/// The standings table (with the organizer's withdrawals when given).
#[component]
pub fn Standings(t: Tournament, withdraw: Option<Callback<usize>>) -> impl IntoView {
    let swiss = matches!(t.format(), Format::Swiss { .. });
    let standings = t.standings();
    view! {
        <h3>{tr_text(|| tr!("tournament-standings"))}</h3>
        <table class="tournament-standings" data-testid="standings">
            <thead><tr>
                <th scope="col">"#"</th>
                <th scope="col">{tr_text(|| tr!("tournament-col-player"))}</th>
                <th scope="col">{tr_text(|| tr!("tournament-col-points"))}</th>
                <th scope="col">{move || if swiss { tr!("tournament-col-bh-both") } else { tr!("tournament-col-sb") }}</th>
            </tr></thead>
            <tbody>
                {standings.into_iter().map(|row| {
                    let player = &t.players()[row.player];
                    let who = player.name.clone();
                    let tb = row.tie_breaks;
                    let tie_break = if swiss {
                        format!("{} / {}", halves_text(tb.buchholz_cut_halves), halves_text(tb.buchholz_halves))
                    } else {
                        quarters_text(tb.sonneborn_berger_quarters)
                    };
                    let index = row.player;
                    view! {
                        <tr data-testid="standing">
                            <td>{row.rank}</td>
                            <td>
                                <bdi>{who.clone()}</bdi>
                                {match (player.withdrawn.is_some(), withdraw) {
                                    (true, _) => view! {
                                        " "<em class="withdrawn" data-testid="withdrawn">{tr_text(|| tr!("tournament-withdrawn"))}</em>
                                    }.into_any(),
                                    (false, Some(withdraw)) => view! {
                                        <details class="withdraw" data-testid="withdraw">
                                            <summary>{tr_text(|| tr!("tournament-withdraw"))}</summary>
                                            <button type="button" on:click=move |_| withdraw.run(index)>
                                                {move || tr!("tournament-withdraw-confirm", { "name" => who.clone() })}
                                            </button>
                                        </details>
                                    }.into_any(),
                                    (false, None) => ().into_any(),
                                }}
                            </td>
                            <td data-testid="standing-points">{halves_text(row.points_halves)}</td>
                            <td>{tie_break}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// Which round is under way, or that the tournament is over.
#[component]
pub fn RoundLine(round: usize, total: usize, over: bool) -> impl IntoView {
    view! {
        <p data-testid="tournament-round">{move || if over {
            tr!("tournament-over")
        } else {
            tr!("tournament-round", { "round" => round, "rounds" => total })
        }}</p>
    }
}

/// Why a tournament cannot start, said.
#[component]
pub fn SetupProblem(error: SetupError) -> impl IntoView {
    let token = match error {
        SetupError::Players => "players",
        SetupError::SameName => "same-name",
        SetupError::Rounds => "rounds",
    };
    view! { <p class="error" role="alert" data-testid="tournament-error">{move || tr!("tournament-error", { "error" => token })}</p> }
}

/// The standings as a text file, with the column heads in the reader's
/// language.
pub fn export_standings(t: &Tournament) {
    let labels = StandingsLabels {
        name: tr!("tournament-col-player"),
        points: tr!("tournament-col-points"),
        sonneborn_berger: tr!("tournament-col-sb"),
        buchholz_cut: tr!("tournament-col-bh-cut"),
        buchholz: tr!("tournament-col-bh"),
    };
    download(&format!("{}.txt", t.name()), &t.standings_text(&labels));
}

/// The crosstable: each player's result against each other, a game
/// played here opening its replay (`replay`, with its library id).
#[component]
pub fn Crosstable(t: Tournament, replay: Option<Callback<String>>) -> impl IntoView {
    let crosstable = t.crosstable();
    let games: Vec<Vec<Vec<(String, String)>>> = {
        // For each pair, the marks with their game's library id.
        let n = t.players().len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        for (_, board) in t.boards() {
            // One id (or none, for a forfeit) for each mark of the crosstable.
            if let (Some(second), Some(_)) = (board.second, board.score) {
                let game = board.game.clone().unwrap_or_default();
                cells[board.first][second].push(game.clone());
                cells[second][board.first].push(game);
            }
        }
        crosstable
            .iter()
            .zip(cells)
            .map(|(row, ids)| {
                row.iter()
                    .zip(ids)
                    .map(|(marks, ids)| {
                        marks
                            .chars()
                            .map(String::from)
                            .zip(ids.into_iter().chain(std::iter::repeat(String::new())))
                            .collect()
                    })
                    .collect()
            })
            .collect()
    };
    view! {
        <h3>{tr_text(|| tr!("tournament-crosstable"))}</h3>
        <div class="crosstable-wrap">
            <table class="crosstable" data-testid="crosstable">
                <thead><tr>
                    <th></th>
                    {(1..=t.players().len()).map(|n| view! { <th scope="col">{n}</th> }).collect_view()}
                </tr></thead>
                <tbody>
                    {games.into_iter().enumerate().map(|(a, row)| view! {
                        <tr>
                            <th scope="row">{a + 1}". "<bdi>{t.players()[a].name.clone()}</bdi></th>
                            {row.into_iter().enumerate().map(|(b, marks)| view! {
                                <td class:self=a == b>
                                    {marks.into_iter().map(|(mark, game)| match replay {
                                        Some(replay) if !game.is_empty() => view! {
                                            <button type="button" class="link" data-testid="crosstable-game"
                                                on:click=move |_| replay.run(game.clone())>{mark}</button>
                                        }.into_any(),
                                        _ => view! { <span>{mark}</span> }.into_any(),
                                    }).collect_view()}
                                </td>
                            }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// A board's game: played by the people here, or by the computer against
/// itself, shown live; its result goes to the tournament when it ends.
#[component]
fn BoardGame(
    id: String,
    t: Tournament,
    at: BoardRef,
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let Some(pairing) = t.pairing(at).cloned() else {
        return ().into_any();
    };
    let Some(second) = pairing.second else {
        return ().into_any();
    };
    let (a, b) = (&t.players()[pairing.first], &t.players()[second]);
    let rules = t.rules();
    let game_match = Match {
        rules,
        first: a.name.clone(),
        second: b.name.clone(),
        seats: Seats([seat(&a.entrant), seat(&b.entrant)]),
        clock: t.clock(),
    };
    let now = now_ms();
    let gid = game_id(&id, at);
    // A board's game left half-played is resumed from the library (the
    // game screen saves it under the board's id), not started again.
    let saves = use_context::<Saves>();
    let session = saves
        .and_then(|s| s.update(|l| Ok(l.load(&gid))).flatten())
        .map(|(saved, record)| Session::from_saved(&saved, record).1)
        .filter(|s| *s.game.rules() == rules)
        .unwrap_or_else(|| Session::new(Game::new(rules), gid.clone(), now, record_date(now)));
    let id = StoredValue::new(id);
    let t = StoredValue::new(t);
    let back = Callback::new(move |()| view.set(View::Open(id.get_value())));
    let on_over = Callback::new(move |game: Game| {
        if game.outcome().is_none() {
            return;
        }
        let score = Score::of(game.outcome());
        let mut next = t.get_value();
        if next.record(at, score, Some(gid.clone())) == Ok(true) {
            if next.round_done() {
                next.pair_next();
            }
            put(id.get_value(), next.clone());
            t.set_value(next);
        }
    });
    view! {
        <div class="tournament-bar" data-testid="tournament-game">
            <span>{move || tr!("tournament-board", { "round" => at.round + 1, "board" => at.board + 1 })}</span>
            <button type="button" data-testid="tournament-back" on:click=move |_| back.run(())>
                {tr_text(|| tr!("tournament-back"))}
            </button>
        </div>
        <GameScreen game=game_match session=session on_new_game=back
            on_rematch=Callback::new(move |_| back.run(())) on_over=on_over/>
    }
    .into_any()
}
