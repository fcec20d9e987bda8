// Playing by hand: setting, undo/redo, the keyboard, drag with mouse and touch.
import { test, expect } from './fixtures.js';
import { openApp, startGame, playAll, square, board, counts, expectText } from './helpers.js';
import { SEEGA5_SETTING } from './games.js';

test('undo and redo cross a turn boundary', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, 'a1 a2 b1');
  await expect(board(page)).toHaveAttribute('data-to-move', 'second');
  await page.getByTestId('undo').click();
  await page.getByTestId('undo').click();
  await expect(board(page)).toHaveAttribute('data-to-move', 'first');
  await expectText(page.getByTestId('status'), 'First player sets soldier 2 of 2');
  expect(await counts(page)).toEqual([1, 0]);
  await page.getByTestId('redo').click();
  await expect(board(page)).toHaveAttribute('data-to-move', 'second');
  await page.getByTestId('redo').click();
  expect(await counts(page)).toEqual([2, 1]);
  await expect(page.getByTestId('redo')).toBeDisabled();
  await expect(square(page, 'b1')).toHaveAttribute('data-piece', 'defender');
});

test('keyboard only: tab into the board, arrows, Enter and Space', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.hasAttribute('data-square'))) break;
  }
  await expect(square(page, 'c3')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(square(page, 'a1')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(square(page, 'a1')).toHaveAttribute('data-piece', 'attacker');
  await expect(square(page, 'b1')).toHaveAttribute('data-piece', 'attacker');
  await expect(square(page, 'b2')).toHaveAttribute('data-piece', 'defender');
  await expectText(page.getByTestId('announcer'), 'Second player: b2');
});

async function center(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('drag and drop with a mouse, then with a finger', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, SEEGA5_SETTING.plies);
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  // Mouse: press on the soldier, move a little, then onto the Malha.
  const [from, to] = SEEGA5_SETTING.firstStep.split('-');
  const a = await center(square(page, from));
  const b = await center(square(page, to));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 10, a.y + 10, { steps: 3 });
  await expect(page.locator('.soldier.ghost')).toBeVisible();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  await expect(square(page, to)).toHaveAttribute('data-piece', /attacker|defender/);
  await expect(square(page, from)).not.toHaveAttribute('data-piece', /.+/);
  await expect(page.locator('[data-ply]')).toHaveCount(25);
  // Touch: the same gesture as pointer events from a finger.
  const [tfrom, tto] = SEEGA5_SETTING.secondStep.split('-');
  const c = await center(square(page, tfrom));
  const d = await center(square(page, tto));
  const fire = (type, point) =>
    board(page).dispatchEvent(type, {
      pointerType: 'touch',
      pointerId: 7,
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      clientX: point.x,
      clientY: point.y,
      bubbles: true,
    });
  await square(page, tfrom).dispatchEvent('pointerdown', {
    pointerType: 'touch', pointerId: 7, isPrimary: true, button: 0, buttons: 1, clientX: c.x, clientY: c.y, bubbles: true,
  });
  await fire('pointermove', { x: c.x + 8, y: c.y });
  await fire('pointermove', d);
  await fire('pointerup', d);
  await expect(square(page, tto)).toHaveAttribute('data-piece', /attacker|defender/);
  await expect(page.locator('[data-ply]')).toHaveCount(26);
});

test('a square closed by the Malha-access rule says why', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'kharbga');
  await playAll(page, 'a1 b1 c4 e4 c1 d1 d3');
  const d5 = square(page, 'd5');
  await expect(d5).toHaveClass(/forbidden/);
  await expect(d5).toHaveAttribute('title', /Malha/);
  await d5.click();
  await expect(page.getByTestId('notice')).toContainText('Malha');
  await expect(d5).not.toHaveAttribute('data-piece', /.+/);
  // Elsewhere the Defender sets as usual.
  await playAll(page, 'g7');
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('a tap draws the board in its own frame, and the panel beside it in the next', async ({ page }) => {
  // What the page shows at each frame after a tap: the soldiers on the
  // board, the plies in the move list, the status line. The first look is
  // in the tap's own frame (an animation frame asked for by a capture
  // listener runs just before that frame is painted), the second after
  // the frame that follows it.
  await openApp(page);
  await page.evaluate(() => {
    window.__frames = [];
    const look = () => [
      document.querySelectorAll('[data-testid="board"] [data-piece]').length,
      document.querySelectorAll('[data-ply]').length,
      document.querySelector('[data-testid="status"]').textContent,
    ];
    addEventListener('click', () => {
      requestAnimationFrame(() => {
        window.__frames.push(look());
        requestAnimationFrame(() => setTimeout(() => window.__frames.push(look())));
      });
    }, true);
    window.__before = look();
  });
  const [pieces, plies, status] = await page.evaluate(() => window.__before);
  await page.locator('.square.placeable').first().click();
  await expect.poll(() => page.evaluate(() => window.__frames.length)).toBe(2);
  const [first, next] = await page.evaluate(() => window.__frames);
  // The board has the soldier at once; the list and the status wait a frame.
  expect(first).toEqual([pieces + 1, plies, status]);
  expect(next[0]).toBe(pieces + 1);
  expect(next[1]).toBe(plies + 1);
  expect(next[2]).not.toBe(status);
});
