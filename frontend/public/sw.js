/*
 * Treble's service worker: keeps the app shell (index.html, every built script and style, icons)
 * so the app opens at once from the home screen and still opens offline, where it says so.
 * It never caches the API or the socket: data is always live. Web Push (reminders, results, messages)
 * comes from push-sw.js, loaded here: this file stays the one service worker of the app.
 */
importScripts('/push-sw.js');
const SHELL_CACHE = 'treble-shell-v3';
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/favicon-32.png', '/icons/icon-192.png'];

/** The built files index.html loads (hashed, so a new release brings new names). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // What the first page needs, which the browser has just downloaded anyway: index.html and
      // its own files. The code of the other pages follows once the page is usable (below).
      const cache = await caches.open(SHELL_CACHE);
      const response = await fetch('/', { cache: 'no-cache' });
      const html = await response.clone().text();
      await cache.put('/', response);
      await cache.addAll([...SHELL_FILES.filter((url) => url !== '/'), ...assetsOf(html)]);
      await self.skipWaiting();
    })(),
  );
});

/**
 * Every other built script and style (the build lists them in app-shell.json), so that pages whose
 * code loads on demand open offline too. The page asks for it when it is idle after its first
 * render (register-service-worker.ts), so a first visit downloads only what it shows first.
 */
async function cacheAppShell() {
  const cache = await caches.open(SHELL_CACHE);
  const list = await fetch('/app-shell.json', { cache: 'no-cache' });
  if (!list.ok) return;
  for (const asset of (await list.json()).assets) if (!(await cache.match(asset))) await cache.add(asset);
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'cache-app-shell') event.waitUntil(cacheAppShell().catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const offlinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Treble: offline</title></head><body style="font-family:system-ui,sans-serif;background:#f4f2f8;color:#1b1530;display:grid;place-items:center;min-height:100vh;margin:0"><main style="max-width:24rem;padding:1.5rem;text-align:center"><h1>You are offline</h1><p>Treble needs a connection to load. Try again once you are back online.</p></main></body></html>`;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;

  // Pages: the network first (a new release shows at once), the cached shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok && url.pathname === '/') {
            const cache = await caches.open(SHELL_CACHE);
            await cache.put('/', response.clone());
          }
          return response;
        } catch {
          const shell = await caches.match('/');
          return (
            shell ?? new Response(offlinePage, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
          );
        }
      })(),
    );
    return;
  }

  // Hashed assets never change: the cache first; a chunk loaded later (a page's own code) is kept too.
  if (url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok && url.pathname.startsWith('/assets/')) {
          const cache = await caches.open(SHELL_CACHE);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
  }
});
