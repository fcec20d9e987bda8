// Games that are never lost: autosave and resume, the library, replay and
// "play from here", import errors, share links, unreadable entries, a full
// store and a store that cannot be used.
import { test, expect, watch } from './fixtures.js';
import { openApp, startGame, play, playAll, board, counts, plain, expectText } from './helpers.js';
import { SEEGA5_GAME, SEEGA5_SETTING } from './games.js';

const pliesOf = (text) => text.trim().split(/\s+/);

/** Plays the whole scripted Seega 5×5 game, closes the result, opens the library. */
async function finishAGame(page) {
  // 76 plies by clicks, each waiting for the move list (a frame after the
  // board): the game alone takes 15–20 s on this 2-core machine.
  test.setTimeout(90_000);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, SEEGA5_GAME.plies);
  await expect(page.getByTestId('result')).toBeVisible();
  await page.getByTestId('result-close').click();
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library')).toBeVisible();
}

test('a game resumes after a reload at the same ply, flipped board included', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  const some = pliesOf(SEEGA5_GAME.plies).slice(0, 27);
  await playAll(page, some.join(' '));
  await page.getByTestId('flip').click();
  const before = await counts(page);
  await page.reload();
  await expect(page.locator('[data-ply]')).toHaveCount(27);
  expect(await counts(page)).toEqual(before);
  await expect(board(page)).toHaveAttribute('data-flipped', 'true');
  await expect(page.locator('.player-name', { hasText: 'Amel' })).toBeVisible();
  // And play goes on from there.
  await play(page, pliesOf(SEEGA5_GAME.plies)[27]);
});

test('a ply is written after the tap that played it, and kept when the screen goes in that same task', async ({ page }) => {
  // Each write notes whether the tap's own task was still running: a
  // capture listener marks the click, and a task queued by it (before the
  // app's) clears the mark.
  await page.addInitScript(() => {
    window.__writes = [];
    window.__inTap = false;
    addEventListener('click', () => {
      window.__inTap = true;
      setTimeout(() => { window.__inTap = false; });
    }, true);
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (String(value).startsWith('kharbga-game')) window.__writes.push(window.__inTap);
      return setItem.call(this, key, value);
    };
  });
  await openApp(page);
  await page.locator('.square.placeable').first().click();
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.__writes)).toEqual([false]);
  // A ply, then another screen at once, in one task: the ply is kept.
  await page.evaluate(() => {
    document.querySelector('.square.placeable').click();
    document.querySelector('[data-testid="nav-library"]').click();
  });
  await expect(page.getByTestId('library')).toBeVisible();
  const saved = await page.evaluate(() => Object.values(localStorage).find((v) => v.startsWith('kharbga-game')));
  expect(saved).toContain('plies 2');
});

test('a finished game is in the library; replay it and play from here', async ({ page }) => {
  await openApp(page);
  await finishAGame(page);
  const row = page.getByTestId('library-game').first();
  await expectText(row.getByTestId('game-result'), 'Amel won');
  await expect.poll(async () => plain(await row.textContent())).toContain('76 plies');
  await expect(row.getByTestId('library-continue')).toHaveCount(0);
  await row.getByTestId('library-replay').click();
  const ply = page.getByTestId('replay-ply');
  await expect(ply).toHaveAttribute('data-at', '0');
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-next').click();
  await expect(ply).toHaveAttribute('data-at', '2');
  await page.keyboard.press('End');
  await expect(ply).toHaveAttribute('data-at', '76');
  await page.keyboard.press('ArrowLeft');
  await expect(ply).toHaveAttribute('data-at', '75');
  await page.keyboard.press('Home');
  await expect(ply).toHaveAttribute('data-at', '0');
  await page.getByTestId('replay-setting-end').click();
  await expect(ply).toHaveAttribute('data-at', '24');
  // Autoplay moves on by itself, and pauses.
  await page.getByTestId('replay-speed').selectOption('2');
  await page.getByTestId('replay-autoplay').click();
  await expect.poll(async () => Number(await ply.getAttribute('data-at'))).toBeGreaterThan(26);
  await page.getByTestId('replay-autoplay').click();
  // Play from the end of the setting, two players.
  await page.getByTestId('replay-setting-end').click();
  const shown = await counts(page);
  await page.getByTestId('play-from-here').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  expect(await counts(page)).toEqual(shown);
  await play(page, SEEGA5_SETTING.firstStep);
  // The new game is saved too: the library has two games now.
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library-game')).toHaveCount(2);
});

test('rename, delete with undo, and export a saved game', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'b1 d2 c4 d3');
  await page.getByTestId('nav-library').click();
  const row = page.getByTestId('library-game');
  await expect(row).toHaveCount(1);
  await row.getByTestId('library-rename').click();
  await page.getByTestId('rename-input').fill('Friday game');
  await page.getByTestId('rename-save').click();
  await expectText(row.getByTestId('game-name'), 'Friday game');
  const download = page.waitForEvent('download');
  await row.getByTestId('library-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kharbga-.*\.txt$/);
  await row.getByTestId('library-delete').click();
  await expect(page.getByTestId('library-game')).toHaveCount(0);
  await page.getByTestId('undo-delete').click();
  await expect(page.getByTestId('library-game')).toHaveCount(1);
  await expectText(page.getByTestId('game-name'), 'Friday game');
  // Continue goes back to the game at its ply.
  await page.getByTestId('library-continue').click();
  await expect(page.locator('[data-ply]')).toHaveCount(4);
});

test('importing a record with an error shows its line; a good one is added', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-library').click();
  const bad = ['[Variant "seega5"]', '[First "A"]', '[Second "B"]', '', '1. b1 d2 1... zz9 *'].join('\n');
  await page.getByTestId('import-text').fill(bad);
  await page.getByTestId('import-button').click();
  await expect(page.getByTestId('import-error')).toBeVisible();
  expect(plain(await page.getByTestId('import-error').textContent())).toMatch(/^Line 5, column \d+: /);
  await expect(page.getByTestId('library-game')).toHaveCount(0);
  const good = ['[Variant "seega5"]', '[First "A"]', '[Second "B"]', '', '1. b1 d2 1... c4 d3 *'].join('\n');
  await page.getByTestId('import-text').fill(good);
  await page.getByTestId('import-button').click();
  await expect(page.getByTestId('imported')).toBeVisible();
  await expect(page.getByTestId('library-game')).toHaveCount(1);
  await expect.poll(async () => plain(await page.getByTestId('library-game').textContent())).toContain('4 plies');
  // The same record from a file.
  await page.getByTestId('import-file').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(good) });
  await expect(page.getByTestId('library-game')).toHaveCount(2);
});

test('a share link opens the game in a fresh browser context', async ({ page, browser, errors }) => {
  await openApp(page);
  await finishAGame(page);
  await page.getByTestId('library-replay').first().click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain('#g1~seega5~Amel~Youssef~');
  expect(link.length).toBeLessThan(300);
  const context = await browser.newContext();
  const fresh = await context.newPage();
  // Its errors fail the test too.
  watch(fresh, errors);
  await fresh.goto(link);
  await expect(fresh.getByTestId('replay')).toBeVisible();
  await expect(fresh.getByTestId('replay-names')).toContainText('Amel');
  await fresh.getByTestId('replay-end').click();
  await expect(fresh.getByTestId('replay-ply')).toHaveAttribute('data-at', '76');
  // A link from a later version says so.
  await fresh.goto(link.replace('#g1~', '#g9~'));
  await fresh.reload();
  await expect(fresh.getByTestId('link-error')).toContainText('newer version');
  await context.close();
});

test('a corrupted entry is set aside with a notice, the other games intact', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'b1 d2 c4 d3');
  await page.evaluate(() => {
    localStorage.setItem('kharbga.game.broken1', '{"schema": 2, "record": tru');
  });
  await page.reload();
  await expect(page.getByTestId('save-notice-set-aside')).toBeVisible();
  await expect(page.locator('[data-ply]')).toHaveCount(4);
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library-game')).toHaveCount(1);
  const kept = await page.evaluate(() => localStorage.getItem('kharbga.aside.broken1'));
  expect(kept).toBe('{"schema": 2, "record": tru');
});

test('a full store says so and the game stays playable', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'b1 d2');
  // Fill the origin's quota.
  await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    for (let i = 0; chunk.length > 8; ) {
      try {
        localStorage.setItem(`filler${i++}`, chunk);
      } catch {
        chunk = chunk.slice(0, chunk.length / 2);
      }
    }
  });
  await playAll(page, 'c4 d3 a4 b4');
  await expect(page.getByTestId('save-notice-full')).toBeVisible();
  await expect(page.locator('[data-ply]')).toHaveCount(6);
  await play(page, 'c5');
});

test('without storage the app warns and plays from memory', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('storage is disabled', 'SecurityError');
      },
    });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('storage-unavailable')).toBeVisible();
  await startGame(page, 'seega5');
  await playAll(page, 'b1 d2');
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library-game')).toHaveCount(1);
});

test('a pasted position string starts a game there; a bad one says why', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('new-game').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('start-position').fill('5/5/1S3/1s3/9 w 0,0 - - 0 20 -');
  await page.getByTestId('start').click();
  await expect(page.getByTestId('start-position-error')).toBeVisible();
  await page.getByTestId('start-position').fill('5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -');
  await page.getByTestId('start').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  expect(await counts(page)).toEqual([2, 1]);
  await play(page, 'c1-b1');
  await expect(page.getByTestId('result')).toBeVisible();
  // Saved with its start: the library replays it from there.
  await page.getByTestId('result-close').click();
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-replay').click();
  expect(await counts(page)).toEqual([2, 1]);
});
