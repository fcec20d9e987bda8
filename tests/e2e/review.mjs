// Screenshots of every screen for a person to look at (not committed output):
// node review.mjs <outdir>. English and Arabic, 1280×800 and 390×844:
// the game, the library and replay, online play, the tutorial, settings.
import { startSignalling } from './bench-setup.mjs';
import { SEEGA5_GAME } from './specs/games.js';
import { DEVICES, LANGUAGES, start } from './shots.mjs';

const out = process.argv[2] ?? '/tmp/shots';
// The signalling server, for the online screens.
const signal = startSignalling();
const { browser, url, errors, watch, close } = await start({ port: 4177, args: ['--allow-loopback-in-peer-connection'] });
try {
  for (const [language, label] of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      const page = watch(await browser.newPage({ viewport }), `${language} ${device}`);
      await page.goto(`${url}/`);
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

      // Online: the form, the waiting room, the invitation, the game with
      // a chat line and an offer, a spectator.
      const open = async () => {
        const context = await browser.newContext({ viewport });
        const p = await context.newPage();
        watch(p, `${language} ${device} online`);
        await p.goto(`${url}/online.html#online`);
        await p.getByRole('button', { name: label }).click();
        return p;
      };
      const online = async (p, name) => {
        await p.waitForTimeout(350);
        await p.screenshot({ path: `${out}/${language}-${device}-${name}.png`, fullPage: true });
      };
      const host = await open();
      await host.getByTestId('online-name').fill(language === 'ar' ? 'أمل' : 'Amel');
      await host.getByTestId('online-settings').locator('summary').click();
      await online(host, '8-online-form');
      await host.getByTestId('online-settings').locator('summary').click();
      await host.getByTestId('start').click();
      await host.locator('[data-testid="connection"][data-status="waiting"]').waitFor();
      await online(host, '9-online-waiting');
      const link = await host.getByTestId('invitation-link').inputValue();
      const guest = await open();
      await guest.goto(link);
      await guest.getByTestId('join-form').waitFor();
      await guest.getByTestId('join-name').fill('Youssef ben Mohammed el Khaldouni');
      await online(guest, '10-online-join');
      await guest.getByTestId('join').click();
      await host.locator('[data-testid="connection"][data-status="connected"]').waitFor();
      for (const square of ['a7', 'b7']) await host.locator(`[data-square="${square}"]`).click();
      await guest.locator('[data-square="a1"]').click();
      await guest.locator('[data-square="b1"]').click();
      await guest.getByTestId('chat-input').fill(language === 'ar' ? 'بالتوفيق!' : 'Good luck!');
      await guest.getByTestId('chat-send').click();
      await guest.getByTestId('offer-draw').click();
      await host.getByTestId('offer').waitFor();
      const watcher = await open();
      await watcher.goto(link);
      await watcher.getByTestId('watching').waitFor();
      await host.getByTestId('watchers').waitFor();
      await online(host, '11-online-game');
      await online(guest, '11b-online-guest');
      await online(watcher, '12-online-spectator');
      // Play by link, when the players cannot connect: the guest's page
      // after the host left.
      await host.context().close();
      await guest.locator('[data-testid="connection"][data-status="away"]').waitFor({ timeout: 20_000 });
      await guest.getByTestId('by-link-start').click();
      await online(guest, '12b-online-by-link');
      for (const p of [guest, watcher]) await p.context().close();

      // The tutorial: the list, a lesson after a wrong try and a hint, the
      // rules sheet; the settings, in the dark theme with the stone board.
      const learn = await open();
      await learn.goto(`${url}/learn.html#learn`);
      await online(learn, '13-lessons');
      await learn.goto(`${url}/learn.html#learn/capture`);
      await learn.getByTestId('lesson-next').click();
      await learn.locator('.square.movable').first().click();
      await learn.getByTestId('lesson-hint').click();
      await online(learn, '14-lesson');
      await learn.goto(`${url}/learn.html#rules`);
      await online(learn, '15-rules');
      await learn.getByTestId('nav-settings').click();
      await learn.getByTestId('theme-dark').check();
      await learn.getByTestId('board-stone').check();
      await online(learn, '16-settings-dark');
      await learn.goto(`${url}/learn.html#learn/exchange`);
      await online(learn, '17-lesson-dark-stone');
      // Kharbaga: its lesson, then on the first page a game begun from a
      // position: the forced capture ringed, a capture half entered, the
      // majority rule's refusal, a Mullah crowned.
      await learn.goto(`${url}/learn.html#learn/kharbaga`);
      await online(learn, '18-lesson-kharbaga');
      await learn.context().close();
      const k = await open();
      await k.goto(`${url}/`);
      await k.getByTestId('nav-new-game').click();
      await k.getByTestId('variant-kharbaga').check();
      await k.getByTestId('mode-hotseat').check();
      await online(k, '19-kharbaga-new-game');
      await k.getByTestId('start').click();
      await online(k, '20-kharbaga-start');
      await k.getByTestId('nav-new-game').click();
      await k.getByTestId('variant-kharbaga').check();
      await k.getByTestId('mode-hotseat').check();
      await k.getByTestId('start-position').fill('s4/3s1/3sM/2s2/s3S w 0,0 - - 0 14 -');
      await k.getByTestId('start').click();
      await k.locator('[data-square="e1"]').click();
      await online(k, '21-kharbaga-must-capture');
      await k.locator('[data-square="e3"]').click();
      await k.locator('[data-square="b3"]').click();
      await online(k, '22-kharbaga-leaping');
      await k.locator('[data-square="d1"]').click();
      await k.locator('[data-square="d5"]').click();
      await online(k, '23-kharbaga-after-capture');
      await k.context().close();
    }
  }
} finally {
  await close();
  signal.kill();
}
console.log(errors.length ? errors.join('\n') : 'no page or console errors');
