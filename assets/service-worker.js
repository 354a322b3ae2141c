// The site offline (issue 19): after the first visit the page opens and plays with no network.
// cmake/SiteManifest.cmake writes this file into the built site with the build's files and a hash
// of them, so each build has its own cache, "gridlab-<hash>", and its own worker script: a new build
// installs beside the old one and takes over when a page starts (web/offline.js); every page open
// then reloads on it, so a page never mixes one build's .js with another's .wasm. Files under lang/ (a
// language's catalogue and font) are cached when first used, so a class downloads only its own.
'use strict';
const BUILD = '@GRIDLAB_BUILD@';
const PRECACHE = @GRIDLAB_PRECACHE@;
const ON_DEMAND = @GRIDLAB_ON_DEMAND@;
const CACHE = 'gridlab-' + BUILD;
const scoped = (path) => new URL(path, self.registration.scope).href;
const KNOWN = new Set([...PRECACHE, ...ON_DEMAND].map(scoped));

self.addEventListener('install', (event) => {
  // cache: 'reload': this build's files from the server, never from the HTTP cache.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((path) => new Request(scoped(path), { cache: 'reload' })));
    if (!self.registration.active) await self.skipWaiting();  // the first build: nothing to mix with
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith('gridlab-') && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'build') {
    event.ports[0].postMessage({ build: BUILD });
  } else if (message.type === 'take-over') {
    // A page starting while this build waits: it takes over, and the pages open reload on it.
    event.ports[0].postMessage({ tookOver: true });
    event.waitUntil(self.skipWaiting());
  } else if (message.type === 'cache-used' && Array.isArray(message.urls)) {
    // What the page loaded before this worker controlled it (the first visit's language files).
    event.waitUntil(cacheOnce(message.urls.filter((url) => KNOWN.has(url))));
  }
});

async function cacheOnce(urls) {
  if (!(await caches.has(CACHE))) return;  // a newer build deleted it: this worker's days are over
  const cache = await caches.open(CACHE);
  for (const url of urls)
    // no-cache: the server confirms the browser's copy (its ETag), so what was just downloaded is
    // not downloaded again (the Code lesson's Python is megabytes), and a stale copy is not kept.
    if (!(await cache.match(url))) await cache.add(new Request(url, { cache: 'no-cache' }));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  // The site's files have no query: the page's (?game=..., ?lang=...) opens the cached page.
  const address = new URL(request.url);
  address.search = address.hash = '';
  const url = address.href === scoped('./') ? scoped('index.html') : address.href;
  if (!KNOWN.has(url)) return;
  event.respondWith((async () => {
    // A newer build deleted this one's cache (its pages are reloading): the network, without
    // opening the cache again, which would bring it back.
    if (!(await caches.has(CACHE))) return fetch(request);
    const cache = await caches.open(CACHE);
    const cached = await cache.match(url);
    // The page says which build served it (web/offline.js checks it against the worker in charge).
    if (cached && request.mode === 'navigate') {
      const page = (await cached.text()).replace('<head>', `<head><meta name="gridlab-build" content="${BUILD}">`);
      return new Response(page, { headers: cached.headers });
    }
    if (cached) return cached;
    const response = await fetch(url, { cache: 'reload' });
    if (response.ok) await cache.put(url, response.clone());
    return response;
  })());
});
