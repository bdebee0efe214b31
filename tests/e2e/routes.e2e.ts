import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SCREEN_IDS, pathOf } from '../../src/i18n/paths';
import { axeViolations, chromiumPath, launch, open, phonePage } from './browser';

const SHOTS = 'tests/e2e/screenshots';
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
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each(ROUTES)('%s loads with no console error, no axe violation, and is screenshotted', async (path) => {
    const { page, errors } = await phonePage(browser);
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
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    const name = path === '/' ? 'index' : path.slice(1).replace(/\//g, '-');
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    await page.close();
  });
});
