// The network lab's end-to-end tests (`make test-lab`, as root): pages in
// Chromium inside LAN namespaces behind NATs, a TLS proxy in front of the
// signalling server, coturn for STUN and TURN (lab.mjs builds it all once
// for the run, setup.js, and removes it afterwards). One worker: the lab's
// three browsers share two cores.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.js/,
  outputDir: '../test-results/lab',
  globalSetup: './setup.js',
  timeout: 240_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
});
