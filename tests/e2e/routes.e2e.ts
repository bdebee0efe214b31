import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SCREEN_IDS, pathOf } from '../../src/i18n/paths';
import { axeViolations, baseURL, chromiumPath, launch, layoutShifts, open, phonePage, phonePages, SHOTS } from './browser';

const ROUTES = [
  '/',
  '/all',
  ...SCREEN_IDS.map((id) => pathOf(id, 'en')),
  ...SCREEN_IDS.map((id) => pathOf(id, 'ar')),
  '/no-such-page',
  '/arabic/no-such-page',
];

const JOURNEY = /\/(rental-contract|payment|car-pickup|car-return)$/;

describe.skipIf(!chromiumPath)('every route in Chromium at 390×844', () => {
  let browser: Browser;
  let pages: ReturnType<typeof phonePages>;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    pages = phonePages(browser);
  });
  afterAll(() => browser?.close());

  // A few pages at once (Vitest's maxConcurrency): each has a context of its own, and nothing here
  // is timed, so the browser's other process and the server's idle moments are used. Each route is a
  // first visit, in a page an earlier route emptied (a new one costs the browser four times the load).
  it.concurrent.for(ROUTES)('%s loads with no console error, nothing moving once painted, no axe violation, and is screenshotted', async (path, { expect, onTestFailed }) => {
    const taken = await pages.take(onTestFailed);
    const { page, errors } = taken;
    if (JOURNEY.test(path)) {
      // Journey steps open once the journey allows them: load the reviewer's sample rental first.
      await open(page, '/');
      await page.getByRole('button', { name: 'Load sample rental' }).click();
      await page.waitForURL('**/car-pickup');
    }
    await open(page, path);
    expect(new URL(page.url()).pathname).toBe(path);
    const arabic = path.startsWith('/arabic');
    expect(await page.getAttribute('html', 'dir')).toBe(arabic ? 'rtl' : 'ltr');
    expect(await page.locator('h1').count()).toBe(1);
    // Once live, with what the app asked for in (the session, the screen's data, the demo's buttons),
    // nothing on screen has moved since the first paint. In full on failure: what moved, from where.
    expect((await layoutShifts(page)).join('\n')).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    // An unknown path is answered with its language's "not found" page and the status 404, which
    // Chromium logs as a failed load of the page itself.
    const notFound = path.endsWith('/no-such-page');
    expect(errors.filter((e) => !(notFound && e.includes('status of 404')))).toEqual([]);
    const name = path === '/' ? 'index' : path.slice(1).replace(/\//g, '-');
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    await pages.give(taken);
  });
});

describe.skipIf(!chromiumPath)('the production build opens no inspector and sends nothing elsewhere', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('?inspect on the production server opens nothing, and every request stays on this server', async () => {
    const { page, errors } = await phonePage(browser);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const popups: unknown[] = [];
    page.on('popup', (popup) => popups.push(popup));
    await open(page, '/payment?inspect');
    await page.getByRole('button', { name: 'Pay Now' }).count();
    expect(popups).toEqual([]);
    const origin = new URL(baseURL).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    // The inspector is not even in the build the server sends (every chunk, lazy ones too).
    const assets = join(inject('distDir'), 'assets');
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(readFileSync(join(assets, chunk), 'utf8'), chunk).not.toMatch(/createBrowserInspector|stately\.ai/);
    await page.close();
  });
});
