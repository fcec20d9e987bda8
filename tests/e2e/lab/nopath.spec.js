// When no connection can be made (a symmetric NAT and no relay, or the
// build's defaults: no STUN or TURN server at all), both pages say so in
// the player's words (how soon: `make bench-lab`), with what would help, instead of
// "Connecting…" for good; the host's invitation stays open for a later try.
import { test, expect, labPlayer } from './fixtures.js';
import { join, openRoom } from '../specs/rooms.js';
import { SERVER } from './lab.mjs';

/** The guest opens `link`; both pages must say that no direct connection
 * could be made (waited for generously). Returns the ms it took. */
async function bothSayNoPath(host, guest, link) {
  const opened = Date.now();
  await guest.goto(link);
  await expect(guest.getByTestId('online-no-path')).toBeVisible({ timeout: 90_000 });
  await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'unreachable');
  await expect(guest.getByTestId('online-no-path')).toContainText('relay (TURN) server');
  await expect(host.getByTestId('online-no-path')).toBeVisible({ timeout: 90_000 });
  await expect(host.getByTestId('online-no-path')).toContainText('Your invitation stays open');
  const took = Date.now() - opened;
  // The host still waits, with its invitation.
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'waiting');
  await expect(host.getByTestId('invitation-link')).toHaveValue(link);
  return took;
}

test('behind the symmetric NAT with no relay, both pages say no direct connection is possible; a later try with a relay connects', async ({ inLan, errors }) => {
  const stunOnly = { ice: `stun:${SERVER}:3478`, username: '', credential: '' };
  const host = await labPlayer(inLan, 'b', errors, stunOnly);
  const guest = await labPlayer(inLan, 'a', errors, stunOnly);
  const link = await openRoom(host, 'seega5', 'Amel');
  const took = await bothSayNoPath(host, guest, link);
  console.log(`symmetric NAT, STUN only: both pages said so after ${took} ms`);
  // In Arabic too, right to left.
  await guest.getByRole('button', { name: 'العربية' }).click();
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(guest.getByTestId('online-no-path')).toContainText('تعذّر إنشاء اتصال مباشر');
  await guest.context().close();
  // A later try, from a guest with the relay, joins the same invitation.
  const later = await labPlayer(inLan, 'a', errors);
  await join(later, link, 'Youssef');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('online-no-path')).toHaveCount(0);
  await expect(later.getByTestId('online-path')).toHaveAttribute('data-path', 'relay');
  for (const page of [host, later]) await page.context().close();
});

test('with the build\'s defaults (no STUN or TURN server) two homes behind NATs are told why they cannot connect', async ({ inLan, errors }) => {
  const none = { ice: '', username: '', credential: '' };
  const host = await labPlayer(inLan, 'a', errors, none);
  const guest = await labPlayer(inLan, 'c', errors, none);
  const link = await openRoom(host, 'seega5', 'Amel');
  const took = await bothSayNoPath(host, guest, link);
  console.log(`no STUN or TURN: both pages said so after ${took} ms`);
  for (const page of [host, guest]) await page.context().close();
});
