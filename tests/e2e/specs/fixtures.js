// The `test` every spec uses: it fails a test on any uncaught page error or
// console error, in the test's page and in any page it opens itself
// (`watch`, with the `errors` fixture: checked at the end of every test),
// and on any console error or warning of their dedicated workers (the
// computer's, the network module's). A test that expects a particular
// console error (a missing file it asked for) names it with
// `test.use({ allowedErrors: [/…/] })`. When a test fails, every console
// message of the pages it watched is printed with its time and page, so
// that a failure seen once (in CI) can be read afterwards
// (`KHARBGA_CONSOLE=1`: for every test).
import { test as base, expect } from '@playwright/test';

/** Every console message of the pages watched with an `errors` list. */
const consoles = new WeakMap();

/** Records page errors and console errors of `page`, and console errors
 * and warnings of its workers, into `errors`. */
export function watch(page, errors, allowed = []) {
  const record = (kind, message) => {
    const text = message.text();
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(`${kind}: ${text}`);
  };
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  const log = consoles.get(errors);
  if (log) {
    const name = `page ${(log.pages = (log.pages ?? 0) + 1)}`;
    page.on('console', (message) => log.push(`${new Date().toISOString()} ${name} ${message.type()}: ${message.text()}`));
    page.on('framenavigated', (frame) => frame === page.mainFrame()
      && log.push(`${new Date().toISOString()} ${name} at ${frame.url()}`));
  }
  // Playwright 1.65 with Chromium reports a worker's console messages on
  // the worker and again on its page (with `worker()` set); older versions
  // on the worker only. Each is counted once, from the worker.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.worker()) record('console error', message);
  });
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      const type = message.type();
      if (type === 'error' || type === 'warning') record(`worker console ${type}`, message);
    });
  });
  return errors;
}

export const test = base.extend({
  allowedErrors: [[], { option: true }],
  // The errors of every page a test watches: checked when the test ends,
  // also for a test that never uses the `page` fixture (its own contexts).
  errors: async ({}, use, testInfo) => {
    const list = [];
    const log = [];
    consoles.set(list, log);
    await use(list);
    // (KHARBGA_CONSOLE=1 prints them for a test that passed too.)
    if ((testInfo.status !== testInfo.expectedStatus || process.env.KHARBGA_CONSOLE) && log.length) {
      console.log(`The pages' console, ${testInfo.title}:\n${log.join('\n')}`);
    }
    expect(list, 'no page or console errors').toEqual([]);
  },
  page: async ({ page, allowedErrors, errors }, use) => {
    watch(page, errors, allowedErrors);
    await use(page);
    // Late errors (a timer after leaving a screen) count too.
    await page.waitForTimeout(100);
    expect(errors, 'no page or console errors').toEqual([]);
  },
});

export { expect };
