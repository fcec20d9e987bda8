// A small static server for the release build in dist/, bound to
// 127.0.0.1, that answers as a well-set host does (docs/deploy.md):
// - the `.br` or `.gz` file the build wrote beside each file, as the
//   browser accepts (`Content-Encoding`, `Vary: Accept-Encoding`);
// - files whose names carry their content's hash cached for good
//   (`immutable`), everything else revalidated on each use (`no-cache`,
//   with an `ETag`, answered `304` when unchanged);
// - unknown paths get index.html (one app); with a prefix
//   (`/games/kharbga/`) the build is served under that path only, as a
//   project page of a static host would be, and anything outside is a 404.
// Usage: node serve.mjs <dir> <port> [<prefix>]. `createServer` is used by
// the benches too (they count the bytes sent).
import { createServer as createHttpServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.ftl': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

/** A name with its content's hash (Trunk's `-0123456789abcdef`). */
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/;

/** The file for `urlPath` under `root` (index.html for what is not there). */
async function resolveFile(root, urlPath) {
  const safe = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(root, safe);
  if (!candidate.startsWith(root)) return join(root, 'index.html');
  try {
    const info = await stat(candidate);
    return info.isDirectory() ? join(candidate, 'index.html') : candidate;
  } catch {
    return join(root, 'index.html');
  }
}

/** The stored copy to send for `accept` (`Accept-Encoding`): brotli, gzip
 * or the file itself. */
async function variant(file, accept) {
  const weights = new Map((accept ?? '').split(',').map((part) => {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((x) => x.startsWith('q='));
    return [name, q ? Number(q.slice(2)) : 1];
  }));
  for (const [name, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!(weights.get(name) > 0)) continue;
    try {
      const info = await stat(file + ext);
      return { path: file + ext, encoding: name, info };
    } catch { /* not written for this file */ }
  }
  return { path: file, encoding: null, info: await stat(file) };
}

/**
 * The server (not listening yet): the build in `dir` under `prefix`;
 * `onSent(path, bytes)` is told each answer's body size.
 */
export function createServer(dir, prefix = '/', onSent = () => {}) {
  const root = resolve(dir);
  return createHttpServer(async (req, res) => {
    try {
      const path = new URL(req.url, 'http://localhost').pathname;
      if (!path.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const file = await resolveFile(root, '/' + path.slice(prefix.length));
      const { path: sent, encoding, info } = await variant(file, req.headers['accept-encoding']);
      const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
      const headers = {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'Accept-Encoding',
        etag,
      };
      if (encoding) headers['content-encoding'] = encoding;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        res.end();
        onSent(path, 0);
        return;
      }
      const body = await readFile(sent);
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      onSent(path, body.length);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '../../dist';
  const port = Number(process.argv[3] ?? 4173);
  const prefix = process.argv[4] ?? '/';
  createServer(dir, prefix).listen(port, '127.0.0.1',
    () => console.log(`serving ${resolve(dir)} on http://127.0.0.1:${port}${prefix}`));
}
