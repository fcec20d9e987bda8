use super::{
    GiveUp, HandshakeResult, PacketSendError, PeerDataSender, SignallerBuilder,
    error::JsErrorExt,
    messages::{PeerEvent, PeerRequest},
};
use crate::{
    CandidatePair, CandidateType, PathReport,
    webrtc_socket::{
        ChannelConfig, Messenger, Packet, RtcIceServerConfig, Signaller,
        error::SignalingError,
        messages::PeerSignal,
        signal_peer::SignalPeer,
        socket::{
            SignaledCandidates, create_data_channels_ready_fut, record_signaled_candidate,
            signaled_type,
        },
    },
};
use async_trait::async_trait;
use futures::{Future, FutureExt, SinkExt, StreamExt};
use futures_channel::mpsc::{Receiver, UnboundedReceiver, UnboundedSender};
use futures_timer::Delay;
use futures_util::select;
use js_sys::{Function, Map, Reflect};
use log::{debug, error, info, trace, warn};
use matchbox_protocol::PeerId;
use serde::Serialize;
use std::{pin::Pin, time::Duration};
use wasm_bindgen::{JsCast, JsValue, convert::FromWasmAbi, prelude::*};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Event, MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelType,
    RtcIceCandidateInit, RtcIceConnectionState, RtcIceGatheringState, RtcPeerConnection,
    RtcPeerConnectionIceEvent,
    RtcSdpType, RtcSessionDescriptionInit,
};
use ws_stream_wasm::{WsMessage, WsMeta, WsStream};

pub(crate) struct WasmSignaller {
    websocket_stream: futures::stream::Fuse<WsStream>,
}

#[derive(Debug, Default)]
pub(crate) struct WasmSignallerBuilder;

#[async_trait(?Send)]
impl SignallerBuilder for WasmSignallerBuilder {
    async fn new_signaller(
        &self,
        mut attempts: Option<u16>,
        room_url: String,
    ) -> Result<Box<dyn Signaller>, SignalingError> {
        let websocket_stream = 'signaling: loop {
            match WsMeta::connect(&room_url, None)
                .await
                .map_err(SignalingError::from)
            {
                Ok((_, wss)) => break wss.fuse(),
                Err(e) => {
                    if let Some(attempts) = attempts.as_mut() {
                        if *attempts <= 1 {
                            return Err(SignalingError::NegotiationFailed(Box::new(e)));
                        } else {
                            *attempts -= 1;
                            warn!(
                                "connection to signaling server failed, {attempts} attempt(s) remain"
                            );
                            warn!("waiting 3 seconds to re-try connection...");
                            Delay::new(Duration::from_secs(3)).await;
                            info!("retrying connection...");
                            continue 'signaling;
                        }
                    } else {
                        continue 'signaling;
                    }
                }
            };
        };
        Ok(Box::new(WasmSignaller { websocket_stream }))
    }
}

#[async_trait(?Send)]
impl Signaller for WasmSignaller {
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
        let request = serde_json::to_string(&request).expect("serializing request");
        self.websocket_stream
            .send(WsMessage::Text(request))
            .await
            .map_err(SignalingError::from)
    }

    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
        let message = match self.websocket_stream.next().await {
            Some(WsMessage::Text(message)) => Ok(message),
            Some(_) => Err(SignalingError::UnknownFormat),
            None => Err(SignalingError::StreamExhausted),
        }?;
        let message = serde_json::from_str(&message).map_err(|e| {
            error!("failed to deserialize message: {e:?}");
            SignalingError::UnknownFormat
        })?;
        Ok(message)
    }
}

impl PeerDataSender for RtcDataChannel {
    fn send(&mut self, packet: Packet) -> Result<(), PacketSendError> {
        self.send_with_u8_array(&packet)
            .efix()
            .map_err(|source| PacketSendError { source })
    }

    fn close(&mut self) {
        RtcDataChannel::close(self);
    }
}

pub(crate) struct WasmMessenger;

#[async_trait(?Send)]
impl Messenger for WasmMessenger {
    type DataChannel = RtcDataChannel;
    /// The disconnect signal, the connection for its stats, the candidates the peer signaled and
    /// the signals still to come
    type HandshakeMeta = (
        Receiver<()>,
        RtcPeerConnection,
        SignaledCandidates,
        UnboundedReceiver<PeerSignal>,
    );

    async fn offer_handshake(
        signal_peer: SignalPeer,
        mut peer_signal_rx: UnboundedReceiver<PeerSignal>,
        messages_from_peers_tx: Vec<UnboundedSender<(PeerId, Packet)>>,
        ice_server_config: &RtcIceServerConfig,
        channel_configs: &[ChannelConfig],
    ) -> Result<HandshakeResult<Self::DataChannel, Self::HandshakeMeta>, GiveUp> {
        debug!("making offer");

        let Some(conn) = create_rtc_peer_connection(ice_server_config) else {
            warn!("handshake with {} not started: no peer connection", signal_peer.id);
            return Err(GiveUp::NoConnection);
        };
        // Closed if the handshake is given up (its time limit drops it).
        let closer = CloseOnDrop(Some(conn.clone()));

        let (data_channel_ready_txs, data_channels_ready_fut) =
            create_data_channels_ready_fut(channel_configs);

        let (peer_disconnected_tx, peer_disconnected_rx) = futures_channel::mpsc::channel(1);

        let data_channels = create_data_channels(
            conn.clone(),
            messages_from_peers_tx,
            signal_peer.id,
            peer_disconnected_tx,
            data_channel_ready_txs,
            channel_configs,
        );

        // Create offer
        let Ok(offer) = JsFuture::from(conn.create_offer()).await else {
            return fail(&conn, signal_peer.id, "could not create an offer").await;
        };
        let Some(offer_sdp) = sdp_of(&offer) else {
            return fail(&conn, signal_peer.id, "the offer has no sdp").await;
        };
        let rtc_session_desc_init_dict = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        rtc_session_desc_init_dict.set_sdp(&offer_sdp);
        if JsFuture::from(conn.set_local_description(&rtc_session_desc_init_dict))
            .await
            .is_err()
        {
            return fail(&conn, signal_peer.id, "could not set the local offer").await;
        }
        debug!("created offer for new peer");

        // todo: the point of implementing ice trickle is to avoid this wait...
        // however, for some reason removing this wait causes problems with NAT
        // punching in practice.
        // We should figure out why this is happening.
        wait_for_ice_gathering_complete(conn.clone()).await;

        let Some(local) = conn.local_description() else {
            return fail(&conn, signal_peer.id, "no local description").await;
        };
        signal_peer.send(PeerSignal::Offer(local.sdp()));

        let mut received_candidates = vec![];

        // Wait for answer
        let sdp = loop {
            let Some(signal) = peer_signal_rx.next().await else {
                return fail(&conn, signal_peer.id, "the peer left during the handshake").await;
            };

            match signal {
                PeerSignal::Answer(answer) => break answer,
                PeerSignal::IceCandidate(candidate) => {
                    debug!(
                        "offerer: received an ice candidate while waiting for answer: {candidate:?}"
                    );
                    received_candidates.push(candidate);
                }
                _ => {
                    warn!("ignoring unexpected signal: {signal:?}");
                }
            };
        };

        // Set remote description
        let remote_description = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote_description.set_sdp(&sdp);
        debug!("setting remote description");
        // The answer comes from the other peer: anything may be in it.
        if JsFuture::from(conn.set_remote_description(&remote_description))
            .await
            .is_err()
        {
            return fail(&conn, signal_peer.id, "the peer's answer was refused").await;
        }

        let signaled = SignaledCandidates::default();
        let Some(peer_signal_rx) = complete_handshake(
            signal_peer.clone(),
            conn.clone(),
            received_candidates,
            data_channels_ready_fut,
            peer_signal_rx,
            signaled.clone(),
        )
        .await
        else {
            return unreachable_peer(&conn, signal_peer.id);
        };

        closer.keep();
        Ok(HandshakeResult {
            peer_id: signal_peer.id,
            data_channels,
            metadata: (peer_disconnected_rx, conn, signaled, peer_signal_rx),
        })
    }

    async fn accept_handshake(
        signal_peer: SignalPeer,
        mut peer_signal_rx: UnboundedReceiver<PeerSignal>,
        messages_from_peers_tx: Vec<UnboundedSender<(PeerId, Packet)>>,
        ice_server_config: &RtcIceServerConfig,
        channel_configs: &[ChannelConfig],
    ) -> Result<HandshakeResult<Self::DataChannel, Self::HandshakeMeta>, GiveUp> {
        debug!("handshake_accept");

        let Some(conn) = create_rtc_peer_connection(ice_server_config) else {
            warn!("handshake with {} not started: no peer connection", signal_peer.id);
            return Err(GiveUp::NoConnection);
        };
        // Closed if the handshake is given up (its time limit drops it).
        let closer = CloseOnDrop(Some(conn.clone()));

        let (data_channel_ready_txs, data_channels_ready_fut) =
            create_data_channels_ready_fut(channel_configs);

        let (peer_disconnected_tx, peer_disconnected_rx) = futures_channel::mpsc::channel(1);

        let data_channels = create_data_channels(
            conn.clone(),
            messages_from_peers_tx,
            signal_peer.id,
            peer_disconnected_tx,
            data_channel_ready_txs,
            channel_configs,
        );

        let mut received_candidates = vec![];

        let offer = loop {
            let Some(signal) = peer_signal_rx.next().await else {
                return fail(&conn, signal_peer.id, "the peer left during the handshake").await;
            };

            match signal {
                PeerSignal::Offer(o) => {
                    break o;
                }
                PeerSignal::IceCandidate(candidate) => {
                    debug!("received IceCandidate signal: {candidate:?}");
                    received_candidates.push(candidate);
                }
                _ => {
                    warn!("ignoring unexpected signal: {signal:?}");
                }
            }
        };
        debug!("received offer");

        // Set remote description
        {
            let remote_description = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
            let sdp = offer;
            remote_description.set_sdp(&sdp);
            // The offer comes from the other peer: anything may be in it.
            if JsFuture::from(conn.set_remote_description(&remote_description))
                .await
                .is_err()
            {
                return fail(&conn, signal_peer.id, "the peer's offer was refused").await;
            }
            debug!("set remote_description from offer");
        }

        let Ok(answer) = JsFuture::from(conn.create_answer()).await else {
            return fail(&conn, signal_peer.id, "could not create an answer").await;
        };

        debug!("created answer");

        let session_desc_init = RtcSessionDescriptionInit::new(RtcSdpType::Answer);

        let Some(answer_sdp) = sdp_of(&answer) else {
            return fail(&conn, signal_peer.id, "the answer has no sdp").await;
        };

        session_desc_init.set_sdp(&answer_sdp);

        if JsFuture::from(conn.set_local_description(&session_desc_init))
            .await
            .is_err()
        {
            return fail(&conn, signal_peer.id, "could not set the local answer").await;
        }

        // todo: the point of implementing ice trickle is to avoid this wait...
        // however, for some reason removing this wait causes problems with NAT
        // punching in practice.
        // We should figure out why this is happening.
        wait_for_ice_gathering_complete(conn.clone()).await;

        let Some(local) = conn.local_description() else {
            return fail(&conn, signal_peer.id, "no local description").await;
        };
        signal_peer.send(PeerSignal::Answer(local.sdp()));

        let signaled = SignaledCandidates::default();
        let Some(peer_signal_rx) = complete_handshake(
            signal_peer.clone(),
            conn.clone(),
            received_candidates,
            data_channels_ready_fut,
            peer_signal_rx,
            signaled.clone(),
        )
        .await
        else {
            return unreachable_peer(&conn, signal_peer.id);
        };

        closer.keep();
        Ok(HandshakeResult {
            peer_id: signal_peer.id,
            data_channels,
            metadata: (peer_disconnected_rx, conn, signaled, peer_signal_rx),
        })
    }

    async fn peer_loop(
        peer_uuid: PeerId,
        handshake_meta: Self::HandshakeMeta,
        candidate_pair_tx: UnboundedSender<(PeerId, PathReport)>,
    ) -> PeerId {
        let (mut peer_loop_finished_rx, conn, signaled, mut peer_signal_rx) = handshake_meta;
        // The connection is closed when the loop ends, and also when it is
        // dropped before (the socket itself closed: its message loop is
        // dropped with every peer loop in it). A connection left open is
        // never collected, and the peer would see it open.
        let _closer = CloseOnDrop(Some(conn.clone()));
        let mut candidate_pairs = Box::pin(
            report_candidate_pairs(&conn, peer_uuid, candidate_pair_tx, signaled.clone()).fuse(),
        );
        loop {
            select! {
                _ = peer_loop_finished_rx.next() => break,
                _ = candidate_pairs => break,
                // Candidates keep trickling in after the channels opened
                signal = peer_signal_rx.next() => {
                    if let Some(PeerSignal::IceCandidate(candidate)) = signal {
                        try_add_rtc_ice_candidate(&conn, &signaled, &candidate).await;
                    }
                }
            }
        }
        // The peer is gone (its channels closed, or the server said it
        // left): nothing keeps its connection open any longer (`_closer`
        // closes it).
        peer_uuid
    }
}

/// Reports the candidate pair the connection uses, its round trip and whether
/// it is lost, and again whenever one of them changes (looked at twice a
/// second: a lost connection is told within a second of ICE noticing it).
async fn report_candidate_pairs(
    conn: &RtcPeerConnection,
    peer: PeerId,
    tx: UnboundedSender<(PeerId, PathReport)>,
    signaled: SignaledCandidates,
) {
    let mut reported: Option<PathReport> = None;
    loop {
        let lost = matches!(
            conn.ice_connection_state(),
            RtcIceConnectionState::Disconnected | RtcIceConnectionState::Failed
        );
        let report = match selected_candidate_pair(conn, &signaled).await {
            Some((pair, round_trip_ms)) => Some(PathReport {
                pair,
                round_trip_ms,
                lost,
            }),
            // (A lost connection may have no selected pair any more.)
            None => reported.map(|last| PathReport { lost, ..last }),
        };
        if let Some(report) = report
            && reported != Some(report)
        {
            reported = Some(report);
            if tx.unbounded_send((peer, report)).is_err() {
                // socket dropped
                return;
            }
        }
        Delay::new(ICE_LOOK).await;
    }
}

/// Reads the selected candidate pair out of `getStats()`. Chrome names it on the transport
/// stats, Firefox flags the pair itself.
async fn selected_candidate_pair(
    conn: &RtcPeerConnection,
    signaled: &SignaledCandidates,
) -> Option<(CandidatePair, Option<u32>)> {
    let report: Map = JsFuture::from(conn.get_stats())
        .await
        .ok()?
        .unchecked_into();
    let string = |stats: &JsValue, key: &str| Reflect::get(stats, &key.into()).ok()?.as_string();
    let flag = |stats: &JsValue, key: &str| {
        Reflect::get(stats, &key.into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };

    let mut selected_id = None;
    let mut pairs = vec![];
    let mut candidates = std::collections::HashMap::new();
    for stats in report.values().into_iter().flatten() {
        match string(&stats, "type").as_deref() {
            Some("transport") => {
                if let Some(id) = string(&stats, "selectedCandidatePairId") {
                    selected_id = Some(id);
                }
            }
            Some("candidate-pair") => pairs.push(stats),
            Some("local-candidate") | Some("remote-candidate") => {
                if let (Some(id), Some(typ)) =
                    (string(&stats, "id"), string(&stats, "candidateType"))
                {
                    // Older stats call the address `ip`
                    let address = string(&stats, "address").or_else(|| string(&stats, "ip"));
                    let port = Reflect::get(&stats, &"port".into())
                        .ok()
                        .and_then(|port| port.as_f64())
                        .map(|port| port as u16);
                    candidates.insert(id, (typ, address, port));
                }
            }
            _ => {}
        }
    }

    let pair = pairs.iter().find(|pair| match &selected_id {
        Some(id) => string(pair, "id").as_deref() == Some(id),
        None => {
            flag(pair, "selected")
                || (flag(pair, "nominated")
                    && string(pair, "state").as_deref() == Some("succeeded"))
        }
    })?;
    let candidate_type = |key: &str| {
        let (typ, address, port) = candidates.get(&string(pair, key)?)?;
        match typ.as_str() {
            "host" => Some(CandidateType::Host),
            "srflx" => Some(CandidateType::ServerReflexive),
            "prflx" => match (address, port) {
                (Some(address), Some(port)) => {
                    signaled_type(signaled, address, *port).or(Some(CandidateType::PeerReflexive))
                }
                _ => Some(CandidateType::PeerReflexive),
            },
            "relay" => Some(CandidateType::Relay),
            _ => None,
        }
    };
    // The round trip of the pair's last checks, in seconds (Kharbga's patch).
    let round_trip_ms = Reflect::get(pair, &"currentRoundTripTime".into())
        .ok()
        .and_then(|rtt| rtt.as_f64())
        .filter(|rtt| rtt.is_finite() && *rtt >= 0.0)
        .map(|rtt| (rtt * 1000.0).round().min(f64::from(u32::MAX)) as u32);
    Some((
        CandidatePair {
            local: candidate_type("localCandidateId")?,
            remote: candidate_type("remoteCandidateId")?,
        },
        round_trip_ms,
    ))
}

async fn complete_handshake(
    signal_peer: SignalPeer,
    conn: RtcPeerConnection,
    received_candidates: Vec<String>,
    mut data_channels_ready_fut: Pin<Box<futures::future::Fuse<impl Future<Output = ()>>>>,
    mut peer_signal_rx: UnboundedReceiver<PeerSignal>,
    signaled: SignaledCandidates,
) -> Option<UnboundedReceiver<PeerSignal>> {
    let onicecandidate: Box<dyn FnMut(RtcPeerConnectionIceEvent)> = Box::new(
        move |event: RtcPeerConnectionIceEvent| {
            let candidate_json = match event.candidate() {
                Some(candidate) => {
                    match js_sys::JSON::stringify(&candidate.to_json())
                        .ok()
                        .and_then(|json| json.as_string())
                    {
                        Some(json) => json,
                        None => {
                            warn!("could not serialize a local ice candidate, skipped");
                            return;
                        }
                    }
                }
                None => {
                    debug!(
                        "Received RtcPeerConnectionIceEvent with no candidate. This means there are no further ice candidates for this session"
                    );
                    "null".to_string()
                }
            };

            debug!("sending IceCandidate signal: {candidate_json:?}");
            signal_peer.send(PeerSignal::IceCandidate(candidate_json));
        },
    );
    let onicecandidate = Closure::wrap(onicecandidate);
    conn.set_onicecandidate(Some(onicecandidate.as_ref().unchecked_ref()));
    // note: we can let rust keep ownership of this closure, since we replace
    // the event handler later in this method when ice is finished

    // handle pending ICE candidates
    for candidate in received_candidates {
        debug!("adding ice candidate {candidate:?}");
        try_add_rtc_ice_candidate(&conn, &signaled, &candidate).await;
    }

    // select for data channels ready or ice candidates; ICE that finds no
    // path to the peer (`failed`) ends the handshake at once, instead of at
    // its time limit (Kharbga's patch: the page can say so in seconds).
    debug!("waiting for data channels to open");
    loop {
        let mut look = Delay::new(ICE_LOOK).fuse();
        select! {
            _ = data_channels_ready_fut => {
                debug!("data channels ready");
                break;
            }
            msg = peer_signal_rx.next() => {
                if let Some(PeerSignal::IceCandidate(candidate)) = msg {
                    try_add_rtc_ice_candidate(&conn, &signaled, &candidate).await;
                }
            }
            _ = look => {
                if conn.ice_connection_state() == RtcIceConnectionState::Failed {
                    return None;
                }
            }
        };
    }

    // stop listening for ICE candidates
    // TODO: we should support getting new ICE candidates even after connecting,
    //       since it's possible to return to the ice gathering state
    // See: <https://developer.mozilla.org/en-US/docs/Web/API/RTCPeerConnection/iceGatheringState>
    let onicecandidate: Box<dyn FnMut(RtcPeerConnectionIceEvent)> =
        Box::new(move |_event: RtcPeerConnectionIceEvent| {
            warn!("received ice candidate event after handshake completed, ignoring");
        });
    let onicecandidate = Closure::wrap(onicecandidate);
    conn.set_onicecandidate(Some(onicecandidate.as_ref().unchecked_ref()));
    onicecandidate.forget();

    debug!(
        "handshake completed, ice gathering state: {:?}",
        conn.ice_gathering_state()
    );
    Some(peer_signal_rx)
}

/// How often a handshake looks whether ICE failed, and a connected peer's
/// loop whether its connection is lost.
const ICE_LOOK: Duration = Duration::from_millis(500);

async fn try_add_rtc_ice_candidate(
    connection: &RtcPeerConnection,
    signaled: &SignaledCandidates,
    candidate_string: &str,
) {
    let parsed_candidate = match js_sys::JSON::parse(candidate_string) {
        Ok(c) => c,
        Err(err) => {
            warn!("failed to parse ice candidate json, ignoring: {err:?}");
            return;
        }
    };

    let candidate_init = if parsed_candidate.is_null() {
        debug!("Received null ice candidate, this means there are no further ice candidates");
        None
    } else {
        if let Some(sdp) = Reflect::get(&parsed_candidate, &"candidate".into())
            .ok()
            .and_then(|sdp| sdp.as_string())
        {
            record_signaled_candidate(signaled, &sdp);
        }
        let candidate = RtcIceCandidateInit::from(parsed_candidate);
        debug!("ice candidate received: {candidate:?}");
        Some(candidate)
    };

    // The candidate comes from the other peer: the browser may refuse it
    // (an unknown `sdpMid`, say), and the connection goes on without it.
    if let Err(err) = JsFuture::from(
        connection.add_ice_candidate_with_opt_rtc_ice_candidate_init(candidate_init.as_ref()),
    )
    .await
    {
        warn!("ignoring an ice candidate the browser refused: {err:?}");
    }
}

/// A new peer connection, or `None` when the browser refuses one (a bad
/// ice server entry, or too many connections in the page).
fn create_rtc_peer_connection(ice_server_config: &RtcIceServerConfig) -> Option<RtcPeerConnection> {
    #[derive(Serialize)]
    struct IceServerConfig {
        urls: Vec<String>,
        username: String,
        credential: String,
    }

    let peer_config = RtcConfiguration::new();
    // Browsers reject an ice server entry without urls
    let ice_servers: Vec<IceServerConfig> = if ice_server_config.urls.is_empty() {
        vec![]
    } else {
        vec![IceServerConfig {
            urls: ice_server_config.urls.clone(),
            username: ice_server_config.username.clone().unwrap_or_default(),
            credential: ice_server_config.credential.clone().unwrap_or_default(),
        }]
    };
    peer_config.set_ice_servers(&serde_wasm_bindgen::to_value(&ice_servers).ok()?);
    let connection = RtcPeerConnection::new_with_configuration(&peer_config).ok()?;

    // The handler must not hold the connection: it is leaked (`forget`), and
    // a leaked reference would keep every closed connection from being
    // collected, and Chromium counts each one until it is (500 at most in a
    // page, after which `new RTCPeerConnection` throws).
    let oniceconnectionstatechange: Box<dyn FnMut(_)> = Box::new(move |event: Event| {
        let state = event
            .target()
            .and_then(|target| target.dyn_into::<RtcPeerConnection>().ok())
            .map(|connection| connection.ice_connection_state());
        debug!("ice connection state changed: {state:?}");
    });
    let oniceconnectionstatechange = Closure::wrap(oniceconnectionstatechange);
    // NOTE: Not attaching a handler on this event causes FF to disconnect after a couple of seconds
    // see: https://github.com/johanhelsing/matchbox/issues/36
    connection
        .set_oniceconnectionstatechange(Some(oniceconnectionstatechange.as_ref().unchecked_ref()));
    oniceconnectionstatechange.forget();

    Some(connection)
}

async fn wait_for_ice_gathering_complete(conn: RtcPeerConnection) {
    if conn.ice_gathering_state() == RtcIceGatheringState::Complete {
        debug!("Ice gathering already completed");
        return;
    }

    let (mut tx, mut rx) = futures_channel::mpsc::channel(1);

    let conn_clone = conn.clone();
    let onstatechange: Box<dyn FnMut(JsValue)> = Box::new(move |_| {
        if conn_clone.ice_gathering_state() == RtcIceGatheringState::Complete {
            // Already told (a second change to complete): nothing to do.
            let _ = tx.try_send(());
        }
    });

    let onstatechange = Closure::wrap(onstatechange);

    conn.set_onicegatheringstatechange(Some(onstatechange.as_ref().unchecked_ref()));

    rx.next().await;

    conn.set_onicegatheringstatechange(None);
    debug!("Ice gathering completed");
}

fn create_data_channels(
    connection: RtcPeerConnection,
    mut incoming_tx: Vec<futures_channel::mpsc::UnboundedSender<(PeerId, Packet)>>,
    peer_id: PeerId,
    peer_disconnected_tx: futures_channel::mpsc::Sender<()>,
    mut data_channel_ready_txs: Vec<futures_channel::mpsc::Sender<()>>,
    channel_config: &[ChannelConfig],
) -> Vec<RtcDataChannel> {
    channel_config
        .iter()
        .enumerate()
        .map(|(i, channel)| {
            create_data_channel(
                connection.clone(),
                incoming_tx.get_mut(i).unwrap().clone(),
                peer_id,
                peer_disconnected_tx.clone(),
                data_channel_ready_txs.pop().unwrap(),
                channel,
                i,
            )
        })
        .collect()
}

fn create_data_channel(
    connection: RtcPeerConnection,
    incoming_tx: futures_channel::mpsc::UnboundedSender<(PeerId, Packet)>,
    peer_id: PeerId,
    peer_disconnected_tx: futures_channel::mpsc::Sender<()>,
    mut channel_open: futures_channel::mpsc::Sender<()>,
    channel_config: &ChannelConfig,
    channel_id: usize,
) -> RtcDataChannel {
    let data_channel_config = data_channel_config(channel_config);
    data_channel_config.set_id(channel_id as u16);

    let channel = connection.create_data_channel_with_data_channel_dict(
        &format!("matchbox_socket_{channel_id}"),
        &data_channel_config,
    );

    channel.set_binary_type(RtcDataChannelType::Arraybuffer);

    leaking_channel_event_handler(
        |f| channel.set_onopen(f),
        move |_: JsValue| {
            debug!("data channel open: {channel_id}");
            // Nobody waits any longer when the handshake was given up.
            if channel_open.try_send(()).is_err() {
                warn!("data channel {channel_id} opened after its handshake ended");
            }
        },
    );

    leaking_channel_event_handler(
        |f| channel.set_onmessage(f),
        move |event: MessageEvent| {
            trace!("data channel message received {event:?}");
            if let Ok(arraybuf) = event.data().dyn_into::<js_sys::ArrayBuffer>() {
                let uarray = js_sys::Uint8Array::new(&arraybuf);
                let body = uarray.to_vec();

                if let Err(e) = incoming_tx.unbounded_send((peer_id, body.into())) {
                    // should only happen if the socket is dropped, or we are out of memory
                    warn!("failed to notify about data channel message: {e:?}");
                }
            }
        },
    );

    leaking_channel_event_handler(
        |f| channel.set_onerror(f),
        move |event: Event| {
            error!("error in data channel: {event:?}");
        },
    );

    leaking_channel_event_handler(
        |f| channel.set_onclose(f),
        move |event: Event| {
            warn!("data channel closed: {event:?}");
            if let Err(err) = peer_disconnected_tx.clone().try_send(()) {
                // should only happen if the socket is dropped, or we are out of memory
                warn!("failed to notify about data channel closing: {err:?}");
            }
        },
    );

    channel
}

/// Note that this function leaks some memory because the rust closure is dropped but still needs to
/// be accessed by javascript of the browser
///
/// See also: https://rustwasm.github.io/wasm-bindgen/api/wasm_bindgen/closure/struct.Closure.html#method.into_js_value
fn leaking_channel_event_handler<T: FromWasmAbi + 'static>(
    mut setter: impl FnMut(Option<&Function>),
    handler: impl FnMut(T) + 'static,
) {
    let closure: Closure<dyn FnMut(T)> = Closure::wrap(Box::new(handler));

    setter(Some(closure.as_ref().unchecked_ref()));

    closure.forget();
}

fn data_channel_config(channel_config: &ChannelConfig) -> RtcDataChannelInit {
    let data_channel_config = RtcDataChannelInit::new();

    data_channel_config.set_ordered(channel_config.ordered);
    data_channel_config.set_negotiated(true);

    if let Some(n) = channel_config.max_retransmits {
        data_channel_config.set_max_retransmits(n);
    }

    data_channel_config
}

/// The `sdp` of a session description the browser made.
fn sdp_of(description: &JsValue) -> Option<String> {
    Reflect::get(description, &JsValue::from_str("sdp"))
        .ok()?
        .as_string()
}

/// A handshake that cannot go on (the other peer sent a description the
/// browser refuses, or left): the connection is closed and the handshake
/// is given up at once, which frees its slot in the message loop. A hostile
/// or broken peer can no longer end the socket's task.
async fn fail<T>(conn: &RtcPeerConnection, peer: PeerId, why: &str) -> Result<T, GiveUp> {
    warn!("handshake with {peer} abandoned: {why}");
    conn.close();
    Err(GiveUp::Failed)
}

/// ICE found no path to the peer: the connection is closed and the
/// handshake given up, reported as unreachable (Kharbga's patch).
fn unreachable_peer<T>(conn: &RtcPeerConnection, peer: PeerId) -> Result<T, GiveUp> {
    warn!("handshake with {peer} abandoned: no path to the peer (ICE failed)");
    conn.close();
    Err(GiveUp::Unreachable)
}

/// Closes a handshake's connection when the handshake is dropped before it
/// completed (given up at its time limit), unless [`CloseOnDrop::keep`].
struct CloseOnDrop(Option<RtcPeerConnection>);

impl CloseOnDrop {
    /// The handshake completed: the connection lives on in the peer loop.
    fn keep(mut self) {
        self.0 = None;
    }
}

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        if let Some(conn) = self.0.take() {
            conn.close();
        }
    }
}
