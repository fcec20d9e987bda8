// The study page's screens, in English and Arabic, on a desktop and a
// phone: the board editor (an illegal position and its reason), the
// analysis board on a game, and a finished review with its graph. Run by
// `make review` (into target/review) and `make screenshots` (docs/playing.md's
// five into docs/screenshots, with `--docs`).
import { everywhere } from './shots.mjs';

// The review test's game: a blunder at the first ply.
const REVIEWED = '/study.html#edit/seega5/1Ss2/Ss1S1/2S2/s4/5_w_0,0_-_-_0_20_-';
const KHARBAGA = ['c2-c3', 'e4xc2', 'b1xd3'];
const wanted = {
  'en-desktop-editor': 'editor-desktop',
  'ar-phone-editor': 'editor-phone-ar',
  'en-desktop-analysis': 'analysis-desktop',
  'en-desktop-review': 'review-desktop',
  'ar-phone-review': 'review-phone-ar',
};
await everywhere({
  port: 4178,
  tag: 's',
  wanted,
  scene: async ({ page, url, label, shot }) => {
    const sq = (name) => page.locator(`[data-square="${name}"]`);
    await page.goto(`${url}/study.html#edit/kharbga`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: label }).click();
    await page.getByTestId('edit-phase-moving').check();
    for (const name of ['a1', 'b2', 'c2']) await sq(name).click();
    await page.getByTestId('brush-second').check();
    await sq('f6').click();
    await sq('d4').click();
    await page.getByTestId('brush-first').check();
    await shot('editor');
    // Kharbaga analysed after three plies.
    await page.goto(`${url}/`);
    await page.getByTestId('nav-new-game').click();
    await page.getByTestId('variant-kharbaga').check();
    await page.getByTestId('mode-hotseat').check();
    await page.getByTestId('start').click();
    for (const ply of KHARBAGA) for (const name of ply.split(/[-x]/)) await sq(name).click();
    await page.getByTestId('analyse').click();
    await page.getByTestId('analysis-depth').filter({ hasText: /\d/ }).waitFor();
    await page.waitForTimeout(2500);
    await shot('analysis');
    // A review.
    await page.goto(`${url}${REVIEWED}`);
    await page.getByTestId('edit-play').click();
    await page.getByTestId('mode-hotseat').check();
    await page.getByTestId('start').click();
    for (const ply of ['a4-a3', 'b4-a4']) for (const name of ply.split('-')) await sq(name).click();
    await page.getByTestId('analyse').click();
    await page.getByTestId('review-start').click();
    await page.locator('[data-testid="review"][data-complete="true"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('review-judged').first().click();
    await shot('review');
  },
});
