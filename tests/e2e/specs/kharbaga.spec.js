// Kharbaga, the second game (RULES.md §4), everywhere the first one is: a
// whole game by clicks on its points-and-lines board (multi-leap captures
// entered leap by leap, a Mullah crowned), saved, reloaded, replayed and
// shared by link; the majority rule explained; a game against the
// computer; an online game between two pages; the screens in Arabic.
import { test, expect } from './fixtures.js';
import { openApp, startGame, play, playAll, board, square, counts, plain, expectContains } from './helpers.js';
import { pieces, playUntil, seatedPair } from './rooms.js';

test.describe.configure({ timeout: 180_000 });

/** A whole game (found by random play with the engine): b1xd3xd1xb1 is a
 * Mullah's triple capture, d5xb3xb1 crowns the second player's Mullah. */
const GAME = `c2-c3 e4xc2 b1xd3 c4xc2xe4 a2xc4 d5xb3xb1 d1-c2 b1xd3xd1xb1 a1xc1 e4-d3
  e2xc4xe4 e5-d4 e4xc4 b5xd3 e3xc3 b4xd2 e1xc3 c5-b4 c3-d4 a3-b2 c1xa3xc5 a4-a3 c5-b5 a5xc5xe3`;
const PLIES = GAME.trim().split(/\s+/);

test('a whole Kharbaga game by clicks: leaps, a Mullah, saved, reloaded, replayed, shared', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  // The chain and blocked options belong to the other games.
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('variant-kharbaga').check();
  await expect(page.getByTestId('option-chain')).toBeHidden();
  await expect(page.getByTestId('option-blocked')).toBeHidden();
  await expect(page.getByTestId('option-quiet')).toHaveValue('32');
  await page.getByTestId('variant-kharbga').check();
  await expect(page.getByTestId('option-chain')).toBeVisible();
  await startGame(page, 'kharbaga', { first: 'Amel', second: 'Youssef' });
  // Points joined by lines, twelve pieces each, c3 empty; no Malha.
  await expect(board(page)).toHaveAttribute('data-board', 'points');
  // The lines joining the points are drawn under them.
  expect(await board(page).evaluate((b) => getComputedStyle(b).backgroundImage)).toContain('svg');
  expect(await counts(page)).toEqual([12, 12]);
  await expect(square(page, 'c3')).not.toHaveAttribute('data-piece');

  // A soldier steps forward only: c2 may go to c3, not sideways or back.
  await square(page, 'c2').click();
  await expect(square(page, 'c3')).toHaveAttribute('data-dest', 'true');
  await expect(page.locator('[data-dest="true"]')).toHaveCount(1);
  await playAll(page, PLIES.slice(0, 5).join(' '));
  // d5xb3xb1 is typed leap by leap: after b3 the board marks the leap and
  // the piece it takes, and says where the capture goes on.
  await square(page, 'd5').click();
  await square(page, 'b3').click();
  await expectContains(page.getByTestId('status'), 'tap the next landing point');
  await expect(square(page, 'c4')).toHaveClass(/danger/);
  await expect(square(page, 'b1')).toHaveAttribute('data-dest', 'true');
  // A tap elsewhere mid-capture is refused, and says why.
  await square(page, 'e5').click();
  await expect(page.getByTestId('notice')).toHaveAttribute('data-refusal', 'leaping');
  await square(page, 'b1').click();
  await expect(page.locator('[data-ply]')).toHaveCount(6);
  // Landing on the far rank crowned a Mullah, starred on the board and
  // noted in the move list.
  await expect(square(page, 'b1')).toHaveAttribute('data-mullah', 'true');
  await expect(square(page, 'b1').locator('.soldier.mullah')).toBeVisible();
  await expect(page.locator('[data-ply]').nth(5)).toContainText('Mullah');
  await play(page, PLIES[6]);
  // The Mullah's triple capture, crossing back over its own start.
  await play(page, PLIES[7]);
  await expect(page.locator('[data-ply]').nth(7)).toContainText('b1xd3xd1xb1');

  // Saved: a reload brings the game back at the same ply.
  const before = await counts(page);
  await page.reload();
  await expect(page.locator('[data-ply]')).toHaveCount(8);
  expect(await counts(page)).toEqual(before);
  await expect(square(page, 'b1')).toHaveAttribute('data-mullah', 'true');

  await playAll(page, PLIES.slice(8).join(' '));
  await expect(page.getByTestId('result')).toBeVisible();
  await expectContains(page.getByTestId('result'), 'Youssef wins');
  await expectContains(page.getByTestId('result'), 'no pieces left');
  await page.getByTestId('result-close').click();

  // In the library, replayed ply by ply, and shared by link.
  await page.getByTestId('nav-library').click();
  const row = page.getByTestId('library-game').first();
  await expect(row).toContainText('Amel');
  await row.getByTestId('library-replay').click();
  await expect(board(page)).toHaveAttribute('data-board', 'points');
  for (let n = 0; n < 6; n++) await page.getByTestId('replay-next').click();
  await expect(square(page, 'b1')).toHaveAttribute('data-mullah', 'true');
  await page.getByTestId('share-copy').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#g1~kharbaga~Amel~Youssef~~/);
  // The link opens the same game in a fresh page.
  const other = await context.newPage();
  await other.goto(link);
  await other.getByRole('button', { name: 'English' }).click();
  await expect(other.getByTestId('replay-ply')).toBeVisible();
  await expect(board(other)).toHaveAttribute('data-board', 'points');
  await other.getByTestId('replay-end').click();
  expect(await counts(other)).toEqual([0, 2]);
  await other.close();
});

test('captures are compulsory and the most must be taken: the board says so', async ({ page }) => {
  await openApp(page);
  // a1 could take one, e1 must take two.
  await startGame(page, 'kharbaga', { position: '5/3s1/5/s3s/S3S w 0,0 - - 0 1 -' });
  await expectContains(page.getByTestId('status'), 'must capture 2 pieces');
  await expect(square(page, 'e1')).toHaveClass(/must-capture/);
  await expect(square(page, 'a1')).not.toHaveClass(/must-capture/);
  await square(page, 'a1').click();
  await expect(page.getByTestId('notice')).toHaveAttribute('data-refusal', 'majority');
  await expectContains(page.getByTestId('notice'), 'a capture of 2 is possible');
  // A drag to the end of the only sequence plays it whole.
  await square(page, 'e1').dragTo(square(page, 'c5'));
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect(page.locator('[data-ply]').first()).toContainText('e1xe3xc5');
});

test('a Kharbaga game against the computer', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbaga', { computer: { level: 2, side: 'first' } });
  for (let turn = 0; turn < 400; turn++) {
    if (await page.getByTestId('result').count()) break;
    if ((await board(page).getAttribute('data-to-move')) !== 'first'
      || (await board(page).getAttribute('data-input')) !== 'true') {
      await page.waitForTimeout(20);
      continue;
    }
    // The first legal choice: a piece that can move, then its first point
    // (leap after leap while a capture goes on).
    if (!(await page.locator('[data-forced="true"]').count())) {
      await page.locator('.square.movable').first().click();
    }
    const dest = page.locator('[data-dest="true"]').first();
    if (await dest.count()) await dest.click({ timeout: 3000 }).catch(() => {});
  }
  await expect(page.getByTestId('result')).toBeVisible();
  // The computer played its half of the game.
  const plies = await page.locator('[data-ply]').count();
  expect(plies).toBeGreaterThan(4);
});

test('an online Kharbaga game between two pages', async ({ browser, errors }) => {
  const { host, guest } = await seatedPair(browser, errors, 'kharbaga');
  await expect(board(guest)).toHaveAttribute('data-board', 'points');
  await playUntil([host, guest], ['first', 'second']);
  await expect(guest.getByTestId('result')).toBeVisible();
  expect(await pieces(guest)).toBe(await pieces(host));
  await host.context().close();
  await guest.context().close();
});

test('the Kharbaga screens in Arabic', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('nav-new-game').click();
  await expect(page.getByTestId('new-game-form')).toContainText('الخرباقة');
  await page.getByTestId('variant-kharbaga').check();
  await page.getByTestId('mode-hotseat').check();
  await page.getByTestId('start-position').fill('5/3s1/5/s3s/S3S w 0,0 - - 0 1 -');
  await page.getByTestId('start').click();
  await expect(board(page)).toHaveAttribute('data-board', 'points');
  // The board keeps a1 bottom-left under Arabic.
  await expect(page.locator('.board-frame')).toHaveAttribute('dir', 'ltr');
  await expectContains(page.getByTestId('status'), 'أن يأسر');
  await square(page, 'a1').click();
  await expectContains(page.getByTestId('notice'), 'يجب أسر الأكثر');
  await playAll(page, 'e1xe3xc5');
  await expect(page.locator('[data-ply]').first()).toContainText('e1xe3xc5');
  const label = await square(page, 'c5').getAttribute('aria-label');
  // e1xe3xc5 ended on the far rank: a Mullah now.
  expect(plain(label)).toContain('ملّا اللاعب الأول');
});

test('a Kharbaga capture of two leaps by the keyboard alone, announced to screen readers', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbaga', { position: '5/3s1/5/s3s/S3S w 0,0 - - 0 1 -' });
  // Into the board (its one tab stop), then arrows from point to point.
  await board(page).locator('[tabindex="0"]').focus();
  const goTo = async (target) => {
    const at = await page.evaluate(() => document.activeElement.dataset.square);
    const files = target.charCodeAt(0) - at.charCodeAt(0);
    const ranks = Number(target[1]) - Number(at[1]);
    for (let i = 0; i < Math.abs(files); i++) await page.keyboard.press(files > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(ranks); i++) await page.keyboard.press(ranks > 0 ? 'ArrowUp' : 'ArrowDown');
    await expect(square(page, target)).toBeFocused();
  };
  await goTo('e1');
  await page.keyboard.press('Enter');
  // The first landing point is announced as a legal destination.
  expect(plain(await square(page, 'e3').getAttribute('aria-label'))).toContain('legal destination');
  await goTo('e3');
  await page.keyboard.press('Enter');
  await goTo('c5');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect(page.locator('[data-ply]').first()).toContainText('e1xe3xc5');
  expect(plain(await square(page, 'c5').getAttribute('aria-label'))).toContain("First player's Mullah");
});
