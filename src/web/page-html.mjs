// Writes a page's HTML from index.html (the first page's), for Trunk to
// build in a directory of its own: its binary (src/pages/pages.json), its own
// style sheet and Fluent file, and the paths of what Trunk reads made
// relative to that directory. Not the AI's worker, its start script nor
// the network module: the first page's build makes them once for all.
//
// Usage: node src/web/page-html.mjs <page's own name> <out.html>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { FIRST, page } from './pages.mjs';

const [own, out] = process.argv.slice(2);
if (!own || !out) {
  console.error('usage: node src/web/page-html.mjs <page> <out.html>');
  process.exit(2);
}
const { bin } = page(own);
const root = resolve(new URL('../..', import.meta.url).pathname);
const up = relative(resolve(dirname(out)), root).split('\\').join('/');
const lines = readFileSync(resolve(root, 'index.html'), 'utf8').split('\n')
  .filter((line) => !/data-trunk rel="rust"[^>]*data-type="worker"/.test(line)
    && !/data-trunk rel="copy-file" href="src\/web\/kharbga-worker_loader\.js"/.test(line))
  .map((line) => (line.includes('data-trunk') ? line.replace(/href="(?!\.|\/)([^"]+)"/g, `href="${up}/$1"`) : line))
  .map((line) => line.replace(`data-bin="${FIRST.bin}"`, `data-bin="${bin}"`)
    .replace('data-ftl="main"', `data-ftl="main ${own}"`)
    .replace(/(<link data-trunk rel="css" href="[^"]*style\/main\.css" \/>)/, `$1<link data-trunk rel="css" href="${up}/style/${own}.css" />`));
const html = lines.join('\n');
for (const [what, done] of [['its binary', html.includes(`data-bin="${bin}"`)], ['its style sheet', html.includes(`style/${own}.css`)],
  ['its Fluent file', html.includes(`data-ftl="main ${own}"`)]]) {
  if (!done) throw new Error(`${out}: index.html did not take ${what}`);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
