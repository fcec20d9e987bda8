// Automated accessibility checks (axe-core, WCAG 2 A and AA rules) on every
// screen a player reaches — the game, new game, library, replay, settings,
// the tutorial's list, a lesson and the rules sheet — in English and in
// Arabic: no serious or critical violation.
import { createRequire } from 'node:module';
import { test, expect } from './fixtures.js';
import { board } from './helpers.js';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** The serious and critical violations on the page as it is now. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

async function check(page, screen) {
  await page.waitForTimeout(300);
  expect(await violations(page), screen).toEqual([]);
}

for (const [language, button] of [['en', 'English'], ['ar', 'العربية']]) {
  test(`no serious accessibility violation on any screen (${language})`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: button }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The game, a few soldiers set.
    await board(page).locator('[data-square="a1"]').click();
    await board(page).locator('[data-square="b1"]').click();
    await expect(page.locator('[data-ply]')).toHaveCount(2);
    await check(page, 'game');
    await page.getByTestId('nav-new-game').click();
    await check(page, 'new game');
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings')).toBeVisible();
    await check(page, 'settings');
    await page.getByTestId('nav-library').click();
    await check(page, 'library');
    await page.getByTestId('library-replay').first().click();
    await expect(page.getByTestId('replay-ply')).toBeVisible();
    await check(page, 'replay');
    // The tutorial's page.
    await page.goto('/learn.html#learn');
    await check(page, 'lessons');
    await page.getByTestId('learn-continue').click();
    await expect(page.getByTestId('lesson')).toBeVisible();
    await check(page, 'lesson');
    await page.goto('/learn.html#learn/exchange');
    await expect(page.getByTestId('lesson')).toHaveAttribute('data-lesson', 'exchange');
    await check(page, 'exchange lesson');
    await page.goto('/learn.html#rules');
    await expect(page.getByTestId('rules-sheet')).toBeVisible();
    await check(page, 'rules sheet');
  });
}

test('the dark theme and the stone board are chosen, shown and remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('theme-system')).toBeChecked();
  await page.getByTestId('theme-dark').check();
  await page.getByTestId('board-stone').check();
  await page.getByTestId('sound').uncheck();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-board', 'stone');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = await background();
  await check(page, 'settings, dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-board', 'stone');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('sound')).not.toBeChecked();
  await page.getByTestId('theme-light').check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await background()).not.toBe(dark);
  // Following the system: the page turns dark with it.
  await page.getByTestId('theme-system').check();
  await expect(html).not.toHaveAttribute('data-theme', /./);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe(dark);
  await page.getByTestId('nav-new-game').click();
  await check(page, 'new game, system dark');
});
