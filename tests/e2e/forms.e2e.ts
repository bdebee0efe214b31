import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { plural } from '../../src/i18n/format';
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

    const p = t.payment;
    await field(p.cardholder).fill('M4riam');
    await field(p.cardNumber).fill('٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤١');
    await field(p.expiry).fill('10/26');
    await field(p.cvv).fill('12');
    await page.getByRole('button', { name: p.pay, exact: true }).click();
    for (const [label, message] of [
      [p.cardholder, t.problems.nameLetters],
      [p.cardNumber, t.problems.cardLuhn],
      [p.expiry, t.problems.expired],
      [p.cvv, t.problems.cvv],
    ] as const) {
      expect(await problemOf(label)).toContain(message);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/forms-ar-payment-errors.png`, fullPage: true });
    await field(p.cardholder).fill('مريم السويدي');
    await field(p.cardNumber).fill('٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢');
    await field(p.expiry).fill('١٢/٢٩');
    await field(p.cvv).fill('١٢٣');
    await page.getByRole('button', { name: p.pay, exact: true }).click();
    await page.getByRole('button', { name: p.proceed }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
