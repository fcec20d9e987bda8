//! The tables every tournament screen shows, here or online: which round
//! is under way, the standings (with the organizer's withdrawals), the
//! crosstable (a game played here opening its replay), why a tournament
//! cannot start, and the standings exported as text.

use leptos::prelude::*;

use crate::app::i18n::tr_text;
use crate::app::services::browser::download;
use crate::tournament::{
    halves_text, quarters_text, Format, SetupError, StandingsLabels, Tournament,
};
use crate::tr;

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
