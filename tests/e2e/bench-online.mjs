// Online play over loopback (`make bench`): the release build in headless
// Chromium, two browser contexts, a real matchbox_server on 127.0.0.1:3536
// and WebRTC between them. Prints the time from opening an invitation link
// to the join form (the newcomer connected to the host and welcomed), and
// the time from a click on one side to the ply shown on the other (median
// and 95th percentile over the plies of Seega 7×7 settings). Figures, not
// pass/fail (targets: 2 s, median 50 ms).
//
// Usage: node bench-online.mjs [rooms]
import { LOOPBACK, launchBrowser, plyLatencies, quantile, startServers } from './bench-setup.mjs';

const rooms = Number(process.argv[2] ?? 5);
const port = 4177;
const stop = await startServers(port);
const browser = await launchBrowser([LOOPBACK]);

try {
  const connects = [];
  const latencies = [];
  for (let r = 0; r < rooms; r++) {
    const host = await (await browser.newContext()).newPage();
    const guest = await (await browser.newContext()).newPage();
    await host.goto(`http://127.0.0.1:${port}/online.html#online`);
    await host.evaluate(() => localStorage.setItem('kharbga.language', 'en'));
    await host.reload();
    await host.getByTestId('variant-seega7').check();
    await host.getByTestId('start').click();
    const link = await host.getByTestId('invitation-link').inputValue();
    await host.locator('[data-testid="connection"][data-status="waiting"]').waitFor();
    const opened = Date.now();
    await guest.goto(link);
    await guest.getByTestId('join-form').waitFor();
    connects.push(Date.now() - opened);
    await guest.getByTestId('join').click();
    await host.locator('[data-testid="connection"][data-status="connected"]').waitFor();
    latencies.push(...(await plyLatencies(host, guest, 48)));
    await host.context().close();
    await guest.context().close();
  }
  console.log(`online: link opened to joined-and-welcomed: median ${quantile(connects, 0.5)} ms, worst ${Math.max(...connects)} ms over ${rooms} rooms (target ≤ 2000 ms)`);
  console.log(`online: click to ply shown on the other page: median ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms over ${latencies.length} plies (target median ≤ 50 ms)`);
} finally {
  await browser.close();
  stop();
}
