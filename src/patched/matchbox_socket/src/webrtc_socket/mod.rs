//! The webrtc_socket module provides a unified API for dealing with WebRtc on both native and wasm
//! builds. This common API only implements behaviors needed by the rest of matchbox_socket: it is
//! not a general WebRtc abstraction.

pub mod error;
mod messages;
mod signal_peer;
mod socket;

use self::error::SignalingError;
use crate::{Error, webrtc_socket::signal_peer::SignalPeer};
use async_trait::async_trait;
use bytes::Bytes;
use cfg_if::cfg_if;
use futures::{
    Future, FutureExt, StreamExt,
    future::Either,
    stream::{FusedStream, FuturesUnordered},
};
use futures_util::future::{AbortHandle, AbortRegistration, Abortable};
use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender};
use futures_timer::Delay;
use futures_util::select;
use log::{debug, error, warn};
use matchbox_protocol::PeerId;
pub use messages::*;
pub(crate) use socket::MessageLoopChannels;
pub use socket::{
    CandidatePair, CandidateType, ChannelConfig, HandshakeNews, PathReport, PeerState,
    RtcIceServerConfig, WebRtcChannel, WebRtcSocket, WebRtcSocketBuilder,
};
use std::{collections::HashMap, pin::Pin, time::Duration};

/// How long a handshake may take before it is given up and its peer
/// forgotten (ICE gathering through STUN and TURN can take several seconds;
/// a peer that never answers must not hold a connection for ever).
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a handshake waits for the peer's offer or answer. An honest peer
/// sends it as soon as its ICE gathering is complete (well under a second on
/// a local network, a few seconds through STUN); a peer that never sends it
/// holds a handshake slot and a connection for nothing.
const DESCRIPTION_TIMEOUT: Duration = Duration::from_secs(10);

/// At most this many handshakes at once. A new peer past the limit does not
/// wait: the oldest handshake still waiting for its peer's offer or answer
/// (or, failing that, the oldest) is given up to make room. A peer cannot be
/// told apart from another before its handshake, so no crowd of strangers
/// that join and stay silent may keep the next peer (a player coming back,
/// say) from connecting.
const MAX_HANDSHAKES: usize = 32;

/// Handshakes started with one peer id, at most: a peer whose handshakes
/// fail (a refused description, a description that never comes) cannot
/// start new ones for ever.
const MAX_ATTEMPTS: u8 = 3;

/// The signals kept of one peer, at most, in count and in bytes; one signal
/// at most [`MAX_SIGNAL_BYTES`]; and of all peers together, in bytes. An
/// honest peer sends one description and a few ICE candidates (a few
/// kilobytes in all); whatever a peer sends past its allowance is dropped.
const PEER_SIGNALS: usize = 64;
const PEER_SIGNAL_BYTES: usize = 64 * 1024;
const MAX_SIGNAL_BYTES: usize = 16 * 1024;
const ALL_SIGNAL_BYTES: usize = 2 * 1024 * 1024;

/// Peers whose attempts are remembered, at most (then the record starts
/// afresh: the memory it takes is bounded).
const MAX_REMEMBERED: usize = 1024;

/// How a handshake ended, in [`bounded`].
enum Ended<D: PeerDataSender, M> {
    /// Connected.
    Done(HandshakeResult<D, M>),
    /// Given up by the messenger (see [`GiveUp`]).
    GaveUp(GiveUp),
    /// Ran out of time.
    TimedOut,
    /// Ended by the message loop (the peer left, was closed or evicted).
    Aborted,
}

/// A handshake bounded by [`HANDSHAKE_TIMEOUT`] and ended at once by its
/// abort handle; it reports its peer and its number.
async fn bounded<D: PeerDataSender, M>(
    peer: PeerId,
    seq: u64,
    handshake: impl Future<Output = Result<HandshakeResult<D, M>, GiveUp>>,
    abort: AbortRegistration,
) -> (PeerId, u64, Ended<D, M>) {
    let mut handshake = Box::pin(Abortable::new(handshake, abort).fuse());
    let mut timeout = Delay::new(HANDSHAKE_TIMEOUT).fuse();
    let ended = select! {
        result = handshake => match result {
            Ok(Ok(result)) => Ended::Done(result),
            Ok(Err(why)) => Ended::GaveUp(why),
            Err(_) => Ended::Aborted,
        },
        _ = timeout => Ended::TimedOut,
    };
    (peer, seq, ended)
}

/// A handshake under way, as the message loop sees it.
struct Slot {
    /// Ends the handshake at once (its connection is closed as it drops).
    abort: AbortHandle,
    /// Its number: the lowest is the oldest.
    seq: u64,
    /// This page offers (and waits for the peer's answer), or answers.
    offering: bool,
    /// The peer sent the description this handshake waits for (its answer
    /// to our offer, or its offer): it is doing its part.
    described: bool,
    /// The peer's signals, to the handshake (and then to its peer loop).
    signals: UnboundedSender<PeerSignal>,
}

/// What each peer's signals take, and all of them together.
#[derive(Default)]
struct SignalLedger {
    peers: HashMap<PeerId, (usize, usize)>,
    total: usize,
}

impl SignalLedger {
    /// Counts a signal of `bytes` from `peer`: false when it is over one of
    /// the limits (and then it is dropped).
    fn admit(&mut self, peer: PeerId, bytes: usize) -> bool {
        let (count, used) = self.peers.get(&peer).copied().unwrap_or((0, 0));
        if bytes > MAX_SIGNAL_BYTES
            || count >= PEER_SIGNALS
            || used + bytes > PEER_SIGNAL_BYTES
            || self.total + bytes > ALL_SIGNAL_BYTES
        {
            return false;
        }
        self.peers.insert(peer, (count + 1, used + bytes));
        self.total += bytes;
        true
    }

    /// The peer is gone: what it took is free again.
    fn forget(&mut self, peer: &PeerId) {
        if let Some((_, used)) = self.peers.remove(peer) {
            self.total -= used;
        }
    }
}

/// The bytes a signal brings.
fn signal_size(signal: &PeerSignal) -> usize {
    match signal {
        PeerSignal::IceCandidate(text) | PeerSignal::Offer(text) | PeerSignal::Answer(text) => {
            text.len()
        }
    }
}

/// Why a messenger gave a handshake up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GiveUp {
    /// A step failed (the peer's description refused, the peer gone): the
    /// connection is closed.
    Failed,
    /// The browser refused a new peer connection (too many in the page, or
    /// a bad ICE server entry).
    NoConnection,
    /// ICE found no path to the peer (its state became `failed`): the
    /// connection is closed.
    Unreachable,
}

cfg_if! {
    if #[cfg(target_arch = "wasm32")] {
        mod wasm;
        type UseMessenger = wasm::WasmMessenger;
        type UseSignallerBuilder = wasm::WasmSignallerBuilder;
        /// A future which runs the message loop for the socket and completes
        /// when the socket closes or disconnects
        pub type MessageLoopFuture = Pin<Box<dyn Future<Output = Result<(), Error>>>>;
    } else {
        mod native;
        type UseMessenger = native::NativeMessenger;
        type UseSignallerBuilder = native::NativeSignallerBuilder;
        /// A future which runs the message loop for the socket and completes
        /// when the socket closes or disconnects
        pub type MessageLoopFuture = Pin<Box<dyn Future<Output = Result<(), Error>> + Send>>;
    }
}

/// A builder that constructs a new [Signaller] from a room URL.
#[cfg_attr(not(target_arch = "wasm32"), async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait(?Send))]
pub trait SignallerBuilder: std::fmt::Debug + Sync + Send + 'static {
    /// Create a new [Signaller]. The Room URL is an implementation specific identifier for joining
    /// a room.
    async fn new_signaller(
        &self,
        attempts: Option<u16>,
        room_url: String,
    ) -> Result<Box<dyn Signaller>, SignalingError>;
}

/// A signalling implementation.
///
/// The Signaller is responsible for passing around
/// [WebRTC signals](https://developer.mozilla.org/en-US/docs/Web/API/WebRTC_API/Signaling_and_video_calling#the_signaling_server)
/// between room peers, encoded as [PeerEvent::Signal] which holds a [PeerSignal].
///
/// It is also responsible for notifying each peer of the following special events:
///
/// - [PeerEvent::IdAssigned] -- first event in stream, received once at connection time.
/// - [PeerEvent::NewPeer] -- received when a new peer has joined the room, AND when this node must
///   send an offer to them.
/// - [PeerEvent::PeerLeft] -- received when a peer leaves the room.
///
/// To achieve a full mesh configuration, the signaller must do the following for **each pair** of
/// peers in a room:
///
/// 1. It decides which peer is the "Offerer" and which is the "Answerer".
/// 2. It sends [PeerEvent::NewPeer] to the "Offerer" only.
/// 3. It passes [PeerEvent::Signal] events back and forth between them, until one of them
///    disconnects.
/// 4. It sends [PeerEvent::PeerLeft] with the ID of the disconnected peer to the remaining peer.
#[cfg_attr(not(target_arch = "wasm32"), async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait(?Send))]
pub trait Signaller: Sync + Send + 'static {
    /// Request the signaller to pass a message to another peer.
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError>;

    /// Get the next event from the signaller.
    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError>;
}

async fn signaling_loop(
    mut signaller: Box<dyn Signaller>,
    mut requests_receiver: futures_channel::mpsc::UnboundedReceiver<PeerRequest>,
    events_sender: futures_channel::mpsc::UnboundedSender<PeerEvent>,
) -> Result<(), SignalingError> {
    loop {
        select! {
            request = requests_receiver.next().fuse() => {
                debug!("-> {request:?}");
                let Some(request) = request else {break Err(SignalingError::StreamExhausted)};
                signaller.send(request).await?;
            }

            message = signaller.next_message().fuse() => {
                match message {
                    Ok(message) => {
                        debug!("Received {message:?}");
                        events_sender.unbounded_send(message).map_err(SignalingError::from)?;
                    }
                    Err(SignalingError::UnknownFormat) => {
                        warn!("ignoring unexpected non-text message from signaling server")
                    },
                    Err(err) => break Err(err)
                }

            }

            complete => break Ok(())
        }
    }
}

/// The raw format of data being sent and received.
pub type Packet = Bytes;

/// Errors that can happen when sending packets
#[derive(Debug, thiserror::Error)]
#[error("The socket was dropped and package could not be sent")]
struct PacketSendError {
    #[cfg(not(target_arch = "wasm32"))]
    source: futures_channel::mpsc::SendError,
    #[cfg(target_arch = "wasm32")]
    source: error::JsError,
}

trait PeerDataSender {
    fn send(&mut self, packet: Packet) -> Result<(), PacketSendError>;

    /// Closes the channel (its peer left); the peer's loop then ends.
    fn close(&mut self) {}
}

struct HandshakeResult<D: PeerDataSender, M> {
    peer_id: PeerId,
    data_channels: Vec<D>,
    metadata: M,
}

#[cfg_attr(not(target_arch = "wasm32"), async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait(?Send))]
trait Messenger {
    type DataChannel: PeerDataSender;
    type HandshakeMeta: Send;

    async fn offer_handshake(
        signal_peer: SignalPeer,
        mut peer_signal_rx: UnboundedReceiver<PeerSignal>,
        messages_from_peers_tx: Vec<UnboundedSender<(PeerId, Packet)>>,
        ice_server_config: &RtcIceServerConfig,
        channel_configs: &[ChannelConfig],
    ) -> Result<HandshakeResult<Self::DataChannel, Self::HandshakeMeta>, GiveUp>;

    async fn accept_handshake(
        signal_peer: SignalPeer,
        peer_signal_rx: UnboundedReceiver<PeerSignal>,
        messages_from_peers_tx: Vec<UnboundedSender<(PeerId, Packet)>>,
        ice_server_config: &RtcIceServerConfig,
        channel_configs: &[ChannelConfig],
    ) -> Result<HandshakeResult<Self::DataChannel, Self::HandshakeMeta>, GiveUp>;

    /// Runs the connection to a peer until it ends, reporting the candidate pair it uses (with
    /// its round trip and whether it is lost, where the platform says) on `candidate_pair_tx`
    /// whenever it changes
    async fn peer_loop(
        peer_uuid: PeerId,
        handshake_meta: Self::HandshakeMeta,
        candidate_pair_tx: UnboundedSender<(PeerId, PathReport)>,
    ) -> PeerId;
}

async fn message_loop<M: Messenger>(
    id_tx: futures_channel::oneshot::Sender<PeerId>,
    ice_server_config: &RtcIceServerConfig,
    channel_configs: &[ChannelConfig],
    channels: MessageLoopChannels,
    keep_alive_interval: Option<Duration>,
) -> Result<(), SignalingError> {
    let MessageLoopChannels {
        requests_sender,
        mut events_receiver,
        mut peer_messages_out_rx,
        messages_from_peers_tx,
        peer_state_tx,
        candidate_pair_tx,
        mut close_rx,
        refused_tx,
        news_tx,
        signalling_lost_tx,
    } = channels;

    let mut handshakes = FuturesUnordered::new();
    let mut peer_loops = FuturesUnordered::new();
    // Handshakes under way, and the signal senders of connected peers (ICE
    // candidates keep trickling in after the channels opened).
    let mut slots: HashMap<PeerId, Slot> = HashMap::new();
    let mut connected_signals: HashMap<PeerId, UnboundedSender<PeerSignal>> = HashMap::new();
    let mut data_channels: HashMap<PeerId, Vec<M::DataChannel>> = HashMap::new();
    let mut attempts: HashMap<PeerId, u8> = HashMap::new();
    let mut ledger = SignalLedger::default();
    let mut next_seq: u64 = 0;
    // When each handshake must have its peer's description by.
    let mut deadlines = FuturesUnordered::new();
    let mut id_tx = Option::Some(id_tx);

    let mut timeout = if let Some(interval) = keep_alive_interval {
        Either::Left(Delay::new(interval))
    } else {
        Either::Right(std::future::pending())
    }
    .fuse();

    // Whether another handshake with `peer` may start (and counts it).
    let mut may_start = |peer: PeerId| -> bool {
        if attempts.len() >= MAX_REMEMBERED && !attempts.contains_key(&peer) {
            attempts.clear();
        }
        let tried = attempts.entry(peer).or_insert(0);
        if *tried >= MAX_ATTEMPTS {
            return false;
        }
        *tried += 1;
        true
    };

    // Ends the handshake with `peer` at once, if one is under way.
    fn end_handshake(slots: &mut HashMap<PeerId, Slot>, peer: &PeerId) {
        if let Some(slot) = slots.remove(peer) {
            slot.abort.abort();
        }
    }

    // Makes room for one more handshake: the oldest that still waits for
    // its peer's description, or else the oldest, is given up.
    fn make_room(slots: &mut HashMap<PeerId, Slot>, ledger: &mut SignalLedger) {
        if slots.len() < MAX_HANDSHAKES {
            return;
        }
        let victim = slots
            .iter()
            .min_by_key(|(_, slot)| (slot.described, slot.seq))
            .map(|(peer, _)| *peer);
        if let Some(peer) = victim {
            warn!("too many handshakes: giving up the one with {peer}");
            end_handshake(slots, &peer);
            ledger.forget(&peer);
        }
    }

    loop {
        let mut next_peer_messages_out = peer_messages_out_rx
            .iter_mut()
            .enumerate()
            .map(|(channel, rx)| async move { (channel, rx.next().await) })
            .collect::<FuturesUnordered<_>>();

        let mut next_peer_message_out = next_peer_messages_out.next().fuse();

        select! {
            _  = &mut timeout => {
                if requests_sender.unbounded_send(PeerRequest::KeepAlive).is_err() {
                    // The signaling loop is gone; keep-alives exist to keep
                    // the signaling websocket alive, so there is nothing
                    // left to send them to. Existing peer connections are
                    // unaffected. Do not break: the socket stays alive on
                    // its data channels.
                    debug!("cannot send keep-alive: signaling connection is gone");
                }
                if let Some(interval) = keep_alive_interval {
                    timeout = Either::Left(Delay::new(interval)).fuse();
                } else {
                    error!("no keep alive timeout, please file a bug");
                }
            }

            event = events_receiver.next() => {
                match event {
                    Some(event) => {
                        debug!("{event:?}");
                        match event {
                            PeerEvent::IdAssigned(peer_uuid) => {
                                // Only the first id counts (a second one is the server's error).
                                let Some(id_tx) = id_tx.take() else {
                                    warn!("ignoring a second id from the signaling server");
                                    continue;
                                };
                                if id_tx.send(peer_uuid.to_owned()).is_err() {
                                    // Socket receiver was dropped, exit cleanly.
                                    break Ok(());
                                };
                            },
                            PeerEvent::NewPeer(peer_uuid) => {
                                if slots.contains_key(&peer_uuid) || connected_signals.contains_key(&peer_uuid) {
                                    warn!("not connecting to {peer_uuid} again");
                                    continue;
                                }
                                if !may_start(peer_uuid) {
                                    warn!("not connecting to {peer_uuid}: too many attempts");
                                    continue;
                                }
                                make_room(&mut slots, &mut ledger);
                                let (signal_tx, signal_rx) = futures_channel::mpsc::unbounded();
                                let (abort, registration) = AbortHandle::new_pair();
                                let seq = next_seq;
                                next_seq += 1;
                                slots.insert(peer_uuid, Slot { abort, seq, offering: true, described: false, signals: signal_tx });
                                deadlines.push(Delay::new(DESCRIPTION_TIMEOUT).map(move |_| (peer_uuid, seq)));
                                let signal_peer = SignalPeer::new(peer_uuid, requests_sender.clone());
                                handshakes.push(bounded(peer_uuid, seq, M::offer_handshake(signal_peer, signal_rx, messages_from_peers_tx.clone(), ice_server_config, channel_configs), registration))
                            },
                            PeerEvent::PeerLeft(peer_uuid) => {
                                // A handshake under way ends at once (its connection
                                // is closed as it drops), and the connection of a
                                // connected peer is closed.
                                end_handshake(&mut slots, &peer_uuid);
                                connected_signals.remove(&peer_uuid);
                                ledger.forget(&peer_uuid);
                                if let Some(channels) = data_channels.remove(&peer_uuid) {
                                    for mut channel in channels {
                                        channel.close();
                                    }
                                }
                                if peer_state_tx.unbounded_send((peer_uuid, PeerState::Disconnected)).is_err() {
                                    // socket dropped
                                    break Ok(());
                                }
                            },
                            PeerEvent::Signal { sender, data } => {
                                if !ledger.admit(sender, signal_size(&data)) {
                                    debug!("dropping a signal from {sender}: over its allowance");
                                    continue;
                                }
                                if let Some(slot) = slots.get_mut(&sender) {
                                    match (&data, slot.offering) {
                                        (PeerSignal::Answer(_), true) if !slot.described => {
                                            slot.described = true;
                                            let _ = news_tx.unbounded_send((sender, HandshakeNews::Started));
                                        }
                                        (PeerSignal::Answer(_), true) | (PeerSignal::Offer(_), false) => slot.described = true,
                                        _ => {}
                                    }
                                    // (A handshake that ended drops the signal.)
                                    let _ = slot.signals.unbounded_send(data);
                                } else if let Some(signals) = connected_signals.get(&sender) {
                                    let _ = signals.unbounded_send(data);
                                } else if matches!(data, PeerSignal::Offer(_)) {
                                    // A peer that was here before us offers: a new
                                    // handshake. Only an offer starts one (an honest
                                    // peer sends its candidates after it).
                                    if !may_start(sender) {
                                        warn!("ignoring an offer from {sender}: too many attempts");
                                        ledger.forget(&sender);
                                        continue;
                                    }
                                    make_room(&mut slots, &mut ledger);
                                    let (signal_tx, signal_rx) = futures_channel::mpsc::unbounded();
                                    let (abort, registration) = AbortHandle::new_pair();
                                    let seq = next_seq;
                                    next_seq += 1;
                                    let _ = signal_tx.unbounded_send(data);
                                    slots.insert(sender, Slot { abort, seq, offering: false, described: true, signals: signal_tx });
                                    let _ = news_tx.unbounded_send((sender, HandshakeNews::Started));
                                    let signal_peer = SignalPeer::new(sender, requests_sender.clone());
                                    handshakes.push(bounded(sender, seq, M::accept_handshake(signal_peer, signal_rx, messages_from_peers_tx.clone(), ice_server_config, channel_configs), registration));
                                } else {
                                    debug!("ignoring a signal from {sender}: no handshake with it");
                                    ledger.forget(&sender);
                                }
                            },
                        }
                    }
                    None => {
                        // The signaling loop ended (server restart, lost
                        // websocket, ...). This is not fatal while peers are
                        // connected: their connections live entirely on the
                        // data channels and keep working; only new handshakes
                        // are impossible until the application rebuilds the
                        // socket. `signaling_events` has become terminated,
                        // so this arm is disabled from here on.
                        //
                        // With no peer connected, though, there is nothing
                        // left to keep alive, and a socket that can never
                        // gain a peer must end, so that the application
                        // learns the signaling server is gone (e.g. a player
                        // waiting for a match) instead of waiting forever.
                        if peer_loops.is_empty() {
                            break Err(SignalingError::StreamExhausted);
                        }
                        warn!(
                            "signaling connection lost; keeping existing peer \
                            connections, but no new peers can join until the \
                            socket is rebuilt"
                        );
                        // (Kharbga's patch: the application is told, and
                        // may rebuild the socket when the server is back.)
                        let _ = signalling_lost_tx.unbounded_send(());
                    }
                }
            }

            close = close_rx.next() => {
                // The application closes a peer (silent, unwelcome, or over
                // its limits): as if it had left.
                let Some(peer) = close else { continue };
                end_handshake(&mut slots, &peer);
                connected_signals.remove(&peer);
                ledger.forget(&peer);
                if let Some(channels) = data_channels.remove(&peer) {
                    for mut channel in channels {
                        channel.close();
                    }
                }
                if peer_state_tx.unbounded_send((peer, PeerState::Disconnected)).is_err() {
                    break Ok(());
                }
            }

            deadline = deadlines.select_next_some() => {
                let (peer, seq) = deadline;
                let waiting = slots.get(&peer).is_some_and(|slot| slot.seq == seq && !slot.described);
                if waiting {
                    warn!("handshake with {peer} given up: no description in time");
                    end_handshake(&mut slots, &peer);
                    ledger.forget(&peer);
                }
            }

            handshake_result = handshakes.select_next_some() => {
                let (peer, seq, ended) = handshake_result;
                // The slot is this handshake's unless it was ended (and its
                // peer perhaps started afresh).
                let slot = match slots.get(&peer) {
                    Some(slot) if slot.seq == seq => slots.remove(&peer),
                    _ => None,
                };
                let handshake_result = match ended {
                    Ended::Done(result) => result,
                    Ended::GaveUp(why) => {
                        warn!("handshake with {peer} given up: {why:?}");
                        ledger.forget(&peer);
                        match why {
                            GiveUp::NoConnection => {
                                let _ = refused_tx.unbounded_send(peer);
                            }
                            GiveUp::Unreachable => {
                                let _ = news_tx.unbounded_send((peer, HandshakeNews::Unreachable));
                            }
                            GiveUp::Failed => {}
                        }
                        continue;
                    }
                    Ended::TimedOut => {
                        warn!("handshake with {peer} timed out");
                        ledger.forget(&peer);
                        // Both descriptions came and still no path: the peer
                        // is real, and out of reach.
                        if slot.is_some_and(|slot| slot.described) {
                            let _ = news_tx.unbounded_send((peer, HandshakeNews::Unreachable));
                        }
                        continue;
                    }
                    Ended::Aborted => continue,
                };
                let Some(slot) = slot else {
                    // Ended meanwhile: its channels are closed (the peer
                    // loop that would close the connection never starts).
                    for mut channel in handshake_result.data_channels {
                        channel.close();
                    }
                    continue;
                };
                connected_signals.insert(peer, slot.signals);
                data_channels.insert(handshake_result.peer_id, handshake_result.data_channels);
                if peer_state_tx.unbounded_send((handshake_result.peer_id, PeerState::Connected)).is_err() {
                    // sending can only fail on socket drop, in which case connected_peers is unavailable, ignore
                    break Ok(());
                }
                peer_loops.push(M::peer_loop(handshake_result.peer_id, handshake_result.metadata, candidate_pair_tx.clone()));
            }

            peer_uuid = peer_loops.select_next_some() => {
                debug!("peer {peer_uuid} finished");
                // Nothing of the peer is kept: its channels and signals go.
                connected_signals.remove(&peer_uuid);
                data_channels.remove(&peer_uuid);
                ledger.forget(&peer_uuid);
                if peer_state_tx.unbounded_send((peer_uuid, PeerState::Disconnected)).is_err() {
                    // sending can only fail on socket drop, in which case connected_peers is unavailable, ignore
                    break Ok(());
                }
                if events_receiver.is_terminated() && peer_loops.is_empty() {
                    // The last peer is gone and, without signaling, no new
                    // one can join: end the socket (see the `None` arm above).
                    break Err(SignalingError::StreamExhausted);
                }
            }

            message = next_peer_message_out => {
                match message {
                    Some((channel_index, Some((peer, packet)))) => {
                        // The app may send to a peer this socket never connected to,
                        // e.g. a stale id from before the socket was rebuilt.
                        let Some(peer_channels) = data_channels.get_mut(&peer) else {
                            warn!("dropping packet for unknown peer {peer}");
                            continue;
                        };
                        let data_channel = peer_channels
                            .get_mut(channel_index)
                            .unwrap_or_else(|| panic!("couldn't find data channel with index {channel_index}"));
                        if let Err(e) = data_channel.send(packet) {
                            // Peer we're sending to closed their end of the connection.
                            // We anticipate the PeerLeft event soon, but we sent a message before it came.
                            // Do nothing. Only log it.
                            warn!("failed to send to peer {peer} (socket closed): {e:?}");
                        };
                    }
                    Some((_, None)) | None => {
                        // Receiver end of outgoing message channel closed,
                        // which most likely means the socket was dropped.
                        // There could probably be cleaner ways to handle this,
                        // but for now, just exit cleanly.
                        warn!("Outgoing message queue closed, message not sent");
                        break Ok(());
                    }
                }
            }

            complete => break Ok(())
        }
    }
}
