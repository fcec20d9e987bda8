// The rough edges a new player met (issue 27), each as that player sees
// it: every screen opens at its top; the review's summary never breaks a
// word; the analysis of an edited position says what it is; the review's
// verdicts are numbered as the game's list beside them and lead to their
// ply; a ply's text never wraps inside itself; each arrow's head takes its
// arrow's colour; the board is turned towards a person playing the second
// side; the new-game form describes the game chosen and asks only the
// person's name against the computer.
import { test, expect } from './fixtures.js';
import { openApp, startGame, play, board, square, plain } from './helpers.js';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Scrolls the page so that `button` is as near the top of the window as
 * the page lets it be (the page down, as a player on a phone has it), then
 * clicks it. How far depends on how much the screen holds below the button
 * (the analysis may still be thinking), so any scroll will do: the screen
 * that follows must bring it back to 0. */
async function clickScrolledDown(page, button) {
  await button.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  expect(await page.evaluate(() => window.scrollY), 'the page is scrolled down').toBeGreaterThan(0);
  await button.click();
}

/** The screen shown is at its top: the page not scrolled, the header in sight. */
async function expectAtTop(page) {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const header = await page.locator('header.topbar').boundingBox();
  expect(header.y).toBeGreaterThanOrEqual(0);
}

/** The words of the elements matched by `selector` that are broken across
 * lines (a word's range on two lines), and the elements whose content
 * overflows them. */
function brokenWords(page, selector) {
  return page.evaluate((selector) => {
    const found = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/[^\s\u2068\u2069]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const tops = rects.map((r) => r.top);
          const height = Math.min(...rects.map((r) => r.height));
          if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > height / 2) found.push(match[0]);
        }
      }
      if (element.scrollWidth > element.clientWidth + 1) found.push(`overflow: ${element.textContent}`);
    }
    return found;
  }, selector);
}

/** The plies (step or leap texts) of the elements matched by `selector`
 * that wrap inside themselves. */
function wrappedPlies(page, selector) {
  return page.evaluate((selector) => {
    const found = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      // A ply may span text nodes (its own span): measure over the whole text.
      const nodes = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      const text = nodes.map((n) => n.data).join('');
      const at = (offset) => {
        for (const node of nodes) {
          if (offset <= node.data.length) return [node, offset];
          offset -= node.data.length;
        }
        return [nodes[nodes.length - 1], nodes[nodes.length - 1].data.length];
      };
      for (const match of text.matchAll(/[a-i][1-9](?:[-x][a-i][1-9])+/g)) {
        const range = document.createRange();
        range.setStart(...at(match.index));
        range.setEnd(...at(match.index + match[0].length));
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = rects.map((r) => r.top);
        const height = Math.min(...rects.map((r) => r.height));
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > height / 2) found.push(match[0]);
      }
    }
    return found;
  }, selector);
}

/** A Seega 5×5 game from a set-up position (analysis.spec.js's): the first
 * player steps a4-a3 where d4-d5 won, and b4-a4 takes it: a blunder. */
const BLUNDER_START = '1Ss2/Ss1S1/2S2/s4/5_w_0,0_-_-_0_20_-';

/** Plays the blunder game by two people from the editor, opens its analysis and reviews it. */
async function reviewedBlunder(page) {
  await page.goto(`/study.html#edit/seega5/${BLUNDER_START}`);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('edit-play').click();
  await page.getByTestId('mode-hotseat').check();
  await page.getByTestId('start').click();
  for (const ply of ['a4-a3', 'b4-a4']) await play(page, ply);
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await page.getByTestId('review-start').click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
}

test('on a phone the study page\'s screens open at their top: the analysis from the editor, the form from the analysis, the game from the form', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The editor's "Analyse", far down the page.
  await page.goto('/study.html#edit/seega5/5/5/1S3/1s3/2S2_w_0,0_-_-_0_20_-');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('edit-verdict')).toHaveAttribute('data-legal', 'true');
  await clickScrolledDown(page, page.getByTestId('edit-analyse'));
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expectAtTop(page);
  // The analysis' "Play from this position…": the new-game form.
  await clickScrolledDown(page, page.getByTestId('analysis-play'));
  await expect(page.getByTestId('new-game-form')).toBeVisible();
  await expectAtTop(page);
  // The form's "Start", at its very end: the game.
  await page.getByTestId('mode-hotseat').check();
  await clickScrolledDown(page, page.getByTestId('start'));
  await expect(board(page)).toHaveAttribute('data-phase', 'moving');
  await expectAtTop(page);
});

test('on a phone a replay opens at its top, and a game played from it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openApp(page);
  // Games enough for the library to be longer than the screen.
  for (let i = 0; i < 6; i++) {
    await startGame(page, 'seega5');
    await play(page, 'a1');
  }
  await page.getByTestId('nav-library').click();
  await clickScrolledDown(page, page.getByTestId('library-replay').last());
  await expect(page.getByTestId('replay')).toBeVisible();
  await expectAtTop(page);
  // "Play from here", far down the replay's panel: the game.
  await clickScrolledDown(page, page.getByTestId('play-from-here'));
  await expect(page.locator('[data-ply]')).toHaveCount(0);
  await expectAtTop(page);
});

test('on a phone a lesson\'s next step opens at its top', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/learn.html#learn/board');
  await page.getByRole('button', { name: 'English' }).click();
  await expect.poll(async () => plain(await page.getByTestId('lesson-step').textContent())).toContain('1');
  await clickScrolledDown(page, page.getByTestId('lesson-next'));
  await expect.poll(async () => plain(await page.getByTestId('lesson-step').textContent())).toContain('2');
  await expectAtTop(page);
});

for (const language of ['English', 'العربية']) {
  test(`the review's summary breaks no word, on a desktop and a phone, in ${language}`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await reviewedBlunder(page);
    await page.getByRole('button', { name: language }).click();
    const summary = page.getByTestId('review-summary');
    await expect(summary).toBeVisible();
    const cells = '[data-testid="review-summary"] :is(th, td)';
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect.poll(() => brokenWords(page, cells), `${size.width}×${size.height}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
    // The first player's blunder, counted.
    await expect(summary.locator('td[data-side="first"][data-judgement="blunder"]')).toHaveText('1');
    await expect(summary.locator('td[data-side="second"][data-judgement="blunder"]')).toHaveText('0');
  });
}

test('the analysis of an edited position: titled as one, no empty game, no review', async ({ page }) => {
  await page.goto('/study.html#edit/seega5/5/5/1S3/1s3/2S2_w_0,0_-_-_0_20_-');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('edit-analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expect(page.getByTestId('analysis-names')).toHaveText('An edited position');
  await expect(page.getByTestId('analysis')).not.toContainText('?');
  // No game: no heading over an empty list, no review of no plies.
  await expect(page.getByRole('heading', { name: 'The game' })).toHaveCount(0);
  await expect(page.getByTestId('analysis-plies')).toHaveCount(0);
  await expect(page.getByTestId('review')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Review with the computer' })).toHaveCount(0);
  // A ply on the board is a variation; the way back names the position.
  await square(page, 'c1').click();
  await square(page, 'b1').click();
  await expect(page.getByTestId('analysis-variation')).toContainText('c1-b1');
  await page.getByRole('button', { name: 'Back to the edited position' }).click();
  await expect(square(page, 'c1')).toHaveAttribute('data-piece', 'attacker');
});

test('review verdicts are numbered as the game\'s list and lead to their ply', async ({ page }) => {
  await reviewedBlunder(page);
  const verdict = page.getByTestId('review-judged');
  await expect(verdict).toHaveCount(1);
  const text = plain(await verdict.textContent());
  const [, number, ply] = text.match(/^(\d+)\. [^:]+: (\S+) —/);
  // The list beside it shows the same number on the same ply.
  const listed = page.getByTestId('analysis-plies').locator(`[data-at="${number}"]`);
  await expect.poll(async () => plain(await listed.innerText()).replace(/\s+/g, '')).toBe(`${number}.${ply}`);
  // The list marks the plies judged.
  await expect(listed).toHaveAttribute('data-judgement', 'blunder');
  // Followed: the position before it, the ply marked in the list and in sight.
  await verdict.click();
  await expect(square(page, 'a4')).toHaveAttribute('data-piece', 'attacker');
  await expect(listed).toHaveClass(/target/);
  // In sight once the list has scrolled to it (it may scroll smoothly).
  const inSight = async () => {
    const list = await page.getByTestId('analysis-plies').boundingBox();
    const box = await listed.boundingBox();
    return box.y >= list.y - 0.5 && box.y + box.height <= list.y + list.height + 0.5;
  };
  await expect.poll(inSight, { message: 'the ply judged is in sight in the list' }).toBe(true);
  // Elsewhere, the mark goes.
  await page.getByTestId('analysis-end').click();
  await expect(listed).not.toHaveClass(/target/);
});

test('on a phone a ply never wraps inside itself, and each arrow\'s head takes its arrow\'s colour', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openApp(page);
  await startGame(page, 'kharbaga');
  for (const ply of ['c2-c3', 'e4xc2', 'b1xd3']) await play(page, ply);
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  // A line of several plies: deep enough to wrap on a phone.
  await expect.poll(async () => plain(await page.getByTestId('analysis-line').textContent()).trim().split(/\s+/).length,
    { timeout: 30_000 }).toBeGreaterThan(5);
  expect(await wrappedPlies(page, '[data-testid="analysis-line"]')).toEqual([]);
  // The line's text wraps (the test measures something).
  const lines = await page.getByTestId('analysis-line').evaluate((e) => e.getClientRects().length);
  expect(lines).toBeGreaterThan(1);
  // Two arrows' kinds at least (the best ply and the answer to it), each
  // head the colour of its own arrow.
  const arrows = await page.getByTestId('board-arrows').evaluate((svg) =>
    [...svg.querySelectorAll('line.arrow')].map((line) => {
      const id = line.getAttribute('marker-end').match(/#([^)"]+)/)[1];
      const head = svg.querySelector(`marker[id="${id}"] path`);
      return [line.getAttribute('class'), getComputedStyle(line).stroke, getComputedStyle(head).fill];
    }));
  expect(new Set(arrows.map(([kind]) => kind)).size).toBeGreaterThan(1);
  for (const [kind, stroke, fill] of arrows) expect(fill, kind).toBe(stroke);
});

test('against the computer as the second side, the board is turned towards the player: in play, resumed and replayed', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { computer: { level: 1, side: 'second' } });
  await expect(board(page)).toHaveAttribute('data-flipped', 'true');
  // The person's bar under the board.
  await expect(page.locator('.play-area > .player').last()).toHaveAttribute('data-side', 'second');
  await expect.poll(() => page.locator('[data-ply]').count(), { timeout: 10_000 }).toBe(2);
  await page.reload();
  await expect(board(page)).toHaveAttribute('data-flipped', 'true');
  await page.getByTestId('nav-library').click();
  await page.getByTestId('library-replay').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-flipped', 'true');
  // Two people on one device: the first side at the bottom, as before.
  await startGame(page, 'seega5');
  await expect(board(page)).toHaveAttribute('data-flipped', 'false');
});

test('the new-game form: each game its own tagline, translated; against the computer only the person\'s name', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-new-game').click();
  const tagline = page.locator('.new-game .tagline');
  const taglines = {};
  for (const variant of ['kharbga', 'seega5', 'kharbaga']) {
    await page.getByTestId(`variant-${variant}`).check();
    taglines[variant] = plain(await tagline.textContent());
  }
  expect(taglines.kharbga).toContain('two at a time');
  expect(taglines.seega5).toContain('Seega');
  expect(taglines.kharbaga).toContain('Kharbaga');
  expect(taglines.kharbaga).not.toContain('two at a time');
  expect(new Set(Object.values(taglines)).size).toBe(3);
  // Translated.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect.poll(async () => plain(await tagline.textContent())).not.toBe(taglines.kharbaga);
  const arabic = plain(await tagline.textContent());
  expect(arabic).toMatch(/[\u0600-\u06FF]/);
  await page.getByTestId('variant-kharbga').check();
  await expect.poll(async () => plain(await tagline.textContent())).not.toBe(arabic);
  await page.getByRole('button', { name: 'English' }).click();

  // Against the computer: one name, the person's; the computer's side is
  // named by its level.
  await page.getByTestId('mode-computer').check();
  await page.getByTestId('computer-level').selectOption('2');
  await page.getByTestId('human-side').selectOption('second');
  await expect(page.getByTestId('name-first')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Amel');
  // Playing the first side instead: its field is the one asked.
  await page.getByTestId('human-side').selectOption('first');
  await expect(page.getByTestId('name-second')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveCount(1);
  await page.getByTestId('human-side').selectOption('second');
  await page.getByTestId('start').click();
  await expect(page.locator('.player[data-side="second"] .player-name')).toHaveText('Amel');
  await expect(page.locator('.player[data-side="first"] .player-name')).toHaveText('Computer, level 2');
  // Two players again: both names asked.
  await page.getByTestId('nav-new-game').click();
  await page.getByTestId('mode-hotseat').check();
  await expect(page.getByTestId('name-first')).toBeVisible();
  await expect(page.getByTestId('name-second')).toBeVisible();
});
