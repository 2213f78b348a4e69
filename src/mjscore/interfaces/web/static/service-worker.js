// The service worker (served at /sw.js, so that it looks after every page): it keeps the app shell
// (the pages, scripts, styles, labels, icons, and the tile and ruleset lists the pages start from)
// in a cache named after this release, so the app opens from the home screen with no network.
//
// The server puts three constants before this file (app.py, service_worker): VERSION, a hash of the
// release's static files (a new release is a new script, which the browser installs in place of
// this one; its cache replaces this one's), SHELL, the URLs to keep, and PAGES, the page paths
// (as regular expressions) with the HTML file each is served from.
//
// Everything is asked of the server first, so a phone that reaches it always runs the current
// release; only when the server cannot be reached does the cached copy answer, marked with the
// header X-Mjscore-Offline so the page can say so (offline.js). The tables' API is never cached:
// it holds the club's scores, which a phone must not show stale as if they were current.

/* global VERSION, SHELL, PAGES */

const CACHE = `mjscore-${VERSION}`;
const OFFLINE_HEADER = "X-Mjscore-Offline";
// How long a page waits for the server before it opens from the cache (a server that hangs rather
// than refusing); the files a page then asks for wait as long as the browser does.
const PATIENCE_MS = 10000;

self.addEventListener("install", (event) => {
  // "reload": the server's files, never an older copy from the browser's HTTP cache
  const requests = SHELL.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("mjscore-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

/** The cache key that answers `url` offline: a page's HTML file, else the URL itself when it is
 * part of the shell (the ruleset tables are kept as they are read); null: not kept. */
function cacheKey(url) {
  for (const [pattern, file] of PAGES) {
    if (new RegExp(pattern).test(url.pathname)) return file;
  }
  if (SHELL.includes(url.pathname) || url.pathname.startsWith("/api/rulesets/")) return url.pathname + url.search;
  return null;
}

async function fromCache(key) {
  const cached = await caches.match(key, { cacheName: CACHE });
  if (!cached) return Response.error();
  const headers = new Headers(cached.headers);
  headers.set(OFFLINE_HEADER, "1");
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

async function networkFirst(request, key) {
  const patience = new AbortController();
  const timer = request.mode === "navigate" ? setTimeout(() => patience.abort(), PATIENCE_MS) : null;
  try {
    const response = await fetch(request, { signal: patience.signal });
    if (response.ok && request.mode !== "navigate") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch {
    return fromCache(key);
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = cacheKey(url);
  if (key !== null) event.respondWith(networkFirst(event.request, key));
});
