//! The page's handle on the network module (`kharbga-net`, matchbox): the
//! module is fetched with a script element the first time an online game
//! starts (the first load does not carry it), then each room is a
//! [`Link`] that reports to a callback and closes when dropped. A link
//! that is closed never calls back, so the callback may die with it.

use leptos::wasm_bindgen::prelude::*;

use crate::net::room::PeerPath;

#[wasm_bindgen(inline_js = r#"
let loading = null;
let script = null;
export function load_net() {
  if (loading === null) {
    loading = new Promise((resolve, reject) => {
      script = document.createElement('script');
      script.src = './kharbga-net.js';
      script.onload = () => wasm_bindgen({ module_or_path: './kharbga-net_bg.wasm' })
        .then(() => resolve(wasm_bindgen), reject);
      script.onerror = () => { loading = null; script.remove(); reject(new Error('kharbga-net')); };
      document.head.appendChild(script);
    });
  }
  return loading;
}
// A module that failed inside (a trap) is not used again: the next room
// loads a fresh copy of it.
function dead(handle, error) {
  if (!handle.live) return;
  handle.live = false;
  if (script !== null) { script.remove(); script = null; }
  loading = null;
  console.warn('the network module stopped; the room is opened again', error);
  handle.callback('closed', '', 'dead');
}
export function open_link(net, url, ice, username, credential, callback) {
  const handle = { live: true, link: null, callback };
  try {
    handle.link = new net.Link(url, ice, username, credential, (kind, peer, text) => {
      if (!handle.live) return;
      if (kind === 'refused') {
        // The browser made no connection to a peer (the page holds too many,
        // closed ones included until they are collected): the room is left,
        // which closes every connection of this link, and opened again.
        link_close(handle);
        callback('closed', '', 'refused');
        return;
      }
      callback(kind, peer, text);
    });
  } catch (error) {
    setTimeout(() => dead(handle, error), 0);
  }
  return handle;
}
// Whether the signalling server at `url` takes a WebSocket now (opened and
// closed at once; false after 3 s or an error).
export function probe_signal(url) {
  return new Promise((resolve) => {
    let socket;
    try { socket = new WebSocket(url); } catch (error) { resolve(false); return; }
    const give_up = setTimeout(() => { socket.close(); resolve(false); }, 3000);
    socket.onopen = () => { clearTimeout(give_up); socket.close(); resolve(true); };
    socket.onerror = () => { clearTimeout(give_up); resolve(false); };
  });
}
export function net_qr(net, text) { try { return net.qr_svg(text); } catch (error) { return ''; } }
export function link_send(handle, peer, text) {
  if (!handle.live) return;
  try { handle.link.send(peer, text); } catch (error) { dead(handle, error); }
}
export function link_broadcast(handle, text) {
  if (!handle.live) return;
  try { handle.link.broadcast(text); } catch (error) { dead(handle, error); }
}
export function link_close_peer(handle, peer) {
  if (!handle.live) return;
  try { handle.link.close_peer(peer); } catch (error) { dead(handle, error); }
}
export function link_alive(handle) {
  // A hidden page's timers are slowed down: only a visible page judges.
  if (!handle.live || document.hidden) return;
  try { handle.link.check(); } catch (error) { dead(handle, error); }
}
export function link_close(handle) {
  if (!handle.live) return;
  handle.live = false;
  try { handle.link.close(); handle.link.free(); } catch (error) { /* already dead */ }
}
"#)]
extern "C" {
    fn load_net() -> js_sys::Promise;
    fn probe_signal(url: &str) -> js_sys::Promise;
    fn open_link(
        net: &JsValue,
        url: &str,
        ice: Vec<String>,
        username: Option<String>,
        credential: Option<String>,
        callback: &js_sys::Function,
    ) -> JsValue;
    fn net_qr(net: &JsValue, text: &str) -> String;
    fn link_send(handle: &JsValue, peer: &str, text: &str);
    fn link_broadcast(handle: &JsValue, text: &str);
    fn link_close_peer(handle: &JsValue, peer: &str);
    fn link_alive(handle: &JsValue);
    fn link_close(handle: &JsValue);
}

/// What the network module reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// The signalling server gave this page its id.
    Id(String),
    /// A peer's data channel is open.
    Peer(String),
    /// A peer left.
    Left(String),
    /// A message from a peer.
    Message(String, String),
    /// A peer's offer or answer came: ICE looks for a path to it.
    Trying(String),
    /// No path to that peer was found (no relay, or a NAT in the way).
    Unreachable(String),
    /// How a connected peer is reached now.
    Path(String, PeerPath),
    /// The signalling server went away while peers stay connected (their
    /// connections go on; nobody new gets in until the link is opened
    /// again).
    SignalLost,
    /// The socket closed (the server is unreachable or went away).
    Closed(String),
}

/// Where and how to connect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// The room's address on the signalling server.
    pub url: String,
    /// STUN/TURN addresses.
    pub ice: Vec<String>,
    /// TURN user name.
    pub username: Option<String>,
    /// TURN credential.
    pub credential: Option<String>,
}

/// Whether the signalling server takes a connection at `url` now.
pub async fn signal_reachable(url: &str) -> bool {
    wasm_bindgen_futures::JsFuture::from(probe_signal(url))
        .await
        .ok()
        .and_then(|answer| answer.as_bool())
        .unwrap_or(false)
}

/// The browser's `navigator.connection` (Chromium's, on Android and
/// desktops), which says when the device's kind of network changes.
pub fn network_information() -> Option<web_sys::EventTarget> {
    let navigator = leptos::prelude::window().navigator();
    js_sys::Reflect::get(&navigator, &JsValue::from_str("connection"))
        .ok()
        .and_then(|c| c.dyn_into::<web_sys::EventTarget>().ok())
}

/// That connection's type (`wifi`, `cellular`…; none on a desktop).
pub fn connection_type(connection: &web_sys::EventTarget) -> Option<String> {
    js_sys::Reflect::get(connection, &JsValue::from_str("type"))
        .ok()
        .and_then(|t| t.as_string())
}

/// Fetches the network module (once per page).
///
/// # Errors
/// When the files cannot be fetched (offline, a broken deployment).
pub async fn load() -> Result<JsValue, JsValue> {
    wasm_bindgen_futures::JsFuture::from(load_net()).await
}

/// `text` as a QR code (SVG), drawn by the loaded module `net`.
pub fn qr_svg(net: &JsValue, text: &str) -> String {
    net_qr(net, text)
}

/// An open room.
pub struct Link {
    handle: JsValue,
    _callback: Closure<dyn Fn(String, String, String)>,
}

impl Link {
    /// Joins `endpoint`'s room with the loaded module `net`.
    pub fn open(
        net: &JsValue,
        endpoint: &Endpoint,
        on_event: impl Fn(LinkEvent) + 'static,
    ) -> Link {
        let callback = Closure::<dyn Fn(String, String, String)>::new(
            move |kind: String, peer: String, text: String| {
                let event = match kind.as_str() {
                    "id" => LinkEvent::Id(peer),
                    "peer" => LinkEvent::Peer(peer),
                    "left" => LinkEvent::Left(peer),
                    "message" => LinkEvent::Message(peer, text),
                    "trying" => LinkEvent::Trying(peer),
                    "unreachable" => LinkEvent::Unreachable(peer),
                    "signal-lost" => LinkEvent::SignalLost,
                    "path" => match PeerPath::parse(&text) {
                        Some(path) => LinkEvent::Path(peer, path),
                        None => return,
                    },
                    _ => LinkEvent::Closed(text),
                };
                on_event(event);
            },
        );
        let handle = open_link(
            net,
            &endpoint.url,
            endpoint.ice.clone(),
            endpoint.username.clone(),
            endpoint.credential.clone(),
            callback.as_ref().unchecked_ref(),
        );
        Link {
            handle,
            _callback: callback,
        }
    }

    /// Sends `text` to one peer.
    pub fn send(&self, peer: &str, text: &str) {
        link_send(&self.handle, peer, text);
    }

    /// Sends `text` to every peer.
    pub fn broadcast(&self, text: &str) {
        link_broadcast(&self.handle, text);
    }

    /// Closes the connection to one peer (it never introduced itself, or was
    /// refused): it is reported as left.
    pub fn close_peer(&self, peer: &str) {
        link_close_peer(&self.handle, peer);
    }

    /// Checks that the module's task still runs (the heartbeat asks): a
    /// module that stopped reports `Closed` and the room is opened again
    /// with a fresh copy of it.
    pub fn check(&self) {
        link_alive(&self.handle);
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        link_close(&self.handle);
    }
}
