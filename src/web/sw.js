// Kharbga's service worker: the app opens and plays against the computer
// with the network off, after one visit. The Makefile writes the file list
// and the version below at build time (dist/sw.js); a new build is a new
// sw.js, which the browser installs on a later visit.
//
// Every request of the app's own files goes to the network first and falls
// back to the cache (updated on each answer), so a page never mixes a new
// page with an old worker from the cache; offline, everything comes from the
// cache the install filled. Online play needs the network anyway.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `kharbga-${VERSION}`;
const PAGES = ['index.html', 'online.html', 'learn.html', 'study.html', 'tournament.html'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
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

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // A page is its file, whatever its fragment or query: one of the app's
  // pages (index, online, learn, study), or the first page for the site's root.
  const name = url.pathname.split('/').pop();
  const page = request.mode === 'navigate'
    ? (PAGES.includes(name) ? `./${name}` : './index.html')
    : null;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(page ?? request, copy));
        }
        return response;
      })
      .catch(() => caches.match(page ?? request, { ignoreSearch: true })
        .then((hit) => hit ?? Response.error())),
  );
});
