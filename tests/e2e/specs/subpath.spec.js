// The build served from a sub-path, as a project page of a static host
// serves it (`https://example.org/games/kharbga/`): a game, online play
// (the invitation keeps the path), the tutorial and the app offline. This
// spec starts and stops its own static server, which serves nothing
// outside the path.
import { test, expect, watch } from './fixtures.js';
import { board } from './helpers.js';
import { openRoom } from './rooms.js';
import { serveStatic, stop } from './servers.js';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

const port = 4182;
const prefix = '/games/kharbga/';
const base = `http://127.0.0.1:${port}${prefix}`;

test('under a sub-path: a game, online play, the tutorial, the study page, and offline', async ({ page, browser, errors }) => {
  let server = await serveStatic('../../dist', port, prefix);
  // Nothing is fetched from the site's root.
  const outside = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.port === String(port) && !url.pathname.startsWith(prefix)) outside.push(url.pathname);
  });
  const guest = await (await browser.newContext()).newPage();
  watch(guest, errors);
  try {
    // A game on the first page.
    await page.goto(base);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(board(page)).toBeVisible();
    await page.locator('.square.placeable').first().click();
    await expect(page.locator('[data-ply]')).toHaveCount(1);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The tutorial.
    await page.getByTestId('nav-learn').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}learn\\.html`));
    await expect(page.locator('.lesson-open').first()).toBeVisible();
    // The study page: the editor from the new-game form, then the analysis
    // (its worker under the path too).
    await page.goto(base);
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('open-editor').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}study\\.html#edit`));
    await expect(page.getByTestId('edit-verdict')).toHaveAttribute('data-legal', 'true');
    await page.getByTestId('edit-analyse').click();
    await expect(page.getByTestId('analysis-depth')).toContainText('Depth', { timeout: 20_000 });
    // Online: the invitation keeps the path, and a ply crosses.
    await page.goto(base);
    await page.getByTestId('nav-online').click();
    const link = await openRoom(page, 'seega5', 'Amel');
    expect(link.startsWith(`${base}online.html#r`)).toBe(true);
    await guest.goto(link);
    await guest.getByRole('button', { name: 'English' }).click().catch(() => {});
    await guest.getByTestId('join-name').fill('Youssef');
    await guest.getByTestId('join').click();
    await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
    await page.locator('[data-square="a1"]').click();
    await expect(guest.locator('[data-ply]')).toHaveCount(1);
    // Offline: the server stopped, the first page and a lesson still open.
    await stop(server);
    server = null;
    await page.goto(base);
    await expect(board(page)).toBeVisible();
    await page.goto(`${base}learn.html#learn/board`);
    await expect(page.getByTestId('lesson')).toHaveAttribute('data-lesson', 'board');
    await page.goto(`${base}study.html#edit/seega5`);
    await expect(page.getByTestId('editor')).toBeVisible();
    expect(outside).toEqual([]);
  } finally {
    await guest.context().close();
    if (server) await stop(server);
  }
});
