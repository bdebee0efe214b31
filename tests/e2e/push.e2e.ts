// Web Push in Chromium against the production server: the renter turns "Alerts on this phone" on in
// their account; the company acknowledges their report; the server's encrypted, signed message reaches
// the local stand-in for the push service (server/push/local.ts), which decrypts it; delivered to the
// app's service worker, it shows as a notification in the renter's language, right to left in Arabic,
// opening the report's screen. Turned off, the device is forgotten.
//
// Chromium's own push service (Google's) is out of reach here, so the page's PushManager is replaced by
// one that subscribes at the local stand-in (with the key the app passes); the app, the server, the
// encryption and the service worker are the real ones.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLocalPushService, type LocalPushService } from '../../server/push/local';
import { en } from '../../src/i18n/en';
import { ar } from '../../src/i18n/ar';
import { pathOf } from '../../src/i18n/paths';
import { axeViolations, chromiumPath, launch, live, phonePage, SHOTS } from './browser';
import { freePort, seededDataDir, startProduction, stop, type Production } from './production';

/** The page's PushManager, subscribing at the local push service through `__pushSubscribe` (kept across reloads). */
function fakePushManager() {
  const KEY = 'test:push-subscription';
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const fromB64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const wrap = (saved: { endpoint: string; keys: { p256dh: string; auth: string }; serverKey: string }) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromB64(saved.serverKey).buffer },
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  const subscribe = (window as unknown as { __pushSubscribe: (key: string) => Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> }).__pushSubscribe;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const serverKey = b64(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
    const saved = { ...(await subscribe(serverKey)), serverKey };
    localStorage.setItem(KEY, JSON.stringify(saved));
    return wrap(saved) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem(KEY);
    return saved ? (wrap(JSON.parse(saved)) as unknown as PushSubscription) : null;
  };
}

describe.skipIf(!chromiumPath)('Web Push in Chromium', () => {
  let browser: Browser;
  let push: LocalPushService;
  let server: Production;
  let base: string;
  const dataDir = seededDataDir('movecar-push-');
  beforeAll(async () => {
    browser = await launch();
    push = await startLocalPushService();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startProduction(port, dataDir, { PUSH_SERVICES: push.origin });
  });
  afterAll(async () => {
    await stop(server);
    await push.close();
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request from the page, with its session. */
  const call = (page: Page, path: string, method: string, body?: unknown) =>
    page.evaluate(
      async ({ path, method, body }) => {
        const response = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
      },
      { path, method, body },
    );

  /** The company's manager, signed in over HTTP: moves the renter's report on. */
  async function managerSets(id: string, status: 'acknowledged' | 'closed') {
    const headers = { origin: base, 'content-type': 'application/json' };
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'manager@movecar.ae', password: 'fleet-manager-2026', role: 'staff' }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('movecar_session='))!.split(';')[0]!;
    const body = status === 'closed' ? { status, note: 'Tyre changed at the roadside' } : { status };
    const answer = await fetch(`${base}/api/incidents/${id}/status`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify(body) });
    expect(answer.status).toBe(200);
  }

  /** Hands `payload` to the page's service worker as its push service would; resolves with what it shows. */
  async function delivered(page: Page, payload: unknown) {
    const cdp = await page.context().newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: await registration, data: JSON.stringify(payload) });
    const showing = () =>
      page.evaluate(async () => {
        const last = (await (await navigator.serviceWorker.ready).getNotifications()).at(-1);
        return last ? { title: last.title, body: last.body, lang: last.lang, dir: last.dir, url: (last.data as { url: string }).url } : null;
      });
    await expect.poll(showing, { timeout: 10_000 }).not.toBeNull();
    const value = (await showing())!;
    await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
    await cdp.detach();
    return value;
  }

  it('turned on from the account, a report’s news reaches the phone in the renter’s language; turned off, no more', async () => {
    const { page, errors } = await phonePage(browser, { wallClock: true });
    await page.context().grantPermissions(['notifications'], { origin: base });
    const endpoints: string[] = [];
    await page.exposeFunction('__pushSubscribe', (serverKey: string) => {
      const device = push.subscribe(serverKey);
      endpoints.push(device.endpoint);
      return device;
    });
    await page.addInitScript(fakePushManager);

    // The reviewer's sample renter, with a car out.
    await page.goto(base + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Load sample rental' }).click();
    await page.waitForURL('**/car-pickup');
    await page.goto(base + pathOf('account', 'en'));
    await live(page);
    const alerts = page.getByRole('switch', { name: en.account.push.label });
    await expect.poll(() => alerts.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('false');
    await alerts.click();
    await page.getByText(en.account.push.on).waitFor();
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    expect(endpoints).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/push-account-en.png`, fullPage: true });

    // A reload reads it back from the browser and the server.
    await page.reload();
    await live(page);
    await expect.poll(() => alerts.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('true');

    // The renter reports a flat tyre; the company acknowledges it.
    const report = await call(page, '/api/incidents', 'POST', { description: 'Flat tyre on the E11', location: '25.20480, 55.27080', more: '' });
    expect(report.status).toBe(201);
    const incident = report.body!.incident as { id: string; reference: string };
    await managerSets(incident.id, 'acknowledged');
    const [english] = await push.waitFor(endpoints[0]!);
    expect(english!.payload).toMatchObject({ title: `Your report ${incident.reference}`, lang: 'en', link: 'emergencyAssistance' });
    expect(await delivered(page, english!.payload)).toEqual({
      title: `Your report ${incident.reference}`,
      body: `The rental company has acknowledged your report ${incident.reference}.`,
      lang: 'en',
      dir: 'ltr',
      url: pathOf('emergencyAssistance', 'en'),
    });

    // In Arabic: the account's language is the messages' language.
    expect((await call(page, '/api/account/preferences', 'PUT', { language: 'ar', currency: 'AED' })).status).toBe(200);
    await managerSets(incident.id, 'closed');
    const arabic = (await push.waitFor(endpoints[0]!, 2))[1]!;
    expect(await delivered(page, arabic.payload)).toEqual({
      title: `بلاغك ${incident.reference}`,
      body: `حالة بلاغك ${incident.reference} لدى شركة التأجير الآن: مغلق.`,
      lang: 'ar',
      dir: 'rtl',
      url: pathOf('emergencyAssistance', 'ar'),
    });

    // The Arabic account screen, then turned off: the server forgets the device.
    await page.goto(base + pathOf('account', 'ar'));
    await live(page);
    const arabicAlerts = page.getByRole('switch', { name: ar.account.push.label });
    await expect.poll(() => arabicAlerts.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/push-account-ar.png`, fullPage: true });
    await arabicAlerts.click();
    await page.getByText(ar.account.push.off).waitFor();
    expect(await arabicAlerts.getAttribute('aria-checked')).toBe('false');
    expect((await call(page, '/api/push/subscription/status', 'POST', { endpoint: endpoints[0] })).body).toEqual({ subscribed: false });
    expect(errors).toEqual([]);
  });
});
