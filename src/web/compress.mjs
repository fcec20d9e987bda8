// Writes `<file>.br` (brotli, its best level) and `<file>.gz` (gzip made
// by zopfli: a standard gzip stream that any browser and host reads, about
// 5 % smaller than gzip -9 — 11 KB off the first page's WebAssembly)
// beside every file of the build that compresses (not the PNG icons, and
// not a file that gains nothing), so that any host serves them as they
// are: nginx's `gzip_static`/`brotli_static`, Caddy's `precompressed`, an
// object store's Content-Encoding (docs/deploy.md). Run by `make release`
// after the service worker is written.
//
// zopfli is most of the build's last minute: with a cache directory, each
// file's copies are kept there under the hash of its bytes, and a later
// build takes them from there for a file it did not change (most of a
// build's files, their names carrying that hash: src/web/name.mjs); the
// cache keeps only this build's.
//
// Usage: node src/web/compress.mjs <dir> [<cache dir>]
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
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

const [dir, cache] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node src/web/compress.mjs <dir> [<cache dir>]');
  process.exit(2);
}
if (cache) mkdirSync(cache, { recursive: true });
// A previous run's copies go first.
for (const path of [...files(dir)]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) rmSync(path);
}
// (The largest first: the last to finish is a small one.)
const todo = [...files(dir)].filter((path) => TEXT.has(extname(path)) || BINARY.has(extname(path)))
  .sort((a, b) => statSync(b).size - statSync(a).size);
let reused = 0;
const used = new Set();
const compress = async (path) => {
  const ext = extname(path);
  const raw = readFileSync(path);
  // (The key: the bytes and the kind, which picks brotli's mode.)
  const key = cache && createHash('sha256').update(ext).update(raw).digest('hex');
  if (cache) {
    used.add(key);
    if (existsSync(join(cache, `${key}.done`))) {
      for (const copy of ['.br', '.gz']) {
        if (existsSync(join(cache, key + copy))) copyFileSync(join(cache, key + copy), path + copy);
      }
      reused++;
      return;
    }
  }
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
  if (cache) {
    if (br.length < raw.length) writeFileSync(join(cache, `${key}.br`), br);
    if (gz.length < raw.length) writeFileSync(join(cache, `${key}.gz`), gz);
    writeFileSync(join(cache, `${key}.done`), '');
  }
};
try {
  await eachAtOnce(todo, compress);
} catch (error) {
  console.error(error.code === 'ENOENT' ? 'compress.mjs: zopfli is missing (make tools installs it)' : error);
  process.exit(1);
}
if (cache) {
  for (const name of readdirSync(cache)) if (!used.has(name.replace(/\.(br|gz|done)$/, ''))) rmSync(join(cache, name));
}
console.log(`compressed ${todo.length} files in ${dir} (.br and .gz beside each${cache ? `; ${reused} from ${cache}` : ''})`);
