// The service worker: the whole site is kept in a cache named after this deploy, so that after
// one visit the game starts and plays offline. A page asks the network first (a new deploy is
// always seen whole when online), but waits for it at most PATIENCE_MS: on a connection that
// answers nothing (a dead wifi, a train's tunnel) the game starts from the cache instead of
// after the browser gives up, a minute later. scripts/service-worker.mjs writes dist/sw.js from
// this file after every build, with the deploy's version and file list.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `uno-table-${VERSION}`;
const PATIENCE_MS = 4000;
// Once a page came from the cache, its files come from the cache too for a while, so that the
// page and its scripts are one deploy, and none of them waits on the dead line again.
const CACHED_LOAD_MS = 60000;
let cachedUntil = 0;

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
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request));
});

// The cache holds exactly the files installed with this deploy: nothing fetched later is put in
// it, so a newer page seen online can never sit in it beside this deploy's scripts.
const kept = (request) => caches.open(CACHE).then((cache) => cache.match(request));

/** A page (any address of the site, a game link included): the network's answer if it comes in
 * time and is not a host's error, else the kept page. */
async function page(request) {
  const network = fetch(request);
  const copy = await kept('./');
  if (!copy) return network;
  const answered = network.then((r) => (r.status >= 500 ? null : r), () => null);
  const waited = new Promise((resolve) => { setTimeout(() => resolve(null), PATIENCE_MS); });
  const answer = await Promise.race([answered, waited]);
  // A page from the network takes its files from the network too (a newer deploy's).
  cachedUntil = answer ? 0 : Date.now() + CACHED_LOAD_MS;
  return answer || copy;
}

/** A file: from the network, or the kept copy when the network fails; the kept copy first
 * while a page that came from the cache is loading. */
async function file(request) {
  if (Date.now() < cachedUntil) {
    const hit = await kept(request);
    if (hit) return hit;
  }
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await kept(request);
    if (hit) return hit;
    throw error;
  }
}
