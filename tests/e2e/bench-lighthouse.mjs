// `make bench-lighthouse`: Lighthouse (12.2.3, from npm into
// target/tools/lighthouse) on each page of the release build, served as a
// host serves it (serve.mjs: the `.br`/`.gz` files the build wrote, the
// cache headers), in Debian's headless Chromium. Lighthouse's own default:
// the mobile profile with simulated throttling (150 ms round trip,
// 1.6 Mbit/s down, the CPU slowed 4×), categories performance,
// accessibility and best practices. Prints:
// - per page, a first visit, `runs` times (default 3) on a fresh Chromium
//   profile each (an empty cache; the browser itself warmed by a page of
//   another origin painted first: `warmUp`), the median of each figure: the
//   performance score, FCP, LCP, TBT, TTI, CLS, the accessibility and best
//   practices scores, the longest main-thread task (the `long-tasks`
//   audit) and the LCP element (the most frequent one; Lighthouse's audit
//   of it fails on Debian's Chromium 156, so where it has none, the page's
//   own PerformanceObserver names it, in the same load);
// - the audits scored under 0.9 in any run (id, score, in how many runs,
//   its weight in its category's score, what Lighthouse shows for it, the
//   first elements it names), and those Lighthouse could not run;
// - a returning visit: the page opened once in a fresh profile (its
//   service worker installed and in control), then Lighthouse again in the
//   same profile without resetting storage (`disableStorageReset`): its
//   LCP, simulated, and as observed without throttling.
// LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report (JSON) there.
// Targets beside the figures: performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms,
// CLS 0, accessibility and best practices 100, returning LCP ≤ 1.0 s.
// Figures, not pass/fail: it exits 0 unless Lighthouse itself fails.
//
// BENCH_DIST=<dir> measures another build than ../../dist (a copy to
// compare with: its .gz and .br must match its files); BENCH_PAGES=online,study
// only those pages. BENCH_THROTTLING=devtools throttles the load itself
// (Lighthouse's simulation, the default, counts every request that ended
// before a paint as needed by it: on 127.0.0.1 the WebAssembly has arrived
// before the first frame, so a paint that does not wait for it is charged
// with its download all the same).
//
// Usage: node bench-lighthouse.mjs [runs]   (from tests/e2e; needs a
// release build and `make lighthouse`; LIGHTHOUSE_DIR, the npm prefix it
// is in, defaults to ../../target/tools/lighthouse)
import { createServer } from './serve.mjs';
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const runs = Number(process.argv[2] ?? 3);
if (process.env.LIGHTHOUSE_REPORTS) await mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
const PORT = 4196;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

// Lighthouse and what it brings (chrome-launcher, puppeteer-core) live in
// their own npm prefix, not in tests/e2e/node_modules.
const here = fileURLToPath(new URL('.', import.meta.url));
const lighthouseDir = resolve(process.env.LIGHTHOUSE_DIR ?? join(here, '../../target/tools/lighthouse'));
const requireThere = createRequire(join(lighthouseDir, 'node_modules', 'lighthouse', 'package.json'));
const load = async (name) => import(pathToFileURL(requireThere.resolve(name)).href);
let lighthouse, launch, puppeteer;
try {
  lighthouse = (await load('lighthouse')).default;
  ({ launch } = await load('chrome-launcher'));
  puppeteer = (await load('puppeteer-core')).default;
} catch (error) {
  console.error(`Lighthouse is not in ${lighthouseDir} (make lighthouse): ${error.message}`);
  process.exit(1);
}

/** Each page (bench-phone.mjs's). */
const PAGES = [
  ['play', '/'],
  ['online', '/online.html#online'],
  ['tutorial', '/learn.html#learn/board'],
  ['study', '/study.html#edit/seega5'],
  ['tournament', '/tournament.html#tournament'],
].filter(([name]) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(name));

const server = createServer(process.env.BENCH_DIST ?? '../../dist');
await new Promise((done) => server.listen(PORT, '127.0.0.1', done));

/** Chromium on a fresh profile (chrome-launcher makes a new one each time). */
const chromium = () => launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });

/** Kept in each page: its last LCP candidate's element, described (the
 * element Lighthouse names, which its own audit cannot always: see
 * `figures`). */
function watchLcp() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      if (!el) continue;
      const testid = el.getAttribute('data-testid');
      const selector = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '')
        + [...el.classList].map((c) => `.${c}`).join('') + (testid ? `[data-testid="${testid}"]` : '');
      const text = (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
      window.__lcpElement = `${selector}${entry.url ? ` ${entry.url}` : ''}${text ? ` "${text.slice(0, 60)}"` : ''}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

let reportCount = 0;

/**
 * A page painted once in the fresh browser, on another origin, before
 * Lighthouse runs: headless Chromium's first frame after its start comes
 * late (a probe's first tab painted at 2.3 s, a second tab at 0.2–1.4 s,
 * every one at 0.13–0.24 s once a page had painted), and Lighthouse's
 * simulation then counts everything the page did before that frame, its
 * WebAssembly among it. A player's browser is running already; the page's
 * origin still has no cache, storage or service worker.
 */
async function warmUp(browser) {
  const page = await browser.newPage();
  try {
    await page.goto('data:text/html,<p>warm</p>');
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, { timeout: 10_000, polling: 50 })
      .catch(() => {});
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse on `path` in a fresh Chromium profile: the report's figures.
 * `returning`: the page opened once first, in the same profile, until its
 * service worker is in control (or 10 s) and the network is quiet; then
 * Lighthouse without resetting storage or cache.
 */
async function run(path, { returning = false } = {}) {
  const url = `${ORIGIN}${path}`;
  const chrome = await chromium();
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    await warmUp(browser);
    if (returning) {
      const first = await browser.newPage();
      await first.goto(url, { waitUntil: 'load', timeout: 60_000 });
      const controlled = await first.waitForFunction(() => Boolean(navigator.serviceWorker?.controller),
        { timeout: 10_000, polling: 100 }).then(() => true, () => false);
      if (!controlled) console.log(`  (${path}: no service worker in control after 10 s)`);
      await first.waitForNetworkIdle({ idleTime: 1_000, timeout: 30_000 }).catch(() => {});
      await first.close();
    }
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(watchLcp);
    const config = {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: CATEGORIES,
        disableStorageReset: returning,
        ...(process.env.BENCH_THROTTLING ? { throttlingMethod: process.env.BENCH_THROTTLING } : {}),
      },
    };
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, config, page);
    if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (process.env.LIGHTHOUSE_REPORTS) {
      const name = `${path.replace(/\W+/g, '_')}${returning ? '-returning' : ''}-${reportCount++}.json`;
      await writeFile(join(process.env.LIGHTHOUSE_REPORTS, name), result.report);
    }
    const pageLcp = await page.evaluate(() => window.__lcpElement ?? null).catch(() => null);
    return figures(lhr, pageLcp);
  } finally {
    await browser?.disconnect().catch(() => {});
    await chrome.kill();
  }
}

/** The figures of one report (`pageLcp`: the page's own account of its
 * LCP element). */
function figures(lhr, pageLcp) {
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue ?? NaN;
  const score = (id) => (lhr.categories[id]?.score ?? NaN) * 100;
  // Lighthouse 12.2.3's trace engine fails on newer Chromium's traces
  // (156: a PipelineReporter event without `chrome_frame_reporter`), and
  // with it the LCP element's audit: then the page's own observer's.
  const lcpNode = findNode(a['largest-contentful-paint-element']?.details);
  const lcpElement = lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : pageLcp ? `${pageLcp} (the page's observer)` : 'none';
  const tasks = a['long-tasks']?.details?.items ?? [];
  const longest = tasks.reduce((top, t) => (t.duration > (top?.duration ?? -1) ? t : top), null);
  const observed = a.metrics?.details?.items?.[0] ?? {};
  // The audits under 0.9 in the categories measured (not the informative,
  // manual or not applicable ones, which have no score), with their
  // weight in their category's score and the first elements they name.
  const weights = new Map();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) weights.set(ref.id, (weights.get(ref.id) ?? 0) + ref.weight);
  }
  const low = [...weights.keys()].map((id) => a[id])
    .filter((x) => x && typeof x.score === 'number' && x.score < 0.9
      && !['informative', 'manual', 'notApplicable'].includes(x.scoreDisplayMode))
    .map((x) => ({
      id: x.id,
      score: x.score,
      weight: weights.get(x.id),
      display: x.displayValue ?? '',
      nodes: (x.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean).slice(0, 3),
    }));
  const errors = Object.values(a).filter((x) => x.scoreDisplayMode === 'error')
    .map((x) => ({ id: x.id, message: x.errorMessage ?? '' }));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    tti: num('interactive'),
    cls: num('cumulative-layout-shift'),
    observedLcp: observed.observedLargestContentfulPaint ?? NaN,
    longest: longest ? { ms: longest.duration, url: longest.url ?? '' } : null,
    lcpElement,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    low,
    errors,
  };
}

/** The first DOM node in an audit's details (a table within a list). */
function findNode(details) {
  if (!details || typeof details !== 'object') return null;
  if (details.type === 'node') return details;
  for (const value of Object.values(details)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const found = item && typeof item === 'object' ? findNode(item) : null;
      if (found) return found;
    }
  }
  return null;
}

const median = (xs) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};
const mostFrequent = (xs) => {
  const counts = new Map();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};
const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');
const n = (x) => (Number.isFinite(x) ? String(Math.round(x)) : '—');
const cls = (x) => (Number.isFinite(x) ? x.toFixed(3) : '—');
const short = (url) => url.replace(ORIGIN, '').replace(/^\/$/, '/ (the document)') || '(no url)';

console.log(`Lighthouse ${requireThere('lighthouse/package.json').version} in ${CHROME_PATH}: mobile profile, simulated throttling; median of ${runs} cold runs a page`);
console.log('targets: performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS 0, accessibility and best practices 100, returning LCP ≤ 1.0 s');
console.log('page         perf     FCP      LCP     TBT      TTI      CLS    a11y  BP   longest task');
console.log('(target)    (≥ 95)          (≤ 2.0 s) (≤ 100 ms)        (0)   (100) (100)');
const results = [];
for (const [name, path] of PAGES) {
  const all = [];
  for (let r = 0; r < runs; r++) all.push(await run(path));
  const m = (key) => median(all.map((f) => f[key]));
  const longest = median(all.map((f) => f.longest?.ms ?? 0));
  const longestUrl = mostFrequent(all.map((f) => f.longest?.url ?? '')) ?? '';
  const row = {
    name, path, all,
    performance: m('performance'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), tti: m('tti'), cls: m('cls'),
    accessibility: m('accessibility'), bestPractices: m('bestPractices'),
    lcpElement: mostFrequent(all.map((f) => f.lcpElement)),
  };
  results.push(row);
  console.log(`${name.padEnd(11)} ${n(row.performance).padStart(4)} ${s(row.fcp).padStart(8)} ${s(row.lcp).padStart(8)} ${ms(row.tbt).padStart(7)} ${s(row.tti).padStart(8)} ${cls(row.cls).padStart(7)} ${n(row.accessibility).padStart(5)} ${n(row.bestPractices).padStart(4)}   ${longest ? `${ms(longest)} ${short(longestUrl)}` : 'none'}`);
}
console.log('(longest task: the `long-tasks` audit\'s longest, simulated, and the script it ran)');
console.log(`(this machine's benchmark index, Lighthouse's measure of its CPU: ${n(median(results.flatMap((r) => r.all.map((f) => f.benchmarkIndex))))}; the simulation slows what it observed 4×)`);

console.log('\nthe LCP element (the most frequent over the runs):');
for (const r of results) console.log(`  ${r.name.padEnd(11)} ${r.lcpElement}`);

console.log('\naudits under 0.9 (score, in how many runs, weight in its category; what Lighthouse shows, last run):');
for (const r of results) {
  const seen = new Map();
  for (const f of r.all) {
    for (const low of f.low) seen.set(low.id, { ...low, count: (seen.get(low.id)?.count ?? 0) + 1 });
  }
  const lines = [...seen.values()].sort((a, b) => b.weight - a.weight || a.score - b.score)
    .map((x) => `${x.id} ${x.score.toFixed(2)} (${x.count}/${r.all.length}, weight ${x.weight})`
      + `${x.display ? `: ${x.display}` : ''}${x.nodes.length ? `: ${x.nodes.join('; ')}` : ''}`);
  console.log(`  ${r.name.padEnd(11)} ${lines.length ? lines.join('\n              ') : 'none'}`);
}

const errored = new Map();
for (const r of results) for (const f of r.all) for (const e of f.errors) errored.set(e.id, e.message);
if (errored.size) {
  console.log('\naudits Lighthouse could not run (no score, not counted):');
  for (const [id, message] of errored) console.log(`  ${id}: ${message.slice(0, 140)}`);
}

// The returning visit (see `run`).
console.log(`\nreturning visit (service worker installed, storage and cache kept; median of ${runs}): LCP simulated (target ≤ 1.0 s), and as observed unthrottled`);
for (const r of results) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await run(r.path, { returning: true }));
  r.returningLcp = median(all.map((f) => f.lcp));
  console.log(`  ${r.name.padEnd(11)} LCP ${s(r.returningLcp)} (observed ${s(median(all.map((f) => f.observedLcp)))}), performance ${n(median(all.map((f) => f.performance)))}, TBT ${ms(median(all.map((f) => f.tbt)))}`);
}

server.close();
