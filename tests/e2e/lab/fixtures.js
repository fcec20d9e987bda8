// What the lab's specs share: a Chromium in each LAN's namespace (launched
// once for the worker, the first time a test asks for it), players whose
// pages record their RTCPeerConnections, the connection settings typed
// into the online form as a player would, and what getStats says of the
// path each connection took. Every page is watched for page and console
// errors (specs/fixtures.js: a test fails on any).
import { chromium } from '@playwright/test';
import { test as base, expect, watch } from '../specs/fixtures.js';
import { ORIGIN, SETTINGS, launchIn } from './lab.mjs';

export { expect };

export const test = base.extend({
  /** `inLan('a')`: the Chromium of LAN A's machine (kh-a). */
  inLan: [async ({}, use) => {
    const lab = JSON.parse(process.env.KHARBGA_LAB ?? 'null');
    if (!lab) throw new Error('the network lab is not up (run through lab/playwright.config.js)');
    const browsers = {};
    await use((lan) => (browsers[lan] ??= launchIn(chromium, lab, `kh-${lan}`)));
    for (const browser of Object.values(browsers)) await (await browser).close();
  }, { scope: 'worker' }],
});

/** Wraps RTCPeerConnection so that a test can ask each connection of the
 * page for its statistics (the network module makes them on the page). */
function recordPeers() {
  const Native = window.RTCPeerConnection;
  const peers = [];
  Object.defineProperty(window, '__labPeers', { value: peers });
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      peers.push(this);
    }
  };
}

/** A player's page in a fresh context of LAN `lan`'s browser, on the lab's
 * server, with the lab's connection settings saved through the online
 * form (by their labels, as a player types them); `settings` replaces
 * some of them (no TURN server, say); `allowed`: console errors the test
 * expects (see specs/fixtures.js). */
export async function labPlayer(inLan, lan, errors, settings = {}, allowed = []) {
  const typed = { ...SETTINGS, ...settings };
  const context = await (await inLan(lan)).newContext({ baseURL: ORIGIN, serviceWorkers: 'block' });
  await context.addInitScript(recordPeers);
  const page = await context.newPage();
  watch(page, errors, allowed);
  await page.goto('/online.html#online');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByText('Connection settings', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Signalling server' }).fill(typed.server);
  await page.getByRole('textbox', { name: 'STUN and TURN servers' }).fill(typed.ice);
  await page.getByRole('textbox', { name: 'TURN user name' }).fill(typed.username);
  await page.getByRole('textbox', { name: 'TURN password' }).fill(typed.credential);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved: used for the next room.')).toBeVisible();
  return page;
}

/**
 * The path each live connection of `page` took: the selected candidate
 * pair's local and remote candidate types (`host`, `srflx`, `prflx`,
 * `relay`) and addresses, and its current round trip (ms), from getStats.
 */
export async function paths(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__labPeers) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      let pair = null;
      stats.forEach((s) => {
        if (s.type === 'transport' && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId);
      });
      if (!pair) continue;
      const local = stats.get(pair.localCandidateId);
      const remote = stats.get(pair.remoteCandidateId);
      out.push({
        local: local.candidateType,
        localAddress: `${local.address}:${local.port}`,
        remote: remote.candidateType,
        remoteAddress: `${remote.address}:${remote.port}`,
        relayed: local.candidateType === 'relay' || remote.candidateType === 'relay',
        rtt: pair.currentRoundTripTime === undefined ? null : Math.round(pair.currentRoundTripTime * 1000 * 10) / 10,
      });
    }
    return out;
  });
}

/** A path as one line: `srflx 203.0.113.10:4000 → prflx 203.0.113.30:5000, 0.4 ms`. */
export const describe = (p) => `${p.local} ${p.localAddress} → ${p.remote} ${p.remoteAddress}, rtt ${p.rtt} ms`;

/** Waits (20 s at most) until one of `page`'s connections took a path
 * that `wanted` accepts; returns it. On failure, says which paths there were. */
export async function pathWhere(page, wanted, what) {
  let seen = [];
  for (const end = Date.now() + 20_000; Date.now() < end; await page.waitForTimeout(250)) {
    seen = await paths(page);
    const found = seen.find(wanted);
    if (found) return found;
  }
  throw new Error(`no connection ${what}; the page's paths: ${seen.map(describe).join('; ') || 'none'}`);
}
