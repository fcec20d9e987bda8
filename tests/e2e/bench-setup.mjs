// What the online benches share: the release build served on `port`, a
// matchbox_server on 127.0.0.1:3536 (waited for on its /health), and
// headless Chromium with the flags WebRTC on loopback needs.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

/** Starts both servers; resolves with their `stop`. */
export async function startServers(port) {
  const server = spawn('node', ['serve.mjs', '../../dist', String(port)], { stdio: 'ignore' });
  const signal = spawn('matchbox_server', [], { stdio: 'ignore', env: { ...process.env, HOST: '127.0.0.1:3536' } });
  for (let i = 0; i < 100; i++) {
    const up = await fetch('http://127.0.0.1:3536/health').then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return () => { server.kill(); signal.kill(); };
}

/** Headless Chromium for WebRTC between pages on loopback. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--allow-loopback-in-peer-connection'],
  });
}

/** The value at quantile `q` of `xs`. */
export const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
