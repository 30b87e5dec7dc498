// Table Companion's service worker (written by bin/publish): precaches every file of the build, serves them
// from the cache first, so that the app starts with the network off. A new build has a new VERSION: it is
// cached whole in the background, where a file whose content did not change is copied from the cache of the
// build before instead of fetched again (FILES names each file with its content's hash); then it waits, and
// takes over at the next start, or when the page asks (page.html: no game is being entered), and the old
// cache is deleted. The play history is not in these caches (it lives in IndexedDB), so an update never
// touches it. Files the app needs only on some phones (WHEN_NEEDED) are cached when first fetched, and kept
// across updates while unchanged. Of the web client's two renderers, only the one this browser runs is cached (the page registers
// sw.js?renderer=...: Flutter's loader picks it by the browser).
const VERSION = "{VERSION}";
const CACHE = `table-companion-${VERSION}`;
const FILES = {"{FILES}": ""};
const RENDERERS = {"{RENDERERS}": {}};
const WHEN_NEEDED = {"{WHEN_NEEDED}": ""};  // files cached only once the app asks for them (and then kept)
const RENDERER = RENDERERS[new URL(self.location.href).searchParams.get("renderer")];
const CONTENTS = "build-contents.json";  // kept in each cache: FILES of the build it holds

async function earlierBuilds() {
  const builds = [];
  for (const name of await caches.keys()) {
    if (name.startsWith("table-companion-") && name !== CACHE) {
      const cache = await caches.open(name);
      const contents = await cache.match(CONTENTS);
      if (contents) {
        builds.push([cache, await contents.json()]);
      }
    }
  }
  return builds;
}

async function install() {
  const files = { ...FILES, ...(RENDERER || Object.assign({}, ...Object.values(RENDERERS))) };
  const [cache, earlier] = await Promise.all([caches.open(CACHE), earlierBuilds()]);
  const kept = async (name, hash) => {
    for (const [other, contents] of earlier) {
      const same = contents[name] === hash && await other.match(name);
      if (same) {
        await cache.put(name, same);
        return true;
      }
    }
    return false;
  };
  await Promise.all(Object.entries(WHEN_NEEDED).map(([name, hash]) => kept(name, hash)));
  await Promise.all(Object.entries(files).map(async ([name, hash]) => {
    if (await kept(name, hash)) {
      return undefined;
    }
    // "no-cache": a file the page just loaded comes back as a 304, never a stale one from another build
    const response = await fetch(new Request(name, { cache: "no-cache" }));
    if (!response.ok) {
      throw new Error(`${name}: ${response.status}`);
    }
    return cache.put(name, response);
  }));
  await cache.put(CONTENTS, new Response(JSON.stringify({ ...WHEN_NEEDED, ...files }), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(install().catch(async (error) => {
    await caches.delete(CACHE);  // tried again whole at the next update check
    throw error;
  }));
});

self.addEventListener("message", (event) => {
  if (event.data === "take over") {
    self.skipWaiting();
  }
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
    if (cached) {
      return cached;
    }
    const response = await fetch(request);
    const name = new URL(request.url).pathname.slice(new URL("./", self.location.href).pathname.length);
    if (response.ok && name in WHEN_NEEDED) {
      await cache.put(name, response.clone());
    }
    return response;
  })());
});
