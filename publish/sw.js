// Table Companion's service worker (written by bin/publish): precaches every file of the build, serves them
// from the cache first, so that the app starts with the network off. A new build has a new VERSION: it is
// cached whole before it takes over, then the old cache is deleted. The play history is not in these caches
// (it lives in IndexedDB), so an update never touches it. Of the web client's two renderers, only the one this
// browser runs is cached (the page registers sw.js?renderer=...: Flutter's loader picks it by the browser).
const VERSION = "{VERSION}";
const CACHE = `table-companion-${VERSION}`;
const FILES = ["{FILES}"];
const RENDERERS = {"{RENDERERS}": []};
const RENDERER_NAME = new URL(self.location.href).searchParams.get("renderer");
const RENDERER = RENDERERS[RENDERER_NAME];
const SNAPSHOT = "{SNAPSHOT}";

// Chromium (the browsers that run skwasm) keeps Python's snapshot unpacked in the cache, 43 MB instead of 10.6 MB:
// each start then reads it as it is, where unpacking it took 0.3-1.5 s of every start on a busy machine. The other
// browsers, whose storage may be tighter (Safari), keep it packed; the Python worker takes either (worker.js).
async function unpackSnapshot(cache) {
  const packed = await cache.match(SNAPSHOT);
  if (!packed) {
    return;  // a build without a snapshot
  }
  const bytes = new Uint8Array(await packed.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {  // else served with Content-Encoding: gzip, unpacked already
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    await cache.put(SNAPSHOT, new Response(unpacked, { headers: { "Content-Type": "application/octet-stream" } }));
  }
}

self.addEventListener("install", (event) => {
  const files = [...FILES, ...(RENDERER || Object.values(RENDERERS).flat())];
  event.waitUntil(
    caches.open(CACHE)
      // "no-cache": files the page just loaded come back as 304s, never stale ones from another build
      .then((cache) => cache.addAll(files.map((name) => new Request(name, { cache: "no-cache" })))
        .then(() => RENDERER_NAME === "skwasm" && unpackSnapshot(cache).catch((error) => {
          console.warn("the snapshot stays packed:", error);  // the packed one is still in the cache
        })))
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
