// Temporary (not committed): the screens touched this session, en/ar, desktop/phone.
import { startSignalling } from './bench-setup.mjs';
import { everywhere } from './shots.mjs';

startSignalling();
await new Promise((r) => setTimeout(r, 1500));

async function room(page, url, label, name) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: label }).click();
  await page.getByTestId('nav-online').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('online-name').fill(name);
  await page.getByTestId('start').click();
  await page.getByTestId('invitation-qr').locator('svg').waitFor();
  return page.getByTestId('invitation-link').inputValue();
}

await everywhere({
  port: 4183,
  tag: 's',
  wanted: {},
  scene: async ({ page, url, language, label, shot, more }) => {
    const ar = language === 'ar';
    const host = await more();
    const link = await room(host, url, label, ar ? 'أمل' : 'Amel');
    const guest = await more();
    await guest.goto(link);
    await guest.getByRole('button', { name: label }).click();
    await guest.getByTestId('join-name').fill(ar ? 'يوسف' : 'Youssef');
    await guest.getByTestId('join').click();
    await guest.getByTestId('online-path').filter({ hasText: /\d/ }).waitFor();
    await page.goto(link);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('watching').waitFor({ timeout: 60_000 });
    await shot('spectator');
    await host.context().close();
    await guest.context().close();
    // A full storage with a saved game: the library stays listed.
    await page.goto(`${url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-seega5').check();
    await page.getByTestId('mode-hotseat').check();
    await page.getByTestId('start').click();
    await page.locator('[data-square="b1"]').click();
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      for (let i = 0; chunk.length > 0; ) {
        try { localStorage.setItem(`filler${i++}`, chunk); } catch { chunk = chunk.slice(0, Math.floor(chunk.length / 2)); }
      }
    });
    await page.reload();
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('save-notice-full-at-open').waitFor();
    await shot('full-storage');
    await page.getByTestId('save-notice-full-at-open').getByRole('button').first().click();
    await page.getByTestId('library-game').first().waitFor();
    await shot('full-storage-library');
    await page.evaluate(() => localStorage.clear());
  },
});
