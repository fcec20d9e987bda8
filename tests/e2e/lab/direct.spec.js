// Both players behind port-restricted cone NATs (LAN A and LAN C): their
// pages find a direct path through the two NATs with STUN (the selected
// candidate pair is not a relay, though TURN is offered too), and play a
// whole game; a spectator behind the symmetric NAT (LAN B) watches it,
// over the TURN relay.
import { test, expect, labPlayer, pathWhere, paths, describe } from './fixtures.js';
import { board } from '../specs/helpers.js';
import { join, openRoom, pieces, playUntil } from '../specs/rooms.js';
import { LANS, ORIGIN, SERVER } from './lab.mjs';

test('behind two cone NATs the players connect directly; a whole game, watched from behind the symmetric NAT', async ({ inLan, errors }) => {
  const host = await labPlayer(inLan, 'a', errors);
  const guest = await labPlayer(inLan, 'c', errors);
  const watcher = await labPlayer(inLan, 'b', errors);
  const link = await openRoom(host, 'seega5', 'Amel');
  expect(link.startsWith(`${ORIGIN}/online.html#r`)).toBe(true);
  const opened = Date.now();
  await join(guest, link, 'Youssef');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  // Each page says how the other is reached, with the round trip.
  for (const page of [host, guest]) {
    await expect(page.getByTestId('online-path')).toHaveAttribute('data-path', 'direct');
    await expect(page.getByTestId('online-path')).toHaveText(/ ms/);
  }
  console.log(`direct: link opened to connected ${Date.now() - opened} ms (with the join form)`);

  // Each player's connection to the other goes straight between the two
  // routers' public addresses: neither end is the relay.
  const hostPath = await pathWhere(host, (p) => p.remoteAddress.startsWith(`${LANS.c.router}:`), 'from LAN A to LAN C\'s router');
  const guestPath = await pathWhere(guest, (p) => p.remoteAddress.startsWith(`${LANS.a.router}:`), 'from LAN C to LAN A\'s router');
  console.log(`direct: host ${describe(hostPath)}; guest ${describe(guestPath)}`);
  // The far end is the other router's mapping (server- or peer-reflexive):
  // the path goes through both NATs, found by STUN and hole punching.
  for (const path of [hostPath, guestPath]) {
    expect(path.relayed, describe(path)).toBe(false);
    expect(['host', 'srflx', 'prflx'], describe(path)).toContain(path.local);
    expect(['srflx', 'prflx'], describe(path)).toContain(path.remote);
  }

  // The spectator, behind the symmetric NAT, can only come in through the
  // relay: its own allocation, or the host's (then its own end is the
  // symmetric NAT's mapping, which Chrome names peer-reflexive).
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible();
  await expect(host.getByTestId('watchers')).toHaveText(/One spectator/);
  const watcherPath = await pathWhere(watcher, (p) => p.relayed, 'relayed');
  console.log(`direct: spectator ${describe(watcherPath)}`);
  const relayEnd = watcherPath.local === 'relay' ? watcherPath.localAddress : watcherPath.remoteAddress;
  expect(relayEnd.startsWith(`${SERVER}:`), describe(watcherPath)).toBe(true);

  // A whole game of Seega 5×5, each side clicking on its own page.
  await playUntil([host, guest], ['first', 'second']);
  for (const page of [host, guest, watcher]) await expect(page.getByTestId('result')).toBeVisible();
  const end = await pieces(host);
  expect(await pieces(guest)).toBe(end);
  expect(await pieces(watcher)).toBe(end);
  const plies = await host.locator('[data-ply]').count();
  await expect(guest.locator('[data-ply]')).toHaveCount(plies);
  await expect(watcher.locator('[data-ply]')).toHaveCount(plies);
  await expect(board(watcher)).toHaveAttribute('data-input', 'false');
  // Still direct at the end of the game.
  const after = (await paths(host)).find((p) => p.remoteAddress.startsWith(`${LANS.c.router}:`));
  expect(after?.relayed, JSON.stringify(await paths(host))).toBe(false);
  console.log(`direct: ${plies} plies; round trip at the end ${after.rtt} ms`);
  for (const page of [host, guest, watcher]) await page.context().close();
});
