// Timed games on one device: the clock chosen in the new-game form, each
// side's clock running on its turn (a setting turn's two soldiers timed
// whole), kept over a reload, and a flag fall ending the game on time. The
// page's clock is Playwright's (installed before the page loads), so that
// half a minute passes at once.
import { test, expect } from './fixtures.js';
import { board, chooseLanguage, expectText, openApp, play } from './helpers.js';

/** Starts a two-player Seega 5×5 game on the clock `choice` (a menu value). */
async function startTimed(page, choice, custom) {
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('mode-hotseat').check();
  await page.getByTestId('name-first').fill('Amel');
  await page.getByTestId('name-second').fill('Youssef');
  await page.getByTestId('time-control').selectOption(choice);
  if (custom) {
    await page.getByTestId('time-minutes').fill(custom.minutes);
    await page.getByTestId('time-increment').fill(custom.increment);
  }
  await page.getByTestId('start').click();
}

/** Seconds shown on a `m:ss` clock. */
async function seconds(clock) {
  const [m, s] = (await clock.textContent()).split(':').map(Number);
  return m * 60 + s;
}

test('a timed game on one device: turn by turn, kept over a reload, lost on time', async ({ page }) => {
  await page.clock.install();
  await openApp(page);
  // A custom control that is not one is refused, and said so.
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('time-control').selectOption('custom');
  await page.getByTestId('time-minutes').fill('');
  await page.getByTestId('start').click();
  await expect(page.getByTestId('clock-error')).toBeVisible();
  // The page's time stands still while the game starts: the clocks show
  // the time chosen however busy the machine (it ran on: a fresh-clone CI
  // run, busy, first read 0:29).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await startTimed(page, 'custom', { minutes: '0.5', increment: '0' });
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  const first = page.getByTestId('clock-first');
  const second = page.getByTestId('clock-second');
  await expect(first).toHaveText('0:30');
  await expect(second).toHaveText('0:30');
  await expect(first).toHaveAttribute('data-running', 'true');
  await expect(second).toHaveAttribute('data-running', 'false');
  // No takeback on the clock.
  await expect(page.getByTestId('undo')).toHaveCount(0);
  await page.clock.resume();
  // The first player's turn is two soldiers: its clock runs between them.
  await page.clock.fastForward(4_000);
  await play(page, 'a1');
  await expect(first).toHaveAttribute('data-running', 'true');
  await play(page, 'a2');
  await expect(first).toHaveAttribute('data-running', 'false');
  await expect(second).toHaveAttribute('data-running', 'true');
  const firstLeft = await seconds(first);
  expect(firstLeft).toBeGreaterThanOrEqual(24);
  expect(firstLeft).toBeLessThanOrEqual(26);
  await page.clock.fastForward(6_000);
  await expect.poll(() => seconds(second)).toBeLessThanOrEqual(24);
  // A reload resumes with the times the game had.
  await page.reload();
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  expect(await seconds(first)).toBe(firstLeft);
  expect(await seconds(second)).toBeLessThanOrEqual(24);
  expect(await seconds(second)).toBeGreaterThanOrEqual(22);
  await expect(second).toHaveAttribute('data-running', 'true');
  // Under ten seconds the clock shows tenths.
  await page.clock.fastForward(16_000);
  await expect(second).toHaveText(/^\d\.\d$/);
  await expect(second).toHaveClass(/low/);
  // The second player's flag falls: the first wins on time.
  await page.clock.fastForward(10_000);
  const result = page.getByTestId('result');
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('data-reason', 'time');
  await expect(result).toHaveAttribute('data-winner', 'first');
  await expect(result).toContainText("The loser's time ran out.");
  await expect(second).toHaveText('0.0');
  await expect(second).toHaveAttribute('data-running', 'false');
  // The record keeps the control and each ply's time.
  const saved = await page.evaluate(() => Object.keys(localStorage)
    .map((k) => localStorage.getItem(k)).find((v) => v.startsWith('kharbga-game')));
  expect(saved).toContain('[TimeControl "30+0"]');
  expect(saved).toContain('[Reason "time"]');
  expect(saved).toMatch(/a2 \{\[%clk 0:00:2\d\.\d\]\}/);
  // The replay shows both clocks at the ply shown: the loser's empty at
  // the end, full at the start.
  await page.getByTestId('result-close').click();
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-game').first().getByTestId('library-replay').click();
  const clocks = page.getByTestId('replay-clocks');
  await expectText(clocks, 'Amel: 0:30 · Youssef: 0:30');
  await page.getByTestId('replay-end').click();
  await expectText(clocks, `Amel: 0:${firstLeft} · Youssef: 0.0`);
});

test('the clock menu names each control; clocks fit an Arabic phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await page.getByTestId('nav-new-game').click();
  const menu = page.getByTestId('time-control');
  await expect(menu.locator('option')).toHaveText([
    'No clock', '3 min + 2 s a move', '5 min + 3 s a move', '10 min + 5 s a move',
    '15 min + 10 s a move', '30 min + 0 s a move', 'Custom…',
  ]);
  // Online games have no clock yet: the choice is not offered there.
  await chooseLanguage(page, 'العربية');
  await startTimed(page, '180+2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The first side's clock runs from the start: 3:00, or a few seconds
  // less on a busy machine.
  await expect(page.getByTestId('clock-first')).toHaveText(/^(3:00|2:5\d)$/);
  await expect(page.getByTestId('clock-first')).toHaveAttribute('aria-label', /3:00|2:5\d/);
  await play(page, 'a1');
  await play(page, 'a2');
  // The increment comes once the turn is over.
  await expect(page.getByTestId('clock-first')).toHaveText(/^3:0[12]$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
