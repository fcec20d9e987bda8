// A timed online game between two browsers: both pages run both clocks, a
// ply carries its mover's time, and a player whose page is closed keeps
// losing time: the other page claims the win on time once the flag has
// been down for the lag allowance, and the player who comes back finds
// the game lost on time.
import { test, expect, watch } from './fixtures.js';
import { board } from './helpers.js';
import { createRoom, join, newPlayer } from './rooms.js';

test.describe.configure({ timeout: 120_000 });

/** Seconds shown on a `m:ss` clock. */
async function seconds(clock) {
  const [m, s] = (await clock.textContent()).split(':').map(Number);
  return m * 60 + s;
}

test('a timed online game: one page is closed and loses on time', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel', 'first', '0.5');
  // Nothing runs while the seat is free.
  await expect(host.getByTestId('clock-first')).toHaveText('0:30');
  await expect(host.getByTestId('clock-first')).toHaveAttribute('data-running', 'false');
  await join(guest, link, 'Youssef');
  for (const page of [host, guest]) {
    await expect(page.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
    await expect(page.getByTestId('clock-second')).toHaveText('0:30');
  }
  // No play by link on the clock.
  await expect(host.getByTestId('by-link-offer')).toHaveCount(0);
  // A spectator sees both clocks, Amel's running.
  const watcher = await newPlayer(browser, errors);
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible();
  await expect(watcher.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
  await expect(watcher.getByTestId('clock-second')).toHaveText('0:30');
  // Amel sets her two soldiers after a couple of seconds.
  await host.waitForTimeout(2_000);
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  await expect(guest.locator('[data-ply]')).toHaveCount(2);
  for (const page of [host, guest, watcher]) {
    await expect(page.getByTestId('clock-second')).toHaveAttribute('data-running', 'true');
    await expect(page.getByTestId('clock-first')).toHaveAttribute('data-running', 'false');
  }
  // Both pages agree on Amel's time (her page's claim, within what the
  // guest saw).
  const amel = await seconds(host.getByTestId('clock-first'));
  expect(amel).toBeLessThanOrEqual(28);
  expect(await seconds(guest.getByTestId('clock-first'))).toBe(amel);
  expect(await seconds(watcher.getByTestId('clock-first'))).toBe(amel);
  // Youssef's page is closed on his turn.
  const guestContext = guest.context();
  await guest.close();
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'away', { timeout: 15_000 });
  // His clock runs on at Amel's page; his flag falls and she wins on time.
  await expect(host.getByTestId('clock-second')).toHaveText(/^\d\.\d$/, { timeout: 30_000 });
  const result = host.getByTestId('result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result).toHaveAttribute('data-reason', 'time');
  await expect(result).toHaveAttribute('data-winner', 'first');
  await expect(host.getByTestId('clock-second')).toHaveText('0.0');
  await expect(host.getByTestId('clock-first')).toHaveText(`0:${amel}`);
  // The spectator takes Amel's claim: its own count agrees.
  await expect(watcher.getByTestId('result')).toHaveAttribute('data-reason', 'time');
  await watcher.context().close();
  // Youssef comes back: his page counted the time it was closed.
  const back = await guestContext.newPage();
  watch(back, errors);
  await back.goto(link);
  const lost = back.getByTestId('result');
  await expect(lost).toBeVisible();
  await expect(lost).toHaveAttribute('data-reason', 'time');
  await expect(lost).toHaveAttribute('data-winner', 'first');
  await expect(board(back)).toHaveAttribute('data-input', 'false');
  // Both records end on time and keep the control.
  const record = (page) => page.evaluate(() => Object.keys(localStorage)
    .map((k) => localStorage.getItem(k)).find((v) => v.startsWith('kharbga-game')));
  for (const page of [host, back]) {
    const saved = await record(page);
    expect(saved).toContain('[TimeControl "30+0"]');
    expect(saved).toContain('[Reason "time"]');
  }
  await host.context().close();
  await guestContext.close();
});
