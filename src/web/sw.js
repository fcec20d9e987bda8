// Kharbga's service worker: the app opens and plays against the computer
// with the network off, after one visit, without spending a player's data
// on what they have not opened. `make release` writes the version and the
// build's files below (src/web/write-sw.mjs); a new build is a new sw.js,
// which the browser installs on a later visit.
//
// At its install it keeps what playing offline against the computer
// needs: the first page, what it names and the chunks of the screens it
// opens later, the new-game form among them (already fetched by the page:
// the host's cache headers let the browser take them from its own cache),
// the translation of the player's language, and the AI's worker — unless
// the browser asks to save data (Save-Data), when the worker is kept only
// once a game against the computer fetched it. Each other page is kept
// when it is first opened (every file the app fetches is kept as it
// comes, and what that page fetches later, the online page's network
// module, at once). A new version keeps again the pages the old one had.
//
// Files whose names carry their content's hash are taken from the cache
// first (they never change); the pages and the translations from the
// network first, the cache when offline, so a page never mixes a new page
// with an old worker. Online play needs the network anyway.
const VERSION = '__VERSION__';
const CORE = __CORE__;
const WORKER = __WORKER__;
const PAGES = __PAGES__;
const LOCALES = __LOCALES__;
const CACHE = `kharbga-${VERSION}`;
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/;

/** The browser asks to spend little data: the page says so in this
 * script's address (a worker does not see the page's Save-Data). */
const savingData = () => new URL(self.location.href).searchParams.has('save-data')
  || Boolean(self.navigator.connection && self.navigator.connection.saveData);

/** The translations of the browser's languages (the page's own choice is
 * kept as the page fetches it). */
function localesWanted() {
  const tags = (self.navigator.languages || [self.navigator.language || 'en']).map((t) => t.slice(0, 2));
  return LOCALES.filter((f) => f.endsWith('/main.ftl') && tags.includes(f.split('/')[1]));
}

/** What the previous versions had of the pages and translations: kept
 * again in this version's files. */
async function carriedOver() {
  const kept = [];
  const scope = new URL(self.registration.scope).pathname;
  for (const key of await caches.keys()) {
    if (!key.startsWith('kharbga-') || key === CACHE) continue;
    const old = await caches.open(key);
    for (const request of await old.keys()) {
      // (The file's path in the build: its address less the scope's.)
      const file = new URL(request.url).pathname.slice(scope.length);
      if (PAGES[file]) kept.push(...PAGES[file].files, ...PAGES[file].later);
      if (LOCALES.includes(file)) kept.push(file);
    }
  }
  return kept;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const wanted = [...CORE, ...localesWanted(), ...(savingData() ? [] : WORKER), ...(await carriedOver())];
    await cache.addAll([...new Set(wanted)].map((f) => (f === './' ? f : `./${f}`)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith('kharbga-') && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The response from the network, kept under `key`. */
async function fetchAndKeep(request, key) {
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const name = url.pathname.split('/').pop();
  if (request.mode === 'navigate') {
    // A page is its file, whatever its fragment or query: one of the app's
    // pages, or the first page for the site's root.
    const page = PAGES[name] ? `./${name}` : './index.html';
    // What the page fetches later (its screens' chunks, the online page's
    // network module) is kept now, unless the browser saves data (its own files are kept as
    // the page fetches them).
    if (PAGES[name] && PAGES[name].later.length && !savingData()) {
      event.waitUntil(caches.open(CACHE).then(async (cache) => {
        for (const file of PAGES[name].later) {
          if (!(await cache.match(`./${file}`))) await cache.add(`./${file}`).catch(() => {});
        }
      }));
    }
    event.respondWith(fetchAndKeep(request, page)
      .catch(() => caches.match(page, { ignoreSearch: true }).then((hit) => hit ?? Response.error())));
    return;
  }
  if (HASHED.test(name)) {
    event.respondWith(caches.match(request, { ignoreSearch: true })
      .then((hit) => hit ?? fetchAndKeep(request, request)));
    return;
  }
  event.respondWith(fetchAndKeep(request, request)
    .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? Response.error())));
});
