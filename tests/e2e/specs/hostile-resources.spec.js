// What one peer can make a page hold (issue 27): signals kept in memory,
// connections, handshake slots, the browser's peer connections. Each attack
// is run by peers of our own (hostile.js: matchbox's signalling JSON over
// WebSockets and raw RTCPeerConnections, not the app's code) against the
// release build, and each must leave the honest pages playing, with no page
// or console error.
import { test, expect } from './fixtures.js';
import { createRoom, join, newPlayer, pliesStillCross, seatedPair } from './rooms.js';
import {
  hostile, roomOf, crowd, candidateFlood, countPeerConnections, peerConnectionsAfterGc, netMemory,
} from './hostile.js';
import { watch } from './fixtures.js';

// One test at a time: each loads the machine on its own.
test.describe.configure({ mode: 'default', timeout: 240_000 });

/** Amel hosts in a context whose peer connections are counted
 * (`countPeerConnections`); Youssef joins. Returns `{ context, host, guest, link }`. */
async function countedPair(browser, errors) {
  const context = await browser.newContext();
  await countPeerConnections(context);
  const host = await context.newPage();
  watch(host, errors);
  const guest = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  await join(guest, link, 'Youssef');
  return { context, host, guest, link };
}

/** The peer id under which `evil` (see `hostile`) knows the page named `name`. */
async function peerNamed(evil, name) {
  await expect.poll(async () => (await evil.received())
    .some((m) => m.text.includes('\thello\t') && m.text.includes(`\t${name}\t`)), { timeout: 15_000 }).toBe(true);
  return (await evil.received()).find((m) => m.text.includes('\thello\t') && m.text.includes(`\t${name}\t`)).peer;
}

test('a flood of ICE candidates leaves the network module\'s memory bounded', async ({ browser, errors }) => {
  const { host, guest, link } = await seatedPair(browser, errors);
  const room = roomOf(link);
  // A peer connected honestly, and one that leaves the host's offer
  // unanswered (its handshake waits for an answer that never comes).
  const connected = await hostile(browser, room, { onOffer: 'honest' });
  await connected.connected(2);
  const silent = await hostile(browser, room, { onOffer: 'ignore' });
  const hostPeer = await peerNamed(connected, 'Amel');
  const before = await netMemory(host);
  // 1,500 candidates of 10 KB from each (30 MB in all), each with an
  // address of its own.
  await candidateFlood(connected, hostPeer, 1_500, 10_000);
  await candidateFlood(silent, hostPeer, 1_500, 10_000);
  // A peer that joins now is met by the host only once it has read
  // everything the server relayed before (one socket, in order).
  const marker = await hostile(browser, room, { onOffer: 'honest' });
  await peerNamed(marker, 'Amel');
  const after = await netMemory(host);
  console.log(`network module memory: ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after`);
  expect(after - before, 'memory the flood added').toBeLessThan(8_000_000);
  await pliesStillCross(host, guest);
  for (const peer of [connected, silent, marker]) await peer.close();
  for (const page of [host, guest]) await page.context().close();
  expect(errors, 'no page or console errors').toEqual([]);
});

test('17 connections that never say hello: the invited friend still takes the seat and plays, and they are closed', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  // Seventeen peers connect to the host (data channels open) and say nothing.
  const mute = await crowd(browser, roomOf(link), 17, 'honest');
  await expect.poll(() => mute.open(), { timeout: 60_000 }).toBe(17);
  const guest = await newPlayer(browser, errors);
  await join(guest, link, 'Youssef');
  await pliesStillCross(host, guest);
  // The host closes the connections that never introduced themselves.
  await expect.poll(() => mute.open(), { timeout: 30_000 }).toBe(0);
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await mute.close();
  for (const page of [host, guest]) await page.context().close();
  expect(errors, 'no page or console errors').toEqual([]);
});

test('40 half-open handshakes, then 120 peers that join and leave: a new spectator gets in within seconds (the slots were held 30 s)', async ({ browser, errors }) => {
  const { host, guest, link } = await seatedPair(browser, errors);
  const room = roomOf(link);
  // Forty peers join and never answer the players' offers.
  const halfOpen = await crowd(browser, room, 40, 'ignore');
  // Both players offered to (at least) 32 of them: every handshake slot of
  // the previous build was taken.
  await expect.poll(() => halfOpen.offers(), { timeout: 30_000 }).toBeGreaterThanOrEqual(64);
  const watcher = await newPlayer(browser, errors);
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible({ timeout: 12_000 });
  // They leave, and 120 more join and leave at once, twenty at a time.
  await halfOpen.leave();
  await halfOpen.churn(120, 20);
  const late = await newPlayer(browser, errors);
  await late.goto(link);
  await expect(late.getByTestId('watching')).toBeVisible({ timeout: 12_000 });
  await pliesStillCross(host, guest, [watcher, late]);
  await halfOpen.close();
  for (const page of [host, guest, watcher, late]) await page.context().close();
  expect(errors, 'no page or console errors').toEqual([]);
});

test('connection churn: every connection the host gives up is closed and let go, and the guest\'s reload reconnects', async ({ browser, errors }) => {
  const { context, host, guest, link } = await countedPair(browser, errors);
  // 100 peers join and leave at once: the host starts a handshake with
  // each, and each must be closed and let go (Chromium counts every peer
  // connection that was not collected, 500 at most in a page).
  const churn = await crowd(browser, roomOf(link), 0);
  await churn.churn(100, 20);
  await expect.poll(async () => {
    const stats = await peerConnectionsAfterGc(host);
    return stats.made - stats.collected;
    // (The guest's, and a few the collector may keep a while longer: it
    // does not promise to take every dead object at each run.)
  }, { timeout: 30_000, message: 'peer connections still held by the host' }).toBeLessThanOrEqual(6);
  const stats = await host.evaluate(() => ({ ...window.__peerConnections }));
  console.log(`host peer connections: ${JSON.stringify(stats)}`);
  expect(stats.made).toBeGreaterThanOrEqual(100);
  await guest.reload();
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  }
  await pliesStillCross(host, guest);
  await churn.close();
  for (const page of [host, guest]) await page.context().close();
  expect(errors, 'no page or console errors').toEqual([]);
});

test('when the browser refuses a peer connection the page recovers by itself: the guest\'s reload reconnects', async ({ browser, errors }) => {
  const { context, host, guest } = await countedPair(browser, errors);
  // The host's browser refuses new connections (as Chromium does past 500
  // in a page) while the guest reloads: the host cannot connect to it.
  await host.evaluate(() => { window.__refusePeerConnections = true; });
  await guest.reload();
  await expect.poll(() => host.evaluate(() => window.__peerConnections.refused), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  // The host's page tries again by itself, and is refused again…
  await expect.poll(() => host.evaluate(() => window.__peerConnections.refused), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  // …until the browser makes connections again (its collector ran); then
  // the game goes on.
  await host.evaluate(() => { window.__refusePeerConnections = false; });
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  }
  await pliesStillCross(host, guest);
  for (const page of [host, guest]) await page.context().close();
  expect(errors, 'no page or console errors').toEqual([]);
});
