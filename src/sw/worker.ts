// Move car's service worker, served as /sw.js. build/pwa.ts compiles this module on its own (it runs
// in the worker's scope, with the WebWorker types of ./tsconfig.json, not the page's) and writes the
// build's facts where it reads `self.__MOVECAR_BUILD` (as Workbox's injectManifest does).
//
// - Navigations: the network first; offline, the page cached for that path (./pages.ts).
// - /assets/*: the cache first (their names are hashed, they never change).
// - /api/*: never intercepted and never cached, so the app sees it is offline and says so.
// - Web Push (server/push): the server's message shown in its language; a tap opens its record.
import { fallbackPath, pageOfLink, type WorkerBuild } from './pages';

declare const self: ServiceWorkerGlobalScope & { __MOVECAR_BUILD: WorkerBuild };

const { version, files: FILES, table } = self.__MOVECAR_BUILD;
const CACHE = `movecar-${version}`;

/** A response the cache can give to a navigation: a redirect's is rebuilt (browsers refuse those). */
async function storable(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Fetches a page past the HTTP cache; `expected` is the status it must come with. */
async function fresh(page: string, expected: (status: number) => boolean): Promise<Response> {
  const response = await fetch(new Request(page, { cache: 'reload', credentials: 'same-origin' }));
  if (!expected(response.status)) throw new Error(`Could not precache ${page}: ${response.status}`);
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES);
      await Promise.all(table.pages.map(async (page) => cache.put(page, await storable(await fresh(page, (s) => s >= 200 && s < 300)))));
      // The "not found" pages come with 404, as they should: kept as they are.
      await Promise.all(Object.values(table.notFound).map(async (page) => cache.put(page, await fresh(page, (s) => s === 404))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('movecar-') && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function fromCache(request: Request | string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(request, { ignoreSearch: true });
}

/** The network, else what the cache has for `offline`; the network's error when it has nothing. */
async function networkFirst(request: Request, offline: Request | string = request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromCache(offline);
    if (cached) return cached;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await fromCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => undefined);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Another origin, and the API (data, sign-in redirects, documents): the network only, as if no worker were here.
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, fallbackPath(table, url.pathname)));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  } else if (FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

/** What a push message carries (server/push/store.ts); anything else in it is ignored. */
interface PushMessage {
  title?: unknown;
  body?: unknown;
  lang?: unknown;
  link?: unknown;
  tag?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

// The browser requires every push to show something, so one that cannot be read still shows the app's name.
self.addEventListener('push', (event) => {
  let data: PushMessage = {};
  try {
    data = (event.data?.json() as PushMessage | null) ?? {};
  } catch {
    data = {};
  }
  const lang = data.lang === 'ar' ? 'ar' : 'en';
  event.waitUntil(
    self.registration.showNotification(text(data.title) || 'Move car', {
      body: text(data.body) ?? '',
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      tag: text(data.tag),
      icon: '/icons/icon-192.png',
      data: { url: pageOfLink(table, data.link, lang) },
    }),
  );
});

// A tap opens its record in a window of the app already open, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = text((event.notification.data as { url?: unknown } | null)?.url) || '/';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const open = windows.find((client) => 'navigate' in client);
      if (open) return (await open.focus()).navigate(url);
      return self.clients.openWindow(url);
    })(),
  );
});

// The browser renewed the device's push subscription: the server gets the new one (for the account
// signed in; with none, the server refuses it and the account screen offers to turn alerts on again).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const renewed = event.newSubscription ?? (event.oldSubscription && (await self.registration.pushManager.subscribe(event.oldSubscription.options)));
      if (!renewed) return;
      await fetch('/api/push/subscription', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(renewed.toJSON()),
      });
    })(),
  );
});
