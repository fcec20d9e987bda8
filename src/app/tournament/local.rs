//! A tournament played on this device: the saved ones and the form for a
//! new one, a tournament's round (its boards, results entered by hand,
//! withdrawals), the standings and the crosstable, and a board's game,
//! played by the people here or by the computer against itself, shown
//! live.

use leptos::prelude::*;

use super::place::View;
use super::saved::listed;
use super::setup::NewTournament;
use super::tables::{export_standings, Crosstable, RoundLine, Standings};
use crate::ai::Level;
use crate::app::i18n::tr_text;
use crate::app::play::{GameScreen, Match, Session};
use crate::app::route::Route;
use crate::app::services::browser::{download, now_ms, record_date};
use crate::app::services::storage::Saves;
use crate::engine::Game;
use crate::store::{Seat, Seats};
use crate::tournament::{BoardRef, Entrant, Score, Tournament};
use crate::tr;

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

/// The saved tournaments, and the form for a new one.
#[component]
pub(super) fn TournamentList(
    list: RwSignal<Vec<(String, Tournament)>>,
    view: RwSignal<View>,
    put: impl Fn(String, Tournament) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let hosted = listed();
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

/// A tournament: the round's boards, the standings, the crosstable.
#[component]
pub(super) fn TournamentView(
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

/// A board's game: played by the people here, or by the computer against
/// itself, shown live; its result goes to the tournament when it ends.
#[component]
pub(super) fn BoardGame(
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
