// Table Companion's service worker (written by bin/publish): precaches every file of the build, serves them
// from the cache first, so that the app starts with the network off. A new build has a new VERSION: it is
// cached whole before it takes over, then the old cache is deleted. The play history is not in these caches
// (it lives in IndexedDB), so an update never touches it. Of the web client's two renderers, only the one this
// browser runs is cached (the page registers sw.js?renderer=...: Flutter's loader picks it by the browser).
const VERSION = "{VERSION}";
const CACHE = `table-companion-${VERSION}`;
const FILES = ["{FILES}"];
const RENDERERS = {"{RENDERERS}": []};
const RENDERER = RENDERERS[new URL(self.location.href).searchParams.get("renderer")];

self.addEventListener("install", (event) => {
  const files = [...FILES, ...(RENDERER || Object.values(RENDERERS).flat())];
  event.waitUntil(
    caches.open(CACHE)
      // "no-cache": files the page just loaded come back as 304s, never stale ones from another build
      .then((cache) => cache.addAll(files.map((name) => new Request(name, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("table-companion-") && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app is index.html (routes live after the #); files match without their query.
    const cached = request.mode === "navigate"
      ? await cache.match("./")
      : await cache.match(request, { ignoreSearch: true });
    return cached || fetch(request);
  })());
});
