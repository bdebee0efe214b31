// The server as a person meets it: a restart keeps accounts, sessions and the journey; UAE PASS signs
// in through the local OpenID provider that stands in for UAE PASS staging (the real client path).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en } from '../../src/i18n/en';
import { axeViolations, chromiumPath, launch, load, open, phonePage, PDF, PNG, uniqueEmail, SHOTS } from './browser';
import { LOCAL_CLAIMS } from '../../server/oidc/localProvider';
import { freePort, seededDataDir, startProduction, stop } from './production';


describe.skipIf(!chromiumPath)('the production server in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('a restart keeps accounts, sessions and the journey', async () => {
    const port = await freePort();
    const dataDir = seededDataDir('movecar-restart-');
    const base = `http://127.0.0.1:${port}`;
    let server = await startProduction(port, dataDir);
    try {
      // A renter registers and signs the contract. The pages keep the wall clock, as this server does.
      const { page, errors } = await phonePage(browser, { wallClock: true });
      const email = uniqueEmail('latifa');
      await load(page, `${base}/registration`);
      const r = en.registration;
      await page.getByLabel(r.fullName, { exact: true }).fill('Latifa Al Shamsi');
      await page.getByLabel(r.email, { exact: true }).fill(email);
      await page.getByLabel(r.phone, { exact: true }).fill('050 765 4321');
      await page.getByLabel(r.password, { exact: true }).fill('ghaf-tree-2026');
      await page.getByLabel(r.confirmPassword, { exact: true }).fill('ghaf-tree-2026');
      await page.getByLabel(r.emiratesIdNumber, { exact: true }).fill('784-1990-1234567-6');
      await page.getByLabel(r.emiratesIdExpiry, { exact: true }).fill('2031-01-31');
      await page.getByLabel(r.licenceExpiry, { exact: true }).fill('2030-06-30');
      await page.getByLabel(r.emiratesId, { exact: true }).setInputFiles(PNG('id.png'));
      await page.getByLabel(r.emiratesIdBack, { exact: true }).setInputFiles(PNG('id-back.png'));
      await page.getByLabel(r.drivingLicence, { exact: true }).setInputFiles(PDF('licence.pdf'));
      await page.getByRole('checkbox', { name: r.terms }).check();
      await page.getByRole('button', { name: r.submit, exact: true }).click();
      await page.waitForURL('**/rental-contract');
      await page.getByRole('button', { name: en.rentalContract.acceptTerms }).click();
      await page.getByText(en.rentalContract.termsAccepted).waitFor();

      await stop(server);
      server = await startProduction(port, dataDir);
      // While the server was down the live stream's reconnects were refused, and the browser's own
      // check for a new service worker could not fetch it (its connection closed as the server
      // stopped): the browser logs both itself; anything else logged meanwhile is still a failure.
      const browsers = /net::ERR_CONNECTION_REFUSED|An unknown error occurred when fetching the script\./;
      const whileDown = errors.splice(0).filter((e) => !browsers.test(e));
      expect(whileDown, whileDown.join('\n')).toEqual([]);

      // Same browser, same cookie: still signed in, the journey where it was.
      await page.reload({ waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/rental-contract');
      await page.getByText(en.rentalContract.termsAccepted).waitFor();
      // A new browser: the account is there.
      const other = await phonePage(browser, { wallClock: true });
      await load(other.page, `${base}/log-in`);
      await other.page.getByLabel(en.logIn.email, { exact: true }).fill(email);
      await other.page.getByLabel(en.logIn.password, { exact: true }).fill('ghaf-tree-2026');
      await other.page.getByRole('button', { name: en.logIn.submit, exact: true }).click();
      await other.page.waitForURL('**/rental-contract');
      await other.page.getByText(en.rentalContract.termsAccepted).waitFor();
      expect([...errors, ...other.errors], [...errors, ...other.errors].join('\n')).toEqual([]);
      await page.close();
      await other.page.close();
    } finally {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('UAE PASS takes no account by its e-mail (EN); a renter signed in connects it from Account (AR)', async () => {
    // A server of its own: the stand-in's one sample person is not yet anyone's here.
    const port = await freePort();
    const dataDir = seededDataDir('movecar-uaepass-');
    const base = `http://127.0.0.1:${port}`;
    const server = await startProduction(port, dataDir, { UAEPASS_LOCAL_PORT: '0' });
    const register = (page: Page, email: string, language: 'en' | 'ar') =>
      page.request.post(`${base}/api/auth/register`, {
        headers: { origin: base },
        multipart: {
          fullName: 'Latifa Al Shamsi',
          email,
          phone: '050 765 4321',
          password: 'ghaf-tree-2026',
          confirmPassword: 'ghaf-tree-2026',
          emiratesId: '784-1990-1234567-6',
          emiratesIdExpiry: '2031-01-31',
          licenceExpiry: '2030-06-30',
          termsAccepted: 'true',
          language,
          emiratesIdFile: PNG('id.png'),
          emiratesIdBackFile: PNG('id-back.png'),
          licenceFile: PDF('licence.pdf'),
        },
      });
    try {
      // Someone registered first with the sample person's e-mail, and a password of their own choosing.
      const squatter = await phonePage(browser, { wallClock: true });
      expect((await register(squatter.page, LOCAL_CLAIMS.email, 'en')).status()).toBe(201);
      await squatter.page.close();
      // The person signs in with UAE PASS: not into that account; asked to log in to it first.
      const { page, errors } = await phonePage(browser, { wallClock: true });
      await load(page, `${base}/log-in`);
      await page.getByRole('button', { name: en.logIn.uaePass }).click();
      await page.getByRole('button', { name: `Sign in as ${LOCAL_CLAIMS.fullnameEN}` }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL('**/log-in?uaepass=signInFirst');
      await page.getByText(en.logIn.uaePassSignInFirst).waitFor();
      await page.screenshot({ path: `${SHOTS}/uaepass-en-sign-in-first.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.getByRole('button', { name: en.account.signOut }).count()).toBe(0);

      // A renter signed in (another e-mail) connects UAE PASS from Account, in Arabic.
      const own = await phonePage(browser, { wallClock: true });
      expect((await register(own.page, uniqueEmail('latifa'), 'ar')).status()).toBe(201);
      await load(own.page, `${base}/arabic/account`);
      await own.page.getByText(ar.account.uaePass.intro).waitFor();
      await own.page.screenshot({ path: `${SHOTS}/uaepass-ar-account-connect.png`, fullPage: true });
      await own.page.getByRole('button', { name: ar.account.uaePass.connect }).click();
      await own.page.getByRole('button', { name: `تسجيل الدخول باسم ${LOCAL_CLAIMS.fullnameAR}` }).click();
      await own.page.getByRole('button', { name: 'سماح' }).click();
      await own.page.waitForURL('**/arabic/account');
      await own.page.getByText(ar.account.uaePass.connected).waitFor();
      await own.page.getByRole('heading', { level: 2, name: LOCAL_CLAIMS.fullnameAR }).waitFor();
      await own.page.screenshot({ path: `${SHOTS}/uaepass-ar-account-connected.png`, fullPage: true });
      expect(await axeViolations(own.page)).toEqual([]);
      expect([...errors, ...own.errors]).toEqual([]);
      await page.close();
      await own.page.close();
    } finally {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('UAE PASS (the local stand-in): sign in, come back signed in, verified, with the Arabic name', async () => {
    const { page, errors } = await phonePage(browser);
    await open(page, '/arabic/log-in');
    await page.getByRole('button', { name: ar.logIn.uaePass }).click();
    // The stand-in's own pages, in the page's language: sign in as the sample person, then allow.
    const signIn = page.getByRole('button', { name: `تسجيل الدخول باسم ${LOCAL_CLAIMS.fullnameAR}` });
    await signIn.waitFor();
    await page.screenshot({ path: `${SHOTS}/uaepass-ar-stand-in.png`, fullPage: true });
    await signIn.click();
    await page.getByRole('button', { name: 'سماح' }).click();
    await page.waitForURL('**/arabic/rental-contract');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: ar.titles.rentalContract }).waitFor();
    await page.getByText(ar.rentalContract.verified).waitFor(); // the identity step is done by UAE PASS
    await page.screenshot({ path: `${SHOTS}/uaepass-ar-contract.png`, fullPage: true });
    await open(page, '/arabic/account');
    await page.getByRole('heading', { level: 2, name: LOCAL_CLAIMS.fullnameAR }).waitFor();
    await page.getByRole('button', { name: ar.account.signOut }).waitFor();
    await page.screenshot({ path: `${SHOTS}/uaepass-ar-account.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
