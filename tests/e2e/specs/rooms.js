// Steps of online play the specs share: a player in a fresh browser
// context, a room created from the new-game form, an invitation joined.
import { expect, watch } from './fixtures.js';
import { board } from './helpers.js';

/** A fresh page in its own context (its own storage), errors watched. */
export async function newPlayer(browser, errors) {
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page, errors);
  return page;
}

/** Creates a room from the new-game form (on the clock `minutes` + 0 when
 * given); returns the invitation link. */
export async function createRoom(page, variant, name, side = 'first', minutes = null) {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('nav-online').click();
  const link = await openRoom(page, variant, name, side, minutes);
  // The invitation names the host's key (52 characters of base 32).
  expect(link).toMatch(/#r[0-9a-z]{52}$/);
  await expect(page.getByTestId('invitation-qr').locator('svg')).toBeVisible();
  return link;
}

/** Amel hosts a room of `variant` and plays `side`; Youssef joins it.
 * Each in a fresh context; returns `{ host, guest, link }`. */
export async function seatedPair(browser, errors, variant = 'seega5', side = 'first') {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const link = await createRoom(host, variant, 'Amel', side);
  await join(guest, link, 'Youssef');
  return { host, guest, link };
}

/** On the online form, already open: makes the room (as `createRoom`) and
 * waits for it; returns the invitation link. */
export async function openRoom(page, variant, name, side = 'first', minutes = null) {
  await page.getByTestId(`variant-${variant}`).check();
  await expect(page.getByTestId('mode-online')).toBeChecked();
  await page.getByTestId('online-name').fill(name);
  await page.getByTestId('online-side').selectOption(side);
  if (minutes) {
    await page.getByTestId('time-control').selectOption('custom');
    await page.getByTestId('time-minutes').fill(minutes);
    await page.getByTestId('time-increment').fill('0');
  }
  await page.getByTestId('start').click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'waiting');
  return page.getByTestId('invitation-link').inputValue();
}

/** The host sets a soldier and the guest sees it; then the guest. */
export async function pliesStillCross(host, guest, watchers = []) {
  const before = await host.locator('[data-ply]').count();
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  for (const page of [guest, ...watchers]) {
    await expect(page.locator('[data-ply]')).toHaveCount(before + 2, { timeout: 15_000 });
  }
  await expect(board(guest)).toHaveAttribute('data-input', 'true');
  await guest.locator('.square.placeable').first().click();
  await guest.locator('.square.placeable').first().click();
  for (const page of [host, ...watchers]) {
    await expect(page.locator('[data-ply]')).toHaveCount(before + 4, { timeout: 15_000 });
  }
}

/** Opens `link` and joins under `name`. */
export async function join(page, link, name) {
  await page.goto(link);
  await expect(page.getByTestId('join-form')).toBeVisible();
  await page.getByTestId('join-name').fill(name);
  await page.getByTestId('join').click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
}

/** Asks for a quick game of `variant` under `name` (*Play a stranger*). */
export async function quickGame(page, variant, name) {
  await page.goto('/online.html#online');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId(`variant-${variant}`).check();
  await page.getByTestId('online-name').fill(name);
  await page.getByTestId('quick-game').click();
  await expect(page.getByTestId('quick-pairing')).toBeVisible();
}

/** Plays one ply on `page` if it is its side's turn (the first choice). */
export async function playOne(page) {
  const click = (locator) => locator.click({ timeout: 3000 }).then(() => true, () => false);
  const phase = await board(page).getAttribute('data-phase');
  if (phase === 'setting') return click(page.locator('.square.placeable').first());
  if (await page.getByTestId('stop-chain').count()) return click(page.getByTestId('stop-chain'));
  const forced = page.locator('[data-forced="true"]');
  if (!(await forced.count())) await click(page.locator('.square.movable').first());
  const dest = page.locator('[data-dest="true"]').first();
  return (await dest.count()) ? click(dest) : false;
}

/** The pieces on the board, square by square (whichever way it is turned). */
export async function pieces(page) {
  return page.locator('[data-square]').evaluateAll((squares) =>
    squares.map((s) => `${s.dataset.square}:${s.dataset.piece ?? ''}`).sort().join(' '));
}

/** Plays until `done()` or the end, each side clicking on its own page. */
export async function playUntil(players, sides, done) {
  for (let step = 0; step < 3000; step++) {
    if (await players[0].getByTestId('result').count()) return;
    if (done && (await done())) return;
    const toMove = await board(players[0]).getAttribute('data-to-move');
    const mover = players[sides.indexOf(toMove)];
    const moverSees = await board(mover).getAttribute('data-to-move');
    if (moverSees !== toMove || (await board(mover).getAttribute('data-input')) !== 'true') {
      await mover.waitForTimeout(20);
      continue;
    }
    await playOne(mover);
  }
  throw new Error('the game did not end');
}
