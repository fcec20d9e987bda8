// What a new player stumbled on, each checked the way they met it.
import { test, expect } from './fixtures.js';
import { openApp, startGame, play, playAll, board, square, counts, plain, pliesPlayed, expectContains } from './helpers.js';
import { SEEGA5_GAME } from './games.js';

test('the level menu names each level, and shows the one chosen (3 at first)', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('mode-computer').check();
  const menu = page.getByTestId('computer-level');
  await expect(menu).toHaveValue('3');
  for (const [language, three] of [['English', '3 — club player'], ['Français', '3 — joueur de club'], ['العربية', '3 — لاعب نادٍ']]) {
    await page.getByRole('button', { name: language }).click();
    // A language's file arrives before the page switches to it.
    await expect.poll(async () => plain(await menu.locator('option').nth(2).textContent())).toBe(three);
    const labels = (await menu.locator('option').allTextContents()).map(plain);
    expect(new Set(labels).size, labels.join(' | ')).toBe(5);
    expect(labels[2]).toBe(three);
    expect(plain(await menu.locator('option:checked').textContent())).toBe(three);
  }
  await menu.selectOption('5');
  await expect(menu).toHaveValue('5');
});

test('on a 390 px phone the new-game form fits, and a long name does not widen the game', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('mode-computer').check();
  const form = await page.getByTestId('new-game-form').boundingBox();
  expect(form.width).toBeLessThanOrEqual(390);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Every field is inside the screen, so a tap lands on it.
  for (const id of ['computer-level', 'human-side', 'option-chain', 'option-blocked', 'start-position']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(390);
  }
  await page.getByTestId('mode-hotseat').check();
  const long = 'Abderrahmane ben Mohammed el Khaldouni of the far oasis'.slice(0, 40);
  await page.getByTestId('name-first').fill(long);
  await page.getByTestId('start').click();
  await expect(board(page)).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  const bar = await page.locator('.player[data-side="first"]').boundingBox();
  expect(bar.x + bar.width).toBeLessThanOrEqual(390);
});

test('the result dialog takes the focus, keeps Tab inside, and closes with Escape', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { position: '5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -' });
  await play(page, 'c1-b1');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('rematch')).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement.closest('dialog'))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => !!document.activeElement.closest('dialog'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(board(page)).toHaveAttribute('data-phase', 'over');
});

test('a tap that does nothing says why', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  const notice = page.getByTestId('notice');
  await square(page, 'c3').click();
  await expect(notice).toHaveAttribute('data-refusal', 'malha');
  await expectContains(notice, 'Malha stays empty');
  await play(page, 'a1');
  await square(page, 'a1').click();
  await expect(notice).toHaveAttribute('data-refusal', 'occupied');
  // In the moving phase: the enemy's soldier, and a soldier with nowhere to go.
  await startGame(page, 'seega5', { position: 'SSs2/Ss3/5/5/4s w 0,0 - - 0 20 -' });
  await square(page, 'c5').click();
  await expect(notice).toHaveAttribute('data-refusal', 'enemy');
  await expectContains(notice, 'not yours');
  await square(page, 'a5').click();
  await expect(notice).toHaveAttribute('data-refusal', 'blocked');
  await expectContains(notice, 'a5');
  await square(page, 'a4').click();
  await expect(notice).toHaveCount(0);
});

test('while browsing, the status and the counts describe the board shown', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, 'a1 a2 b1 b2 c1');
  await page.locator('[data-ply="1"]').click();
  await expectContains(page.getByTestId('status'), 'after ply 2 of 5');
  await expectContains(page.getByTestId('counts-first'), '2 on the board');
  await expectContains(page.getByTestId('counts-second'), '0 on the board');
  await expect(board(page)).toHaveAttribute('data-input', 'false');
  await page.getByTestId('back-to-game').click();
  await expectContains(page.getByTestId('counts-first'), '3 on the board');
  await expectContains(page.getByTestId('status'), 'sets soldier 2 of 2');
});

test('the move list shows each turn’s number once, both players beside it', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, SEEGA5_GAME.plies.split(' ').slice(0, 30).join(' '));
  const numbers = (await page.locator('.turn-number').allTextContents()).map(plain);
  expect(numbers.length).toBeGreaterThanOrEqual(8);
  expect(new Set(numbers).size).toBe(numbers.length);
  const first = page.locator('.move-list li').first();
  await expect(first.locator('.turn-cell.first [data-ply]')).toHaveCount(2);
  await expect(first.locator('.turn-cell.second [data-ply]')).toHaveCount(2);
});

test('the move list marks the ply shown: the last one, one clicked, and in another language', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, SEEGA5_GAME.plies.split(' ').slice(0, 12).join(' '));
  const marked = page.locator('.move-list .ply.current');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-ply', '11');
  await page.locator('.move-list [data-ply="3"]').click();
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-ply', '3');
  // The list drawn anew in Arabic keeps the mark.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-ply', '3');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(marked).toHaveAttribute('data-ply', '3');
});

test('with the exchange flag on, a step that cannot carry it is refused, and said so', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbga', { position: '4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -' });
  await page.getByTestId('exchange-flag').check();
  await square(page, 'e5').click();
  await square(page, 'd5').click();
  await expect(page.getByTestId('notice')).toHaveAttribute('data-refusal', 'flag');
  expect(await pliesPlayed(page)).toBe(0);
  await expect(page.getByTestId('exchange-flag')).toBeChecked();
  // Flag off: the same step is played plainly.
  await page.getByTestId('exchange-flag').uncheck();
  await square(page, 'e5').click();
  await square(page, 'd5').click();
  await expect.poll(() => pliesPlayed(page)).toBe(1);
});

/** Buttons that look like the browser's default: a square, a ply, a language or a link aside. */
async function unstyledButtons(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null && !b.matches('.square, .ply, .language, .link'))
      .filter((b) => {
        const s = getComputedStyle(b);
        return parseFloat(s.borderTopLeftRadius) < 6 || s.backgroundColor === 'rgb(239, 239, 239)' || s.fontFamily !== getComputedStyle(document.body).fontFamily;
      })
      .map((b) => b.dataset.testid || b.textContent.trim()),
  );
}

test('every button has the app’s look: top bar, import, play from here, copy', async ({ page }) => {
  await openApp(page);
  expect(await unstyledButtons(page)).toEqual([]);
  await startGame(page, 'seega5', { position: '5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -' });
  await play(page, 'c1-b1');
  expect(await unstyledButtons(page)).toEqual([]);
  await page.getByTestId('result-close').click();
  await page.getByTestId('nav-library').click();
  expect(await unstyledButtons(page)).toEqual([]);
  await page.getByTestId('library-replay').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  expect(await unstyledButtons(page)).toEqual([]);
});

test('a hint says in words who is ahead', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { position: '5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -' });
  // A tap that does nothing says so; asking for a hint is a new action.
  await page.locator('[data-square="e5"]').click();
  await expect(page.getByTestId('notice')).toBeVisible();
  await page.getByTestId('hint-button').click();
  const hint = page.getByTestId('hint');
  await expect(hint).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  const text = plain(await hint.textContent());
  expect(text).toBe('Hint: c1-b1 (the First player wins in one ply)');
  expect(text).not.toMatch(/[+]\d/);
  // Once the game is over the hint is no longer advice.
  await page.getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('hint')).toHaveCount(0);
});

test('a record in the Arabic import box reads left to right', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'العربية' }).click();
  await page.getByTestId('nav-library').click();
  const box = page.getByTestId('import-text');
  await box.fill('[Variant "seega5"]\n\n1. b1 d2 *');
  expect(await box.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The file picker speaks Arabic too (the browser's own button would say
  // "Choose File"), has the app's look, and is the file input's label.
  const picker = page.getByTestId('import-file-button');
  await expect(picker).toHaveText('أو افتح سجلًّا من ملف…');
  await expect(picker).not.toContainText('Choose');
  expect(await picker.evaluate((e) => parseFloat(getComputedStyle(e).borderTopLeftRadius))).toBeGreaterThanOrEqual(6);
  await expect(page.getByLabel('أو افتح سجلًّا من ملف…')).toHaveAttribute('type', 'file');
});

test('a game set aside is named, and the notice counts what is left', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    localStorage.setItem('kharbga.game.lost1', 'kharbga-game 3\nid lost1\nfirst Amel\nsecond Youssef\nthis line is damaged');
  });
  await page.reload();
  const notice = page.getByTestId('save-notice-set-aside');
  await expectContains(notice, 'Amel – Youssef');
  await expectContains(notice, 'No other games are saved');
  await expect(notice).not.toContainText('lost1');
  await page.getByRole('button', { name: 'Français' }).click();
  await expectContains(notice, 'Aucune autre partie');
});
