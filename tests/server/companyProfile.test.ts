// A company's admin keeps its profile: names, VAT number (TRN), address, support line and logo. Every
// refusal is tested (no session 401, a manager or a renter 403, bad values 400 by field, a picture that
// is not one or is too large), two admins saving at once (the second gets 409 with the values kept), and
// the logo resized on the server and served by its content's hash to anyone, with a year's caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SAMPLE_ADMIN, SAMPLE_MANAGER } from '../../server/seed';
import { startTestServer, type TestServer } from '../support/server';
import { browser, renter } from './helpers';
import { CAR_IDS, carOf } from '../../machines/sampleFleet';

type Browser = Awaited<ReturnType<typeof browser>>;

async function signedIn(s: TestServer, who: { email: string; password: string }) {
  const b = await browser(s);
  const result = await b.api.logIn({ email: who.email, password: who.password, role: 'staff' });
  expect(result.ok, JSON.stringify(result.body)).toBe(true);
  return b;
}

const PROFILE = {
  nameEn: 'Elite Auto Rentals',
  nameAr: 'إيليت لتأجير السيارات',
  subtitleEn: 'Premium selection',
  subtitleAr: 'تشكيلة فاخرة',
  trn: '100-2345-6789-0123',
  addressEn: 'Office 12, Al Garhoud, Dubai',
  addressAr: 'مكتب 12، القرهود، دبي',
  supportPhone: '04 234 5678',
  clausesEn: '',
  clausesAr: '',
};

const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })[format]().toBuffer();

async function uploadLogo(b: Browser, bytes: Uint8Array, name: string, type: string, version: number) {
  const form = new FormData();
  form.append('logo', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  form.append('version', String(version));
  return b.request('/api/company/logo', { method: 'POST', body: form });
}

describe("a company's profile, kept by its admin", () => {
  let s: TestServer;
  let admin: Browser;
  let version: number;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await signedIn(s, SAMPLE_ADMIN);
  });
  afterAll(() => s.close());

  it('is the admin’s alone: nobody signed in 401, a manager or a renter 403', async () => {
    expect((await (await browser(s)).request('/api/company')).status).toBe(401);
    expect((await (await signedIn(s, SAMPLE_MANAGER)).request('/api/company')).status).toBe(403);
    expect((await (await renter({}, s)).request('/api/company')).status).toBe(403);
    const mine = await admin.request('/api/company');
    expect(mine.status).toBe(200);
    const { company } = await mine.json();
    expect(company).toMatchObject({ id: SAMPLE_ADMIN.company, trn: '', supportPhone: '', logo: null });
    version = company.version;
  });

  it('refuses bad values field by field and keeps what was there', async () => {
    const bad = await admin.json('PUT', '/api/company', { ...PROFILE, version, nameAr: ' ', trn: '200123456789012', addressEn: '', supportPhone: '12345' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ nameAr: 'required', trn: 'trn', addressEn: 'required', supportPhone: 'phone' });
    const shape = await admin.json('PUT', '/api/company', { ...PROFILE, version, website: 'x' });
    expect(shape.status).toBe(400);
    expect((await (await admin.request('/api/company')).json()).company).toMatchObject({ version, trn: '' });
  });

  it('saves the profile normalised, and renters read the names', async () => {
    const saved = await admin.json('PUT', '/api/company', { ...PROFILE, version, nameEn: '  Elite   Auto Rentals ', trn: '١٠٠٢٣٤٥٦٧٨٩٠١٢٣' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { company } = await saved.json();
    expect(company).toMatchObject({ nameEn: 'Elite Auto Rentals', trn: '100234567890123', supportPhone: '+971 4 234 5678', version: version + 1 });
    version = company.version;
  });

  it('keeps what the admin saved when the server starts again (the sample companies are made once, not renamed)', async () => {
    const saved = await admin.json('PUT', '/api/company', { ...PROFILE, version, subtitleEn: 'Premium and sports cars' });
    expect(saved.status).toBe(200);
    await s.restart();
    const { company } = await (await admin.request('/api/company')).json();
    expect(company).toMatchObject({ subtitleEn: 'Premium and sports cars', trn: '100234567890123', version: version + 1 });
    version = company.version;
  });

  it('refuses a save over another admin’s change with the values now kept', async () => {
    const other = await signedIn(s, SAMPLE_ADMIN);
    const first = await other.json('PUT', '/api/company', { ...PROFILE, version, supportPhone: '800 1234' });
    expect(first.status).toBe(200);
    const second = await admin.json('PUT', '/api/company', { ...PROFILE, version, subtitleEn: 'Luxury and sports cars' });
    expect(second.status).toBe(409);
    const { error, company } = await second.json();
    expect(error).toBe('conflict');
    expect(company).toMatchObject({ supportPhone: '800 1234', subtitleEn: PROFILE.subtitleEn, version: version + 1 });
    version = company.version;
  });

  it('takes a logo as a picture, resized on the server, served by its hash with a year’s caching', async () => {
    const logo = await uploadLogo(admin, await picture(1200, 600, 'png'), 'logo.png', 'image/png', version);
    expect(logo.status, await logo.clone().text()).toBe(200);
    const { company } = await logo.json();
    expect(company.logo).toMatchObject({ width: 192, height: 96 });
    expect(company.logo.srcSet).toMatch(/ 192w, .* 384w$/);
    version = company.version;

    // Served to anyone (a visitor's Services carousel), as WebP, never changing under its name.
    const served = await (await browser(s)).request(company.logo.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 192, height: 96 });
    const cards = await (await browser(s)).request('/api/companies');
    const card = (await cards.json()).companies.find((c: { id: string }) => c.id === SAMPLE_ADMIN.company);
    expect(card.logo).toEqual(company.logo);
    expect((await admin.request('/api/images/' + '0'.repeat(64))).status).toBe(404);
  });

  it('refuses what is not a picture, one it cannot read, one over 10 MB, and an old version', async () => {
    const field = async (response: Response) => [response.status, (await response.json()).fields?.logo];
    expect(await field(await uploadLogo(admin, new TextEncoder().encode('just text'), 'logo.png', 'image/png', version))).toEqual([400, 'imageType']);
    const broken = new Uint8Array(await picture(400, 400, 'png')).slice(0, 200);
    expect(await field(await uploadLogo(admin, broken, 'logo.png', 'image/png', version))).toEqual([400, 'imageUnreadable']);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture(10, 10, 'jpeg'));
    expect(await field(await uploadLogo(admin, big, 'big.jpg', 'image/jpeg', version))).toEqual([400, 'imageSize']);
    expect((await uploadLogo(admin, new Uint8Array(12 * 1024 * 1024), 'huge.jpg', 'image/jpeg', version)).status).toBe(413);
    const stale = await uploadLogo(admin, await picture(300, 300, 'jpeg'), 'logo.jpg', 'image/jpeg', version - 1);
    expect(stale.status).toBe(409);
    // None of these changed the logo.
    expect((await (await admin.request('/api/company')).json()).company.logo).toMatchObject({ width: 192, height: 96 });
  });

  it('removes the logo over the version', async () => {
    expect((await admin.request(`/api/company/logo?version=${version - 1}`, { method: 'DELETE' })).status).toBe(409);
    const removed = await admin.request(`/api/company/logo?version=${version}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await removed.json()).company.logo).toBeNull();
  });

  it('its own clauses: refused unless each is in both languages; renters read them; a signed agreement keeps those it was signed with', async () => {
    const current = (await (await admin.request('/api/company')).json()).company;
    const mismatch = await admin.json('PUT', '/api/company', { ...PROFILE, version: current.version, clausesEn: 'No smoking in the car.\nPets in a carrier only.', clausesAr: 'يُمنع التدخين في السيارة.' });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).fields).toEqual({ clausesAr: 'clausesMatch' });
    const first = { clausesEn: 'No smoking in the car.\n\nPets in a carrier only.', clausesAr: 'يُمنع التدخين في السيارة.\nالحيوانات الأليفة في حقيبة فقط.' };
    const saved = await admin.json('PUT', '/api/company', { ...PROFILE, version: current.version, ...first });
    expect(saved.status).toBe(200);
    const kept = (await saved.json()).company;
    expect(kept).toMatchObject({ clausesEn: 'No smoking in the car.\nPets in a carrier only.' });
    // What renters read before accepting.
    const cards = (await (await (await browser(s)).request('/api/companies')).json()).companies;
    expect(cards.find((c: { id: string }) => c.id === SAMPLE_ADMIN.company).clauses).toEqual({
      en: ['No smoking in the car.', 'Pets in a carrier only.'],
      ar: ['يُمنع التدخين في السيارة.', 'الحيوانات الأليفة في حقيبة فقط.'],
    });

    // A renter signs for one of its cars: the printed agreement numbers its clauses after the standard eleven.
    const carId = CAR_IDS.find((id) => carOf(id).company === SAMPLE_ADMIN.company)!;
    const r = await renter({}, s);
    for (const event of [{ type: 'booking.start', carId }, { type: 'contract.acceptTerms' }, { type: 'contract.verifyIdentity' }, { type: 'contract.sign', signature: 'Mariam Al Suwaidi' }])
      expect((await r.step(event)).ok).toBe(true);
    const page = async (lang: 'en' | 'ar') => (await r.request(`/api/agreements/${r.journey().bookingId}/page?lang=${lang}`)).text();
    expect(await page('en')).toContain('<p>12. No smoking in the car.</p><p>13. Pets in a carrier only.</p>');
    expect(await page('ar')).toContain('<p>12. يُمنع التدخين في السيارة.</p>');

    // Changed later, for the next bookings: the signed agreement keeps what was signed.
    const changed = await admin.json('PUT', '/api/company', { ...PROFILE, version: kept.version, clausesEn: 'Dogs are welcome.', clausesAr: 'الكلاب مرحّب بها.' });
    expect(changed.status).toBe(200);
    expect(await page('en')).toContain('12. No smoking in the car.');
    expect(await page('en')).not.toContain('Dogs are welcome.');
  });
});
