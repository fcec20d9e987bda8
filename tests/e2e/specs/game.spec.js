// Whole games played by clicking, from the empty board to the result dialog.
import { test, expect } from './fixtures.js';
import { openApp, startGame, playAll, board, square } from './helpers.js';
import { KHARBGA_GAME, SEEGA5_GAME } from './games.js';

test.describe.configure({ timeout: 180_000 });

test('a complete Kharbga game: triple capture, chain, pass and exchange', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbga', { first: 'Amel', second: 'Youssef' });
  const plies = KHARBGA_GAME.plies.split(' ');
  await playAll(page, plies.slice(0, 48).join(' '));
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  await expect(square(page, 'd4')).toHaveClass(/plain/);
  // The rest, watching for what the game is known to contain.
  const seen = { triple: false, chain: false, pass: false, exchange: false };
  for (const ply of plies.slice(48)) {
    const before = await page.locator('[data-piece="defender"]').count();
    await playAll(page, ply);
    if (await page.locator('[data-forced="true"]').count()) seen.chain = true;
    const after = await page.locator('[data-piece="defender"]').count();
    if (before - after === 3) seen.triple = true;
    if (await page.getByTestId('pass-notice').count()) seen.pass = true;
    if ((await page.locator('.ply-notes').last().textContent())?.includes('exchange done')) seen.exchange = true;
  }
  expect(seen).toEqual({ triple: true, chain: true, pass: true, exchange: true });
  const result = page.getByTestId('result');
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('data-winner', KHARBGA_GAME.winner);
  await expect(result).toHaveAttribute('data-reason', KHARBGA_GAME.reason);
  await expect(board(page)).toHaveAttribute('data-phase', 'over');
  // Rematch: the players switch sides.
  await page.getByTestId('rematch').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  await expect(page.locator('.player.active .player-name')).toHaveText('Youssef');
});

test('a Seega 5×5 game with a stopped chain', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await expect(page.getByTestId('exchange-flag')).toHaveCount(0);
  let stopped = false;
  for (const ply of SEEGA5_GAME.plies.split(' ')) {
    if (ply === 'stop') {
      await expect(page.getByTestId('stop-chain')).toBeVisible();
      stopped = true;
    }
    await playAll(page, ply);
  }
  expect(stopped).toBe(true);
  await expect(page.getByTestId('result')).toHaveAttribute('data-winner', SEEGA5_GAME.winner);
  await expect(page.getByTestId('result')).toHaveAttribute('data-reason', SEEGA5_GAME.reason);
});

test('the key screens in Arabic: setting, moving, the result', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('status')).toContainText('يضع الجندي');
  const plies = SEEGA5_GAME.plies.split(' ');
  await playAll(page, plies.slice(0, 24).join(' '));
  await expect(page.getByTestId('status')).toContainText('يلعب');
  await expect(page.locator('.board-frame')).toHaveAttribute('dir', 'ltr');
  await playAll(page, plies.slice(24).join(' '));
  const result = page.getByTestId('result');
  await expect(result).toBeVisible();
  await expect(result.getByRole('heading')).toHaveText(/فاز|تعادل/);
  await expect(result.getByTestId('rematch')).toHaveText('مباراة ثأرية مع تبادل الأدوار');
});

test('browsing the move list and back to the game', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, 'a1 a2 b1 b2 c1');
  await page.locator('[data-ply="1"]').click();
  await expect(page.getByTestId('back-to-game')).toBeVisible();
  await expect(square(page, 'b1')).not.toHaveAttribute('data-piece', /.+/);
  await expect(square(page, 'a2')).toHaveAttribute('data-piece', 'attacker');
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, 'a2')).not.toHaveAttribute('data-piece', /.+/);
  await page.keyboard.press('End');
  await expect(square(page, 'c1')).toHaveAttribute('data-piece', 'attacker');
  await page.locator('[data-ply="0"]').click();
  await page.getByTestId('back-to-game').click();
  await expect(page.getByTestId('back-to-game')).toHaveCount(0);
  await page.keyboard.press('f');
  await expect(page.locator('.board.flipped')).toHaveCount(1);
});
