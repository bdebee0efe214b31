// The company admin's profile, in English and Arabic, through the real server: what is missing or wrong
// is said next to its field with the focus on the first; a save lands and says so; when another admin
// saved first the screen names what they changed and keeps what this admin typed; a renter's contract
// names the company so; a logo uploaded is resized by the server and shown at its size.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { weekdayName } from '../src/i18n/format';
import sharp from 'sharp';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill } from '../src/i18n/format';
import { createApi } from '../src/client/api';
import { staffApi } from '../src/client/staffApi';
import { SAMPLE_ADMIN } from '../server/seed';
import { renderAt, testServer } from './render';
import { browserFor, ORIGIN } from './support/server';

/** Another admin of the same company, in a browser of their own. */
async function otherAdmin() {
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  await api.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' });
  return staffApi(api.typed, api.baseUrl);
}

describe.each([
  { t: en, lang: 'en', prefix: '', name: 'Elite Auto Rentals', phone: '04 234 5678', theirs: ['8001234', '800 1234'], branch: ['Dubai Marina', 'Dubai Marina'] },
  { t: ar, lang: 'ar', prefix: '/arabic', name: 'إيليت لتأجير السيارات', phone: '٠٤ ٢٣٤ ٥٦٧٨', theirs: ['065551234', '+971 6 555 1234'], branch: ['Downtown Dubai', 'وسط مدينة دبي'] },
] as const)('the company profile ($prefix)', ({ t, lang, prefix, name, phone, theirs, branch }) => {
  const k = t.company;
  const admin = { staff: { email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password } };

  it('says what is wrong next to each field, focuses the first, and saves once it is right', async () => {
    const { user } = await renderAt(`${prefix}/company`, admin);
    const form = await screen.findByRole('form', { name: k.profile });
    expect(within(form).getByLabelText(k.nameEn)).toHaveValue('Elite Auto Rentals');
    for (const field of [k.trn, k.addressEn, k.addressAr, k.supportPhone]) await user.clear(within(form).getByLabelText(field));
    await user.type(within(form).getByLabelText(k.trn), '200 1234 5678 9012');
    await user.click(within(form).getByRole('button', { name: k.save }));
    const trn = within(form).getByLabelText(k.trn);
    expect(trn).toHaveAccessibleDescription(expect.stringContaining(t.problems.trn));
    expect(within(form).getByLabelText(k.addressEn)).toHaveAccessibleDescription(expect.stringContaining(t.problems.required));
    expect(within(form).getByLabelText(k.supportPhone)).toHaveAccessibleDescription(expect.stringContaining(t.problems.required));
    await waitFor(() => expect(trn).toHaveFocus());
    expect(trn).toHaveValue('200 1234 5678 9012');

    await user.clear(trn);
    await user.type(trn, '100 1234 5678 9012');
    await user.type(within(form).getByLabelText(k.addressEn), 'Office 12, Al Garhoud, Dubai');
    await user.type(within(form).getByLabelText(k.addressAr), 'مكتب 12، القرهود، دبي');
    await user.type(within(form).getByLabelText(k.supportPhone), phone);
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByText(k.saved)).toBeInTheDocument();
    const now = await (await otherAdmin()).company();
    expect(now.ok && now.body.company).toMatchObject({ trn: '100123456789012', supportPhone: '+971 4 234 5678', addressEn: 'Office 12, Al Garhoud, Dubai' });
  });

  it('the company’s own clauses: one in English without its Arabic is refused next to the Arabic, with what was typed kept', async () => {
    const { user } = await renderAt(`${prefix}/company`, admin);
    const form = await screen.findByRole('form', { name: k.profile });
    // The rest of the profile complete (the sample company starts without an address or support line).
    for (const [field, value] of [[k.addressEn, 'Office 12, Al Garhoud, Dubai'], [k.addressAr, 'مكتب 12، القرهود، دبي'], [k.supportPhone, phone]] as const) {
      const input = within(form).getByLabelText(field);
      if (!(input as HTMLInputElement).value) await user.type(input, value);
    }
    const english = within(form).getByLabelText(k.clausesEn);
    const arabic = within(form).getByLabelText(k.clausesAr);
    await user.clear(english);
    await user.clear(arabic);
    await user.type(english, 'No smoking in the car.{Enter}No pets without a carrier.');
    await user.type(arabic, 'يُمنع التدخين في السيارة.');
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(arabic).toHaveAccessibleDescription(expect.stringContaining(t.problems.clausesMatch));
    await waitFor(() => expect(arabic).toHaveFocus());
    expect(english).toHaveValue('No smoking in the car.\nNo pets without a carrier.');
    // Nothing was saved: the company still has no clauses of its own.
    const now = await (await otherAdmin()).company();
    expect(now.ok && [now.body.company.clausesEn, now.body.company.clausesAr]).toEqual(['', '']);
  });

  it('when another admin saved first, names what they changed and keeps what was typed', async () => {
    const { user } = await renderAt(`${prefix}/company`, admin);
    const form = await screen.findByRole('form', { name: k.profile });
    const other = await otherAdmin();
    const kept = await other.company();
    if (!kept.ok) throw new Error('no company');
    const { trn, nameEn, nameAr, subtitleEn, subtitleAr, addressEn, addressAr, clausesEn, clausesAr, version } = kept.body.company;
    const values = { trn, nameEn, nameAr, subtitleEn, subtitleAr, addressEn, addressAr, clausesEn, clausesAr, version };
    expect((await other.saveCompany({ ...values, supportPhone: theirs[0] })).ok).toBe(true);

    const address = within(form).getByLabelText(k.addressEn);
    await user.clear(address);
    await user.type(address, 'Shop 3, Marina Walk, Dubai');
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(fill(k.conflict, { fields: k.supportPhone }));
    expect(address).toHaveValue('Shop 3, Marina Walk, Dubai');
    // The field this admin did not touch now shows the other admin's value.
    expect(within(form).getByLabelText(k.supportPhone)).toHaveValue(theirs[1]);

    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByText(k.saved)).toBeInTheDocument();
    const now = await other.company();
    expect(now.ok && now.body.company).toMatchObject({ addressEn: 'Shop 3, Marina Walk, Dubai', supportPhone: theirs[1] });
  });

  it('a branch’s hours: a day that closes before it opens is said by its field and focused; once right, saved', async () => {
    const { user } = await renderAt(`${prefix}/company`, admin);
    const b = t.branches;
    const region = await screen.findByRole('region', { name: b.title });
    await user.click(await within(region).findByText(branch[1]));
    const form = within(region).getByRole('form', { name: branch[1] });
    const monday = weekdayName(1, lang);
    const opens = within(form).getByLabelText(fill(b.opens, { day: monday }));
    const closes = within(form).getByLabelText(fill(b.closes, { day: monday }));
    // A time input takes a whole value, as the browser's picker gives it.
    fireEvent.change(opens, { target: { value: '07:00' } });
    fireEvent.change(closes, { target: { value: '06:30' } });
    await user.click(within(form).getByRole('button', { name: b.save }));
    expect(closes).toHaveAccessibleDescription(expect.stringContaining(b.problems.closesBeforeOpening));
    await waitFor(() => expect(closes).toHaveFocus());
    expect(opens).toHaveValue('07:00');
    fireEvent.change(closes, { target: { value: '23:00' } });
    await user.click(within(form).getByRole('button', { name: b.save }));
    expect(await within(form).findByText(b.saved)).toBeInTheDocument();
    const now = await (await otherAdmin()).branches();
    expect(now.ok && now.body.branches.find((x) => x.nameEn === branch[0])!.hours[1]).toEqual({ open: '07:00', close: '23:00' });
  });

  it('the renter’s contract names the company as its admin keeps it: address, VAT number, support line', async () => {
    const kept = await (await otherAdmin()).company();
    if (!kept.ok) throw new Error('no company');
    const profile = kept.body.company;
    await renderAt(`${prefix}/rental-contract`, { journey: 'sample' });
    const party = await screen.findByRole('region', { name: t.rentalContract.company });
    expect(within(party).getByText(name)).toBeInTheDocument();
    expect(within(party).getByText(prefix ? profile.addressAr : profile.addressEn)).toBeInTheDocument();
    expect(within(party).getByText(profile.trn)).toBeInTheDocument();
    expect(within(party).getByRole('link', { name: new RegExp(t.rentalContract.companyPhone) })).toHaveAttribute('href', `tel:${profile.supportPhone.replace(/ /g, '')}`);
  });

  it('takes a logo, resized by the server, and shows it at its size; a file that is not a picture is named', async () => {
    const { user } = await renderAt(`${prefix}/company`, admin);
    const form = await screen.findByRole('form', { name: k.logo });
    const picker = within(form).getByLabelText(k.newLogo);
    // A file that says it is a PNG but is not one: the server reads its bytes and refuses it.
    await user.upload(picker, new File(['not a picture'], 'logo.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: k.upload }));
    await waitFor(() => expect(within(form).getByLabelText(k.newLogo)).toHaveAccessibleDescription(expect.stringContaining(t.problems.imageType)));

    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0f766e' } }).png().toBuffer();
    await user.upload(within(form).getByLabelText(k.newLogo), new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: k.upload }));
    expect(await within(form).findByText(k.uploaded)).toBeInTheDocument();
    const logo = await screen.findByRole('img', { name: fill(k.logoAlt, { name }) });
    expect(logo).toHaveAttribute('width', '192');
    expect(logo).toHaveAttribute('height', '96');
    expect(logo.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
  });
});
