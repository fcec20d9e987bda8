// The tournament page's screens, in English and Arabic, on a desktop and a
// phone: the form, a round under way, a board being played, and the final
// standings with the crosstable; then an online tournament: the
// organizer's hub, a player's page joining and during a round. Run by
// `make review` (into target/review); with `--docs`, docs/playing.md's into
// docs/screenshots.
import { startSignalling } from './bench-setup.mjs';
import { everywhere } from './shots.mjs';
import { organizeOnline } from './forms.mjs';

// The signalling server, for the online tournament.
startSignalling();

const wanted = {
  'en-desktop-standings': 'tournament-desktop',
  'ar-phone-standings': 'tournament-phone-ar',
  'en-phone-form': 'tournament-form-phone',
  'en-desktop-online-organizer': 'tournament-online-desktop',
  'ar-phone-online-player': 'tournament-online-phone-ar',
};
const names = { en: ['Amel', 'Youssef'], ar: ['أمل', 'يوسف'] };
await everywhere({
  port: 4183,
  tag: 't',
  wanted,
  scene: async ({ page, url, language, label, shot, more }) => {
    await page.goto(`${url}/tournament.html#tournament`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('player-name-1').fill(names[language][0]);
    await page.getByTestId('player-name-2').fill(names[language][1]);
    await shot('form');
    await page.getByTestId('tournament-start').click();
    await page.getByTestId('tournament-boards').waitFor();
    await shot('round');
    let first = true;
    while (await page.getByTestId('board-play').count()) {
      await page.getByTestId('board-play').first().click();
      const watch = await page.getByTestId('resign').isDisabled();
      if (first && !watch) {
        await page.locator('.square.placeable').first().click();
        await shot('board');
        first = false;
      }
      if (!watch) await page.getByTestId('resign').click();
      await page.getByTestId('result').waitFor({ timeout: 120_000 });
      await page.getByTestId('result-close').click();
      await page.getByTestId('tournament-back').click();
      await page.getByTestId('tournament').waitFor();
    }
    await shot('standings');

    // Online: the organizer's hub and four players, each page in a context
    // of its own.
    const organizer = await more();
    await organizer.goto(`${url}/tournament.html#tournament`);
    await organizer.getByRole('button', { name: label }).click();
    const name = language === 'ar' ? 'كأس النادي' : 'Club cup';
    const link = await organizeOnline(organizer, { name, format: 'swiss', rounds: '2' });
    const players = [];
    const online = { en: ['Amel', 'Youssef', 'Nora', 'Karim'], ar: ['أمل', 'يوسف', 'نورة', 'كريم'] }[language];
    for (const name of online) {
      const player = await more();
      await player.goto(link);
      await player.getByRole('button', { name: label }).click();
      await player.getByTestId('tournament-join-name').fill(name);
      if (players.length === 0) await shot('online-join', player);
      await player.getByTestId('tournament-join-button').click();
      await player.getByTestId('tournament-online-joined').waitFor({ timeout: 20_000 });
      players.push(player);
    }
    await shot('online-entries', organizer);
    await organizer.getByTestId('tournament-online-start').click();
    for (const p of players) await p.getByTestId('tournament-online-board').waitFor({ timeout: 20_000 });
    const board = organizer.getByTestId('board-result').first();
    await board.locator('summary').click();
    await board.getByRole('button').first().click();
    await players[0].getByTestId('board-score').waitFor({ timeout: 20_000 });
    await shot('online-organizer', organizer);
    // A player whose game is still to play: its board, Play your game.
    let playing = players[0];
    for (const p of players) {
      if (await p.getByTestId('tournament-online-play').isEnabled().catch(() => false)) playing = p;
    }
    await playing.getByTestId('tournament-online-play').waitFor({ timeout: 20_000 }).catch(() => {});
    await shot('online-player', playing);
    // Its game, in a room of its own, with the way back to the tournament.
    await playing.getByTestId('tournament-online-play').click();
    await playing.getByTestId('back-to-tournament').waitFor({ timeout: 20_000 });
    await shot('online-board', playing);
    for (const p of [organizer, ...players]) {
      await Promise.race([p.context().close(), new Promise((r) => setTimeout(r, 5_000))]);
    }
  },
});
// (The signalling server is a child process: leave with it stopped.)
process.exit(0);
