// The analysis board on a phone (issue 46), left to right and right to
// left: its controls to the game's start and end, and a ply back and
// forward, are reached (scrolled to, inside the screen's width and height)
// and do what they say, by their names in English and in Arabic.
import { test, expect, watch } from './fixtures.js';
import { chooseLanguage, startGame, play } from './helpers.js';

test.describe.configure({ timeout: 120_000 });

for (const [language, names] of [
  ['English', { start: 'Start', back: 'Back', forward: 'Forward', end: 'End' }],
  ['العربية', { start: 'البداية', back: 'رجوع', forward: 'تقدّم', end: 'النهاية' }],
]) {
  test(`the analysis controls are reached on a phone (${language})`, async ({ browser, errors }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    watch(page, errors);
    try {
      await page.goto('/');
      await page.evaluate(() => localStorage.clear());
      await page.goto('/');
      await chooseLanguage(page, language);
      await startGame(page, 'kharbaga', { first: 'Amel', second: 'Youssef' });
      for (const ply of ['c2-c3', 'e4xc2', 'b1xd3']) await play(page, ply);
      await page.getByTestId('analyse').click();
      await expect(page.getByTestId('analysis')).toBeVisible();
      const plies = page.getByTestId('analysis-ply');
      await expect(plies).toHaveCount(3);
      const shown = async () => {
        for (let i = 0; i < 3; i++) {
          if ((await plies.nth(i).getAttribute('aria-current')) === 'step') return i + 1;
        }
        return 0;
      };
      const reach = async (name) => {
        const control = page.getByTestId('analysis').getByRole('button', { name, exact: true });
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        const view = await page.evaluate(() => ({ width: innerWidth, height: innerHeight, wide: document.documentElement.scrollWidth }));
        expect(view.wide, 'nothing wider than the phone').toBeLessThanOrEqual(view.width);
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(view.width);
        expect(box.y, name).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, name).toBeLessThanOrEqual(view.height);
        await control.click();
      };
      await expect.poll(shown).toBe(3);
      await reach(names.start);
      await expect.poll(shown).toBe(0);
      await reach(names.forward);
      await expect.poll(shown).toBe(1);
      await reach(names.end);
      await expect.poll(shown).toBe(3);
      await reach(names.back);
      await expect.poll(shown).toBe(2);
    } finally {
      await context.close();
    }
  });
}
