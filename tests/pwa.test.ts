// @vitest-environment node
// The service worker build/pwa.ts writes from src/sw/worker.ts: what it precaches, and which cached
// page stands for a URL offline (run in a bare context, as the browser would run it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceWorker, pageTable, precachedFiles } from '../build/pwa';
import { SCREEN_IDS, pathOf } from '../src/i18n/paths';
import { fallbackPath } from '../src/sw/pages';

const outDir = mkdtempSync(join(tmpdir(), 'movecar-pwa-'));
const put = (path: string, content = path) => {
  mkdirSync(join(outDir, path, '..'), { recursive: true });
  writeFileSync(join(outDir, path), content);
};
put('index.html');
put('favicon.svg');
put('manifest.en.webmanifest');
put('manifest.ar.webmanifest');
put('icons/icon-192.png');
put('icons/icon-maskable-512.png');
put('assets/index-abc123.js');
put('assets/index-def456.css');
put('assets/inter-latin-400-normal-xyz.woff2');
put('assets/fonts/nested-1.woff2');
put('home/index.html'); // a prerendered page: precached by its URL, not as a file
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * Runs the built worker in a context of its own, as the browser would: a bare scope with fake caches
 * and a network. `online: false` makes every fetch fail. Returns its listeners and what it did.
 */
function loadWorker(source: string, { windows = [] as FakeWindow[], online = true } = {}) {
  const listeners: Record<string, unknown> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const cache = { name: '', added: [] as string[], put: [] as [string, number][], matched: [] as string[] };
  const context = {
    self: {
      addEventListener: (type: string, listener: unknown) => (listeners[type] = listener),
      location: { origin: 'https://movecar.ae' },
      registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
      clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url), claim: async () => undefined },
      skipWaiting: async () => undefined,
    },
    URL,
    Request: class {
      constructor(readonly url: string) {}
    },
    // Online, a page is there (the "not found" pages with their 404); offline, nothing answers.
    fetch: async (request: { url: string }) => {
      if (!online) throw new TypeError('Failed to fetch');
      return { status: request.url.endsWith('/not-found') ? 404 : 200, redirected: false };
    },
    caches: {
      open: async (name: string) => {
        cache.name = name;
        return {
          addAll: async (urls: string[]) => void cache.added.push(...urls),
          put: async (url: string, response: { status: number }) => void cache.put.push([url, response.status]),
          match: async (url: string) => (cache.matched.push(url), { cachedPage: url }),
        };
      },
    },
  };
  runInNewContext(source, context);
  return { listeners, shown, opened, cache };
}

/** What the worker puts in its cache when it is installed. */
async function installed(source: string) {
  const worker = loadWorker(source);
  await dispatch(worker.listeners.install, {});
  return worker.cache;
}

/** A window of the app the worker can focus and send to another page. */
interface FakeWindow {
  url: string;
  focus(): Promise<FakeWindow>;
  navigate?(url: string): Promise<void>;
}

/** Runs a listener as the browser would, with `waitUntil` collecting its work; resolves when it is done. */
async function dispatch(listener: unknown, event: Record<string, unknown>) {
  const work: Promise<unknown>[] = [];
  (listener as (e: object) => void)({ ...event, waitUntil: (p: Promise<unknown>) => work.push(p) });
  await Promise.all(work);
}

describe('the service worker build/pwa.ts writes', () => {
  it('precaches every page of the app in both languages, and the index', () => {
    const { pages } = pageTable();
    expect(pages).toContain('/');
    for (const id of SCREEN_IDS) {
      expect(pages).toContain(pathOf(id, 'en'));
      expect(pages).toContain(pathOf(id, 'ar'));
    }
    expect(pages).toHaveLength(1 + 2 * SCREEN_IDS.length);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toEqual(expect.arrayContaining(['/home', '/arabic', '/help-support', '/arabic/help-support']));
  });

  it('precaches the built assets (any kind, any depth), the icons, the favicon and both manifests; no HTML file', () => {
    expect(precachedFiles(outDir)).toEqual([
      '/assets/fonts/nested-1.woff2',
      '/assets/index-abc123.js',
      '/assets/index-def456.css',
      '/assets/inter-latin-400-normal-xyz.woff2',
      '/favicon.svg',
      '/icons/icon-192.png',
      '/icons/icon-maskable-512.png',
      '/manifest.ar.webmanifest',
      '/manifest.en.webmanifest',
    ]);
  });

  it('installs with them, every page and both "not found" pages, in a cache whose name changes with what is precached', async () => {
    const source = await buildServiceWorker(outDir);
    const { listeners } = loadWorker(source);
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'notificationclick', 'push', 'pushsubscriptionchange']);
    const cache = await installed(source);
    expect(cache.name).toMatch(/^movecar-[0-9a-f]{16}$/);
    expect(cache.added).toEqual(precachedFiles(outDir));
    expect(cache.put).toEqual([...pageTable().pages.map((p) => [p, 200]), ['/not-found', 404], ['/arabic/not-found', 404]]);
    expect(await buildServiceWorker(outDir)).toBe(source); // the same build, the same worker
    put('assets/index-abc123.js', 'changed');
    expect((await installed(await buildServiceWorker(outDir))).name).not.toBe(cache.name);
  });

  it('offline, a URL opens its own cached page; a record opens its screen; anything else the language’s home', async () => {
    const table = pageTable();
    const cases: [string, string][] = [
      ['/', '/'],
      ['/all', '/'],
      ['/home', '/home'],
      ['/help-support', '/help-support'],
      ['/help-support/', '/help-support'],
      ['/arabic', '/arabic'],
      ['/arabic/', '/arabic'],
      ['/arabic/help-support', '/arabic/help-support'],
      ['/booking-details/ABC', '/booking-details'],
      ['/arabic/booking-details/MC-2026-0412', '/arabic/booking-details'],
      ['/contracts/MC-2026-0412', '/contracts'],
      ['/arabic/transfer-logic/MC-2026-0412', '/arabic/transfer-logic'],
      ['/help-support/ABC', '/not-found'], // not a screen that opens a record
      ['/booking-details/a/b', '/not-found'],
      ['/nowhere', '/not-found'],
      ['/arabic/nowhere', '/arabic/not-found'],
      ['/arabicx', '/not-found'],
    ];
    for (const [url, page] of cases) expect([url, fallbackPath(table, url)]).toEqual([url, page]);
    for (const id of SCREEN_IDS) {
      expect(fallbackPath(table, pathOf(id, 'en'))).toBe(pathOf(id, 'en'));
      expect(fallbackPath(table, pathOf(id, 'ar'))).toBe(pathOf(id, 'ar'));
    }
    // The built worker, offline, answers a navigation with that page from its cache.
    const worker = loadWorker(await buildServiceWorker(outDir), { online: false });
    const answers: Promise<unknown>[] = [];
    for (const url of ['/arabic/booking-details/MC-2026-0412', '/nowhere?x=1']) {
      const request = { url: `https://movecar.ae${url}`, method: 'GET', mode: 'navigate' };
      (worker.listeners.fetch as (e: object) => void)({ request, respondWith: (p: Promise<unknown>) => answers.push(p) });
    }
    expect(await Promise.all(answers)).toEqual([{ cachedPage: '/arabic/booking-details' }, { cachedPage: '/not-found' }]);
  });

  it('leaves the API, other origins and non-GET requests to the network', async () => {
    const { listeners } = loadWorker(await buildServiceWorker(outDir));
    const fetchListener = listeners.fetch as (event: object) => void;
    const handled = (url: string, method = 'GET', mode = 'cors') => {
      let responded = false;
      fetchListener({ request: { url, method, mode }, respondWith: () => (responded = true) });
      return responded;
    };
    expect(handled('https://movecar.ae/api/auth/session')).toBe(false);
    expect(handled('https://movecar.ae/api/auth/uaepass/start?lang=en', 'GET', 'navigate')).toBe(false);
    expect(handled('https://movecar.ae/api/auth/login', 'POST')).toBe(false);
    expect(handled('https://elsewhere.example/assets/x.js')).toBe(false);
    expect(handled('https://movecar.ae/help-support', 'GET', 'navigate')).toBe(true);
    expect(handled('https://movecar.ae/assets/index-abc123.js')).toBe(true);
    expect(handled('https://movecar.ae/manifest.ar.webmanifest')).toBe(true);
  });

  it('shows a push message in its language and direction; a tap opens its record, in a window already open when there is one', async () => {
    const worker = loadWorker(await buildServiceWorker(outDir));
    const push = (data: unknown) => dispatch(worker.listeners.push, { data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
    await push({ title: 'سيارتك Toyota Yaris جاهزة للاستلام', body: 'في 12:00', lang: 'ar', link: 'bookingDetails', tag: 'pickupReminder:MC-1' });
    await push({ title: 'A traffic fine was passed to you', body: 'AED 500.00', lang: 'en', link: 'contracts:MC-2026-0412', tag: 'fine:1' });
    // A record's key that is not one, a screen that is not one, a message that is not JSON: still shown, opening the home page.
    await push({ title: 'x', body: 'y', lang: 'ar', link: 'contracts:../../api/x' });
    await push({ title: 'x', body: 'y', lang: 'en', link: 'nowhere' });
    await push('{not json');
    expect(worker.shown.map((n) => [n.title, n.options.lang, n.options.dir, (n.options.data as { url: string }).url])).toEqual([
      ['سيارتك Toyota Yaris جاهزة للاستلام', 'ar', 'rtl', pathOf('bookingDetails', 'ar')],
      ['A traffic fine was passed to you', 'en', 'ltr', pathOf('contracts', 'en', 'MC-2026-0412')],
      ['x', 'ar', 'rtl', pathOf('contracts', 'ar')],
      ['x', 'en', 'ltr', '/'],
      ['Move car', 'en', 'ltr', '/'],
    ]);
    expect(worker.shown[0]!.options).toMatchObject({ body: 'في 12:00', tag: 'pickupReminder:MC-1', icon: '/icons/icon-192.png' });

    const tap = async (url: string, windows: FakeWindow[]) => {
      const w = loadWorker(await buildServiceWorker(outDir), { windows });
      let closed = false;
      await dispatch(w.listeners.notificationclick, { notification: { data: { url }, close: () => (closed = true) } });
      expect(closed).toBe(true);
      return w.opened;
    };
    // No window open: a new one on the record.
    expect(await tap('/arabic/booking-details', [])).toEqual(['https://movecar.ae/arabic/booking-details']);
    // The app open elsewhere: that window goes to the record.
    const moved: string[] = [];
    const open: FakeWindow = { url: 'https://movecar.ae/home', focus: async () => open, navigate: async (url) => void moved.push(url) };
    expect(await tap('/traffic-violation', [open])).toEqual([]);
    expect(moved).toEqual(['https://movecar.ae/traffic-violation']);
  });
});
