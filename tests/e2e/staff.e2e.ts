// A new company's people in Chromium, in English and Arabic, as they would go through it: the
// platform's operator signs in and adds the company; its admin opens the e-mailed invitation and
// joins; the admin invites a branch agent, who joins and starts at the counter; the admin revokes
// them, then gives the company's VAT number, address, support line and logo, opens a branch (08:00 to
// 22:00), adds two cars there and blocks one for maintenance in a week, which search then leaves out
// for that week only; at night, when the branch is closed, search offers neither. A renter finds the
// company by its name in search, books the other car and pays; the company's dashboard counts it.
// Every screen axe-clean, screenshotted.
import { LOCATION_NAMES } from '../../src/data/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ar } from '../../src/i18n/ar';
import { en, type Lang } from '../../src/i18n/en';
import { fill, formatAmount, formatDate } from '../../src/i18n/format';
import { toDubaiInput } from '../../machines/booking';
import { pathOf } from '../../src/i18n/paths';
import sharp from 'sharp';
import { SAMPLE_OPERATOR } from '../../server/seed';
import { axeViolations, baseURL, chromiumPath, launch, live, open, phonePage, registered, SHOTS, uniqueEmail } from './browser';
import { CARDS, payAtProvider } from './provider';

const PASSWORD = 'ghaf-shade-2026';

/** The invitation's link in the newest e-mail to `to` (the local mail server caught it). */
async function invitationLink(page: Page, to: string) {
  for (let i = 0; i < 100; i++) {
    const answer = await page.request.get(`${baseURL}/api/demo/mail?to=${encodeURIComponent(to)}`);
    const { messages } = (await answer.json()) as { messages: { text: string; lang: string; dir: string }[] };
    const mail = messages.findLast((m) => /\/join\?token=/.test(m.text));
    if (mail) return { ...mail, link: /https?:\/\/\S+\/join\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0] };
    await page.waitForTimeout(100);
  }
  throw new Error(`no invitation reached ${to}`);
}

/** Opens an invitation's link in a browser of its own and joins with a name and the password. */
async function join(browser: Browser, link: string, name: string, t: typeof en, shot: (page: Page, name: string) => Promise<unknown>, as: string) {
  const { page, errors } = await phonePage(browser);
  await page.goto(link);
  await live(page);
  // The token leaves the address at once.
  await page.waitForURL((url) => !url.search.includes('token='));
  await page.getByLabel(t.join.fullName).fill(name);
  await page.getByLabel(t.join.password).fill(PASSWORD);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, `join-${as}`);
  await page.locator('form button[type="submit"]').click();
  return { page, errors };
}

describe.skipIf(!chromiumPath)('a new company’s people in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each(['en', 'ar'] as const)('%s: the operator adds a company, its admin joins, invites an agent (then revokes them), opens a branch and adds two cars; a renter books one, and the dashboard counts it', async (lang: Lang) => {
    const t = lang === 'ar' ? ar : en;
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/staff-${lang}-${name}.png`, fullPage: true });

    // The operator signs in on the companies' screen and adds one.
    const { page: ops, errors } = await phonePage(browser);
    await ops.goto(baseURL + pathOf('operator', lang));
    await live(ops);
    await ops.getByLabel(t.manager.email).fill(SAMPLE_OPERATOR.email);
    await ops.getByLabel(t.manager.password).fill(SAMPLE_OPERATOR.password);
    await ops.getByRole('button', { name: t.staff.signIn }).click();
    const adminEmail = uniqueEmail(`admin-${lang}`);
    // Its own name each run (a retried run finds the last one's company there).
    const run = Date.now().toString(36);
    const name = { en: `Falcon Cars ${lang.toUpperCase()} ${run}`, ar: `فالكون للسيارات ${run}` };
    await ops.getByLabel(t.operator.nameEn, { exact: true }).fill(name.en);
    await ops.getByLabel(t.operator.nameAr, { exact: true }).fill(name.ar);
    await ops.getByLabel(t.operator.adminEmail).fill(adminEmail);
    await ops.getByRole('button', { name: t.operator.create }).click();
    await ops.getByText(fill(t.operator.created, { name: name[lang], email: adminEmail })).waitFor();
    expect(await axeViolations(ops)).toEqual([]);
    await shot(ops, 'operator');

    // The admin's invitation came in the operator's language; the admin joins and lands on Staff.
    const invitation = await invitationLink(ops, adminEmail);
    expect(invitation.lang).toBe(lang);
    expect(invitation.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const { page: admin } = await join(browser, invitation.link, 'Noura Al Falasi', t, shot, 'admin');
    await admin.waitForURL((url) => url.pathname === pathOf('staff', lang));
    const people = admin.getByRole('region', { name: t.staff.people });
    await people.getByText('Noura Al Falasi', { exact: true }).waitFor();

    // The admin invites a branch agent (a wrong e-mail first: named by its field, focused).
    const invite = admin.getByRole('form', { name: t.staff.invite });
    const email = invite.getByLabel(t.staff.email);
    await email.fill('not-an-email');
    await invite.getByRole('button', { name: t.staff.send }).click();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(email.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const agentEmail = uniqueEmail(`agent-${lang}`);
    await email.fill(agentEmail);
    await invite.getByRole('radio', { name: t.staff.roles.agent }).click();
    await invite.getByRole('button', { name: t.staff.send }).click();
    await invite.getByText(fill(t.staff.sent, { email: agentEmail })).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'invited');

    // The agent joins and starts at the counter.
    const { page: agent } = await join(browser, (await invitationLink(admin, agentEmail)).link, 'Yousef Rahman', t, shot, 'agent');
    await agent.waitForURL((url) => url.pathname === pathOf('handovers', lang));
    await agent.getByRole('heading', { level: 2 }).first().waitFor();

    // The admin sees them, and revokes them: their session ends at once.
    await admin.reload();
    await live(admin);
    await people.getByText('Yousef Rahman', { exact: true }).waitFor();
    await people.getByRole('button', { name: `${t.staff.revoke}: Yousef Rahman` }).click();
    await people.getByRole('button', { name: t.staff.confirmRevoke, exact: true }).click();
    await people.getByText(fill(t.staff.revoked, { name: 'Yousef Rahman' })).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'revoked');
    const session = (await (await agent.request.get(`${baseURL}/api/auth/session`)).json()) as { user: unknown };
    expect(session.user).toBeNull();

    // The admin gives the company's VAT number, address and support line (a wrong one first), and a logo.
    await admin.goto(baseURL + pathOf('company', lang));
    await live(admin);
    const profile = admin.getByRole('form', { name: t.company.profile });
    const phone = profile.getByLabel(t.company.supportPhone);
    await profile.getByLabel(t.company.trn).fill('100 2345 6789 0123');
    await profile.getByLabel(t.company.addressEn).fill('Warehouse 4, Al Quoz 1, Dubai');
    await profile.getByLabel(t.company.addressAr).fill('مستودع 4، القوز 1، دبي');
    await phone.fill('12345');
    await profile.getByRole('button', { name: t.company.save }).click();
    await expect(phone.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(phone.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await phone.fill('04 234 5678');
    await profile.getByRole('button', { name: t.company.save }).click();
    await profile.getByText(t.company.saved).waitFor();
    await expect(phone.inputValue()).resolves.toBe('+971 4 234 5678');
    const logo = admin.getByRole('form', { name: t.company.logo });
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#b45309' } }).png().toBuffer();
    await logo.getByLabel(t.company.newLogo).setInputFiles({ name: 'falcon.png', mimeType: 'image/png', buffer: png });
    await logo.getByRole('button', { name: t.company.upload }).click();
    await logo.getByText(t.company.uploaded).waitFor();
    const shown = admin.getByRole('img', { name: fill(t.company.logoAlt, { name: name[lang] }) });
    await expect(shown.evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth > 0, img.width, img.height]))).resolves.toEqual([true, 192, 64]);
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'company');

    // The admin opens the company's branch at Dubai airport, 08:00 to 22:00 (a point outside the UAE first).
    const branches = t.branches;
    const desk = admin.getByRole('form', { name: branches.add });
    const deskName = { en: 'Falcon DXB desk', ar: 'مكتب فالكون في المطار' };
    await desk.getByLabel(branches.nameEn).fill(deskName.en);
    await desk.getByLabel(branches.nameAr).fill(deskName.ar);
    await desk.getByLabel(branches.place).selectOption('dxb-t3');
    await desk.getByLabel(branches.addressEn).fill('Arrivals, Terminal 3');
    await desk.getByLabel(branches.addressAr).fill('صالة الوصول، المبنى 3');
    const point = desk.getByLabel(branches.coordinates);
    await point.fill('55.3644, 25.2528');
    await desk.getByRole('button', { name: branches.addSubmit }).click();
    await expect(point.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(point.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await point.fill('25.2528, 55.3644');
    await desk.getByRole('button', { name: branches.addSubmit }).click();
    await desk.getByText(fill(branches.added, { name: deskName[lang], place: LOCATION_NAMES['dxb-t3'][lang] })).waitFor();
    await admin.getByRole('region', { name: branches.title }).getByText(deskName[lang]).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'branches');

    // The admin adds the company's first two cars (a plate that is not one first), and blocks one for
    // maintenance in a week: a renter searching that week sees only the other, at its rate.
    await admin.goto(baseURL + pathOf('fleet', lang));
    await live(admin);
    const k = t.fleet;
    const add = admin.getByRole('form', { name: k.add });
    const plate = String(10_000 + (Date.now() % 89_999));
    const addCar = async (code: string, model: string, rate: string) => {
      await add.getByLabel(k.emirate).selectOption('Dubai');
      await add.getByLabel(k.code).fill(code);
      await add.getByLabel(k.number).fill(plate);
      await add.getByLabel(k.model).fill(model);
      await add.getByLabel(k.category).selectOption('suv');
      await add.getByLabel(k.dailyRate).fill(rate);
      await add.getByLabel(k.deposit).fill('2500');
      await add.getByLabel(k.odometerKm).fill('12000');
      await add.getByLabel(k.tankLitres).fill('60');
      await add.getByLabel(k.homeBranch).selectOption({ label: deskName[lang] });
      await add.getByRole('button', { name: k.save }).click();
    };
    await addCar('QQQ', 'Toyota RAV4', '330');
    const code = add.getByLabel(k.code);
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(code.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await addCar('Y', 'Toyota RAV4', '330');
    await add.getByText(fill(k.added, { car: 'Toyota RAV4' })).waitFor();
    await addCar('Z', 'Mazda CX-5', '310');
    await add.getByText(fill(k.added, { car: 'Mazda CX-5' })).waitFor();
    const list = admin.getByRole('region', { name: k.listTitle });
    await list.getByRole('link', { name: /Mazda CX-5/ }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'fleet');
    // Each car gets its photo (a wide one: the server cuts it to the cards' 16:9).
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    for (const model of ['Toyota RAV4', 'Mazda CX-5']) {
      await admin.goto(baseURL + pathOf('fleet', lang));
      await live(admin);
      await list.getByRole('link', { name: new RegExp(model) }).click();
      const upload = admin.getByRole('form', { name: k.newPhoto });
      await upload.getByLabel(k.newPhoto).setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: photo });
      await upload.getByRole('button', { name: k.uploadPhoto }).click();
      await upload.getByText(k.photoUploaded).waitFor();
      const shown = admin.getByRole('img', { name: fill(k.photoAlt, { car: model, n: 1 }) });
      await expect(shown.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth / img.naturalHeight))).resolves.toBeCloseTo(16 / 9, 1);
    }
    const DAY = 24 * 3_600_000;
    // From 09:00 Dubai time on a day 40 days ahead: inside the branch's hours.
    const week = { from: Math.floor((Date.now() + 40 * DAY + 4 * 3_600_000) / DAY) * DAY - 4 * 3_600_000 + 9 * 3_600_000, until: 0 };
    week.until = week.from + 7 * DAY;
    const block = admin.getByRole('form', { name: k.addBlock });
    await block.getByLabel(k.blockFrom).fill(toDubaiInput(week.from));
    await block.getByLabel(k.blockUntil).fill(toDubaiInput(week.until));
    await block.getByLabel(k.blockNote).fill(lang === 'ar' ? 'صيانة 30,000 كم' : '30,000 km service');
    await block.getByRole('button', { name: k.addBlock }).click();
    await block.getByText(fill(k.blocked, { from: formatDate(new Date(week.from), lang, 'dateTime'), until: formatDate(new Date(week.until), lang, 'dateTime') })).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'fleet-car');

    const companyId = ((await (await admin.request.get(`${baseURL}/api/company`)).json()) as { company: { id: string } }).company.id;
    const offered = async (pickupAt: number) => {
      const search = new URLSearchParams({ pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt: String(pickupAt), dropoffAt: String(pickupAt + 3 * DAY), company: companyId });
      const { results } = (await (await ops.request.get(`${baseURL}/api/cars/search?${search}`)).json()) as { results: { car: { model: string; dailyRate: number; photo?: unknown[] } }[] };
      // Renters see each car's own photo.
      expect(results.every((r) => r.car.photo?.length === 2)).toBe(true);
      return results.map((r) => [r.car.model, r.car.dailyRate]);
    };
    // That week, only the other car; once the block is over, both.
    expect(await offered(week.from + DAY)).toEqual([['Toyota RAV4', 33_000]]);
    expect(await offered(week.until)).toEqual([['Mazda CX-5', 31_000], ['Toyota RAV4', 33_000]]);
    // At 23:00 the branch is closed: neither.
    expect(await offered(week.until + 14 * 3_600_000)).toEqual([]);

    // A renter searching that week in the browser finds the company by its name and only the RAV4,
    // and books it for three days: 3 × 330.00 with 5% VAT is 1,039.50.
    const { page: renter, errors: renterErrors } = await phonePage(browser);
    await registered(renter);
    const trip = { from: toDubaiInput(week.from + DAY), to: toDubaiInput(week.from + 4 * DAY) };
    await open(renter, `${pathOf('search', lang)}?pickup=dxb-t3&dropoff=dxb-t3&from=${trip.from}&to=${trip.to}`);
    const rent = (car: string) => renter.getByRole('button', { name: fill(t.cars.rentCar, { car }), exact: true });
    await renter.getByLabel(t.search.company, { exact: true }).selectOption({ label: name[lang] });
    await rent('Toyota RAV4').waitFor();
    await expect(rent('Mazda CX-5').count()).resolves.toBe(0);
    await renter.getByRole('article', { name: 'Toyota RAV4' }).getByText(name[lang]).waitFor();
    expect(await axeViolations(renter)).toEqual([]);
    await shot(renter, 'renter-search');
    await rent('Toyota RAV4').click();
    await renter.waitForURL((url) => url.pathname === pathOf('rentalContract', lang));
    await renter.getByRole('button', { name: t.rentalContract.acceptTerms }).click();
    await renter.getByRole('button', { name: t.rentalContract.verify }).click();
    await renter.getByLabel(t.rentalContract.signature, { exact: true }).fill('Shamsa Al Dhaheri');
    await renter.getByRole('button', { name: t.rentalContract.sign }).click();
    await renter.getByRole('button', { name: t.rentalContract.proceed }).click();
    await renter.waitForURL((url) => url.pathname === pathOf('payment', lang));
    await renter.getByText(formatAmount(103_950, lang)).first().waitFor();
    await payAtProvider(renter, lang, [CARDS.approved], new URL(baseURL).origin);
    await renter.getByRole('button', { name: t.payment.proceed }).waitFor();
    expect(renterErrors).toEqual([]);

    // The company's dashboard counts it in this month's rent, live.
    await admin.goto(baseURL + pathOf('dashboard', lang));
    await live(admin);
    const rentRow = admin.getByRole('row', { name: new RegExp(`^${t.dashboard.rows.rent}`) });
    await expect(rentRow.getByRole('cell').nth(1).textContent()).resolves.toContain(formatAmount(103_950, lang));
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'dashboard');
    expect(errors).toEqual([]);
  });
});
