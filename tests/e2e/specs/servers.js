// Servers a spec starts and stops itself (all on 127.0.0.1): the static
// server of the build (serve.mjs, under a path if asked), and a wait until
// an address answers.
import { spawn } from 'node:child_process';

/** Resolves once `url` answers (at most ten seconds). */
export async function answering(url) {
  for (let i = 0; i < 200; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** Serves `dir` on `port` under `prefix`; resolves when it answers. */
export async function serveStatic(dir, port, prefix = '/') {
  const server = spawn('node', ['serve.mjs', dir, String(port), prefix], { stdio: 'ignore' });
  await answering(`http://127.0.0.1:${port}${prefix}`);
  return server;
}

/** Stops a server this spec started (and waits until it is gone). */
export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill();
  await exited;
}
