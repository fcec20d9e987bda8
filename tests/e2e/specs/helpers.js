// Shared steps for the end-to-end tests: start games and play canonical plies
// by clicking, the way a player does.
import { readdirSync } from 'node:fs';
import { expect } from '@playwright/test';

export const square = (page, name) => page.locator(`[data-square="${name}"]`);
export const board = (page) => page.getByTestId('board');

/** The build's file (in dist/) of `stem`, named by its content
 * (src/web/name.mjs): `built('kharbga-net')` is `kharbga-net-<hash>.js`,
 * `built('kharbga-net', '_bg.wasm')` its module. */
export function built(stem, suffix = '.js') {
  const name = new RegExp(`^${stem}-[0-9a-f]{16}${suffix.replaceAll('.', '\\.')}$`);
  const found = readdirSync('../../dist').filter((f) => name.test(f));
  if (found.length !== 1) throw new Error(`dist/: ${found.length} files ${name}`);
  return found[0];
}

/** Opens the app in English with a clean slate. */
export async function openApp(page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(board(page)).toBeVisible();
}

/** The languages' codes, by their buttons' names. */
const LANGUAGE_CODES = { English: 'en', 'Français': 'fr', 'العربية': 'ar' };

/**
 * Switches the page to the language whose button is named `name`, and waits
 * until the page is in it (its file fetched, `<html lang>` set): Arabic
 * turns the page right to left, and a click pressed before the turn and
 * released after it lands elsewhere (a fresh-clone CI run's "New game" took
 * the focus and never opened).
 */
export async function chooseLanguage(page, name) {
  await page.getByRole('button', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_CODES[name]);
}

/**
 * Starts a game from the new-game screen: variant token and options
 * (`quiet`, `chain`, `blocked`, `first`, `second`, `position`; against the
 * computer: `computer: { level, side }`, the side the person plays).
 */
export async function startGame(page, variant, options = {}) {
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId(`variant-${variant}`).check();
  if (options.computer) {
    await page.getByTestId('mode-computer').check();
    await page.getByTestId('computer-level').selectOption(String(options.computer.level ?? 3));
    await page.getByTestId('human-side').selectOption(options.computer.side ?? 'first');
  } else {
    // The form remembers the last game's mode.
    await page.getByTestId('mode-hotseat').check();
  }
  if (options.quiet !== undefined) await page.getByTestId('option-quiet').fill(String(options.quiet));
  if (options.chain) await page.getByTestId('option-chain').selectOption(options.chain);
  if (options.blocked) await page.getByTestId('option-blocked').selectOption(options.blocked);
  if (options.first) await page.getByTestId('name-first').fill(options.first);
  if (options.second) await page.getByTestId('name-second').fill(options.second);
  if (options.position) await page.getByTestId('start-position').fill(options.position);
  await page.getByTestId('start').click();
  // Kharbaga has no setting phase: its pieces stand ready.
  const first = variant === 'kharbaga' ? 'moving' : 'setting';
  await expect(board(page)).toHaveAttribute('data-phase', options.position ? /setting|moving/ : first);
}

/** The number of plies in the move list. */
export const pliesPlayed = (page) => page.locator('[data-ply]').count();

/**
 * Plays one ply in canonical text (`c4`, `d3-d4`, `e7-e6*`, `stop`, `xc4`) by
 * clicking. On this shared 2-core machine a click has been seen to go
 * nowhere under load (twice in many runs, never reproduced alone): if the
 * ply is not in the move list after a while, the player clicks it again,
 * once, and it must land then.
 */
export async function play(page, ply) {
  const plies = await page.locator('[data-ply]').count();
  await clickPly(page, ply);
  // The move list follows the board a frame later: looked at every frame
  // or so (Playwright's own retries wait 100 ms, then 250, 500…).
  const landed = await expect
    .poll(() => page.locator('[data-ply]').count(), { timeout: 4000, intervals: [16, 16, 32, 64, 100] })
    .toBe(plies + 1)
    .then(() => true, () => false);
  if (!landed && (await page.locator('[data-ply]').count()) === plies) {
    console.log(`ply ${plies + 1} (${ply}) did not land: clicked again`);
    await clickPly(page, ply);
  }
  // Every ply lands in the move list.
  await expect(page.locator('[data-ply]')).toHaveCount(plies + 1);
}

export async function clickPly(page, ply) {
  if (ply === 'stop') {
    await page.getByTestId('stop-chain').click();
  } else if (ply.startsWith('x')) {
    await square(page, ply.slice(1)).click();
  } else if (ply.includes('x')) {
    // A Kharbaga capture, leap by leap: the piece, then each landing point.
    const [from, ...landings] = ply.split('x');
    await square(page, from).click();
    for (const to of landings) {
      await expect(square(page, to)).toHaveAttribute('data-dest', 'true');
      await square(page, to).click();
    }
  } else if (ply.includes('-')) {
    const flagged = ply.endsWith('*');
    const [from, to] = ply.replace('*', '').split('-');
    if (flagged) await page.getByTestId('exchange-flag').check();
    const chainSoldier = await square(page, from).getAttribute('data-forced');
    const chosen = await square(page, to).getAttribute('data-dest');
    if (chainSoldier !== 'true' && chosen !== 'true') await square(page, from).click();
    await expect(square(page, to)).toHaveAttribute('data-dest', 'true');
    await square(page, to).click();
  } else {
    await square(page, ply).click();
  }
}

/** Plays a space-separated list of plies. */
export async function playAll(page, plies) {
  for (const ply of plies.trim().split(/\s+/)) {
    await play(page, ply);
  }
}

/** The soldiers on the board: [first, second]. */
export async function counts(page) {
  return [
    await page.locator('[data-piece="attacker"]').count(),
    await page.locator('[data-piece="defender"]').count(),
  ];
}

/** Text without the Unicode isolation marks Fluent puts around arguments. */
export const plain = (text) => (text ?? '').replace(/[\u2068\u2069]/g, '');

/** Waits until the element's visible text, without isolation marks, is `expected`. */
export async function expectText(locator, expected) {
  await expect.poll(async () => plain(await locator.textContent())).toBe(expected);
}

/** Waits until the element's text, without isolation marks, contains `expected`. */
export async function expectContains(locator, expected) {
  await expect.poll(async () => plain(await locator.textContent())).toContain(expected);
}
