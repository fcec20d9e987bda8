// Timed games' screens, in English and Arabic, on a desktop and a phone:
// the new-game form with a custom clock, a game under way with both clocks
// (one low), and the result of a flag fall; then a timed online game, the
// host's and the guest's pages. Run by `make review` (into target/review);
// with `--docs`, docs/playing.md's screens into docs/screenshots.
import { startSignalling } from './bench-setup.mjs';
import { everywhere } from './shots.mjs';

// The signalling server, for the online game.
startSignalling();

const wanted = {
  'en-desktop-clock-low': 'clock-desktop',
  'ar-phone-clock-low': 'clock-phone-ar',
  'en-desktop-online-clock': 'online-clock-desktop',
  'ar-phone-online-clock': 'online-clock-phone-ar',
};
await everywhere({
  port: 4179,
  tag: 'c',
  wanted,
  scene: async ({ page, url, language, label, shot, more }) => {
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

    // Online on the clock: the host's page and the guest's, each in a
    // context of its own (their clocks real).
    const host = await more();
    await host.goto(`${url}/online.html#online`);
    await host.getByRole('button', { name: label }).click();
    await host.getByTestId('online-name').fill(language === 'ar' ? 'أمل' : 'Amel');
    await host.getByTestId('time-control').selectOption('300+3');
    await host.getByTestId('start').click();
    await host.locator('[data-testid="connection"][data-status="waiting"]').waitFor();
    const link = await host.getByTestId('invitation-link').inputValue();
    const guest = await more();
    await guest.goto(link);
    await guest.getByRole('button', { name: label }).click();
    await guest.getByTestId('join-name').fill(language === 'ar' ? 'يوسف' : 'Youssef');
    await guest.getByTestId('join').click();
    await host.locator('[data-testid="connection"][data-status="connected"]').waitFor();
    for (const square of ['c4', 'e4']) await host.locator(`[data-square="${square}"]`).click();
    await guest.locator('[data-square="d3"]').click();
    await host.waitForTimeout(1_500);
    for (const p of [host, guest]) await p.evaluate(() => window.scrollTo(0, 0));
    await shot('online-clock', host);
    await shot('online-clock-guest', guest);
    // (A context with a live peer connection can be slow to close: it is
    // not waited for long.)
    for (const p of [host, guest]) {
      await Promise.race([p.context().close(), new Promise((r) => setTimeout(r, 5_000))]);
    }
  },
});
// (The signalling server is a child process: leave with it stopped.)
process.exit(0);
