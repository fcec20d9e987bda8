//! The room's views: the bar above the game (the connection, spectators,
//! warnings, the invitation and its QR code, play by link, offers), the
//! newcomer's invitation, and the chat. They read the [`Room`] and act
//! through it; none of them owns a timer, a listener or the link.

use leptos::prelude::*;

use super::report::{tournament_of, ReportState};
use super::room::{invitation, LinkState, Room};
use super::start::OnlineStart;
use crate::app::i18n::tokens::{reason_token, side_key};
use crate::app::i18n::tr_text;
use crate::app::route::Route;
use crate::app::screens::forms::NameField;
use crate::app::services::browser::{can_share, copy_to_clipboard, page_url, share_url};
use crate::net::identity::PublicKey;
use crate::net::message::Offer;
use crate::net::room;
use crate::net::table::{slot, Presence, Role, Table};
use crate::net::text::clean_name;
use crate::tr;

/// The bar above the game: the connection, who watches, what was dropped,
/// the invitation while a seat is free, play by link while the opponent
/// is away, and the offers.
#[component]
pub fn RoomBar(room: Room, report: RwSignal<Option<ReportState>>) -> impl IntoView {
    let table = room.table;
    let role = Memo::new(move |_| table.with(|t| t.role()));
    let code = room.host.get_value();
    // A tournament's board links back to its tournament.
    let tournament = tournament_of(&code).map(|(place, _)| place);
    view! {
        <section class="panel online-bar" aria-label=move || tr!("online-title")>
            {tournament.map(|place| view! {
                <a class="tournament-back" data-testid="back-to-tournament"
                    href=Route::Tournament(format!("/{place}")).url()>
                    {tr_text(|| tr!("online-back-to-tournament"))}
                </a>
            })}
            {move || report.get().map(|state| {
                let (score, why) = match state {
                    ReportState::Settled(score) => (score.token(), ""),
                    ReportState::Refused(why) => ("", why.token()),
                    _ => ("", ""),
                };
                view! {
                    <p class="notice" role="status" data-testid="tournament-report" data-state=state.token()>
                        {move || tr!("online-tournament-report", { "state" => state.token(), "score" => score, "why" => why })}
                    </p>
                }
            })}
            <p class="connection" data-testid="connection" data-status=move || room.status() role="status">
                <span class="dot" aria-hidden="true"></span>
                {move || tr!("online-status", { "status" => room.status() })}
            </p>
            {move || room.path().map(|path| {
                let kind = if path.relayed { "relay" } else { "direct" };
                view! {
                    <p class="path" data-testid="online-path" data-path=kind data-lost=path.lost.to_string()>
                        {move || match path.round_trip_ms {
                            Some(ms) => tr!("online-path", { "path" => kind, "rtt" => ms }),
                            None => tr!("online-path", { "path" => kind, "rtt" => "none" }),
                        }}
                    </p>
                }
            })}
            {move || room.no_path().then(|| {
                let who = if matches!(role.get(), Role::Player(_)) { "host" } else { "guest" };
                view! {
                    <p class="notice warning" data-testid="online-no-path" role="alert">
                        {move || tr!("online-no-path", { "role" => who })}
                    </p>
                }
            })}
            {move || {
                let count = table.with(Table::watchers);
                (count > 0).then(|| view! {
                    <p class="watchers" data-testid="watchers">{move || tr!("online-watchers", { "count" => count })}</p>
                })
            }}
            {move || (role.get() == Role::Spectator).then(|| view! {
                <p class="watching" data-testid="watching">{tr_text(|| tr!("online-watching"))}</p>
            })}
            {move || table.with(|t| t.waiting_for_host(room.clock.get())).then(|| view! {
                <p class="notice" data-testid="online-host-away" role="status">{tr_text(|| tr!("online-host-away"))}</p>
            })}
            {move || table.with(|t| t.unconfirmed().map(|(side, outcome)| {
                // One seat's word of an end that the other has not said:
                // shown as its word, not as the result.
                let name = t.names()[slot(side)].clone();
                let other = t.names()[slot(side.opponent())].clone();
                let loser = outcome
                    .winner
                    .map(|w| t.names()[slot(w.opponent())].clone())
                    .unwrap_or_default();
                let end = reason_token(outcome, t.game().rules().variant);
                view! {
                    <p class="notice" data-testid="online-unconfirmed" role="status">
                        {move || tr!("online-unconfirmed", {
                            "name" => name.clone(), "other" => other.clone(),
                            "loser" => loser.clone(), "end" => end,
                        })}
                    </p>
                }
            }))}
            {move || table.with(|t| t.stopped_sending().map(|(stopped, followed)| {
                // A seat's page stopped sending the game (its own plies, or
                // its relay of the other's): the game is followed through
                // the other.
                let stopped = t.names()[slot(stopped)].clone();
                let followed = t.names()[slot(followed)].clone();
                view! {
                    <p class="notice warning" data-testid="online-relay-stopped" role="status">
                        {move || tr!("online-relay-stopped", {
                            "stopped" => stopped.clone(), "followed" => followed.clone(),
                        })}
                    </p>
                }
            }))}
            {move || table.with(|t| t.lies().first().map(|&(side, index)| {
                // A seat signed two different plies for one place: its
                // own proof, and the game the other plays is shown.
                let name = t.names()[slot(side)].clone();
                let other = t.names()[slot(side.opponent())].clone();
                let ply = index + 1;
                view! {
                    <p class="notice warning" data-testid="online-lied" role="alert">
                        {move || tr!("online-lied", {
                            "name" => name.clone(), "other" => other.clone(), "ply" => ply,
                        })}
                    </p>
                }
            }))}
            {move || table.with(Table::other_version).map(|v| view! {
                <p class="notice warning" data-testid="online-version">{move || tr!("online-version", { "version" => v })}</p>
            })}
            {move || (room.state.get() == LinkState::Unavailable).then(|| view! {
                <p class="notice warning" data-testid="online-unavailable">{tr_text(|| tr!("online-unavailable"))}</p>
            })}
            <Invitation table=table code=code qr=room.qr/>
            <ByLink table=table code=code active=room.by_link clock=room.clock/>
            <Offers table=table answered=room.answered act=Callback::new(move |accept: bool| room.act(|t| t.answer(accept)))/>
            <div class="online-warnings" aria-live="polite">
                <For each=move || room.warnings.get() key=|(n, _)| *n let((n, warning))>
                    <p class="notice warning" data-testid="online-warning" data-n=n>{move || net_warning(&warning)}</p>
                </For>
            </div>
        </section>
    }
}

/// The invitation link while the other seat is free: copy, share, and a
/// QR code for a phone across the table.
#[component]
fn Invitation(
    table: RwSignal<Table>,
    code: PublicKey,
    qr: RwSignal<Option<String>>,
) -> impl IntoView {
    let url = invitation(&code);
    let copied = RwSignal::new(false);
    let open = Memo::new(move |_| table.with(Table::open_seat).is_some());
    move || {
        let url = url.clone();
        let shared = url.clone();
        open.get().then(|| view! {
            <div class="invitation" data-testid="invitation">
                <p>{tr_text(|| tr!("online-invite"))}</p>
                <div class="invitation-link">
                    <input type="text" readonly=true dir="ltr" data-testid="invitation-link"
                        aria-label=move || tr!("online-link") prop:value=url.clone()/>
                    <button type="button" data-testid="invitation-copy"
                        on:click=move |_| { copy_to_clipboard(&url); copied.set(true); }>
                        {move || if copied.get() { tr!("library-copied") } else { tr!("library-copy") }}
                    </button>
                    {can_share().then(|| view! {
                        <button type="button" data-testid="invitation-share" on:click=move |_| { share_url(&shared); }>
                            {tr_text(|| tr!("online-share"))}
                        </button>
                    })}
                </div>
                {move || qr.get().map(|svg| view! {
                    <figure class="qr" data-testid="invitation-qr" inner_html=svg
                        aria-label=move || tr!("online-qr") role="img"></figure>
                })}
            </div>
        })
    }
}

/// When the players cannot connect (some networks need a relay a
/// serverless app does not have): play on by link, each player sending the
/// game after their move by any messenger; opening it continues the same
/// saved game, checked by the engine.
#[component]
fn ByLink(
    table: RwSignal<Table>,
    code: PublicKey,
    active: RwSignal<bool>,
    clock: RwSignal<crate::engine::Millis>,
) -> impl IntoView {
    use crate::engine::Record;
    use crate::store::share;
    let copied = RwSignal::new(false);
    let shown = Memo::new(move |_| {
        table.with(|t| {
            // (A timed game cannot wait for links: its clocks run.)
            t.side().is_some()
                && t.clock().is_none()
                && t.presence(clock.get()) != Presence::Connected
        })
    });
    let code = StoredValue::new(code);
    // What the link says: the game (its length and end), the names and
    // this page's seat. Written again when one of them changes, never on
    // a heartbeat.
    let said = Memo::new(move |_| {
        table.with(|t| {
            (
                t.game().plies().len(),
                t.game().outcome(),
                t.names().clone(),
                t.side(),
                t.cert().is_some(),
            )
        })
    });
    let url = move || {
        // (Read, not only tracked: a memo that nobody reads is never
        // computed, and one never computed hears of no change.)
        said.with(|_| ());
        table.with_untracked(|t| {
            let side = t.side()?;
            let mut record = Record::new(t.game().clone());
            record.first.clone_from(&t.names()[0]);
            record.second.clone_from(&t.names()[1]);
            let game = share::encode(&record);
            let (signature, guest, cert) = t.sign_link(&game)?;
            let link = room::MoveLink {
                host: code.get_value(),
                sender: side,
                signature,
                guest,
                cert,
                share: &game,
            };
            Some(page_url(&link.fragment()))
        })
    };
    move || {
        shown.get().then(|| {
            if !active.get() {
                return view! {
                    <div class="by-link" data-testid="by-link-offer">
                        <p>{tr_text(|| tr!("online-bylink-offer"))}</p>
                        <button type="button" data-testid="by-link-start" on:click=move |_| active.set(true)>
                            {tr_text(|| tr!("online-bylink-start"))}
                        </button>
                    </div>
                }
                .into_any();
            }
            view! {
                <div class="by-link" data-testid="by-link-panel">
                    <p>{tr_text(|| tr!("online-bylink-text"))}</p>
                    <div class="invitation-link">
                        <input type="text" readonly=true dir="ltr" data-testid="by-link"
                            aria-label=move || tr!("online-bylink-label") prop:value=move || url().unwrap_or_default()/>
                        <button type="button" data-testid="by-link-copy"
                            on:click=move |_| { if let Some(u) = url() { copy_to_clipboard(&u); copied.set(true); } }>
                            {move || if copied.get() { tr!("library-copied") } else { tr!("library-copy") }}
                        </button>
                    </div>
                </div>
            }
            .into_any()
        })
    }
}

/// The opponent's offer with its answers, our offer waiting, the last answer.
#[component]
fn Offers(
    table: RwSignal<Table>,
    answered: RwSignal<Option<(Offer, bool)>>,
    act: Callback<bool>,
) -> impl IntoView {
    let token = |offer: Offer| match offer {
        Offer::Draw => "draw",
        Offer::Takeback => "takeback",
        Offer::Rematch => "rematch",
    };
    view! {
        {move || table.with(|t| t.pending()).map(|(offer, _)| view! {
            <div class="offer" data-testid="offer" role="alertdialog" aria-live="assertive">
                <p>{move || tr!("online-offered", { "offer" => token(offer) })}</p>
                <button type="button" class="primary" data-testid="offer-accept" on:click=move |_| act.run(true)>
                    {tr_text(|| tr!("online-accept"))}
                </button>
                <button type="button" data-testid="offer-decline" on:click=move |_| act.run(false)>
                    {tr_text(|| tr!("online-decline"))}
                </button>
            </div>
        })}
        {move || table.with(|t| t.offered()).map(|offer| view! {
            <p class="notice" data-testid="offer-waiting">{move || tr!("online-offer-waiting", { "offer" => token(offer) })}</p>
        })}
        {move || answered.get().filter(|_| table.with(|t| t.offered().is_none())).map(|(_, accept)| view! {
            <p class="notice" data-testid="offer-answer">
                {move || tr!("online-answered", { "accept" => if accept { "yes" } else { "no" } })}
                <button type="button" class="link" on:click=move |_| answered.set(None)>{tr_text(|| tr!("notice-dismiss"))}</button>
            </p>
        })}
    }
}

/// A newcomer's invitation: who invites them to what; a name, then join
/// (or watch).
#[component]
pub fn JoinForm(table: RwSignal<Table>, act: Callback<String>) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let invited = Memo::new(move |_| match table.with(|t| t.role()) {
        Role::Invited(side) => Some(side),
        _ => None,
    });
    move || {
        invited.get().map(|side| {
            let (host, variant) = table.with_untracked(|t| {
                (t.names()[slot(side.opponent())].clone(), t.game().rules().variant)
            });
            let submit = move |event: leptos::ev::SubmitEvent| {
                event.prevent_default();
                let typed = clean_name(&name.get_untracked());
                let chosen = if typed.is_empty() {
                    crate::app::i18n::as_data(tr!("player-default", { "side" => side_key(variant, side) }))
                } else {
                    typed
                };
                act.run(chosen);
            };
            let host_name = host.clone();
            view! {
                <form class="panel join-form" data-testid="join-form" on:submit=submit>
                    <h2>{tr_text(|| tr!("online-join-title"))}</h2>
                    <p data-testid="join-invitation">{move || tr!("online-join-text", {
                        "host" => host_name.clone(),
                        "game" => tr!("variant-name", { "variant" => variant.token() }),
                        "side" => tr!("side-name", { "side" => side_key(variant, side) }),
                    })}</p>
                    <NameField id="join-name" testid="join-name" value=name set_value=name/>
                    <div class="actions">
                        <button type="submit" class="primary" data-testid="join">{tr_text(|| tr!("online-join"))}</button>
                        <button type="button" data-testid="watch" on:click=move |_| table.update(Table::decline_seat)>
                            {tr_text(|| tr!("online-watch"))}
                        </button>
                    </div>
                </form>
            }
        })
    }
}

/// The first news of a game sent by link: who sent it, which game, and
/// whether to keep it (only then is it saved and played on). Anyone can
/// make such a link with a fresh key: the library takes a game from a
/// stranger's link only when its player asks.
#[component]
pub fn LinkOffer(
    game: crate::app::play::Match,
    session: crate::app::play::Session,
    entry: crate::store::SavedGame,
    on_start: Callback<OnlineStart>,
) -> impl IntoView {
    let saves = use_context::<crate::app::services::storage::Saves>();
    let variant = game.rules.variant;
    // This page plays the side it holds; the sender plays the other.
    let mine = game
        .seats
        .hands_side()
        .unwrap_or(crate::engine::Side::First);
    let sender = game.name(mine.opponent()).to_owned();
    let plies = session.game.plies().len();
    let offered = StoredValue::new(Some((game, session, entry)));
    let keep = move |_| {
        let Some((game, session, entry)) = offered.try_update_value(Option::take).flatten() else {
            return;
        };
        if let Some(saves) = saves {
            super::entry::keep(saves, &entry);
        }
        on_start.run(OnlineStart::ByLink(game, session));
    };
    view! {
        <section class="panel join-form" data-testid="link-offer" aria-labelledby="link-offer-title">
            <h2 id="link-offer-title">{tr_text(|| tr!("online-link-offer-title"))}</h2>
            <p data-testid="link-offer-text">{move || tr!("online-link-offer", {
                "name" => sender.clone(),
                "game" => tr!("variant-name", { "variant" => variant.token() }),
                "side" => tr!("side-name", { "side" => side_key(variant, mine) }),
                "plies" => plies,
            })}</p>
            <div class="actions">
                <button type="button" class="primary" data-testid="link-offer-keep" on:click=keep>
                    {tr_text(|| tr!("online-link-offer-keep"))}
                </button>
                <a class="button" data-testid="link-offer-leave" href="./">
                    {tr_text(|| tr!("online-link-offer-leave"))}
                </a>
            </div>
        </section>
    }
}

/// The players' chat: a short text line at a time, shown as text; it can
/// be muted.
#[component]
pub fn Chat(
    lines: RwSignal<Vec<(String, String)>>,
    muted: RwSignal<bool>,
    send: Callback<String>,
) -> impl IntoView {
    let draft = RwSignal::new(String::new());
    let submit = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let text = draft.get_untracked();
        if !text.trim().is_empty() {
            send.run(text);
            draft.set(String::new());
        }
    };
    view! {
        <section class="panel chat" data-testid="chat" aria-label=move || tr!("chat-title")>
            <h2>{tr_text(|| tr!("chat-title"))}</h2>
            <label class="toggle">
                <input type="checkbox" data-testid="chat-mute" prop:checked=move || muted.get()
                    on:change=move |event| muted.set(event_target_checked(&event))/>
                {tr_text(|| tr!("chat-mute"))}
            </label>
            // Kept in the page while hidden, so that showing it again
            // rebuilds nothing.
            <ol class="chat-lines" data-testid="chat-lines" aria-live="polite" hidden=move || muted.get()>
                {move || lines.get().into_iter().map(|(name, text)| view! {
                    <li><bdi class="chat-name">{name}</bdi>": "<bdi>{text}</bdi></li>
                }).collect_view()}
            </ol>
            <form class="chat-form" on:submit=submit>
                <input type="text" maxlength="200" dir="auto" data-testid="chat-input"
                    aria-label=move || tr!("chat-input")
                    prop:value=move || draft.get()
                    on:input=move |event| draft.set(event_target_value(&event))/>
                <button type="submit" data-testid="chat-send">{tr_text(|| tr!("chat-send"))}</button>
            </form>
        </section>
    }
}

/// Why a peer's message (or a game by link) was dropped, in the player's
/// language.
pub fn net_warning(warning: &crate::net::table::Warning) -> String {
    tr!("online-warning", { "kind" => warning.token() })
}
