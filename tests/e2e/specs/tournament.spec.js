// A tournament on one device: a round robin of two people and two computer
// levels (Seega 5×5), every board played here — the people's games by the
// people (who resign, to be quick), the computers' game watched live to its
// end — the standings and the crosstable after every result, a game
// replayed from the crosstable, the tournament kept over a reload, and the
// standings exported as text.
import { test, expect } from './fixtures.js';
import { expectText, openApp } from './helpers.js';
import { fillTournament } from '../forms.mjs';

test.describe.configure({ timeout: 240_000 });

test('a one-device round robin: two people and two computer levels', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-tournaments').click();
  await expect(page).toHaveURL(/tournament\.html#tournament$/);
  const form = page.getByTestId('tournament-form');
  await expect(form).toBeVisible();
  await fillTournament(page, { name: 'Club night', game: 'seega5' });
  await page.getByTestId('player-name-1').fill('Amel');
  await page.getByTestId('player-name-2').fill('Youssef');
  // Two of the same name are refused, said so.
  await page.getByTestId('player-name-3').fill('Amel');
  await page.getByTestId('tournament-start').click();
  await expect(page.getByTestId('tournament-error')).toContainText('same name');
  await page.getByTestId('player-name-3').fill('');
  const kinds = page.getByTestId('player-kind');
  await expect(kinds.nth(2)).toHaveValue('1');
  await expect(kinds.nth(3)).toHaveValue('2');
  await page.getByTestId('tournament-start').click();

  const tournament = page.getByTestId('tournament');
  for (let round = 1; round <= 3; round++) {
    await expectText(page.getByTestId('tournament-round'), `Round ${round} of 3`);
    const boards = page.getByTestId('tournament-board');
    await expect(boards).toHaveCount(2);
    for (let b = 0; b < 2; b++) {
      const board = boards.nth(b);
      const names = await board.locator('.board-players').textContent();
      const computers = !/Amel|Youssef/.test(names);
      await expect(board.getByTestId('board-play')).toHaveText(computers ? 'Watch' : 'Play');
      await board.getByTestId('board-play').click();
      await expectText(page.getByTestId('tournament-game').locator('span'), `Round ${round}, board ${b + 1}`);
      if (computers) {
        // Two levels play each other, live: plies come by themselves.
        await expect(page.locator('[data-ply]').first()).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('result')).toBeVisible({ timeout: 180_000 });
      } else {
        if (round === 1 && b === 0) {
          // A board's game counts: no undo; left half-played, it is
          // resumed when the board is opened again.
          await expect(page.getByTestId('undo')).toHaveCount(0);
          await page.locator('.square.placeable').first().click();
          await expect(page.locator('[data-ply]')).toHaveCount(1);
          await page.getByTestId('tournament-back').click();
          await board.getByTestId('board-play').click();
          await expect(page.locator('[data-ply]')).toHaveCount(1);
        }
        await page.getByTestId('resign').click();
        await expect(page.getByTestId('result')).toBeVisible();
        // A board's result counts: its dialog leads back to the tournament
        // first, and offers no rematch; the way back works.
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('button').first()).toHaveAccessibleName('Back to the tournament');
        await expect(dialog.getByRole('button', { name: 'Rematch' })).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Back to the tournament' }).click();
        await expect(tournament).toBeVisible();
        continue;
      }
      await page.getByTestId('result-close').click();
      await page.getByTestId('tournament-back').click();
      await expect(tournament).toBeVisible();
    }
  }
  await expect(page.getByTestId('tournament-round')).toHaveText('The tournament is over.');
  // The standings: four players, six games, six points in all.
  const points = await page.getByTestId('standing-points').allTextContents();
  expect(points).toHaveLength(4);
  const total = points.reduce((sum, p) => sum + (p.includes('½') ? Number(p.replace('½', '') || 0) + 0.5 : Number(p)), 0);
  expect(total).toBe(6);
  // Every pair met once: each crosstable row has three results.
  const rows = page.getByTestId('crosstable').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (let r = 0; r < 4; r++) {
    const marks = (await rows.nth(r).locator('td').allTextContents()).join('');
    expect(marks.replace(/\s/g, '')).toMatch(/^[01½]{3}$/);
  }
  // A game replayed from the crosstable.
  await page.getByTestId('crosstable-game').first().click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await page.getByTestId('tournament-back').click();
  // The standings as text.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-standings').click(),
  ]);
  const text = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  expect(text).toContain('Club night');
  expect(text).toMatch(/Amel/);
  expect(text).toContain('Sonneborn');
  // Kept over a reload (the address names it), and listed.
  await expect(page).toHaveURL(/#tournament\/\S+$/);
  await page.reload();
  await expect(page.getByTestId('standing-points')).toHaveText(points);
  await page.getByTestId('tournament-all').click();
  const saved = page.getByTestId('tournament-saved');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Club night');
  await expect(saved).toContainText('finished');
  await saved.getByRole('button').click();
  await expect(page.getByTestId('standing-points')).toHaveText(points);
});

// The organizer's controls: results of games played elsewhere entered by
// hand, and a player withdrawn mid-round (the board forfeited, the player
// left out of the next round's pairing), in a Swiss of five people.
test('results entered by hand and a withdrawal, in a Swiss', async ({ page }) => {
  test.setTimeout(60_000);
  await openApp(page);
  await page.getByTestId('nav-tournaments').click();
  await fillTournament(page, { name: 'Club Swiss', format: 'swiss', rounds: '2' });
  await page.getByTestId('player-add').click();
  const names = ['Amel', 'Youssef', 'Nora', 'Karim', 'Salma'];
  for (let i = 0; i < 5; i++) {
    await page.getByTestId(`player-name-${i + 1}`).fill(names[i]);
    await page.getByTestId('player-kind').nth(i).selectOption('person');
  }
  await page.getByTestId('tournament-start').click();
  await expectText(page.getByTestId('tournament-round'), 'Round 1 of 2');
  const boards = page.getByTestId('tournament-board');
  // Two boards and a bye.
  await expect(boards).toHaveCount(3);
  await expect(page.getByTestId('board-result')).toHaveCount(2);
  // Board 1: its first player won, entered by hand.
  const first = boards.nth(0);
  const winner = (await first.locator('.board-players bdi').first().textContent()).trim();
  await first.getByText('Enter the result').click();
  await first.getByRole('button', { name: new RegExp(`${winner}\\W*won`) }).click();
  await expect(boards.nth(0).getByTestId('board-score')).toHaveText('1-0');
  // Board 2's second player withdraws: its game is lost by forfeit.
  const quitter = (await boards.nth(1).locator('.board-players bdi').nth(1).textContent()).trim();
  const row = page.getByTestId('standing').filter({ hasText: quitter });
  await row.getByText('Withdraw', { exact: true }).click();
  await row.getByRole('button', { name: new RegExp(`^Withdraw\\W*${quitter}`) }).click();
  // The round is complete: round 2 is paired without the withdrawn player.
  await expectText(page.getByTestId('tournament-round'), 'Round 2 of 2');
  await expect(page.getByTestId('withdrawn')).toHaveCount(1);
  await expect(page.getByTestId('standing').filter({ hasText: quitter }).getByTestId('withdrawn')).toBeVisible();
  await expect(boards).toHaveCount(2);
  await expect(page.getByTestId('tournament-boards')).not.toContainText(quitter);
  await expect(page.getByTestId('tournament-boards')).not.toContainText('a bye');
  // The forfeit is marked in the crosstable.
  const quitterRow = page.getByTestId('crosstable').locator('tbody tr').filter({ hasText: quitter });
  await expect(quitterRow).toContainText('-');
  // Round 2: two draws entered by hand end it.
  for (let b = 0; b < 2; b++) {
    const board = boards.nth(b);
    await board.getByText('Enter the result').click();
    await board.getByRole('button', { name: 'Draw' }).click();
    if (b === 0) await expect(boards.nth(0).getByTestId('board-score')).toHaveText('1/2');
  }
  await expect(page.getByTestId('tournament-round')).toHaveText('The tournament is over.');
  // 3 points in round 1 (a win, a forfeit, a bye), 2 in round 2.
  const points = await page.getByTestId('standing-points').allTextContents();
  const total = points.reduce((sum, p) => sum + (p.includes('½') ? Number(p.replace('½', '') || 0) + 0.5 : Number(p)), 0);
  expect(total).toBe(5);
  // Nobody can be withdrawn once it is over; the state survives a reload.
  await expect(page.getByTestId('withdraw')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('standing-points')).toHaveText(points);
  await expect(page.getByTestId('withdrawn')).toHaveCount(1);
});

test('a tournament is listed in the library and opened from it', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-tournaments').click();
  await page.getByTestId('tournament-name').fill('Library cup');
  await page.getByTestId('tournament-start').click();
  await expectText(page.getByTestId('tournament-round'), 'Round 1 of 3');
  await page.goto('/');
  await page.getByTestId('nav-library').click();
  const entry = page.getByRole('link', { name: 'Library cup' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/tournament\.html#tournament\/\S+$/);
  await expectText(page.getByTestId('tournament-round'), 'Round 1 of 3');
});
