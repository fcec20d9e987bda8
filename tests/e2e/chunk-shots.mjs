// The screens the pages fetch after their first paint (issue 30: the
// new-game form, the library, the replay viewer, the settings) and the
// notice of one that cannot be fetched, in English and Arabic on a desktop
// and a phone. Usage: node chunk-shots.mjs [out]   (from tests/e2e)
import { everywhere } from './shots.mjs';

await everywhere({
  port: 4211,
  tag: 'chunks',
  wanted: {},
  scene: async ({ page, url, label, shot }) => {
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('board').waitFor();
    for (const [nav, mark, name] of [['nav-new-game', 'start', 'new-game'], ['nav-library', 'library', 'library'],
      ['nav-settings', 'settings', 'settings']]) {
      await page.getByTestId(nav).click();
      await page.getByTestId(mark).first().waitFor();
      await shot(name);
    }
    // A finished game replayed: a short Seega game resigned.
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-seega5').check();
    await page.getByTestId('start').click();
    await page.locator('[data-square="a1"]').click();
    await page.locator('[data-square="b1"]').click();
    await page.getByTestId('nav-library').click();
    await page.getByTestId('library-game').first().waitFor();
    await shot('library-game');
    await page.getByTestId('library-replay').first().click();
    await page.getByTestId('replay').waitFor();
    await shot('replay');
    // A chunk that cannot be fetched (a fresh browser without the service
    // worker, which would serve it: the library's blocked).
    const context = await page.context().browser().newContext({ viewport: page.viewportSize(), serviceWorkers: 'block' });
    const fresh = await context.newPage();
    await fresh.route('**/kharbga-split-library-*.wasm', (route) => route.abort());
    await fresh.goto(`${url}/`);
    await fresh.getByRole('button', { name: label }).click();
    await fresh.getByTestId('board').waitFor();
    await fresh.getByTestId('nav-library').click();
    await fresh.getByTestId('chunk-missing').waitFor();
    await shot('missing', fresh);
    await context.close();
  },
});
