// The AI's Web Worker, built by Trunk next to the page: it answers protocol
// requests off the main thread.
import { test, expect, watch } from './fixtures.js';

/** Starts the worker, waits for `ready`, sends `lines`, collects one answer each. */
async function ask(page, lines) {
  return page.evaluate(
    (lines) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(document.querySelector('meta[name=kharbga-worker]').content);
        const answers = [];
        worker.onerror = (e) => reject(new Error(e.message));
        worker.onmessage = (event) => {
          if (event.data === 'ready 3') {
            for (const line of lines) worker.postMessage(line);
            return;
          }
          answers.push(event.data);
          if (answers.length === lines.length) {
            worker.terminate();
            resolve(answers);
          }
        };
      }),
    lines,
  );
}

test('the AI worker answers with a legal ply, and refuses nonsense', async ({ page }) => {
  await page.goto('/');
  const [win, nonsense, kharbga, later, badHistory, analysed] = await ask(page, [
    'think 7 5 200 seega5 5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -',
    'think 8 5 200 chess -',
    'think 9 5 500 kharbga sSSsSss/ssSssSs/sssSSsS/SSS1sSS/SSSsSss/SSssSSs/ssSsSsS w 0,0 - - 0 13 f',
    // Protocol 2: the plies since the last removal follow the position.
    'think 10 5 200 seega5 5/5/1S3/1s3/2S2 w 0,0 - - 0 20 - ; c1-c2',
    'think 11 5 200 seega5 5/5/1S3/1s3/2S2 w 0,0 - - 0 20 - ; c1-c3',
    // Protocol 3: an analysis slice answers the best line.
    'analyse 12 200 seega5 5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -',
  ]);
  expect(analysed).toMatch(/^line 12 w1 \d+ \d+ c1-b1$/);
  expect(win).toMatch(/^best 7 c1-b1 w1 /);
  expect(nonsense).toMatch(/^error 8 /);
  expect(later).toMatch(/^best 10 [a-e][1-5]-[a-e][1-5] /);
  expect(badHistory).toBe('error 11 field-history');
  const [, id, ply, , depth, nodes] = kharbga.split(' ');
  expect(id).toBe('9');
  // The Attacker's first step goes into the Malha from one of its two neighbours.
  expect(['c4-d4', 'd5-d4']).toContain(ply);
  expect(Number(depth)).toBeGreaterThan(2);
  // The browser's search speed, for the record (0.5 s budget).
  console.log(`worker search: depth ${depth}, ${nodes} nodes in 0.5 s = ${Math.round(Number(nodes) / 0.5)} nodes/s`);
});

test('a worker\'s console warnings and errors fail a test, once each', async ({ browser }) => {
  const page = await browser.newPage();
  try {
    const errors = watch(page, []);
    await page.goto('/');
    await page.evaluate(() => new Promise((resolve) => {
      const code = "console.warn('a warning'); console.error('an error'); console.log('a log'); postMessage('done');";
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      worker.onmessage = () => { worker.terminate(); resolve(); };
    }));
    await expect.poll(() => errors.length).toBe(2);
    await page.waitForTimeout(300);
    expect(errors).toEqual(['worker console warning: a warning', 'worker console error: an error']);
  } finally {
    await page.close();
  }
});

test('the AI worker starts without a console warning', async ({ page }) => {
  await page.goto('/');
  // Started as the page starts it: hello, then one request answered.
  const [answer] = await ask(page, ['think 1 1 100 seega5 5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -']);
  expect(answer).toMatch(/^best 1 /);
  // The fixture fails the test on any warning the worker printed.
});

test('a two-player game asks the computer for a hint', async ({ page }) => {
  const { openApp, startGame, playAll } = await import('./helpers.js');
  const { SEEGA5_SETTING } = await import('./games.js');
  await openApp(page);
  await startGame(page, 'seega5');
  await playAll(page, SEEGA5_SETTING.plies);
  await page.getByTestId('hint-button').click();
  const hint = page.getByTestId('hint');
  await expect(hint).toContainText('Hint:');
  const squares = page.locator('.square.hint');
  await expect(squares).toHaveCount(2);
  // The hinted step is playable, and playing anything clears the hint.
  const text = (await hint.textContent()).replace(/[\u2068\u2069]/g, '');
  const [, from, to] = text.match(/Hint: ([a-i][1-9])-([a-i][1-9])/);
  await page.locator(`[data-square="${from}"]`).click();
  await page.locator(`[data-square="${to}"]`).click();
  await expect(page.getByTestId('hint')).toHaveCount(0);
  await expect(page.locator('.square.hint')).toHaveCount(0);
});
