// The signalling server restarted mid-game: the game goes on over the data
// channel meanwhile, and a spectator arriving after the restart still gets
// in (each page joins the room again as soon as the server is back).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test, expect, labPlayer } from './fixtures.js';
import { join, openRoom, pieces, pliesStillCross } from '../specs/rooms.js';
import { inNs } from './lab.mjs';

/** The signalling server of the lab (in kh-inet), stopped; how many. */
function stopSignalling() {
  const pids = signallingPids();
  for (const pid of pids) process.kill(pid);
  return pids.length;
}

/** The pids of matchbox_server processes in the lab's Internet namespace
 * (never another one of this machine). */
function signallingPids() {
  return execFileSync('ip', ['netns', 'pids', 'kh-inet'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'matchbox_server';
      } catch {
        return false;
      }
    });
}

/** Starts it again (the lab's teardown ends it with the namespace). */
async function startSignalling() {
  spawn('ip', ['netns', 'exec', 'kh-inet', 'matchbox_server'], {
    env: { ...process.env, HOST: '127.0.0.1:3536', RUST_LOG: 'warn' },
    detached: true,
    stdio: 'ignore',
  }).unref();
  for (let i = 0; i < 100; i++) {
    try {
      inNs('kh-inet', 'curl', '-sf', 'http://127.0.0.1:3536/health');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('matchbox_server did not start again');
}

// While the server is down, the pages' looks at it fail (as the browser
// logs them), and their old signalling socket's end.
const allowed = [/WebSocket connection to .*signal.* failed/];

test('the signalling server restarted mid-game: the game goes on, and a spectator arriving after gets in', async ({ inLan, errors }) => {
  const host = await labPlayer(inLan, 'c', errors, {}, allowed);
  const guest = await labPlayer(inLan, 'a', errors, {}, allowed);
  const link = await openRoom(host, 'seega5', 'Amel');
  await join(guest, link, 'Youssef');
  await pliesStillCross(host, guest);
  expect(stopSignalling()).toBe(1);
  // Down: the game goes on over the data channel.
  await pliesStillCross(host, guest);
  await startSignalling();
  const restarted = Date.now();
  await pliesStillCross(host, guest);
  // A spectator from another network comes in after the restart.
  const watcher = await labPlayer(inLan, 'b', errors, {}, allowed);
  await watcher.goto(link);
  await expect(watcher.getByTestId('watching')).toBeVisible({ timeout: 20_000 });
  const plies = await host.locator('[data-ply]').count();
  await expect(watcher.locator('[data-ply]')).toHaveCount(plies, { timeout: 15_000 });
  console.log(`signalling restart: a spectator in ${Date.now() - restarted} ms after the server was back`);
  await pliesStillCross(host, guest, [watcher]);
  expect(await pieces(guest)).toBe(await pieces(host));
  expect(await pieces(watcher)).toBe(await pieces(host));
  for (const page of [host, guest, watcher]) await page.context().close();
});
