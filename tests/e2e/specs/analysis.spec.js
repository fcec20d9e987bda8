// The analysis board (study.html): on a live game, the computer's
// evaluation (bar, words, depth) and its best line (listed and drawn as
// arrows) appear and deepen while the page stays responsive (no task on
// the main thread over 50 ms); a ply played on the board is a variation,
// and one click goes back to the game line. A forced win is found from an
// edited position; the board in Arabic on a phone. This spec runs after
// the others, alone (its project in playwright.config.js): its check on
// long tasks must not share the two cores with another test.
import { test, expect } from './fixtures.js';
import { openApp, startGame, play, square, plain } from './helpers.js';

test.describe.configure({ timeout: 120_000 });

/** Plays `ply` on the analysis board by clicks (a step, or leap by leap). */
async function clickPly(page, ply) {
  const squares = ply.split(/[-x]/);
  for (const name of squares) await square(page, name).click();
}

test('the analysis board on a live game: evaluation, best line and arrows, a variation, the page never blocked', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbaga', { first: 'Amel', second: 'Youssef' });
  for (const ply of ['c2-c3', 'e4xc2', 'b1xd3']) await play(page, ply);
  await page.getByTestId('analyse').click();
  await expect(page).toHaveURL(/study\.html#analyse\/g1~kharbaga~Amel~Youssef~/);
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expect(page.getByTestId('analysis-names')).toContainText('Amel');
  // The game's three plies, the last one shown.
  await expect(page.getByTestId('analysis-ply')).toHaveCount(3);
  await expect(page.getByTestId('analysis-ply').nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(square(page, 'd3')).toHaveAttribute('data-piece', 'attacker');
  // The evaluation comes, in words and on the bar, with the depth.
  await expect(page.getByTestId('analysis-depth')).toContainText('Depth', { timeout: 20_000 });
  await expect(page.getByTestId('analysis-eval')).toHaveText(/ahead|even|wins/);
  const line = plain(await page.getByTestId('analysis-line').textContent()).trim();
  expect(line.split(' ').length).toBeGreaterThan(1);
  // Its first ply drawn on the board: an arrow, and the squares marked.
  await expect(page.getByTestId('board-arrows')).toBeVisible();
  const first = line.split(' ')[0].split(/[-x]/);
  const arrows = await page.getByTestId('board-arrows').locator('line.arrow.hint').count();
  expect(arrows).toBe(first.length - 1);
  await expect(square(page, first[0])).toHaveClass(/hint/);

  // From here on, no long task on the main thread while it thinks.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
  });
  // It deepens.
  const depth = async () => Number(plain(await page.getByTestId('analysis-depth').textContent()).match(/\d+/)[0]);
  const reached = await depth();
  await expect.poll(depth, { timeout: 20_000 }).toBeGreaterThan(reached);
  // A ply on the board (the computer's first choice) starts a variation;
  // the analysis starts again on the new position.
  const best = line.split(' ')[0];
  await clickPly(page, best);
  await expect(page.getByTestId('analysis-variation')).toContainText(best);
  await expect(page.getByTestId('analysis-depth')).toContainText('Depth', { timeout: 20_000 });
  await page.waitForTimeout(2000);
  // Back to the game line: the game's last position again.
  await page.getByTestId('analysis-back').click();
  await expect(page.getByTestId('analysis-variation')).toBeHidden();
  await expect(page.getByTestId('analysis-ply').nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(square(page, 'd3')).toHaveAttribute('data-piece', 'attacker');
  // Stepping through the game line.
  await page.getByTestId('analysis-start').click();
  await expect(square(page, 'c3')).not.toHaveAttribute('data-piece');
  await page.getByTestId('analysis-next').click();
  await expect(square(page, 'c3')).toHaveAttribute('data-piece', 'attacker');
  await page.waitForTimeout(1500);
  const long = await page.evaluate(() => window.longTasks.filter(([, d]) => d > 50));
  expect(long, 'no main-thread task over 50 ms').toEqual([]);
});

test('a forced win found from an edited position; the board in Arabic on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The first player takes the second's last soldier: a win in one ply.
  await page.goto('/study.html#edit/seega5/5/5/1S3/1s3/2S2_w_0,0_-_-_0_20_-');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('edit-verdict')).toHaveAttribute('data-legal', 'true');
  await page.getByTestId('edit-analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expect.poll(async () => plain(await page.getByTestId('analysis-eval').textContent()), { timeout: 20_000 })
    .toBe('The First player wins in one ply.');
  await expect(page.getByTestId('analysis-line')).toHaveText('c1-b1');
  await expect(page.getByTestId('analysis-eval')).toHaveAttribute('data-thinking', 'false');
  await expect(page.getByTestId('eval-bar')).toHaveAttribute('aria-valuenow', '1000');
  // In Arabic: the words follow the language, the board stays left to right.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('analysis-eval')).toContainText('يفوز');
  const a1 = await square(page, 'a1').boundingBox();
  const e1 = await square(page, 'e1').boundingBox();
  expect(a1.x).toBeLessThan(e1.x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Edit this position goes back to the editor with it.
  await page.getByTestId('analysis-edit').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(square(page, 'c1')).toHaveAttribute('data-piece', 'attacker');
});
