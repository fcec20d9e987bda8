// Online play in the network lab (`make bench-online`, as root): the
// release build served over TLS by nginx on the lab's Internet, the
// signalling server behind it, coturn for STUN and TURN, and two players'
// Chromiums in LAN namespaces behind NATs (lab.mjs). For the direct path
// (LAN A and LAN C, both cone NATs) and the relayed one (LAN B, symmetric,
// and LAN A), prints:
// - the connection time: the invitation link opened on the guest's page
//   (the join form answered at once) to the first ply possible (the board
//   of the side to move takes input), median and p95 over the rooms;
// - a click on one page to the ply shown on the other, median and p95 over
//   the plies (the first placements of Seega 7×7, sides alternating);
// - the round trip getStats reports for the selected candidate pair
//   (currentRoundTripTime, at the end of each room), median and p95;
// - the time to recover from an address change (LAN A's guest, LAN C's
//   host, a fresh room each time): the change to both pages *connected*
//   again, median and p95, when the machine takes a new address (the
//   browser says so) and when its router does (the pages find the silence).
//   LAB_TRACE=1 prints each page's status as it changes, recovery only.
// Figures, not pass/fail. The lab's links add no delay (this kernel has no
// netem): the figures are the app, the browsers, the NATs and the relay.
//
// Usage: node lab/bench-lab.mjs [rooms] [plies]   (from tests/e2e, as root)
import { chromium } from 'playwright-core';
import {
  LANS, ORIGIN, SETTINGS, launchIn, renumberMachine, renumberRouter, up, whyNot,
} from './lab.mjs';
import { plyLatencies, quantile } from '../bench-setup.mjs';

const rooms = Number(process.argv[2] ?? 10);
const pliesPerRoom = Number(process.argv[3] ?? 20);

const reason = whyNot();
if (reason) {
  console.log(`network lab bench skipped: ${reason}`);
  process.exit(0);
}

// The page's RTCPeerConnections, for getStats.
const recordPeers = () => {
  const Native = window.RTCPeerConnection;
  const peers = [];
  Object.defineProperty(window, '__labPeers', { value: peers });
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); peers.push(this); }
  };
};

/** The selected pair of the page's connected peer: types and round trip (ms). */
const selected = (page) => page.evaluate(async () => {
  for (const pc of window.__labPeers) {
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats();
    let pair = null;
    stats.forEach((s) => { if (s.type === 'transport' && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId); });
    if (!pair) continue;
    return {
      local: stats.get(pair.localCandidateId).candidateType,
      remote: stats.get(pair.remoteCandidateId).candidateType,
      rtt: pair.currentRoundTripTime * 1000,
    };
  }
  return null;
});

const settings = `server ${SETTINGS.server}\nice ${SETTINGS.ice}\nusername ${SETTINGS.username}\ncredential ${SETTINGS.credential}\n`;

async function player(browser) {
  const context = await browser.newContext({ baseURL: ORIGIN, serviceWorkers: 'block' });
  await context.addInitScript(recordPeers);
  await context.addInitScript((text) => {
    localStorage.setItem('kharbga.language', 'en');
    localStorage.setItem('kharbga.online', text);
  }, settings);
  return context.newPage();
}

/** A room of Seega 7×7: the host's page, the guest's, and the time from
 * the link opened to the first ply possible. */
async function room(hostBrowser, guestBrowser) {
  const host = await player(hostBrowser);
  const guest = await player(guestBrowser);
  await host.goto('/online.html#online');
  await host.getByTestId('variant-seega7').check();
  await host.getByTestId('online-name').fill('Amel');
  await host.getByTestId('start').click();
  await host.locator('[data-testid="connection"][data-status="waiting"]').waitFor();
  const link = await host.getByTestId('invitation-link').inputValue();
  const opened = Date.now();
  await guest.goto(link);
  await guest.getByTestId('join-name').fill('Youssef');
  await guest.getByTestId('join').click();
  // The host plays first: its board takes input once the guest is seated.
  await host.locator('[data-testid="board"][data-input="true"]').waitFor();
  return { host, guest, connect: Date.now() - opened };
}

async function measure(label, hostBrowser, guestBrowser) {
  const connects = [];
  const latencies = [];
  const rtts = [];
  const kinds = new Set();
  for (let r = 0; r < rooms; r++) {
    const { host, guest, connect } = await room(hostBrowser, guestBrowser);
    connects.push(connect);
    latencies.push(...(await plyLatencies(host, guest, pliesPerRoom)));
    const pair = await selected(host);
    if (pair) {
      rtts.push(pair.rtt);
      kinds.add(`${pair.local}→${pair.remote}`);
    }
    await host.context().close();
    await guest.context().close();
  }
  const ms = (x) => `${Math.round(x)} ms`;
  const rtt = (x) => `${Math.round(x * 10) / 10} ms`;
  console.log(`lab ${label} (selected pairs ${[...kinds].join(', ')}):`);
  console.log(`  link opened to first ply possible: median ${ms(quantile(connects, 0.5))}, p95 ${ms(quantile(connects, 0.95))} over ${connects.length} rooms`);
  console.log(`  click to ply shown on the other page: median ${ms(quantile(latencies, 0.5))}, p95 ${ms(quantile(latencies, 0.95))} over ${latencies.length} plies`);
  console.log(`  getStats round trip: median ${rtt(quantile(rtts, 0.5))}, p95 ${rtt(quantile(rtts, 0.95))} over ${rtts.length} rooms`);
}

/** The time from `change()` to both pages *connected* again (each page
 * first shown not connected), `times` rooms; `undo()` after each. */
async function recovery(label, change, undo, times) {
  const took = [];
  for (let r = 0; r < times; r++) {
    const { host, guest } = await room(browsers.c, browsers.a);
    const status = () => Promise.all([host, guest].map((p) => p.getByTestId('connection').getAttribute('data-status')));
    const changed = Date.now();
    change();
    try {
      while ((await status()).every((s) => s === 'connected')) {
        if (Date.now() - changed > 15_000) throw new Error(`${label}: never shown lost`);
        await host.waitForTimeout(50);
      }
      let last = '';
      while (!(await status()).every((s) => s === 'connected')) {
        if (Date.now() - changed > 30_000) throw new Error(`${label}: never connected again`);
        const now = (await status()).join(' ');
        if (process.env.LAB_TRACE && now !== last) console.log(`  ${Date.now() - changed} ms: ${now}`);
        last = now;
        await host.waitForTimeout(50);
      }
      took.push(Date.now() - changed);
    } finally {
      undo();
    }
    await host.context().close();
    await guest.context().close();
  }
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(`lab recovery, ${label}: median ${ms(quantile(took, 0.5))}, p95 ${ms(quantile(took, 0.95))} over ${took.length} changes`);
}

const lab = await up();
const browsers = {};
try {
  for (const lan of ['a', 'b', 'c']) browsers[lan] = await launchIn(chromium, lab, `kh-${lan}`);
  if (!process.env.LAB_TRACE) {
    await measure('direct (LAN A and LAN C, cone NATs, STUN)', browsers.a, browsers.c);
    await measure('relayed (LAN B symmetric NAT and LAN A, TURN)', browsers.b, browsers.a);
  }
  const moved = LANS.a.router.replace(/\.10$/, '.11');
  await recovery('the guest\'s machine takes a new address', () => renumberMachine(2, 3), () => renumberMachine(3, 2), 5);
  await recovery('the guest\'s router takes a new address', () => renumberRouter(LANS.a.router, moved),
    () => renumberRouter(moved, LANS.a.router), 5);
} finally {
  for (const browser of Object.values(browsers)) await browser.close();
  await lab.down();
}
