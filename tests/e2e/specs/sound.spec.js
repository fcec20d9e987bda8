// Sound: the page's sound module is silent before the player's first
// gesture, sounds for plies after it, and a muted player (Settings) hears
// nothing, across a reload. Sounds are counted by wrapping the browser's
// AudioContext (no audio device in headless Chromium is needed).
import { test, expect } from './fixtures.js';
import { board } from './helpers.js';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__sounds = 0;
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      createOscillator() {
        window.__sounds += 1;
        return super.createOscillator();
      }
    };
  });
});

const sounds = (page) => page.evaluate(() => window.__sounds);

test('no sound before a gesture; plies sound; muting is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(board(page)).toHaveAttribute('data-phase', 'setting');
  // The page's own sound module, asked before any gesture: silent.
  const silent = await page.evaluate(async () => {
    const url = document.querySelector('link[href*="sound.js"]').href;
    const module = await import(url);
    module.playSound(2);
    return window.__sounds;
  });
  expect(silent).toBe(0);
  await page.getByRole('button', { name: 'English' }).click();
  await board(page).locator('[data-square="a1"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect.poll(() => sounds(page)).toBeGreaterThan(0);
  // Muted in the settings: plies are silent, after a reload too.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('sound').uncheck();
  await page.reload();
  await page.getByRole('button', { name: 'English' }).click();
  await board(page).locator('[data-square="b1"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  await page.waitForTimeout(200);
  expect(await sounds(page)).toBe(0);
});
