// Installable and usable offline: the service worker (build/pwa.ts) in real Chromium against the
// production server. Online once, then with the network gone, pages open by URL in English and Arabic,
// and a server action says, in the reader's language, that it needs a connection, keeping what was typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, type Catalog } from '../../src/i18n/en';
import { ar } from '../../src/i18n/ar';
import { fill } from '../../src/i18n/format';
import { LOGO_SCREENS, pathOf, type ScreenId } from '../../src/i18n/paths';
import { baseURL, chromiumPath, launch, live, PHONE, uniqueEmail, SHOTS, onTestClock, reportOnFailure } from './browser';

/** The page is controlled by the app's service worker, with everything precached. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    // The app registers /sw.js after the load event (src/client/serviceWorker.ts).
    const deadline = Date.now() + 10_000;
    while (!(await navigator.serviceWorker.getRegistration()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (!(await navigator.serviceWorker.getRegistration())) throw new Error('The app registered no service worker');
    await navigator.serviceWorker.ready;
  });
  // clients.claim() on activation: this very page is controlled without a reload.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Opens a path (offline: from the worker's cache) and waits for its screen. */
async function openScreen(page: Page, path: string) {
  await page.goto(baseURL + path, { waitUntil: 'load' });
  await live(page);
}

async function expectTitle(page: Page, t: Catalog, id: ScreenId) {
  const h1 = page.locator('header h1');
  // The logo is drawn from the page's own symbol (build/art.ts) or its file: either way an image named for the brand.
  if (LOGO_SCREENS.has(id)) expect(await h1.getByRole('img', { name: t.brand }).count()).toBe(1);
  else expect((await h1.textContent())?.trim()).toBe(t.titles[id]);
}

/** A first visit, before the service worker has stored the app (it is kept from starting): the page and its errors. */
async function firstVisit(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, serviceWorkers: 'block' });
  await onTestClock(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  reportOnFailure(page);
  await openScreen(page, path);
  return { context, page, errors };
}

describe.skipIf(!chromiumPath)('offline in Chromium: installable, pages open, actions say they need a connection', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  describe.each([
    { lang: 'en' as const, t: en, dir: 'ltr' },
    { lang: 'ar' as const, t: ar, dir: 'rtl' },
  ])('$lang', ({ lang, t, dir }) => {
    it('opens the app offline by URL and keeps a log-in typed offline, saying it needs a connection', async () => {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
      await onTestClock(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Left open for a failure's report (the hooks that report run after the test); the browser closes it.
      reportOnFailure(page);
      await openScreen(page, pathOf('home', lang));
      await controlled(page);

      // The manifest of the page's language: linked from the page when the HTML links it, always fetchable.
      const manifestPath = `/manifest.${lang}.webmanifest`;
      const linked = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href') ?? null);
      if (linked !== null) expect(linked).toBe(manifestPath);
      const manifest = await page.evaluate(async (path) => {
        const response = await fetch(path);
        return { type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
      }, manifestPath);
      expect(manifest.body).toMatchObject({
        lang,
        dir,
        name: t.brand,
        start_url: pathOf('home', lang),
        scope: '/',
        display: 'standalone',
        theme_color: '#0b6e4f',
      });
      const icons = manifest.body.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      const themeColor = await page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
      expect(themeColor?.toLowerCase()).toBe('#0b6e4f');

      await context.setOffline(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      // Screens opened by URL with no network: their title, their words, in the reader's language.
      for (const id of ['helpSupport', 'services', 'emergencyAssistance', 'home'] as const) {
        await openScreen(page, pathOf(id, lang));
        await expectTitle(page, t, id);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir]);
      }
      await page.getByRole('heading', { name: t.home.heroTitle }).waitFor();
      await openScreen(page, pathOf('helpSupport', lang));
      await page.getByText(t.help.faq).first().waitFor();
      expect(errors).toEqual([]);
      // A record's page falls back to its screen's page; its data needs the network, and it says so.
      await page.goto(`${baseURL}${pathOf('bookingDetails', lang, 'MC-2026-0412')}?from=offline`, { waitUntil: 'load' });
      await expectTitle(page, t, 'bookingDetails');
      // A path the app does not know opens the language's "not found" page.
      await page.goto(`${baseURL}${lang === 'ar' ? '/arabic' : ''}/no-such-page`, { waitUntil: 'load' });
      await page.locator('header h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.title()).toBe(t.brand);
      expect(errors).toEqual([]);

      // A server action offline: log in. The message says it needs a connection; nothing typed is lost.
      await openScreen(page, pathOf('logIn', lang));
      // The app opened offline says so at the top (the session could not be read).
      await page.getByRole('status').filter({ hasText: t.journey.sync.offline }).waitFor();
      // Chromium's emulated offline state is not reported (navigator.onLine) to a document loaded while
      // it is on, as a real device's is: set it again for this one.
      await context.setOffline(false);
      await context.setOffline(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      const email = uniqueEmail(`offline-${lang}`);
      await page.getByLabel(t.logIn.email, { exact: true }).fill(email);
      await page.getByLabel(t.logIn.password, { exact: true }).fill('not-the-password-1');
      await page.getByRole('button', { name: t.logIn.submit, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: t.journey.sync.needsConnection }).waitFor();
      expect(await page.getByLabel(t.logIn.email, { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel(t.logIn.password, { exact: true }).inputValue()).toBe('not-the-password-1');
      await page.screenshot({ path: `${SHOTS}/offline-${lang}-log-in.png`, fullPage: true });

      // Back online, the same form goes to the server, which answers (no such account).
      await context.setOffline(false);
      await page.getByRole('button', { name: t.logIn.submit, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: t.errors.wrongCredentials }).waitFor();
      expect(errors).toEqual([]);
    });

    it('a first visit that loses the network before the app is stored: Rent says it needs a connection', async () => {
      // No service worker yet: the journey's code, which a tap on Rent fetches, cannot come.
      const { context, page, errors } = await firstVisit(browser, pathOf('home', lang));
      const rent = page.getByRole('button', { name: fill(t.cars.rentCar, { car: 'Mercedes-Benz S-Class' }) });
      await expect.poll(() => rent.isEnabled(), { timeout: 30_000 }).toBe(true);
      await context.setOffline(true);
      await rent.click();
      await page.getByRole('status').filter({ hasText: t.journey.sync.needsConnection }).waitFor();
      expect(page.url()).toBe(baseURL + pathOf('home', lang));
      await expect.poll(() => rent.isEnabled()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a first visit that loses the network: a screen or language not fetched yet says so, and opens when it is back', async () => {
      const other = lang === 'en' ? ar : en;
      const { context, page, errors } = await firstVisit(browser, pathOf('home', lang));
      await context.setOffline(true);

      // Services' code was never fetched: the layout stays, saying why; the screen opens once online.
      await page.getByRole('link', { name: t.home.explore }).click();
      const alert = page.getByRole('alert').filter({ hasText: t.unavailable.offline });
      await alert.waitFor();
      await expectTitle(page, t, 'services');
      expect(await page.locator('h1').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/offline-${lang}-screen-unavailable.png`, fullPage: true });
      // Back online, the page comes again by itself.
      await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
      await live(page);
      await page.getByRole('heading', { level: 1, name: t.titles.services }).waitFor();
      expect(await alert.count()).toBe(0);
      expect(page.url()).toBe(baseURL + pathOf('services', lang));

      // The other language's words were never fetched: said in this page's language.
      await context.setOffline(true);
      await page.getByRole('link', { name: t.language.switchLabel }).click();
      await alert.waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.locator('h1').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/offline-${lang}-language-unavailable.png`, fullPage: true });
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: other.titles.services }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'en' ? 'rtl' : 'ltr');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a screen whose files are gone (a deploy while the page was open) says so, and a reload brings it', async () => {
      const { context, page, errors } = await firstVisit(browser, pathOf('home', lang));
      let asked = 0;
      await page.route('**/assets/Services-*.js', (route) => (asked++, route.fulfill({ status: 404 })));
      await page.getByRole('link', { name: t.home.explore }).click();
      await page.getByRole('alert').filter({ hasText: t.unavailable.failed }).waitFor();
      // Asked for once (twice when the module's preload hint asks too), not again and again: Chromium
      // 156 fetches a module that failed once more on each import, and each render imported it anew.
      expect(asked).toBeGreaterThan(0);
      expect(asked).toBeLessThanOrEqual(2);
      await expectTitle(page, t, 'services');
      await page.unroute('**/assets/Services-*.js');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: t.unavailable.reload }).click()]);
      await live(page);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(page.url()).toBe(baseURL + pathOf('services', lang));
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
