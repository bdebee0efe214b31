import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill } from '../../src/i18n/format';
import { pathOf } from '../../src/i18n/paths';
import { axeViolations, chromiumPath, launch, open, phonePage } from './browser';

const SHOTS = 'tests/e2e/screenshots';

describe.skipIf(!chromiumPath)('transfer settings decide how a fine reaches the renter (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each(['en', 'ar'] as const)(
    '%s: manager (own browser) sets manual + consent → renter sees the fine wait → manager transfers → renter accepts, pays from the deposit → return shows it',
    async (lang: Lang) => {
      const t = lang === 'ar' ? ar : en;
      const l = t.transferLogic;
      const v = t.trafficViolation;
      const manager = await phonePage(browser);
      const renter = await phonePage(browser);
      const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/violation-${lang}-${name}.png`, fullPage: true });
      /** Turns a switch to `on`, whatever it was (the server keeps what the last run saved). */
      const setSwitch = async (page: Page, name: string, on: boolean) => {
        const control = page.getByRole('switch', { name });
        if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
      };

      // The manager signs in on their own browser and sets manual transfer with renter consent.
      const m = manager.page;
      await open(m, pathOf('transferLogic', lang));
      await m.getByLabel(t.manager.email, { exact: true }).fill('manager@movecar.ae');
      await m.getByLabel(t.manager.password, { exact: true }).fill('fleet-manager-2026');
      await button(m, t.manager.submit).click();
      await m.getByRole('radio', { name: l.manual }).click();
      await setSwitch(m, l.notify, true);
      await setSwitch(m, l.requireConsent, true);
      if (await button(m, l.save).isEnabled()) {
        await button(m, l.save).click();
        await m.getByRole('status').filter({ hasText: l.activeSince.split('{date}')[0]!.trim() }).waitFor();
      }
      await shot(m, 'settings-saved');
      // A reload keeps them: they are the server's.
      await m.reload({ waitUntil: 'networkidle' });
      await m.getByRole('radio', { name: l.manual, checked: true }).waitFor();
      expect(await m.getByRole('switch', { name: l.requireConsent }).getAttribute('aria-checked')).toBe('true');

      // The contract passes fines on only once a car is linked and transfer is enabled.
      await open(m, pathOf('contracts', lang));
      await m.getByText(fill(t.contracts.currentMode, { mode: l.manual })).waitFor();
      await m.getByLabel(t.contracts.car, { exact: true }).selectOption('bmw-7');
      await setSwitch(m, t.contracts.enableTransfer, true);
      await button(m, t.contracts.save).click();
      await m.getByText(t.contracts.saved.split('{date}')[0]!.trim()).waitFor();

      // The renter (the reviewer's sample rental: deposit held) looks: the fine has arrived and waits.
      const r = renter.page;
      await open(r, '/');
      await button(r, en.index.loadSample).click();
      await r.waitForURL('**/car-pickup');
      await open(r, pathOf('trafficViolation', lang));
      await r.getByText(v.waiting).waitFor();

      // The manager transfers it from their screen.
      await open(m, pathOf('contracts', lang));
      await m.getByText(v.statuses.pending).waitFor();
      await button(m, t.contracts.transferNow).click();
      await m.getByText(v.statuses.awaitingConsent).waitFor();
      expect(await axeViolations(m)).toEqual([]);
      await shot(m, 'contracts');

      // The renter is asked for consent, accepts, pays from the deposit.
      await r.reload({ waitUntil: 'networkidle' });
      await r.getByRole('heading', { level: 2, name: v.consentTitle }).waitFor();
      await shot(r, 'consent');
      await button(r, v.accept).click();
      await r.getByRole('button', { name: fill(v.payWith, { method: v.deposit }) }).click();
      await r.getByText(v.paidDeposit.split('{date}')[0]!.trim()).waitFor();

      // The renter was notified of the transfer.
      await open(r, pathOf('notifications', lang));
      await r.getByRole('heading', { level: 3, name: t.notifications.violationTitle }).waitFor();

      // The return shows the fine, its admin fee, and what comes back: 5,000.00 − 550.00 = 4,450.00.
      await open(r, pathOf('carReturn', lang));
      const refund = r.getByRole('region', { name: t.carReturn.refund });
      await refund.getByText(t.carReturn.kinds.fine).waitFor();
      expect(await refund.textContent()).toContain('550.00');
      expect(await refund.textContent()).toContain('4,450.00');
      expect(await axeViolations(r)).toEqual([]);
      await shot(r, 'return');
      expect([...manager.errors, ...renter.errors]).toEqual([]);
      await m.close();
      await r.close();
    },
  );
});
