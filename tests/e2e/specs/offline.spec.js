// The app offline: after one visit its service worker has cached the pages,
// the wasm, the AI's worker and the translations; with the static server
// stopped (the browser's offline switch does not stop a service worker's own
// requests), a reload opens the app and a game against the computer is
// played; a changed build served later announces the update. This spec
// starts and stops its own static server.
import { test, expect } from './fixtures.js';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { board } from './helpers.js';

// The closed signalling port is reported by the browser as well.
test.use({ serviceWorkers: 'allow', allowedErrors: [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\//] });
test.describe.configure({ timeout: 120_000 });

const port = 4181;
const origin = `http://127.0.0.1:${port}`;

/** Serves `dir` on the spec's port; resolves when it answers. */
async function serve(dir) {
  const server = spawn('node', ['serve.mjs', dir, String(port)], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${origin}/`).then((r) => r.ok, () => false)) return server;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the static server did not start');
}

async function stop(server) {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill();
  await exited;
}

test('after one visit the app opens and plays offline; a new build says it was installed', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'kharbga-offline-'));
  cpSync('../../dist', dir, { recursive: true });
  let server = await serve(dir);
  try {
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'English' }).click();
    // The worker is installed (every file cached) and serves the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const manifest = await page.evaluate(() => fetch('manifest.webmanifest').then((r) => r.json()));
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i) => i.sizes === '192x192' || i.sizes === '512x512')).toBe(true);

    await stop(server);
    server = null;
    expect(await fetch(`${origin}/`).then(() => 'up', () => 'down')).toBe('down');
    await page.reload();
    await expect(board(page)).toBeVisible();
    // A game against the computer, offline: its worker comes from the cache.
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-seega5').check();
    await page.getByTestId('mode-computer').check();
    await page.getByTestId('computer-level').selectOption('1');
    await page.getByTestId('human-side').selectOption('first');
    await page.getByTestId('start').click();
    await page.locator('[data-square="a1"]').click();
    await page.locator('[data-square="a2"]').click();
    await expect(page.locator('[data-ply]')).toHaveCount(4, { timeout: 20_000 });
    await expect(board(page)).toHaveAttribute('data-to-move', 'first');
    // Online play says it needs the network (its signalling server is
    // pointed at a closed port: the shared one serves other specs).
    await page.getByTestId('nav-online').click();
    await expect(page.getByTestId('mode-online')).toBeChecked();
    await page.getByTestId('online-settings').locator('summary').click();
    await page.getByTestId('settings-server').fill('ws://127.0.0.1:9');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('start').click();
    await expect(page.getByTestId('online-unavailable')).toContainText('needs a network connection');
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'unavailable');

    // A changed build: its service worker takes over and says so.
    await page.goto(`${origin}/`).catch(() => {});
    const sw = join(dir, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = '$1-next'"));
    server = await serve(dir);
    await page.reload();
    await expect(page.getByTestId('updated')).toBeVisible({ timeout: 20_000 });
  } finally {
    if (server) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
