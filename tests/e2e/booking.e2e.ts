// Finding and managing a booking in Chromium, in English and Arabic, on the production server: search
// SUVs for given dates (only free ones, with totals), book one, find it under Reservations, move the
// return a day earlier (the refund shown first), cancel it (the refund shown first), and redeem
// Winter Escape on a new SUV booking (its own line in the price).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { toDubaiInput } from '../../machines/booking';
import { DAY_MS } from '../../machines/money';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill, formatAmount } from '../../src/i18n/format';
import { pathOf, type ScreenId } from '../../src/i18n/paths';
import { axeViolations, baseURL, chromiumPath, launch, open, phonePage, registered, SHOTS, testNow } from './browser';
import { CARDS, payAtProvider } from './provider';

describe.skipIf(!chromiumPath)('finding, booking, changing and cancelling in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  // Each try books the Patrol a week further out than the one before: a test CI runs again finds it free.
  const tries: Record<Lang, number> = { en: 0, ar: 0 };
  it.each([
    ['en', 40],
    ['ar', 55],
  ] as const)('%s: search SUVs, book one, see it under Reservations, change its dates, cancel it, redeem Winter Escape', async (lang: Lang, firstDay) => {
    const daysAhead = firstDay + 7 * tries[lang]++;
    const t = lang === 'ar' ? ar : en;
    const { page, errors } = await phonePage(browser);
    const path = (id: ScreenId) => pathOf(id, lang);
    const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const money = (fils: number) => formatAmount(fils, lang);
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/booking-${lang}-${name}.png`, fullPage: true });
    await registered(page);

    // Search: given dates (three days), SUVs only.
    const start = new Date(testNow() + daysAhead * DAY_MS);
    const from = `${toDubaiInput(start.getTime()).slice(0, 10)}T10:00`;
    const to = `${toDubaiInput(start.getTime() + 3 * DAY_MS).slice(0, 10)}T10:00`;
    await open(page, path('search'));
    await field(t.search.pickupLocation).selectOption('dxb-t3');
    await field(t.search.dropoffLocation).selectOption('dxb-t3');
    await field(t.search.pickupAt).fill(from);
    await field(t.search.dropoffAt).fill(to);
    await button(t.search.submit).click();
    await field(t.search.type).selectOption('suv');
    // Only the free SUVs, each with its total for the three days: Patrol 3 × 950 + VAT = 2,992.50.
    const rent = (car: string) => button(fill(t.cars.rentCar, { car }));
    await rent('Nissan Patrol').waitFor();
    await rent('Range Rover Sport').waitFor();
    await expect(page.getByRole('button', { name: fill(t.cars.rentCar, { car: 'Toyota Camry' }) }).count()).resolves.toBe(0);
    await page.getByText(money(299_250)).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot('search');

    // Book the Patrol: contract, then payment.
    await rent('Nissan Patrol').click();
    await page.waitForURL((url) => url.pathname === path('rentalContract'));
    await page.getByText('Nissan Patrol').first().waitFor();
    await button(t.rentalContract.acceptTerms).click();
    await button(t.rentalContract.verify).click();
    await field(t.rentalContract.signature).fill('Shamsa Al Dhaheri');
    await button(t.rentalContract.sign).click();
    await button(t.rentalContract.proceed).click();
    await page.waitForURL((url) => url.pathname === path('payment'));
    await payAtProvider(page, lang, [CARDS.approved], new URL(baseURL).origin);
    await button(t.payment.proceed).waitFor();

    // Reservations: under Upcoming, and it opens the booking.
    await open(page, path('reservations'));
    const upcoming = page.getByRole('region', { name: t.reservations.upcoming });
    await upcoming.getByText('Nissan Patrol').waitFor();
    await shot('reservations');
    await upcoming.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith(path('bookingDetails')));

    // New dates: a day shorter; the refund (one day's rent with VAT, 997.50) is shown before it moves.
    const change = page.getByRole('region', { name: t.bookingChanges.changeTitle });
    await change.getByLabel(t.search.dropoffAt, { exact: true }).fill(`${toDubaiInput(start.getTime() + 2 * DAY_MS).slice(0, 10)}T10:00`);
    await change.getByRole('button', { name: t.bookingChanges.check, exact: true }).click();
    await change.getByText(fill(t.bookingChanges.toRefund, { last4: '4242' })).waitFor();
    await change.getByText(money(99_750)).waitFor();
    await shot('change-quote');
    await change.getByRole('button', { name: t.bookingChanges.confirmChange, exact: true }).click();
    await change.getByText(t.bookingChanges.changed).waitFor();

    // Cancel: free this far ahead, so all of what was paid (2 days: 1,995.00) goes back; asked twice.
    const cancel = page.getByRole('region', { name: t.bookingChanges.cancelTitle });
    await cancel.getByRole('button', { name: t.bookingChanges.cancel, exact: true }).click();
    await cancel.getByText(money(199_500)).first().waitFor();
    await shot('cancel-confirm');
    await cancel.getByRole('button', { name: new RegExp(t.bookingChanges.confirmCancel.split('{refund}')[0]!.trim()) }).click();
    await page.getByText(t.bookingDetails.statuses.cancelled).first().waitFor();
    await shot('cancelled');

    // The Patrol is free again: book it anew and redeem Winter Escape before paying.
    await page.goto(`${baseURL}${path('search')}?type=suv&pickup=dxb-t3&dropoff=dxb-t3&from=${from}&to=${to}`);
    await rent('Nissan Patrol').click();
    await page.waitForURL((url) => url.pathname === path('rentalContract'));
    await open(page, path('offers'));
    await page.getByRole('button', { name: t.offers.redeem }).first().click();
    await page.getByRole('link', { name: t.offers.toPayment }).click();
    await page.waitForURL((url) => url.pathname === path('rentalContract') || url.pathname === path('payment'));
    // 2,850.00 less 20% (570.00), VAT on the rest: 2,394.00.
    await page.getByText(t.payment.winterDiscount).first().waitFor();
    await page.getByText(money(239_400)).first().waitFor();
    await shot('winter');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
