// The organizer's page flooded with hellos while newcomers open the link,
// and a genuine old state replayed to them. Clients of our own in the
// lobby (matchbox's signalling and a raw RTCPeerConnection): four send
// hellos without end (a hundred a second each), one of them also sends a
// state the organizer signed before the start (kept from then) to every
// page it meets, the moment it meets it and every 200 ms after. Ten
// newcomers open the link during round 2: every one gets the tournament
// as it is, and none ever shows the old state (the join form).
import { test, expect, watch } from './fixtures.js';
import { expectText, plain } from './helpers.js';
import { hostile, lobbyOf, TOURNAMENT_HELLO } from './hostile.js';
import { organizeOnline } from '../forms.mjs';

test.describe.configure({ timeout: 300_000 });

async function newPage(browser, errors) {
  const page = await (await browser.newContext()).newPage();
  watch(page, errors);
  return page;
}

async function open(page, url) {
  await page.goto(url);
  await page.getByRole('button', { name: 'English' }).click();
}

/** Starts sending `hello` `perTick` times every 100 ms to every open peer. */
const flood = (evil, perTick) => evil.run(([hello, n]) => {
  window.flood = setInterval(() => { for (let i = 0; i < n; i++) window.H.broadcast(hello); }, 100);
}, [TOURNAMENT_HELLO, perTick]);

test('a flooded organizer answers every newcomer, and an old state replayed is never shown', async ({ browser, errors }) => {
  const organizer = await newPage(browser, errors);
  await open(organizer, '/tournament.html#tournament');
  const link = await organizeOnline(organizer, { name: 'Flood cup', game: 'seega5', format: 'round-robin' });

  // The keeper is in the lobby before anyone joins: it keeps a state the
  // organizer signed then (nobody in, the join form open).
  const keeper = await hostile(browser, lobbyOf(link), { onNewPeer: 'honest' });
  await keeper.connected(1);
  await expect.poll(async () => (await keeper.received()).filter((m) => m.text.includes('\tstate\t')).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const old = (await keeper.received()).find((m) => m.text.includes('\tstate\t')).text;

  // Three players; the start; round 1's board entered: round 2 of 3.
  for (const name of ['Amel', 'Youssef', 'Karim']) {
    const page = await newPage(browser, errors);
    await open(page, link);
    await page.getByTestId('tournament-join-name').fill(name);
    await page.getByTestId('tournament-join-button').click();
    await expect(page.getByTestId('tournament-online-joined')).toBeVisible({ timeout: 30_000 });
    await page.context().close();
  }
  await expect(organizer.getByTestId('tournament-entrant')).toHaveCount(3);
  await organizer.getByTestId('tournament-online-start').click();
  const result = organizer.getByTestId('board-result');
  await result.locator('summary').click();
  await result.getByRole('button', { name: 'Draw' }).click();
  await expectText(organizer.getByTestId('tournament-round'), 'Round 2 of 3');

  // The flood, and the old state replayed to every page the keeper meets.
  const flooders = [keeper];
  for (let i = 0; i < 3; i++) {
    const evil = await hostile(browser, lobbyOf(link));
    await evil.connected(1);
    flooders.push(evil);
  }
  await keeper.greet([old]);
  await keeper.run((text) => {
    window.replay = setInterval(() => window.H.broadcast(text), 200);
  }, old);
  for (const evil of flooders) await flood(evil, 10);
  // Long enough for a flood to use up what all hellos share.
  await organizer.waitForTimeout(5_000);

  // Ten newcomers, at once; each page notes whether the join form ever
  // appeared in it.
  const newcomers = [];
  for (let i = 0; i < 10; i++) {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.sawJoin = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="tournament-join"]')) window.sawJoin = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    watch(page, errors);
    newcomers.push(page);
  }
  await Promise.all(newcomers.map((page) => open(page, link)));
  // The keeper meets each of them (the organizer, three flooders, ten
  // newcomers): its old state goes to each the moment it does.
  await keeper.connected(14);
  for (const page of newcomers) {
    const round = page.getByTestId('tournament-round');
    await expect.poll(async () => plain(await round.textContent().catch(() => '')), { timeout: 60_000 }).toBe('Round 2 of 3');
    await expect(page.getByTestId('tournament-online-watching')).toBeVisible();
  }
  for (const page of newcomers) {
    expect(await page.evaluate(() => window.sawJoin)).toBe(false);
    await expect(page.getByTestId('tournament-join')).toHaveCount(0);
  }
  for (const evil of flooders) {
    await evil.run(() => { clearInterval(window.flood); clearInterval(window.replay); });
    await evil.close();
  }
  for (const page of newcomers) await page.context().close();
  expect(errors).toEqual([]);
});
