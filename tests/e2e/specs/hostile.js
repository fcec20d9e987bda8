// A hostile peer of our own, not the app's code: it speaks matchbox's
// signalling JSON over a WebSocket and raw WebRTC (an RTCPeerConnection
// with the negotiated data channel 0 matchbox uses) from a page that does
// not run the app. What it does with each signal is chosen by the test:
// answer an offer honestly or with a broken description, send a broken
// offer to newcomers, send ICE candidates the browser refuses, and write
// any text on the data channel.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { expect } from '@playwright/test';

/** The in-page peer: installed once per page, then driven by `H`. */
function install() {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  window.H = {
    ws: null,
    id: null,
    conns: {},
    received: [],
    joined: [],
    // What to do with an offer: 'honest', 'bogus' (answer `v=0`) or 'ignore';
    // with a peer that joins after us (we must offer): 'honest', 'bogus'
    // (offer `v=0`) or 'ignore'.
    onOffer: 'honest',
    onNewPeer: 'ignore',
    // What it says the moment a data channel opens (before anyone else can
    // answer the newcomer on the other end).
    greeting: [],
    signal(receiver, data) {
      this.ws.send(JSON.stringify({ Signal: { receiver, data } }));
    },
    connection(peer) {
      const pc = new RTCPeerConnection({ iceServers: [] });
      const channel = pc.createDataChannel('hostile', { negotiated: true, id: 0, ordered: true });
      channel.binaryType = 'arraybuffer';
      channel.onmessage = (event) => {
        const text = typeof event.data === 'string' ? event.data : decoder.decode(event.data);
        this.received.push({ peer, text });
      };
      const conn = { pc, channel, open: false };
      channel.onopen = () => {
        conn.open = true;
        for (const text of this.greeting) channel.send(encoder.encode(text));
      };
      pc.onicecandidate = (event) => {
        const candidate = event.candidate ? JSON.stringify(event.candidate.toJSON()) : 'null';
        this.signal(peer, { IceCandidate: candidate });
      };
      this.conns[peer] = conn;
      return conn;
    },
    async offer(peer) {
      const { pc } = this.connection(peer);
      await pc.setLocalDescription(await pc.createOffer());
      this.signal(peer, { Offer: pc.localDescription.sdp });
    },
    async handle(event) {
      if (event.IdAssigned) this.id = event.IdAssigned;
      if (event.NewPeer) {
        this.joined.push(event.NewPeer);
        if (this.onNewPeer === 'honest') await this.offer(event.NewPeer);
        if (this.onNewPeer === 'bogus') this.signal(event.NewPeer, { Offer: 'v=0' });
      }
      if (!event.Signal) return;
      const { sender, data } = event.Signal;
      if (data.Offer !== undefined) {
        if (this.onOffer === 'bogus') return this.signal(sender, { Answer: 'v=0' });
        if (this.onOffer === 'ignore') return;
        const { pc } = this.connection(sender);
        await pc.setRemoteDescription({ type: 'offer', sdp: data.Offer });
        await pc.setLocalDescription(await pc.createAnswer());
        this.signal(sender, { Answer: pc.localDescription.sdp });
      } else if (data.Answer !== undefined && this.conns[sender]) {
        await this.conns[sender].pc.setRemoteDescription({ type: 'answer', sdp: data.Answer });
      } else if (data.IceCandidate !== undefined && this.conns[sender]) {
        const candidate = JSON.parse(data.IceCandidate);
        if (candidate) await this.conns[sender].pc.addIceCandidate(candidate).catch(() => {});
      }
    },
    connect(url) {
      return new Promise((resolve, reject) => {
        this.ws = new WebSocket(url);
        this.ws.onmessage = (message) => {
          this.handle(JSON.parse(message.data)).catch((error) => console.warn('hostile', String(error)));
          if (this.id) resolve(this.id);
        };
        this.ws.onerror = () => reject(new Error('signalling server'));
      });
    },
    openPeers() {
      return Object.entries(this.conns).filter(([, c]) => c.open).map(([peer]) => peer);
    },
    send(peer, text) {
      this.conns[peer].channel.send(encoder.encode(text));
    },
    broadcast(text) {
      for (const peer of this.openPeers()) this.send(peer, text);
    },
  };
}

/** The game protocol's version (src/net/protocol.rs, `PROTOCOL`). */
export const PROTOCOL = '4';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The bytes of a base-32 text (the app's keys). */
function fromBase32(text, length) {
  const out = new Uint8Array(length);
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const c of text) {
    acc = ((acc << 5) | ALPHABET.indexOf(c)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Bytes in base 32, as the app writes keys, signatures and room codes. */
function toBase32(bytes) {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(acc >> bits) & 31];
    }
  }
  if (bits > 0) out += ALPHABET[(acc << (5 - bits)) & 31];
  return out;
}

/**
 * A seat key of the hostile's own (Ed25519, made by Node): it can join a
 * free seat and sign what it sends, as any client of its own could.
 */
export function seatKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    public: toBase32(raw),
    sign: (text) => toBase32(sign(null, Buffer.from(text, 'utf8'), privateKey)),
  };
}

const escape = (field) => field.replace(/\\/g, '\\\\').replace(/\t/g, '\\t')
  .replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** A message of the app's protocol signed by `seat` as `role`, number `n`. */
export function signed(seat, room, role, n, ...fields) {
  return signedUnder(`kharbga/${PROTOCOL} message`, seat, room, role, n, ...fields);
}

/** The same, its signature made under `purpose` (another version's, say). */
export function signedUnder(purpose, seat, room, role, n, ...fields) {
  const body = fields.map((f) => `\t${escape(f)}`).join('');
  const signature = seat.sign(`${purpose}\n${room}\n${role}\n${n}\n${body}`);
  return `kharbga\t${PROTOCOL}\tsigned\t${role}\t${n}\t${signature}${body}`;
}

/**
 * The room of an invitation link (`#r<host key>`): its code on the
 * signalling server is a hash of the host's key, as the app computes it.
 */
export function roomOf(link) {
  const key = fromBase32(link.split('#r')[1], 32);
  const digest = createHash('sha256').update('kharbga-room\n').update(key).digest();
  return toBase32(digest.subarray(0, 10));
}

/**
 * The lobby of an online tournament's link (`#tournament/join/<organizer
 * key>`), as the app computes it.
 */
export function lobbyOf(link) {
  const key = link.split('/join/')[1];
  const digest = createHash('sha256').update('kharbga-tournament-lobby\n').update(key).update('\n').digest();
  return toBase32(digest.subarray(0, 10));
}

/** The version of the tournaments' protocol (`TOURNAMENT_PROTOCOL`). */
export const TOURNAMENT_VERSION = '3';

/** A tournament message signed by `seat` (any key: its own, as any client
 * could), for the tournament of `organizer`, number `n`. */
export function tournamentSigned(seat, organizer, n, kind, ...fields) {
  const escaped = fields.map(escape);
  const bytes = [`kharbga-tournament-net/${TOURNAMENT_VERSION}`, organizer, seat.public, String(n), kind, ...escaped].join('\n');
  return ['kharbga-tournament-net', TOURNAMENT_VERSION, kind, seat.public, String(n), seat.sign(bytes), ...escaped].join('\t');
}

/** A page's hello in a tournament (unsigned: it asks for the state). */
export const TOURNAMENT_HELLO = ['kharbga-tournament-net', TOURNAMENT_VERSION, 'hello', '-', '-', '-'].join('\t');

/**
 * The key a page saved (its seed, 64 hexadecimal digits, as the app keeps
 * `kharbga-tournament-seat-<organizer>`): a client of its own that holds
 * it signs as that player.
 */
export function seatKeyFromSeed(hex) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(hex, 'hex')]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    public: toBase32(raw),
    sign: (text) => toBase32(sign(null, Buffer.from(text, 'utf8'), privateKey)),
  };
}

/**
 * A join for the free seat of `room` under `name` with `seat`'s key, with
 * the key's proof for the connection from `from` (our peer id) to `to`
 * (the host's), as `join_bytes` in src/net/identity.rs.
 */
export function joinMessage(seat, room, name, from, to) {
  const proof = seat.sign(`kharbga/${PROTOCOL} join\n${room}\n${seat.public}\n${name}\n${from}\n${to}`);
  return T('join', name, seat.public, proof);
}

/**
 * A seat's hello that proves it to the peer `to`: `role` (`host` or
 * `guest`), its side, its name, the number of its last signed message, and
 * a guest's certificate (`{ key, signature }` from the host's `seated`).
 */
export function seatHello(seat, room, role, side, name, n, to, cert = null) {
  const proof = seat.sign(`kharbga/${PROTOCOL} hello\n${room}\n${role}\n${side}\n${name}\n${n}\n${to}`);
  return T('hello', '0.1.0', name, role, side, String(n), proof,
    cert ? cert.key : '-', cert ? cert.signature : '-');
}

/** A message's fields as sent (escapes read back). */
export function fieldsOf(text) {
  return text.split('\t').map((f) => f.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\'));
}

/** A message of the app's protocol (its version: `PROTOCOL`). */
export const T = (...fields) => ['kharbga', PROTOCOL, ...fields].join('\t');

/** A key's shape (52 characters) that is nobody's key. */
export const NOBODY = '0'.repeat(52);
/** A signature's shape (103 characters) that proves nothing. */
export const FORGED = '0'.repeat(103);
/** A newcomer's hello (no seat claimed). */
export const HELLO = T('hello', '0.1.0', '', '-', '-', '-', '-', '-', '-');

/**
 * `evil` (see `hostile`) takes the free seat in `room` under `name`, as a
 * guest does: a hello to the host `hostId`, its welcome, a join with a seat
 * key of its own, and the host's certificate. `heard(evil, match)` is the
 * caller's own wait for a message. Returns the seat key, the `seated`
 * message's fields and the certificate.
 */
export async function takeSeat(evil, hostId, room, name, heard) {
  await evil.send(hostId, HELLO);
  await heard(evil, (m) => m.peer === hostId && m.text.includes('\twelcome\t'));
  const seat = seatKey();
  await evil.send(hostId, joinMessage(seat, room, name, await evil.id(), hostId));
  const seated = fieldsOf(await heard(evil, (m) => m.text.startsWith(T('seated'))));
  return { seat, seated, cert: { key: seated[4], signature: seated[6] } };
}

/**
 * A hostile peer in a fresh context of `browser`, in the room of `link`
 * (or at the signalling path `path`), with its behaviours set; resolves
 * once the server gave it an id.
 */
export async function hostile(browser, room, behaviour = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A same-origin document that does not start the app.
  await page.goto('/locales/en/main.ftl');
  await page.evaluate(install);
  await page.evaluate(({ onOffer, onNewPeer }) => {
    if (onOffer) window.H.onOffer = onOffer;
    if (onNewPeer) window.H.onNewPeer = onNewPeer;
  }, behaviour);
  await page.evaluate((url) => window.H.connect(url), `ws://127.0.0.1:3536/kharbga-${room}`);
  return {
    page,
    /** Sets what it does with offers and newcomers from now on. */
    behave: (next) => page.evaluate(({ onOffer, onNewPeer }) => {
      if (onOffer) window.H.onOffer = onOffer;
      if (onNewPeer) window.H.onNewPeer = onNewPeer;
    }, next),
    /** Waits until `count` data channels are open; returns their peers. */
    connected: async (count) => {
      await expect.poll(() => page.evaluate(() => window.H.openPeers().length), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(count);
      return page.evaluate(() => window.H.openPeers());
    },
    /** Sends a raw signal (any JSON) to `peer` through the server. */
    signal: (peer, data) => page.evaluate(({ p, d }) => window.H.signal(p, d), { p: peer, d: data }),
    send: (peer, text) => page.evaluate(({ p, t }) => window.H.send(p, t), { p: peer, t: text }),
    broadcast: (text) => page.evaluate((t) => window.H.broadcast(t), text),
    /** Sets what it says when a data channel opens. */
    greet: (texts) => page.evaluate((g) => { window.H.greeting = g; }, texts),
    /** Runs `body(H)` in the page (for floods). */
    run: (body, arg) => page.evaluate(body, arg),
    received: () => page.evaluate(() => window.H.received),
    /** Our own peer id on the signalling server. */
    id: () => page.evaluate(() => window.H.id),
    joined: () => page.evaluate(() => window.H.joined),
    close: () => context.close(),
  };
}

/**
 * The in-page crowd: many signalling connections of one hostile page, each
 * a peer of the room. What each does with an offer: 'honest' (answers, so a
 * data channel opens, and then says nothing) or 'ignore' (the offerer's
 * handshake stays half-open).
 */
function installCrowd() {
  window.C = {
    members: [],
    offers: 0,
    member(url, onOffer) {
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        const m = { ws, id: null, pcs: [], channels: [] };
        ws.onmessage = async (message) => {
          const event = JSON.parse(message.data);
          if (event.IdAssigned) { m.id = event.IdAssigned; resolve(m); }
          const data = event.Signal && event.Signal.data;
          if (!data || data.Offer === undefined) return;
          this.offers += 1;
          if (onOffer !== 'honest') return;
          const sender = event.Signal.sender;
          const pc = new RTCPeerConnection({ iceServers: [] });
          const channel = pc.createDataChannel('crowd', { negotiated: true, id: 0, ordered: true });
          m.pcs.push(pc);
          m.channels.push(channel);
          pc.onicecandidate = (e) => ws.send(JSON.stringify({ Signal: {
            receiver: sender, data: { IceCandidate: e.candidate ? JSON.stringify(e.candidate.toJSON()) : 'null' },
          } }));
          try {
            await pc.setRemoteDescription({ type: 'offer', sdp: data.Offer });
            await pc.setLocalDescription(await pc.createAnswer());
            ws.send(JSON.stringify({ Signal: { receiver: sender, data: { Answer: pc.localDescription.sdp } } }));
          } catch (error) { console.warn('crowd', String(error)); }
        };
        ws.onerror = () => reject(new Error('signalling server'));
      });
    },
    async join(url, count, onOffer) {
      for (let i = 0; i < count; i++) this.members.push(await this.member(url, onOffer));
    },
    open() {
      return this.members.reduce((n, m) => n + m.channels.filter((c) => c.readyState === 'open').length, 0);
    },
    leave() {
      for (const m of this.members) {
        for (const pc of m.pcs) pc.close();
        m.ws.close();
      }
      this.members = [];
    },
    // `count` peers join and leave at once, `batch` at a time.
    async churn(url, count, batch) {
      for (let done = 0; done < count; done += batch) {
        const wave = await Promise.all(Array.from({ length: Math.min(batch, count - done) },
          () => this.member(url, 'ignore')));
        for (const m of wave) m.ws.close();
      }
    },
  };
}

/**
 * A crowd of `count` peers in the room, in a fresh context of `browser`,
 * each answering offers as `onOffer` says ('honest' or 'ignore'); resolves
 * once all have joined.
 */
export async function crowd(browser, room, count, onOffer = 'ignore') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/locales/en/main.ftl');
  await page.evaluate(installCrowd);
  const url = `ws://127.0.0.1:3536/kharbga-${room}`;
  if (count > 0) await page.evaluate(({ u, n, o }) => window.C.join(u, n, o), { u: url, n: count, o: onOffer });
  return {
    page,
    /** Data channels open to the crowd now. */
    open: () => page.evaluate(() => window.C.open()),
    /** Offers the crowd received. */
    offers: () => page.evaluate(() => window.C.offers),
    /** `n` more peers join and leave at once, `batch` at a time. */
    churn: (n, batch = 20) => page.evaluate(({ u, c, b }) => window.C.churn(u, c, b), { u: url, c: n, b: batch }),
    leave: () => page.evaluate(() => window.C.leave()),
    close: () => context.close(),
  };
}

/**
 * Sends `count` ICE candidates of about `bytes` bytes each from the hostile
 * `evil` (see `hostile`) to `peer` through the signalling server, each with
 * an address of its own (so that nothing could fold them together), and
 * waits until the socket has sent them all.
 */
export function candidateFlood(evil, peer, count, bytes) {
  return evil.run(async ({ p, n, size }) => {
    const pad = 'a'.repeat(size);
    for (let i = 0; i < n; i++) {
      const candidate = `candidate:1 1 udp 2122260223 ${i}-${pad} 9 typ host`;
      window.H.signal(p, { IceCandidate: JSON.stringify({ candidate, sdpMid: '0', sdpMLineIndex: 0 }) });
      while (window.H.ws.bufferedAmount > 1_000_000) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    while (window.H.ws.bufferedAmount > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }, { p: peer, n: count, size: bytes });
}

/**
 * Counts the `RTCPeerConnection`s of the pages of `context` (an init
 * script): made, closed, collected by the garbage collector, refused; and,
 * while `window.__refusePeerConnections` is true, refuses new ones as
 * Chromium does past its limit of 500 in a page.
 */
export async function countPeerConnections(context) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const stats = { made: 0, closed: 0, collected: 0, refused: 0 };
    const registry = new FinalizationRegistry(() => { stats.collected += 1; });
    window.__peerConnections = stats;
    window.__refusePeerConnections = false;
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        if (window.__refusePeerConnections) {
          stats.refused += 1;
          throw new DOMException('Cannot create so many PeerConnections', 'UnknownError');
        }
        super(...args);
        stats.made += 1;
        registry.register(this, null);
      }
      close() {
        if (this.signalingState !== 'closed') stats.closed += 1;
        return super.close();
      }
    };
  });
}

/** The peer connections of `page` (see `countPeerConnections`) after a full
 * garbage collection. */
export async function peerConnectionsAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(200);
  }
  await cdp.detach();
  return page.evaluate(() => ({ ...window.__peerConnections }));
}

/** The network module's wasm memory in `page`, in bytes. */
export function netMemory(page) {
  // (`wasm_bindgen` is a global `let` of the module's script, not a property of `window`.)
  // eslint-disable-next-line no-undef
  return page.evaluate(() => wasm_bindgen.memory_bytes());
}

/**
 * The engine, as a client of one's own would run it: `kharbga-cli` (built
 * by `cargo test` in `make test`; built here if it is missing). Returns the
 * lines it prints for `args`.
 */
export function engine(...args) {
  const root = new URL('../../../', import.meta.url).pathname;
  let cli = ['target/debug/kharbga-cli', 'target/native/kharbga-cli'].map((p) => root + p).find(existsSync);
  if (!cli) {
    execFileSync('cargo', ['build', '--quiet', '--bin', 'kharbga-cli'], { cwd: root, stdio: 'inherit' });
    cli = `${root}target/debug/kharbga-cli`;
  }
  return execFileSync(cli, args, { encoding: 'utf8', input: args[0] === 'batch' ? `${args.pop()}\n` : undefined })
    .trim().split('\n');
}

/** The legal plies of `variant` after `plies` (the engine's answer). */
export function legalPlies(variant, plies) {
  const answer = engine('batch', `${variant}||${plies.join(' ')}`)[0];
  const [, legal] = answer.split(' | ');
  return legal ? legal.split(' ') : [];
}

/** The position's hash after each of `plies` (16 hexadecimal digits). */
export function hashes(variant, plies) {
  return engine('hashes', variant, ...plies).map((line) => line.split(' ')[1]);
}

/** The plies of signed ply messages `from` a peer sent, by index. */
export function signedPlies(messages, from) {
  const plies = [];
  for (const { peer, text } of messages) {
    const f = text.split('\t');
    if (peer === from && f[2] === 'signed' && f[6] === 'ply') plies[Number(f[7])] = f[8];
  }
  return plies;
}
