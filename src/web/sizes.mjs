// `make sizes`: every file of the build with its size raw, brotli and
// gzip (the `.br` and `.gz` files the build wrote beside it, as a host
// sends them), then each page's load: its HTML, the scripts, WebAssembly
// and style sheets it names, and its translations in the largest of the
// languages (English's files, fetched too, are the smallest). Fails when
// a page is over its budget (gzip bytes: what every host can send).
//
// Usage: node src/web/sizes.mjs <dir>
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGES as LISTED } from './pages.mjs';

const dir = process.argv[2] ?? 'dist';

/** Each page (src/pages/pages.json) by its HTML: its name in the table, the
 * Fluent files it fetches besides `main.ftl`, and its budget. */
export const PAGES = Object.fromEntries(LISTED.map((p) => [p.file, { name: p.label, ftl: p.own ? [`${p.own}.ftl`] : [], budget: p.budget }]));
/** The languages counted: the largest of them (English's files are
 * smaller than either). */
const FETCHED = ['fr', 'ar'];

function* walk(path) {
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (!name.endsWith('.br') && !name.endsWith('.gz')) yield full;
  }
}

/** A file's sizes: raw, brotli and gzip (as sent: the raw size where the
 * build wrote no smaller copy). */
function sizes(file) {
  const path = join(dir, file);
  const raw = statSync(path).size;
  const sent = (ext) => (existsSync(`${path}${ext}`) ? statSync(`${path}${ext}`).size : raw);
  // (A build made without compress.mjs: gzip counted here.)
  const gz = existsSync(`${path}.gz`) || existsSync(`${path}.br`) ? sent('.gz') : gzipSync(readFileSync(path), { level: 9 }).length;
  return { raw, br: sent('.br'), gz };
}

/** The files `file` (in `base`) names, quoted or in `href=`/`src=`, that
 * match `pattern` and exist. */
function named(file, base, pattern) {
  const text = readFileSync(join(base, file), 'utf8');
  return [...text.matchAll(pattern)].map((m) => m[1]).filter((f) => existsSync(join(base, f)));
}

/** The AI's worker (its own group: every page starts it, none loads it). */
export const WORKER = /^kharbga-worker/;

/** The scripts, WebAssembly and style sheets `html` (in `base`) names, and
 * what its glue imports before it runs: the chunks' loader
 * (src/web/split.mjs) and wasm-bindgen's snippets (`snippets/…`). Not
 * the AI's worker, which the page names for later. */
export function refs(html, base = dir) {
  // (Minified: `href=./x.css` unquoted; the loader's `'./x.js'` quoted.)
  const own = named(html, base, /(?:href=|src=|["'])(?:\.\/)?([\w\-./]+\.(?:js|wasm|css))/g)
    .filter((f) => !WORKER.test(f));
  const imported = own.filter((f) => f.endsWith('.js'))
    .flatMap((js) => named(js, base, /["']\.\/([\w\-.]+-split-[0-9a-f]{16}\.js|snippets\/[\w\-./]+\.js)["']/g));
  return [...new Set([...own, ...imported])];
}

/** What `html` (in `base`) fetches after its load: the wasm chunks of the
 * screens it opens later (named by their loader), and the modules its
 * scripts load when asked (the online page's network module, named by
 * its snippet). Not counted in its load. */
export function later(html, base = dir) {
  const load = refs(html, base);
  const named_later = load.filter((f) => f.endsWith('.js'))
    .flatMap((js) => named(js, base, /["']\.\/([\w\-./]+\.(?:js|wasm))["']/g));
  return [...new Set(named_later)].filter((f) => !load.includes(f) && !WORKER.test(f));
}

/** The wasm chunks of the screens `html` opens later (named by its
 * chunks' loader). */
export function chunks(html, base = dir) {
  const loaders = refs(html, base).filter((f) => /-split-[0-9a-f]{16}\.js$/.test(f));
  return [...new Set(loaders.flatMap((js) => named(js, base, /["']\.\/([\w\-.]+\.wasm)["']/g)))];
}

const add = (a, b) => ({ raw: a.raw + b.raw, br: a.br + b.br, gz: a.gz + b.gz });
const ZERO = { raw: 0, br: 0, gz: 0 };
const row = (label, s) => console.log(`${label.padEnd(46)} ${String(s.raw).padStart(10)} ${String(s.br).padStart(10)} ${String(s.gz).padStart(10)}`);

/** A page's load: its files and its largest fetched language. */
export function pageLoad(html, page) {
  let total = [html, ...refs(html)].map(sizes).reduce(add, ZERO);
  const language = FETCHED
    .map((l) => ['main.ftl', ...page.ftl].map((f) => sizes(`locales/${l}/${f}`)).reduce(add, ZERO))
    .reduce((a, b) => (b.gz > a.gz ? b : a), ZERO);
  total = add(total, language);
  return { total, language };
}

if (process.argv[1] && process.argv[1].endsWith('sizes.mjs')) {
  console.log(`${'file'.padEnd(46)} ${'bytes'.padStart(10)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)}`);
  let all = ZERO;
  for (const path of walk(dir)) {
    const file = relative(dir, path);
    const s = sizes(file);
    all = add(all, s);
    row(file, s);
  }
  row('TOTAL', all);
  let over = false;
  for (const [html, page] of Object.entries(PAGES)) {
    const { total, language } = pageLoad(html, page);
    const parts = chunks(html);
    const after = parts.map(sizes).reduce(add, ZERO);
    const others = later(html).filter((f) => !parts.includes(f));
    const more = others.map(sizes).reduce(add, ZERO);
    const split = parts.length ? `; then ${after.gz} for its ${parts.length} chunks after the first paint` : '';
    const extra = others.length ? `; then ${more.gz} for ${others.join(' and ')} when a game starts` : '';
    console.log(`${page.name}: ${total.gz} bytes gzipped, ${total.br} brotli (${html}, its files and ${language.gz} of translations${split}${extra}; budget ${page.budget})`);
    if (total.gz > page.budget) {
      console.error(`${page.name} is over its budget: ${total.gz} > ${page.budget} bytes gzipped`);
      over = true;
    }
  }
  if (over) process.exit(1);
}
