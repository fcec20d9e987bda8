// Sound: the page's sound module is silent before the player's first
// gesture, sounds for plies after it, and a muted player (Settings) hears
// nothing, across a reload. Sounds are counted by wrapping the audio
// element's play (no audio device in headless Chromium is needed); each is
// a WAV the page rendered, and Web Audio is never started (its first
// context blocks the page for the audio device).
import { test, expect } from './fixtures.js';
import { board } from './helpers.js';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__sounds = 0;
    window.__contexts = 0;
    // Every WAV the page renders (a blob address each).
    window.__wavs = 0;
    const blobUrl = URL.createObjectURL;
    URL.createObjectURL = function (blob) {
      if (blob && blob.type === 'audio/wav') window.__wavs += 1;
      return blobUrl.call(this, blob);
    };
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      window.__sounds += 1;
      window.__source = this.src;
      return play.call(this);
    };
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(...args) {
        super(...args);
        window.__contexts += 1;
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
    // (Named by its content: sound-<hash>.js.)
    const url = document.querySelector('link[href*="/web/sound"][href$=".js"]').href;
    const module = await import(url);
    module.playSound(2);
    return window.__sounds;
  });
  expect(silent).toBe(0);
  // Nothing rendered while the page starts and idles before a gesture (the
  // sounds are rendered after the first one: no start-up work, issue 47).
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(() => requestIdleCallback(done), 500))));
  expect(await page.evaluate(() => window.__wavs)).toBe(0);
  await page.getByRole('button', { name: 'English' }).click();
  await board(page).locator('[data-square="a1"]').click();
  await expect(page.locator('[data-ply]')).toHaveCount(1);
  await expect.poll(() => sounds(page)).toBeGreaterThan(0);
  // The sound is a WAV of the page's own making, with samples in it.
  const wav = await page.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch(window.__source)).arrayBuffer());
    return { header: String.fromCharCode(...bytes.slice(0, 4), ...bytes.slice(8, 12)), size: bytes.length, loud: bytes.slice(44).some((b) => b !== 0) };
  });
  expect(wav.header).toBe('RIFFWAVE');
  expect(wav.size).toBeGreaterThan(1000);
  expect(wav.loud).toBe(true);
  // After the gesture every sound is rendered, one an idle moment.
  await expect.poll(() => page.evaluate(() => window.__wavs)).toBe(6);
  expect(await page.evaluate(() => window.__contexts)).toBe(0);
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
