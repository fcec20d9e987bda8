// The app's pages, from their one list (pages/pages.json), for the build's
// scripts: each page's `file`, `bin`, `own` (its style sheet and Fluent
// file, none for the first page), `label` and `budget`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PAGES = JSON.parse(readFileSync(new URL('../../pages/pages.json', import.meta.url), 'utf8')).pages;

/** The first page (`index.html`: the one whose HTML the others start from). */
export const FIRST = PAGES.find((p) => p.file === 'index.html');

/** The page whose own files are named `own`. */
export function page(own) {
  const found = PAGES.find((p) => p.own === own);
  if (!found) throw new Error(`pages/pages.json names no page ${own}`);
  return found;
}

// For the Makefile: `node src/web/pages.mjs first`, the first page's
// binary; `… others`, each other page as `<own>:<bin>:<file>`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const what = process.argv[2];
  if (what === 'first') console.log(FIRST.bin);
  else if (what === 'others') console.log(PAGES.filter((p) => p !== FIRST).map((p) => `${p.own}:${p.bin}:${p.file}`).join(' '));
  else {
    console.error('usage: node src/web/pages.mjs first|others');
    process.exit(2);
  }
}
