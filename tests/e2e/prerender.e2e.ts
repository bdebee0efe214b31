// Every route's HTML is made at build time (build/prerender.ts): a phone paints the screen's words
// before any script has run, and the server sends it compressed and cacheable the right way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '../../src/i18n/en';
import { ar } from '../../src/i18n/ar';
import { SCREEN_IDS, pathOf } from '../../src/i18n/paths';
import { PHONE, baseURL, chromiumPath, launch, layoutShifts, live, open, phonePage, phonePages } from './browser';

/** Screens whose words are the same for everyone; the others show a placeholder until the user is known. */
const FOR_EVERYONE = [
  'home',
  'services',
  'helpSupport',
  'emergencyAssistance',
  'insurancePolicy',
  'search',
  'logIn',
  'registration',
  'offers',
] as const;
/** Journey steps a visitor cannot open before signing in. */
const LATER_STEPS: readonly string[] = ['rentalContract', 'payment', 'carPickup', 'carReturn'];

/**
 * The page's performance timeline of one type so far, read by an observer (buffered): the tests' clock
 * (Playwright's) stands in for `performance`, whose own lists are then empty.
 */
const timeline = (page: Page, type: 'resource' | 'paint') =>
  page.evaluate(
    (type) =>
      new Promise<{ name: string; startTime: number }[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().map(({ name, startTime }) => ({ name, startTime })));
        }).observe({ type, buffered: true });
      }),
    type,
  );

/**
 * Cuts the page after each element in turn (everything after it in document order removed, as when the
 * parser has read that far and the browser paints) and names the first element, on screen, whose start
 * (top, and the inline-start edge) is not where it is on the whole page.
 */
function halfReadMoves(): string[] {
  const whole = document.body.innerHTML;
  const rtl = document.documentElement.dir === 'rtl';
  // An SVG's shapes are drawn inside a box its attributes size: the box is what can move.
  const all = [...document.body.querySelectorAll('*')].filter((el) => !(el instanceof SVGElement) || el instanceof SVGSVGElement);
  const start = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { top: Math.round(r.top), edge: Math.round(rtl ? r.right : r.left), shown: r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0 };
  };
  const final = all.map(start);
  // The cuts are between boxes: after an element laid out as a block, itself and everything around it
  // (an icon in a flex column is one; an amount's sign or a word inside a line of text is not: a line
  // is read in one go far more often than not, and what it holds can only move as its words come).
  const inLine = (el: Element) => {
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).display.startsWith('inline')) return true;
    }
    return false;
  };
  // Where each cut ends: the last node of the element's own content, in document order. A cut keeps
  // what comes before that and nothing after, so the page read less far is the same page trimmed
  // further: the cuts are taken from the longest to the shortest, each trimming the last one's page
  // (re-reading the page for each cut made this walk most of the file's time).
  const order = new Map<Node, number>();
  const walker = document.createTreeWalker(document.body);
  for (let node = walker.nextNode(), n = 0; node; node = walker.nextNode()) order.set(node, n++);
  const lastOf = (el: Node) => {
    let node = el;
    while (node.lastChild) node = node.lastChild;
    return order.get(node)!;
  };
  const cuts = all.flatMap((el, i) => (inLine(el) ? [] : [{ i, end: lastOf(el) }])).sort((a, b) => b.end - a.end || b.i - a.i);
  // For each element that moved, the first cut (in reading order) it moved at.
  const moved = new Map<number, { at: number; text: string }>();
  for (const { i } of cuts) {
    for (let node: Node = all[i]!; node !== document.body; node = node.parentNode!) {
      while (node.nextSibling) node.nextSibling.remove();
    }
    for (let j = 0; j <= i; j++) {
      const now = start(all[j]!);
      const then = final[j]!;
      if (!now.shown && !then.shown) continue;
      const earlier = moved.get(j);
      if ((now.top !== then.top || now.edge !== then.edge) && !(earlier && earlier.at < i)) {
        moved.set(j, { at: i, text: `${all[j]!.outerHTML.slice(0, 90)} at ${now.top}/${now.edge} (ends at ${then.top}/${then.edge}) when the page stops after ${all[i]!.outerHTML.slice(0, 50)}` });
      }
    }
  }
  document.body.innerHTML = whole;
  // The outermost of each moving group is enough to name it: the first found, reading the page in order.
  return [...moved.entries()]
    .sort(([j, a], [k, b]) => a.at - b.at || j - k)
    .slice(0, 6)
    .map(([, { text }]) => text);
}

describe.skipIf(!chromiumPath)('prerendered pages', () => {
  let browser: Browser;
  // First visits one after another, each in a page the last one emptied (a new page costs the browser
  // about four loads).
  let pages: ReturnType<typeof phonePages>;
  beforeAll(async () => {
    browser = await launch();
    pages = phonePages(browser);
  });
  afterAll(() => browser?.close());

  it.each(['en', 'ar'] as const)(
    'with JavaScript off, every screen (%s) shows its title, language and words; painted half-read (a busy phone paints what it has read), everything is where it ends up',
    async (lang) => {
      const t = lang === 'ar' ? ar : en;
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const moved: Record<string, string[]> = {};
      for (const id of SCREEN_IDS) {
        const response = await page.goto(baseURL + pathOf(id, lang));
        expect(response?.status()).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('h1').count()).toBe(1);
        if (LATER_STEPS.includes(id)) {
          // A visitor may not open this step yet: the page is the step the app sends them to, and says why.
          expect([t.titles.registration, t.titles.logIn].map((title) => `${title} · ${t.brand}`)).toContain(
            await page.title(),
          );
          await expect(page.locator('main > [role="status"]').isVisible()).resolves.toBe(true);
          continue;
        }
        expect(await page.title()).toBe(`${t.titles[id]} · ${t.brand}`);
        // The header's title (the logo on three screens).
        if (!['home', 'registration', 'logIn'].includes(id))
          expect(await page.locator('h1').textContent()).toBe(t.titles[id]);
        // No placeholder: a visitor gets the screen as a visitor sees it.
        expect(await page.locator('main > [aria-busy="true"]').count(), id).toBe(0);
        // The page as the parser leaves it, cut after each element in turn: what is there already must
        // be where it will be once the rest has come (centring on later content moves it).
        const found = await page.evaluate(halfReadMoves);
        if (found.length > 0) moved[pathOf(id, lang)] = found;
      }
      expect(JSON.stringify(moved, null, 1)).toBe('{}');
      await page.goto(baseURL + pathOf('home', lang));
      await expect(page.getByRole('heading', { level: 2, name: t.home.heroTitle }).isVisible()).resolves.toBe(
        true,
      );
      await page.goto(baseURL + pathOf('logIn', lang));
      await expect(page.getByLabel(t.logIn.email).isVisible()).resolves.toBe(true);
      await context.close();
    },
  );

  it('a browser with a session gets a placeholder on the screens about its user, the same words elsewhere', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'movecar_session', value: 'unknown-to-the-server', url: baseURL }]);
    const page = await context.newPage();
    for (const id of SCREEN_IDS) {
      await page.goto(baseURL + pathOf(id, 'ar'));
      const placeholder = await page.locator('main > [aria-busy="true"]').count();
      expect(placeholder, id).toBe(FOR_EVERYONE.includes(id as (typeof FOR_EVERYONE)[number]) ? 0 : 1);
    }
    await context.close();
  });

  it('a visitor opening a later step lands, once the page is live, on the step the app sends them to (EN and AR)', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const taken = await pages.take();
      const { page, errors } = taken;
      await page.goto(baseURL + pathOf('payment', lang), { waitUntil: 'networkidle' });
      const path = new URL(page.url()).pathname;
      expect([pathOf('registration', lang), pathOf('logIn', lang)]).toContain(path);
      await expect(page.locator('main > [role="status"]').isVisible()).resolves.toBe(true);
      expect(errors).toEqual([]);
      await pages.give(taken);
    }
  });

  it('hydrates without a console error and then answers to the user (EN and AR)', async () => {
    for (const path of ['/help-support', '/arabic/help-support', '/arabic', '/search', '/home', '/arabic/services']) {
      const taken = await pages.take();
      const { page, errors } = taken;
      await page.goto(baseURL + path, { waitUntil: 'networkidle' });
      // An accordion opens only once React has taken the page over.
      if (path.endsWith('help-support')) {
        const first = page.locator('main button[aria-expanded]').first();
        await first.click();
        await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
      }
      // The page's CSS is all inline: no stylesheet is fetched (nor the page restyled) as the app starts.
      const resources = await timeline(page, 'resource');
      expect(resources.length).toBeGreaterThan(0);
      expect(resources.map((entry) => new URL(entry.name).pathname).filter((name) => name.endsWith('.css'))).toEqual([]);
      expect(errors).toEqual([]);
      await pages.give(taken);
    }
  });

  it('Home and Services come with the companies’ cars in their first HTML, as the search offers them (EN and AR); the offline copy has none', async () => {
    // JavaScript off: what is on screen is what the server sent.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    for (const [id, lang, shown] of [['home', 'en', 3], ['home', 'ar', 3], ['services', 'en', Infinity], ['services', 'ar', Infinity]] as const) {
      const t = lang === 'ar' ? ar : en;
      await page.goto(baseURL + pathOf(id, lang));
      // The page says what it was rendered with; the search answers the same for that trip.
      const seeds = JSON.parse((await page.locator('#seeds').textContent())!) as { trip: Record<string, string | number> };
      const search = await page.request.get(`${baseURL}/api/cars/search?${new URLSearchParams(Object.entries(seeds.trip).map(([k, v]) => [k, String(v)]))}`);
      const { results } = (await search.json()) as { results: { car: { model: string } }[] };
      expect(results.length).toBeGreaterThan(3);
      const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('button', { name: t.cars.rent }) });
      const models = await cards.getByRole('heading').allTextContents();
      expect(models.length, `${id} ${lang}`).toBe(Math.min(shown, results.length));
      for (const model of models) expect(results.map((r) => r.car.model)).toContain(model);
      // Its pictures are drawn from the page itself (the art's <symbol>s, once): nothing waits for the
      // app to ask the server, nor for a picture's file.
      const art = await cards.first().locator('svg > use').getAttribute('href');
      expect(art).toMatch(/^#art-(sedan|suv|sports)$/);
      expect(await page.locator(`symbol${art!} path`).count()).toBeGreaterThan(3);
      expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
    }
    expect(fetched.filter((path) => /^\/assets\/(sedan|suv|sports)-/.test(path))).toEqual([]);
    // The service worker's copy (fetched by no navigation) is the prerendered page: no prices that would go stale offline.
    const copy = await (await page.request.get(`${baseURL}/home`)).text();
    expect(copy).not.toContain('id="seeds"');
    expect(copy).toContain('aria-busy="true"');

    // The company's admin changes the first car's rate: the next page opened shows the new one.
    await page.goto(baseURL + pathOf('home', 'en'));
    const firstCar = page.getByRole('main').getByRole('listitem').first();
    const model = await firstCar.getByRole('heading').textContent();
    const signInAsAdmin = () =>
      context.request.post(`${baseURL}/api/auth/login`, {
        headers: { origin: baseURL },
        data: { email: 'admin@movecar.ae', password: 'fleet-admin-2026', role: 'staff' },
      });
    expect((await signInAsAdmin()).status()).toBe(200);
    const { cars } = (await (await context.request.get(`${baseURL}/api/fleet`)).json()) as { cars: Record<string, unknown>[] };
    const car = cars.find((c) => c.model === model);
    expect(car, `${model} is the sample company's`).toBeDefined();
    // The form as the admin's screen sends it: the car's fields less what the server keeps itself.
    const form = Object.fromEntries(Object.entries(car!).filter(([key]) => !['id', 'plate', 'picture', 'photos'].includes(key)));
    const edit = (dailyRate: string, version: number) =>
      context.request.put(`${baseURL}/api/fleet/${car!.id as string}`, { headers: { origin: baseURL }, data: { ...form, dailyRate, version } });
    const rate = Number(String(car!.dailyRate).replace(/,/g, ''));
    expect((await edit(String(rate + 7), car!.version as number)).status()).toBe(200);
    try {
      await context.clearCookies();
      await page.goto(baseURL + pathOf('home', 'en'));
      const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: model! }) });
      await expect(card.textContent()).resolves.toContain((rate + 7).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    } finally {
      // Put back for the other tests.
      await signInAsAdmin();
      expect((await edit(String(rate), (car!.version as number) + 1)).status()).toBe(200);
    }
    await context.close();
  });

  it('a first visit asks for nothing before its words are painted; then it links its manifest and starts the app (EN and AR)', async () => {
    for (const [id, lang] of [['registration', 'en'], ['registration', 'ar'], ['helpSupport', 'en'], ['home', 'ar']] as const) {
      const t = lang === 'ar' ? ar : en;
      const { page, errors } = await phonePage(browser);
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(baseURL + pathOf(id, lang), { waitUntil: 'networkidle' });
      // On a slow network every request that ends before the first paint delays it: there is none.
      const paint = (await timeline(page, 'paint')).find((entry) => entry.name === 'first-contentful-paint')!.startTime;
      const resources = await timeline(page, 'resource');
      expect(resources.filter((entry) => entry.startTime < paint).map((entry) => entry.name), id).toEqual([]);
      // Its icon is in the page; its logo is drawn from the page's own symbol, and no file of either is fetched.
      await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toMatch(/^data:image\/svg\+xml,/);
      if (id !== 'helpSupport') {
        await expect(page.locator('header h1').getByRole('img', { name: t.brand }).locator('use').getAttribute('href')).resolves.toBe('#art-logo');
        expect(await page.locator('symbol#art-logo path').count()).toBeGreaterThan(3);
      }
      expect(fetched.filter((path) => /^\/(favicon|assets\/logo-)/.test(path))).toEqual([]);
      // Once painted, the page links its language's manifest and the app starts: it answers the user.
      await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe(`/manifest.${lang}.webmanifest`);
      expect(resources.map((entry) => new URL(entry.name).pathname)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/boot-/)]));
      await live(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("a first visit paints in the phone's faces, fetches the app's after, and shows them at the next screen and visit (EN and AR)", async () => {
    for (const lang of ['en', 'ar'] as const) {
      const t = lang === 'ar' ? ar : en;
      const { page, errors } = await phonePage(browser);
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
      });
      const firstFace = () =>
        page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]!.replace(/"/g, ''));
      await page.goto(baseURL + pathOf('home', lang), { waitUntil: 'networkidle' });
      // The words were painted before any font was asked for, in the metric-matched fallback face.
      const paint = (await timeline(page, 'paint')).find((entry) => entry.name === 'first-contentful-paint')!.startTime;
      const fontAsked = Math.min(...(await timeline(page, 'resource')).filter((entry) => entry.name.endsWith('.woff2')).map((entry) => entry.startTime));
      expect(paint).toBeLessThan(fontAsked);
      expect(await firstFace()).toBe(lang === 'ar' ? 'Noto Sans Arabic fallback' : 'Inter fallback');
      // Once the page is up, the browser fetches the language's faces, but the words on screen stay put.
      const faces =
        lang === 'ar' ? /(inter-latin|noto-sans-arabic)-(400|600|700)/ : /inter-latin-(400|600|700)/;
      await expect.poll(() => fonts.filter((f) => faces.test(f)).length).toBe(lang === 'ar' ? 6 : 3);
      expect(await firstFace()).toBe(lang === 'ar' ? 'Noto Sans Arabic fallback' : 'Inter fallback');
      // The next screen, right after the tap, is in the app's faces.
      await page.getByRole('link', { name: t.nav.search, exact: true }).click();
      await page.waitForURL(baseURL + pathOf('search', lang));
      // The next screen's own CSS, which the page did not carry, comes with it: its filters sit side by side.
      const filters = page.getByRole('group', { name: t.search.filters });
      await expect.poll(() => filters.evaluate((group) => getComputedStyle(group).display)).toBe('grid');
      await expect.poll(firstFace).toBe(lang === 'ar' ? 'Noto Sans Arabic' : 'Inter');
      // And so is the next visit, from its first paint: the page's head reads what the last one left.
      await page.goto(baseURL + pathOf('helpSupport', lang), { waitUntil: 'commit' });
      await page.waitForSelector('h1');
      expect(await firstFace()).toBe(lang === 'ar' ? 'Noto Sans Arabic' : 'Inter');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a later visit whose fonts come late (a busy phone, a cache gone) paints in the fallback faces and keeps them: nothing moves, EN and AR', async () => {
    const { page, errors } = await phonePage(browser);
    // A first visit: the app fetches its faces while idle, and remembers that this browser has them.
    await page.goto(`${baseURL}/arabic/registration`, { waitUntil: 'networkidle' });
    await live(page);
    await page.waitForFunction(() => localStorage.getItem('movecar.fonts') !== null);
    // Now every face takes 800 ms to come, as from a slow disk cache or a network on a later visit.
    await page.context().route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const moved: Record<string, string[]> = {};
    let visit = 0;
    for (const path of ['/registration', '/arabic/registration', '/search', '/arabic/search', '/arabic/help-support']) {
      // Until the app is live and nothing has been under way for a while: the faces have come.
      await open(page, path);
      const seen = await layoutShifts(page);
      if (seen.length > 0) moved[`${path} (${++visit})`] = seen;
    }
    expect(JSON.stringify(moved, null, 1)).toBe('{}');
    expect(errors).toEqual([]);
  });

  it('a form sent before the page is live keeps what was typed out of the address', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/log-in`);
    await page.getByLabel(en.logIn.email).fill('someone@example.ae');
    await page.getByLabel(en.logIn.password).fill('Secret-Passw0rd!');
    await page.getByRole('button', { name: en.logIn.submit }).click();
    await page.waitForLoadState();
    expect(page.url()).toBe(`${baseURL}/log-in`);
    await context.close();
  });

  it('sends pages compressed and revalidated, hashed files cached for a year, and 404 for unknown paths', async () => {
    const page = await fetch(`${baseURL}/arabic/services`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const etag = page.headers.get('etag')!;
    expect((await fetch(`${baseURL}/arabic/services`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    // The page names one boot script and the modules it will fetch: Services' own chunk (with
    // Swiper) and the Arabic words here (the common ones and Services'), not the English ones; the
    // English home has the English words, and neither Services, the Arabic words, nor the words of
    // screens it does not show (a rental's, the managers').
    const modulesOf = (page: string) => /data-modules="([^"]+)"/.exec(page)![1]!.split(' ');
    const boot = /<template id="boot" data-src="([^"]+)"/.exec(html)![1]!;
    const asset = await fetch(baseURL + boot, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is sniff-proof; the policies that govern documents come with the page, not with each script.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${baseURL}/sw.js`)).headers.get('content-security-policy')).toMatch(/worker-src 'self'/);
    // The icon browsers ask for by themselves is the app's.
    const icon = await fetch(`${baseURL}/favicon.ico`, { redirect: 'manual' });
    expect([icon.status, icon.headers.get('location')]).toEqual([301, '/favicon.svg']);
    expect(modulesOf(html).some((m) => /\/assets\/Services-/.test(m))).toBe(true);
    expect(modulesOf(html).some((m) => /\/assets\/ar-common-/.test(m))).toBe(true);
    expect(modulesOf(html).some((m) => /\/assets\/ar-search-/.test(m))).toBe(true);
    expect(modulesOf(html).some((m) => /\/assets\/en-/.test(m))).toBe(false);
    const home = await (await fetch(`${baseURL}/home`)).text();
    expect(modulesOf(home).some((m) => /\/assets\/en-common-/.test(m))).toBe(true);
    expect(modulesOf(home).some((m) => /\/assets\/en-home-/.test(m))).toBe(true);
    expect(modulesOf(home).some((m) => /\/assets\/(Services|ar|en-rental|en-manager)-/.test(m))).toBe(false);
    const shell = await fetch(baseURL + modulesOf(home)[0]!, { headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    // No font is fetched before the first paint (see the test of the app's faces below).
    expect(home).not.toMatch(/as="font"/);

    const unknown = await fetch(`${baseURL}/arabic/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<html lang="ar" dir="rtl">');
    // A record's page opens its screen.
    expect((await fetch(`${baseURL}/booking-details/MC-1234`)).status).toBe(200);
  });
});
