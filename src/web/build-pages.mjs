// `make release`'s pages, once their binaries are built (the Makefile
// links them first, two at once) and the first page's Trunk run wrote
// <stage>: the first page's split, and for each other page
// (src/pages/pages.json) its HTML (page-html.mjs), its Trunk run in
// target/<page>-page/ (its binary found built: wasm-bindgen, its style
// sheets) and its split (split.mjs: wasm-split, wasm-bindgen, wasm-opt) —
// two pages at once, as many as the machine has cores (each step is
// mostly one core's work). Then each other page's files join <stage>: a
// file two pages share must be the same file.
//
// Usage: node src/web/build-pages.mjs <stage> <cargo's wasm dir>
// (RUSTFLAGS as the binaries were built with, for Trunk's cargo run.)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FIRST, PAGES } from './pages.mjs';
import { eachAtOnce } from './pool.mjs';

const [stage, wasm] = process.argv.slice(2);
if (!stage || !wasm) {
  console.error('usage: node src/web/build-pages.mjs <stage> <wasm dir>');
  process.exit(2);
}

/** Runs `command` with `args` (its output as it comes); rejects if it fails. */
const run = (command, args) => new Promise((resolve, reject) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  child.on('error', reject);
  child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`))));
});

const split = (bin, dist) => run('node', ['src/web/split.mjs', bin, join(wasm, `${bin}.wasm`), dist, `target/split/${bin}`]);
const others = PAGES.filter((p) => p !== FIRST);
const dir = (p) => `target/${p.own}-page`;

await eachAtOnce([FIRST, ...others], async (p) => {
  if (p === FIRST) return split(p.bin, stage);
  await run('node', ['src/web/page-html.mjs', p.own, `${dir(p)}/${p.file}`]);
  await run('trunk', ['build', '--release', '--dist', `${dir(p)}/dist`, `${dir(p)}/${p.file}`]);
  return split(p.bin, `${dir(p)}/dist`);
});

/** Every file below `root`, relative. */
const walk = (root, at = root) => readdirSync(at).flatMap((name) => {
  const full = join(at, name);
  return statSync(full).isDirectory() ? walk(root, full) : [relative(root, full)];
});
for (const p of others) {
  const dist = `${dir(p)}/dist`;
  renameSync(join(dist, 'index.html'), join(stage, p.file));
  for (const file of walk(dist)) {
    const to = join(stage, file);
    if (!existsSync(to)) cpSync(join(dist, file), to);
    else if (!readFileSync(to).equals(readFileSync(join(dist, file)))) {
      throw new Error(`${file}: ${p.file}'s differs from another page's`);
    }
  }
}
console.log(`${stage}: ${PAGES.length} pages`);
