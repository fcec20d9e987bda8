// Attacks by a peer of our own (hostile.js: matchbox's signalling JSON and
// a raw RTCPeerConnection, not the app's code) against the release build:
// each is what a stranger holding the link could do, and each must leave
// the honest pages playing, with no page or console error.
import { test, expect } from './fixtures.js';
import { createRoom, join, newPlayer, pliesStillCross, seatedPair } from './rooms.js';
import {
  hostile, roomOf, T, HELLO, NOBODY, FORGED, seatKey, signed, joinMessage,
} from './hostile.js';

test.describe.configure({ timeout: 180_000 });

/** Amel's room with a stranger of our own (`hostile`, answering offers and
 * newcomers) connected to her page, and Youssef's page not yet in it.
 * Returns `{ host, guest, link, evil }`. */
async function strangerInRoom(browser, errors) {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  const evil = await hostile(browser, roomOf(link), { onOffer: 'honest', onNewPeer: 'honest' });
  await evil.connected(1);
  return { host, guest, link, evil };
}

test('malformed signals silence no page: a broken answer, a refused ICE candidate, a broken offer to a newcomer', async ({ browser, errors }) => {
  const { host, guest, link } = await seatedPair(browser, errors);
  const room = roomOf(link);
  // 1. A visitor answers both players' offers with `v=0`.
  const answers = await hostile(browser, room, { onOffer: 'bogus' });
  // 2. Another connects honestly, then sends each page an ICE candidate
  // for a media section that does not exist.
  const candidates = await hostile(browser, room, { onOffer: 'honest' });
  const peers = await candidates.connected(2);
  for (const peer of peers) {
    await candidates.signal(peer, {
      IceCandidate: JSON.stringify({
        candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 9 typ host', sdpMid: 'zz', sdpMLineIndex: 0,
      }),
    });
  }
  // 3. It then offers `v=0` to whoever comes next: a spectator.
  await candidates.behave({ onNewPeer: 'bogus' });
  await host.waitForTimeout(500);
  const watcher = await newPlayer(browser, errors);
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible();
  // Everyone plays on and sees the plies; the pages still say connected.
  await pliesStillCross(host, guest, [watcher]);
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  }
  // A new spectator still finds the game (the pages still take newcomers).
  const late = await newPlayer(browser, errors);
  await late.goto(link);
  await expect(late.getByTestId('watching')).toBeVisible();
  await expect(late.locator('[data-ply]')).toHaveCount(4);
  for (const peer of [answers, candidates]) await peer.close();
  for (const page of [host, guest, watcher, late]) await page.context().close();
});

test('the join race: a stranger never takes the seat of a page that is joining', async ({ browser, errors }) => {
  const { host, guest, link, evil } = await strangerInRoom(browser, errors);
  await guest.goto(link);
  await expect(guest.getByTestId('join-form')).toBeVisible();
  await evil.connected(2);
  // It asks every page for the seat, over and over, while the guest joins.
  const asking = evil.run(async (text) => {
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      window.H.broadcast(text);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }, T('join', 'Mallory', NOBODY));
  await guest.getByTestId('join-name').fill('Youssef');
  await guest.getByTestId('join').click();
  await asking;
  await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  // Nobody sent it a seat's secret; both pages name the real players.
  const received = await evil.received();
  expect(received.filter((m) => m.text.includes('\tseated\t') && m.text.includes('Mallory'))).toEqual([]);
  for (const page of [host, guest]) {
    await expect(page.locator('.player[data-side="second"]')).toContainText('Youssef');
    await expect(page.locator('.player[data-side="first"]')).toContainText('Amel');
  }
  await pliesStillCross(host, guest);
  await evil.close();
  for (const page of [host, guest]) await page.context().close();
});

test('saying bye and hello again at 400 messages a second stalls no game', async ({ browser, errors }) => {
  const { host, guest, link } = await seatedPair(browser, errors);
  const evil = await hostile(browser, roomOf(link), { onOffer: 'honest' });
  await evil.connected(2);
  const flood = evil.run(async ({ bye, hello }) => {
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      for (let i = 0; i < 4; i++) { window.H.broadcast(bye); window.H.broadcast(hello); }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, { bye: T('bye'), hello: HELLO });
  // Plies cross within five seconds while it floods.
  await host.waitForTimeout(500);
  await pliesStillCross(host, guest);
  await flood;
  // The host's messages were never dropped as a flood: both pages see
  // each other and the same game.
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  }
  await pliesStillCross(host, guest);
  // The host answered the flood with little: no broadcast per arrival.
  const received = await evil.received();
  expect(received.length).toBeLessThan(200);
  await evil.close();
  for (const page of [host, guest]) await page.context().close();
});

test('a link for an unknown room cannot fill the storage or break the library', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  for (const name of ['x'.repeat(100_000), 'Amel%0AEvil', '%E2%80%AEvil']) {
    // A well-formed link (a key's and a signature's shape): its names are
    // what is refused ("the game sent could not be read").
    await page.goto(`/online.html#m${NOBODY}-f-${FORGED}-_-_-g1~seega5~${name}~Y~~AA~`);
    await expect(page.getByTestId('by-link-error')).toContainText('could not be read');
  }
  const stored = await page.evaluate(() => Object.values(localStorage).join('').length);
  expect(stored).toBeLessThan(10_000);
  await page.getByTestId('nav-library').click();
  await expect(page.getByTestId('game-online')).toHaveCount(0);
});

test('the welcome race: a newcomer believes only the host its link names', async ({ browser, errors }) => {
  // A stranger in the room answers every newcomer at once, before the
  // host can: it claims the host's seat and offers another game.
  const { host, guest, link, evil } = await strangerInRoom(browser, errors);
  await evil.greet([
    T('hello', '0.1.0', 'Fake', 'host', 'first', '0', FORGED, '-', '-'),
    T('welcome', '[Variant "seega9"]\n[First "Fake"]\n\n*', 'second'),
  ]);
  await guest.goto(link);
  await expect(guest.getByTestId('join-invitation')).toContainText('Amel');
  await expect(guest.getByTestId('join-invitation')).toContainText('Seega 5');
  await guest.getByTestId('join-name').fill('Youssef');
  await guest.getByTestId('join').click();
  for (const page of [host, guest]) {
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('.player[data-side="second"]')).toContainText('Youssef');
  }
  await pliesStillCross(host, guest);
  await evil.close();
  for (const page of [host, guest]) await page.context().close();
});

test('a spectator cannot be fooled: another game, invented names, 9999 spectators, a resignation, a renamed guest', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const guest = await newPlayer(browser, errors);
  const watcher = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  await join(guest, link, 'Youssef');
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible();
  await pliesStillCross(host, guest, [watcher]);
  const evil = await hostile(browser, roomOf(link), { onOffer: 'honest' });
  await evil.connected(3);
  for (const text of [
    T('hello', '0.1.0', 'Amel', 'host', 'first', '0', FORGED, '-', '-'),
    T('sync', '[Variant "seega9"]\n[First "Invented"]\n[Second "Names"]\n\n*'),
    T('watchers', '9999'),
    T('chat', 'a fake line'),
    T('resign'),
    T('seated', 'second', NOBODY, 'Mallory', FORGED),
    T('ply', '4', 'e5', '0000000000000000'),
  ]) {
    await evil.broadcast(text);
  }
  await watcher.waitForTimeout(1_000);
  for (const page of [host, guest, watcher]) {
    await expect(page.locator('[data-ply]')).toHaveCount(4);
    await expect(page.getByTestId('result')).toHaveCount(0);
    await expect(page.locator('.player[data-side="first"]')).toContainText('Amel');
    await expect(page.locator('.player[data-side="second"]')).toContainText('Youssef');
    await expect(page.locator('[data-square="i9"]')).toHaveCount(0);
    await expect(page.getByTestId('watchers')).not.toContainText('9999');
  }
  await expect(host.getByTestId('chat-lines')).not.toContainText('a fake line');
  await expect(guest.getByTestId('chat-lines')).not.toContainText('a fake line');
  // The honest game goes on, watched.
  await pliesStillCross(host, guest, [watcher]);
  await evil.close();
  for (const page of [host, guest, watcher]) await page.context().close();
});

test('a message of another version is shown while its page is here, not for good', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  const evil = await hostile(browser, roomOf(link), { onOffer: 'honest' });
  await evil.connected(1);
  await evil.broadcast(['kharbga', '9', 'hello'].join('\t'));
  await expect(host.getByTestId('online-version')).toBeVisible();
  await evil.close();
  await expect(host.getByTestId('online-version')).toHaveCount(0, { timeout: 15_000 });
  await host.context().close();
});

test('a game sent by link counts only when the opponent signed it', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  await createRoom(host, 'seega5', 'Amel');
  await host.getByTestId('by-link-start').click();
  await host.locator('[data-square="a1"]').click();
  await host.locator('[data-square="a2"]').click();
  const sent = await host.getByTestId('by-link').inputValue();
  // The link: #m<host key>-f-<signature>-<guest>-<certificate>-<game>.
  const [, fragment] = sent.split('#m');
  const [hostKey, , , , , ...game] = fragment.split('-');
  const share = game.join('-');
  const base = sent.split('#')[0];
  // A stranger who knows the room sends "the guest's" game (two more
  // plies would need the guest's key), or the host's resignation.
  for (const forged of [
    `${base}#m${hostKey}-s-${FORGED}-${NOBODY}-_-${share}`,
    `${base}#m${hostKey}-s-${FORGED}-${NOBODY}-_-${share.replace(/~$/, '~r1')}`,
  ]) {
    await host.goto(forged);
    await expect(host.getByTestId('by-link-error')).toContainText('not theirs');
  }
  // The host's saved game is as it was.
  await host.getByTestId('nav-library').click();
  await expect(host.getByTestId('game-online').first()).toBeVisible();
  const saved = await host.evaluate(() => Object.values(localStorage).find((v) => v.startsWith('kharbga-game')));
  expect(saved).toContain('plies 2');
  expect(saved).toContain('result *');
  await host.context().close();
});

test('a game played online with an earlier version opens for replay, and says it cannot be continued online', async ({ page }) => {
  // An entry as the previous version saved it: the seats were secrets.
  const entry = [
    'kharbga-game 3', 'id e1', 'created 1700000000000', 'updated 1700000060000',
    'seats local remote', 'flipped 0', 'variant seega5', 'first Amel', 'second Youssef',
    'result *', 'plies 2',
    'online 0123456789abcdef ffffffffffffffffffffffffffffffff 0123456789abcdef0123456789abcdef host',
    '', '[Variant "seega5"]', '[First "Amel"]', '[Second "Youssef"]', '', '1. a1 a2 *', '',
  ].join('\n');
  await page.goto('/');
  await page.evaluate((text) => {
    localStorage.setItem('kharbga.game.e1', text);
    localStorage.setItem('kharbga.current', 'e1');
  }, entry);
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click().catch(() => {});
  await expect(page.getByTestId('by-link-error')).toContainText('earlier version');
  // It opens in the replay viewer, with its players and its plies.
  await expect(page.getByTestId('replay')).toBeVisible();
  await expect(page.getByTestId('replay-names')).toContainText('Youssef');
  await page.keyboard.press('End');
  await expect(page.locator('[data-square="a2"]')).toHaveAttribute('data-piece', /./);
  // An invitation of the earlier version says so too.
  await page.goto('/online.html#r0123456789abcdef');
  await expect(page.getByTestId('by-link-error')).toContainText('ask for a new link');
  // The entry is kept as it was.
  const kept = await page.evaluate(() => localStorage.getItem('kharbga.game.e1'));
  expect(kept).toContain('online 0123456789abcdef ffffffffffffffffffffffffffffffff');
});

test('a hostile opponent wins no time on the clock: more time claimed is cut, an early flag refused', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel', 'first', '0.5');
  const room = roomOf(link);
  // Mallory: our own client, raw WebRTC; it takes the free seat with a key
  // of its own and signs what it sends.
  const evil = await hostile(browser, room);
  const [peer] = await evil.connected(1);
  await evil.send(peer, HELLO);
  const from = async (prefix) => {
    await expect.poll(async () => (await evil.received()).some((m) => m.text.startsWith(prefix)),
      { timeout: 10_000 }).toBe(true);
    return (await evil.received()).filter((m) => m.text.startsWith(prefix)).map((m) => m.text);
  };
  await from(T('signed', 'host'));
  const seat = seatKey();
  let n = 0;
  const S = (...fields) => signed(seat, room, 'guest', ++n, ...fields);
  await evil.send(peer, joinMessage(seat, room, 'Mallory', await evil.id(), peer));
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
  // A win on time claimed while Amel's clock has most of its half minute.
  await evil.send(peer, S('flag', 'first', '0'));
  await expect(host.getByTestId('online-warning').last()).toContainText('win on time was claimed');
  await expect(host.getByTestId('result')).toHaveCount(0);
  // Amel sets her two soldiers; Mallory thinks four seconds.
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  await expect(host.getByTestId('clock-second')).toHaveAttribute('data-running', 'true');
  await host.waitForTimeout(4_000);
  // It asks for Amel's record (its ping counts no plies)...
  const syncs = async () => (await evil.received())
    .map((m) => m.text).filter((t) => t.startsWith(T('signed', 'host')) && t.includes('\tsync\t'));
  const before = (await syncs()).length;
  await evil.send(peer, T('ping', '1', '0'));
  // The answer comes when it comes: wait for a record sent after the ping.
  await expect.poll(async () => (await syncs()).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const sync = (await syncs()).at(-1);
  const record = sync.split('\t').pop().replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
  expect(record).toContain('[TimeControl "30+0"]');
  // ...and sends it back with a soldier of its own, claiming it used no time.
  const taken = await host.locator('[data-piece]').evaluateAll((s) => s.map((e) => e.dataset.square));
  const square = ['e1', 'd1', 'b1', 'a1', 'e2', 'a2'].find((s) => !taken.includes(s));
  const forged = `${record.replace(/\s*\*\s*$/, '')} 1... ${square} {[%clk 0:00:30.0]} *`;
  await evil.send(peer, S('sync', forged));
  await expect(host.locator('[data-ply]')).toHaveCount(3);
  await expect(host.getByTestId('online-warning').last()).toContainText('claimed more time than it had');
  // Amel's page kept its own count of Mallory's time: four seconds gone
  // (the half second of the allowance aside), not thirty left.
  const [m, s] = (await host.getByTestId('clock-second').textContent()).split(':').map(Number);
  // (However slow the machine: a lower bound would be a time.)
  expect(m * 60 + s).toBeLessThanOrEqual(26);
  expect(m * 60 + s).toBeGreaterThan(0);
  await evil.close();
  await host.context().close();
});
