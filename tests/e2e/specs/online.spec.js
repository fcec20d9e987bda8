// Online play between browser contexts over a real matchbox_server on
// 127.0.0.1:3536 (started and stopped by the test run, see
// playwright.config.js) and WebRTC on loopback: a room, its link, a whole
// game by clicks with a spectator, a reload mid-game, the offers, Seega
// 5×5, Arabic.
import { test, expect, watch } from './fixtures.js';
import { board, built, expectContains } from './helpers.js';
import { createRoom, join, newPlayer, pieces, playUntil, quickGame, seatedPair } from './rooms.js';
import {
  roomOf, T, HELLO, NOBODY, FORGED, seatKey, signed, joinMessage,
} from './hostile.js';

test.describe.configure({ timeout: 180_000 });

test('a whole Kharbga game by clicks, watched live, with a reload mid-game', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const watcher = await newPlayer(browser, errors);
  // No page says anything in the console either, not even a warning (but
  // for the test run's own: service workers are blocked in this spec).
  const warnings = [];
  for (const page of [host, guest, watcher]) {
    page.on('console', (m) => m.type() === 'warning' && !/blocked by Playwright/.test(m.text())
      && warnings.push(m.text()));
  }
  const link = await createRoom(host, 'kharbga', 'Amel', 'first');
  const opened = Date.now();
  await join(guest, link, 'Youssef');
  console.log(`link opened to connected: ${Date.now() - opened} ms (with the join form)`);
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('invitation')).toHaveCount(0);
  // The spectator: no free seat, so it watches at once.
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible();
  await expect(host.getByTestId('watchers')).toHaveText(/One spectator/);
  await expect(board(watcher)).toHaveAttribute('data-input', 'false');
  await expect(host.locator('.player[data-side="first"]')).toContainText('Amel');
  await expect(watcher.locator('.player[data-side="second"]')).toContainText('Youssef');

  const players = [host, guest];
  const sides = ['first', 'second'];
  // Into the moving phase, then the guest reloads (mid-chain if one is on).
  await playUntil(players, sides, async () => (await board(host).getAttribute('data-phase')) === 'moving'
    && (await host.locator('[data-ply]').count()) > 30);
  const before = await host.locator('[data-ply]').count();
  await guest.reload();
  await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(guest.locator('[data-ply]')).toHaveCount(before);
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');

  await playUntil(players, sides);
  for (const page of [host, guest, watcher]) await expect(page.getByTestId('result')).toBeVisible();
  const end = await pieces(host);
  expect(await pieces(guest)).toBe(end);
  expect(await pieces(watcher)).toBe(end);
  const plies = await host.locator('[data-ply]').count();
  await expect(watcher.locator('[data-ply]')).toHaveCount(plies);
  // The spectator steps through the move list, and back to the game.
  await watcher.getByTestId('result-close').click();
  await watcher.locator('[data-ply="3"]').click();
  await expect(watcher.getByTestId('back-to-game')).toBeVisible();
  const early = await watcher.locator('[data-piece]').count();
  expect(early).toBeGreaterThan(0);
  expect(early).toBeLessThanOrEqual(4);
  await watcher.getByTestId('back-to-game').click();
  expect(await pieces(watcher)).toBe(end);
  // The game is in both players' libraries, marked online.
  await host.getByTestId('result-close').click();
  await host.getByTestId('nav-library').click();
  await expect(host.getByTestId('game-name').first()).toContainText('Youssef');
  await expect(host.getByTestId('game-online').first()).toBeVisible();
  expect(warnings).toEqual([]);
  for (const page of [host, guest, watcher]) await page.context().close();
});

test('takeback, a draw offer declined, a rematch with sides swapped; Seega 5×5', async ({ browser, errors }) => {
  const { host, guest } = await seatedPair(browser, errors);
  await expect(board(host)).toHaveAttribute('data-input', 'true');
  // Each player's own bar is below its board (the guest's board is turned).
  await expect(host.locator('.play-area > .player').last()).toHaveAttribute('data-side', 'first');
  await expect(guest.locator('.play-area > .player').last()).toHaveAttribute('data-side', 'second');
  await expect(guest.locator('.play-area > .player').first()).toContainText('Amel');
  // Two placements (a Seega turn), then the host asks to take them back.
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  await expect(guest.locator('[data-ply]')).toHaveCount(2);
  await host.getByTestId('offer-takeback').click();
  await expect(host.getByTestId('offer-waiting')).toBeVisible();
  await expect(guest.getByTestId('offer')).toContainText('take back');
  await guest.getByTestId('offer-accept').click();
  await expect(host.locator('[data-ply]')).toHaveCount(0);
  await expect(guest.locator('[data-ply]')).toHaveCount(0);
  await expect(host.getByTestId('offer-answer')).toContainText('accepted');
  // A draw offer, declined.
  await host.getByTestId('offer-draw').click();
  await guest.getByTestId('offer-decline').click();
  await expect(host.getByTestId('offer-answer')).toContainText('declined');
  await expect(host.getByTestId('result')).toHaveCount(0);
  // The guest resigns; the host offers a rematch from the result; sides swap.
  await guest.getByTestId('resign').click();
  await expect(host.getByTestId('result')).toBeVisible();
  await host.getByTestId('rematch').click();
  // The guest answers in its own result dialog: "rematch" there accepts.
  await expect(guest.getByTestId('result-rematch-offered')).toBeVisible();
  await guest.getByTestId('rematch').click();
  await expect(host.locator('.player[data-side="first"]')).toContainText('Youssef');
  await expect(guest.locator('.player[data-side="second"]')).toContainText('Amel');
  await expect(board(guest)).toHaveAttribute('data-input', 'true');
  await expect(board(host)).toHaveAttribute('data-input', 'false');
  // The new game is played to its end (Seega 5×5).
  await playUntil([guest, host], ['first', 'second']);
  await expect(host.getByTestId('result')).toBeVisible();
  expect(await pieces(guest)).toBe(await pieces(host));
  for (const page of [host, guest]) await page.context().close();
});

test('the online screens in Arabic', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  await host.goto('/');
  await host.getByRole('button', { name: 'العربية' }).click();
  await expect(host.locator('html')).toHaveAttribute('dir', 'rtl');
  await host.getByTestId('nav-online').click();
  await expect(host.getByTestId('start')).toHaveText('أنشئ الغرفة');
  await host.getByTestId('online-name').fill('أمل');
  await host.getByTestId('start').click();
  await expect(host.getByTestId('connection')).toContainText('في انتظار خصمك');
  const link = await host.getByTestId('invitation-link').inputValue();
  await guest.goto('/');
  await guest.getByRole('button', { name: 'العربية' }).click();
  await guest.goto(link);
  await expect(guest.getByTestId('join-invitation')).toContainText('أمل');
  await guest.getByTestId('join').click();
  await expect(guest.getByTestId('connection')).toContainText('متصل');
  await expect(host.getByTestId('connection')).toContainText('متصل');
  await guest.getByTestId('chat-input').fill('<b>سلام</b>');
  await guest.getByTestId('chat-send').click();
  await expect(host.getByTestId('chat-lines')).toContainText('<b>سلام</b>');
  await expect(host.getByTestId('chat-lines').locator('b')).toHaveCount(0);
  // The chat can be hidden.
  await host.getByTestId('chat-mute').check();
  await expect(host.getByTestId('chat-lines')).toBeHidden();
  await host.getByTestId('chat-mute').uncheck();
  await expect(host.getByTestId('chat-lines')).toBeVisible();
  await expect(host.getByTestId('chat-lines')).toContainText('سلام');
  for (const page of [host, guest]) await page.context().close();
});

/**
 * A scripted peer on `page`: the app's own network module (matchbox)
 * without the app, in the room of `link`. Returns helpers to send raw
 * texts and to wait for messages.
 */
async function hostilePeer(page, link) {
  const code = roomOf(link);
  // A same-origin document that does not start the app.
  await page.goto('/locales/en/main.ftl');
  await page.addScriptTag({ url: `/${built('kharbga-net')}` });
  await page.evaluate(async ({ room, wasm }) => {
    await wasm_bindgen({ module_or_path: `/${wasm}` });
    window.received = [];
    window.peers = [];
    window.me = null;
    window.link = new wasm_bindgen.Link(`ws://127.0.0.1:3536/kharbga-${room}`, [], null, null, (kind, peer, text) => {
      if (kind === 'id') window.me = peer;
      if (kind === 'peer') window.peers.push(peer);
      if (kind === 'message') window.received.push(text);
    });
  }, { room: code, wasm: built('kharbga-net', '_bg.wasm') });
  await page.waitForFunction(() => window.peers.length > 0);
  return {
    send: (text) => page.evaluate((t) => window.link.broadcast(t), text),
    /** Our peer id, and the first peer's (the host's). */
    ids: () => page.evaluate(() => [window.me, window.peers[0]]),
    waitFor: (prefix) => page.waitForFunction((p) => window.received.some((m) => m.startsWith(p)), prefix),
  };
}

test('a hostile peer cannot move for anyone, break the page or its saved game', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const evil = await (await browser.newContext()).newPage();
  const link = await createRoom(host, 'kharbga', 'Amel', 'first');
  const peer = await hostilePeer(evil, link);
  // It says hello, is welcomed, and takes the free seat as the Defender
  // with a key of its own: what it sends, it signs (a client of its own).
  const seat = seatKey();
  const room = roomOf(link);
  let n = 0;
  const S = (...fields) => signed(seat, room, 'guest', ++n, ...fields);
  await peer.send(HELLO);
  await peer.waitFor(T('signed', 'host'));
  const [me, hostId] = await peer.ids();
  await peer.send(joinMessage(seat, room, 'Mallory', me, hostId));
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.locator('.player[data-side="second"]')).toContainText('Mallory');
  // Out of turn (the Attacker sets first), then the host sets two soldiers.
  await peer.send(S('ply', '0', 'a1', '0000000000000000'));
  await expect(host.getByTestId('online-warning').last()).toContainText('wrong side');
  // The same unsigned is not even read as the guest's.
  await peer.send(T('ply', '0', 'a1', '0000000000000000'));
  await expect(host.getByTestId('online-warning').last()).toContainText('does not play');
  await host.locator('[data-square="a7"]').click();
  await host.locator('[data-square="b7"]').click();
  await expect(host.locator('[data-ply]')).toHaveCount(2);
  // Garbage, an oversized message, an illegal ply (the Malha), a ply out of
  // order, a ply whose position hash is wrong, a record that rewrites the
  // host's plies, a flood.
  await peer.send('<script>alert(1)</script>');
  await expect(host.getByTestId('online-warning').last()).toContainText('could not be read');
  await peer.send(T('chat', 'x'.repeat(70_000)));
  await expect(host.getByTestId('online-warning').last()).toContainText('too long');
  await peer.send(S('ply', '2', 'd4', '0000000000000000'));
  await expect(host.getByTestId('online-warning').last()).toContainText('not legal');
  await peer.send(S('ply', '9', 'a1', '0000000000000000'));
  await peer.send(S('ply', '2', 'a1', '0123456789abcdef'));
  await expect(host.getByTestId('online-warning').last()).toContainText('boards differ');
  await peer.send(S('sync', '[Variant "kharbga"]\n\n1. c1 c2 *'));
  await expect(host.getByTestId('online-warning').last()).toContainText('differs');
  await evil.evaluate((text) => { for (let i = 0; i < 300; i++) window.link.broadcast(text); },
    T('ping', '1'));
  await expect(host.getByTestId('online-warning').last()).toContainText('too many');
  // The flood is over before the next stranger comes: under load its last
  // messages were still being refused, each with a warning, seconds after
  // it, and the page shows the last three warnings only (a full run once
  // pushed the stranger's warning out). Each warning carries its number:
  // no new one for a second and a half.
  const lastWarning = () => host.getByTestId('online-warning').last().getAttribute('data-n');
  let seen = await lastWarning();
  for (let quiet = 0; quiet < 3;) {
    await host.waitForTimeout(500);
    const now = await lastWarning();
    quiet = now === seen ? quiet + 1 : 0;
    seen = now;
  }
  // A second stranger claims the host's opponent's seat with a forged proof.
  const forger = await (await browser.newContext()).newPage();
  const second = await hostilePeer(forger, link);
  // Its first peer may be the first stranger (still in the room), whom a
  // broadcast alone would reach: it speaks once the host has greeted it.
  await second.waitFor(T('hello'));
  await second.send(T('hello', '0.1.0', 'Mallory', 'guest', 'second', '0', FORGED, NOBODY, FORGED));
  await second.waitFor(T('refused', 'bad-secret'));
  await expect(host.getByTestId('online-warning').filter({ hasText: 'not theirs' })).toHaveCount(1);
  // The honest page: the same two plies, its saved game intact.
  await expect(host.locator('[data-ply]')).toHaveCount(2);
  await expect(host.locator('[data-square="a7"]')).toHaveAttribute('data-piece', 'attacker');
  await expect(host.locator('[data-square="a1"]')).not.toHaveAttribute('data-piece', /./);
  const saved = await host.evaluate(() => Object.keys(localStorage)
    .map((k) => localStorage.getItem(k)).find((v) => v.startsWith('kharbga-game')));
  expect(saved).toContain('plies 2');
  expect(saved).toContain('online ');
  for (const page of [host, evil, forger]) await page.context().close();
});

test('quick pairing: the next two players who ask meet in a private room', async ({ browser, errors }) => {
  const a = await newPlayer(browser, errors);
  const b = await newPlayer(browser, errors);
  for (const [page, name] of [[a, 'Amel'], [b, 'Youssef']]) await quickGame(page, 'seega5', name);
  for (const page of [a, b]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  }
  // Both in the same room, on opposite sides, and one of them can move.
  const names = async (page) => [await page.locator('.player[data-side="first"] .player-name').textContent(),
    await page.locator('.player[data-side="second"] .player-name').textContent()];
  expect(await names(a)).toEqual(await names(b));
  expect((await names(a)).sort()).toEqual(['Amel', 'Youssef']);
  const inputs = [await board(a).getAttribute('data-input'), await board(b).getAttribute('data-input')];
  expect(inputs.sort()).toEqual(['false', 'true']);
  for (const page of [a, b]) await page.context().close();
});

test('the connection settings are checked and remembered', async ({ page }) => {
  await page.goto('/online.html#online');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByTestId('online-settings').locator('summary').click();
  await expect(page.getByTestId('settings-server')).toHaveValue('ws://127.0.0.1:3536');
  await page.getByTestId('settings-server').fill('http://example.org');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-outcome')).toContainText('Not saved');
  await page.getByTestId('settings-server').fill('ws://127.0.0.1:3536');
  await page.getByTestId('settings-ice').fill('stun:stun.example.org:3478');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-outcome')).toContainText('Saved');
  await page.reload();
  await page.getByTestId('online-settings').locator('summary').click();
  await expect(page.getByTestId('settings-ice')).toHaveValue('stun:stun.example.org:3478');
  await page.getByTestId('settings-reset').click();
  await expect(page.getByTestId('settings-ice')).toHaveValue('');
});

test('an opponent who closes the page is shown away, and back when they return', async ({ browser, errors }) => {
  const { host, guest, link } = await seatedPair(browser, errors);
  await host.locator('.square.placeable').first().click();
  const guestContext = guest.context();
  await guest.close();
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'away');
  // The guest opens the link again in the same browser: its saved game
  // returns it to its seat, with the ply it missed.
  const back = await guestContext.newPage();
  watch(back, errors);
  await back.goto(link);
  await expect(back.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(back.locator('[data-ply]')).toHaveCount(1);
  await expect(board(back)).toHaveAttribute('data-input', 'false');
  await host.locator('.square.placeable').first().click();
  await expect(board(back)).toHaveAttribute('data-input', 'true');
  for (const page of [host, back]) await page.context().close();
});

test('a reload in the middle of a capture chain loses nothing', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  await host.goto('/online.html#online');
  await host.getByRole('button', { name: 'English' }).click();
  await host.getByTestId('variant-kharbga').check();
  await host.getByTestId('online-name').fill('Amel');
  // The seed's first move: d3-d4 captures three, and the chain runs on to d2.
  await host.getByTestId('start-position')
    .fill('SSSSSSS/sssSsss/SSSsSSS/sSs1sSs/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f');
  await host.getByTestId('start').click();
  const link = await host.getByTestId('invitation-link').inputValue();
  await join(guest, link, 'Youssef');
  await host.locator('[data-square="d3"]').click();
  await host.locator('[data-square="d4"]').click();
  await expect(host.locator('[data-square="d4"]')).toHaveAttribute('data-forced', 'true');
  await expect(guest.locator('[data-ply]')).toHaveCount(1);
  // The host reloads with its chain soldier on d4.
  await host.reload();
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  // Both pages see each other again before the host moves on (a ply sent
  // before the guest has bound the host's new connection waits for the
  // next exchange: see CHANGELOG, Known).
  await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.locator('[data-square="d4"]')).toHaveAttribute('data-forced', 'true');
  for (const [from, to] of [['d4', 'd3'], ['d3', 'c3'], ['c3', 'c2'], ['c2', 'd2']]) {
    await expect(host.locator(`[data-square="${from}"]`)).toHaveAttribute('data-forced', 'true');
    await host.locator(`[data-square="${to}"]`).click();
  }
  await expect(guest.locator('[data-ply]')).toHaveCount(5);
  await expect(board(guest)).toHaveAttribute('data-input', 'true');
  expect(await pieces(guest)).toBe(await pieces(host));
  for (const page of [host, guest]) await page.context().close();
});

test('with no connection the game goes on by link, checked and saved', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const hostContext = host.context();
  await createRoom(host, 'seega5', 'Amel', 'first');
  // Nobody can connect: the host plays by link.
  await host.getByTestId('by-link-start').click();
  await expect(board(host)).toHaveAttribute('data-input', 'true');
  await host.locator('[data-square="a1"]').click();
  await host.locator('[data-square="a2"]').click();
  const first = await host.getByTestId('by-link').inputValue();
  // #m<host key>-<side>-<signature>-<guest key>-<certificate>-<game>
  expect(first).toMatch(/online\.html#m[0-9a-z]{52}-f-[0-9a-z]{103}-_-_-g1~/);
  await host.close();
  // The friend opens it: the same game, their turn, as the second player.
  const guest = await newPlayer(browser, errors);
  await guest.goto(first);
  await guest.getByRole('button', { name: 'English' }).click();
  // The first news of this game: shown, kept only when the friend says so.
  await expectContains(guest.getByTestId('link-offer-text'), 'Amel sent you a game of Seega');
  await guest.getByRole('button', { name: 'Keep it and play on' }).click();
  await expect(guest.locator('[data-ply]')).toHaveCount(2);
  await expect(board(guest)).toHaveAttribute('data-input', 'true');
  await guest.locator('[data-square="e5"]').click();
  await guest.locator('[data-square="e4"]').click();
  const answer = await guest.getByTestId('by-link').inputValue();
  // The host opens the answer: its saved game of this room continues.
  const back = await hostContext.newPage();
  watch(back, errors);
  await back.goto(answer);
  await expect(back.locator('[data-ply]')).toHaveCount(4);
  await expect(board(back)).toHaveAttribute('data-input', 'true');
  await expect(back.locator('[data-square="e5"]')).toHaveAttribute('data-piece', 'defender');
  // A damaged link (its last ply replaced by a placement on a taken
  // square) is refused with a message; the saved game is kept.
  const fields = answer.split('~');
  fields[5] = fields[5].slice(0, -2) + fields[5].slice(0, 2);
  await back.goto(fields.join('~'));
  await expect(back.getByTestId('by-link-error')).toBeVisible();
  await back.getByTestId('nav-library').click();
  await expect(back.getByTestId('game-online').first()).toBeVisible();
  for (const page of [back, guest]) await page.context().close();
});

test('a reload before the first move keeps both seats', async ({ browser, errors }) => {
  const { host, guest } = await seatedPair(browser, errors, 'seega5', 'second');
  // Both reload before anyone moved: each returns to its own seat.
  await host.reload();
  await guest.reload();
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('watching')).toHaveCount(0);
  }
  // The guest plays first here (the host chose the second side).
  await expect(board(guest)).toHaveAttribute('data-input', 'true');
  await guest.locator('.square.placeable').first().click();
  await expect(host.locator('[data-ply]')).toHaveCount(1);
  for (const page of [host, guest]) await page.context().close();
});

test('an opponent who leaves the room is shown away at once, not after the heartbeat', async ({ browser, errors }) => {
  const { host, guest } = await seatedPair(browser, errors);
  await guest.getByRole('button', { name: 'Leave' }).click();
  // (Its goodbye, and its closed connection.) Well before the 6.5 s a
  // silent page takes to be counted away.
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'away', { timeout: 3_000 });
  for (const page of [host, guest]) await page.context().close();
});
