// A storage filled to its quota, as a player who keeps the app for months
// meets it: a page opened then says "full" (never "private mode?") and
// lists the library, so that the advice to delete games can be followed;
// and every kind of write it refuses (settings, a game, a tournament, a
// puzzle's result, an online tournament's seat) is said, in the player's
// language, with the library a button away. (A storage that is not there
// at all: library.spec.js.)
import { test, expect, watch } from './fixtures.js';
import { openApp, startGame, playAll, board, plain } from './helpers.js';
import { fillTournament, organizeOnline } from '../forms.mjs';
import { lineOf, wrongStep } from './puzzles.js';

test.describe.configure({ timeout: 120_000 });

/** Fills the origin's storage to its last byte: nothing more fits. */
async function fillStorage(page) {
  await page.evaluate(() => {
    let chunk = 'x'.repeat(1 << 20);
    for (let i = 0; chunk.length > 0; ) {
      try {
        localStorage.setItem(`filler${i++}`, chunk);
      } catch {
        chunk = chunk.slice(0, Math.floor(chunk.length / 2));
      }
    }
  });
}

/** The notice of `kind` (its test id), with its text and its library
 * button, in the words of `language`. */
async function expectNotice(page, kind, text, open) {
  const notice = page.getByTestId(`save-notice-${kind}`);
  await expect(notice).toBeVisible();
  await expect.poll(async () => plain(await notice.textContent())).toContain(text);
  await expect(notice.getByRole('button', { name: open })).toBeVisible();
  return notice;
}

test('a page opened on a full storage says it is full and lists the library (en, ar)', async ({ page }) => {
  await openApp(page);
  await startGame(page, 'seega5', { first: 'Amel', second: 'Youssef' });
  await playAll(page, 'b1 d2');
  await fillStorage(page);
  await page.reload();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(board(page)).toBeVisible();
  // Full, not "private mode": the saved game is there, and room can be made.
  await expect(page.getByTestId('storage-unavailable')).toHaveCount(0);
  const notice = await expectNotice(page, 'full-at-open', 'Storage is full: your saved games are all here', 'Open the library');
  await expect(page.locator('[data-ply]')).toHaveCount(2);
  await notice.getByRole('button', { name: 'Open the library' }).click();
  await expect(page.getByTestId('library-game')).toHaveCount(1);
  await expect(page.getByTestId('library-game')).toContainText('Amel');
  // In Arabic (the choice takes no more room than English's: it is kept).
  await page.getByRole('button', { name: 'العربية' }).click();
  await expectNotice(page, 'full-at-open', 'مساحة التخزين ممتلئة: أدوارك المحفوظة كلها هنا', 'افتح المكتبة');
  // Room made: the page opens writable again.
  await page.evaluate(() => {
    for (let i = 0; i < 3; i++) localStorage.removeItem(`filler${i}`);
  });
  await page.reload();
  await expect(page.getByTestId('save-notice-full-at-open')).toHaveCount(0);
});

test('each kind of write a full storage refuses is said, with the library a button away (en, ar)', async ({ page }) => {
  await openApp(page);
  await fillStorage(page);

  // Settings.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-dark').check();
  await expectNotice(page, 'not-kept-settings', 'Storage is full: your settings were not saved', 'Open the library');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // A game (the library).
  await startGame(page, 'seega5');
  await playAll(page, 'b1 d2');
  await expectNotice(page, 'full', 'Storage is full: this game is not being saved', 'Open the library');

  // A tournament (its own page, opened on the full storage).
  await page.goto('/tournament.html#tournament');
  await expectNotice(page, 'full-at-open', 'Storage is full', 'Open the library');
  await fillTournament(page, { name: 'Club night', game: 'seega5' });
  await page.getByTestId('player-name-1').fill('Amel');
  await page.getByTestId('player-name-2').fill('Youssef');
  await page.getByTestId('tournament-start').click();
  await expect(page.getByTestId('tournament')).toBeVisible();
  await expectNotice(page, 'not-kept-tournaments', 'Storage is full: the tournament was not saved', 'Open the library');

  // A puzzle's result, in Arabic; after a reload the rating is where it was.
  await page.goto('/learn.html#learn/puzzles');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.getByTestId('puzzle-rating')).toHaveAttribute('data-rating', '700');
  await wrongStep(page, (await lineOf(page))[0]);
  await expect(page.getByTestId('puzzle-change')).toBeVisible({ timeout: 30_000 });
  const notice = await expectNotice(page, 'not-kept-learning', 'مساحة التخزين ممتلئة: لم تُحفظ نتيجتك وتصنيفك في الألغاز', 'افتح المكتبة');
  await notice.getByRole('button', { name: 'افتح المكتبة' }).click();
  await expect(page.getByTestId('library')).toBeVisible();
  await page.goto('/learn.html#learn/puzzles');
  await expect(page.getByTestId('puzzle-rating')).toHaveAttribute('data-rating', '700');
});

test('a seat in an online tournament that a full storage cannot keep is said (en, ar)', async ({ browser, errors }) => {
  const organizer = await browser.newPage();
  watch(organizer, errors);
  await organizer.goto('/tournament.html#tournament');
  await organizer.getByRole('button', { name: 'English' }).click();
  const link = await organizeOnline(organizer, { name: 'Online cup', game: 'seega5', format: 'swiss', rounds: '2' });
  for (const [language, text, open] of [
    ['English', 'your seat\'s key in the online tournament was not saved', 'Open the library'],
    ['العربية', 'لم يُحفظ مفتاح مقعدك في البطولة عبر الإنترنت', 'افتح المكتبة'],
  ]) {
    const context = await browser.newContext();
    const player = await context.newPage();
    watch(player, errors);
    await player.goto('/tournament.html');
    await fillStorage(player);
    await player.goto(link);
    await player.getByRole('button', { name: language }).click();
    await expect(player.getByTestId('tournament-join')).toBeVisible({ timeout: 30_000 });
    await player.getByTestId('tournament-join-name').fill(language === 'English' ? 'Amel' : 'نورة');
    await player.getByTestId('tournament-join-button').click();
    await expectNotice(player, 'not-kept-seats', text, open);
    await context.close();
  }
  await organizer.close();
});
