// Writes `<file>.br` (brotli, its best level) and `<file>.gz` (gzip made
// by zopfli: a standard gzip stream that any browser and host reads, about
// 5 % smaller than gzip -9 — 11 KB off the first page's WebAssembly)
// beside every file of the build that compresses (not the PNG icons, and
// not a file that gains nothing), so that any host serves them as they
// are: nginx's `gzip_static`/`brotli_static`, Caddy's `precompressed`, an
// object store's Content-Encoding (docs/deploy.md). Run by `make release`
// after the service worker is written.
//
// Usage: node src/web/compress.mjs <dir>
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join, extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { eachAtOnce } from './pool.mjs';

// Debian's zopfli (`make tools` installs it), at its default 15 iterations.
const zopfli = async (path) => (await promisify(execFile)('zopfli', ['--i15', '-c', path],
  { encoding: 'buffer', maxBuffer: 64 << 20 })).stdout;

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
const todo = [...files(dir)].filter((path) => TEXT.has(extname(path)) || BINARY.has(extname(path)));
const compress = async (path) => {
  const ext = extname(path);
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(ext) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = await zopfli(path);
  // (A tiny file may grow: then the host sends it as it is.)
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
};
try {
  await eachAtOnce(todo, compress);
} catch (error) {
  console.error(error.code === 'ENOENT' ? 'compress.mjs: zopfli is missing (make tools installs it)' : error);
  process.exit(1);
}
console.log(`compressed ${todo.length} files in ${dir} (.br and .gz beside each)`);
