// Saved games in the browser (`make bench`): the release build in headless
// Chromium with a player's localStorage of 200 saved games and, as the game
// being played, a 300-ply Kharbga game (`kharbga-cli fixture`). Prints the
// page's own performance measures: opening the library at start-up, and
// autosave after a ply. Figures, not pass/fail (targets: 100 ms, 1 ms).
//
// Usage: node bench-store.mjs <kharbga-cli>
import { execFileSync } from 'node:child_process';
import { openBuild } from './bench-setup.mjs';

const cli = process.argv[2] ?? '../../target/native/kharbga-cli';
const entries = execFileSync(cli, ['fixture', '200', '300'], { encoding: 'utf8', maxBuffer: 64 << 20 })
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { page, close } = await openBuild(4176);
try {
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
    localStorage.setItem('kharbga.language', 'en');
  }, entries);
  const measure = (name) => page.evaluate((name) => performance.getEntriesByName(name).map((e) => e.duration), name);
  const opens = [];
  for (let i = 0; i < 7; i++) {
    await page.reload();
    await page.locator('[data-ply]').nth(299).waitFor();
    opens.push(...(await measure('kharbga:library-open')));
  }
  // The time inside localStorage.setItem, to tell the page's work from the browser's.
  await page.evaluate(() => {
    const set = Storage.prototype.setItem;
    window.setItemMs = [];
    Storage.prototype.setItem = function (key, value) {
      const started = performance.now();
      set.call(this, key, value);
      if (key.startsWith('kharbga.game.')) window.setItemMs.push(performance.now() - started);
    };
  });
  // Plies played by clicking, each saved at once.
  for (let i = 0; i < 9; i++) {
    const before = await page.locator('[data-ply]').count();
    await page.locator('.square.movable').first().click();
    await page.locator('[data-dest="true"]').first().click();
    await page.locator('[data-ply]').nth(before).waitFor();
  }
  const saves = await measure('kharbga:autosave');
  const writes = await page.evaluate(() => window.setItemMs);
  const games = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kharbga.game.')).length);
  console.log(`browser start-up: opening a library of ${games} saved games: ${median(opens).toFixed(2)} ms (median of ${opens.length}; target ≤ 100 ms)`);
  console.log(`browser autosave of a game of 300+ plies: ${median(saves).toFixed(3)} ms (median of ${saves.length}; target ≤ 1 ms), of which localStorage.setItem ${median(writes).toFixed(3)} ms`);
} finally {
  await close();
}
