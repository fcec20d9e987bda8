// What outlives a screen must not outlive its owner: leaving a game while
// the computer thinks or just after it moved, leaving the library with a
// deletion's undo offer pending, reading a bad record from a file; and the
// computer player when its worker cannot load. The fixture fails each test
// on any page or console error, late ones included.
import { test, expect } from './fixtures.js';
import { openApp, startGame, board, play, square, pliesPlayed, expectContains } from './helpers.js';

test.describe.configure({ timeout: 60_000 });

test('leaving a game while the computer thinks, and just after it moved, is safe', async ({ page }) => {
  await openApp(page);
  // The computer sets first: it thinks at once.
  await startGame(page, 'seega5', { computer: { level: 5, side: 'second' } });
  await expect(page.getByTestId('thinking')).toBeVisible();
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library')).toBeVisible();
  // Its answer, and the answer's deadline (the search's time + 5 s), pass
  // while another screen is up.
  await page.waitForTimeout(6_000);
  // Again, leaving just after its first ply lands.
  await startGame(page, 'seega5', { computer: { level: 1, side: 'second' } });
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.getByTestId('nav-new-game').click();
  await expect(page.getByTestId('new-game-form')).toBeVisible();
  await page.waitForTimeout(6_000);
});

test('deleting a game then leaving the library is safe, and the game stays deleted', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5');
  await play(page, 'a1');
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-delete').click();
  await expect(page.getByTestId('deleted-notice')).toBeVisible();
  await page.getByTestId('nav-new-game').click();
  // The undo offer's 6 s timer belonged to the library: gone with it.
  await page.waitForTimeout(7_000);
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('library-game')).toHaveCount(0);
  await expect(page.getByTestId('library-empty')).toBeVisible();
});

test('a bad record from a file says where, in the player’s language', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-library').click();
  const bad = ['[Variant "seega5"]', '', '1. b1 d2 1... zz9 *'].join('\n');
  await page.getByTestId('import-file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  const error = page.getByRole('alert');
  await expectContains(error, 'Line 3, column 15');
  await expectContains(error, '“zz9” is not a move');
  await expect(page.getByTestId('library-game')).toHaveCount(0);
  // The message follows the language.
  await page.getByRole('button', { name: 'Français' }).click();
  await expectContains(error, 'Ligne 3, colonne 15');
  await expectContains(error, 'n’est pas un coup');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expectContains(error, 'السطر 3');
  // Leaving while a file is read is safe too.
  await page.getByTestId('import-file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.getByTestId('nav-new-game').click();
  await page.waitForTimeout(300);
});

test.describe('when the computer player cannot load', () => {
  // The aborted request is the one console error this test expects.
  test.use({ allowedErrors: [/kharbga-worker|ERR_FAILED|Failed to load/] });

  test('the page says so, plays for it, and can try again', async ({ page }) => {
    await openApp(page);
    await page.route('**/kharbga-worker*', (route) => route.abort());
    await startGame(page, 'seega5', { computer: { level: 3, side: 'first' } });
    await play(page, 'a1');
    // The page plays the computer's two soldiers at once after this one.
    await square(page, 'a2').click();
    const failed = page.getByTestId('computer-failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('could not start');
    // The game goes on: the page set the computer's two soldiers.
    await expect.poll(() => pliesPlayed(page)).toBe(4);
    await expect(board(page)).toHaveAttribute('data-to-move', 'first');
    // With the worker back, "Try again" brings it.
    await page.unroute('**/kharbga-worker*');
    await page.getByTestId('computer-retry').click();
    await expect(failed).toHaveCount(0);
    await play(page, 'a3');
    await square(page, 'a4').click();
    await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBe(8);
  });
});

test('one computer player serves the whole page', async ({ page }) => {
  await page.addInitScript(() => {
    const Original = window.Worker;
    window.workersStarted = 0;
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        window.workersStarted += 1;
      }
    };
  });
  await openApp(page);
  await startGame(page, 'seega5', { computer: { level: 1, side: 'second' } });
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBe(2);
  // A second game against it, and a hint in a two-player game: same worker.
  await startGame(page, 'kharbga', { computer: { level: 1, side: 'second' } });
  await expect.poll(() => pliesPlayed(page), { timeout: 10_000 }).toBe(2);
  await startGame(page, 'seega5');
  await page.getByTestId('hint-button').click();
  await expect(page.getByTestId('hint')).toBeVisible();
  expect(await page.evaluate(() => window.workersStarted)).toBe(1);
});
