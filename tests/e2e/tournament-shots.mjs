// The tournament page's screens, in English and Arabic, on a desktop and a
// phone: the form, a round under way, a board being played, and the final
// standings with the crosstable. Run by `make review` (into target/review);
// with `--docs`, the README's into docs/screenshots.
import { everywhere } from './shots.mjs';

const wanted = {
  'en-desktop-standings': 'tournament-desktop',
  'ar-phone-standings': 'tournament-phone-ar',
  'en-phone-form': 'tournament-form-phone',
};
const names = { en: ['Amel', 'Youssef'], ar: ['أمل', 'يوسف'] };
await everywhere({
  port: 4183,
  tag: 't',
  wanted,
  scene: async ({ page, url, language, label, shot }) => {
    await page.goto(`${url}/tournament.html#tournament`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('player-name-1').fill(names[language][0]);
    await page.getByTestId('player-name-2').fill(names[language][1]);
    await shot('form');
    await page.getByTestId('tournament-start').click();
    await page.getByTestId('tournament-boards').waitFor();
    await shot('round');
    let first = true;
    while (await page.getByTestId('board-play').count()) {
      await page.getByTestId('board-play').first().click();
      const watch = await page.getByTestId('resign').isDisabled();
      if (first && !watch) {
        await page.locator('.square.placeable').first().click();
        await shot('board');
        first = false;
      }
      if (!watch) await page.getByTestId('resign').click();
      await page.getByTestId('result').waitFor({ timeout: 120_000 });
      await page.getByTestId('result-close').click();
      await page.getByTestId('tournament-back').click();
      await page.getByTestId('tournament').waitFor();
    }
    await shot('standings');
  },
});
