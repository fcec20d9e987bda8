// The build scripts' one pool of work: `fn` on each of `items`, as many at
// once as the machine has cores (split.mjs's wasm-opt runs, compress.mjs's
// zopfli runs). Rejects with the first failure.
import { availableParallelism } from 'node:os';

export async function eachAtOnce(items, fn) {
  const queue = [...items];
  const worker = async () => {
    while (queue.length) await fn(queue.shift());
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}
