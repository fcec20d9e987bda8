// A phone that changes networks mid-game. Two ways:
// - the guest's machine gets a new address (its old connections die with
//   the old one): the browser says so (offline, then online), and the page
//   joins the room afresh at once;
// - the guest's router takes a new outside address (a carrier's NAT that
//   renumbered): the device sees nothing, its connections die silently, and
//   the pages find the silence (three heartbeats) and join again.
// Either way the pages show the connection lost, then back by themselves
// (how soon: `make bench-lab` prints it),
// no ply lost, both boards equal; a ply played during the outage keeps its
// mover's time (the clock is fair to the player whose network changed).
import { test, expect, labPlayer } from './fixtures.js';
import { join, openRoom, pieces, pliesStillCross } from '../specs/rooms.js';
import { LANS, renumberMachine as renumber, renumberRouter } from './lab.mjs';

/** Waits until no page shows "connected", then until both do again;
 * returns [lost after, back after] in ms from `changed`. */
async function lostThenBack(pages, changed) {
  await expect.poll(async () => {
    const seen = await Promise.all(pages.map((p) => p.getByTestId('connection').getAttribute('data-status')));
    return seen.some((s) => s !== 'connected');
  }, { timeout: 60_000, intervals: [100] }).toBe(true);
  const lost = Date.now() - changed;
  for (const page of pages) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 90_000 });
  }
  return [lost, Date.now() - changed];
}

/** Both boards equal and every ply on both pages. */
async function sameGame(host, guest) {
  expect(await pieces(guest)).toBe(await pieces(host));
  const plies = await host.locator('[data-ply]').count();
  await expect(guest.locator('[data-ply]')).toHaveCount(plies);
}

test('a guest whose device changes networks mid-game is shown lost, then back by itself, with no ply lost', async ({ inLan, errors }) => {
  const host = await labPlayer(inLan, 'c', errors);
  const guest = await labPlayer(inLan, 'a', errors);
  const link = await openRoom(host, 'seega5', 'Amel');
  await join(guest, link, 'Youssef');
  await pliesStillCross(host, guest);
  try {
    // (The browser's news, for the log.)
    await guest.evaluate(() => {
      window.news = [];
      for (const e of ['online', 'offline']) addEventListener(e, () => window.news.push([e, Date.now()]));
    });
    const changed = Date.now();
    renumber(2, 3);
    const [lost, back] = await lostThenBack([host, guest], changed);
    console.log(`roaming (device): shown lost after ${lost} ms, connected again after ${back} ms`);
    const news = (await guest.evaluate(() => window.news)).map(([e, t]) => `${e} after ${t - changed} ms`);
    console.log(`  the browser said: ${news.join(', ') || 'nothing'}`);
    await pliesStillCross(host, guest);
    // (How soon it came back is printed above, and by `make bench-lab`:
    // a figure, not a check.)
    await sameGame(host, guest);
  } finally {
    renumber(3, 2);
  }
  for (const page of [host, guest]) await page.context().close();
});

test('when the router renumbers unseen, the silence is found, the game comes back, and a turn played meanwhile keeps its time', async ({ inLan, errors }) => {
  const host = await labPlayer(inLan, 'c', errors);
  const guest = await labPlayer(inLan, 'a', errors);
  const link = await openRoom(host, 'seega5', 'Amel', 'first', '5');
  await join(guest, link, 'Youssef');
  await pliesStillCross(host, guest);
  // The host's turn, seen by the guest; then the guest's.
  const before = await host.locator('[data-ply]').count();
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  await expect(guest.locator('[data-ply]')).toHaveCount(before + 2);
  const moved = LANS.a.router.replace(/\.10$/, '.11');
  try {
    const changed = Date.now();
    renumberRouter(LANS.a.router, moved);
    // The guest plays its turn at once, its page not knowing yet.
    await guest.locator('.square.placeable').first().click();
    await guest.locator('.square.placeable').first().click();
    await expect(guest.locator('[data-ply]')).toHaveCount(before + 4);
    const [lost, back] = await lostThenBack([host, guest], changed);
    console.log(`roaming (router): shown lost after ${lost} ms, connected again after ${back} ms`);
    // The guest's plies reached the host with the new connection…
    await expect(host.locator('[data-ply]')).toHaveCount(before + 4);
    // …with the guest's own time: its clock (stopped now) reads the same
    // on both pages, although the host counted the seconds of the outage.
    await expect(host.getByTestId('clock-second')).toHaveAttribute('data-running', 'false');
    const mine = await guest.getByTestId('clock-second').textContent();
    await expect(host.getByTestId('clock-second')).toHaveText(mine);
    await expect(host.getByTestId('online-warning')).toHaveCount(0);
    await pliesStillCross(host, guest);
    await sameGame(host, guest);
  } finally {
    renumberRouter(moved, LANS.a.router);
  }
  for (const page of [host, guest]) await page.context().close();
});
