// A refund by the company, in Chromium: after the return is settled, the company's manager opens the
// booking at the counter, gives back part of the payment with a reason (asked once more with the
// amount), sees it listed, and is refused the same refund again; the renter's notifications say it.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill, formatAmount, isolated } from '../../src/i18n/format';
import { pathOf } from '../../src/i18n/paths';
import { SAMPLE_MANAGER } from '../../server/seed';
import { axeViolations, baseURL, chromiumPath, launch, live, open, phonePage, SHOTS } from './browser';
import { settledSample } from './sample';

describe.skipIf(!chromiumPath)('a refund by the company (Chromium)', () => {
  it.each(['en', 'ar'] as const)('%s: the manager refunds part of the payment after the settlement, once; the renter is told', async (lang: Lang) => {
    const t = lang === 'ar' ? ar : en;
    const k = t.counter;
    let browser: Browser | undefined;
    try {
      browser = await launch();
      const renter = await phonePage(browser);
      const r = renter.page;
      // The sample rental, returned and settled.
      const { number } = await settledSample(r, lang);

      // The manager signs in and opens the booking at the counter.
      const boss = await phonePage(browser);
      const m = boss.page;
      await m.goto(baseURL + pathOf('handovers', lang, number));
      await live(m);
      await m.getByLabel(t.manager.email).fill(SAMPLE_MANAGER.email);
      await m.getByLabel(t.manager.password).fill(SAMPLE_MANAGER.password);
      await m.getByRole('button', { name: t.staff.signIn }).click();
      const section = m.getByRole('region', { name: k.refundTitle });
      await section.getByText(k.refundNone).waitFor();
      const form = section.getByRole('form', { name: k.refundTitle });
      // The payment is chosen (the first charge), with what is left of it; nothing typed: each field says what it needs, focus on the first.
      await form.getByLabel(k.refundCharge).selectOption({ index: 0 });
      await form.getByText(k.refundLeft.split('{amount}')[1]!.split('{left}')[0]!.trim(), { exact: false }).waitFor();
      await form.getByRole('button', { name: k.refund, exact: true }).click();
      await form.getByText(t.problems.amount).waitFor();
      expect(await m.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');
      // Arabic-Indic digits are amounts too.
      await form.getByLabel(k.refundAmount).fill(lang === 'ar' ? '١٠٠٫٥٠' : '100.50');
      await form.getByLabel(k.refundReason).fill('The air conditioning failed on the first day');
      await form.getByRole('button', { name: k.refund, exact: true }).click();
      const confirm = form.getByRole('button', { name: fill(k.refundConfirm, { amount: isolated(`${t.money.currency} ${formatAmount(10_050, lang)}`) }) });
      expect(await axeViolations(m)).toEqual([]);
      await m.screenshot({ path: `${SHOTS}/company-refund-${lang}-confirm.png`, fullPage: true });
      await confirm.click();
      await section.getByText('“The air conditioning failed on the first day”', { exact: false }).or(section.getByText('«The air conditioning failed on the first day»', { exact: false })).waitFor();
      expect(await section.getByRole('listitem').count()).toBe(1);
      await m.screenshot({ path: `${SHOTS}/company-refund-${lang}-given.png`, fullPage: true });

      // The same refund again, as a second click on another screen would send it: refused, saying by whom.
      await form.getByLabel(k.refundAmount).fill('100.50');
      await form.getByLabel(k.refundReason).fill('The air conditioning failed on the first day');
      await form.getByRole('button', { name: k.refund, exact: true }).click();
      await form.getByRole('button', { name: fill(k.refundConfirm, { amount: isolated(`${t.money.currency} ${formatAmount(10_050, lang)}`) }) }).click();
      await form.getByText(k.alreadyRefunded.split('{by}')[0]!.trim(), { exact: false }).waitFor();
      expect(await section.getByRole('listitem').count()).toBe(1);

      // The renter's notifications: the refund from the rental company, with its reason.
      await open(r, pathOf('notifications', lang));
      await r.getByText(t.notifications.kinds.companyRefund.title).waitFor();
      expect(await axeViolations(r)).toEqual([]);
      await r.screenshot({ path: `${SHOTS}/company-refund-${lang}-renter.png`, fullPage: true });
      // Booking Details lists it among the booking's payments.
      await open(r, pathOf('bookingDetails', lang));
      await r.getByText(t.bookingDetails.moneyKinds.companyRefunded).waitFor();
      expect(await axeViolations(r)).toEqual([]);
      await r.screenshot({ path: `${SHOTS}/company-refund-${lang}-booking.png`, fullPage: true });
      expect(renter.errors).toEqual([]);
      // The second refund's answer (409, given already) is the only one the browser reports.
      expect(boss.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
      expect(boss.errors.filter((e) => e.includes('status of 409'))).toHaveLength(1);
    } finally {
      await browser?.close();
    }
  }, 120_000);
});
