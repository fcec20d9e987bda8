// Reproduce the newcomer stall under load: host + guest seated, then a
// spectator (4x CPU) opens the link while two busy loops take the cores and
// the signalling server is reached through a slow proxy.
// usage: node repro.mjs RUNS [delayMs] (from tests/e2e, dist served on 4173)
import { chromium } from '@playwright/test';
import net from 'node:net';
import { spawn } from 'node:child_process';

const runs = Number(process.argv[2] ?? 5);
const delay = Number(process.argv[3] ?? 200);
const BASE = 'http://127.0.0.1:4173';
const PROXY = 3537;
const HOST_DELAY = Number(process.env.HOST_DELAY ?? 0);

function proxy(port, target, delayMs) {
  const server = net.createServer((client) => {
    const up = net.connect(target, '127.0.0.1');
    const pipe = (from, to) => from.on('data', (d) => setTimeout(() => { if (!to.destroyed) to.write(d); }, delayMs));
    pipe(client, up); pipe(up, client);
    const end = () => { client.destroy(); up.destroy(); };
    client.on('error', end); up.on('error', end); client.on('close', end); up.on('close', end);
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

const busy = () => spawn('node', ['-e', 'for(;;){}'], { stdio: 'ignore' });

async function player(browser, log, name, throttle = 1, port = PROXY) {
  const context = await browser.newContext();
  await context.addInitScript((p) => {
    localStorage.setItem('kharbga.online', `server ws://127.0.0.1:${p}\nice \nusername \ncredential \n`);
  }, port);
  const page = await context.newPage();
  page.on('console', (m) => log.push(`${new Date().toISOString().slice(11, 23)} ${name} ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => log.push(`${name} PAGEERROR ${e.message}`));
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  return page;
}

async function waitFor(fn, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await fn().catch(() => false)) return true; await new Promise((r) => setTimeout(r, 100)); }
  return false;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--allow-loopback-in-peer-connection'] });
const px = await proxy(PROXY, 3536, delay);
const hx = await proxy(3538, 3536, HOST_DELAY);
let stalls = 0;
const times = [];
for (let run = 1; run <= runs; run++) {
  const log = [];
  const host = await player(browser, log, 'host', 1, HOST_DELAY ? 3538 : PROXY);
  const guest = await player(browser, log, 'guest');
  await host.goto(BASE + '/');
  await host.getByRole('button', { name: 'English' }).click();
  await host.getByTestId('nav-online').click();
  await host.getByTestId('variant-seega5').check();
  await host.getByTestId('online-name').fill('Amel');
  await host.getByTestId('start').click();
  await host.waitForSelector('[data-testid=connection][data-status=waiting]', { timeout: 30000 });
  const link = await host.getByTestId('invitation-link').inputValue();
  await guest.goto(link);
  await guest.getByTestId('join-name').fill('Youssef');
  await guest.getByTestId('join').click();
  await guest.waitForSelector('[data-testid=connection][data-status=connected]', { timeout: 30000 });
  const hogs = Array.from({ length: Number(process.env.HOGS ?? 2) }, busy);
  const watcher = await player(browser, log, 'watcher', 4);
  const opened = Date.now();
  await watcher.goto(link);
  const ok = await waitFor(() => watcher.getByTestId('watching').isVisible(), Number(process.env.WAIT ?? 30000));
  const took = Date.now() - opened;
  hogs.forEach((h) => h.kill());
  if (!ok) {
    stalls++;
    const status = await watcher.getByTestId('connection').getAttribute('data-status').catch(() => '?');
    console.log(`run ${run}: STALL (status ${status})`);
    console.log(log.join('\n'));
  } else { times.push(took); console.log(`run ${run}: in after ${took} ms`); }
  for (const p of [host, guest, watcher]) await p.context().close();
}
console.log(`stalls ${stalls}/${runs}; times ${times.join(' ')}`);
px.close(); hx.close(); await browser.close();
