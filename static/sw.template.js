// The service worker: the whole site is kept in a cache named after this deploy, so that after
// one visit the game starts and plays offline. Requests go to the network first (a new deploy is
// always seen whole when online) and fall back to the cache. scripts/service-worker.mjs writes
// dist/sw.js from this file after every build, with the deploy's version and file list.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `uno-table-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('uno-table-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        // A page address with a query (a game link) is the same page: one copy is kept.
        if (response.ok && !new URL(request.url).search) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: request.mode === 'navigate' })
        .then((hit) => hit || caches.match('./'))),
  );
});
