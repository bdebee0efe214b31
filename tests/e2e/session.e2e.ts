// One renter on two browsers (a phone and a laptop): the same journey from the server; and what a
// script could copy from the browser's storage grants nothing without the HttpOnly session cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { en } from '../../src/i18n/en';
import { axeViolations, baseURL, chromiumPath, launch, open, PDF, phonePage, PNG, uniqueEmail } from './browser';

const PASSWORD = 'palm-jumeirah-88';

describe.skipIf(!chromiumPath)('one renter, two browsers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('a second browser signed in as the same renter sees the same journey; storage copied without the cookie grants nothing', async () => {
    const first = await phonePage(browser);
    await open(first.page, '/');
    await first.page.getByRole('button', { name: en.index.loadSample }).click();
    await first.page.waitForURL('**/car-pickup');
    // What a thief could copy with a script: everything in storage (the session cookie is HttpOnly).
    const storage = await first.page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));

    const thief = await phonePage(browser);
    await thief.page.goto(baseURL + '/home');
    await thief.page.evaluate(({ local, session }) => {
      Object.entries(local).forEach(([k, v]) => localStorage.setItem(k, v));
      Object.entries(session).forEach(([k, v]) => sessionStorage.setItem(k, v));
    }, storage);
    await open(thief.page, '/car-pickup');
    await thief.page.waitForURL('**/log-in');
    await thief.page.getByRole('status').filter({ hasText: en.journey.notice.signIn }).waitFor();
    expect(await thief.page.evaluate(() => fetch('/api/bookings/current').then((r) => r.status))).toBe(401);

    // The renter on a second browser (a phone and a laptop): registered once, signed in twice.
    const email = uniqueEmail('noor');
    const one = await phonePage(browser);
    await open(one.page, '/registration');
    const r = en.registration;
    await one.page.getByLabel(r.fullName, { exact: true }).fill('Noor Al Mazrouei');
    await one.page.getByLabel(r.email, { exact: true }).fill(email);
    await one.page.getByLabel(r.phone, { exact: true }).fill('050 765 4321');
    await one.page.getByLabel(r.password, { exact: true }).fill(PASSWORD);
    await one.page.getByLabel(r.confirmPassword, { exact: true }).fill(PASSWORD);
    await one.page.getByLabel(r.emiratesIdNumber, { exact: true }).fill('784-1990-1234567-6');
    await one.page.getByLabel(r.emiratesIdExpiry, { exact: true }).fill('2031-01-31');
    await one.page.getByLabel(r.licenceExpiry, { exact: true }).fill('2030-06-30');
    await one.page.getByLabel(r.emiratesId, { exact: true }).setInputFiles(PNG('id.png'));
    await one.page.getByLabel(r.emiratesIdBack, { exact: true }).setInputFiles(PNG('id-back.png'));
    await one.page.getByLabel(r.drivingLicence, { exact: true }).setInputFiles(PDF('licence.pdf'));
    await one.page.getByRole('checkbox', { name: r.terms }).check();
    await one.page.getByRole('button', { name: r.submit, exact: true }).click();
    await one.page.waitForURL('**/rental-contract');
    await one.page.getByRole('button', { name: en.rentalContract.acceptTerms }).click();
    await one.page.getByText(en.rentalContract.termsAccepted).waitFor();

    const two = await phonePage(browser);
    await open(two.page, '/log-in');
    await two.page.getByLabel(en.logIn.email, { exact: true }).fill(email);
    await two.page.getByLabel(en.logIn.password, { exact: true }).fill(PASSWORD);
    await two.page.getByRole('button', { name: en.logIn.submit, exact: true }).click();
    await two.page.waitForURL('**/rental-contract');
    await two.page.getByText(en.rentalContract.termsAccepted).waitFor(); // the same journey, from the server

    // A step on the first browser; the second, acting on what it showed, is told what changed.
    await one.page.getByRole('button', { name: en.rentalContract.verify }).click();
    await one.page.getByText(en.rentalContract.verified).waitFor();
    await two.page.getByRole('button', { name: en.rentalContract.verify }).click();
    await two.page.getByRole('status').filter({ hasText: en.journey.sync.conflict }).waitFor();
    await two.page.getByText(en.rentalContract.verified).waitFor();
    expect(await axeViolations(two.page)).toEqual([]);
    for (const { page, errors } of [first, thief, one, two]) {
      // The refusals this test provokes (401 for the copied storage, 409 for the stale step) are expected.
      expect(errors.filter((e) => !/status of (401|409)/.test(e))).toEqual([]);
      await page.close();
    }
  });
});
