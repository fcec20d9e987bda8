//! An online tournament's state as every page shows it: those who
//! entered before the start; then the round under way (its boards, the
//! reports waiting, the disputes, the rooms to watch), the standings and
//! the crosstable. The organizer's page also decides boards and withdraws
//! players from here.

use leptos::prelude::*;

use super::tables::{export_standings, Crosstable, RoundLine, Standings};
use crate::app::i18n::tr_text;
use crate::app::route::Route;
use crate::net::room::Invitation;
use crate::net::tournament::State;
use crate::tournament::{BoardRef, Score};
use crate::tr;

/// Those who entered, before the start.
#[component]
pub(super) fn Entrants(state: ReadSignal<State>, remove: Option<Callback<usize>>) -> impl IntoView {
    view! {
        <h3>{move || tr!("tournament-online-entrants", { "n" => state.with(|s| s.tournament.players().len()) })}</h3>
        <ol class="tournament-entrants" data-testid="tournament-entrants">
            {move || state.with(|s| s.tournament.players().iter().enumerate().map(|(i, p)| {
                let who = p.name.clone();
                view! {
                    <li data-testid="tournament-entrant">
                        <bdi>{p.name.clone()}</bdi>
                        {remove.map(|remove| view! {
                            " "
                            <button type="button" class="link" data-testid="tournament-entrant-remove"
                                aria-label=move || tr!("tournament-online-remove", { "name" => who.clone() })
                                on:click=move |_| remove.run(i)>"×"</button>
                        })}
                    </li>
                }
            }).collect_view())}
        </ol>
    }
}

/// The round under way (its boards and results), the standings and the
/// crosstable; the organizer also enters results and withdraws players.
#[component]
pub(super) fn Progress(
    state: ReadSignal<State>,
    decide: Option<Callback<(BoardRef, Score)>>,
    withdraw: Option<Callback<usize>>,
) -> impl IntoView {
    move || {
        let s = state.get();
        let t = s.tournament.clone();
        let over = t.is_over();
        let round = t.rounds().len();
        let total = t.total_rounds();
        let name = |p: usize| t.player(p).map(|p| p.name.clone()).unwrap_or_default();
        let boards = t.current_round().to_vec();
        view! {
            <RoundLine round=round total=total over=over/>
            {(!over).then(|| view! {
                <ul class="tournament-boards" data-testid="tournament-boards">
                    {boards.iter().enumerate().map(|(b, board)| {
                        let first = name(board.first);
                        let second = board.second.map(name);
                        let at = BoardRef::new(round - 1, b);
                        let disputed = s.disputed.contains(&at);
                        // A player's report waiting for the other's.
                        let waiting = s.reports.iter()
                            .find(|r| r.board == at && board.score.is_none())
                            .filter(|_| !disputed)
                            .and_then(|r| {
                                let other = board.opponent(r.player)?;
                                Some((name(r.player), r.score, name(other)))
                            });
                        view! {
                            <li data-testid="tournament-board" data-done=board.done().to_string()>
                                <span class="board-players"><bdi>{first.clone()}</bdi>" – "{match second.clone() {
                                    Some(n) => view! { <bdi>{n}</bdi> }.into_any(),
                                    None => view! { <em>{tr_text(|| tr!("tournament-bye"))}</em> }.into_any(),
                                }}</span>
                                {board.score.map(|sc| view! { <span class="board-score" data-testid="board-score">{sc.token()}</span> })}
                                {disputed.then(|| view! { <em class="disputed" data-testid="board-disputed">{tr_text(|| tr!("tournament-online-disputed"))}</em> })}
                                {waiting.map(|(who, score, other)| view! {
                                    <em class="board-report" data-testid="board-report">
                                        {move || tr!("tournament-online-report-waiting", { "name" => who.clone(), "score" => score.token(), "other" => other.clone() })}
                                    </em>
                                })}
                                {s.room(at).filter(|_| board.score.is_none()).map(|room| view! {
                                    <a href=Route::Invite(Invitation::Room(room.host)).url()
                                        data-testid="tournament-online-watch">{tr_text(|| tr!("tournament-watch"))}</a>
                                })}
                                {match (decide, second, board.score) {
                                    (Some(decide), Some(second), None) => {
                                        view! {
                                            <details class="board-result" data-testid="board-result">
                                                <summary>{tr_text(|| tr!("tournament-result"))}</summary>
                                                <button type="button" on:click=move |_| decide.run((at, Score::FirstWins))>
                                                    {move || tr!("tournament-won", { "name" => first.clone() })}
                                                </button>
                                                <button type="button" on:click=move |_| decide.run((at, Score::Draw))>
                                                    {tr_text(|| tr!("tournament-draw"))}
                                                </button>
                                                <button type="button" on:click=move |_| decide.run((at, Score::SecondWins))>
                                                    {move || tr!("tournament-won", { "name" => second.clone() })}
                                                </button>
                                            </details>
                                        }.into_any()
                                    }
                                    _ => ().into_any(),
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            <Standings t=t.clone() withdraw=withdraw.filter(|_| !over)/>
            <Crosstable t=t.clone() replay=None/>
            <div class="tournament-export">
                <button type="button" data-testid="export-standings" on:click=move |_| export_standings(&t)>
                    {tr_text(|| tr!("tournament-export-standings"))}
                </button>
            </div>
        }
    }
}
