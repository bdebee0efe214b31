import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DECLINED_TEST_CARD } from '../../machines/cards';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill } from '../../src/i18n/format';
import { pathOf, type ScreenId } from '../../src/i18n/paths';
import { axeViolations, baseURL, chromiumPath, launch, open, phonePage, PNG } from './browser';

const SHOTS = 'tests/e2e/screenshots';
const PASSWORD = 'palm-jumeirah-88';
const CARD = '4242 4242 4242 4242';

describe.skipIf(!chromiumPath)('the whole rental journey in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each(['en', 'ar'] as const)(
    '%s: register → contract → pay → pick up → return, surviving reload',
    async (lang: Lang) => {
      const t = lang === 'ar' ? ar : en;
      const { page, errors } = await phonePage(browser);
      const path = (id: ScreenId) => pathOf(id, lang);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const field = (label: string) => page.getByLabel(label, { exact: true });
      /** URL and machine agree: the path is the step's, and the h1 is its title (or the logo). */
      const expectAt = async (id: ScreenId) => {
        await page.waitForURL((url) => url.pathname === path(id));
        const h1 = page.getByRole('heading', { level: 1 });
        if (id === 'registration' || id === 'logIn')
          await expect(h1.getByRole('img', { name: 'Move car' }).count()).resolves.toBe(1);
        else await h1.filter({ hasText: t.titles[id] }).waitFor();
      };
      const shot = (name: string) =>
        page.screenshot({ path: `${SHOTS}/journey-${lang}-${name}.png`, fullPage: true });

      // A visitor deep-links to the return step: sent to log in, told why.
      await open(page, path('carReturn'));
      await expectAt('logIn');
      await page.getByRole('status').filter({ hasText: t.journey.notice.signIn }).waitFor();

      // Register.
      await page.getByRole('link', { name: t.logIn.register }).click();
      await expectAt('registration');
      await field(t.registration.fullName).fill('Hessa Al Falasi');
      await field(t.registration.email).fill(`hessa.${lang}@example.ae`);
      await field(t.registration.phone).fill('050 765 4321');
      await field(t.registration.password).fill(PASSWORD);
      await field(t.registration.confirmPassword).fill(PASSWORD);
      await field(t.registration.emiratesIdNumber).fill('784-1990-1234567-6');
      await page.getByLabel(t.registration.emiratesId, { exact: true }).setInputFiles(PNG('emirates-id.png'));
      await page.getByLabel(t.registration.drivingLicence, { exact: true }).setInputFiles(PNG('licence.png'));
      await page.getByRole('img', { name: fill(t.form.preview, { name: 'licence.png' }) }).waitFor();
      await page.getByRole('checkbox', { name: t.registration.terms }).check();
      await button(t.registration.submit).click();

      // Contract: terms, identity, signature.
      await expectAt('rentalContract');
      await expect(page.locator('[aria-current="step"]').textContent()).resolves.toContain(
        t.journey.steps.contract,
      );
      await button(t.rentalContract.acceptTerms).click();
      await button(t.rentalContract.verify).click();
      await field(t.rentalContract.signature).fill('Hessa Al Falasi');
      await button(t.rentalContract.sign).click();
      await button(t.rentalContract.proceed).click();

      // Payment, with a reload in the middle: the journey is still here.
      await expectAt('payment');
      await page.reload({ waitUntil: 'networkidle' });
      await expectAt('payment');
      await page.getByText('1,260.00').first().waitFor();
      await field(t.payment.cardholder).fill('Hessa Al Falasi');
      await field(t.payment.cardNumber).fill(DECLINED_TEST_CARD);
      await field(t.payment.expiry).fill('12/29');
      await field(t.payment.cvv).fill('123');
      await button(t.payment.pay).click();
      await page.getByRole('alert').filter({ hasText: t.journey.errors.cardDeclined }).waitFor();
      expect(await field(t.payment.cardholder).inputValue()).toBe('Hessa Al Falasi'); // nothing typed is lost
      await shot('payment-declined');
      await field(t.payment.cardNumber).fill(CARD);
      await button(t.payment.pay).click();
      await button(t.payment.proceed).click();
      await expectAt('carPickup');

      // Back and forward: the URL and the machine never disagree.
      await page.goBack();
      await expectAt('payment');
      await button(t.payment.proceed).waitFor();
      await page.goForward();
      await expectAt('carPickup');

      // A deep link to the return before pickup: back to pickup (replacing the entry), told why.
      await page.goto(baseURL + path('carReturn'));
      await expectAt('carPickup');
      await page.getByRole('status').filter({ hasText: t.journey.notice.pickUp }).waitFor();
      await button(t.carPickup.confirm).waitFor();
      await shot('pickup-notice');

      // Pick up, extend by a day (priced first), return.
      await button(t.carPickup.confirm).click();
      await button(t.carPickup.extend).click();
      await page.getByRole('status').filter({ hasText: '252.00' }).waitFor(); // 240.00 + 5% VAT for the day
      await shot('pickup-quote');
      await button(t.carPickup.confirmExtension).click();
      await button(t.carPickup.returnCar).click();
      await expectAt('carReturn');
      await button(t.carReturn.confirm).click();
      await field(t.carReturn.fuel).selectOption('F');
      await field(t.carReturn.mileage).fill('12840');
      await button(t.carReturn.confirmInspection).click();
      await button(t.carReturn.processRefund).click();
      await button(t.carReturn.finish).click();
      await page.getByText(t.carReturn.completed).waitFor();
      await shot('completed');
      expect(await axeViolations(page)).toEqual([]);

      // Nothing secret was ever stored.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).toContain(`hessa.${lang}@example.ae`);
      expect(stored).not.toContain(PASSWORD);
      expect(stored.replace(/\s/g, '')).not.toContain(CARD.replace(/\s/g, ''));
      expect(stored).not.toContain(DECLINED_TEST_CARD);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('a corrupt saved journey is discarded with a notice, not a crash', async () => {
    const { page, errors } = await phonePage(browser);
    await open(page, '/home');
    await page.evaluate(() =>
      localStorage.setItem('movecar.journey', '{"version":1,"snapshot":{"value":"nowhere"'),
    );
    await open(page, '/home');
    await page.getByRole('status').filter({ hasText: en.journey.restore.corrupt }).waitFor();
    await open(page, '/registration');
    await page.getByRole('heading', { level: 2, name: en.registration.heading }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: en.journey.restore.corrupt }).count()).toBe(0); // said once
    expect(errors).toEqual([]);
    await page.close();
  });
});
