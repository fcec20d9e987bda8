// The board editor (study.html): a position set up by clicks from the
// new-game screen, refused with the engine's reason while it is illegal,
// then played against the computer and shared by link; a position set up
// by keyboard alone; one opened from a replay and from a pasted string;
// the editor in Arabic on a phone.
import { test, expect } from './fixtures.js';
import { openApp, board, square, expectContains } from './helpers.js';

const verdict = (page) => page.getByTestId('edit-verdict');

test('a position set up by clicks, refused with its reason, played against the computer and shared', async ({ page, browser }) => {
  await openApp(page);
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('variant-kharbga').check();
  await page.getByRole('button', { name: /board editor/ }).click();
  // The study page opens the editor on the chosen game's start.
  await expect(page).toHaveURL(/study\.html#edit\/kharbga/);
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-input', 'true');
  await expect(page.getByTestId('edit-variant-kharbga')).toBeChecked();
  await expect(verdict(page)).toHaveAttribute('data-legal', 'true');
  await expectContains(page.getByTestId('edit-in-hand'), 'Attacker 24');

  // Moving, with one Attacker soldier: the Defender has lost already.
  await page.getByTestId('edit-phase-moving').check();
  await square(page, 'a1').click();
  await expect(square(page, 'a1')).toHaveAttribute('data-piece', 'attacker');
  await expect(verdict(page)).toHaveAttribute('data-legal', 'false');
  await expectContains(verdict(page), 'The Defender has already lost here');
  await expect(page.getByTestId('edit-play')).toBeDisabled();
  // Two Defender soldiers (one put, taken back with a second tap, put again),
  // and one more Attacker soldier dragged to its square.
  await page.getByRole('radio', { name: /Defender\W*: soldier/ }).check();
  await square(page, 'g7').click();
  await square(page, 'f7').click();
  await square(page, 'f7').click();
  await expect(square(page, 'f7')).not.toHaveAttribute('data-piece');
  await square(page, 'e7').click();
  await page.getByRole('radio', { name: /Attacker\W*: soldier/ }).check();
  await square(page, 'b1').click();
  await square(page, 'b1').dragTo(square(page, 'c2'));
  await expect(square(page, 'b1')).not.toHaveAttribute('data-piece');
  await expect(square(page, 'c2')).toHaveAttribute('data-piece', 'attacker');
  await expect(verdict(page)).toHaveAttribute('data-legal', 'true');
  await expect(verdict(page)).toContainText('legal position');
  // The address follows the board: a reload comes back to it.
  const text = await page.getByTestId('edit-text').inputValue();
  expect(text).toBe('4s1s/7/7/7/7/2S4/S6 w 0,0 - - 0 1 -');
  await page.reload();
  await expect(page.getByTestId('edit-text')).toHaveValue(text);
  await expect(page.getByTestId('edit-phase-moving')).toBeChecked();

  // The link, opened in a friend's browser, shows the same position.
  const link = await page.getByTestId('edit-link').inputValue();
  expect(link).toMatch(/study\.html#edit\/kharbga:quiet=\d+,chain=\w+,blocked=\w+\//);
  const friend = await (await browser.newContext()).newPage();
  try {
    await friend.goto(link);
    await friend.getByRole('button', { name: 'English' }).click();
    await expect(friend.getByTestId('edit-text')).toHaveValue(text);
    for (const [name, piece] of [['a1', 'attacker'], ['c2', 'attacker'], ['e7', 'defender'], ['g7', 'defender']]) {
      await expect(square(friend, name)).toHaveAttribute('data-piece', piece);
    }
  } finally {
    await friend.context().close();
  }

  // Played against the computer (level 1), the person the Attacker: the
  // new-game form opens with the game and the position filled in.
  await page.getByTestId('edit-play').click();
  await expect(page.getByTestId('variant-kharbga')).toBeChecked();
  await expect(page.getByTestId('start-position')).toHaveValue(text);
  await page.getByTestId('mode-computer').check();
  await page.getByTestId('computer-level').selectOption('1');
  await page.getByTestId('human-side').selectOption('first');
  await page.getByTestId('start').click();
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  await expect(square(page, 'c2')).toHaveAttribute('data-piece', 'attacker');
  await square(page, 'c2').click();
  await square(page, 'c3').click();
  // The computer answers.
  await expect(page.locator('[data-ply]')).toHaveCount(2, { timeout: 20_000 });
  await expect(board(page)).toHaveAttribute('data-to-move', 'first');
});

test('a position set up by keyboard alone', async ({ page }) => {
  await page.goto('/study.html#edit/seega5');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('edit-variant-seega5')).toBeChecked();
  // The board's one tab stop is the Malha: Tab from the header's last
  // button lands there.
  await page.getByRole('button', { name: 'العربية' }).focus();
  await page.keyboard.press('Tab');
  await expect(square(page, 'c3')).toBeFocused();
  // Left, Enter: a first player's soldier on b3; up, Enter: one on b4.
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, 'b3')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(square(page, 'b3')).toHaveAttribute('data-piece', /.+/);
  await expect(square(page, 'b4')).toHaveAttribute('data-piece', /.+/);
  // The brush by keyboard: the second player's soldier, then two of them.
  await page.getByTestId('brush-second').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('brush-second')).toBeChecked();
  await square(page, 'b4').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Two each, set in order: the first player sets next.
  await expect(verdict(page)).toHaveAttribute('data-legal', 'true');
  await expect(page.getByTestId('edit-text')).toHaveValue('5/1S1s1/1S1s1/5/5 w 10,10 - - 0 1 -');
  // The side to move by keyboard: the second player is not to set now.
  await page.getByTestId('edit-to-move-second').focus();
  await page.keyboard.press('Space');
  await expect(verdict(page)).toHaveAttribute('data-legal', 'false');
  await expect(verdict(page)).toContainText('not');
});

test('a replayed position opens in the editor; a pasted string opens, a bad one says why', async ({ page }) => {
  await openApp(page);
  const game = 'kharbaga';
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId(`variant-${game}`).check();
  await page.getByTestId('mode-hotseat').check();
  await page.getByTestId('start').click();
  await square(page, 'c2').click();
  await square(page, 'c3').click();
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  // The library's replay of the game, then "Edit this position".
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-replay').first().click();
  await page.getByTestId('replay-end').click();
  await page.getByTestId('replay-edit').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.getByTestId('edit-variant-kharbaga')).toBeChecked();
  await expect(square(page, 'c3')).toHaveAttribute('data-piece', 'attacker');
  await expect(board(page)).toHaveAttribute('data-to-move', 'second');
  // Kharbaga has Mullahs in its palette and no setting phase.
  await expect(page.getByTestId('brush-first-mullah')).toBeVisible();
  await expect(page.getByTestId('edit-phase-setting')).toBeHidden();
  await page.getByTestId('brush-first-mullah').check();
  await square(page, 'c3').click();
  await expect(square(page, 'c3')).toHaveAttribute('data-mullah', 'true');

  // A Seega 9×9 string pasted: the editor switches game.
  await page.getByTestId('edit-text').fill('9/9/9/9/9/9/9/9/9 w 40,40 - - 0 1 -');
  await page.getByTestId('edit-text').press('Enter');
  await expect(page.getByTestId('edit-variant-seega9')).toBeChecked();
  await expect(board(page)).toHaveAttribute('data-size', '9');
  await expect(page.getByTestId('edit-paste-error')).toBeHidden();
  // Nonsense says why, and changes nothing.
  await page.getByTestId('edit-text').fill('nonsense');
  await page.getByTestId('edit-text').press('Enter');
  await expect(page.getByTestId('edit-paste-error')).toContainText('cannot be opened');
  await expect(page.getByTestId('edit-variant-seega9')).toBeChecked();
});

test('the editor in Arabic on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/study.html#edit/kharbga');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('editor')).toBeVisible();
  await page.getByTestId('edit-phase-moving').check();
  await square(page, 'a1').click();
  await expect(verdict(page)).toHaveAttribute('data-legal', 'false');
  await expect(verdict(page)).toContainText('خسر');
  // The board fits the phone's width, and the page does not scroll sideways.
  const box = await board(page).boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The board stays left to right: a1 is bottom-left.
  const a1 = await square(page, 'a1').boundingBox();
  const g1 = await square(page, 'g1').boundingBox();
  expect(a1.x).toBeLessThan(g1.x);
});
