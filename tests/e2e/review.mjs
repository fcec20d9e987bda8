// Screenshots of every screen for a person to look at (not committed output):
// node review.mjs <outdir>. English and Arabic, 1280×800 and 390×844.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { SEEGA5_GAME } from './specs/games.js';

const out = process.argv[2] ?? '/tmp/shots';
const port = 4177;
const server = spawn('node', ['serve.mjs', '../../dist', String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const errors = [];
try {
  for (const [language, label] of [['en', 'English'], ['ar', 'العربية']]) {
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      const page = await browser.newPage({ viewport });
      page.on('pageerror', (e) => errors.push(`${language} ${device}: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`${language} ${device}: ${m.text()}`));
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('button', { name: label }).click();
      await page.waitForTimeout(300);
      const shot = async (name) => {
        await page.waitForTimeout(350);
        await page.screenshot({ path: `${out}/${language}-${device}-${name}.png`, fullPage: true });
      };
      await shot('1-start');
      // A game: setting, a refusal, then moving with a hint and the move list.
      await page.getByTestId('nav-new-game').click();
      await page.getByTestId('mode-computer').check();
      await shot('2-new-game');
      await page.getByTestId('mode-hotseat').check();
      await page.getByTestId('variant-seega5').check();
      await page.getByTestId('name-first').fill('Amel');
      await page.getByTestId('name-second').fill('Youssef ben Mohammed el Khaldouni');
      await page.getByTestId('start').click();
      const plies = SEEGA5_GAME.plies.split(' ');
      for (const ply of plies.slice(0, 30)) {
        if (ply.includes('-')) {
          const [from, to] = ply.split('-');
          if ((await page.locator(`[data-square="${from}"]`).getAttribute('data-forced')) !== 'true') await page.locator(`[data-square="${from}"]`).click();
          await page.locator(`[data-square="${to}"]`).click();
        } else if (ply === 'stop') {
          await page.getByTestId('stop-chain').click();
        } else {
          await page.locator(`[data-square="${ply}"]`).click();
        }
      }
      await page.locator('[data-square="c3"]').click();
      await page.getByTestId('hint-button').click();
      await page.getByTestId('hint').waitFor();
      await shot('3-game-hint');
      await page.locator('[data-ply="10"]').click();
      await shot('4-browsing');
      await page.getByTestId('back-to-game').click();
      await page.getByRole('button', { name: /Resign|استسلام/ }).click();
      await shot('5-result');
      await page.keyboard.press('Escape');
      // The library with an import error, then the replay.
      await page.getByTestId('nav-library').click();
      await page.getByTestId('import-text').fill('[Variant "seega5"]\n\n1. b1 zz9 *');
      await page.getByTestId('import-button').click();
      await shot('6-library');
      await page.getByTestId('library-replay').first().click();
      await page.getByTestId('replay-next').click();
      await shot('7-replay');
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(errors.length ? errors.join('\n') : 'no page or console errors');
