//! Quick pairing (*Play a stranger*): the page waits in the signalling
//! server's queue for its game until one other player arrives, then both
//! move into a private room. The peer met there chooses the room and
//! nothing else: the page that joins takes only a new game of its queue's
//! rules (`Table::paired`).

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use super::link::{Link, LinkEvent};
use super::room::{Connection, LinkState};
use super::settings::OnlineSettings;
use super::start::{fresh_key, OnlineStart};
use crate::app::i18n::tr_text;
use crate::app::play::Match;
use crate::app::services::browser::random_bytes;
use crate::engine::{Game, Side};
use crate::net::room;
use crate::net::table::slot;
use crate::store::Seats;
use crate::tr;

/// Quick pairing: waits in the signalling server's queue for this game
/// (matchbox's `?next=2`) until one other player arrives; the one of the
/// two whose peer id sorts first makes a private room, draws the sides and
/// sends its code; both then move into that room (a reload in the queue
/// would pair with someone else).
#[component]
pub fn QuickPairing(
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
        let key = fresh_key();
        let message = encode(&Message::Pair { host: key.public() });
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
                clock: None,
            }
        });
        // Give the message a moment to leave before the queue closes.
        go(
            OnlineStart::Host(m.clone(), Game::new(m.rules), Some(key)),
            300,
        );
    };
    // A peer met before the server gave this page its id waits for it.
    let early = StoredValue::new(None::<String>);
    let url = room::queue_url(&settings.server, variant.token());
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
            if let Ok(Message::Pair { host }) = decode(&text) {
                if !paired.get_value() {
                    paired.set_value(true);
                    let rules = game.with_value(|g| g.rules);
                    go(OnlineStart::JoinAs(host, name.get_value(), rules), 0);
                }
            }
        }
        LinkEvent::Left(peer) => {
            if early.with_value(|e| e.as_deref() == Some(peer.as_str())) {
                early.set_value(None);
            }
        }
        LinkEvent::Closed(_) => {
            // Back into the queue shortly (the connection opens again).
            state.set(LinkState::Reconnecting);
            me.set_value(None);
        }
        // (The pairing is over in a message: paths do not matter here.)
        LinkEvent::Trying(_)
        | LinkEvent::Unreachable(_)
        | LinkEvent::Path(..)
        | LinkEvent::SignalLost => {}
    };
    Connection::start(url, settings, state, link, on_event);
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
