// Each page's first screen written into its HTML (src/web/prerender.mjs,
// issue 47): on a first visit it is painted before the page's WebAssembly
// has arrived, in the language the page will speak, inert and hidden from
// assistive technology and from the tests' names; the app's own screen
// replaces it without a layout shift, and <html dir> never flips on the
// way. A returning visitor, or another screen of the page, gets no copy.
import { test, expect, watch } from './fixtures.js';

const SCREENS = [
  ['play', '/', { en: 'Setting soldiers', ar: 'يضع الجندي' }],
  ['online', '/online.html#online', { en: "The soldiers' game of North Africa", ar: 'لعبة الجنود من شمال إفريقيا' }],
  ['tutorial', '/learn.html#learn/board', { en: 'Kharbga is played on 7×7 squares', ar: 'تُلعب الخربقة على رقعة من 7×7' }],
  ['study', '/study.html#edit/seega5', { en: 'A legal position', ar: 'وضعية قانونية' }],
  ['tournament', '/tournament.html#tournament', { en: 'New tournament', ar: 'بطولة جديدة' }],
];

/** A fresh page whose language is stored (a first visit otherwise), with
 * its WebAssembly held back until `release()`; what <html dir> was, at
 * every change, and the layout shifts are recorded. */
async function firstVisit(browser, errors, language, more = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(([l, stored]) => {
    if (!sessionStorage.getItem('visited')) {
      sessionStorage.setItem('visited', '1');
      localStorage.clear();
      localStorage.setItem('kharbga.language', l);
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }
    window.dirs = [];
    window.shifts = 0;
    // (From the document: its <html> is not there yet.)
    new MutationObserver((changes) => {
      for (const { target } of changes) if (target === document.documentElement) window.dirs.push(target.dir);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['dir'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // Whether the app's screen was whole (its last part built, in slices
    // behind the copy: src/app/staging.rs) when the copy went.
    new MutationObserver(() => {
      if (window.manifestAt === undefined && document.querySelector('head link[rel=manifest]')) window.manifestAt = performance.now();
      if (document.getElementById('first-screen')) window.copySeen = true;
      else if (window.copySeen && window.copyGoneWhole === undefined) {
        window.copyGoneWhole = Boolean(document.querySelector('body > main[data-drawn]'));
      }
    }).observe(document, { childList: true, subtree: true });
  }, [language, more]);
  const page = await context.newPage();
  watch(page, errors);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  return { context, page, release };
}

/** The page's icon, written into it (a data: URL, no request before the
 * first paint), is an image a browser draws. */
async function expectIcon(page) {
  const icon = page.locator('head link[rel=icon]');
  await expect(icon).toHaveCount(1);
  expect(await icon.getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  // (decode() fails on what is not an image: a broken data: URL.)
  const drawn = await icon.evaluate(async (link) => {
    const image = new Image();
    image.src = link.href;
    return image.decode().then(() => true, (error) => String(error));
  });
  expect(drawn, 'the icon decoded').toBe(true);
}

for (const [name, path, words] of SCREENS) {
  for (const language of ['en', 'ar']) {
    test(`the ${name} page paints its first screen before its WebAssembly (${language})`, async ({ browser, errors }) => {
      const { context, page, release } = await firstVisit(browser, errors, language);
      try {
        await page.goto(path, { waitUntil: 'commit' });
        const copy = page.locator('#first-screen');
        await expect(copy).toBeVisible();
        await expect(copy).toContainText(words[language]);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await copy.getAttribute('aria-hidden')).toBe('true');
        expect(await copy.evaluate((c) => c.inert)).toBe(true);
        // Nothing in it a test or a form could take for the app.
        expect(await copy.locator('[data-testid], [id], [name]').count()).toBe(0);
        await expect(page.getByRole('button').first()).not.toBeAttached();
        release();
        // The app's own screen, in place of the copy.
        await expect(page.locator('body > main')).toContainText(words[language]);
        await expect(copy).not.toBeAttached();
        expect(await page.locator('main').count()).toBe(1);
        expect(await page.evaluate(() => window.copyGoneWhole), 'the app\'s screen whole as the copy went').toBe(true);
        await expect(page.getByRole('button').first()).toBeVisible();
        const { dirs, shifts } = await page.evaluate(() => ({ dirs: window.dirs, shifts: window.shifts }));
        expect(dirs.filter((d) => d !== (language === 'ar' ? 'rtl' : 'ltr')), `<html dir> as it went: ${dirs}`).toEqual([]);
        expect(shifts, 'the layout shifts').toBe(0);
        // What the copy's paint does not need was asked for once the copy
        // was painted, not with the HTML (prerender.mjs's deferModule): the
        // page's WebAssembly, its glue and what the glue imports (its
        // chunks' loader), its translations in its language, its manifest.
        const { fetched, painted, manifestAt } = await page.evaluate(() => ({
          fetched: performance.getEntriesByType('resource')
            .filter((e) => /(_bg\.wasm|-[0-9a-f]{16}\.js|\.ftl)$/.test(e.name))
            .map((e) => [new URL(e.name).pathname, e.startTime]),
          painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          manifestAt: window.manifestAt,
        }));
        const names = fetched.map(([n]) => n);
        // Each translation once: the app's own fetch took the preload's answer.
        expect(names.filter((n, i) => n.endsWith('.ftl') && names.indexOf(n) !== i), 'translations asked for twice').toEqual([]);
        expect(names.filter((n) => n.endsWith('_bg.wasm')), 'the WebAssembly').toHaveLength(1);
        expect(names.filter((n) => /^\/kharbga(-[a-z]+)?-[0-9a-f]{16}\.js$/.test(n) && !n.includes('-split-')), 'the glue').toHaveLength(1);
        expect(names.filter((n) => /-split-[0-9a-f]{16}\.js$/.test(n)), 'the chunks\' loader').toHaveLength(1);
        expect(names.filter((n) => n.endsWith('.ftl')), 'the translations').toContain(`/locales/${language}/main.ftl`);
        expect(names.filter((n) => n.endsWith('.ftl') && !n.startsWith(`/locales/${language}/`)), 'translations of another language').toEqual([]);
        for (const [name, at] of fetched) expect(at, `${name} asked for after the first paint`).toBeGreaterThan(painted);
        expect(manifestAt, 'the manifest linked after the first paint').toBeGreaterThan(painted);
        await expectIcon(page);
      } finally {
        await context.close();
      }
    });
  }
}

test('a returning visitor, and another screen of the page, get no copy', async ({ browser, errors }) => {
  for (const [path, stored] of [
    ['/tournament.html#tournament', { 'kharbga.prefs': 'theme=dark' }],
    ['/', { 'kharbga.prefs': 'theme=dark' }],
    ['/learn.html#rules', {}],
  ]) {
    const { context, page, release } = await firstVisit(browser, errors, 'en', stored);
    try {
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForLoadState('domcontentloaded');
      expect(await page.locator('#first-screen').count(), path).toBe(0);
      // No copy to paint first: the WebAssembly is preloaded with the HTML,
      // and the glue with what it imports (its chunks' loader among them).
      expect(await page.locator('head link[rel=preload][href$="_bg.wasm"]').count(), path).toBe(1);
      expect(await page.locator('head link[rel=modulepreload][href*="-split-"]').count(), path).toBe(1);
      expect(await page.locator('head link[rel=modulepreload]').count(), path).toBeGreaterThanOrEqual(3);
      // And the translations and the manifest with them.
      expect(await page.locator('head link[rel=preload][href="locales/en/main.ftl"]').count(), path).toBe(1);
      expect(await page.locator('head link[rel=manifest][href="manifest.webmanifest"]').count(), path).toBe(1);
      await expectIcon(page);
      release();
      await expect(page.locator('body > main')).not.toBeEmpty();
    } finally {
      await context.close();
    }
  }
});
