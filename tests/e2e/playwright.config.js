// End-to-end tests: Debian's Chromium (never a downloaded browser) against
// the release build in dist/, served on 127.0.0.1 by serve.mjs.
import { defineConfig } from '@playwright/test';

const port = 4173;

export default defineConfig({
  testDir: './specs',
  // Generous waits: a test waits for what must happen, however busy the
  // machine; how long it took is a benchmark's figure (`make bench`).
  timeout: 60_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The offline spec allows the app's service worker; elsewhere it would
    // answer requests that tests route or count themselves.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // WebRTC between two pages of this machine (online play).
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  // The game against the computer runs after the others, alone: the
  // main thread's tasks it prints while the computer thinks mean more when
  // no other game shares the two cores.
  projects: [
    { name: 'main', testIgnore: /(computer|analysis|hostile-resources|tournament-flood|newcomer)\.spec\.js/ },
    { name: 'computer', testMatch: /computer\.spec\.js/, dependencies: ['main'] },
    // The analysis board, alone too (its figures likewise).
    { name: 'analysis', testMatch: /analysis\.spec\.js/, dependencies: ['computer'], fullyParallel: false },
    // Hundreds of connections at once (what one peer can make a page
    // hold): alone too, so that their load delays no other test's room.
    { name: 'resources', testMatch: /hostile-resources\.spec\.js/, dependencies: ['analysis'], fullyParallel: false },
    // Fifteen pages in one lobby, four of them flooding: alone as well (a
    // clean clone's CI run, sharing the two cores with another test, once
    // left a newcomer unconnected for a minute).
    { name: 'flood', testMatch: /tournament-flood\.spec\.js/, dependencies: ['resources'], fullyParallel: false },
    // A newcomer under load (busy loops, a slowed CPU and signalling): its
    // own load must slow no other test.
    { name: 'newcomer', testMatch: /newcomer\.spec\.js/, dependencies: ['flood'], fullyParallel: false },
  ],
  webServer: [
    {
      command: `node serve.mjs ../../dist ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    // The signalling server for online play, on loopback only.
    {
      command: 'matchbox_server',
      env: { HOST: '127.0.0.1:3536', RUST_LOG: 'warn' },
      url: 'http://127.0.0.1:3536/health',
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
