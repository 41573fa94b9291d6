// @ts-check
// The service worker of the app page (registered by offline.js): after one visit the app, the
// course, the WASM packages and the endgame files work with no network.
// - PRECACHE is written into the built file by scripts/precache.mjs: { version, files }, every file
//   of dist/ that the app may fetch, and a version that is a hash of all of them. A new build is a
//   new sw.js, so the browser installs the new worker beside the old one.
// - Install fetches EVERY file of the version into a cache of its own (bypassing the HTTP cache);
//   one failure and the version is not installed at all. A page is served from one version's
//   cache only, so it is never half old and half new.
// - The new worker waits until the page says "skip-waiting" (the child or teacher pressed the
//   "refresh" prompt of offline.js); then it takes over, the pages reload, and older caches go.
// - Requests for anything else (another origin, a file not in the list) go to the network.
// Types: tsconfig.sw.json (a worker's globals). The build writes { version, files } over the string.
/** @type {{ version: string, files: string[] }} */
const PRECACHE = /** @type {any} */ ("__PRECACHE__"); // (any: here a string, built an object)
// the global scope of this service worker (lib webworker types `self` as any worker's)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "chess-tutor-";
const CACHE = PREFIX + PRECACHE.version;
const SCOPE = new URL(sw.registration.scope);
const FILES = new Set(PRECACHE.files);

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // every file fetched before any is stored: a version is cached whole or not at all
      const responses = await Promise.all(
        PRECACHE.files.map(async (f) => {
          const url = new URL(f, SCOPE).href;
          const r = await fetch(url, { cache: "reload" });
          if (!r.ok) throw new Error(`sw: ${f}: HTTP ${r.status}`);
          // a server that redirects index.html to ./ gives a redirected response, which a
          // navigation may not use: keep its body and headers only
          /** @type {[string, Response]} */
          const kept = [url, r.redirected ? new Response(await r.blob(), { status: r.status, statusText: r.statusText, headers: r.headers }) : r];
          return kept;
        }),
      );
      const cache = await caches.open(CACHE);
      await Promise.all(responses.map(([url, r]) => cache.put(url, r)));
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)))),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") sw.skipWaiting();
});

/** The precached file a request stands for (a page's address with a query string is its page;
 *  the scope itself is index.html), or null. @param {Request} request */
function precached(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let rel = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  // the course's data by hashed names (data/lessons/x-0A1B2C3D.json: scripts/data-files.mjs) is
  // the file kept by its own name (its answer's url says so: a path in it is relative to that)
  if (rel.startsWith("data/")) rel = rel.slice(5).replace(/-[0-9A-Z]{8}(\.\w+)$/, "$1");
  return FILES.has(rel) ? new URL(rel, SCOPE).href : null;
}

sw.addEventListener("fetch", (event) => {
  const key = precached(event.request);
  if (!key) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(key);
      // lesson files are a teacher's data, edited in place (dist/lessons is a link to lessons/):
      // served from the cache at once, and refreshed behind it, so an edit shows on the next load
      if (hit && key.startsWith(new URL("lessons/", SCOPE).href)) {
        event.waitUntil(
          fetch(key, { cache: "no-cache" })
            .then((r) => (r.ok ? cache.put(key, r) : null))
            .catch(() => {}),
        );
      }
      return hit ?? fetch(event.request);
    }),
  );
});
