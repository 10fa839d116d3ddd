// StashBlog service worker: offline storefront shell and static assets, and web push for owners.
// What is cached: hashed build assets and media (immutable: cache first), the icons and manifest,
// and storefront pages (network first; the last copy is shown offline). Never cached: anything
// under /api/ (admin responses above all), the admin area (/userAdmin), sign-in, and non-GETs.
const VERSION = 'v1';
const STATIC = `stashblog-static-${VERSION}`;
const PAGES = `stashblog-pages-${VERSION}`;
const MEDIA = `stashblog-media-${VERSION}`;
const PRECACHE = ['/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];
const MAX_PAGES = 50;
const MAX_MEDIA = 200;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC)
      .then((c) => c.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([STATIC, PAGES, MEDIA]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('stashblog-') && !keep.has(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function neverCached(url) {
  return (
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/userAdmin') ||
    url.pathname === '/signIn' ||
    url.pathname.endsWith('/signIn') ||
    url.pathname === '/sw.js'
  );
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

async function cacheFirst(request, cacheName, max) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A redirected answer is not the file asked for: a width not made yet points at the JPEG for a
  // minute (decision 045), so keeping it under the width's url would hide the width for good.
  if (response.ok && response.type === 'basic' && !response.redirected) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
    if (max) trim(cacheName, max);
  }
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const cc = response.headers.get('cache-control') || '';
    // 'private' is fine here: this cache is the visitor's own (pages with a CSP nonce are sent
    // 'private, no-cache' so that no shared cache reuses the nonce; docs/decisions/018).
    if (response.ok && response.type === 'basic' && !/no-store/.test(cc)) {
      const cache = await caches.open(PAGES);
      await cache.put(request, response.clone());
      trim(PAGES, MAX_PAGES);
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, STATIC));
  } else if (url.pathname.startsWith('/media/')) {
    event.respondWith(cacheFirst(request, MEDIA, MAX_MEDIA));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  }
});

// Web push (modules/push): { title, body, url } for each new lead or message.
self.addEventListener('push', (event) => {
  let data = { title: 'StashBlog', body: '', url: '/userAdmin/notifications' };
  try {
    data = { ...data, ...event.data.json() };
  } catch {}
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/userAdmin/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === target && 'focus' in w) return w.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
