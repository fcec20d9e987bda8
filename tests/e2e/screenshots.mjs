// Screenshots of the key screens for docs/screenshots (run by hand:
// `make screenshots`, with the release build in dist/). Plays the scripted
// Kharbga game by clicking and captures setting, chain, exchange and result,
// on a desktop and a phone.
import { KHARBGA_GAME } from './specs/games.js';
import { start } from './shots.mjs';

const out = new URL('../../docs/screenshots/', import.meta.url).pathname;
const { browser, url, close } = await start({ port: 4174, out });
try {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'English' }).click();
    const shots = new Set();
    const shot = async (name) => {
      if (shots.has(name)) return;
      shots.add(name);
      await page.waitForTimeout(450);
      await page.screenshot({ path: `${out}${name}-${device}.png`, fullPage: device === 'phone' });
    };
    const plies = KHARBGA_GAME.plies.split(' ');
    for (const [i, ply] of plies.entries()) {
      if (i === 30) await shot('setting');
      const sq = (n) => page.locator(`[data-square="${n}"]`);
      if (ply.includes('-')) {
        const [from, to] = ply.replace('*', '').split('-');
        if (ply.endsWith('*')) await page.getByTestId('exchange-flag').check();
        if ((await sq(from).getAttribute('data-forced')) !== 'true') await sq(from).click();
        await sq(to).click();
      } else {
        await sq(ply).click();
      }
      if (await page.locator('[data-forced="true"]').count()) {
        await sq(plies[i + 1].split('-')[0]).click();
        await shot('chain');
        continue;
      }
      if (await page.getByTestId('exchange-status').count()) await shot('exchange');
    }
    await shot('result');
    await page.close();
  }
} finally {
  await close();
}
