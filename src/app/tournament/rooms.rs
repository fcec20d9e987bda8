//! The links of an online tournament's page: one per room it is in (the
//! lobby, players' private rooms), each matchbox's, through the network
//! module ([`link`]), opened again shortly after it is lost. Everything
//! here belongs to the view that made it: links, retries and the handler
//! die with it. And the time an online page numbers its messages from
//! ([`now`]).

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::online::link::{self, Link, LinkEvent};
use crate::app::online::settings::OnlineSettings;
use crate::app::services::browser::now_ms;
use crate::net::room::{room_url, RoomCode};

/// Now, in whole milliseconds since 1970: what an online tournament's page
/// numbers its messages from (a reloaded page numbers above what it signed
/// before).
pub(super) fn now() -> u64 {
    now_ms().get()
}

/// How long a lost link waits before it is opened again.
const RETRY_MS: u32 = 2_000;

/// What a page does with what arrives from a room.
type Handler = Rc<dyn Fn(&RoomCode, LinkEvent)>;

/// A page's rooms: a link per room, each opened again shortly after it is
/// lost; what arrives goes to one handler with the room it came from.
#[derive(Clone, Copy)]
pub(super) struct Rooms {
    links: StoredValue<Vec<(RoomCode, Link)>, LocalStorage>,
    /// Each lost room's retry (one a room: a new one replaces the old).
    retries: StoredValue<Vec<(RoomCode, Timeout)>, LocalStorage>,
    handler: StoredValue<Option<Handler>, LocalStorage>,
    /// Peers connected, per room.
    pub(super) peers: RwSignal<Vec<(RoomCode, String)>>,
    /// The network module could not be fetched.
    pub(super) unavailable: RwSignal<bool>,
}

impl Rooms {
    pub(super) fn new(handler: impl Fn(&RoomCode, LinkEvent) + 'static) -> Rooms {
        let rooms = Rooms {
            links: StoredValue::new_local(Vec::new()),
            retries: StoredValue::new_local(Vec::new()),
            handler: StoredValue::new_local(Some(Rc::new(handler))),
            peers: RwSignal::new(Vec::new()),
            unavailable: RwSignal::new(false),
        };
        on_cleanup(move || {
            let _ = rooms.retries.try_set_value(Vec::new());
            let _ = rooms.handler.try_set_value(None);
            let _ = rooms.links.try_set_value(Vec::new());
        });
        rooms
    }

    fn is_open(&self, code: &RoomCode) -> bool {
        self.links
            .try_with_value(|l| l.iter().any(|(c, _)| c == code))
            .unwrap_or(true)
    }

    /// Joins `code`'s room (once).
    pub(super) fn open(self, code: RoomCode) {
        if self.is_open(&code) {
            return;
        }
        let settings = OnlineSettings::load();
        let url = room_url(&settings.server, &code);
        spawn_local(async move {
            let Ok(net) = link::load().await else {
                let _ = self.unavailable.try_set(true);
                return;
            };
            if self.is_open(&code) {
                return; // opened meanwhile, or the view is gone
            }
            let room = code.clone();
            let opened = Link::open(&net, &settings.endpoint(url), move |event| {
                self.event(&room, event);
            });
            let _ = self.links.try_update_value(|l| l.push((code, opened)));
        });
    }

    fn event(self, room: &RoomCode, event: LinkEvent) {
        match &event {
            LinkEvent::Peer(peer) => {
                let _ = self
                    .peers
                    .try_update(|p| p.push((room.clone(), peer.clone())));
            }
            LinkEvent::Left(peer) => {
                let _ = self
                    .peers
                    .try_update(|p| p.retain(|(r, q)| !(r == room && q == peer)));
            }
            LinkEvent::Closed(_) => {
                self.close_soon(room.clone());
                let again = room.clone();
                let retry = Timeout::new(RETRY_MS, move || self.open(again));
                let _ = self.retries.try_update_value(|r| {
                    r.retain(|(c, _)| c != room);
                    r.push((room.clone(), retry));
                });
            }
            _ => {}
        }
        if let Some(Some(handler)) = self.handler.try_get_value() {
            handler(room, event);
        }
    }

    /// Leaves `code`'s room once the link's callback has returned (a link
    /// is never dropped from inside its own callback).
    pub(super) fn close_soon(self, code: RoomCode) {
        spawn_local(async move { self.close(&code) });
    }

    fn close(&self, code: &RoomCode) {
        let _ = self
            .links
            .try_update_value(|l| l.retain(|(c, _)| c != code));
        let _ = self.peers.try_update(|p| p.retain(|(r, _)| r != code));
    }

    /// Is in exactly `rooms`: joins those it is not in, and leaves (soon)
    /// the others.
    pub(super) fn keep(self, rooms: &[RoomCode]) {
        for code in rooms {
            self.open(code.clone());
        }
        self.keep_only(rooms);
    }

    /// Leaves (soon) every room but those in `keep`.
    pub(super) fn keep_only(self, keep: &[RoomCode]) {
        let gone: Vec<RoomCode> = self
            .links
            .try_with_value(|l| {
                l.iter()
                    .map(|(c, _)| c.clone())
                    .filter(|c| !keep.contains(c))
                    .collect()
            })
            .unwrap_or_default();
        for code in gone {
            let _ = self
                .retries
                .try_update_value(|r| r.retain(|(c, _)| *c != code));
            self.close_soon(code);
        }
    }

    pub(super) fn send(&self, room: &RoomCode, peer: &str, text: &str) {
        self.links.with_value(|l| {
            if let Some((_, link)) = l.iter().find(|(c, _)| c == room) {
                link.send(peer, text);
            }
        });
    }

    pub(super) fn broadcast(&self, text: &str) {
        self.links.with_value(|l| {
            for (_, link) in l {
                link.broadcast(text);
            }
        });
    }
}
