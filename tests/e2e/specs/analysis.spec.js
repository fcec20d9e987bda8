// The analysis board (study.html): on a live game, the computer's
// evaluation (bar, words, depth) and its best line (listed and drawn as
// arrows) appear and deepen while the page answers (its main thread's
// long tasks are printed; `make bench` measures them); a ply played on
// the board is a variation, and one click goes back to the game line. A
// forced win is found from an edited position; the board in Arabic on a
// phone. This spec runs after the others, alone (its project in
// playwright.config.js): the figures it prints mean more on quiet cores.
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
  // (Printed, not checked: a duration is the bench's; the page answered
  // every step above while the analysis deepened.)
  const long = await page.evaluate(() => window.longTasks.map(([, d]) => Math.round(d)));
  console.log(`analysis: main-thread tasks over 50 ms while it thought: ${JSON.stringify(long)}`);
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

/** A Seega 5×5 game from a set-up position (the native review test's): the
 * first player, well ahead (d4-d5), steps a4-a3 instead and b4-a4 takes it:
 * a blunder. */
const BLUNDER_START = '1Ss2/Ss1S1/2S2/s4/5_w_0,0_-_-_0_20_-';
const BLUNDER_PLIES = ['a4-a3', 'b4-a4'];

test('a game reviewed: the graph drawn, a blunder jumped to, the review kept; in Arabic on a phone; the blunder replayed as a puzzle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/study.html#edit/seega5/${BLUNDER_START}`);
  await page.getByRole('button', { name: 'English' }).click();
  // Played from the editor by two people on this device.
  await page.getByTestId('edit-play').click();
  await page.getByTestId('mode-hotseat').check();
  await page.getByTestId('start').click();
  for (const ply of BLUNDER_PLIES) await play(page, ply);
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await page.getByTestId('review-start').click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  // The graph: a point for each of the three positions.
  await expect(page.getByTestId('review-graph')).toBeVisible();
  await expect(page.getByTestId('review-graph').locator('circle.point')).toHaveCount(3);
  // One blunder, the first player's, with the better ply named.
  const judged = page.getByTestId('review-judged');
  await expect(judged).toHaveCount(1);
  await expect(judged).toHaveAttribute('data-judgement', 'blunder');
  await expect.poll(async () => plain(await judged.textContent())).toContain('1. First player: a4-a3 — a blunder (better: d4-d5)');
  await expect(page.getByTestId('review-summary').locator('td[data-side="first"][data-judgement="blunder"]')).toHaveText('1');
  // Jumped to: the position before the blunder, the better ply drawn.
  await judged.click();
  await expect(page.getByTestId('analysis-ply').first()).not.toHaveAttribute('aria-current');
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'attacker');
  await expect(page.getByTestId('analysis-line')).toHaveText(/^d4-d5/, { timeout: 20_000 });
  await expect(square(page, 'd4')).toHaveClass(/hint/);
  // A click on the graph's last point goes to the end: a3 taken.
  await page.getByTestId('review-graph').locator('circle.point').last().click();
  await expect(page.getByTestId('analysis-ply').nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(square(page, 'a3')).not.toHaveAttribute('data-piece');
  // Kept: a reload shows it again at once, without reviewing again.
  await page.reload();
  await expect(page.getByTestId('review')).toHaveAttribute('data-complete', 'true');
  await expect(page.getByTestId('review-progress')).toBeHidden();
  await expect(page.getByTestId('review-judged')).toHaveCount(1);
  // In Arabic.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.getByTestId('review-judged')).toContainText('خطأ فادح');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The blunder replayed as a puzzle: the position before it, the better
  // ply to find (not rated).
  await page.getByRole('link', { name: 'ابحث عن النقلة الأفضل' }).click();
  await expect(page).toHaveURL(/learn\.html#learn\/puzzles\/find\//);
  await expect(page.getByTestId('puzzle')).toHaveAttribute('data-puzzle', /^find-[0-9a-f]{8}$/);
  await expect(page.getByTestId('puzzle-about')).toContainText('من مباراتك');
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'attacker');
  await play(page, 'd4-d5');
  await expect(page.getByTestId('puzzle')).toHaveAttribute('data-stage', 'solved');
  await expect(page.getByTestId('puzzle-feedback')).toHaveText('تمّ الحل!');
  await expect(page.getByTestId('puzzle-change')).toHaveCount(0);
});

test('a review cancelled, kept half done, and resumed after a reload', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbaga');
  const plies = `c2-c3 e4xc2 b1xd3 c4xc2xe4 a2xc4 d5xb3xb1 d1-c2 b1xd3xd1xb1 a1xc1 e4-d3
    e2xc4xe4 e5-d4 e4xc4 b5xd3 e3xc3 b4xd2`.trim().split(/\s+/);
  for (const ply of plies) await play(page, ply);
  await page.getByTestId('analyse').click();
  await page.getByTestId('review-start').click();
  const progress = page.getByTestId('review-progress');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('review').getByRole('status')).toContainText('left');
  await page.getByTestId('review-cancel').click();
  await expect(progress).toBeHidden();
  const resume = page.getByTestId('review-start');
  await expect(resume).toContainText('Resume the review');
  const done = Number(plain(await resume.textContent()).match(/\((\d+) of 17/)[1]);
  expect(done).toBeGreaterThanOrEqual(3);
  expect(done).toBeLessThan(17);
  // Kept half done: after a reload it resumes from there, and ends.
  await page.reload();
  await expect.poll(async () => plain(await page.getByTestId('review-start').textContent())).toContain(`(${done} of 17`);
  await page.getByTestId('review-start').click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('review-graph').locator('circle.point')).toHaveCount(17);
});
