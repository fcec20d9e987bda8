// `make bench-phone`: the app on the phone a player really has. Debian's
// headless Chromium with Lighthouse's mobile profile through CDP (150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU slowed 4×), the
// release build served compressed (serve.mjs: the `.br`/`.gz` files the
// build wrote, as a host sends them), bytes counted at the server. Prints:
// - per page, a first visit with an empty cache: the time until it is
//   usable (its first screen drawn and taking input), the bytes it had
//   received by then (the browser's resource timing; what it fetches after
//   its first paint, its later screens' chunks, is shown apart), the floor
//   (those bytes on that link, plus three round trips), and the
//   share of the time beyond the floor (the CPU: compiling and starting
//   the wasm, the first render); the target is 2.0 s, a quarter;
// - the first visit with the service worker: every byte until it is
//   installed and the network is quiet, against the first page's own
//   (target: at most 1.5×);
// - going between pages with a warm cache (play → study, → online, →
//   tutorial): the next page's usable time (target 1.0 s) and the bytes it
//   fetched again (target: none; a `304` moves none);
// - the slowest tap on the board (the browser's event timing, the
//   interaction's whole time to the next paint; a finger's taps, not
//   Playwright's), in a game, while the computer thinks, and while a game
//   is reviewed (target 100 ms).
// Figures, not pass/fail; each run is `runs` times (default 3), median.
//
// Usage: node bench-phone.mjs [runs]   (from tests/e2e; needs a release build)
import { createServer } from './serve.mjs';
import { launchBrowser } from './bench-setup.mjs';

const runs = Number(process.argv[2] ?? 3);
const PORT = 4195;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PROFILE = { latency: 150, download: 1.6e6 / 8, upload: 750e3 / 8, cpu: 4 };

/** Each page: its address and what shows it usable (drawn, taking input). */
const PAGES = [
  ['play', '/', '[data-testid="board"][data-input="true"]'],
  ['online', '/online.html#online', '[data-testid="start"]'],
  ['tutorial', '/learn.html#learn/board', '[data-testid="lesson-caption"]'],
  ['study', '/study.html#edit/seega5', '[data-testid="editor"] [data-square]'],
  ['tournament', '/tournament.html#tournament', '[data-testid="tournament-form"] button'],
];

let sent = 0;
const server = createServer('../../dist', '/', (path, bytes) => { sent += bytes; });
await new Promise((resolve) => server.listen(PORT, '127.0.0.1', resolve));
const browser = await launchBrowser();

/** Marks, in each page, when its usable mark (`marks`: path → selector)
 * first matches, a frame painted with it: `window.__usable`, ms from the
 * navigation's start. */
const watchUsable = (marks) => {
  const path = location.pathname.split('/').pop() || 'index.html';
  const selector = marks[path];
  if (!selector) return;
  const check = () => {
    if (window.__usable !== undefined || !document.querySelector(selector)) return false;
    requestAnimationFrame(() => setTimeout(() => { window.__usable ??= performance.now(); }, 0));
    return true;
  };
  new MutationObserver((_, observer) => { if (check()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true, attributes: true });
};
const MARKS = Object.fromEntries(PAGES.map(([, path, selector]) => [
  path === '/' ? 'index.html' : path.slice(1).split('#')[0], selector]));

/** A page in a fresh context with the profile applied. */
async function phone({ serviceWorkers = 'block', language = 'en' } = {}) {
  const context = await browser.newContext({ serviceWorkers, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript((l) => localStorage.setItem('kharbga.language', l), language);
  await context.addInitScript(watchUsable, MARKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: PROFILE.latency, downloadThroughput: PROFILE.download, uploadThroughput: PROFILE.upload,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  return { context, page };
}

/** Opens `path` in `page` and waits until its mark shows it usable;
 * returns [ms, bytes the page had received when usable, bytes it moved in
 * all once the network is quiet (the chunks of its later screens come
 * after its first paint)]. */
async function usable(page, path) {
  const before = sent;
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__usable !== undefined, null, { timeout: 60_000, polling: 50 });
  const ms = await page.evaluate(() => window.__usable);
  await page.waitForLoadState('networkidle');
  // (The browser's own account: each response wholly received by then.)
  const early = await page.evaluate((at) => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .filter((e) => e.responseEnd <= at).reduce((sum, e) => sum + e.transferSize, 0), ms);
  return [ms, early, sent - before];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

console.log(`phone profile: ${PROFILE.latency} ms round trip, ${PROFILE.download * 8 / 1e6} Mbit/s down, ${PROFILE.upload * 8 / 1e3} kbit/s up, CPU ${PROFILE.cpu}×; median of ${runs}`);
console.log('page        usable    bytes      floor    beyond the floor    then');
let firstPageBytes = 0;
for (const [name, path] of PAGES) {
  const times = [];
  const bytes = [];
  const after = [];
  for (let r = 0; r < runs; r++) {
    const { context, page } = await phone();
    const [ms, early, moved] = await usable(page, path);
    times.push(ms);
    bytes.push(early);
    after.push(moved - early);
    await context.close();
  }
  const t = median(times);
  const b = median(bytes);
  if (name === 'play') firstPageBytes = b;
  const floor = (b / PROFILE.download) * 1000 + 3 * PROFILE.latency;
  console.log(`${name.padEnd(11)} ${s(t).padStart(7)} ${kb(b).padStart(10)} ${s(floor).padStart(8)}    ${`${Math.round(((t - floor) / t) * 100)} %`.padEnd(19)} ${kb(median(after)).padStart(8)}`);
}
console.log('(bytes: received by the time the page is usable; then: what it fetched after, its later screens\' chunks)');

// The first visit with the service worker: everything until it is
// installed and nothing more comes.
{
  const totals = [];
  for (let r = 0; r < runs; r++) {
    const { context, page } = await phone({ serviceWorkers: 'allow' });
    const before = sent;
    await page.goto(`${ORIGIN}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    let last = -1;
    while (last !== sent) {
      last = sent;
      await page.waitForTimeout(2_000);
    }
    totals.push(sent - before);
    await context.close();
  }
  const t = median(totals);
  console.log(`first visit with the service worker: ${kb(t)} (${(t / firstPageBytes).toFixed(2)}× the first page's ${kb(firstPageBytes)})`);
}

// Between pages with a warm cache: every page opened once, then play →
// each other page.
{
  const { context, page } = await phone({ serviceWorkers: 'allow' });
  for (const [, path] of PAGES) await usable(page, path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_000);
  for (const [name, path] of PAGES.slice(1)) {
    const times = [];
    const bytes = [];
    for (let r = 0; r < runs; r++) {
      await usable(page, '/');
      const [ms, , moved] = await usable(page, path);
      times.push(ms);
      bytes.push(moved);
    }
    console.log(`play → ${name}: usable after ${s(median(times))}, ${median(bytes)} bytes fetched again`);
  }
  await context.close();
}

// The slowest tap: the longest event-timing interaction of a tap on the
// board. Each tap is a finger's (touch events from CDP at the square's
// middle, a quarter of a second after the one before, as a quick player):
// not Playwright's `tap()`, whose own checks run in the page just before
// and inside the tap's events, and would be counted as the app's. `runs`
// fresh pages; the median of each figure, and the worst.
async function taps() {
  const { context, page } = await phone();
  await usable(page, '/');
  await page.evaluate(() => {
    window.__taps = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        window.__taps.set(e.interactionId, Math.max(window.__taps.get(e.interactionId) ?? 0, e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    // The page's long tasks (50 ms and more) from here on, the taps' own
    // among them: a tap that lands during another's waits for it.
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  /** The slowest interaction since the last call, once painted. */
  const slowest = async () => {
    await page.waitForTimeout(500);
    const taps = await page.evaluate(() => {
      const all = [...window.__taps.values()];
      window.__taps.clear();
      return all;
    });
    return taps.length ? Math.max(...taps) : 0;
  };
  const tap = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    await page.waitForTimeout(250);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
  // A game of two players on this phone: a few placements.
  for (let i = 0; i < 6; i++) await tap(page.locator('.square.placeable').first());
  const inGame = await slowest();
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  // Against the computer (a deep level), tapping while it thinks.
  await tap(page.getByTestId('nav-new-game'));
  await page.getByTestId('variant-seega7').waitFor();
  await tap(page.getByTestId('variant-seega7'));
  await tap(page.getByTestId('mode-computer'));
  await page.getByTestId('computer-level').selectOption({ index: 3 });
  await page.getByTestId('human-side').selectOption('first');
  await tap(page.getByTestId('start'));
  const screens = await slowest();
  await page.locator('.square.placeable').first().waitFor();
  await tap(page.locator('.square.placeable').first());
  await tap(page.locator('.square.placeable').first());
  for (let i = 0; i < 6; i++) await tap(page.locator('[data-square]').nth(i));
  const whileThinking = await slowest();
  // A game reviewed: stepping back through its plies.
  await page.locator('[data-ply]').first().waitFor();
  for (let i = 0; i < 4; i++) await tap(page.locator('[data-ply]').nth(i % 2));
  const inReview = await slowest();
  await context.close();
  return [inGame, whileThinking, inReview, screens, longest];
}

{
  const all = [];
  for (let r = 0; r < runs; r++) all.push(await taps());
  const figure = (i) => `${Math.round(median(all.map((a) => a[i])))} ms (worst ${Math.round(Math.max(...all.map((a) => a[i])))})`;
  console.log(`slowest tap on the board (event timing, to the next paint): in a game ${figure(0)}, while the computer thinks ${figure(1)}, in review ${figure(2)}`);
  console.log(`(the new game's form and its start, a screen each: ${figure(3)}; the longest task in the page while its first game was played: ${figure(4)})`);
}

await browser.close();
server.close();
