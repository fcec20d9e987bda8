// Builds the network lab once for the run (lab.mjs) and hands the tests
// where it is; the function returned removes it (Playwright runs it at the
// end, also after a failure; Ctrl-C and SIGTERM remove it too).
import { up } from './lab.mjs';

export default async function setup() {
  const lab = await up();
  process.env.KHARBGA_LAB = JSON.stringify({ dir: lab.dir, spki: lab.spki });
  return () => lab.down();
}
