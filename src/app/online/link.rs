//! The page's handle on the network module (`kharbga-net`, matchbox): the
//! module is fetched with a script element the first time an online game
//! starts (the first load does not carry it), then each room is a
//! [`Link`] that reports to a callback and closes when dropped. A link
//! that is closed never calls back, so the callback may die with it.

use leptos::wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
let loading = null;
export function load_net() {
  if (loading === null) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = './kharbga-net.js';
      script.onload = () => wasm_bindgen('./kharbga-net_bg.wasm').then(() => resolve(wasm_bindgen), reject);
      script.onerror = () => { loading = null; script.remove(); reject(new Error('kharbga-net')); };
      document.head.appendChild(script);
    });
  }
  return loading;
}
export function open_link(net, url, ice, username, credential, callback) {
  const handle = { live: true, link: null };
  handle.link = new net.Link(url, ice, username, credential, (kind, peer, text) => {
    if (handle.live) callback(kind, peer, text);
  });
  return handle;
}
export function net_qr(net, text) { return net.qr_svg(text); }
export function link_send(handle, peer, text) { if (handle.live) handle.link.send(peer, text); }
export function link_broadcast(handle, text) { if (handle.live) handle.link.broadcast(text); }
export function link_close(handle) {
  if (handle.live) { handle.live = false; handle.link.close(); handle.link.free(); }
}
"#)]
extern "C" {
    fn load_net() -> js_sys::Promise;
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
}

impl Drop for Link {
    fn drop(&mut self) {
        link_close(&self.handle);
    }
}
