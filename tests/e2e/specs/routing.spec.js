// Past one signalling server: two matchbox_server instances behind a real
// reverse proxy (Debian's HAProxy, on loopback) that chooses the instance
// by a hash of the path (docs/online.md). An online game with a spectator
// and a quick pairing are played through it, and the proxy's log shows
// that every page of a room reached the same instance. This spec starts
// and stops the two instances and the proxy.
import { test, expect, watch } from './fixtures.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { board } from './helpers.js';
import { roomOf } from './hostile.js';
import { answering, stop } from './servers.js';
import { openRoom, quickGame } from './rooms.js';

test.describe.configure({ timeout: 120_000 });

const proxy = '127.0.0.1:3539';
const instances = { a: '127.0.0.1:3537', b: '127.0.0.1:3538' };

/** HAProxy: WebSocket upgrades pass through; one line per connection, as soon as it is accepted. */
const config = () => `
global
  log stdout format raw local0
defaults
  mode http
  log global
  option logasap
  log-format "route %HP %s"
  timeout connect 5s
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h
frontend signal
  bind ${proxy}
  default_backend rooms
backend rooms
  balance uri
  hash-type consistent
  server a ${instances.a}
  server b ${instances.b}
`;

/** A player whose page uses the proxy as its signalling server. */
async function player(browser, errors) {
  const context = await browser.newContext();
  await context.addInitScript((server) => {
    if (!localStorage.getItem('kharbga.online')) {
      localStorage.setItem('kharbga.online', `server ws://${server}\nice \nusername \ncredential \n`);
    }
  }, proxy);
  const page = await context.newPage();
  watch(page, errors);
  return page;
}

test('rooms are routed by path to one of two signalling servers', async ({ browser, errors }) => {
  const dir = mkdtempSync(join(tmpdir(), 'kharbga-routing-'));
  writeFileSync(join(dir, 'haproxy.cfg'), config());
  const children = [];
  const log = [];
  try {
    for (const host of Object.values(instances)) {
      children.push(spawn('matchbox_server', [], { env: { ...process.env, HOST: host, RUST_LOG: 'warn' }, stdio: 'ignore' }));
      await answering(`http://${host}/health`);
    }
    const haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'inherit'] });
    haproxy.stdout.on('data', (data) => log.push(...String(data).split('\n').filter((l) => l.startsWith('route '))));
    children.push(haproxy);
    await answering(`http://${proxy}/health`);

    // A game with a spectator.
    const host = await player(browser, errors);
    const guest = await player(browser, errors);
    const watcher = await player(browser, errors);
    await host.goto('/online.html#online');
    await host.getByRole('button', { name: 'English' }).click();
    const link = await openRoom(host, 'seega5', 'Amel');
    await guest.goto(link);
    await guest.getByRole('button', { name: 'English' }).click().catch(() => {});
    await guest.getByTestId('join-name').fill('Youssef');
    await guest.getByTestId('join').click();
    await expect(guest.getByTestId('connection')).toHaveAttribute('data-status', 'connected');
    await watcher.goto(link);
    await expect(watcher.getByTestId('watching')).toBeVisible();
    await host.locator('[data-square="a1"]').click();
    await host.locator('[data-square="a2"]').click();
    await expect(board(guest)).toHaveAttribute('data-input', 'true');
    await guest.locator('[data-square="e5"]').click();
    for (const page of [host, guest, watcher]) await expect(page.locator('[data-ply]')).toHaveCount(3);

    // A quick pairing through the proxy.
    const a = await player(browser, errors);
    const b = await player(browser, errors);
    for (const [page, name] of [[a, 'Sara'], [b, 'Omar']]) await quickGame(page, 'seega7', name);
    for (const page of [a, b]) {
      await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    }

    // Every connection of a path went to one instance; the room's three
    // pages came through the proxy.
    const servers = new Map();
    for (const line of log) {
      const [, path, server] = line.trim().split(' ');
      if (!servers.has(path)) servers.set(path, new Set());
      servers.get(path).add(server);
    }
    const room = `/kharbga-${roomOf(link)}`;
    expect(log.filter((l) => l.includes(` ${room} `)).length).toBeGreaterThanOrEqual(3);
    expect(servers.get('/kharbga-quick-seega7')?.size).toBe(1);
    for (const [path, used] of servers) {
      expect(used.size, `${path} reached ${[...used]}`).toBe(1);
      expect([...used][0]).toMatch(/^[ab]$/);
    }
    for (const page of [host, guest, watcher, a, b]) await page.context().close();
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
