// A Swiss of one round for four players, online, each board played on the
// online page as a player would. On a tournament's board the result
// dialog leads back to the tournament first and no rematch is offered;
// the game's page reports the result itself (nobody needs to go back to
// the tournament page for it to count); a player's report that waits for
// the other's is shown on every page, and the winner's tournament page no
// longer says "Play your game"; a report of another game (the board's
// players on swapped sides) is refused; once the tournament is over, no
// page speaks of a next round (English and Arabic).
import { test, expect, watch } from './fixtures.js';
import { expectContains, expectText } from './helpers.js';
import { hostile, lobbyOf, seatKeyFromSeed, tournamentSigned } from './hostile.js';
import { organizeOnline } from '../forms.mjs';

test.describe.configure({ timeout: 300_000 });

/** A fresh page in its own context. */
async function newPage(browser, errors) {
  const page = await (await browser.newContext()).newPage();
  watch(page, errors);
  return page;
}

async function open(page, url, language = 'English') {
  await page.goto(url);
  await page.getByRole('button', { name: language }).click();
}

/** The names of a board's players, first side first (organizer's list). */
async function pairOf(organizer, b) {
  const names = await organizer.getByTestId('tournament-board').nth(b).locator('.board-players bdi').allTextContents();
  return names.map((n) => n.trim());
}

/** Goes from a player's tournament page to its board's game. */
async function play(page) {
  await expect(page.getByTestId('tournament-online-play')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('tournament-online-play').click();
  await expect(page).toHaveURL(/online\.html#r[0-9a-z]{52}$/);
}

/** The record of the saved game between `first` and `second` in this
 * page's library. */
async function savedRecord(page, first, second) {
  return page.evaluate(([a, b]) => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key.startsWith('kharbga.game.')) continue;
      const text = localStorage.getItem(key);
      const record = text.split('\n\n').slice(1).join('\n\n');
      if (record.includes(`[First "${a}"]`) && record.includes(`[Second "${b}"]`)) return record;
    }
    return null;
  }, [first, second]);
}

const NEXT_ROUND = /next round is paired/;
const NEXT_ROUND_AR = /الجولة التالية/;
const ARABIC = 'نورة';
/** What a player's page says, in the language its player chose. */
const say = (name, english, arabic) => (name === ARABIC ? arabic : english);

test('tournament boards online: back to the tournament, no rematch, results reported by the game, a report waiting shown, the end', async ({ browser, errors }) => {
  const organizer = await newPage(browser, errors);
  await open(organizer, '/tournament.html#tournament');
  const link = await organizeOnline(organizer, { name: 'Board cup', game: 'seega5', format: 'swiss', rounds: '1' });
  const organizerKey = link.split('/join/')[1];
  const hub = organizer.url();

  // Four players, the last in Arabic; a spectator.
  const names = ['Amel', 'Youssef', 'Karim', 'نورة'];
  const players = {};
  for (const [i, name] of names.entries()) {
    const page = await newPage(browser, errors);
    await open(page, link, name === ARABIC ? 'العربية' : 'English');
    await page.getByTestId('tournament-join-name').fill(name);
    await page.getByTestId('tournament-join-button').click();
    await expect(page.getByTestId('tournament-online-joined')).toBeVisible({ timeout: 30_000 });
    players[name] = page;
  }
  const spectator = await newPage(browser, errors);
  await open(spectator, link);
  await expect(spectator.getByTestId('tournament-entrant')).toHaveCount(4, { timeout: 30_000 });
  await expect(organizer.getByTestId('tournament-entrant')).toHaveCount(4);
  await organizer.getByTestId('tournament-online-start').click();
  for (const page of [organizer, spectator]) {
    await expect(page.getByTestId('tournament-board')).toHaveCount(2, { timeout: 30_000 });
  }
  const [a, b] = await pairOf(organizer, 0);
  const [c, d] = await pairOf(organizer, 1);

  // Board 1: both players go to their game; the second resigns.
  const winner = players[a];
  const loser = players[b];
  await play(winner);
  await play(loser);
  for (const page of [winner, loser]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  }
  await loser.getByTestId('resign').click();
  for (const [page, name] of [[winner, a], [loser, b]]) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    // The way back comes first; no rematch is offered.
    await expect(dialog.getByRole('button').first()).toHaveAccessibleName(say(name, 'Back to the tournament', 'العودة إلى البطولة'));
    await expect(dialog.getByRole('button', { name: /Rematch|ثأرية/ })).toHaveCount(0);
  }
  // The result reaches the tournament from the game's pages: neither
  // player has gone back to the tournament page.
  for (const page of [organizer, spectator]) {
    await expect(page.getByTestId('tournament-board').nth(0).getByTestId('board-score')).toHaveText('1-0', { timeout: 30_000 });
  }
  await expect(winner.getByTestId('tournament-report')).toHaveAttribute('data-state', 'settled', { timeout: 30_000 });
  await expect(winner).toHaveURL(/online\.html/);
  // Back by the dialog's first button.
  await winner.getByRole('dialog').getByRole('button').first().click();
  await expect(winner).toHaveURL(/tournament\.html#tournament\/join\//);
  await expect(winner.getByTestId('tournament-online')).toHaveAttribute('data-role', 'player', { timeout: 30_000 });

  // Board 2. Its first player keeps the tournament page open in a second
  // tab and plays in the first.
  const first = players[c];
  const second = players[d];
  const firstTab = await first.context().newPage();
  watch(firstTab, errors);
  await firstTab.goto(link);
  await expect(firstTab.getByTestId('tournament-online-play')).toBeVisible({ timeout: 30_000 });
  await play(first);
  await play(second);
  for (const page of [first, second]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  }

  // A client of its own with the first player's key reports board 1's
  // game as board 2's, its players on swapped sides: refused, said why.
  const evil = await hostile(browser, lobbyOf(link));
  await evil.connected(1);
  const seed = await firstTab.evaluate((key) => localStorage.getItem(`kharbga-tournament-seat-${key}`), organizerKey);
  const followed = await spectator.evaluate((key) => localStorage.getItem(`kharbga-tournament-follow-${key}`), organizerKey);
  const room = followed.match(/^room 0 1 (\S+) /m)?.[1];
  expect(room).toBeTruthy();
  const played = await savedRecord(winner, a, b);
  expect(played).toContain('1-0');
  const swapped = played.replace(`[First "${a}"]`, `[First "${d}"]`).replace(`[Second "${b}"]`, `[Second "${c}"]`);
  const asFirst = seatKeyFromSeed(seed);
  await evil.broadcast(tournamentSigned(asFirst, organizerKey, Date.now(), 'report', '0', '1', room, '1-0', swapped));
  await expect.poll(async () => (await evil.received()).some((m) => m.text.includes('\trefused\t') && m.text.includes('\tplayers\t')), { timeout: 30_000 }).toBe(true);
  await expect(organizer.getByTestId('tournament-board').nth(1).getByTestId('board-report')).toHaveCount(0);
  await evil.close();

  // The organizer's page closes; the second player resigns and closes its
  // page: nobody can report yet. The organizer's page opens again: the
  // winner's report comes (from its pages) and waits for the loser's.
  const organizerContext = organizer.context();
  await organizer.close();
  await second.getByTestId('resign').click();
  for (const page of [first, second]) {
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tournament-report')).toHaveAttribute('data-state', 'sending', { timeout: 30_000 });
  }
  const secondContext = second.context();
  await second.close();
  const reopened = await organizerContext.newPage();
  watch(reopened, errors);
  await reopened.goto(hub);
  await expect(reopened.getByTestId('tournament-board')).toHaveCount(2, { timeout: 30_000 });
  for (const page of [reopened, spectator]) {
    const report = page.getByTestId('tournament-board').nth(1).getByTestId('board-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expectText(report, `${c} reported 1-0; waiting for ${d}.`);
  }
  const report = winner.getByTestId('tournament-board').nth(1).getByTestId('board-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  for (const part of [c, d, '1-0']) await expectContains(report, part);
  // The winner's tournament page says its report waits; no "Play".
  await expect(firstTab.getByTestId('tournament-online-board')).toHaveAttribute('data-reported', '1-0', { timeout: 30_000 });
  await expect(firstTab.getByTestId('tournament-online-play')).toHaveCount(0);
  await expect(first.getByTestId('tournament-report')).toHaveAttribute('data-state', 'waiting', { timeout: 30_000 });

  // The loser comes back to the tournament page (in Arabic): its page
  // reports its own loss; the tournament is over.
  const back = await secondContext.newPage();
  watch(back, errors);
  await back.goto(link);
  const over = 'The tournament is over.';
  const overAr = 'انتهت البطولة.';
  for (const [page, name] of [[reopened, ''], [spectator, ''], [winner, a], [firstTab, c], [back, d]]) {
    await expect(page.getByTestId('tournament-round')).toHaveText(say(name, over, overAr), { timeout: 30_000 });
  }
  await expect(first.getByTestId('tournament-report')).toHaveAttribute('data-state', 'settled', { timeout: 30_000 });
  // No page speaks of a next round, and no player's page of its board.
  for (const page of [reopened, spectator, winner, firstTab, back]) {
    await expect(page.getByText(NEXT_ROUND)).toHaveCount(0);
    await expect(page.getByText(NEXT_ROUND_AR)).toHaveCount(0);
    await expect(page.getByTestId('board-report')).toHaveCount(0);
  }
  for (const page of [winner, firstTab, back]) {
    await expect(page.getByTestId('tournament-online')).toHaveAttribute('data-role', 'player');
    await expect(page.getByTestId('tournament-online-board')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
