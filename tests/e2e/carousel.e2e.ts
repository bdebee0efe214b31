import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '../../src/i18n/en';
import { ar } from '../../src/i18n/ar';
import { chromiumPath, launch, open, phonePage } from './browser';

/** Geometry of the rental-companies carousel: how many slides fit, and where the first one is. */
function measure(page: Page) {
  return page.evaluate(() => {
    const container = document.querySelector('.swiper')!.getBoundingClientRect();
    const [first, second] = [...document.querySelectorAll('.swiper-slide')].map((s) =>
      s.getBoundingClientRect(),
    );
    const gap = Math.abs(second!.left - first!.left) - first!.width;
    const slides = document.querySelectorAll('.swiper-slide').length;
    return {
      /** How far the track can move: the slides' length past the container's. */
      travel: slides * (first!.width + gap) - gap - container.width,
      visible: (container.width + gap) / (first!.width + gap),
      gap,
      firstLeft: first!.left - container.left,
      firstRight: first!.right - container.right,
      width: first!.width,
    };
  });
}

describe.skipIf(!chromiumPath)('Services carousel in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each([
    { path: '/services', t: en, dir: 'ltr' },
    { path: '/arabic/services', t: ar, dir: 'rtl' },
  ])('$dir: shows 2.3 slides 30 px apart, and a dot click moves it', async ({ path, t, dir }) => {
    const { page, errors } = await phonePage(browser);
    await open(page, path);
    const carousel = page.getByRole('region', { name: t.services.companiesNav });
    await carousel.waitFor();

    const before = await measure(page);
    expect(before.visible).toBeCloseTo(2.3, 1);
    expect(before.gap).toBeCloseTo(30, 0);
    // The first slide starts at the reading-start edge: left in LTR, right in RTL.
    if (dir === 'ltr') expect(before.firstLeft).toBeCloseTo(0, 0);
    else expect(before.firstRight).toBeCloseTo(0, 0);

    const dot = carousel.getByRole('button', { name: t.services.slide.replace('{n}', '2') });
    await dot.click();
    await page.waitForTimeout(600); // Swiper's 300 ms slide transition
    const after = await measure(page);
    // Moving to slide 2 pushes slide 1 out past the reading-start edge: a slide's width and gap, or as
    // far as the track goes when the last slide is already in view (three companies, 2.3 shown).
    const shift = Math.min(before.width + before.gap, before.travel);
    expect(shift).toBeGreaterThan(before.width / 2);
    if (dir === 'ltr') expect(after.firstLeft).toBeCloseTo(-shift, 0);
    else expect(after.firstRight).toBeCloseTo(shift, 0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
