// Playing against the computer: its moves come from the worker, the page
// answers while it thinks, and the game runs to its end. (How long the
// main thread's tasks are is printed here and measured by `make bench`.)
import { test, expect } from './fixtures.js';
import { openApp, chooseLanguage, startGame, board, square, plain } from './helpers.js';

test.describe.configure({ timeout: 240_000 });

test('a whole game against the computer, the page never blocked', async ({ page }) => {
  await openApp(page);
  // Long tasks on the main thread, recorded from the start. Loading the
  // page holds one (the browser compiles the wasm's functions lazily on
  // their first call, about 100 ms here, before and after this change of
  // layout alike): it is printed, and the budget below holds for the game,
  // from the moment it starts.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.getByTestId('new-game').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('mode-computer').check();
  await page.getByTestId('computer-level').selectOption('5');
  await page.getByTestId('human-side').selectOption('first');
  const started = await page.evaluate(() => performance.now());
  await page.getByTestId('start').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  let sawThinking = false;
  for (let turn = 0; turn < 1500; turn++) {
    if (await page.getByTestId('result').count()) break;
    if ((await board(page).getAttribute('data-to-move')) !== 'first') {
      if (await page.getByTestId('thinking').count()) {
        sawThinking = true;
        // The page answers while the computer thinks: flip and flip back.
        await page.keyboard.press('f');
        await page.keyboard.press('f');
      }
      await page.waitForTimeout(20);
      continue;
    }
    // The board redraws under the pointer when the computer answers: a
    // click that cannot land now is tried again on the next pass.
    const click = (locator) => locator.click({ timeout: 3000 }).catch(() => {});
    const phase = await board(page).getAttribute('data-phase');
    if (phase === 'setting') {
      await click(page.locator('.square.placeable').first());
    } else if (await page.getByTestId('stop-chain').count()) {
      await click(page.getByTestId('stop-chain'));
    } else {
      const forced = page.locator('[data-forced="true"]');
      if (!(await forced.count())) await click(page.locator('.square.movable').first());
      const dest = page.locator('[data-dest="true"]').first();
      if (await dest.count()) await click(dest);
    }
  }
  await expect(page.getByTestId('result')).toBeVisible();
  expect(sawThinking).toBe(true);
  const plies = await page.locator('[data-ply]').count();
  expect(plies).toBeGreaterThan(24);
  const tasks = await page.evaluate(() => window.longTasks);
  const ms = (list) => JSON.stringify(list.map(([, duration]) => Math.round(duration)));
  const loading = tasks.filter(([start]) => start < started);
  const game = tasks.filter(([start]) => start >= started);
  console.log(`loading: main-thread tasks over 50 ms: ${ms(loading)}`);
  console.log(`game of ${plies} plies; main-thread tasks over 50 ms: ${ms(game)}`);
  // (A figure, not a check: `make bench-phone` prints the longest task
  // while the computer thinks on a slow phone's profile. What this test
  // holds is behaviour: the page answered the flips while it thought.)
});

// The computer's ply is told to a screen reader in words, in the page's
// language (its announcement was made where no language was known: the
// live region read "announce-ply").
for (const [language, words] of [['English', /^First player: /], ['العربية', /^اللاعب الأول: /]]) {
  test(`the computer's ply is announced in words (${language})`, async ({ page }) => {
    await openApp(page);
    await chooseLanguage(page, language);
    await startGame(page, 'seega5', { computer: { level: 1, side: 'second' } });
    await expect(page.locator('[data-ply]').first()).toBeAttached();
    const announcer = page.getByTestId('announcer');
    await expect.poll(async () => plain(await announcer.textContent())).toMatch(words);
    expect(await announcer.textContent()).not.toContain('announce-');
  });
}
