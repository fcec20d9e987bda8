// Steps of online play the specs share: a player in a fresh browser
// context, a room created from the new-game form, an invitation joined.
import { expect, watch } from './fixtures.js';

/** A fresh page in its own context (its own storage), errors watched. */
export async function newPlayer(browser, errors) {
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page, errors);
  return page;
}

/** Creates a room from the new-game form; returns the invitation link. */
export async function createRoom(page, variant, name, side = 'first') {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('nav-online').click();
  await page.getByTestId(`variant-${variant}`).check();
  await expect(page.getByTestId('mode-online')).toBeChecked();
  await page.getByTestId('online-name').fill(name);
  await page.getByTestId('online-side').selectOption(side);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'waiting');
  const link = await page.getByTestId('invitation-link').inputValue();
  // The invitation names the host's key (52 characters of base 32).
  expect(link).toMatch(/#r[0-9a-z]{52}$/);
  await expect(page.getByTestId('invitation-qr').locator('svg')).toBeVisible();
  return link;
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
