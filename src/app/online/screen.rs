//! The room's screen (built into `online.html` only: see [`super`]).

use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::{Interval, Timeout};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::link::{self, Link, LinkEvent};
use super::settings::OnlineSettings;
use super::OnlineHooks;
use crate::app::i18n::errors::net_warning;
use crate::app::i18n::tr_text;
use crate::app::play::describe::side_key;
use crate::app::play::{GameScreen, Match, Session};
use crate::app::screens::forms::NameField;
use crate::app::services::browser::{
    can_share, copy_to_clipboard, fresh_id, now_ms, page_url, random_bytes, record_date, share_url,
};
use crate::engine::{Game, Rules, Side};
use crate::net::message::{Offer, Secret};
use crate::net::room::{self, RoomCode};
use crate::net::table::{outgoing, slot, Event, Presence, Role, Table, Warning, PING_MS};
use crate::net::text::clean_name;
use crate::store::{OnlineSeat, Seats};
use crate::tr;

/// How the online screen opens.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineStart {
    /// A new room for this match and game (this page plays the side whose
    /// seat is local), with a fresh code or the one given (quick pairing).
    Host(Match, Game, Option<RoomCode>),
    /// An invitation's room code.
    Join(RoomCode),
    /// A room's code, joined at once under this name if it holds a new
    /// game of these rules (quick pairing: the peer met chooses nothing
    /// else).
    JoinAs(RoomCode, String, Rules),
    /// Quick pairing for this match's rules, under the name of its local side.
    Quick(Match),
    /// A saved online game of this page's player.
    Resume(Match, Session),
    /// A saved online game that just took a game sent by link: played on
    /// by link (it connects too, should the players meet).
    ByLink(Match, Session),
}

/// The link's state, as the indicator shows it.
#[derive(Clone, Debug, PartialEq)]
enum LinkState {
    /// Fetching the network module.
    Loading,
    /// Waiting for the signalling server.
    Connecting,
    /// In the room.
    Open,
    /// Lost: trying again shortly.
    Reconnecting,
    /// The network module could not be fetched.
    Unavailable,
}

/// What the indicator says, as a token of `online-status`.
fn status_token(state: &LinkState, role: Role, presence: Presence) -> &'static str {
    match state {
        LinkState::Loading | LinkState::Connecting => "connecting",
        LinkState::Reconnecting => "reconnecting",
        LinkState::Unavailable => "unavailable",
        LinkState::Open => match (role, presence) {
            (Role::Newcomer, _) => "connecting",
            (Role::Player(_), Presence::Waiting) => "waiting",
            (_, Presence::Connected) => "connected",
            (_, _) => "away",
        },
    }
}

/// The invitation link for `code` on this page's address.
fn invitation(code: &RoomCode) -> String {
    page_url(&format!("{}{code}", room::FRAGMENT))
}

/// Shows `fragment` in the address bar without a reload (so a reload
/// returns to the room), or clears it.
fn set_fragment(fragment: Option<&str>) {
    let location = window().location();
    let path = location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
    let url = match fragment {
        Some(f) => format!("{path}{f}"),
        None => path,
    };
    if let Ok(history) = window().history() {
        let _ =
            history.replace_state_with_url(&leptos::wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// A fresh seat secret.
fn fresh_secret() -> Secret {
    Secret::from_bytes(random_bytes::<16>())
}

/// A fresh room code.
fn fresh_code() -> RoomCode {
    RoomCode::from_bytes(random_bytes::<10>())
}

/// The online screen.
#[component]
pub fn OnlineScreen(
    start: OnlineStart,
    on_new_game: Callback<()>,
    /// Opens another online start (quick pairing found a room).
    on_start: Callback<OnlineStart>,
) -> impl IntoView {
    let settings = OnlineSettings::load();
    let now = now_ms();
    let join_as = match &start {
        OnlineStart::JoinAs(_, name, _) => Some(name.clone()),
        _ => None,
    };
    // Playing by link: moves are open without the opponent connected.
    let by_link = RwSignal::new(matches!(start, OnlineStart::ByLink(..)));
    // The room, the table and the library entry of this page's game.
    let (code, table, session) = match start {
        OnlineStart::Host(m, game, code) => {
            let code = code.unwrap_or_else(fresh_code);
            let side = m.seats.hands_side().unwrap_or(Side::First);
            let secret = fresh_secret();
            let date = record_date(now);
            let table = Table::host(
                game.clone(),
                side,
                m.name(side).to_owned(),
                secret.clone(),
                date.clone(),
            );
            let mut session = Session::new(game, fresh_id(), now, date);
            session.online = Some(OnlineSeat {
                room: code.clone(),
                secret: secret.clone(),
                opponent: None,
                host: true,
            });
            (code, table, Some(session))
        }
        OnlineStart::Resume(m, session) | OnlineStart::ByLink(m, session) => {
            let seat = session.online.clone().unwrap_or(OnlineSeat {
                room: fresh_code(),
                secret: fresh_secret(),
                opponent: None,
                host: true,
            });
            let side = m.seats.hands_side().unwrap_or(Side::First);
            let table = Table::resume(
                session.game.clone(),
                side,
                [m.first.clone(), m.second.clone()],
                (seat.secret.clone(), seat.opponent.clone()),
                session.date.clone(),
                seat.host,
            );
            (seat.room, table, Some(session))
        }
        OnlineStart::Join(code) => (code, Table::newcomer(), None),
        OnlineStart::JoinAs(code, _, rules) => (code, Table::paired(rules), None),
        OnlineStart::Quick(m) => {
            return view! { <QuickPairing game=m on_start=on_start on_new_game=on_new_game/> }
                .into_any();
        }
    };
    set_fragment(Some(&format!("{}{code}", room::FRAGMENT)));
    let table = RwSignal::new(table);
    // The library entry: its id and start survive seat changes; a rematch
    // is a new entry.
    let entry = StoredValue::new(session.map(|s| (s.id, s.created, s.date)));
    let generation = RwSignal::new(0u32);
    let state = RwSignal::new(LinkState::Loading);
    let warnings = RwSignal::new(Vec::<(u32, Warning)>::new());
    let warning_count = StoredValue::new(0u32);
    let chat = RwSignal::new(Vec::<(String, String)>::new());
    let chat_muted = RwSignal::new(false);
    let clock = RwSignal::new(now);
    let answered = RwSignal::new(None::<(Offer, bool)>);
    let link = StoredValue::new_local(None::<Link>);
    let qr = RwSignal::new(None::<String>);
    let retry = StoredValue::new_local(None::<Timeout>);

    let process = Callback::new(move |events: Vec<Event>| {
        link.with_value(|l| {
            if let Some(l) = l {
                for (to, text) in outgoing(&events) {
                    match to {
                        Some(peer) => l.send(&peer, &text),
                        None => l.broadcast(&text),
                    }
                }
            }
        });
        for event in events {
            match event {
                Event::Warn(w) => {
                    let n = warning_count.get_value() + 1;
                    warning_count.set_value(n);
                    warnings.update(|list| {
                        list.push((n, w));
                        let excess = list.len().saturating_sub(3);
                        list.drain(..excess);
                    });
                }
                Event::Chat { name, text } => chat.update(|lines| {
                    lines.push((name, text));
                    let excess = lines.len().saturating_sub(50);
                    lines.drain(..excess);
                }),
                Event::Answered(offer, accept) => answered.set(Some((offer, accept))),
                Event::Rematch => {
                    let now = now_ms();
                    entry.set_value(Some((fresh_id(), now, record_date(now))));
                    generation.update(|g| *g += 1);
                }
                _ => {}
            }
        }
    });
    let act = move |f: &dyn Fn(&mut Table) -> Vec<Event>| {
        if let Some(events) = table.try_update(|t| f(t)) {
            process.run(events);
        }
    };

    // The link: fetched, opened, and opened again after a loss. The
    // handler is kept in a stored value, so that a retry can reuse it.
    let code_value = StoredValue::new(code.clone());
    let settings_value = StoredValue::new(settings);
    let handler = StoredValue::new_local(None::<Rc<dyn Fn(LinkEvent)>>);
    let reached = StoredValue::new(false);
    let open = move || {
        if let Some(on_event) = handler.try_get_value().flatten() {
            let settings = settings_value.get_value();
            let url = room::room_url(&settings.server, &code_value.get_value());
            connect(url, settings, state, link, on_event);
        }
    };
    let on_link = move |event: LinkEvent| {
        let now = now_ms();
        match event {
            LinkEvent::Id(id) => {
                table.update(|t| t.set_id(id));
                state.set(LinkState::Open);
                reached.set_value(true);
            }
            LinkEvent::Peer(peer) => act(&|t| t.connected(peer.clone(), now)),
            LinkEvent::Left(peer) => act(&|t| t.disconnected(&peer, now)),
            LinkEvent::Message(peer, text) => act(&|t| t.receive(&peer, &text, now)),
            LinkEvent::Closed(_) => {
                // Never reached the server: no network (or no server) — say
                // so, and keep trying.
                state.set(if reached.get_value() {
                    LinkState::Reconnecting
                } else {
                    LinkState::Unavailable
                });
                table.update(Table::forget_peers);
                reopen_later(link, retry, open);
            }
        }
    };
    handler.set_value(Some(Rc::new(on_link)));
    open();
    // The invitation's QR code, drawn by the network module.
    let invitation_url = invitation(&code);
    spawn_local(async move {
        if let Ok(net) = link::load().await {
            let _ = qr.try_set(Some(link::qr_svg(&net, &invitation_url)));
        }
    });

    // The heartbeat and the indicator's clock.
    let ticks = StoredValue::new(0u32);
    let heartbeat = Interval::new(1_000, move || {
        let now = now_ms();
        clock.set(now);
        let n = ticks.get_value() + 1;
        ticks.set_value(n);
        if f64::from(n) * 1_000.0 >= PING_MS {
            ticks.set_value(0);
            act(&|t| t.tick(now));
            // A network module that stopped inside is noticed here.
            link.with_value(|l| {
                if let Some(l) = l {
                    l.check();
                }
            });
        }
    });
    StoredValue::new_local(heartbeat);
    // Closing the tab says goodbye (matchbox does not tell peers at once).
    let goodbye = EventListener::new(&window(), "pagehide", move |_| {
        let bye = table.with_untracked(Table::bye);
        process.run(vec![bye]);
    });
    StoredValue::new_local(goodbye);
    on_cleanup(move || {
        if let Some(bye) = table.try_with_untracked(Table::bye) {
            process.run(vec![bye]);
        }
        link.set_value(None);
        retry.set_value(None);
        set_fragment(None);
    });

    let role = Memo::new(move |_| table.with(|t| t.role));
    if let Some(name) = join_as {
        // Quick pairing: the seat offered is taken at once.
        Effect::new(move |_| {
            if matches!(role.get(), Role::Invited(_)) {
                let secret = fresh_secret();
                act(&|t| t.join(name.clone(), secret.clone()));
            }
        });
    }
    let status = move || {
        let presence = table.with(|t| t.presence(clock.get()));
        status_token(&state.get(), role.get(), presence)
    };
    let hooks = OnlineHooks {
        table,
        send: process,
        by_link,
    };
    // The game screen is built again when the seats change (a newcomer
    // joined, the opponent bound, a rematch): its names, hands and entry.
    let seating = Memo::new(move |_| {
        table.with(|t| {
            (
                t.role,
                t.names.clone(),
                t.opponent_secret.is_some(),
                generation.get(),
            )
        })
    });
    let game_view = move || {
        // (The binding and the generation only rebuild the screen.)
        let (role, names, _bound, _generation) = seating.get();
        let side = match role {
            Role::Player(side) => Some(side),
            Role::Spectator => None,
            Role::Newcomer | Role::Invited(_) => return None,
        };
        let game = table.with_untracked(|t| t.game.clone());
        let rules = *game.rules();
        // A player's seats as saved; the game screen opens its hands once
        // both seats are taken (or play goes by link).
        let seats = side.map_or(Seats::SPECTATOR, Seats::online);
        let game_match = Match {
            rules,
            first: names[0].clone(),
            second: names[1].clone(),
            seats,
        };
        let (id, created, date) = entry
            .get_value()
            .unwrap_or_else(|| (fresh_id(), now_ms(), record_date(now_ms())));
        if side.is_some() && entry.with_value(Option::is_none) {
            entry.set_value(Some((id.clone(), created, date.clone())));
        }
        let mut session = Session::new(game, id, created, date);
        session.flipped = side == Some(Side::Second);
        session.online = side.and_then(|_| {
            table.with_untracked(|t| {
                Some(OnlineSeat {
                    room: code_value.get_value(),
                    secret: t.secret.clone()?,
                    opponent: t.opponent_secret.clone(),
                    host: t.hosting,
                })
            })
        });
        let on_rematch = Callback::new(move |_: Match| act(&|t| t.offer(Offer::Rematch)));
        Some(view! {
            <GameScreen game=game_match session=session on_new_game=on_new_game on_rematch=on_rematch online=hooks/>
        })
    };

    view! {
        <div class="online-screen" data-testid="online-screen">
            <section class="panel online-bar" aria-label=move || tr!("online-title")>
                <p class="connection" data-testid="connection" data-status=status role="status">
                    <span class="dot" aria-hidden="true"></span>
                    {move || tr!("online-status", { "status" => status() })}
                </p>
                {move || {
                    let count = table.with(Table::watchers);
                    (count > 0).then(|| view! {
                        <p class="watchers" data-testid="watchers">{move || tr!("online-watchers", { "count" => count })}</p>
                    })
                }}
                {move || (role.get() == Role::Spectator).then(|| view! {
                    <p class="watching" data-testid="watching">{tr_text(|| tr!("online-watching"))}</p>
                })}
                {move || table.with(Table::other_version).map(|v| view! {
                    <p class="notice warning" data-testid="online-version">{move || tr!("online-version", { "version" => v })}</p>
                })}
                {move || (state.get() == LinkState::Unavailable).then(|| view! {
                    <p class="notice warning" data-testid="online-unavailable">{tr_text(|| tr!("online-unavailable"))}</p>
                })}
                <Invitation table=table code=code.clone() qr=qr/>
                <ByLink table=table code=code.clone() active=by_link clock=clock/>
                <Offers table=table answered=answered act=Callback::new(move |accept: bool| act(&|t| t.answer(accept)))/>
                <div class="online-warnings" aria-live="polite">
                    <For each=move || warnings.get() key=|(n, _)| *n let((_, warning))>
                        <p class="notice warning" data-testid="online-warning">{move || net_warning(&warning)}</p>
                    </For>
                </div>
            </section>
            <JoinForm table=table act=Callback::new(move |name: String| {
                let secret = fresh_secret();
                act(&|t| t.join(name.clone(), secret.clone()));
            })/>
            {game_view}
            {move || matches!(role.get(), Role::Player(_)).then(|| view! {
                <Chat lines=chat muted=chat_muted send=Callback::new(move |text: String| act(&|t| t.chat(&text)))/>
            })}
        </div>
    }
    .into_any()
}

/// Fetches the network module and opens the link to `url` (a room or the
/// quick-pairing queue), reporting to `on_event`; a screen that closed
/// meanwhile drops it at once.
fn connect(
    url: String,
    settings: OnlineSettings,
    state: RwSignal<LinkState>,
    link: StoredValue<Option<Link>, LocalStorage>,
    on_event: Rc<dyn Fn(LinkEvent)>,
) {
    spawn_local(async move {
        let Ok(net) = link::load().await else {
            let _ = state.try_set(LinkState::Unavailable);
            return;
        };
        let Some(before) = state.try_get_untracked() else {
            return; // the screen is gone
        };
        if before != LinkState::Unavailable {
            state.set(LinkState::Connecting);
        }
        let opened = Link::open(&net, &settings.endpoint(url), move |event| on_event(event));
        let _ = link.try_set_value(Some(opened));
    });
}

/// Opens the link again in two seconds: the old one is dropped then, not
/// inside its own callback.
fn reopen_later(
    link: StoredValue<Option<Link>, LocalStorage>,
    retry: StoredValue<Option<Timeout>, LocalStorage>,
    open: impl Fn() + 'static,
) {
    let again = Timeout::new(2_000, move || {
        link.set_value(None);
        open();
    });
    retry.set_value(Some(again));
}

/// The invitation link while the other seat is free: copy, share, and a
/// QR code for a phone across the table.
#[component]
fn Invitation(
    table: RwSignal<Table>,
    code: RoomCode,
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
    code: RoomCode,
    active: RwSignal<bool>,
    clock: RwSignal<f64>,
) -> impl IntoView {
    use crate::engine::Record;
    use crate::store::share;
    let copied = RwSignal::new(false);
    let shown = Memo::new(move |_| {
        table.with(|t| t.side().is_some() && t.presence(clock.get()) != Presence::Connected)
    });
    let code = StoredValue::new(code);
    let url = move || {
        table.with(|t| {
            let side = t.side()?;
            let mut record = Record::new(t.game.clone());
            record.first.clone_from(&t.names[0]);
            record.second.clone_from(&t.names[1]);
            let fragment = room::move_fragment(&code.get_value(), side, &share::encode(&record));
            Some(page_url(&fragment))
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
        {move || table.with(|t| t.pending).map(|(offer, _)| view! {
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
        {move || table.with(|t| t.offered).map(|offer| view! {
            <p class="notice" data-testid="offer-waiting">{move || tr!("online-offer-waiting", { "offer" => token(offer) })}</p>
        })}
        {move || answered.get().filter(|_| table.with(|t| t.offered.is_none())).map(|(_, accept)| view! {
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
fn JoinForm(table: RwSignal<Table>, act: Callback<String>) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let invited = Memo::new(move |_| match table.with(|t| t.role) {
        Role::Invited(side) => Some(side),
        _ => None,
    });
    move || {
        invited.get().map(|side| {
            let (host, variant) = table.with_untracked(|t| {
                (t.names[slot(side.opponent())].clone(), t.game.rules().variant)
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
                    <NameField id="join-name" testid="join-name" value=name/>
                    <div class="actions">
                        <button type="submit" class="primary" data-testid="join">{tr_text(|| tr!("online-join"))}</button>
                        <button type="button" data-testid="watch" on:click=move |_| table.update(|t| t.role = Role::Spectator)>
                            {tr_text(|| tr!("online-watch"))}
                        </button>
                    </div>
                </form>
            }
        })
    }
}

/// The players' chat: a short text line at a time, shown as text; it can
/// be muted.
#[component]
fn Chat(
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

/// Quick pairing: waits in the signalling server's queue for this game
/// (matchbox's `?next=2`) until one other player arrives; the one of the
/// two whose peer id sorts first makes a private room, draws the sides and
/// sends its code; both then move into that room (a reload in the queue
/// would pair with someone else).
#[component]
fn QuickPairing(
    game: Match,
    on_start: Callback<OnlineStart>,
    on_new_game: Callback<()>,
) -> impl IntoView {
    use crate::net::message::{decode, encode, Message};
    let settings = OnlineSettings::load();
    let variant = game.rules.variant;
    let name = game
        .name(game.seats.hands_side().unwrap_or(Side::First))
        .to_owned();
    let state = RwSignal::new(LinkState::Loading);
    let link = StoredValue::new_local(None::<Link>);
    let me = StoredValue::new(None::<String>);
    let paired = StoredValue::new(false);
    let game = StoredValue::new(game);
    let name = StoredValue::new(name);
    // Moving into the room happens after this callback returns (the queue's
    // link is dropped with this screen, never inside its own callback).
    let pending = StoredValue::new_local(None::<Timeout>);
    let go = move |start: OnlineStart, delay: u32| {
        let later = Timeout::new(delay, move || on_start.run(start));
        pending.set_value(Some(later));
    };
    // The first of the two peer ids makes the room and draws the sides.
    let decide = move |peer: String| {
        let first = me.with_value(|m| m.as_deref().is_some_and(|m| m < peer.as_str()));
        if !first || paired.get_value() {
            return;
        }
        paired.set_value(true);
        let code = fresh_code();
        let message = encode(&Message::Pair { room: code.clone() });
        link.with_value(|l| {
            if let Some(l) = l {
                l.send(&peer, &message);
            }
        });
        let side = if random_bytes::<1>()[0] & 1 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mine = name.get_value();
        let m = game.with_value(|g| {
            let mut names = [String::new(), String::new()];
            names[slot(side)] = mine;
            Match {
                rules: g.rules,
                first: names[0].clone(),
                second: names[1].clone(),
                seats: Seats::online(side),
            }
        });
        // Give the message a moment to leave before the queue closes.
        go(
            OnlineStart::Host(m.clone(), Game::new(m.rules), Some(code)),
            300,
        );
    };
    // A peer met before the server gave this page its id waits for it.
    let early = StoredValue::new(None::<String>);
    let handler = StoredValue::new_local(None::<Rc<dyn Fn(LinkEvent)>>);
    let retry = StoredValue::new_local(None::<Timeout>);
    let url = StoredValue::new(room::queue_url(&settings.server, variant.token()));
    let settings = StoredValue::new(settings);
    let open = move || {
        if let Some(on_event) = handler.try_get_value().flatten() {
            connect(url.get_value(), settings.get_value(), state, link, on_event);
        }
    };
    let on_event = move |event: LinkEvent| match event {
        LinkEvent::Id(id) => {
            me.set_value(Some(id));
            state.set(LinkState::Open);
            if let Some(peer) = early.try_update_value(Option::take).flatten() {
                decide(peer);
            }
        }
        LinkEvent::Peer(peer) => {
            if me.with_value(Option::is_none) {
                early.set_value(Some(peer));
            } else {
                decide(peer);
            }
        }
        LinkEvent::Message(_, text) => {
            if let Ok(Message::Pair { room: code }) = decode(&text) {
                if !paired.get_value() {
                    paired.set_value(true);
                    let rules = game.with_value(|g| g.rules);
                    go(OnlineStart::JoinAs(code, name.get_value(), rules), 0);
                }
            }
        }
        LinkEvent::Left(peer) => {
            if early.with_value(|e| e.as_deref() == Some(peer.as_str())) {
                early.set_value(None);
            }
        }
        LinkEvent::Closed(_) => {
            // Back into the queue shortly (the link is dropped then, not
            // inside its own callback).
            state.set(LinkState::Reconnecting);
            me.set_value(None);
            reopen_later(link, retry, open);
        }
    };
    handler.set_value(Some(Rc::new(on_event)));
    open();
    on_cleanup(move || link.set_value(None));
    let status = move || match state.get() {
        LinkState::Unavailable => "unavailable",
        LinkState::Reconnecting => "reconnecting",
        _ => "searching",
    };
    view! {
        <section class="panel join-form" data-testid="quick-pairing">
            <h2>{tr_text(|| tr!("online-quick"))}</h2>
            <p class="connection" data-testid="connection" data-status=status role="status">
                <span class="dot" aria-hidden="true"></span>
                {move || tr!("online-status", { "status" => status() })}
            </p>
            <p>{move || tr!("online-quick-text", { "game" => tr!("variant-name", { "variant" => variant.token() }) })}</p>
            <div class="actions">
                <button type="button" data-testid="quick-cancel" on:click=move |_| on_new_game.run(())>
                    {tr_text(|| tr!("online-cancel"))}
                </button>
            </div>
        </section>
    }
    .into_any()
}
