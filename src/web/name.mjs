// Names every script, WebAssembly module and style sheet of the build by a
// hash of the bytes served, once nothing rewrites them any more: the last
// step of `make release` before the service worker's list and the
// compressed copies. A host may serve such a name `immutable` for a year
// and the service worker takes it from its cache first (docs/deploy.md,
// "Caching"): one name, one content, whatever step of the build changed
// (the Rust, a build script, a tool's version).
//
// A file's name carries the hash of its bytes with the final names of the
// files it names inside (a page's glue names its chunks' loader, which
// names the chunks): files are named leaves first, so that a changed chunk
// renames its loader, the glue that imports it and the page that loads the
// glue. Files that name each other (a page's glue and its chunks' loader
// import each other) share one hash, of them all, taken with their names
// of each other as they were. The pages, `sw.js`, the translations, the manifest and the icons
// keep their names (the service worker asks the network for them first).
//
// The names: Trunk's or wasm-bindgen's without their old hash, then
// `-<16 hex digits>` before `_bg` and the extension
// (`kharbga-<hash>_bg.wasm`, `kharbga-split-new-game-<hash>.wasm`,
// `main-<hash>.css`, `snippets/<crate>/inline0-<hash>.js`).
//
// Usage: node src/web/name.mjs <stage> <dist>: every file of <stage>
// into a new <dist>, named. Also `import { name } from './name.mjs'`.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The files the build names by their content. */
export const NAMED = /\.(js|wasm|css)$/;
/** The files whose text may name others. */
const TEXT = /\.(html|js|css|webmanifest)$/;
/** A name the build gave by content (the test reads names with it). */
export const HASHED = /-([0-9a-f]{16})(_bg)?\.(js|wasm|css)$/;

/** `bytes`' hash as a name carries it. */
export const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The name of `path` (relative, `/`-separated) for content hash `hash`. */
export function nameFor(path, hash) {
  const at = path.lastIndexOf('/') + 1;
  const m = path.slice(at).match(/^(.*?)(-[0-9a-f]{8,16})?(_bg)?\.(js|wasm|css)$/);
  if (!m) throw new Error(`${path}: not a script, module or style sheet`);
  return `${path.slice(0, at)}${m[1]}-${hash}${m[3] ?? ''}.${m[4]}`;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Where `path` is named in a text: quoted, in an attribute, or after
 * `./`, and not as the tail of a longer name. Not as an object's key: the
 * glue's imports for its module are keyed by the module names its wasm
 * imports (`"./snippets/…/inline0.js": …`), which stay as they are. */
const mention = (path, flags = 'g') => new RegExp(`(?<=^|[\\s'"\`=(,]|\\./)${escape(path)}(?=$|[\\s'"\`>),;?#])(?!['"\`]\\s*:)`, flags);

/** Every file below `dir`, relative and `/`-separated, sorted. */
function walk(dir, base = dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [relative(base, full).split(sep).join('/')];
  });
}

/**
 * The build's files named: `files` maps each path to its bytes; the answer
 * maps each path to its final name (the same for what keeps its name) and
 * each path to its final bytes (its text with the final names in it);
 * `unnamed`: the named files no file names; `groups`: the named files, in
 * the groups that share a hash (most alone), leaves first.
 */
export function name(files) {
  const paths = [...files.keys()];
  const named = paths.filter((p) => NAMED.test(p) && p !== 'sw.js');
  const patterns = new Map(named.map((p) => [p, mention(p, '')]));
  // What each text names among the named files.
  const names = new Map(paths.map((p) => {
    if (!TEXT.test(p)) return [p, []];
    const text = files.get(p).toString('utf8');
    return [p, named.filter((q) => q !== p && patterns.get(q).test(text))];
  }));
  const final = new Map(paths.map((p) => [p, p]));
  const bytes = new Map();
  const groups = [];
  const rewrite = (p, to) => {
    if (!TEXT.test(p) || names.get(p).length === 0) return files.get(p);
    let text = files.get(p).toString('utf8');
    for (const q of names.get(p)) text = text.replace(mention(q), to(q));
    return Buffer.from(text, 'utf8');
  };
  // Leaves first: each group of files that name each other (Tarjan's
  // strongly connected components come out in that order).
  for (const group of components(named, (p) => names.get(p).filter((q) => NAMED.test(q)))) {
    const inside = new Set(group);
    // The group's bytes with its own names as they were, everything else
    // final: one hash for the group.
    const provisional = group.map((p) => rewrite(p, (q) => (inside.has(q) ? q : final.get(q))));
    const hash = group.length === 1 ? hashOf(provisional[0])
      : hashOf(Buffer.concat(group.flatMap((p, i) => [Buffer.from(`${p}\0`), provisional[i], Buffer.from('\0')])));
    for (const p of group) final.set(p, nameFor(p, hash));
    groups.push(group);
    for (const p of group) bytes.set(p, rewrite(p, (q) => final.get(q)));
  }
  for (const p of paths) if (!bytes.has(p)) bytes.set(p, rewrite(p, (q) => final.get(q)));
  // A named file nothing names: no page fetches it, or its mention was
  // missed (said, and checked by tests/e2e/specs/names.spec.js).
  const mentioned = new Set([...names.values()].flat());
  const unnamed = named.filter((p) => !mentioned.has(p));
  return { final, bytes, unnamed, groups };
}

/** The strongly connected components of the graph (`next(node)`), each
 * after the components it reaches. */
function components(nodes, next) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}

if (process.argv[1] && process.argv[1].endsWith('name.mjs')) {
  const [stage, dist] = process.argv.slice(2);
  if (!stage || !dist) {
    console.error('usage: node src/web/name.mjs <stage> <dist>');
    process.exit(2);
  }
  const files = new Map(walk(stage).map((p) => [p, readFileSync(join(stage, p))]));
  const { final, bytes, unnamed } = name(files);
  if (unnamed.length) console.warn(`name.mjs: no file of the build names ${unnamed.join(', ')}`);
  rmSync(dist, { recursive: true, force: true });
  for (const [p, to] of final) {
    mkdirSync(dirname(join(dist, to)), { recursive: true });
    writeFileSync(join(dist, to), bytes.get(p));
  }
  const renamed = [...final].filter(([p, to]) => p !== to).length;
  console.log(`${dist}: ${final.size} files, ${renamed} named by their content`);
}
