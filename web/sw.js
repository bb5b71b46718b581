// Hunt Chess service worker: the whole site is cached on the first visit, so
// the app starts with no network afterwards. Each build has its own cache
// (scripts/web.sh writes the build's ID below): a new build's worker fetches
// every file again, takes over at once, and drops the old caches; the page
// loaded after that runs the new build.
'use strict';

const BUILD = '__BUILD__';
const CACHE = 'huntchess-' + BUILD;
const FILES = [
  './',
  'index.html',
  'start.js',
  'wasm_exec.js',
  'huntchess.wasm',
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-192.png',
  'icons/maskable-512.png',
  'icons/apple-touch-icon.png',
  'icons/favicon-32.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: 'reload' skips the HTTP cache, which may still hold the
    // previous build's files.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('huntchess-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// Cache first: every file of a build is in its cache. A page URL with a
// query (developer settings, ?HUNTCHESS_LANG=…) is the same page. Anything
// else (not in the list) goes to the network; an endgame table is cached
// once fetched, and a range request is left to the network.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // A range request (a block of a bound table too large to download whole,
  // tables/GAME.bound.hctb or its parts GAME.bound.hctb.part-NNN, read a
  // block at a time) goes to the network untouched: its 206 reply cannot be
  // cached (Cache.put refuses it). The parts' list, tables/manifest.json,
  // is cached as a table is.
  if (req.headers.has('range')) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = req.mode === 'navigate' ? './' : req;
    const hit = await cache.match(key, { ignoreSearch: req.mode === 'navigate' });
    if (hit) return hit;
    const resp = await fetch(req);
    // An endgame table (tables/…) is fetched when its game is first played:
    // kept from then on, for the next visits and offline.
    if (resp.ok && url.pathname.includes('/tables/')) await cache.put(req, resp.clone());
    return resp;
  })());
});
