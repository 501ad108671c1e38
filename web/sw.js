// commcalc's service worker: after one visit the app works with the network off.
//
// scripts/post-build.mjs fills in the two constants below at build time: the build id (a hash
// of every built file) and the files of dist/ to precache, relative to this script. The hashed
// names are kept, so a new build is a new set of URLs and a new cache, never a mix of two.
const BUILD = 'BUILD_ID';
const FILES = ['FILE_LIST'];

// One cache per deployment and build: two copies of commcalc on one host (two sub-paths) share
// the browser's cache storage, and must not delete each other's files.
const SCOPE = self.registration.scope;
const PREFIX = `commcalc ${SCOPE} `;
const CACHE = PREFIX + BUILD;
const INDEX = new URL('index.html', SCOPE).href;
const PRECACHED = new Set((FILES ?? []).map((f) => new URL(f, self.location.href).href));

self.addEventListener('install', (event) => {
  if (FILES === null) {
    // A development server's build (trunk serve) must always show the latest code: this
    // worker only removes what an earlier build left behind (see activate).
    self.skipWaiting();
    return;
  }
  // `cache: 'no-cache'` revalidates every file with the server, so that a new build never
  // precaches an old file, while what the page has just downloaded (its module, its styles)
  // comes back as a bodiless 304 from the HTTP cache instead of a second download.
  // There is no skipWaiting here: a new build waits until the page offers a reload, so that a
  // page never runs with half of its files from one build and half from another.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'no-cache' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      if (FILES === null) {
        await caches.delete(CACHE);
        await self.registration.unregister();
      } else {
        // The first visit's page works offline without a reload.
        await self.clients.claim();
      }
    })(),
  );
});

// The page's "Reload" button (sw-register.js): the waiting build takes over.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  let key = request.url;
  if (request.mode === 'navigate') {
    // The app keeps its whole state in the query string, so every navigation to the
    // deployment's root is index.html, whatever its query.
    const url = new URL(request.url);
    url.search = '';
    url.hash = '';
    key = url.href === SCOPE ? INDEX : url.href;
  }
  // Anything not built here (another page of the host, a course page's own files) goes to the
  // network as if there were no worker.
  if (!PRECACHED.has(key)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      // The browser may evict a cache under storage pressure: fall back to the network.
      .then((cached) => cached ?? fetch(request)),
  );
});
