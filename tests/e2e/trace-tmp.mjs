// node trace.mjs <path> <rate> <n> : CDP trace at CPU rate×, long tasks after FCP and what is in them
import { chromium } from 'playwright';
import { spawn } from 'node:child_process';
const [path = '/learn.html#learn/board', rate = '4', n = '1'] = process.argv.slice(2);
const server = spawn('node', ['serve.mjs', '/work/main/dist', '4177'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (let k = 0; k < +n; k++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: +rate });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,disabled-by-default-v8.compile,blink,loading', transferMode: 'ReportEvents' });
  await page.goto('http://127.0.0.1:4177' + path);
  await page.waitForSelector('main[data-drawn]', { timeout: 60000 }).catch(() => {});
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await done;
  const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000 * 1);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? 0;
  console.log(`run ${k}: FCP ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms`);
  // tasks on the renderer main thread: pick the pid/tid of most RunTask with FunctionCall
  const fc = events.filter((e) => e.name === 'FunctionCall');
  const tid = fc.length ? fc[0].tid : null;
  for (const t of main.filter((e) => e.tid === tid)) {
    const inside = events.filter((e) => e.tid === tid && e.ts >= t.ts && e.ts + (e.dur || 0) <= t.ts + t.dur && e !== t && e.dur);
    const by = new Map();
    for (const e of inside) by.set(e.name, (by.get(e.name) || 0) + e.dur);
    const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 9).map(([k2, v]) => `${k2} ${(v / 1000).toFixed(0)}`).join(', ');
    const fn = inside.filter((e) => e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'EvaluateScript' || e.name==='v8.evaluateModule'||e.name==='ParseHTML').map((e) => `${e.name}:${(e.args?.data?.url || e.args?.data?.functionName || '').slice(-30)}`).slice(0, 4).join(' | ');
    const extra = inside.filter((e)=>e.name==='EvaluateScript'||e.name==='ResourceFetcher::requestResource'||e.name==='ResourceSendRequest').map((e)=>e.name.slice(0,8)+' '+JSON.stringify(e.args).slice(0,160)).slice(0,6).join('\n       ');
    console.log(`  task @${((t.ts - t0) / 1000).toFixed(0)} ms ${(t.dur / 1000).toFixed(0)} ms: ${top}\n     ${fn}\n       ${extra}`);
  }
  await ctx.close();
}
await browser.close();
server.kill();
