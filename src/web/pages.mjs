// The app's pages, from their one list (src/pages/pages.json), for the build's
// scripts: each page's `file`, `bin`, `own` (its style sheet and Fluent
// file, none for the first page), `label` and `budget`.
import { readFileSync } from 'node:fs';

export const PAGES = JSON.parse(readFileSync(new URL('../pages/pages.json', import.meta.url), 'utf8')).pages;

/** The first page (`index.html`: the one whose HTML the others start from). */
export const FIRST = PAGES.find((p) => p.file === 'index.html');

/** The page whose own files are named `own`. */
export function page(own) {
  const found = PAGES.find((p) => p.own === own);
  if (!found) throw new Error(`src/pages/pages.json names no page ${own}`);
  return found;
}
