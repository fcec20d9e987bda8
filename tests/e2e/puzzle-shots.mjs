// The puzzles (learn.html#learn/puzzles): a puzzle with its first hint, a
// wrong move refuted by the computer, the solution shown, in every
// language on a desktop and a phone. Usage: node puzzle-shots.mjs [out]
// (from tests/e2e); `--docs` writes docs/playing.md's two into docs/screenshots.
import { everywhere } from './shots.mjs';

await everywhere({
  port: 4213,
  tag: 'puzzle',
  wanted: { 'en-desktop-refuted': 'puzzle-desktop', 'ar-phone-hint': 'puzzle-phone-ar' },
  scene: async ({ page, url, label, shot }) => {
    await page.goto(`${url}/learn.html#learn`);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('open-puzzles').click();
    await page.getByTestId('puzzle').waitFor();
    await page.getByTestId('puzzle-hint').click();
    await shot('hint');
    // A wrong move: the first movable soldier's first square that is not
    // the hinted one.
    const hinted = await page.locator('.square.focus').getAttribute('data-square');
    const movable = page.locator('.square.movable');
    for (let i = 0; i < await movable.count(); i++) {
      if ((await movable.nth(i).getAttribute('data-square')) === hinted) continue;
      await movable.nth(i).click();
      const dest = page.locator('[data-dest="true"]').first();
      if (await dest.count()) {
        await dest.click();
        break;
      }
    }
    await page.waitForFunction(() => document.querySelector('[data-testid="puzzle"]').dataset.stage === 'failed', null, { timeout: 30_000 });
    await shot('refuted');
    await page.getByTestId('puzzle-solution').click();
    await shot('solution');
  },
});
