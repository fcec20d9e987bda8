// Writes dist/sw.js from src/web/sw.js: the version (a hash of every file
// of the build) and the build's files in groups — what the first page
// needs, the AI's worker, each other page's own files, the translations —
// so that the service worker keeps at its install only what playing
// offline against the computer needs, and each other page once it is
// opened. Run by `make release` before compress.mjs.
//
// Usage: node src/web/write-sw.mjs <dir> <template>
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chunks, later, refs, PAGES, WORKER } from './sizes.mjs';

const [dir, templateArg] = process.argv.slice(2);
const template = templateArg && resolve(templateArg);
if (!dir || !template) {
  console.error('usage: node src/web/write-sw.mjs <dir> <template>');
  process.exit(2);
}
process.chdir(dir);

function* walk(path) {
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield relative('.', full);
  }
}
const files = [...walk('.')].filter((f) => f !== 'sw.js' && !f.endsWith('.br') && !f.endsWith('.gz'));

const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(f));
const version = hash.digest('hex').slice(0, 16);

// What playing offline against the computer needs: the first page, what
// it names and the chunks of its later screens (the new-game form among
// them), the manifest and its vector icon; and the AI's worker. (The
// bitmap icons are for installing the app, which the browser does online,
// fetching them itself.)
const core = ['./', 'index.html', ...refs('index.html', '.'), ...chunks('index.html', '.'), 'manifest.webmanifest', 'icon.svg']
  .filter((f) => f === './' || files.includes(f));
const worker = files.filter((f) => WORKER.test(f));
// Each other page: its own files, and those it fetches later (its chunks;
// the network module of the online page: kept when the page is first
// opened, so that it works offline then too).
const pages = Object.fromEntries(Object.entries(PAGES)
  .filter(([html]) => html !== 'index.html' && files.includes(html))
  .map(([html]) => [html, { files: [html, ...refs(html, '.')], later: later(html, '.') }]));
const locales = files.filter((f) => f.startsWith('locales/'));

const text = readFileSync(template, 'utf8')
  .replace('__VERSION__', version)
  .replace('__CORE__', JSON.stringify(core))
  .replace('__WORKER__', JSON.stringify(worker))
  .replace('__PAGES__', JSON.stringify(pages))
  .replace('__LOCALES__', JSON.stringify(locales));
writeFileSync('sw.js', text);
console.log(`sw.js: version ${version}, ${core.length} files at install (+${worker.length} of the AI's worker), ${Object.keys(pages).length} pages when opened`);
