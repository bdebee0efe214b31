// A fine that comes after the return, in Chromium: the deposit is released, so the renter's fine
// screen says which saved card it will be charged to and when; past that day the server's payments
// worker charges it, and the screen says it was paid by that card.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill, formatDate } from '../../src/i18n/format';
import { pathOf } from '../../src/i18n/paths';
import { SAMPLE_MANAGER } from '../../server/seed';
import { importAndWait } from '../support/imports';
import { CARD_CHARGE_NOTICE_DAYS } from '../../machines/violation';
import { DAY_MS } from '../../machines/money';
import { axeViolations, chromiumPath, launch, open, phonePage, SHOTS, testNow, travelTo } from './browser';
import { apiAs, settledSample } from './sample';

describe.skipIf(!chromiumPath)('a fine after the deposit’s release (Chromium)', () => {
  it.each(['en', 'ar'] as const)('%s: returned and settled; the fine that follows is charged to the saved card on the day it says', async (lang: Lang) => {
    const t = lang === 'ar' ? ar : en;
    const v = t.trafficViolation;
    let browser: Browser | undefined;
    let back: (() => Promise<void>) | undefined;
    try {
      browser = await launch();
      const renter = await phonePage(browser);
      const r: Page = renter.page;
      // The sample rental, returned and settled.
      const { number, pickedUpAt, payment } = await settledSample(r, lang);

      // The company passes fines on automatically; the police's file comes in after the return.
      const manager = apiAs();
      expect((await manager.logIn({ email: SAMPLE_MANAGER.email, password: SAMPLE_MANAGER.password, role: 'manager' })).ok).toBe(true);
      const list = await manager.contracts({ q: number });
      if (!list.ok) throw new Error('contracts');
      const found = await manager.contract(list.body.contracts[0]!.code);
      if (!found.ok) throw new Error('contract');
      const { contract } = found.body;
      const set = await manager.saveTransferSettings(contract.code, { mode: 'automatic', notify: false, consent: false }, contract.version);
      if (!set.ok) throw new Error('settings');
      const linked = await manager.saveSetup(contract.code, { carId: contract.booking!.carId, bookingLinked: true, violationTransfer: true }, set.body.contract.version);
      expect(linked.ok).toBe(true);
      const reference = `DXB-LATE-${lang}-${Date.now()}`;
      const csv = `reference,type,plate,date_time,location,code,description,amount,black_points\n${reference},fine,Dubai B 7007,${new Date(pickedUpAt + 3_600_000).toISOString()},Sheikh Zayed Road,SPEED-20,Speeding,500,4\n${reference}-S,salik,Dubai B 7007,${new Date(pickedUpAt + 2 * 3_600_000).toISOString()},Al Safa,SALIK,Toll gate,4,0\n`;
      const imported = await importAndWait(manager, csv);
      expect(imported.ok && imported.body.report.matched.length).toBe(2);

      // The renter's fine screen: the card and the day it will be charged, with the way to dispute before.
      await open(r, pathOf('trafficViolation', lang));
      const day = formatDate(new Date(testNow() + CARD_CHARGE_NOTICE_DAYS * DAY_MS), lang, 'date');
      await r.getByText(fill(v.cardChargeOn, { last4: payment.last4, date: day })).waitFor();
      await r.getByRole('button', { name: v.dispute }).waitFor();
      // The Salik crossing that came with it: the same card, on its own day (on the hour, a week on).
      await r.getByText(v.salikCardOn.replace('{last4}', payment.last4).split('{date}')[0]!.trim(), { exact: false }).waitFor();
      expect(await axeViolations(r)).toEqual([]);
      await r.screenshot({ path: `${SHOTS}/fine-after-release-${lang}-scheduled.png`, fullPage: true });

      // Past that day the server's payments worker (a round every 30 s) charges the saved card.
      ({ back } = await travelTo(r, testNow() + (CARD_CHARGE_NOTICE_DAYS + 1) * DAY_MS));
      await r.getByText(v.paidCard.replace('{last4}', payment.last4).split('{date}')[0]!.trim()).waitFor({ timeout: 45_000 });
      await r.screenshot({ path: `${SHOTS}/fine-after-release-${lang}-charged.png`, fullPage: true });
      expect(renter.errors).toEqual([]);
    } finally {
      await back?.();
      await browser?.close();
    }
  }, 120_000);
});
