// What the screenshot scripts share: the release build served on a port
// of their own, Debian's Chromium, and a page for each language and device
// whose page and console errors are kept.
import { launchBrowser, serveDist } from './bench-setup.mjs';
import { mkdir } from 'node:fs/promises';

/** The languages and devices every screen is looked at in. */
export const LANGUAGES = [['en', 'English'], ['ar', 'العربية']];
export const DEVICES = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]];

/**
 * Serves dist/ on `port` and starts the browser (with `args` besides the
 * usual ones); `out` is made. Returns the browser, the address, the errors
 * list, `watch(page, label)` that fills it, and `close()`.
 */
export async function start({ port, out, args = [] }) {
  const stopDist = await serveDist(port);
  if (out) await mkdir(out, { recursive: true });
  const browser = await launchBrowser(args);
  const errors = [];
  const watch = (page, label) => {
    page.on('pageerror', (e) => errors.push(`${label}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${label}: ${m.text()}`));
    return page;
  };
  const close = async () => {
    await browser.close();
    stopDist();
  };
  return { browser, url: `http://127.0.0.1:${port}`, errors, watch, close };
}

/**
 * Runs `scene({ page, url, language, label, device, shot, more })` in
 * every language on every device; `more()` opens another page in a context
 * of its own (its errors kept too). `shot(name, page?)` saves the page into `out` as
 * `<language>-<device>-<tag>-<name>.png`; with `--docs` only the screens
 * `wanted` names (`en-desktop-<name>` → file name) go, into docs/screenshots.
 * Exits non-zero on any page or console error.
 */
export async function everywhere({ port, tag, wanted, scene }) {
  const docs = process.argv.includes('--docs');
  const out = docs ? new URL('../../docs/screenshots/', import.meta.url).pathname : (process.argv[2] ?? '/tmp/shots');
  const { browser, url, errors, watch, close } = await start({ port, out });
  try {
    for (const [language, label] of LANGUAGES) {
      for (const [device, viewport] of DEVICES) {
        const page = watch(await browser.newPage({ viewport }), `${language} ${device}`);
        // (`of`: another page of the scene, the scene's own by default.)
        const shot = async (name, of = page) => {
          const key = `${language}-${device}-${name}`;
          if (docs && !wanted[key]) return;
          await of.waitForTimeout(400);
          const path = docs ? `${out}${wanted[key]}.png` : `${out}/${language}-${device}-${tag}-${name}.png`;
          await of.screenshot({ path, fullPage: device === 'phone' });
        };
        const more = async () => watch(await (await browser.newContext({ viewport })).newPage(), `${language} ${device} more`);
        await scene({ page, url, language, label, device, shot, more });
        await page.close();
      }
    }
  } finally {
    await close();
  }
  if (errors.length) {
    console.error(errors.join('\n'));
    process.exit(1);
  }
  console.log(`screenshots in ${out}`);
}
