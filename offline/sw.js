// The offline app's service worker (served by the server at /offline/sw.js with its version and
// file list filled in: src/asztal/server/offline_files.py). On its first visit it caches the page,
// the game page's scripts, the worker, the engine's pack and the Pyodide runtime in a cache named
// by the version, and the rules panel's text of each game in both languages; a new version fills
// a new cache and drops the old ones. Later, every file of that list comes from the cache (the
// network is not asked: the app starts with none), and any other request (the rules' text too)
// goes to the network, falling back to what the cache holds.

const VERSION = "__VERSION__";
const CACHE = `asztal-offline-${VERSION}`;
const FILES = __FILES__;
const LISTED = new Set(FILES.map((f) => new URL(f, self.location.origin).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(f, {cache: "reload"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("asztal-offline-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  url.search = "";
  url.hash = "";
  if (LISTED.has(url.href)) {
    event.respondWith(caches.open(CACHE).then(async (cache) =>
      (await cache.match(url.href)) || fetch(req)));
    return;
  }
  // the rules panel's text (/api/rules/GAME?lang=..., cached on the first visit) is told apart by
  // its query; another page's file by its path alone
  const api = url.pathname.startsWith("/api/");
  event.respondWith(fetch(req).catch(async () => {
    const held = await caches.match(req, {ignoreSearch: !api});
    if (held) return held;
    throw new Error("offline");
  }));
});
