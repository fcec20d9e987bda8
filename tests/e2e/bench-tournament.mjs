// An online tournament room over loopback (`make bench-online`): the
// release build in headless Chromium, a real matchbox_server on
// 127.0.0.1:3536, the organizer's page, N players' pages (each in its own
// browser context) and a spectator's. Prints the connections each page
// holds (the star: a player's page one, the organizer's one per page), the
// time from opening the link to being in, and the time for a result the
// organizer enters to reach every page (median and worst over the boards
// of the first round). Figures, not pass/fail.
//
// Usage: node bench-tournament.mjs [players]
import { LOOPBACK, launchBrowser, quantile, startServers } from './bench-setup.mjs';
import { organizeOnline } from './forms.mjs';

const count = Number(process.argv[2] ?? 16);
const port = 4178;
const stop = await startServers(port);
const browser = await launchBrowser([LOOPBACK]);
const base = `http://127.0.0.1:${port}`;

async function newPage(url) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem('kharbga.language', 'en'));
  await page.reload();
  return page;
}

// Each page records when its n-th result appeared.
const instrument = () => {
  window.scores = {};
  let known = document.querySelectorAll('[data-testid="board-score"]').length;
  new MutationObserver(() => {
    const n = document.querySelectorAll('[data-testid="board-score"]').length;
    for (let i = known; i < n; i++) window.scores[i] = Date.now();
    known = Math.max(known, n);
  }).observe(document.body, { childList: true, subtree: true });
};

try {
  const organizer = await newPage(`${base}/tournament.html#tournament`);
  const link = await organizeOnline(organizer, { name: 'Bench cup', game: 'seega5', format: 'swiss', rounds: '3' });
  const joins = [];
  const players = [];
  for (let i = 0; i < count; i++) {
    const opened = Date.now();
    const page = await newPage(link);
    await page.getByTestId('tournament-join-name').fill(`Player ${i + 1}`);
    await page.getByTestId('tournament-join-button').click();
    await page.getByTestId('tournament-online-joined').waitFor({ timeout: 60_000 });
    joins.push(Date.now() - opened);
    players.push(page);
  }
  const spectator = await newPage(link);
  await spectator.locator('[data-testid="tournament-entrant"]').nth(count - 1).waitFor();
  await organizer.getByTestId('tournament-online-start').click();
  const everyone = [organizer, ...players, spectator];
  for (const page of everyone) {
    await page.locator('[data-testid="tournament-board"]').nth(count / 2 - 1).waitFor({ timeout: 60_000 });
  }
  const peers = async (page, id) => Number(await page.getByTestId(id).getAttribute('data-peers'));
  const playerPeers = await Promise.all(players.map((p) => peers(p, 'tournament-connection')));
  const organizerPeers = await peers(organizer, 'tournament-connections');
  const spectatorPeers = await peers(spectator, 'tournament-connection');
  for (const page of everyone) await page.evaluate(instrument);
  // The organizer enters each board's result of round 1 but the last (the
  // last would pair round 2 and redraw every board).
  const spreads = [];
  for (let b = 0; b < count / 2 - 1; b++) {
    const board = organizer.getByTestId('board-result').first();
    await board.locator('summary').click();
    const clicked = Date.now();
    await board.getByRole('button', { name: 'Draw' }).click();
    for (const page of everyone) await page.waitForFunction((n) => window.scores[n] !== undefined, b, { timeout: 30_000 });
    const shown = await Promise.all(everyone.map((p) => p.evaluate((n) => window.scores[n], b)));
    spreads.push(Math.max(...shown) - clicked);
  }
  const mesh = ((count + 2) * (count + 1)) / 2;
  console.log(`tournament: ${count} players and a spectator: a player's page holds ${Math.max(...playerPeers)} connection(s) (all: ${[...new Set(playerPeers)].join(', ')}), the organizer's ${organizerPeers}, the spectator's ${spectatorPeers}; a full mesh would hold ${count + 1} per page, ${mesh} in all`);
  console.log(`tournament: link opened to entered: median ${quantile(joins, 0.5)} ms, worst ${Math.max(...joins)} ms over ${count} players`);
  console.log(`tournament: a result entered to shown on all ${everyone.length} pages: median ${quantile(spreads, 0.5)} ms, worst ${Math.max(...spreads)} ms over ${spreads.length} results`);
} finally {
  await browser.close();
  stop();
}
