// The page's memory across games (`make bench`): one tab, games in a row
// where the computer plays both sides (level 1; each game a rematch of the
// last, so each on a fresh game screen, as after *New game*). Prints the
// page's WebAssembly memory after game 5 and after the last, and their
// ratio. Figures, not pass/fail (issue 46's bound: after 30 games at most
// 1.25 times the memory after 5).
//
// Usage: node bench-memory.mjs [games] [variant]
import { openBuild } from './bench-setup.mjs';

const games = Number(process.argv[2] ?? 30);
const variant = process.argv[3] ?? 'kharbga';
const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

const { page, close } = await openBuild(4177);
try {
  // The page's wasm instance, as Trunk's loader hands it over.
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', (e) => {
      window.pageWasm = e.detail.wasm;
    });
  });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId(`variant-${variant}`).check();
  await page.getByTestId('mode-computer').check();
  await page.getByTestId('computer-level').selectOption('1');
  await page.getByTestId('human-side').selectOption('second');
  await page.getByTestId('start').click();
  await page.locator('[data-ply]').first().waitFor();
  // The game as saved, the person's seat given to the computer too; the
  // page opened again resumes it, and plays both sides.
  await page.waitForFunction(() => localStorage.getItem('kharbga.current'));
  await page.evaluate(() => {
    const key = `kharbga.game.${localStorage.getItem('kharbga.current')}`;
    localStorage.setItem(key, localStorage.getItem(key).replace(/^seats .*$/m, 'seats computer:1 computer:1'));
  });
  await page.reload();
  const memory = () => page.evaluate(() => window.pageWasm.memory.buffer.byteLength);
  const start = await memory();
  const after = [];
  let plies = 0;
  for (let game = 1; game <= games; game++) {
    const rematch = page.getByTestId('rematch');
    await rematch.waitFor({ timeout: 600_000 });
    plies += await page.locator('[data-ply]').count();
    after[game] = await memory();
    if (game === 5 || game === games || game % 5 === 0) {
      console.log(`after game ${game} (${plies} plies so far): page memory ${MB(after[game])}`);
    }
    if (game < games) {
      // The next game's screen replaces this one's: this dialog's button
      // gone (a game between the computer and itself can end, and show a
      // Rematch of its own, within a second).
      await rematch.evaluate((button) => { button.dataset.ended = 'yes'; });
      await rematch.click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="rematch"][data-ended]'));
    }
  }
  const five = after[Math.min(5, games)];
  console.log(`page memory over ${games} ${variant} games (computer against itself, one tab): ${MB(start)} at start, ${MB(five)} after game 5, ${MB(after[games])} after game ${games}: ${(after[games] / five).toFixed(2)}x (bound 1.25x)`);
} finally {
  await close();
}
