import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { plural } from '../../src/i18n/format';
import { PAGE_TEXT } from '../../server/payments/standin/pages';
import { CARDS } from '../support/provider';
import { axeViolations, chromiumPath, launch, open, phonePage, PNG, SHOTS } from './browser';

describe.skipIf(!chromiumPath)('Arabic forms in Chromium: mistakes first, then fixed', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('registration and payment refuse each mistake in Arabic, keep what was typed, then go through', async () => {
    const t = ar;
    const r = t.registration;
    const { page, errors } = await phonePage(browser);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const problemOf = async (label: string) =>
      page.evaluate(
        (id) => {
          const el = document.getElementById(id);
          return (el?.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((ref) => document.getElementById(ref)?.textContent ?? '')
            .join(' ');
        },
        (await field(label).getAttribute('id')) ?? '',
      );

    await open(page, '/arabic/registration');
    await field(r.fullName).fill('مريم');
    await field(r.email).fill('mariam@');
    await field(r.phone).fill('٠٥٣ ١٢٣ ٤٥٦٧');
    await field(r.password).fill('١٢٣٤٥٦٧٨٩٠');
    await field(r.confirmPassword).fill('abc');
    await field(r.emiratesIdNumber).fill('784-1990');
    await field(r.emiratesIdExpiry).fill('٢٠٢٠-٠١-٣١');
    await page.getByRole('button', { name: r.submit, exact: true }).click();

    for (const [label, message] of [
      [r.fullName, t.problems.nameTwoWords],
      [r.email, t.problems.email],
      [r.phone, t.problems.mobile],
      [r.password, t.problems.passwordDigits],
      [r.confirmPassword, t.problems.mismatch],
      [r.emiratesIdNumber, t.problems.emiratesId],
      [r.emiratesIdExpiry, t.problems.documentExpired],
      [r.licenceExpiry, t.problems.required],
    ] as const) {
      expect(await problemOf(label)).toContain(message);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fullName');
    // Arabic-Indic digits show in the order typed, not group by group reversed (the screenshot shows ٠٥٣ ١٢٣ ٤٥٦٧).
    for (const label of [r.phone, r.emiratesIdNumber, r.emiratesIdExpiry])
      expect(await field(label).evaluate((input) => getComputedStyle(input).unicodeBidi)).toBe('bidi-override');
    expect(await field(r.email).evaluate((input) => getComputedStyle(input).unicodeBidi)).not.toBe('bidi-override');
    expect(await field(r.email).inputValue()).toBe('mariam@');
    await page.getByText(plural(t.form.fieldsToCorrect, 12, 'ar')).waitFor({ state: 'attached' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/forms-ar-registration-errors.png`, fullPage: true });

    // Fix each one.
    await field(r.fullName).fill('مريم السويدي');
    await field(r.email).fill('mariam.forms@example.ae');
    await field(r.phone).fill('٠٥٠ ١٢٣ ٤٥٦٧');
    await field(r.password).fill('وردة-الصحراء-42');
    await field(r.confirmPassword).fill('وردة-الصحراء-42');
    await field(r.emiratesIdNumber).fill('٧٨٤-١٩٩٠-١٢٣٤٥٦٧-٦');
    await field(r.emiratesIdExpiry).fill('٢٠٣١-٠١-٣١');
    await field(r.licenceExpiry).fill('2030-06-30');
    await page.getByLabel(r.emiratesId, { exact: true }).setInputFiles(PNG('id.png'));
    await page.getByLabel(r.emiratesIdBack, { exact: true }).setInputFiles(PNG('id-back.png'));
    await page.getByLabel(r.drivingLicence, { exact: true }).setInputFiles(PNG('licence.png'));
    await page.getByRole('checkbox', { name: r.terms }).check();
    await page.getByRole('button', { name: r.submit, exact: true }).click();
    await page.waitForURL('**/arabic/rental-contract');

    const c = t.rentalContract;
    await page.getByRole('button', { name: c.acceptTerms }).click();
    await page.getByRole('button', { name: c.verify }).click();
    await field(c.signature).fill('مريم السويدي');
    await page.getByRole('button', { name: c.sign, exact: true }).click();
    await page.getByRole('button', { name: c.proceed }).click();
    await page.waitForURL('**/arabic/payment');

    // Payment: no card field on our page; without the consent, it says why next to the box.
    const p = t.payment;
    const consent = page.getByRole('checkbox', { name: p.consent });
    await page.getByRole('button', { name: p.pay, exact: true }).click();
    await expect.poll(() => consent.evaluate((box) => box.getAttribute('aria-invalid'))).toBe('true');
    expect(await consent.evaluate((box) => box === document.activeElement)).toBe(true);
    const why = await consent.evaluate((box) => (box.getAttribute('aria-describedby') ?? '').split(' ').map((ref) => document.getElementById(ref)?.textContent ?? '').join(' '));
    expect(why).toContain(t.problems.cardConsent);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/forms-ar-payment-errors.png`, fullPage: true });
    // Then the provider's page, in Arabic, right to left; its card refused, then another one paid.
    await consent.check();
    await page.getByRole('button', { name: p.pay, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.screenshot({ path: `${SHOTS}/forms-ar-provider-page.png`, fullPage: true });
    const origin = new URL(page.url()).origin;
    // Back on our page meanwhile: the booking says the payment is open there, and leads back to it.
    await page.goBack();
    await page.waitForURL('**/arabic/payment');
    await page.getByRole('link', { name: p.continueAtProvider }).click();
    await page.waitForURL((url) => url.origin === origin);
    const provider = PAGE_TEXT.ar;
    await page.getByLabel(provider.number, { exact: true }).fill(CARDS.declined);
    await page.getByLabel(provider.expiry, { exact: true }).fill('12/30');
    await page.getByLabel(provider.cvc, { exact: true }).fill('737');
    await page.getByRole('button', { name: provider.pay }).click();
    await page.getByRole('alert').filter({ hasText: provider.errors.generic_decline! }).waitFor();
    await page.getByLabel(provider.number, { exact: true }).fill(CARDS.approved);
    await page.getByLabel(provider.expiry, { exact: true }).fill('12/30');
    await page.getByLabel(provider.cvc, { exact: true }).fill('737');
    await page.getByRole('button', { name: provider.pay }).click();
    await page.waitForURL('**/arabic/payment');
    await page.getByRole('button', { name: p.proceed }).waitFor();
    await page.screenshot({ path: `${SHOTS}/forms-ar-payment-paid.png`, fullPage: true });
    // The provider's page answers a refused card with 402, which the browser logs; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
    await page.close();
  });
});
