// The first screen: the board, and the language switcher driving lang/dir.
import { test, expect } from './fixtures.js';

test('the release build shows the 7×7 board with the Malha', async ({ page }) => {
  await page.goto('/');
  const board = page.getByRole('grid');
  await expect(board).toBeVisible();
  await expect(page.locator('[data-square]')).toHaveCount(49);
  await expect(page.locator('[data-square="d4"]')).toHaveClass(/\bmalha\b/);
  await expect(page.locator('[data-square="a1"]')).toBeVisible();
  await expect(page.locator('[data-piece]')).toHaveCount(0);
  await expect(page).toHaveTitle('Kharbga');
});

test('switching to Arabic turns the page right-to-left, and back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الخربقة');
  await expect(page.getByTestId('status')).toContainText('يضع الجندي');
  await expect(page).toHaveTitle('الخربقة');
  // The board itself stays left-to-right: a1 is still bottom-left.
  await expect(page.locator('.board-frame')).toHaveAttribute('dir', 'ltr');
  const a1 = await page.locator('[data-square="a1"]').boundingBox();
  const g1 = await page.locator('[data-square="g1"]').boundingBox();
  expect(a1.x).toBeLessThan(g1.x);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kharbga');
});

test('the chosen language is remembered across reloads', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('status')).toContainText('pose le soldat');
});

test('squares are announced and reachable by keyboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  const d4 = page.locator('[data-square="d4"]');
  await expect(d4).toHaveAttribute('aria-label', /d4.*the Malha.*empty/);
  await expect(page.getByTestId('board')).toHaveAttribute('data-phase', 'setting');
  await expect(page.getByTestId('board')).toHaveAttribute('data-to-move', 'first');
  // One square is in the tab order; arrows move focus across the grid.
  await d4.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[data-square="d5"]')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-square="c5"]')).toBeFocused();
  await expect(page.locator('[data-square="c5"]')).toHaveAttribute('tabindex', '0');
});

test('the phone layout fits a 390 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('grid')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const board = await page.getByRole('grid').boundingBox();
  expect(board.width).toBeGreaterThan(300);
});

test('every address goes where its route says, from the first page too', async ({ page }) => {
  // The online form's address on the first page opens the online page.
  await page.goto('/#online');
  await expect(page).toHaveURL(/online\.html#online$/);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('mode-online')).toBeChecked();
  // A tutorial place opens the tutorial's page at that lesson.
  await page.goto('/#learn/kharbaga');
  await expect(page).toHaveURL(/learn\.html#learn\/kharbaga$/);
  await expect(page.getByTestId('lesson-caption')).toBeVisible();
  // An unknown place is the current game; a fragment changed in place is
  // followed (here the rules sheet, on the tutorial's page).
  await page.goto('/#nowhere');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.evaluate(() => { window.location.hash = '#rules'; });
  await expect(page).toHaveURL(/learn\.html#rules$/);
});

test.describe('when a screen opened later cannot be fetched', () => {
  // The aborted chunk is the one console error this test expects.
  test.use({ allowedErrors: [/split-library|ERR_FAILED|Failed to load|Failed to fetch/] });

  test('the page is drawn without it, the screen says so and opens on a second try', async ({ page }) => {
    const fetched = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname.split('/').pop()));
    await page.route('**/kharbga-split-library-*.wasm', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('board')).toBeVisible();
    // The other screens' chunks come after the first paint, by themselves.
    await expect.poll(() => fetched.some((f) => /^kharbga-split-new-game-[0-9a-f]{16}\.wasm$/.test(f))).toBe(true);
    await page.getByRole('button', { name: 'Library' }).click();
    const missing = page.getByRole('alert').filter({ hasText: 'could not be fetched' });
    await expect(missing).toBeVisible();
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(missing).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'تعذّر تحميل' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await page.unroute('**/kharbga-split-library-*.wasm');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('library')).toBeVisible();
    await expect(page.getByTestId('chunk-missing')).toHaveCount(0);
  });
});

test.describe('when the result dialog\'s chunk cannot be fetched', () => {
  // The aborted chunk is the one console error this test expects.
  test.use({ allowedErrors: [/split-result|ERR_FAILED|Failed to load|Failed to fetch/] });

  test('the game ends all the same, the page says so, and the dialog opens on a second try', async ({ page }) => {
    await page.route('**/kharbga-split-result-*.wasm', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('board')).toHaveAttribute('data-input', 'true');
    // The first player resigns at once: the game is over.
    await page.getByRole('button', { name: 'Resign' }).click();
    await expect(page.getByTestId('board')).toHaveAttribute('data-phase', 'over');
    const missing = page.getByRole('alert').filter({ hasText: 'could not be fetched' });
    await expect(missing).toBeVisible();
    await expect(page.getByTestId('result')).toHaveCount(0);
    await page.unroute('**/kharbga-split-result-*.wasm');
    await missing.getByRole('button', { name: 'Try again' }).click();
    const result = page.getByTestId('result');
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('data-reason', 'resignation');
    await expect(page.getByTestId('chunk-missing')).toHaveCount(0);
  });
});

test.describe('a browser in French, nothing chosen yet', () => {
  test.use({ locale: 'fr-FR' });

  test('each page asks for its translations in the language it will show while its WebAssembly downloads, once', async ({ page }) => {
    for (const [path, own, shown] of [
      ['/online.html#online', 'online.ftl', 'Jouer contre un inconnu'],
      ['/', null, null],
    ]) {
      await page.goto(path);
      if (shown) await expect(page.getByTestId('quick-game')).toHaveText(shown);
      else await expect(page.getByTestId('board')).toHaveAttribute('data-input', 'true');
      const entries = await page.evaluate(() => performance.getEntriesByType('resource')
        .map((e) => ({ name: new URL(e.name).pathname, by: e.initiatorType })));
      const files = ['main.ftl', ...(own ? [own] : [])];
      for (const file of files) {
        const asked = entries.filter((e) => e.name.endsWith(`/locales/fr/${file}`));
        // Once, by the page's head (a preload link, made while the module
        // downloads), not by the module once it started: the early request
        // is the one the page reads.
        expect(asked, file).toEqual([{ name: expect.any(String), by: 'link' }]);
      }
      // Nothing in another language.
      expect(entries.filter((e) => /\/locales\/(en|ar)\//.test(e.name))).toEqual([]);
    }
  });
});

test('on a page whose game screen is a chunk, the next screen takes the game off at once, its own chunk still on the way', async ({ page }) => {
  // The library's chunk held back: the game must not stay on the page,
  // its state gone, while it comes (a tap there reached disposed values).
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/kharbga-study-split-library-*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/study.html#edit/seega5');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('start').click();
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-phase', 'setting');
  await page.getByTestId('nav-library').click();
  await expect(board).toHaveCount(0);
  release();
  await expect(page.getByTestId('library')).toBeVisible();
  // And back to a game, from the library's chunk to the game's.
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('start').click();
  await expect(board).toHaveAttribute('data-phase', 'setting');
});

test('on the first page, a screen from a chunk leaves at once for the next, whose chunk is still on the way', async ({ page }) => {
  // The settings' chunk held back: the new-game form (a chunk too) must
  // not stay on the page, its state gone, while it comes.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/kharbga-split-settings-[0-9a-f]+\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('nav-new-game').click();
  const start = page.getByTestId('start');
  await expect(start).toBeVisible();
  await page.getByTestId('nav-settings').click();
  await expect(start).toHaveCount(0);
  release();
  await expect(page.getByTestId('sound')).toBeVisible();
  // And from the settings' chunk to the form's, at once both ways.
  await page.getByTestId('nav-new-game').click();
  await expect(start).toBeVisible();
  await expect(page.getByTestId('sound')).toHaveCount(0);
});
