// Screenshots of the key screens for docs/screenshots (run by hand:
// `make screenshots`, with the release build in dist/). Plays the scripted
// Kharbga game by clicking and captures setting, chain, exchange and result,
// on a desktop and a phone.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { KHARBGA_GAME } from './specs/games.js';

const port = 4174;
const out = new URL('../../docs/screenshots/', import.meta.url).pathname;
const server = spawn('node', ['serve.mjs', '../../dist', String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
    await page.goto(`http://127.0.0.1:${port}/`);
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
  await browser.close();
  server.kill();
}
