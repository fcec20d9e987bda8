// Search speed, native and in the browser (`make bench`): the same
// positions searched for the same time by `kharbga-cli think` (native,
// opt-level 3) and by the release build's AI worker in headless Chromium
// (wasm). Prints nodes/s for each and their ratio. Figures, not pass/fail.
//
// Usage: node bench-search.mjs <kharbga-cli> [time-ms]
import { execFileSync } from 'node:child_process';
import { openBuild } from './bench-setup.mjs';

const cli = process.argv[2] ?? '../../target/native/kharbga-cli';
const timeMs = Number(process.argv[3] ?? 1000);
const RUNS = 3;
const POSITIONS = [
  ['kharbga', 'sSSsSss/ssSssSs/sssSSsS/SSS1sSS/SSSsSss/SSssSSs/ssSsSsS w 0,0 - - 0 13 f', 'Kharbga, after setting'],
  ['kharbga', '7/7/7/7/7/7/7 w 24,24 - - 0 1 -', 'Kharbga, empty board'],
  ['seega7', 's1S1sS1/1sS2s1/S1s1S1s/2S1s2/sS3Ss/1s1S1s1/S2s2S b 0,0 - - 0 20 -', 'Seega 7x7, middle game'],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function native(variant, position) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(cli, ['think', variant, ...position.split(' '), '--time-ms', String(timeMs)], { encoding: 'utf8' });
    runs.push(Number(out.match(/ nps (\d+)/)[1]));
  }
  return median(runs);
}

const { page, close } = await openBuild(4175);
try {
  // One worker for every request, as in a game; the time is read in the page.
  const wasm = async (variant, position) => {
    const lines = Array.from({ length: RUNS }, (_, i) => `think ${i + 1} 5 ${timeMs} ${variant} ${position}`);
    const answers = await page.evaluate(
      (lines) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(document.querySelector('meta[name=kharbga-worker]').content);
          const out = [];
          let sent = 0;
          worker.onerror = (e) => reject(new Error(e.message));
          worker.onmessage = (event) => {
            if (!String(event.data).startsWith('ready')) out.push({ line: event.data, ms: performance.now() - window.__asked });
            if (out.length === lines.length) {
              worker.terminate();
              resolve(out);
              return;
            }
            window.__asked = performance.now();
            worker.postMessage(lines[sent++]);
          };
        }),
      lines,
    );
    return median(
      answers.map(({ line, ms }) => {
        const nodes = Number(line.split(' ')[5]);
        if (!line.startsWith('best ') || !Number.isFinite(nodes)) throw new Error(`worker said: ${line}`);
        return (nodes * 1000) / ms;
      }),
    );
  };
  console.log(`search speed, ${timeMs} ms per search, median of ${RUNS} (nodes/s)`);
  console.log(`${'position'.padEnd(28)} ${'native'.padStart(12)} ${'wasm worker'.padStart(12)} ${'native/wasm'.padStart(12)}`);
  for (const [variant, position, name] of POSITIONS) {
    const n = native(variant, position);
    const w = await wasm(variant, position);
    console.log(`${name.padEnd(28)} ${Math.round(n).toString().padStart(12)} ${Math.round(w).toString().padStart(12)} ${(n / w).toFixed(2).padStart(12)}`);
  }
} finally {
  await close();
}
