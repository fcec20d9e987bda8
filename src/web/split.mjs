// Splits a page's WebAssembly into the module its first paint needs and the
// chunks of the screens it opens later (src/app/screens/lazy.rs), after
// Trunk built the page: wasm-split-cli on the page's linked module (built
// with `--emit-relocs`), wasm-bindgen on what stays, wasm-opt on every
// part. The parts replace Trunk's module under the same name; the chunks
// are `<bin>-split-<chunk>.wasm`, their loader `<bin>-split.js`, which the
// page's glue imports by that name. None of these names is final: once
// nothing rewrites the build's files any more, src/web/name.mjs names each
// by a hash of its bytes.
//
// Usage: node src/web/split.mjs <bin> <linked.wasm> <page dist> <work dir>
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eachAtOnce } from './pool.mjs';

const [bin, linked, dist, work] = process.argv.slice(2);
if (!bin || !linked || !dist || !work) {
  console.error('usage: node src/web/split.mjs <bin> <linked.wasm> <page dist> <work dir>');
  process.exit(2);
}
const OPT = ['-Os', '--low-memory-unused', '--strip-producers', '--strip-target-features', '--strip-debug'];
// (wasm-opt warns of each chunk's name section, which it strips anyway.)
const report = (tool, stderr, failed) => {
  const said = (stderr ?? '').split('\n').filter((l) => l && !l.startsWith('warning: unknown name subsection'));
  if (said.length) console.error(said.join('\n'));
  if (failed) throw new Error(`${tool} failed (${failed})`);
};
const run = (tool, args) => {
  const done = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  report(tool, done.stderr, done.error ?? (done.status !== 0 && `exit ${done.status}`));
};
const runAsync = (tool, args) => new Promise((resolve, reject) => {
  const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text) => { stderr += text; });
  child.on('error', reject);
  child.on('close', (code) => {
    try { report(tool, stderr, code !== 0 && `exit ${code}`); resolve(); } catch (error) { reject(error); }
  });
});
/**
 * Takes the exports whose names match `unused` out of a module, so that
 * wasm-opt drops the code only they kept. Used for wasm-streams' classes
 * (`IntoUnderlyingSource`, `…Sink`, `…ByteSource`): Leptos always enables
 * its server functions' browser support, which exports them, and no page
 * here calls a server function (they are 4 KB of code, 1.2 KB gzipped, on
 * every page). The glue keeps the classes; their methods would reach the
 * module only if something made one.
 */
function dropExports(file, unused) {
  const bytes = readFileSync(file);
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value >>> 0;
  };
  const encode = (n) => {
    const out = [];
    do {
      let byte = n & 0x7f;
      n >>>= 7;
      if (n) byte |= 0x80;
      out.push(byte);
    } while (n);
    return Buffer.from(out);
  };
  const parts = [bytes.subarray(0, 8)];
  let dropped = 0;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    const end = leb() + at;
    if (id === 7) {
      const kept = [];
      for (let n = leb(); n > 0; n--) {
        const entry = at;
        const length = leb();
        const name = bytes.subarray(at, at + length).toString();
        at += length + 1;
        leb();
        if (unused.test(name)) dropped++;
        else kept.push(bytes.subarray(entry, at));
      }
      const section = Buffer.concat([encode(kept.length), ...kept]);
      parts.push(Buffer.from([7]), encode(section.length), section);
    } else {
      parts.push(bytes.subarray(start, end));
    }
    at = end;
  }
  writeFileSync(file, Buffer.concat(parts));
  return dropped;
}
// Trunk's name for the page's module (its glue `<stem>.js`, `<stem>_bg.wasm`).
const glue = readdirSync(dist).filter((f) => new RegExp(`^${bin}-[0-9a-f]{8,16}\\.js$`).test(f));
if (glue.length !== 1) throw new Error(`${dist}: expected one ${bin}-<hash>.js, found ${glue.join(', ') || 'none'}`);
const stem = glue[0].slice(0, -'.js'.length);

rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'bg'), { recursive: true });
run('wasm-split-cli', [linked, work, '--out-name', stem]);
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--keep-lld-exports', '--no-demangle',
  '--out-name', stem, '--out-dir', join(work, 'bg'), join(work, `${stem}.wasm`)]);
dropExports(join(work, 'bg', `${stem}_bg.wasm`), /^(__wbg_)?intounderlying/);
// The module and the chunks, optimised, as many at once as there are
// cores (npm's wasm-opt is binaryen compiled to wasm: most of a small
// chunk's time is its start, on one core); the module first, the longest.
const chunks = readdirSync(work).filter((f) => f.endsWith('.wasm') && f !== `${stem}.wasm`).sort();
const optimised = (chunk) => join(work, `opt-${chunk}`);
await eachAtOnce([
  ['wasm-opt', [...OPT, join(work, 'bg', `${stem}_bg.wasm`), '-o', join(dist, `${stem}_bg.wasm`)]],
  ...chunks.map((chunk) => ['wasm-opt', [...OPT, join(work, chunk), '-o', optimised(chunk)]]),
], (job) => runAsync(...job));

// The chunks under the page's name.
let loader = readFileSync(join(work, '__wasm_split.js'), 'utf8');
for (const chunk of chunks) {
  const name = `${bin}-${chunk.slice(0, -'.wasm'.length).replaceAll('_', '-')}.wasm`;
  cpSync(optimised(chunk), join(dist, name));
  const before = loader;
  loader = loader.replaceAll(`"./${chunk}"`, `"./${name}"`);
  if (loader === before) throw new Error(`__wasm_split.js does not name ${chunk}`);
}
// A screen's chunks fetched one a task, not all in the task that asks for
// the screen: starting a fetch costs the main thread a few milliseconds
// (Chromium's ResourceFetcher), and the tutorial's later screens start 48
// (110–130 ms in one task at 4× CPU, a long task of the page's start:
// issue 47). Each fetch still starts a task after the one before, without
// waiting for it: a screen opened by a tap waits a few tasks more, not a
// round trip more. (wasm-split-cli's loader, as its pinned version writes
// it: its text changed, the build stops here.)
const ALL_AT_ONCE = 'const parallelStuff = deps.map(d => d());';
if (chunks.length > 0 && !loader.includes(ALL_AT_ONCE)) throw new Error(`__wasm_split.js: no \`${ALL_AT_ONCE}\` to rewrite`);
loader = loader.replace(ALL_AT_ONCE, `const parallelStuff = [];
        for (const d of deps) {
            const started = d();
            started.catch(() => {});
            parallelStuff.push(started);
            await new Promise((next) => setTimeout(next));
        }`);
const loaderName = `${bin}-split.js`;
writeFileSync(join(dist, loaderName), loader);

// The glue, importing the loader by its name.
const text = readFileSync(join(work, 'bg', `${stem}.js`), 'utf8');
// (Only the `import … from`: the wasm's own import keeps its module name.)
const linkedGlue = text.replaceAll('from "./__wasm_split.js"', `from "./${loaderName}"`);
if (chunks.length > 0 && linkedGlue === text) throw new Error(`${stem}.js does not import __wasm_split.js`);
writeFileSync(join(dist, `${stem}.js`), linkedGlue);
// (The snippets: Trunk's already, the same crate's same files.)
cpSync(join(work, 'bg', 'snippets'), join(dist, 'snippets'), { recursive: true });
// Trunk preloads every snippet of the crate; the page keeps the preloads of
// those its glue imports (the first page does not fetch the online page's).
const page = join(dist, 'index.html');
const html = readFileSync(page, 'utf8');
const kept = html.replace(/<link [^>]*href="?\.\/(snippets\/[^" >]+\.js)"?[^>]*>/g,
  (link, file) => (linkedGlue.includes(`./${file}`) ? link : ''));
writeFileSync(page, kept);
console.log(`${bin}: ${stem}_bg.wasm and ${chunks.length} chunks (${loaderName})`);
