// Timed games' screens, in English and Arabic, on a desktop and a phone:
// the new-game form with a custom clock, a game under way with both clocks
// (one low), and the result of a flag fall. Run by `make review` (into
// target/review); with `--docs`, the README's two into docs/screenshots.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

const docs = process.argv.includes('--docs');
const out = docs ? new URL('../../docs/screenshots/', import.meta.url).pathname : (process.argv[2] ?? '/tmp/shots');
const port = 4179;
const server = spawn('node', ['serve.mjs', '../../dist', String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const errors = [];
const wanted = { 'en-desktop-clock-low': 'clock-desktop', 'ar-phone-clock-low': 'clock-phone-ar' };
try {
  for (const [language, label] of [['en', 'English'], ['ar', 'العربية']]) {
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      const page = await browser.newPage({ viewport });
      page.on('pageerror', (e) => errors.push(`${language} ${device}: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`${language} ${device}: ${m.text()}`));
      const shot = async (name) => {
        const key = `${language}-${device}-${name}`;
        if (docs && !wanted[key]) return;
        await page.waitForTimeout(300);
        const path = docs ? `${out}${wanted[key]}.png` : `${out}/${language}-${device}-c-${name}.png`;
        await page.screenshot({ path, fullPage: device === 'phone' });
      };
      await page.clock.install();
      await page.goto(`http://127.0.0.1:${port}/`);
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
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log(`clock screenshots in ${out}`);
