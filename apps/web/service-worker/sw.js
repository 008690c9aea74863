// The service worker of the installable app (docs/notifications.md). The build (vite.config.ts,
// serviceWorkerPlugin) writes it to dist/sw.js with the list of files to precache and a version
// in place of the two placeholders below.
const PRECACHE = self.__PRECACHE_MANIFEST__;
const CACHE = `bidyourdate-shell-${self.__PRECACHE_VERSION__}`;
const OFFLINE_PAGE = '/offline.html';
const DEFAULT_ICON = '/icons/icon-192.png';

// Install: cache the app shell (the hashed bundles, the offline page, the icons) in one go.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

// Activate: drop the shells of older versions and serve open tabs at once.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith('bidyourdate-shell-') && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// Fetch: pages always come from the network (they carry run-time config and fresh data); when the
// network is gone the offline page stands in for the browser's error. The precached bundles come
// from the cache. The API, the WebSocket and everything else go to the network untouched.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/ws') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE).then((page) => page ?? Response.error())));
    return;
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached ?? fetch(request)));
  }
});

// Push: the server's payload is { type, title, body, url } (url is an app path); always show it
// (a push that shows nothing is refused by browsers).
self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/';
  event.waitUntil(
    self.registration.showNotification(typeof payload.title === 'string' ? payload.title : 'BidYourDate', {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: DEFAULT_ICON,
      badge: DEFAULT_ICON,
      tag: typeof payload.type === 'string' ? `${payload.type}:${url}` : undefined,
      data: { url },
    }),
  );
});

function readPayload(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

// Click: bring an open tab of the app to the notification's page, or open one there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path =
    event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(openOrFocus(target));
});

async function openOrFocus(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target);
  let shown = open;
  if (open.url !== target) {
    // navigate() needs a tab this worker controls; a tab that is not is left alone and a new one opened.
    const navigated = await open.navigate(target).catch(() => null);
    if (!navigated) return self.clients.openWindow(target);
    shown = navigated;
  }
  return shown.focus().catch(() => shown);
}
