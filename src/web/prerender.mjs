// `make release`'s first screens (issue 47: the largest paint early): each
// page's first screen, as the built app itself draws it on a first visit
// in each language, written into the page's HTML, so that the browser
// paints it with the HTML's first bytes instead of once the WebAssembly
// has loaded and run.
//
// Each page is opened in Debian's headless Chromium (Playwright, from
// tests/e2e) on a fresh profile whose language is set, from <dist> served
// on 127.0.0.1; once its first screen is drawn and nothing more arrives,
// the page's body is copied: without scripts, comments, ids, test ids,
// form names and event attributes, and with only the `data-` attributes
// the style sheets select on (the copy must look the same, and no test
// nor form may take it for the app). A copy that differs from the app's
// first screen only by what it cannot do is the point: it is shown inert
// and hidden from assistive technology, and goes in the same task as the
// app's own screen arrives (no frame without either, no layout shift).
//
// Each page's HTML gets one <template> a language and a script that, on a
// first visit (no `kharbga.` key stored but the language) to the page's
// first screen (its `screen` in src/pages/pages.json), shows the
// template of the language the head's script chose (<html lang>). A
// returning visitor, whose screen may differ (a game resumed, settings),
// sees the app's own screen only: its service worker makes that fast.
//
// The first page too since its result dialog became a chunk (issue 47: its
// copies, 1.85 KB gzipped, had no room in its 250,000-byte budget before;
// Lighthouse's LCP measured with a copy put in by hand: 2.41 s without,
// 1.16 s with; docs/performance.md).
//
// Usage: node src/web/prerender.mjs <stage>   (on the stage, before
// src/web/name.mjs: naming is the build's last rewrite, names.spec.js; the
// copies name no file that naming renames, and the scripts that fetch the
// page's code name each file as `./<file>`, which naming rewrites)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from '../../tests/e2e/serve.mjs';
import { PAGES } from './pages.mjs';

const [dist] = process.argv.slice(2);
if (!dist) {
  console.error('usage: node src/web/prerender.mjs <dist>');
  process.exit(2);
}
const { chromium } = await import('../../tests/e2e/node_modules/playwright/index.mjs');

const LANGUAGES = ['en', 'fr', 'ar'];
/** The attributes a style sheet selects on (kept in the copies). */
const styled = new Set(readdirSync(dist).filter((f) => f.endsWith('.css'))
  .flatMap((f) => [...readFileSync(join(dist, f), 'utf8').matchAll(/\[([a-z-]+)/g)].map((m) => m[1])));
styled.delete('data-testid');

const server = createServer(dist);
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});

/** The page's first screen in `language`: its body's markup and hash. */
async function firstScreen(file, screen, language) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  const errors = [];
  try {
    await context.addInitScript((l) => {
      if (!sessionStorage.getItem('prerender')) {
        sessionStorage.setItem('prerender', '1');
        localStorage.clear();
        localStorage.setItem('kharbga.language', l);
      }
    }, language);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${origin}/${file}${screen}`, { waitUntil: 'networkidle' });
    // The app's own screen, in its language, and still for a while.
    await page.waitForFunction((l) => document.documentElement.lang === l && document.querySelector('body > main[data-drawn]')?.textContent, language);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    if (errors.length) throw new Error(`${file} (${language}): ${errors.join('; ')}`);
    return await page.evaluate((keep) => {
      const body = document.body.cloneNode(true);
      // Form state is a property; the copy keeps it as attributes.
      const from = document.body.querySelectorAll('input, option, textarea');
      body.querySelectorAll('input, option, textarea').forEach((to, i) => {
        const was = from[i];
        if (was.checked) to.setAttribute('checked', '');
        if (was.selected) to.setAttribute('selected', '');
        if (to.localName === 'input' && was.value) to.setAttribute('value', was.value);
        if (to.localName === 'textarea') to.textContent = was.value;
      });
      for (const gone of body.querySelectorAll('script, template, link, #first-screen')) gone.remove();
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
      const comments = [];
      while (walker.nextNode()) comments.push(walker.currentNode);
      for (const comment of comments) comment.remove();
      for (const element of body.querySelectorAll('*')) {
        for (const { name } of [...element.attributes]) {
          // What only the app, a test or assistive technology reads.
          const unseen = ['id', 'name', 'for', 'tabindex', 'title', 'role', 'target', 'rel'].includes(name)
            || /^(on|data-|aria-)/.test(name);
          // (A button's type and a checkbox's "on" change nothing seen.)
          const idle = (name === 'type' && element.localName !== 'input')
            || (name === 'value' && element.type === 'checkbox' && element.value === 'on');
          if ((unseen && !keep.includes(name)) || idle) element.removeAttribute(name);
        }
      }
      return { html: body.innerHTML, hash: location.hash };
    }, [...styled]);
  } finally {
    await context.close();
  }
}

// Shows the template of the page's language on a first visit to its first
// screen, inert, and takes it away as the app's own screen arrives (a
// mutation observer runs before the next paint). The app builds its screen
// behind the copy in slices (src/app/staging.rs, `#first-screen ~ *` hidden
// by style/main.css) and marks `<main data-drawn>` once it is whole.
// Whether this visit shows the copy (`kharbgaCopy`: a first visit, nothing
// of the app stored but the language, to the page's first screen) is
// decided once, by a script at the head's start (`deferModule`): the
// head's scripts, this one and the module script all read it, so that a
// key another tab stores while the page is parsed cannot make them
// disagree (the translations and the manifest then never asked for).
const FIRST_VISIT = 'Object.keys(localStorage).every(k=>!k.startsWith("kharbga.")||k=="kharbga.language")';
const SHOW = `<script>try{let t=document.querySelector('template[data-first-screen="'+document.documentElement.lang+'"]');`
  + 'if(t&&kharbgaCopy){'
  + `let s=document.createElement("div");s.id="first-screen";s.setAttribute("inert","");s.setAttribute("aria-hidden","true");s.append(t.content);document.body.prepend(s);`
  + `new MutationObserver((m,o)=>{if(document.querySelector("body>main[data-drawn]")){s.remove();o.disconnect()}}).observe(document.body,{childList:true,subtree:true,attributes:true,attributeFilter:["data-drawn"]})}}catch(e){}</script>`;

// While the copy is shown, what its paint does not need is asked for once
// it is painted, not with the HTML's first bytes: the page's code, its
// translations and its web app manifest. The copy needs none of them, and
// their bytes no longer share the first paint's bandwidth. Lighthouse's
// simulation charges a paint with every request that ended before it, even
// one the service worker answered: with the module preloaded, a simulated
// LCP of 2.26–2.41 s for a paint observed at 1.2–1.3 s (issue 47); with the
// glue and the modules it imports (its chunks' loader, a snippet) fetched
// before the paint, two levels of round trips more, about 0.15–0.2 s; with
// the translations, the manifest and the icon, a returning visit's LCP of
// 0.93–1.21 s for a paint observed at 0.15–0.25 s (0.72–0.81 s without
// them). Otherwise (a returning visit with something stored, another
// screen, an invitation's link) they are all asked for at once, the chunks'
// loader too (it was fetched only once the glue had arrived: a round trip
// later): the head's preloads become a script that adds them then, and the
// head's translation script adds its preloads only then. Where the head
// decided on the copy, the module script adds them: once the browser has
// reported the first contentful paint (not a frame's callback: it runs
// before the paint, and the paint's reported time came after it), at once
// where paint timing is missing or the copy is not there after all (a tab
// opened in the background paints, and so starts, when it is shown:
// w3c/paint-timing#40); then it imports the glue. The icon is written into
// the page (a data: URL): the browser asks for it as the document is
// parsed, before the first paint.
const AFTER_FIRST_PAINT = 'if (kharbgaCopy) { if (document.getElementById("first-screen") && PerformanceObserver.supportedEntryTypes?.includes("paint")) '
  + 'await new Promise((painted) => new PerformanceObserver((list, observer) => { '
  + 'if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted(); } '
  + '}).observe({ type: "paint", buffered: true })); PRELOADS }';
/** The translations' preloads (the files in the head script's data-ftl, in
 * the language it chose; the app's own fetches take them). */
const TRANSLATIONS = 'for(let f of document.querySelector("script[data-ftl]").dataset.ftl.split(" "))'
  + 'document.head.append(Object.assign(document.createElement("link"),'
  + '{rel:"preload",as:"fetch",crossOrigin:"",href:`locales/${document.documentElement.lang}/${f}.ftl`}));';
/** One `what` in `page`, or the build stops. */
function one(page, what, path) {
  const n = page.split(what).length - 1;
  if (n !== 1) throw new Error(`${path}: ${n} of \`${what}\`, not one`);
  return what;
}
function deferModule(page, screen, path) {
  const preload = page.match(/<link [^>]*href=\.\/([^ >]+_bg\.wasm) [^>]*rel=preload[^>]*>/);
  if (!preload) throw new Error(`${path}: no preload of the page's WebAssembly`);
  const glues = [...page.matchAll(/import init, \* as bindings from '\.\/([^']+\.js)';\n/g)];
  if (glues.length !== 1) throw new Error(`${path}: not one static import of the page's glue in its module script`);
  const [glue] = glues;
  const modulePreloads = [...page.matchAll(/<link crossorigin href=\.\/([^ >]+\.js) rel=modulepreload>/g)];
  // What the glue imports before it runs: its chunks' loader, snippets.
  const imports = [...readFileSync(join(dist, glue[1]), 'utf8').matchAll(/from ?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  const modules = [...new Set([glue[1], ...modulePreloads.map((m) => m[1]), ...imports])];
  const manifest = one(page, '<link href=manifest.webmanifest rel=manifest>', path);
  const links = [...modules.map((m) => ['modulepreload', `./${m}`]), ['preload', `./${preload[1]}`], ['manifest', 'manifest.webmanifest']];
  const add = `for(let[r,h]of${JSON.stringify(links)}){let l=document.createElement("link");l.rel=r;l.href=h;`
    + 'if(r!="manifest")l.crossOrigin="";if(r=="preload"){l.as="fetch";l.type="application/wasm"}document.head.append(l)}';
  const decide = `<script>let kharbgaCopy=!1;try{kharbgaCopy=location.hash==${JSON.stringify(screen)}&&${FIRST_VISIT}}catch(e){}</script>`;
  const ftl = one(page, '<script data-ftl=', path);
  const head = `<script>if(!kharbgaCopy){${add}}</script>`;
  const translations = one(page, 'for(let f of document.currentScript.dataset.ftl.split(" "))document.head.append(Object.assign(document.createElement("link"),{rel:"preload",as:"fetch",crossOrigin:"",href:`locales/${l}/${f}.ftl`}))', path);
  const icon = one(page, '<link href=icon.svg rel=icon>', path);
  // (Every character a URL or an HTML attribute could read otherwise
  // escaped; spaces, slashes, colons, equals signs and commas kept.)
  const svg = encodeURIComponent(readFileSync(join(dist, 'icon.svg'), 'utf8').trim().replace(/\s+/g, ' '))
    .replace(/%(20|2F|3A|3D|2C)/g, (c) => decodeURIComponent(c));
  const start = one(page, 'const wasm = await init(', path);
  let out = page.replace(glue[0], '').replace(manifest, '').replace(ftl, () => decide + ftl);
  for (const m of modulePreloads) out = out.replace(m[0], '');
  return out.replace(preload[0], () => head)
    .replace(translations, () => `if(!kharbgaCopy)${TRANSLATIONS}`)
    .replace(icon, () => `<link href="data:image/svg+xml,${svg}" rel=icon>`)
    .replace(start, () => `${AFTER_FIRST_PAINT.replace('PRELOADS', () => add + TRANSLATIONS)}\nconst bindings = await import('./${glue[1]}');\nconst init = bindings.default;\n${start}`);
}

try {
  for (const { file, screen } of PAGES.filter((p) => p.screen !== null)) {
    const screens = [];
    for (const language of LANGUAGES) {
      const { html, hash } = await firstScreen(file, screen, language);
      // (The first page's first screen has no hash: it must keep none.)
      if (screen === '' ? hash !== '' : !hash.startsWith(screen)) throw new Error(`${file}${screen} (${language}) went to ${hash}`);
      screens.push(`<template data-first-screen="${language}" data-hash="${screen}">${html}</template>`);
    }
    const path = join(dist, file);
    const page = deferModule(readFileSync(path, 'utf8'), screen, path);
    if (!page.includes('<body></body>')) throw new Error(`${path}: no empty <body></body> to fill`);
    writeFileSync(path, page.replace('<body></body>', `<body>${screens.join('')}${SHOW}</body>`));
    console.log(`${file}: first screens in ${LANGUAGES.join(', ')} (${screens.reduce((n, s) => n + s.length, 0)} bytes)`);
  }
} finally {
  await browser.close();
  server.close();
}
