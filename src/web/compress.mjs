// Writes `<file>.br` (brotli, its best level) and `<file>.gz` (gzip -9)
// beside every file of the build that compresses (not the PNG icons, and
// not a file that gains nothing), so that any host serves them as they
// are: nginx's `gzip_static`/`brotli_static`, Caddy's `precompressed`, an
// object store's Content-Encoding (docs/deploy.md). Run by `make release`
// after the service worker is written.
//
// Usage: node src/web/compress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.ftl', '.svg', '.json', '.webmanifest', '.txt']);
const BINARY = new Set(['.wasm']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node src/web/compress.mjs <dir>');
  process.exit(2);
}
// A previous run's copies go first.
for (const path of [...files(dir)]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) rmSync(path);
}
let count = 0;
for (const path of [...files(dir)]) {
  const ext = extname(path);
  if (!TEXT.has(ext) && !BINARY.has(ext)) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(ext) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  // (A tiny file may grow: then the host sends it as it is.)
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
}
console.log(`compressed ${count} files in ${dir} (.br and .gz beside each)`);
