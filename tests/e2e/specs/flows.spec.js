// The flows docs/playing.md names: resign and agreed draw, the removal option,
// the quiet-move limit, Seega 7×7 and 9×9, the computer moving first, undo
// against the computer, "play from here" against the computer, copying a
// record and a share link.
import { test, expect } from './fixtures.js';
import { openApp, startGame, play, playAll, board, counts, plain, pliesPlayed, expectContains } from './helpers.js';
import { SEEGA5_GAME } from './games.js';

test.describe.configure({ timeout: 120_000 });

test('resigning, taking it back, then agreeing a draw', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'a1 a2 b1');
  // The second player is to move and resigns.
  await page.getByRole('button', { name: 'Resign' }).click();
  const result = page.getByTestId('result');
  await expect(result).toHaveAttribute('data-reason', 'resignation');
  await expect(result).toHaveAttribute('data-winner', 'first');
  await expectContains(result.getByRole('heading'), 'Amel wins');
  await page.getByTestId('result-close').click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  expect(await pliesPlayed(page)).toBe(3);
  await page.getByRole('button', { name: 'Agree a draw' }).click();
  await expect(result).toHaveAttribute('data-reason', 'agreed-draw');
  await expect(result).toHaveAttribute('data-winner', 'draw');
});

test('under the removal option a blocked player removes an enemy soldier', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { blocked: 'remove', position: 'sS3/S4/5/5/4S b 0,0 - - 0 20 -' });
  await play(page, 'xb5');
  await expect(page.locator('[data-ply="0"]')).toContainText('xb5');
  await expectContains(page.locator('[data-ply="0"]'), 'removes b5');
  expect(await counts(page)).toEqual([2, 1]);
});

test('the quiet-move limit ends the game by count', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { quiet: 2, position: 'S4/5/5/5/4s w 0,0 - - 0 20 -' });
  await play(page, 'a5-a4');
  await play(page, 'e1-e2');
  const result = page.getByTestId('result');
  await expect(result).toHaveAttribute('data-reason', 'quiet-limit');
  await expect(result).toHaveAttribute('data-winner', 'draw');
});

for (const [variant, side] of [['seega7', 7], ['seega9', 9]]) {
  test(`Seega ${side}×${side}: the whole setting, then the second player steps first`, async ({ page }) => {
    await openApp(page);
    await startGame(page, variant);
    await expect(page.locator('[data-square]')).toHaveCount(side * side);
    const placements = side * side - 1;
    for (let i = 0; i < placements; i++) {
      await page.locator('.square.placeable').first().click();
    }
    await expect.poll(() => pliesPlayed(page)).toBe(placements);
    await expect(board(page)).toHaveAttribute('data-phase', 'moving');
    await expect(board(page)).toHaveAttribute('data-to-move', 'second');
    expect(await counts(page)).toEqual([placements / 2, placements / 2]);
    // A step into the Malha.
    const movable = page.locator('.square.movable').first();
    await movable.click();
    await page.locator('[data-dest="true"]').first().click();
    await expect.poll(() => pliesPlayed(page)).toBe(placements + 1);
  });
}

test('playing the second side: the computer sets first; undo goes back to your turn', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { computer: { level: 2, side: 'second' } });
  // The computer's two soldiers arrive by themselves.
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBe(2);
  await expect(board(page)).toHaveAttribute('data-to-move', 'second');
  await expect(board(page)).toHaveAttribute('data-input', 'true');
  await page.locator('.square.placeable').first().click();
  await page.locator('.square.placeable').first().click();
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBe(6);
  // Undo: the computer's turn and yours are taken back, to your turn again.
  await page.getByRole('button', { name: 'Undo' }).click();
  // (It was the same side's turn before the undo: wait for the plies to go.)
  await expect.poll(() => pliesPlayed(page)).toBeLessThan(6);
  await expect(board(page)).toHaveAttribute('data-to-move', 'second');
  const left = await pliesPlayed(page);
  expect(left).toBeLessThan(6);
  expect(left).toBeGreaterThanOrEqual(2);
  // And the game goes on from there.
  await page.locator('.square.placeable').first().click();
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBeGreaterThan(left);
});

test('play from here against the computer, from a replay', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, SEEGA5_GAME.plies.split(' ').slice(0, 26).join(' '));
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-replay').click();
  await page.getByTestId('replay-setting-end').click();
  await expect(board(page)).toHaveAttribute('data-input', 'false');
  await page.getByTestId('from-computer').check();
  await page.getByTestId('from-level').selectOption('1');
  // The second player steps first after the setting: the computer's side.
  await page.getByTestId('from-side').selectOption('first');
  await page.getByTestId('play-from-here').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(board(page)).toHaveAttribute('data-to-move', 'first');
  await expect(page.locator('.player[data-side="second"] .player-name')).toHaveText('Computer, level 1');
});

test('copying a record and a share link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'a1 a2 b1 b2');
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-copy').click();
  await expect(page.getByTestId('library-copy')).toHaveText('Copied');
  const record = await page.evaluate(() => navigator.clipboard.readText());
  expect(record).toContain('[Variant "seega5"]');
  expect(record).toContain('[First "Amel"]');
  expect(record).toContain('1. a1 a2 1... b1 b2 *');
  await page.getByTestId('library-replay').click();
  await page.getByTestId('share-copy').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#g1~seega5~Amel~Youssef~~/);
  expect(plain(await page.getByTestId('share-link').inputValue())).toBe(link);
});
