// A seated player who lies (issue 27). Mallory is a client of our own
// (hostile.js: matchbox's signalling JSON and a raw RTCPeerConnection, a
// key made by Node): it takes the free seat properly, with its own valid
// key and the host's certificate, proves its seat to the pages that watch,
// and then tells them, and them alone, what never happened. A stranger
// (Eve) then tries to borrow Mallory's seat with its public key. Every
// page must go on showing the game the host and the guest really play.
import { test, expect } from './fixtures.js';
import { createRoom, newPlayer } from './rooms.js';
import { expectContains } from './helpers.js';
import {
  hostile, roomOf, T, HELLO, seatKey, signed, joinMessage, seatHello, fieldsOf, takeSeat,
} from './hostile.js';

test.describe.configure({ timeout: 180_000 });

/** Waits until `peer` received a message that `match`es; returns its text. */
async function received(peer, match) {
  let found = null;
  await expect.poll(async () => {
    found = (await peer.received()).find(match) ?? null;
    return found !== null;
  }, { timeout: 15_000 }).toBe(true);
  return found.text;
}

/** The seconds a page's clock shows for `side`. */
async function seconds(page, side) {
  const [m, s] = (await page.getByTestId(`clock-${side}`).textContent()).split(':').map(Number);
  return m * 60 + s;
}

test('a guest seated properly cannot tell the pages that watch of an end, a flag, a game or a time that never were', async ({ browser, errors }) => {
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel', 'first', '1');
  const room = roomOf(link);
  const evil = await hostile(browser, room, { onOffer: 'honest', onNewPeer: 'honest' });
  const [hostId] = await evil.connected(1);
  // A spectator who sees the host's first turn begin, and Mallory seated.
  const early = await newPlayer(browser, errors);
  await early.goto(link);
  await expect(early.getByTestId('join-form')).toBeVisible();
  await evil.connected(2);
  const { seat, seated, cert } = await takeSeat(evil, hostId, room, 'Mallory', received);
  expect(seated[5]).toBe('Mallory');
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
  // A spectator who comes in during the host's turn.
  const late = await newPlayer(browser, errors);
  await late.goto(link);
  await expect(late.getByTestId('watching')).toBeVisible();
  await evil.connected(3);
  const [earlyId, lateId] = await evil.joined();
  let n = 0;
  const S = (...fields) => signed(seat, room, 'guest', ++n, ...fields);
  // Mallory proves its seat to each spectator, as a real guest does.
  for (const to of [earlyId, lateId]) {
    await evil.send(to, seatHello(seat, room, 'guest', 'second', 'Mallory', n, to, cert));
  }
  const watchers = [early, late];
  for (const page of watchers) {
    await expect(page.getByTestId('watching')).toBeVisible();
    await expect(page.locator('.player[data-side="second"]')).toContainText('Mallory');
  }
  const tellWatchers = async (text) => {
    for (const to of [earlyId, lateId]) await evil.send(to, text);
  };
  // 1. A signed resignation on the host's turn, to the spectators alone
  // (before: they resigned the side to move, Amel's, and showed Mallory
  // as the winner).
  await tellWatchers(S('resign'));
  for (const page of watchers) {
    await expectContains(page.getByTestId('online-unconfirmed'), 'Mallory says the game is over');
  }
  // 2. A win on time claimed while Amel's clock runs (a minute a side).
  await tellWatchers(S('flag', 'first', '0'));
  // 3. Its own welcome: the names swapped, the host resigned.
  const forged = [
    '[Variant "seega5"]', '[First "Mallory"]', '[Second "Amel"]', '[Result "0-1"]',
    '[Reason "resignation"]', '[TimeControl "60+0"]', '', '0-1',
  ].join('\n');
  await tellWatchers(S('welcome', forged, '-'));
  await host.waitForTimeout(1_000);
  for (const page of watchers) {
    await expect(page.getByTestId('result')).toHaveCount(0);
    await expect(page.locator('.player[data-side="first"]')).toContainText('Amel');
    await expect(page.locator('.player[data-side="second"]')).toContainText('Mallory');
    await expect(page.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
  }
  // The game goes on: Amel sets her two soldiers; every spectator sees them,
  // and Mallory's words are gone with the position they were about.
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  for (const page of watchers) {
    await expect(page.locator('[data-ply]')).toHaveCount(2);
    await expect(page.getByTestId('online-unconfirmed')).toHaveCount(0);
  }
  // 4. Mallory thinks four seconds, then sends its two soldiers to
  // everyone, claiming it used no time (a minute left after each).
  await host.waitForTimeout(4_000);
  await evil.send(hostId, T('ping', '1', '0'));
  const sync = await received(evil, (m) => m.peer === hostId && m.text.includes('\tsync\t'));
  const record = fieldsOf(sync).pop();
  expect(record).toContain('[TimeControl "60+0"]');
  const taken = await host.locator('[data-piece]').evaluateAll((s) => s.map((e) => e.dataset.square));
  const [a, b] = ['e1', 'd1', 'b1', 'a1', 'e2', 'a2', 'e5', 'd5'].filter((s) => !taken.includes(s));
  const claimed = `${record.replace(/\s*\*\s*$/, '')} 1... ${a} {[%clk 0:01:00.0]} ${b} {[%clk 0:01:00.0]} *`;
  const text = S('sync', claimed);
  for (const to of [hostId, earlyId, lateId]) await evil.send(to, text);
  for (const page of [host, ...watchers]) await expect(page.locator('[data-ply]')).toHaveCount(4);
  // Each spectator shows Mallory's time as the host counts it (about 56 s),
  // not the minute Mallory claims.
  await expect(host.getByTestId('clock-first')).toHaveAttribute('data-running', 'true');
  const counted = await seconds(host, 'second');
  expect(counted).toBeLessThanOrEqual(57);
  for (const page of watchers) {
    expect(Math.abs((await seconds(page, 'second')) - counted)).toBeLessThanOrEqual(1);
  }
  // 5. A stranger borrows Mallory's seat: joins that name its public key
  // with a proof of its own, three thousand times in a few seconds.
  const eve = await hostile(browser, room, { onOffer: 'honest' });
  await expect.poll(() => eve.run(() => window.H.openPeers()), { timeout: 20_000 }).toContain(hostId);
  // (It says hello, as a visitor: a connection that never does is closed.)
  await eve.send(hostId, HELLO);
  const eveSeat = seatKey();
  const eveId = await eve.id();
  const proof = fieldsOf(joinMessage(eveSeat, room, 'Mallory', eveId, hostId)).pop();
  const borrowed = T('join', 'Mallory', seat.public, proof);
  await eve.run(async ({ to, text }) => {
    for (let i = 0; i < 3_000; i++) {
      window.H.send(to, text);
      if (i % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }, { to: hostId, text: borrowed });
  await host.waitForTimeout(1_000);
  expect((await eve.received()).filter((m) => m.text.includes('\tseated\t'))).toEqual([]);
  // Nobody was left behind: Amel plays, every spectator sees it.
  await host.locator('.square.placeable').first().click();
  await host.locator('.square.placeable').first().click();
  for (const page of watchers) await expect(page.locator('[data-ply]')).toHaveCount(6);
  // Mallory leaves; Eve keeps the connection alive with pings. Amel's page
  // says its opponent is away (before: Eve held Mallory's seat there).
  await evil.close();
  const pinging = eve.run(async ({ to, ping }) => {
    const until = Date.now() + 12_000;
    while (Date.now() < until) {
      window.H.send(to, ping);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, { to: hostId, ping: T('ping', '1', '6') });
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'away', { timeout: 12_000 });
  await pinging;
  await eve.close();
  for (const page of [host, ...watchers]) await page.context().close();
});

test('a seated guest that pings and falls silent again and again makes the host join afresh only a few times', async ({ browser, errors }) => {
  // Mallory takes the seat properly, keeps a heartbeat for two seconds and
  // falls silent: the host's page takes it for a network that changed and
  // joins the room afresh. On each new connection Mallory proves its seat
  // again, pings, and falls silent again. Each rejoin costs the host (and
  // its spectators) a new connection: the second waits 5 s, the third
  // 15 s (src/net/room.rs, `Rejoins`), so in 30 s the host joins again
  // twice, not five times.
  const host = await newPlayer(browser, errors);
  const link = await createRoom(host, 'seega5', 'Amel');
  const room = roomOf(link);
  const evil = await hostile(browser, room, { onOffer: 'honest', onNewPeer: 'honest' });
  const [hostId] = await evil.connected(1);
  const { seat, cert } = await takeSeat(evil, hostId, room, 'Mallory', received);
  await expect(host.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
  const beat = async (to) => {
    for (let i = 0; i < 4; i++) {
      await evil.send(to, T('ping', String(Date.now()), '0'));
      await host.waitForTimeout(500);
    }
  };
  await beat(hostId);
  const hosts = [hostId];
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    for (const peer of await evil.run(() => window.H.openPeers())) {
      if (hosts.includes(peer)) continue;
      hosts.push(peer);
      await evil.send(peer, seatHello(seat, room, 'guest', 'second', 'Mallory', 0, peer, cert));
      await beat(peer);
    }
    await host.waitForTimeout(250);
  }
  const rejoins = hosts.length - 1;
  console.log(`a seat that falls silent again and again: the host joined afresh ${rejoins} times in 30 s`);
  expect(rejoins, 'the silence is noticed').toBeGreaterThanOrEqual(1);
  expect(rejoins, 'and not acted on every few seconds').toBeLessThanOrEqual(3);
  await evil.close();
  await host.context().close();
});
