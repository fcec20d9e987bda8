// The app offline: after one visit its service worker has kept the first
// page, its wasm, the AI's worker and the translation (not the pages not
// opened yet: a first visit spends little data), and each other page once
// it was opened; with the static server
// stopped (the browser's offline switch does not stop a service worker's own
// requests), a reload opens the app and a game against the computer is
// played, a game by link is passed to a friend's browser, a lesson
// opens, the board editor judges a position and the computer analyses it; a changed build served later announces the update. This spec
// starts and stops its own static server.
import { test, expect, watch } from './fixtures.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { board, built, expectText } from './helpers.js';
import { fillTournament } from '../forms.mjs';
import { serveStatic, stop } from './servers.js';

// The closed signalling port is reported by the browser as well.
test.use({ serviceWorkers: 'allow', allowedErrors: [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\//] });
test.describe.configure({ timeout: 120_000 });

const port = 4181;
const origin = `http://127.0.0.1:${port}`;

/** Serves `dir` on the spec's port; resolves when it answers. */
const serve = (dir) => serveStatic(dir, port);

/** Waits until the page's service worker is installed and controls it. */
async function cached(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The files the page's service worker has kept, by path. */
const keptBy = (page) => page.evaluate(async () => {
  const names = [];
  for (const key of await caches.keys()) {
    for (const request of await (await caches.open(key)).keys()) names.push(new URL(request.url).pathname.slice(1));
  }
  return names;
});

/** A Seega 5×5 game against the computer's level 1: two placements each. */
async function playComputer(page) {
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('variant-seega5').check();
  await page.getByTestId('mode-computer').check();
  await page.getByTestId('computer-level').selectOption('1');
  await page.getByTestId('human-side').selectOption('first');
  await page.getByTestId('start').click();
  await page.locator('[data-square="a1"]').click();
  await page.locator('[data-square="a2"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(4, { timeout: 20_000 });
}

test('after one visit the app opens and plays offline; a new build says it was installed', async ({ page, browser, errors }) => {
  const dir = mkdtempSync(join(tmpdir(), 'kharbga-offline-'));
  cpSync('../../dist', dir, { recursive: true });
  let server = await serve(dir);
  // A friend's browser that visited once too (for a game by link).
  const friend = await (await browser.newContext({ serviceWorkers: 'allow' })).newPage();
  watch(friend, errors, [/WebSocket connection/]);
  try {
    await friend.goto(`${origin}/`);
    await cached(friend);
    // (A game by link opens on the online page: the friend opened it once.)
    await friend.goto(`${origin}/online.html#online`);
    await expect(friend.getByTestId('mode-online')).toBeVisible();
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'English' }).click();
    // The worker is installed (every file cached) and serves the page.
    await cached(page);
    const manifest = await page.evaluate(() => fetch('manifest.webmanifest').then((r) => r.json()));
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i) => i.sizes === '192x192' || i.sizes === '512x512')).toBe(true);
    // What the first visit kept: the first page's wasm and the AI's worker,
    // not the other pages' (nor the network module).
    const kept = () => keptBy(page);
    const first = await kept();
    expect(first.some((f) => /^kharbga-[0-9a-f]{8,16}_bg\.wasm$/.test(f))).toBe(true);
    expect(first.some((f) => /^kharbga-worker-[0-9a-f]{16}_bg\.wasm$/.test(f))).toBe(true);
    // (The new-game form among the first page's later screens: offline too.)
    expect(first.some((f) => /^kharbga-split-new-game-[0-9a-f]{16}\.wasm$/.test(f))).toBe(true);
    for (const other of ['learn', 'study', 'tournament', 'online', 'net']) {
      expect(first.filter((f) => f.startsWith(`kharbga-${other}`)), other).toEqual([]);
    }
    // Each other page is kept once it is opened.
    for (const [path, id] of [['learn.html#learn/board', 'lesson'], ['study.html#edit/seega5', 'editor'],
      ['tournament.html#tournament', 'tournament-form'], ['online.html#online', 'mode-online']]) {
      await page.goto(`${origin}/${path}`);
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await page.goto(`${origin}/`);
    await expect(board(page)).toBeVisible();
    await expect.poll(async () => (await kept()).filter((f) => /^kharbga-(learn|study|tournament|online)-.*_bg\.wasm$/.test(f)).length)
      .toBe(4);
    // Every file of the four pages, those they fetch later (their screens'
    // chunks, the network module) too, before the network goes: the
    // worker keeps the later ones in the background once a page is opened
    // (a slow run once went offline first, and the online page's chunk
    // could not be fetched).
    const pages = JSON.parse(readFileSync(join(dir, 'sw.js'), 'utf8').match(/const PAGES = (\{.*\});/)[1]);
    expect(Object.keys(pages).length).toBe(4);
    const wanted = Object.values(pages).flatMap((p) => [...p.files, ...p.later]);
    expect(wanted.length).toBeGreaterThan(20);
    await expect.poll(async () => {
      const have = new Set(await kept());
      return wanted.filter((f) => !have.has(f));
    }, { timeout: 20_000 }).toEqual([]);

    await stop(server);
    server = null;
    expect(await fetch(`${origin}/`).then(() => 'up', () => 'down')).toBe('down');
    await page.reload();
    await expect(board(page)).toBeVisible();
    // A game against the computer, offline: its worker comes from the cache.
    await playComputer(page);
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
    // A game by link works offline: the link is checked and played here.
    await page.getByTestId('by-link-start').click();
    await page.locator('[data-square="a1"]').click();
    await page.locator('[data-square="b1"]').click();
    const link = await page.getByTestId('by-link').inputValue();
    await friend.goto(link);
    await friend.getByTestId('link-offer-keep').click();
    await expect(friend.locator('[data-ply]')).toHaveCount(2);
    await expect(board(friend)).toHaveAttribute('data-input', 'true');
    await friend.locator('[data-square="e5"]').click();
    await expect(friend.locator('[data-ply]')).toHaveCount(3);
    // The tutorial offline too.
    await page.goto(`${origin}/learn.html#learn/board`);
    await expect(page.getByTestId('lesson')).toHaveAttribute('data-lesson', 'board');
    await expect(page.getByTestId('lesson-caption')).not.toHaveText('');
    // And the board editor: a position set up and judged offline.
    await page.goto(`${origin}/study.html#edit/seega5`);
    await expect(page.getByTestId('editor')).toBeVisible();
    await page.locator('[data-square="c3"]').click();
    await expect(page.getByTestId('edit-verdict')).toHaveAttribute('data-legal', 'false');
    await expect(page.getByTestId('edit-verdict')).toContainText('Malha');
    // And the tournament page: a tournament started and opened offline
    // (its screens are a chunk of the page, kept when the page was opened).
    await page.goto(`${origin}/tournament.html#tournament`);
    await expect(page.getByTestId('tournament-form')).toBeVisible();
    await fillTournament(page, { name: 'Offline night', game: 'seega5' });
    await page.getByTestId('player-name-1').fill('Amel');
    await page.getByTestId('player-name-2').fill('Youssef');
    await page.getByTestId('tournament-start').click();
    await expectText(page.getByTestId('tournament-round'), 'Round 1 of 3');
    await expect(page.getByTestId('chunk-missing')).toHaveCount(0);
    await page.goto(`${origin}/study.html#edit/seega5`);
    await page.locator('[data-square="c3"]').click();
    // And the computer's analysis of a position, its worker from the cache.
    await page.locator('[data-square="c3"]').click();
    await page.locator('[data-square="a1"]').click();
    await page.getByTestId('edit-analyse').click();
    await expect(page.getByTestId('analysis-depth')).toContainText('Depth', { timeout: 20_000 });

    // A changed build: its service worker takes over and says so.
    await page.goto(`${origin}/`).catch(() => {});
    // (The page settled, from the cache, before the server comes back.)
    await expect(board(page)).toBeVisible();
    const sw = join(dir, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = '$1-next'"));
    // (Its compressed copies are the old one's: a build writes them anew.)
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    server = await serve(dir);
    await page.reload();
    await expect(page.getByTestId('updated')).toBeVisible({ timeout: 20_000 });
  } finally {
    await friend.context().close();
    if (server) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('when the browser asks to save data, a first visit leaves the AI\'s worker until a game against the computer needs it, and the saver switched off later announces no update', async ({ browser, errors }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  watch(page, errors);
  // Save-Data on, as a phone's data saver sets it (the page sees it).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const server = await serveStatic('../../dist', port + 1);
  try {
    await page.goto(`http://127.0.0.1:${port + 1}/`);
    expect(await page.evaluate(() => navigator.connection.saveData)).toBe(true);
    await cached(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL)).toMatch(/\/sw\.js\?save-data$/);
    const kept = () => keptBy(page);
    const first = await kept();
    expect(first.some((f) => /^kharbga-[0-9a-f]{8,16}_bg\.wasm$/.test(f))).toBe(true);
    expect(first.filter((f) => f.startsWith('kharbga-worker'))).toEqual([]);
    // A game against the computer fetches the worker, and it is kept then.
    await playComputer(page);
    await expect.poll(async () => (await kept()).filter((f) => f.startsWith('kharbga-worker')).sort())
      .toEqual([built('kharbga-worker'), built('kharbga-worker', '_bg.wasm'), built('kharbga-worker_loader')].sort());
    // The data saver switched off, the page opened again: the same worker
    // serves it, nothing is installed anew and no update is announced.
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: false });
    await page.reload();
    expect(await page.evaluate(() => navigator.connection.saveData)).toBe(false);
    await expect(board(page)).toBeVisible();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForTimeout(2_000);
    expect(await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return [r.installing, r.waiting, r.active].map((w) => w?.scriptURL ?? null);
    })).toEqual([null, null, `http://127.0.0.1:${port + 1}/sw.js?save-data`]);
    await expect(page.getByTestId('updated')).toHaveCount(0);
  } finally {
    await context.close();
    await stop(server);
  }
});
