// Timed games' screens, in English and Arabic, on a desktop and a phone:
// the new-game form with a custom clock, a game under way with both clocks
// (one low), and the result of a flag fall. Run by `make review` (into
// target/review); with `--docs`, the README's two into docs/screenshots.
import { everywhere } from './shots.mjs';

const wanted = { 'en-desktop-clock-low': 'clock-desktop', 'ar-phone-clock-low': 'clock-phone-ar' };
await everywhere({
  port: 4179,
  tag: 'c',
  wanted,
  scene: async ({ page, url, language, label, shot }) => {
    await page.clock.install();
    await page.goto(`${url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-kharbga').check();
    await page.getByTestId('mode-hotseat').check();
    await page.getByTestId('name-first').fill(language === 'ar' ? 'أمل' : 'Amel');
    await page.getByTestId('name-second').fill(language === 'ar' ? 'يوسف' : 'Youssef');
    await page.getByTestId('time-control').selectOption('custom');
    await page.getByTestId('time-minutes').fill('1');
    await page.getByTestId('time-increment').fill('2');
    await page.getByTestId('clock-options').scrollIntoViewIfNeeded();
    await shot('form');
    await page.getByTestId('start').click();
    for (const name of ['c4', 'e4', 'd3', 'd5']) {
      await page.clock.fastForward(3_000);
      await page.locator(`[data-square="${name}"]`).click();
    }
    await shot('running');
    await page.clock.fastForward(51_000);
    await shot('clock-low');
    await page.clock.fastForward(10_000);
    await page.getByTestId('result').waitFor();
    await shot('result');
  },
});
