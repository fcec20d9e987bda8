// What the puzzle specs share: every shipped puzzle's line (the files the
// page's chunk holds), and the steps a player takes on the puzzle screen.
import { expect } from './fixtures.js';
import { readFileSync } from 'node:fs';
import { board, clickPly } from './helpers.js';

/** Every shipped puzzle's line, by id (the files the page's chunk holds). */
export const LINES = new Map();
for (const game of ['kharbga', 'seega5', 'seega7', 'seega9', 'kharbaga']) {
  for (const line of readFileSync(`../../src/learn/puzzles/${game}.txt`, 'utf8').split('\n')) {
    const fields = line.split('\t');
    if (fields.length === 6) LINES.set(fields[0], fields[3].split(' '));
  }
}

export const puzzle = (page) => page.getByTestId('puzzle');
export const moves = (page) => page.getByTestId('puzzle-moves').locator('[data-ply]');
export const rating = async (page) => Number(await page.getByTestId('puzzle-rating').getAttribute('data-rating'));

/** The line of the puzzle on the board. */
export async function lineOf(page) {
  await expect(puzzle(page)).toHaveAttribute('data-puzzle', /^[0-9a-f]{8}$/);
  const id = await puzzle(page).getAttribute('data-puzzle');
  const line = LINES.get(id);
  expect(line, id).toBeTruthy();
  return line;
}

/** Plays the puzzle's line by clicks: the player's plies clicked, the
 * computer's replies awaited. */
export async function solve(page, line) {
  for (let i = 0; i < line.length; i++) {
    await expect.poll(async () => (await moves(page).count()) > i
      || (await puzzle(page).getAttribute('data-stage')) === 'solving').toBe(true);
    if ((await moves(page).count()) === i) await clickPly(page, line[i]);
    await expect.poll(() => moves(page).count()).toBeGreaterThan(i);
  }
  await expect(puzzle(page)).toHaveAttribute('data-stage', 'solved');
}

/** Plays a legal step that is not `right` by clicks (a soldier, then a
 * square it may go to); returns it. */
export async function wrongStep(page, right) {
  const movable = board(page).locator('.square.movable');
  const count = await movable.count();
  for (let i = 0; i < count; i++) {
    const from = await movable.nth(i).getAttribute('data-square');
    await movable.nth(i).click();
    const dests = board(page).locator('[data-dest="true"]');
    for (let j = 0; j < await dests.count(); j++) {
      const to = await dests.nth(j).getAttribute('data-square');
      if (`${from}-${to}` === right.replace('*', '')) continue;
      await dests.nth(j).click();
      return `${from}-${to}`;
    }
  }
  throw new Error('no other step');
}
