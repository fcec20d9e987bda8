// What the benches and the screenshot scripts share: the release build
// served on a port of their own, a matchbox_server on 127.0.0.1:3536 (waited
// for on its /health) for the online benches, and Debian's headless Chromium
// (with the flag WebRTC on loopback needs where pages play each other).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

/** Lets Chromium's pages connect to each other over loopback (WebRTC). */
export const LOOPBACK = '--allow-loopback-in-peer-connection';

/** Serves dist/ on `port`; resolves, once it had half a second to start,
 * with its `stop`. */
export async function serveDist(port) {
  const server = spawn('node', ['serve.mjs', '../../dist', String(port)], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  return () => server.kill();
}

/** Starts matchbox_server on 127.0.0.1:3536, stopped when this process
 * exits if not before; returns its process. */
export function startSignalling() {
  const signal = spawn('matchbox_server', [], { stdio: 'ignore', env: { ...process.env, HOST: '127.0.0.1:3536' } });
  process.on('exit', () => signal.kill());
  return signal;
}

/** Serves dist/ on `port` and opens its first page in Debian's Chromium;
 * `close()` ends both. */
export async function openBuild(port) {
  const stopDist = await serveDist(port);
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    stopDist();
  };
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts both servers; resolves with their `stop`. */
export async function startServers(port) {
  const stopDist = await serveDist(port);
  const signal = startSignalling();
  for (let i = 0; i < 100; i++) {
    const up = await fetch('http://127.0.0.1:3536/health').then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return () => { stopDist(); signal.kill(); };
}

/** Debian's headless Chromium with the usual flags, and `args`. */
export function launchBrowser(args = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', ...args],
  });
}

/** The value at quantile `q` of `xs`. */
export const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** Each of two pages records when it clicked for ply i and when ply i
 * appeared; they then take turns placing `plies` soldiers (two a turn, the
 * host first), and the result is each ply's time from the click on one
 * page to its showing on the other (ms). */
export async function plyLatencies(host, guest, plies) {
  const instrument = () => {
    window.clicked = {};
    window.shown = {};
    const count = () => document.querySelectorAll('[data-ply]').length;
    document.addEventListener('click', () => { window.clicked[count()] = Date.now(); }, true);
    let known = count();
    new MutationObserver(() => {
      const n = count();
      for (let i = known; i < n; i++) window.shown[i] = Date.now();
      known = n;
    }).observe(document.body, { childList: true, subtree: true });
  };
  await host.evaluate(instrument);
  await guest.evaluate(instrument);
  const pages = [host, guest];
  const latencies = [];
  for (let ply = 0; ply < plies; ply++) {
    const mover = pages[Math.floor(ply / 2) % 2];
    const other = pages[1 - (Math.floor(ply / 2) % 2)];
    await mover.locator('[data-testid="board"][data-input="true"]').waitFor();
    await mover.locator('.square.placeable').first().click();
    await other.waitForFunction((i) => window.shown[i] !== undefined, ply);
    const clicked = await mover.evaluate((i) => window.clicked[i], ply);
    const shown = await other.evaluate((i) => window.shown[i], ply);
    latencies.push(shown - clicked);
  }
  return latencies;
}
