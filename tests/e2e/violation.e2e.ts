import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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
    '%s: manual + consent → transfer → accept → pay from deposit → refund shows it',
    async (lang: Lang) => {
      const t = lang === 'ar' ? ar : en;
      const l = t.transferLogic;
      const v = t.trafficViolation;
      const { page, errors } = await phonePage(browser);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const shot = (name: string) =>
        page.screenshot({ path: `${SHOTS}/violation-${lang}-${name}.png`, fullPage: true });

      // The manager signs in and sets manual transfer with renter consent.
      await open(page, pathOf('transferLogic', lang));
      await page.getByLabel(t.manager.email, { exact: true }).fill('manager@movecar.ae');
      await page.getByLabel(t.manager.password, { exact: true }).fill('fleet-manager-2026');
      await button(t.manager.submit).click();
      await page.getByRole('radio', { name: l.manual }).click();
      await page.getByRole('switch', { name: l.notify }).click();
      await page.getByRole('switch', { name: l.requireConsent }).click();
      await button(l.save).click();
      await page
        .getByRole('status')
        .filter({ hasText: l.activeSince.split('{date}')[0]!.trim() })
        .waitFor();
      await shot('settings-saved');

      // A reload keeps them.
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('radio', { name: l.manual, checked: true }).waitFor();
      expect(await page.getByRole('switch', { name: l.requireConsent }).getAttribute('aria-checked')).toBe(
        'true',
      );

      // A fine arrives; in manual mode it waits for the manager, who transfers it.
      await open(page, pathOf('contracts', lang));
      await page.getByText(fill(t.contracts.currentMode, { mode: l.manual })).waitFor();
      // The contract passes fines on only once a car is linked and transfer is enabled.
      await page.getByLabel(t.contracts.car, { exact: true }).selectOption('bmw-7');
      await page.getByRole('switch', { name: t.contracts.enableTransfer }).click();
      await button(t.contracts.save).click();
      await page.getByText(t.contracts.saved.split('{date}')[0]!.trim()).waitFor();
      await button(t.contracts.newFine).click();
      await page.getByText(v.statuses.pending).waitFor();
      await button(t.contracts.transferNow).click();
      await page.getByText(v.statuses.awaitingConsent).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot('contracts');

      // The renter (the reviewer's sample rental: deposit held) sees it await consent, accepts, pays from the deposit.
      await open(page, '/');
      await button(en.index.loadSample).click();
      await page.waitForURL('**/car-pickup');
      await open(page, pathOf('trafficViolation', lang));
      await page.getByRole('heading', { level: 2, name: v.consentTitle }).waitFor();
      await shot('consent');
      await button(v.accept).click();
      await page.getByRole('button', { name: fill(v.payWith, { method: v.deposit }) }).click();
      await page.getByText(v.paidDeposit.split('{date}')[0]!.trim()).waitFor();

      // The renter was notified of the transfer.
      await open(page, pathOf('notifications', lang));
      await page.getByRole('heading', { level: 3, name: t.notifications.violationTitle }).waitFor();

      // The return shows the fine, its admin fee, and what comes back: 5,000 − 550 = 4,450.
      await open(page, pathOf('carReturn', lang));
      const refund = page.getByRole('region', { name: t.carReturn.refund });
      await refund.getByText(t.carReturn.kinds.fine).waitFor();
      expect(await refund.textContent()).toContain('550.00');
      expect(await refund.textContent()).toContain('4,450');
      expect(await axeViolations(page)).toEqual([]);
      await shot('return');
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
