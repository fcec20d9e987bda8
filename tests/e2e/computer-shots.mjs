// A Kharbga game against the computer's top level (issue 31: the staged
// exchange analysis and the tuned weights play in the worker), and the
// same with the browser's data saver on (Save-Data: the worker is fetched
// when the game asks for it), in English and Arabic on a desktop and a
// phone. Usage: node computer-shots.mjs [out]   (from tests/e2e)
import { everywhere } from './shots.mjs';

await everywhere({
  port: 4212,
  tag: 'computer',
  wanted: {},
  scene: async ({ page, url, label, shot }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('board').waitFor();
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-kharbga').check();
    await page.getByTestId('mode-computer').check();
    await page.getByTestId('computer-level').selectOption('5');
    await page.getByTestId('human-side').selectOption('second');
    await page.getByTestId('start').click();
    // The computer (the Attacker) sets first; the player answers twice.
    await page.waitForFunction(() => document.querySelectorAll('[data-ply]').length >= 2, null, { timeout: 20_000 });
    for (let i = 0; i < 2; i++) {
      await page.waitForFunction(() => document.querySelector('[data-testid="board"]').getAttribute('data-to-move') === 'second', null, { timeout: 20_000 });
      await page.locator('.square.placeable').first().click();
    }
    await page.waitForFunction(() => document.querySelectorAll('[data-ply]').length >= 6, null, { timeout: 20_000 });
    await shot('game');
  },
});
