// One player behind the symmetric NAT (LAN B), the other behind a cone NAT
// (LAN A): no direct path exists (LAN B's router gives each destination a
// new port, and LAN A's lets in only the address and port it wrote to), so
// the pages connect through coturn's relay, and a whole game is played.
import { test, expect, labPlayer, pathWhere, paths, describe } from './fixtures.js';
import { join, openRoom, pieces, playUntil } from '../specs/rooms.js';
import { SERVER } from './lab.mjs';

test('behind the symmetric NAT a player connects through the TURN relay, and a whole game is played', async ({ inLan, errors }) => {
  const host = await labPlayer(inLan, 'b', errors);
  const guest = await labPlayer(inLan, 'a', errors);
  const link = await openRoom(host, 'seega5', 'Amel', 'second');
  const opened = Date.now();
  await join(guest, link, 'Youssef');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  // Each page says how the other is reached, with the round trip.
  for (const page of [host, guest]) {
    await expect(page.getByTestId('online-path')).toHaveAttribute('data-path', 'relay');
    await expect(page.getByTestId('online-path')).toHaveText(/ ms/);
  }
  console.log(`relay: link opened to connected ${Date.now() - opened} ms (with the join form)`);

  // The selected pair goes through a relay address on the TURN server
  // (whichever side's allocation ICE chose), and no connection is direct.
  const hostPath = await pathWhere(host, (p) => p.relayed, 'relayed');
  const guestPath = await pathWhere(guest, (p) => p.relayed, 'relayed');
  console.log(`relay: host ${describe(hostPath)}; guest ${describe(guestPath)}`);
  for (const path of [hostPath, guestPath]) {
    const relay = path.local === 'relay' ? path.localAddress : path.remoteAddress;
    expect(relay.startsWith(`${SERVER}:`), describe(path)).toBe(true);
  }
  for (const page of [host, guest]) {
    const all = await paths(page);
    expect(all.every((p) => p.relayed), all.map(describe).join('; ')).toBe(true);
  }

  // The guest plays first here (the host took the second side).
  await playUntil([guest, host], ['first', 'second']);
  for (const page of [host, guest]) await expect(page.getByTestId('result')).toBeVisible();
  expect(await pieces(guest)).toBe(await pieces(host));
  const plies = await host.locator('[data-ply]').count();
  await expect(guest.locator('[data-ply]')).toHaveCount(plies);
  const after = (await paths(host)).find((p) => p.relayed);
  console.log(`relay: ${plies} plies; round trip at the end ${after?.rtt} ms`);
  for (const page of [host, guest]) await page.context().close();
});
