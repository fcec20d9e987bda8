// The `test` every spec uses: it fails a test on any uncaught page error or
// console error, in the test's page and in any page it opens itself
// (`watch`). A test that expects a particular console error (a missing
// file it asked for) names it with `test.use({ allowedErrors: [/…/] })`.
import { test as base, expect } from '@playwright/test';

/** Records page errors and console errors of `page` into `errors`. */
export function watch(page, errors, allowed = []) {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(`console error: ${text}`);
  });
  return errors;
}

export const test = base.extend({
  allowedErrors: [[], { option: true }],
  errors: async ({}, use) => {
    await use([]);
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
