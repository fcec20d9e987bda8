// An online tournament from one link: the organizer creates a Swiss of two
// rounds and shares its link; four players join from their own browsers
// (one on a phone, one in Arabic) and a spectator watches; the organizer
// starts it, enters results (played elsewhere), is reloaded mid-round and
// goes on; a player leaves and is withdrawn; every page ends with the same
// standings. The pages talk in a star: each player's page is connected to
// the organizer's alone.
import { test, expect, watch } from './fixtures.js';
import { expectText } from './helpers.js';
import { hostile, lobbyOf, seatKey, tournamentSigned, TOURNAMENT_HELLO } from './hostile.js';
import { fillTournament, organizeOnline } from '../forms.mjs';

test.describe.configure({ timeout: 180_000 });

/** A fresh page in its own context, in `language`, on a phone if asked. */
async function newPage(browser, errors, { phone = false } = {}) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  watch(page, errors);
  return page;
}

async function open(page, url, language = 'English') {
  await page.goto(url);
  await page.getByRole('button', { name: language }).click();
}

/** Points of each player on the standings, by name. */
async function standings(page) {
  const rows = page.getByTestId('standing');
  const out = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const name = (await rows.nth(i).locator('bdi').first().textContent()).trim();
    out[name] = (await rows.nth(i).getByTestId('standing-points').textContent()).trim();
  }
  return out;
}

test('an online Swiss of four from one link, the organizer reloaded, a spectator', async ({ browser, errors }) => {
  const organizer = await newPage(browser, errors);
  await open(organizer, '/tournament.html#tournament');
  await fillTournament(organizer, { name: 'Online cup', game: 'seega5', format: 'swiss', rounds: '2', place: 'online' });
  await expect(organizer.getByTestId('player-name-1')).toBeHidden();
  await organizer.getByTestId('tournament-start').click();
  await expect(organizer.getByTestId('tournament-online')).toHaveAttribute('data-role', 'organizer');
  const link = await organizer.getByTestId('tournament-link').inputValue();
  expect(link).toMatch(/tournament\.html#tournament\/join\/[0-9a-z]{52}$/);
  // Too early: nobody has joined.
  await organizer.getByTestId('tournament-online-start').click();
  await expect(organizer.getByTestId('tournament-error')).toBeVisible();

  // Four players: one on a phone, one in Arabic.
  const names = ['Amel', 'Youssef', 'نورة', 'Karim'];
  const players = [];
  for (let i = 0; i < 4; i++) {
    const page = await newPage(browser, errors, { phone: i === 1 });
    await open(page, link, i === 2 ? 'العربية' : 'English');
    await expect(page.getByTestId('tournament-join')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('tournament-join-name').fill(names[i]);
    await page.getByTestId('tournament-join-button').click();
    await expect(page.getByTestId('tournament-online-joined')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('tournament-online')).toHaveAttribute('data-role', 'player');
    players.push(page);
  }
  await expect(organizer.getByTestId('tournament-entrant')).toHaveCount(4);
  // A name already taken is refused, said so.
  const late = await newPage(browser, errors);
  await open(late, link);
  await late.getByTestId('tournament-join-name').fill('amel');
  await late.getByTestId('tournament-join-button').click();
  await expect(late.getByTestId('tournament-online-refused')).toContainText('another player');
  await late.context().close();
  // A spectator.
  const spectator = await newPage(browser, errors);
  await open(spectator, link);
  await expect(spectator.getByTestId('tournament-entrant')).toHaveCount(4);

  await organizer.getByTestId('tournament-online-start').click();
  for (const page of [organizer, ...players, spectator]) {
    await expect(page.getByTestId('tournament-board')).toHaveCount(2, { timeout: 20_000 });
  }
  await expectText(spectator.getByTestId('tournament-round'), 'Round 1 of 2');
  await expect(spectator.getByTestId('tournament-online-watching')).toBeVisible();
  // Each player sees its own board; a star: each player's page has one
  // connection, to the organizer.
  for (const page of players) {
    await expect(page.getByTestId('tournament-online-board')).toBeVisible();
    await expect(page.getByTestId('tournament-connection')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('tournament-connection')).toHaveAttribute('data-peers', '1');
  }
  // The organizer: one connection per player, and the spectator's.
  await expect(organizer.getByTestId('tournament-connections')).toHaveAttribute('data-peers', '5');
  await expect(spectator.getByTestId('tournament-connection')).toHaveAttribute('data-peers', '1');
  // Board 1 is played online, in a room of its own: one click from each
  // player's tournament page. A spectator watches it. The first player
  // resigns; back on the tournament page, both players' pages report the
  // game, and the result reaches every page.
  const boards = organizer.getByTestId('tournament-board');
  const pair = (await boards.nth(0).locator('.board-players bdi').allTextContents()).map((n) => n.trim());
  const [first, second] = pair.map((n) => players[names.indexOf(n)]);
  for (const page of [first, second]) {
    await expect(page.getByTestId('tournament-online-play')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('tournament-online-play').click();
    await expect(page).toHaveURL(/online\.html#r[0-9a-z]{52}$/);
  }
  for (const page of [first, second]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  }
  await expect(first.locator('.player[data-side="second"]')).toContainText(pair[1]);
  const watchLink = spectator.getByTestId('tournament-online-watch').first();
  await expect(watchLink).toBeVisible();
  const watcher = await spectator.context().newPage();
  watch(watcher, errors);
  await watcher.goto(new URL(await watchLink.getAttribute('href'), spectator.url()).href);
  await expect(watcher.getByTestId('watching')).toBeVisible({ timeout: 20_000 });
  await first.getByTestId('resign').click();
  await expect(second.getByTestId('result')).toBeVisible({ timeout: 20_000 });
  await expect(watcher.getByTestId('result')).toBeVisible({ timeout: 20_000 });
  await watcher.close();
  // Back to the tournament: by the game's link, or the browser's back.
  await first.getByTestId('result-close').click();
  await first.getByTestId('back-to-tournament').click();
  await second.goBack({ timeout: 20_000 });
  for (const page of [first, second]) {
    await expect(page).toHaveURL(/tournament\.html#tournament\/join\//);
    await expect(page.getByTestId('tournament-online')).toHaveAttribute('data-role', 'player', { timeout: 20_000 });
  }
  for (const page of [organizer, ...players, spectator]) {
    await expect(page.getByTestId('board-score').first()).toHaveText('0-1', { timeout: 20_000 });
  }
  // The organizer's page is reloaded mid-round: the tournament goes on.
  await organizer.reload();
  await expect(organizer.getByTestId('tournament-board')).toHaveCount(2);
  await expect(organizer.getByTestId('board-score')).toHaveText('0-1');
  await boards.nth(1).getByText('Enter the result').click();
  await boards.nth(1).getByRole('button', { name: 'Draw' }).click();
  for (const page of [organizer, ...players, spectator]) {
    await expectText(page.getByTestId('tournament-round'), page === players[2] ? 'الجولة 2 من 2' : 'Round 2 of 2', { timeout: 30_000 });
  }
  // A player leaves in round 2: withdrawn, its game lost by forfeit.
  const quitter = players[3];
  await quitter.getByTestId('tournament-leave').locator('summary').click();
  await quitter.getByTestId('tournament-leave-confirm').click();
  await expect(quitter.getByTestId('tournament-online-left')).toBeVisible({ timeout: 20_000 });
  await expect(organizer.getByTestId('withdrawn')).toHaveCount(1);
  // The other board of round 2, entered; the tournament is over.
  const open2 = organizer.getByTestId('board-result');
  await expect(open2).toHaveCount(1);
  await open2.locator('summary').click();
  await open2.getByRole('button', { name: 'Draw' }).click();
  for (const page of [organizer, spectator, players[0], players[1]]) {
    await expect(page.getByTestId('tournament-round')).toHaveText('The tournament is over.', { timeout: 20_000 });
  }
  // The organizer's file of all games: the game the players reported.
  const [download] = await Promise.all([
    organizer.waitForEvent('download'),
    organizer.getByTestId('export-games').click(),
  ]);
  const games = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  expect(games).toContain(`[First "${pair[0]}"]`);
  expect(games).toContain(`[Second "${pair[1]}"]`);
  // The same standings on every page.
  const final = await standings(organizer);
  expect(Object.keys(final)).toHaveLength(4);
  for (const page of [...players, spectator]) {
    await expect.poll(() => standings(page), { timeout: 20_000 }).toEqual(final);
  }
  expect(errors).toEqual([]);
});

// A stranger with the link, in the lobby with its own client (matchbox's
// signalling and a raw RTCPeerConnection, not the app's code): a state of
// its own making, a withdrawal in someone else's name, bytes that are
// nothing and a flood of hellos change nothing; the tournament goes on.
test('a hostile peer in the tournament lobby changes nothing', async ({ browser, errors }) => {
  const organizer = await newPage(browser, errors);
  await open(organizer, '/tournament.html#tournament');
  const link = await organizeOnline(organizer, { name: 'Guarded cup' });
  const join = async (name) => {
    const page = await newPage(browser, errors);
    await open(page, link);
    await page.getByTestId('tournament-join-name').fill(name);
    await page.getByTestId('tournament-join-button').click();
    await expect(page.getByTestId('tournament-online-joined')).toBeVisible({ timeout: 20_000 });
    return page;
  };
  const amel = await join('Amel');
  await join('Youssef');
  const spectator = await newPage(browser, errors);
  await open(spectator, link);
  await expect(spectator.getByTestId('tournament-entrant')).toHaveCount(2);

  const evil = await hostile(browser, lobbyOf(link));
  await evil.connected(2); // the organizer and the spectator
  const organizerKey = link.split('/join/')[1];
  const mallory = seatKey();
  const state = await spectator.evaluate((key) => localStorage.getItem(`kharbga-tournament-follow-${key}`), organizerKey);
  expect(state).toContain('Amel');
  // A state of its own making (Mallory in, Amel out), signed by its key.
  await evil.broadcast(tournamentSigned(mallory, organizerKey, Date.now() * 2, 'state', state.replace('Amel', 'Mallory'), '-'));
  // The same state with the organizer's name on it and a signature that
  // proves nothing.
  const claimed = tournamentSigned(mallory, organizerKey, Date.now() * 2, 'state', state.replace('Amel', 'Mallory'), '-')
    .replace(`\t${mallory.public}\t`, `\t${organizerKey}\t`);
  await evil.broadcast(claimed);
  // Amel's withdrawal, signed by someone else.
  await evil.broadcast(tournamentSigned(mallory, organizerKey, Date.now(), 'leave'));
  // Bytes that are nothing, and a flood of hellos.
  await evil.broadcast('\u0000\uffff\tkharbga-tournament-net\t1\tstate');
  await evil.run((hello) => { for (let i = 0; i < 1000; i++) window.H.broadcast(hello); }, TOURNAMENT_HELLO);
  // The tournament goes on: a third player joins; nobody sees Mallory.
  await join('Karim');
  for (const page of [organizer, spectator, amel]) {
    await expect(page.getByTestId('tournament-entrant')).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByTestId('tournament-online')).not.toContainText('Mallory');
  }
  // The flood was answered within the organizer's allowance.
  const states = (await evil.received()).filter((m) => m.text.includes('\tstate\t')).length;
  expect(states).toBeLessThan(200);
  await evil.close();
  expect(errors).toEqual([]);
});
