// Where online features meet (issue 27): the page that loses the seat race,
// two names that look the same, and games from links that are not the
// player's own.
import { test, expect } from './fixtures.js';
import { board, expectContains } from './helpers.js';
import { createRoom, join, newPlayer } from './rooms.js';

test.describe.configure({ timeout: 120_000 });

/** The saved games of a page's browser (localStorage entries). */
const savedGames = (page) => page.evaluate(() =>
  Object.keys(localStorage).filter((k) => k.startsWith('kharbga.game.')).length);

test('the page that loses the seat race watches the game, and keeps no game it never played', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  const [one, two] = [await newPlayer(browser, errors), await newPlayer(browser, errors)];
  for (const page of [one, two]) {
    await page.goto(link);
    await expect(page.getByTestId('join-form')).toBeVisible();
  }
  await one.getByTestId('join-name').fill('Youssef');
  await two.getByTestId('join-name').fill('Mallory');
  // The host's page is busy for a moment (a slow phone): both joins arrive
  // before it answers either, so one of them crosses the other's seat.
  const busy = host.evaluate(() => { const until = Date.now() + 1_500; while (Date.now() < until); });
  await host.waitForTimeout(200);
  await Promise.all([one.getByTestId('join').click(), two.getByTestId('join').click()]);
  await busy;
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  const second = await host.locator('.player[data-side="second"]').textContent();
  const [winner, loser] = second.includes('Youssef') ? [one, two] : [one, two].reverse();
  await expect(winner.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  // The other watches, and follows every ply (before: it refused each).
  await expect(loser.getByTestId('watching')).toBeVisible();
  await expect(loser.getByTestId('online-warning').last()).toContainText('already taken');
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  await expect(loser.locator('[data-ply]')).toHaveCount(2);
  await winner.locator('.square.placeable').first().click();
  await winner.locator('.square.placeable').first().click();
  await expect(loser.locator('[data-ply]')).toHaveCount(4);
  await expect(loser.getByText('does not play')).toHaveCount(0);
  // It kept no game, and a reload watches again (before: a player waiting).
  expect(await savedGames(loser)).toBe(0);
  await loser.reload();
  await expect(loser.getByTestId('watching')).toBeVisible();
  await expect(loser.locator('[data-ply]')).toHaveCount(4);
  await expect(loser.getByTestId('join-form')).toHaveCount(0);
  for (const page of [host, one, two]) await page.context().close();
});

test('two players whose names look the same are told apart', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  // "Amel" and an invisible Hangul filler.
  await join(guest, link, 'Amel\u3164');
  for (const page of [host, guest]) {
    await expect(page.locator('.player[data-side="first"]')).toContainText('Amel');
    await expect(page.locator('.player[data-side="second"]')).toContainText('Amel 2');
  }
  const watcher = await newPlayer(browser, errors);
  await watcher.goto(link);
  await expect(watcher.locator('.player[data-side="second"]')).toContainText('Amel 2');
  for (const page of [host, guest, watcher]) await page.context().close();
});

test('a game from a link that is not the player\'s own is kept only when the player says so', async ({ browser, errors }) => {
  // Two rooms whose hosts play by link (anyone can make such links, with
  // fresh keys).
  const links = [];
  for (const name of ['Amel', 'Mallory']) {
    const sender = await newPlayer(browser, errors);
    await createRoom(sender, 'seega5', name);
    await sender.getByTestId('by-link-start').click();
    await sender.locator('[data-square="a1"]').click();
    await sender.locator('[data-square="a2"]').click();
    links.push(await sender.getByTestId('by-link').inputValue());
    await sender.context().close();
  }
  const friend = await newPlayer(browser, errors);
  await friend.goto(links[1]);
  await friend.getByRole('button', { name: 'English' }).click();
  await expectContains(friend.getByTestId('link-offer-text'), 'Mallory sent you a game of Seega');
  // Not kept (before: every link opened was saved at once).
  expect(await savedGames(friend)).toBe(0);
  await friend.getByRole('link', { name: 'Not now' }).click();
  await expect(board(friend)).toBeVisible();
  expect(await savedGames(friend)).toBe(0);
  // Kept when the player says so, and played on.
  await friend.goto(links[0]);
  await expectContains(friend.getByTestId('link-offer-text'), 'Amel sent you a game of Seega');
  await friend.getByRole('button', { name: 'Keep it and play on' }).click();
  await expect(friend.locator('[data-ply]')).toHaveCount(2);
  await expect(board(friend)).toHaveAttribute('data-input', 'true');
  expect(await savedGames(friend)).toBe(1);
  // In Arabic on a phone too.
  await friend.setViewportSize({ width: 390, height: 844 });
  await friend.goto(links[1]);
  await friend.getByRole('button', { name: 'العربية' }).click().catch(() => {});
  await expect(friend.getByTestId('link-offer')).toBeVisible();
  await friend.context().close();
});
