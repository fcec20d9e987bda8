// The puzzle screen as a player expects it (issue 46): Puzzles in the main
// menu; the task in a plain style, a wrong move boxed; a streak that counts
// a solve at once and never serves a puzzle tried before while there are
// others; the task, the verdict and the hint in the first screen of a
// phone; a stored rating read within the bounds it is written with; the
// soldier that moves drawn above every square. English and Arabic where
// there are words.
import { test, expect, watch } from './fixtures.js';
import { readFileSync } from 'node:fs';
import { openApp, startGame, board, square, plain } from './helpers.js';
import { puzzle, rating, lineOf, solve, wrongStep } from './puzzles.js';

test.describe.configure({ timeout: 120_000 });

/** The Kharbga puzzles, easiest first: [id, rating]. */
const KHARBGA = readFileSync('../../src/learn/puzzles/kharbga.txt', 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((fields) => fields.length === 6)
  .map((fields) => [fields[0], Number(fields[5])])
  .sort((a, b) => a[1] - b[1]);

/** Opens the puzzles on `place` (after `#learn/puzzles`) with `stored` as
 * the training this browser keeps, in `language`. */
async function openPuzzles(page, { place = '', stored, language = 'English' } = {}) {
  await page.goto('/learn.html');
  await page.evaluate((stored) => {
    localStorage.clear();
    if (stored) localStorage.setItem('kharbga.puzzles', stored);
  }, stored);
  await page.goto(`/learn.html#learn/puzzles${place}`);
  await page.getByRole('button', { name: language }).click();
  await expect(puzzle(page)).toHaveAttribute('data-stage', 'solving');
}

test('Puzzles are in the main menu, on the first page (en, ar)', async ({ page }) => {
  await openApp(page);
  const menu = page.getByRole('navigation');
  await menu.getByRole('button', { name: 'Puzzles', exact: true }).click();
  await expect(page).toHaveURL(/learn\.html#learn\/puzzles/);
  await expect(page.getByRole('heading', { name: 'Puzzles', exact: true })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'العربية' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'الألغاز', exact: true }).click();
  await expect(page).toHaveURL(/learn\.html#learn\/puzzles/);
  await expect(page.getByRole('heading', { name: 'الألغاز', exact: true })).toBeVisible();
});

test('the task reads plain, a wrong move is boxed (en, ar)', async ({ page }) => {
  const look = (locator) => locator.evaluate((e) => {
    const style = getComputedStyle(e);
    return { background: style.backgroundColor, bar: style.borderInlineStartWidth };
  });
  for (const [language, task] of [['English', 'find the line that wins'], ['العربية', 'ابحث عن الخطة الرابحة']]) {
    await openPuzzles(page, { language });
    const feedback = page.getByTestId('puzzle-feedback');
    await expect.poll(async () => plain(await feedback.textContent())).toContain(task);
    expect(await look(feedback)).toEqual({ background: 'rgba(0, 0, 0, 0)', bar: '0px' });
    await wrongStep(page, (await lineOf(page))[0]);
    await expect(feedback).toHaveAttribute('data-kind', 'wrong');
    const wrong = await look(feedback);
    expect(wrong.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(wrong.bar).not.toBe('0px');
  }
});

test('a streak counts a solve at once and serves no puzzle tried before while others are left (en, ar)', async ({ page }) => {
  // Every Kharbga puzzle tried but the three hardest.
  const fresh = KHARBGA.slice(-3).map(([id]) => id);
  const tried = KHARBGA.slice(0, -3).map(([id]) => id);
  await openPuzzles(page, { place: '/streak', stored: `rating 700 350 0.06\nrated ${tried.join(' ')}\n` });
  const count = page.getByTestId('puzzle-streak-count');
  const served = [];
  for (let n = 1; n <= 3; n++) {
    const id = await puzzle(page).getAttribute('data-puzzle');
    expect(fresh, `streak puzzle ${n}`).toContain(id);
    expect(served).not.toContain(id);
    served.push(id);
    await solve(page, await lineOf(page));
    // Counted on the solve, before the next puzzle.
    await expect.poll(async () => plain(await count.textContent())).toContain(`Streak: ${n} solved (best ${n})`);
    if (n === 1) {
      await page.getByRole('button', { name: 'العربية' }).click();
      await expect.poll(async () => plain(await count.textContent())).toContain('السلسلة: 1 محلولة (الأفضل 1)');
      await page.getByRole('button', { name: 'English' }).click();
    }
    await page.getByTestId('puzzle-next').click();
    await expect(puzzle(page)).not.toHaveAttribute('data-puzzle', id);
  }
  // None fresh is left: the streak goes on with ones tried before, never
  // one it served.
  const id = await puzzle(page).getAttribute('data-puzzle');
  expect(served).not.toContain(id);
});

test('on a phone the task, the verdict, the hint and the solution are in the first screen (en, ar)', async ({ browser, errors }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  watch(page, errors);
  const inView = async (locator) => {
    const box = await locator.boundingBox();
    expect(box, 'shown').not.toBeNull();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  };
  try {
    for (const [language, hint, solution] of [['English', 'Hint', 'Show the solution'], ['العربية', 'تلميح', 'أظهر الحل']]) {
      await openPuzzles(page, { language });
      await inView(page.getByTestId('puzzle-feedback'));
      await inView(page.getByRole('button', { name: hint, exact: true }));
      await inView(page.getByRole('button', { name: solution, exact: true }));
      await page.getByRole('button', { name: hint, exact: true }).click();
      await inView(page.getByTestId('puzzle-hint-text'));
      await page.evaluate(() => scrollTo(0, 0));
      await wrongStep(page, (await lineOf(page))[0]);
      await expect(page.getByTestId('puzzle-feedback')).toHaveAttribute('data-kind', 'wrong');
      await page.evaluate(() => scrollTo(0, 0));
      await inView(page.getByTestId('puzzle-feedback'));
    }
  } finally {
    await context.close();
  }
});

test('a stored rating is read within the bounds it is written with', async ({ page }) => {
  // Off the players' scale: read as a new player's 700, never shown.
  for (const stored of ['0', '1', '-0']) {
    await openPuzzles(page, { stored: `rating ${stored} 200 0.06\n` });
    expect(await rating(page), stored).toBe(700);
  }
  // At the lowest rating, a miss leaves it there, and a reload reads it.
  await openPuzzles(page, { stored: 'rating 100 200 0.06\n' });
  expect(await rating(page)).toBe(100);
  await wrongStep(page, (await lineOf(page))[0]);
  await expect(puzzle(page)).toHaveAttribute('data-stage', 'failed', { timeout: 30_000 });
  expect(await rating(page)).toBe(100);
  await page.reload();
  await expect(puzzle(page)).toHaveAttribute('data-stage', 'solving');
  expect(await rating(page)).toBe(100);
});

test('the soldier that moves is drawn above every square, up the board too', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { position: '5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -' });
  // Each slide held at its start: the soldier still over the square it left.
  await page.evaluate(() => {
    window.held = 0;
    document.addEventListener('animationstart', (event) => {
      for (const animation of event.target.getAnimations()) {
        animation.pause();
        animation.currentTime = 0;
      }
      window.held += 1;
    });
  });
  // c1-c2: up the screen, over the square it leaves.
  await square(page, 'c1').click();
  await square(page, 'c2').click();
  await page.waitForFunction(() => window.held > 0);
  const soldier = square(page, 'c2').locator('.soldier');
  const box = await soldier.boundingBox();
  const from = await square(page, 'c1').boundingBox();
  // The soldier's centre lies over the square it left.
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(centre.y).toBeGreaterThan(from.y);
  expect(centre.y).toBeLessThan(from.y + from.height);
  const shown = await page.evaluate(({ x, y }) => {
    const top = document.elementFromPoint(x, y);
    return top?.closest('.soldier') ? 'soldier' : top?.closest('.square')?.dataset.square;
  }, centre);
  expect(shown).toBe('soldier');
  await expect(board(page)).toBeVisible();
});
