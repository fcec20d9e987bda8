// How the connection to the other side is shown: direct or through a
// relay, with the round trip, and a clear word when no connection can be
// made (on loopback here; tests/e2e/lab makes real NATs).
import { test, expect } from './fixtures.js';
import { newPlayer, createRoom, join, seatedPair } from './rooms.js';
import { plain } from './helpers.js';

test('each page shows how the other side is reached, and the round trip', async ({ browser, errors }) => {
  const { host, guest } = await seatedPair(browser, errors);
  for (const page of [host, guest]) {
    const path = page.getByTestId('online-path');
    await expect(path).toHaveAttribute('data-path', 'direct');
    await expect(path).toHaveAttribute('data-lost', 'false');
    // The round trip comes from the browser's own statistics, live.
    await expect.poll(async () => plain(await path.textContent())).toMatch(/^Direct connection · \d+ ms$/);
  }
});

test('when no connection can be made both pages say so, and the invitation stays open', async ({ browser, errors }) => {
  test.setTimeout(180_000);
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  // A guest whose browser finds no path: no candidate of its own (relay
  // only, and no relay), as behind a carrier's NAT with no TURN server.
  const guest = await newPlayer(browser, errors);
  await guest.addInitScript(() => {
    const Real = window.RTCPeerConnection;
    const Blocked = function (config) {
      return new Real({ ...(config ?? {}), iceServers: [], iceTransportPolicy: 'relay' });
    };
    Blocked.prototype = Real.prototype;
    window.RTCPeerConnection = Blocked;
  });
  const opened = Date.now();
  await guest.goto(link);
  const guestNotice = guest.getByTestId('online-no-path');
  await expect(guestNotice).toBeVisible({ timeout: 60_000 });
  await expect(guestNotice).toContainText('No direct connection to the host could be made');
  await expect(guestNotice).toContainText('relay (TURN) server');
  await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'unreachable');
  await expect(guest.getByTestId('connection')).toHaveText('No direct connection possible');
  const hostNotice = host.getByTestId('online-no-path');
  await expect(hostNotice).toBeVisible({ timeout: 60_000 });
  await expect(hostNotice).toContainText('Your invitation stays open for another try');
  console.log(`no path: both pages said so after ${Date.now() - opened} ms`);
  // The host still waits, its invitation shown; a later try connects.
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'waiting');
  await expect(host.getByTestId('invitation-link')).toHaveValue(link);
  await guest.context().close();
  const later = await newPlayer(browser, errors);
  await join(later, link, 'Youssef');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('online-no-path')).toHaveCount(0);
});
