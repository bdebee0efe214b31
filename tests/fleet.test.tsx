// The company admin's fleet, in English and Arabic, through the real server: a car added with what is
// wrong said next to its field (the focus on the first, what was typed kept), then found in the list by
// its plate in any spelling; its page saves a new rate, and when another admin saved first names what
// they changed and keeps what this admin typed; a car a paid booking still needs stays in service, and
// the screen says which booking, until the admin moves it to another car; maintenance is planned as a
// period (a mistake said by its field), listed, and removed.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { screen, waitFor, within } from '@testing-library/react';
import { ar } from '../src/i18n/ar';
import { en } from '../src/i18n/en';
import { fill, formatDate } from '../src/i18n/format';
import { toDubaiInput } from '../machines/booking';
import { DAY_MS } from '../machines/money';
import { createApi } from '../src/client/api';
import { staffApi } from '../src/client/staffApi';
import { SAMPLE_ADMIN } from '../server/seed';
import { payInApp, renderAt, testServer } from './render';
import { browserFor, ORIGIN } from './support/server';


/** Another admin of the same company, in a browser of their own. */
async function otherAdmin() {
  const api = createApi({ baseUrl: `${ORIGIN}/api`, fetch: browserFor(await testServer()).fetch });
  await api.logIn({ email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password, role: 'staff' });
  return staffApi(api.typed, api.baseUrl);
}

/** The sample company's branch at Dubai airport: its id is the database's. */
async function airportDesk(admin: Awaited<ReturnType<typeof otherAdmin>>) {
  const answer = await admin.branches();
  if (!answer.ok) throw new Error(JSON.stringify(answer));
  return answer.body.branches.find((b) => b.place === 'dxb-t3')!.id;
}

describe.each([
  { t: en, lang: 'en', prefix: '', number: '60601', typed: '60601', emirate: 'Ajman', other: '4601' },
  // Typed in Arabic-Indic digits, kept in Latin ones as on the plate.
  { t: ar, lang: 'ar', prefix: '/arabic', number: '60602', typed: '٦٠٦٠٢', emirate: 'عجمان', other: '4602' },
] as const)('the fleet ($prefix)', ({ t, lang, prefix, number, typed, emirate, other: otherNumber }) => {
  const k = t.fleet;
  const admin = { staff: { email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password } };

  it('adds a car: each mistake said next to its field, the first focused, nothing typed lost; then it is in the list', async () => {
    const { user } = await renderAt(`${prefix}/fleet`, admin);
    expect(await screen.findByRole('heading', { level: 1, name: t.titles.fleet })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: k.add });
    await user.selectOptions(within(form).getByLabelText(k.emirate), emirate);
    await user.type(within(form).getByLabelText(k.code), 'ABC');
    await user.type(within(form).getByLabelText(k.number), typed);
    await user.type(within(form).getByLabelText(k.model), 'Hyundai Tucson');
    await user.selectOptions(within(form).getByLabelText(k.category), t.categories.suv);
    await user.type(within(form).getByLabelText(k.dailyRate), '0');
    await user.type(within(form).getByLabelText(k.deposit), '2500');
    await user.type(within(form).getByLabelText(k.odometerKm), '9100');
    await user.selectOptions(within(form).getByLabelText(k.homeBranch), lang === 'ar' ? 'مطار دبي المبنى 3' : 'Dubai Airport T3');
    await user.click(within(form).getByRole('button', { name: k.save }));

    const code = within(form).getByLabelText(k.code);
    expect(code).toHaveAccessibleDescription(expect.stringContaining(k.problems.plate));
    expect(within(form).getByLabelText(k.dailyRate)).toHaveAccessibleDescription(expect.stringContaining(k.problems.outOfRange));
    expect(within(form).getByLabelText(k.tankLitres)).toHaveAccessibleDescription(expect.stringContaining(t.problems.required));
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(form).getByLabelText(k.model)).toHaveValue('Hyundai Tucson');

    await user.clear(code);
    await user.type(code, 'c');
    const rate = within(form).getByLabelText(k.dailyRate);
    await user.clear(rate);
    await user.type(rate, '310');
    await user.type(within(form).getByLabelText(k.tankLitres), '54');
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByText(fill(k.added, { car: 'Hyundai Tucson' }))).toBeInTheDocument();
    // The form is empty again for the next car.
    expect(within(form).getByLabelText(k.model)).toHaveValue('');

    // Found by its plate as the authorities write it; the others are filtered out.
    const list = await screen.findByRole('region', { name: k.listTitle });
    await user.type(within(list).getByLabelText(k.search), `AJM-C-${number}`);
    const links = await within(list).findAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Hyundai Tucson');
    expect(links[0]).toHaveTextContent(k.statuses.available);
  });

  it('its page saves a new rate; over another admin’s change it names what they changed and keeps what was typed', async () => {
    const other = await otherAdmin();
    const input = { emirate: 'Sharjah', code: '2', number: otherNumber, model: 'Nissan Sunny', category: 'economy', dailyRate: '120', deposit: '750', odometerKm: '40000', tankLitres: '41', homeBranch: await airportDesk(other) };
    const added = await other.addCar(input);
    if (!added.ok) throw new Error(JSON.stringify(added));
    const { car } = added.body;
    const { user } = await renderAt(`${prefix}/fleet/${car.id}`, admin);
    const form = await screen.findByRole('form', { name: 'Nissan Sunny' });
    expect(within(form).getByLabelText(k.dailyRate)).toHaveValue('120');

    // Another admin changes the odometer meanwhile.
    expect((await other.saveCar(car.id, { ...input, odometerKm: '40250', status: 'available', version: car.version })).ok).toBe(true);
    const rate = within(form).getByLabelText(k.dailyRate);
    await user.clear(rate);
    await user.type(rate, '135');
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(fill(k.conflict, { fields: k.odometerKm }));
    expect(rate).toHaveValue('135');
    expect(within(form).getByLabelText(k.odometerKm)).toHaveValue('40250');

    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByText(k.saved)).toBeInTheDocument();
    const now = await other.fleetCar(car.id);
    expect(now.ok && now.body.car).toMatchObject({ dailyRate: '135', odometerKm: '40250' });
  });

  it('a car a paid booking needs stays in service, and the screen names the booking; moved to another car, it can go', async () => {
    // A renter pays for a car of the admin's company.
    const renter = await renderAt(`${prefix}/account`, { journey: 'toPayment' });
    await payInApp(renter);
    await waitFor(() => expect(renter.actor.getSnapshot().context.payment).not.toBeNull());
    const { car } = renter.actor.getSnapshot().context.booking;
    const booking = renter.actor.bookingNumber!;
    renter.unmount();

    const { user } = await renderAt(`${prefix}/fleet/${car.id}`, admin);
    const form = await screen.findByRole('form', { name: car.model });
    // Its page lists the bookings it has.
    expect(await screen.findByRole('region', { name: k.bookingsTitle })).toHaveTextContent(booking);
    await user.selectOptions(within(form).getByLabelText(k.status), k.statuses.maintenance);
    await user.click(within(form).getByRole('button', { name: k.save }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(k.needed);
    expect(alert).toHaveTextContent(booking);
    const other = await otherAdmin();
    const now = await other.fleetCar(car.id);
    expect(now.ok && now.body.car.status).toBe('available');

    // The admin moves the booking to another of the company's cars, as good or better: then it can go.
    const bookings = screen.getByRole('region', { name: k.bookingsTitle });
    const move = within(bookings).getByRole('form', { name: fill(k.moveLabel, { number: booking }) });
    const choice = within(move).getByLabelText(k.moveTo) as HTMLSelectElement;
    const to = choice.selectedOptions[0]!.textContent!.split(' · ')[0]!;
    await user.click(within(move).getByRole('button', { name: k.move }));
    expect(await within(bookings).findByText(fill(k.moved, { number: booking, model: to }))).toBeInTheDocument();
    expect(within(bookings).getByText(k.noBookings)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: k.save }));
    expect(await within(form).findByText(k.saved)).toBeInTheDocument();
    const after = await other.fleetCar(car.id);
    expect(after.ok && after.body.car.status).toBe('maintenance');
    // Back in service for the tests that book it next.
    await user.selectOptions(within(form).getByLabelText(k.status), k.statuses.available);
    await user.click(within(form).getByRole('button', { name: k.save }));
    await waitFor(async () => {
      const back = await other.fleetCar(car.id);
      expect(back.ok && back.body.car.status).toBe('available');
    });
  });

  it('takes photos, cut by the server to the cards’ 16:9, one that is not a picture named by its field; removes one', async () => {
    const other = await otherAdmin();
    const added = await other.addCar({ emirate: 'Ajman', code: 'A', number: otherNumber, model: 'Mazda CX-5', category: 'suv', dailyRate: '300', deposit: '2500', odometerKm: '8000', tankLitres: '56', homeBranch: await airportDesk(other) });
    if (!added.ok) throw new Error(JSON.stringify(added));
    const { user } = await renderAt(`${prefix}/fleet/${added.body.car.id}`, admin);
    const photos = await screen.findByRole('region', { name: k.photosTitle });
    expect(within(photos).getByText(k.noPhotos)).toBeInTheDocument();
    const form = within(photos).getByRole('form', { name: k.newPhoto });
    await user.upload(within(form).getByLabelText(k.newPhoto), new File(['not a picture'], 'car.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: k.uploadPhoto }));
    await waitFor(() => expect(within(form).getByLabelText(k.newPhoto)).toHaveAccessibleDescription(expect.stringContaining(t.problems.imageType)));

    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0f766e' } }).png().toBuffer();
    await user.upload(within(form).getByLabelText(k.newPhoto), new File([new Uint8Array(png)], 'car.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: k.uploadPhoto }));
    expect(await within(photos).findByText(k.photoUploaded)).toBeInTheDocument();
    const photo = within(photos).getByRole('img', { name: fill(k.photoAlt, { car: 'Mazda CX-5', n: 1 }) });
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['400', '225']);

    await user.click(within(photos).getByRole('button', { name: fill(k.removePhoto, { n: 1 }) }));
    expect(await within(photos).findByText(k.photoRemoved)).toBeInTheDocument();
    expect(within(photos).getByText(k.noPhotos)).toBeInTheDocument();
  });

  it('plans maintenance: a mistake said next to its field and focused, the block listed, then removed', async () => {
    const other = await otherAdmin();
    const added = await other.addCar({ emirate: 'Fujairah', code: 'F', number: otherNumber, model: 'Kia Seltos', category: 'suv', dailyRate: '280', deposit: '2500', odometerKm: '5000', tankLitres: '50', homeBranch: await airportDesk(other) });
    if (!added.ok) throw new Error(JSON.stringify(added));
    const { user } = await renderAt(`${prefix}/fleet/${added.body.car.id}`, admin);
    const maintenance = await screen.findByRole('region', { name: k.blocksTitle });
    expect(within(maintenance).getByText(k.noBlocks)).toBeInTheDocument();
    const form = within(maintenance).getByRole('form', { name: k.addBlock });
    const from = Date.now() + 10 * DAY_MS;
    await user.type(within(form).getByLabelText(k.blockFrom), toDubaiInput(from));
    // The time picked, written under the picker in the page's language (the picker follows the browser's).
    expect(within(form).getByLabelText(k.blockFrom)).toHaveAccessibleDescription(fill(t.time.read, { date: formatDate(new Date(from), lang, 'dateTime') }));
    await user.type(within(form).getByLabelText(k.blockUntil), toDubaiInput(from - DAY_MS));
    await user.type(within(form).getByLabelText(k.blockNote), 'Brake pads');
    await user.click(within(form).getByRole('button', { name: k.addBlock }));
    const until = within(form).getByLabelText(k.blockUntil);
    expect(until).toHaveAccessibleDescription(expect.stringContaining(k.problems.beforeStart));
    await waitFor(() => expect(until).toHaveFocus());
    expect(within(form).getByLabelText(k.blockNote)).toHaveValue('Brake pads');

    await user.clear(until);
    await user.type(until, toDubaiInput(from + 3 * DAY_MS));
    await user.click(within(form).getByRole('button', { name: k.addBlock }));
    const period = { from: formatDate(new Date(from), lang, 'dateTime'), until: formatDate(new Date(from + 3 * DAY_MS), lang, 'dateTime') };
    expect(await within(form).findByText(fill(k.blocked, period))).toBeInTheDocument();
    expect(within(maintenance).getByText('Brake pads')).toBeInTheDocument();
    const page = await other.fleetCar(added.body.car.id);
    expect(page.ok && page.body.blocks).toHaveLength(1);

    await user.click(within(maintenance).getByRole('button', { name: fill(k.removeBlock, { from: period.from }) }));
    expect(await within(maintenance).findByText(k.removed)).toBeInTheDocument();
    expect(within(maintenance).getByText(k.noBlocks)).toBeInTheDocument();
  });
});

describe('another company’s car', () => {
  it('is not found on the admin’s fleet page', async () => {
    await renderAt('/fleet/range-rover', { staff: { email: SAMPLE_ADMIN.email, password: SAMPLE_ADMIN.password } });
    expect(await screen.findByText(en.fleet.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.fleet.back })).toHaveAttribute('href', '/fleet');
  });
});
