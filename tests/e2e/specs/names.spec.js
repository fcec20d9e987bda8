// The build's files are named by what they hold (src/web/name.mjs): every
// script, module and style sheet of dist/ carries the hash of its bytes;
// a build that differs from another only in a build step (a wasm-opt pass
// that leaves a chunk's bytes different, a style sheet minified otherwise)
// gives the changed files new names, and those that name them, and keeps
// every other name; and a browser that visited the first build (its
// service worker installed, its HTTP cache warm) opens the second one
// without asking for a file the second one lacks.
//
// The second build is the first one's last stage (target/stage, kept by
// `make release`: every file after its last rewrite, before its naming)
// with the difference made there, named and listed again by the build's
// own scripts: what is tested is the naming, whatever step made the bytes.
import { test, expect, watch } from './fixtures.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { createServer } from '../serve.mjs';
import { board } from './helpers.js';
import { hashOf, HASHED, name } from '../../../src/web/name.mjs';

const STAGE = '../../target/stage';
const DIST = '../../dist';

/** Every file below `dir` but the compressed copies, by relative path. */
function read(dir, base = dir, out = new Map()) {
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) read(full, base, out);
    else if (!/\.(br|gz)$/.test(entry)) out.set(relative(base, full).split(sep).join('/'), readFileSync(full));
  }
  return out;
}

/** A WebAssembly module with a custom section more (what another
 * optimiser's pass could leave): other bytes, the same code. */
const withSection = (wasm) => Buffer.concat([wasm, Buffer.from([0, 5, 4, ...Buffer.from('note')])]);

/** The stage's one file matching `pattern`. */
function one(stage, pattern) {
  const found = [...stage.keys()].filter((p) => pattern.test(p));
  expect(found, String(pattern)).toHaveLength(1);
  return found[0];
}

/** The build named from `stage` (a map of its files) into a new
 * directory, with its service worker, as `make release` does (less the
 * compressed copies: the test server sends the files as they are). */
function build(stage) {
  const dir = mkdtempSync(join(tmpdir(), 'kharbga-names-'));
  const { final, bytes } = name(stage);
  for (const [p, to] of final) {
    mkdirSync(dirname(join(dir, to)), { recursive: true });
    writeFileSync(join(dir, to), bytes.get(p));
  }
  const sw = spawnSync('node', ['../../src/web/write-sw.mjs', dir, '../../src/web/sw.js'], { encoding: 'utf8' });
  expect(sw.status, sw.stderr).toBe(0);
  return dir;
}

test('every script, module and style sheet is named by its bytes, and a build step\'s difference renames what it changed and what names it', () => {
  const stage = read(STAGE);
  const dist = read(DIST);
  // dist/ is the stage named (and its service worker): nothing rewrote a
  // file after its naming.
  const { final, bytes, unnamed, groups } = name(stage);
  // Every file named by its bytes is named somewhere (a mention name.mjs
  // could not read would leave a page asking for the old name).
  expect(unnamed).toEqual([]);
  const named = new Map([...final].map(([p, to]) => [to, bytes.get(p)]));
  expect([...dist.keys()].filter((f) => f !== 'sw.js').sort()).toEqual([...named.keys()].sort());
  for (const [f, content] of named) expect(content.equals(dist.get(f)), f).toBe(true);
  // Each name is the hash of the bytes served; files that name each other
  // (a page's glue and its chunks' loader) share one, of them all.
  const hashed = [...dist.keys()].filter((f) => /\.(js|wasm|css)$/.test(f) && f !== 'sw.js');
  expect(hashed.length).toBeGreaterThan(40);
  const grouped = groups.filter((g) => g.length > 1);
  expect(grouped.length).toBeGreaterThanOrEqual(5);
  for (const group of groups) {
    const hashes = new Set(group.map((p) => final.get(p).match(HASHED)?.[1]));
    expect(hashes.size, group.join(' ')).toBe(1);
    if (group.length === 1) expect([...hashes][0], group[0]).toBe(hashOf(dist.get(final.get(group[0]))));
  }
  expect(groups.flat().length).toBe(hashed.length);

  // Build B: one chunk of the study page optimised otherwise, the online
  // page's style sheet minified otherwise.
  const chunk = one(stage, /^kharbga-study-split-library\.wasm$/);
  const css = one(stage, /^online-[0-9a-f]+\.css$/);
  const other = new Map(stage);
  other.set(chunk, withSection(stage.get(chunk)));
  other.set(css, Buffer.concat([stage.get(css), Buffer.from('/*b*/')]));
  const b = name(other);
  const namesA = new Set(final.values());
  const namesB = new Set(b.final.values());
  const gone = [...namesA].filter((f) => !namesB.has(f)).sort();
  const added = [...namesB].filter((f) => !namesA.has(f)).sort();
  // Renamed: the chunk, its loader and the study page's glue (which import
  // each other), the style sheet; nothing else.
  const renamed = (pattern) => [gone.filter((f) => pattern.test(f)).length, added.filter((f) => pattern.test(f)).length];
  expect(renamed(/^kharbga-study-split-library-[0-9a-f]{16}\.wasm$/)).toEqual([1, 1]);
  expect(renamed(/^kharbga-study-split-[0-9a-f]{16}\.js$/)).toEqual([1, 1]);
  expect(renamed(/^kharbga-study-[0-9a-f]{16}\.js$/)).toEqual([1, 1]);
  expect(renamed(/^online-[0-9a-f]{16}\.css$/)).toEqual([1, 1]);
  expect(gone).toHaveLength(4);
  expect(added).toHaveLength(4);
  // A name both builds have holds the same bytes in both; the pages that
  // name the renamed files changed (they keep their names), the others not.
  for (const [p, to] of b.final) {
    if (namesA.has(to) && /\.(js|wasm|css)$/.test(to)) expect(b.bytes.get(p).equals(named.get(to)), to).toBe(true);
  }
  const changed = [...b.final].filter(([p, to]) => !to.match(HASHED) && !b.bytes.get(p).equals(bytes.get(p))).map(([, to]) => to);
  expect(changed.sort()).toEqual(['online.html', 'study.html']);
});

test('a browser that visited a build opens the next one, which differs in a build step, without asking for a file it lacks', async ({ browser, errors }) => {
  // Build B: the first page's chunks optimised otherwise. (Named by what
  // they were before, as the build once did, the first page's glue kept
  // its name while its chunks' loader changed: a returning browser took
  // the old glue from its cache, which asked for a loader B lacks.)
  const stage = read(STAGE);
  const other = new Map(stage);
  const chunks = [...stage.keys()].filter((p) => /^kharbga-split-[a-z-]+\.wasm$/.test(p));
  expect(chunks.length).toBeGreaterThan(2);
  for (const p of chunks) other.set(p, withSection(stage.get(p)));
  const dirB = build(other);
  const inB = new Set(read(dirB).keys());
  const port = 4187;
  const asked = [];
  const listen = (dir) => new Promise((resolve) => {
    const server = createServer(dir, '/', (path) => asked.push(path.slice(1)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
  const close = (server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  watch(page, errors);
  let server = await listen(DIST);
  try {
    // Build A: visited, its service worker installed, its chunks fetched.
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(board(page)).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('nav-new-game').click();
    await expect(page.getByTestId('start')).toBeVisible();
    const firstVisit = asked.splice(0);
    expect(firstVisit.some((f) => /^kharbga-split-new-game-[0-9a-f]{16}\.wasm$/.test(f))).toBe(true);

    // Build B deployed in its place: the page opens, its new service
    // worker takes over, and the new-game form (a chunk B changed) opens.
    await close(server);
    server = await listen(dirB);
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(board(page)).toBeVisible();
    await expect(page.getByTestId('updated')).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(board(page)).toBeVisible();
    await page.getByTestId('nav-new-game').click();
    await expect(page.getByTestId('start')).toBeVisible();
    await page.getByTestId('start').click();
    await expect(board(page)).toBeVisible();
    await expect(page.getByTestId('chunk-missing')).toHaveCount(0);
    // B's own chunks served the form: fetched from B (the old ones are
    // not B's).
    expect(asked.some((f) => /^kharbga-split-new-game-[0-9a-f]{16}\.wasm$/.test(f) && inB.has(f))).toBe(true);
    expect(asked.filter((f) => f !== '' && !inB.has(f)), 'asked of B, which lacks them').toEqual([]);
  } finally {
    await context.close();
    await close(server);
    rmSync(dirB, { recursive: true, force: true });
  }
});
