//! The page's network module: matchbox's WebRTC socket behind a small
//! `Link` class (open a room, send text to a peer, close), reporting what
//! happens to a callback: `("id", me, "")`, `("peer", id, "")`,
//! `("left", id, "")`, `("message", id, text)`, `("closed", "", why)`,
//! `("refused", id, "")` (the browser would not make a connection to that
//! peer: too many in the page), `("trying", id, "")` (the peer's offer or
//! answer came: ICE looks for a path), `("unreachable", id, "")` (no path
//! to that peer was found), `("path", id, "direct 23 live")` (how a
//! connected peer is reached: `direct` or `relay`, the round trip in ms or
//! `-`, and `live` or `lost`; told when it changes), `("signal-lost", "",
//! "")` (the signalling server went away while peers stay connected).
//! matchbox's own log of its handshakes (peer events, offers, answers, ICE
//! states) and every event but a message go to the console at the debug
//! level, a bounded number of lines a page ([`trace`]): what a failing
//! end-to-end test prints of its pages, and what a player's console shows.
//! Built by Trunk as a separate wasm file (`data-type="worker"`, loaded by
//! the page with a script element when an online game starts), so the
//! first load does not carry matchbox. Natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
mod link {
    use std::cell::{Cell, RefCell};
    use std::collections::{HashMap, HashSet};
    use std::rc::Rc;

    use futures::channel::mpsc::{self, UnboundedSender};
    use futures::channel::oneshot;
    use futures::{select, FutureExt, StreamExt};
    use gloo_timers::future::TimeoutFuture;
    use matchbox_socket::{
        HandshakeNews, Packet, PathReport, PeerId, PeerState, RtcIceServerConfig, WebRtcSocket,
    };
    use wasm_bindgen::prelude::*;

    type Peers = Rc<RefCell<HashMap<String, PeerId>>>;

    /// An open room: the socket's loop runs until `close` or the end.
    #[wasm_bindgen]
    pub struct Link {
        sender: UnboundedSender<(PeerId, Packet)>,
        /// Peers to close, to the socket's loop.
        closing: UnboundedSender<PeerId>,
        peers: Peers,
        stop: Option<oneshot::Sender<()>>,
        /// When the socket's loop last went round (it does at least once a
        /// second): a loop that stopped going round is a dead module.
        beat: Rc<Cell<f64>>,
    }

    /// The loop's longest wait without news.
    const BEAT_MS: u32 = 1_000;

    /// Departed peers remembered (to drop their late messages), at most.
    const MAX_DEPARTED: usize = 1_024;

    /// `peer` is here (connected, or it sent a message): told once, unless
    /// it has departed. Whether it is here.
    fn arrived(
        known: &Peers,
        departed: &RefCell<HashSet<PeerId>>,
        peer: PeerId,
        on_event: &js_sys::Function,
    ) -> bool {
        if departed.borrow().contains(&peer) {
            return false;
        }
        let id = peer.to_string();
        if known.borrow().contains_key(&id) {
            return true;
        }
        known.borrow_mut().insert(id.clone(), peer);
        emit(on_event, "peer", &id, "");
        true
    }

    /// A path report as the page reads it: `direct 23 live`, `relay - lost`.
    fn path_text(report: &PathReport) -> String {
        let kind = if report.pair.is_relayed() {
            "relay"
        } else {
            "direct"
        };
        let rtt = report
            .round_trip_ms
            .map_or_else(|| "-".to_owned(), |ms| ms.to_string());
        let state = if report.lost { "lost" } else { "live" };
        format!("{kind} {rtt} {state}")
    }

    fn emit(on_event: &js_sys::Function, kind: &str, peer: &str, text: &str) {
        if kind != "message" {
            log::debug!("event {kind} {peer} {text}");
        }
        let _ = on_event.call3(
            &JsValue::NULL,
            &JsValue::from_str(kind),
            &JsValue::from_str(peer),
            &JsValue::from_str(text),
        );
    }

    #[wasm_bindgen]
    impl Link {
        /// Joins the room at `url` (`ws://host:port/room`), with these
        /// STUN/TURN addresses (none on loopback), reporting to `on_event`.
        #[wasm_bindgen(constructor)]
        pub fn new(
            url: String,
            ice: Vec<String>,
            username: Option<String>,
            credential: Option<String>,
            on_event: js_sys::Function,
        ) -> Link {
            let (mut socket, message_loop) = WebRtcSocket::builder(url)
                .ice_server(RtcIceServerConfig {
                    urls: ice,
                    username,
                    credential,
                })
                .add_reliable_channel()
                .build();
            let (sender, mut receiver) = match socket.take_channel(0) {
                Ok(channel) => channel.split(),
                Err(_) => unreachable!("the socket was built with one channel"),
            };
            let peers: Peers = Rc::default();
            let (stop, stopped) = oneshot::channel::<()>();
            let known = peers.clone();
            let departed: Rc<RefCell<HashSet<PeerId>>> = Rc::default();
            let beat = Rc::new(Cell::new(js_sys::Date::now()));
            let beating = beat.clone();
            let (closing, mut to_close) = mpsc::unbounded::<PeerId>();
            wasm_bindgen_futures::spawn_local(async move {
                let mut message_loop = message_loop.fuse();
                let mut stopped = stopped.fuse();
                let mut id_told = false;
                loop {
                    beating.set(js_sys::Date::now());
                    // Until the server gives our id, look for it often.
                    let mut wait = if id_told {
                        TimeoutFuture::new(BEAT_MS).fuse()
                    } else {
                        TimeoutFuture::new(20).fuse()
                    };
                    select! {
                        // The news of a connection and the messages come
                        // on two streams, either first: a peer is told once,
                        // before its first message (and the page's answers
                        // to that message reach it), and a peer gone stays
                        // gone (ids are never used twice).
                        change = socket.next().fuse() => match change {
                            Some((peer, PeerState::Connected)) => {
                                arrived(&known, &departed, peer, &on_event);
                            }
                            Some((peer, PeerState::Disconnected)) => {
                                let id = peer.to_string();
                                if known.borrow_mut().remove(&id).is_some() {
                                    emit(&on_event, "left", &id, "");
                                }
                                let mut gone = departed.borrow_mut();
                                if gone.len() >= MAX_DEPARTED {
                                    gone.clear();
                                }
                                gone.insert(peer);
                            }
                            None => {
                                emit(&on_event, "closed", "", "socket");
                                break;
                            }
                        },
                        message = receiver.next() => match message {
                            Some((peer, packet)) => {
                                if arrived(&known, &departed, peer, &on_event) {
                                    let text = String::from_utf8_lossy(&packet);
                                    emit(&on_event, "message", &peer.to_string(), &text);
                                }
                            }
                            None => {
                                emit(&on_event, "closed", "", "channel");
                                break;
                            }
                        },
                        result = message_loop => {
                            let why = match result {
                                Ok(()) => "ended".to_owned(),
                                Err(e) => format!("{e}"),
                            };
                            emit(&on_event, "closed", "", &why);
                            break;
                        }
                        close = to_close.next() => {
                            if let Some(peer) = close {
                                socket.close_peer(peer);
                            }
                        }
                        _ = stopped => break,
                        () = wait => {}
                    }
                    for peer in socket.refused_peers() {
                        emit(&on_event, "refused", &peer.to_string(), "");
                    }
                    if socket.signalling_lost() {
                        emit(&on_event, "signal-lost", "", "");
                    }
                    for (peer, news) in socket.handshake_news() {
                        let kind = match news {
                            HandshakeNews::Started => "trying",
                            HandshakeNews::Unreachable => "unreachable",
                        };
                        emit(&on_event, kind, &peer.to_string(), "");
                    }
                    for (peer, report) in socket.paths() {
                        let id = peer.to_string();
                        if known.borrow().contains_key(&id) {
                            emit(&on_event, "path", &id, &path_text(&report));
                        }
                    }
                    if !id_told {
                        if let Some(id) = socket.id() {
                            id_told = true;
                            emit(&on_event, "id", &id.to_string(), "");
                        }
                    }
                }
                socket.close();
                // Ended (closed, or the server went away): not a dead module.
                beating.set(f64::INFINITY);
            });
            Link {
                sender,
                closing,
                peers,
                stop: Some(stop),
                beat,
            }
        }

        /// Throws when the socket's loop has not gone round for a while (the
        /// module stopped inside: the page opens the room again with a fresh
        /// copy of it).
        pub fn check(&self) {
            if js_sys::Date::now() - self.beat.get() > 10.0 * f64::from(BEAT_MS) {
                wasm_bindgen::throw_str("the network module's loop stopped");
            }
        }

        /// Sends `text` to `peer` (a peer not connected is skipped).
        pub fn send(&self, peer: &str, text: &str) {
            if let Some(id) = self.peers.borrow().get(peer) {
                let _ = self
                    .sender
                    .unbounded_send((*id, Packet::from(text.as_bytes().to_vec())));
            }
        }

        /// Sends `text` to every connected peer.
        pub fn broadcast(&self, text: &str) {
            for id in self.peers.borrow().values() {
                let _ = self
                    .sender
                    .unbounded_send((*id, Packet::from(text.as_bytes().to_vec())));
            }
        }

        /// Closes the connection to `peer` (silent, refused, or over its
        /// limits): it is reported `left` and not connected to again unless
        /// it joins afresh.
        pub fn close_peer(&self, peer: &str) {
            if let Some(id) = self.peers.borrow().get(peer) {
                let _ = self.closing.unbounded_send(*id);
            }
        }

        /// Leaves the room: the socket's loop ends and its connections close.
        pub fn close(&mut self) {
            if let Some(stop) = self.stop.take() {
                let _ = stop.send(());
            }
        }
    }
}

/// The network module's memory, in bytes (what the peers' signals and
/// messages can make it grow to: the end-to-end tests check its bound).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn memory_bytes() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|memory| {
            f64::from(
                memory
                    .buffer()
                    .unchecked_into::<js_sys::ArrayBuffer>()
                    .byte_length(),
            )
        })
        .unwrap_or(0.0)
}

/// `text` as a QR code: an SVG picture (dark modules on a light square,
/// with the quiet zone), for the invitation.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn qr_svg(text: &str) -> String {
    use qrcodegen::{QrCode, QrCodeEcc};
    let Ok(code) = QrCode::encode_text(text, QrCodeEcc::Medium) else {
        return String::new();
    };
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    let side = size + 8;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    )
}

/// The network module's log: matchbox's records (and the module's own
/// events) to `console.debug`, at most [`trace::MAX_LINES`] lines a page,
/// so that a peer flooding the handshakes cannot fill the console.
#[cfg(target_arch = "wasm32")]
mod trace {
    use std::sync::atomic::{AtomicU32, Ordering};

    use log::{LevelFilter, Log, Metadata, Record};
    use wasm_bindgen::prelude::*;

    /// Lines written at most; then one line says the rest is not shown.
    pub const MAX_LINES: u32 = 3_000;

    static LINES: AtomicU32 = AtomicU32::new(0);

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = console, js_name = debug)]
        fn console_debug(text: &str);
    }

    struct Console;

    impl Log for Console {
        fn enabled(&self, _: &Metadata) -> bool {
            LINES.load(Ordering::Relaxed) <= MAX_LINES
        }

        fn log(&self, record: &Record) {
            match LINES.fetch_add(1, Ordering::Relaxed) {
                n if n < MAX_LINES => {
                    console_debug(&format!("net {} {}", record.level(), record.args()))
                }
                MAX_LINES => console_debug("net: the log is full, the rest is not shown"),
                _ => {}
            }
        }

        fn flush(&self) {}
    }

    /// Installs the log (once a page).
    pub fn install() {
        if log::set_logger(&Console).is_ok() {
            log::set_max_level(LevelFilter::Debug);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    trace::install();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
