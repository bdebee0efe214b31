import { SAMPLE_SPECS } from '../server/demo/cars';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { waitFor as until } from 'xstate';
import { defaultTrip, MAX_RENTAL_DAYS, toDubaiInput, type Trip } from '../machines/booking';
import { CAR_IDS, carOf, FLEET, type SampleCarId as CarId } from '../machines/sampleFleet';
import type { JourneySnapshot } from '../machines/journey';
import { DAY_MS } from '../machines/money';
import { createApi } from '../src/client/api';
import type { JourneyClient } from '../src/client/journeyClient';
import { startSession } from '../src/client/session';
import { ar } from '../src/i18n/ar';
import { WAIT_MS } from './support/wait';
import { en } from '../src/i18n/en';
import { fill, plural } from '../src/i18n/format';
import { LOCATION_NAMES } from '../src/data/content';
import { queryString, tripQuery } from '../src/search/query';
import { DOCUMENTS, NOW, RENTER, renderAt, resetServer, testServer, uniqueEmail } from './render';
import { browserFor, ORIGIN } from './support/server';
import { adminOf, counterChecksIn, staffOf } from './support/counter';
import { companies } from '../server/db/schema';
import { providerHeardBy, typeCard } from './support/provider';

type Journey = JourneyClient;

const HOUR = 60 * 60 * 1000;
/**
 * The default trip (tomorrow 10:00 at Dubai airport, three days), `weeks` later. The tests of this file
 * share one server, and a paid booking holds its car: each test searches its own week.
 */
const tripIn = (weeks: number, patch: Partial<Trip> = {}): Trip => {
  const trip = defaultTrip(Date.now());
  return { ...trip, pickupAt: trip.pickupAt + weeks * 7 * DAY_MS, dropoffAt: trip.dropoffAt + weeks * 7 * DAY_MS, ...patch };
};
const searchPath = (trip: Trip, extra = '', prefix = '') => `${prefix}/search${queryString(tripQuery(trip))}${extra}`;

const cardOf = (model: string) => screen.findByRole('article', { name: model });
const models = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent);
/** The value beside a label in a card's price list (a <dt>/<dd> pair). */
const valueIn = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;

const wait = (journey: Journey, done: (s: JourneySnapshot) => boolean) => until(journey as never, done as never, { timeout: WAIT_MS });

/** Signs, then pays for, the booking the journey is on (as the contract and payment screens would). */
async function signAndPay(journey: Journey, session: { refreshJourney: () => Promise<unknown> }, name = RENTER.fullName) {
  await wait(journey, (s) => s.matches({ signedIn: { rentalContract: 'reviewingTerms' } }));
  journey.send({ type: 'contract.acceptTerms' });
  journey.send({ type: 'contract.verifyIdentity' });
  journey.send({ type: 'contract.sign', signature: name, at: Date.now() });
  await wait(journey, (s) => s.context.contract !== null && !s.hasTag('pending'));
  journey.send({ type: 'contract.proceed' });
  await wait(journey, (s) => s.matches({ signedIn: { payment: 'editing' } }));
  // Paid on the provider's page; what it says reaches the server by its webhook, and the journey is read again.
  journey.send({ type: 'payment.submit', consent: true, at: Date.now() });
  await wait(journey, (s) => s.context.paymentSession !== null && !s.hasTag('pending'));
  await typeCard(journey.getSnapshot().context.paymentSession!.url);
  await providerHeardBy((await testServer()).deps);
  await session.refreshJourney();
  await wait(journey, (s) => s.context.payment !== null && !s.hasTag('pending'));
}

/** Another renter, in a browser of their own, who books and pays for `carId` for `trip`. */
async function someoneElseBooks(carId: CarId, trip: Trip) {
  const browser = browserFor(await testServer());
  const session = await startSession(createApi({ baseUrl: `${ORIGIN}/api`, fetch: browser.fetch }), { now: NOW });
  const journey = await session.loadJourney();
  const form = { ...RENTER, email: uniqueEmail('other'), ...DOCUMENTS, confirmPassword: RENTER.password, termsAccepted: true };
  journey.send({ type: 'registration.submit', form, at: Date.now() });
  await wait(journey, (s) => s.matches({ signedIn: { rentalContract: 'reviewingTerms' } }));
  journey.send({ type: 'booking.start', car: carOf(carId), trip, at: Date.now() });
  await signAndPay(journey, session);
  return session;
}

describe('search form: the booking rules, said next to each field', () => {
  it('English: too soon and too short, both said, values kept, focus on the first problem', async () => {
    await renderAt('/search');
    const pickup = await screen.findByLabelText(en.search.pickupAt);
    const dropoff = screen.getByLabelText(en.search.dropoffAt);
    const soon = toDubaiInput(Date.now() + HOUR);
    const sameDay = toDubaiInput(Date.now() + 5 * HOUR);
    fireEvent.change(pickup, { target: { value: soon } });
    fireEvent.change(dropoff, { target: { value: sameDay } });
    fireEvent.click(screen.getByRole('button', { name: en.search.submit }));

    await waitFor(() => expect(pickup).toHaveFocus());
    expect(pickup).toHaveAttribute('aria-invalid', 'true');
    expect(pickup).toHaveAccessibleDescription(expect.stringContaining(en.problems.tooSoon));
    expect(dropoff).toHaveAccessibleDescription(expect.stringContaining(en.problems.tooShort));
    expect(pickup).toHaveValue(soon);
    expect(dropoff).toHaveValue(sameDay);
    expect(screen.getByText(plural(en.form.fieldsToCorrect, 2, 'en'))).toBeInTheDocument();
  });

  it('Arabic: a missing place and a rental longer than 30 days, in Arabic, focus on the place', async () => {
    const { user, router } = await renderAt('/arabic/search');
    const place = await screen.findByLabelText(ar.search.pickupLocation);
    const pickup = screen.getByLabelText(ar.search.pickupAt);
    const dropoff = screen.getByLabelText(ar.search.dropoffAt);
    await user.selectOptions(place, ar.search.choosePlace);
    const long = toDubaiInput(defaultTrip(Date.now()).pickupAt + (MAX_RENTAL_DAYS + 5) * DAY_MS);
    fireEvent.change(dropoff, { target: { value: long } });
    await user.click(screen.getByRole('button', { name: ar.search.submit }));

    await waitFor(() => expect(place).toHaveFocus());
    expect(place).toHaveAccessibleDescription(ar.problems.required);
    expect(dropoff).toHaveAccessibleDescription(expect.stringContaining(ar.problems.rentalTooLong));
    expect(pickup).not.toHaveAttribute('aria-invalid');
    expect(dropoff).toHaveValue(long);
    // Nothing was searched: the address still holds the last search.
    expect(router.state.location.search).toBe('');
  });

  it('the chosen times read in the page’s language under each picker (the picker itself follows the browser’s)', async () => {
    const ar_ = await renderAt('/arabic/search');
    const pickup = await screen.findByLabelText(ar.search.pickupAt);
    fireEvent.change(pickup, { target: { value: '2026-12-05T14:30' } });
    expect(pickup).toHaveAccessibleDescription('السبت، 5 ديسمبر، 2:30 م بتوقيت الإمارات');
    ar_.unmount();
    await renderAt('/search');
    const english = await screen.findByLabelText(en.search.pickupAt);
    fireEvent.change(english, { target: { value: '2026-12-05T14:30' } });
    expect(english).toHaveAccessibleDescription('Sat, Dec 5, 2:30 PM, UAE time');
  });

  it('a valid search is written to the URL and brings the results into view; back shows the previous one', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user, router } = await renderAt('/search');
    const trip = tripIn(9);
    await user.selectOptions(await screen.findByLabelText(en.search.pickupLocation), 'auh');
    await user.selectOptions(screen.getByLabelText(en.search.dropoffLocation), 'auh');
    fireEvent.change(screen.getByLabelText(en.search.pickupAt), { target: { value: toDubaiInput(trip.pickupAt) } });
    fireEvent.change(screen.getByLabelText(en.search.dropoffAt), { target: { value: toDubaiInput(trip.dropoffAt) } });
    expect(scrolled).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: en.search.submit }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(queryString(tripQuery({ ...trip, pickupLocation: 'auh', dropoffLocation: 'auh' }))),
    );
    // The results' section, below the form on a phone, is brought into view.
    expect(scrolled.mock.contexts.at(-1)).toContainElement(screen.getByRole('region', { name: en.search.results }));
    scrolled.mockRestore();
    expect(await cardOf('Toyota Camry')).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText(en.search.pickupLocation)).toHaveValue('dxb-t3'));
  });
});

describe('the Home box opens the search with what it understood', () => {
  it('"SUV Dubai Marina": SUVs only, picked up and returned at Dubai Marina', async () => {
    const { user, router } = await renderAt('/home');
    await user.type(await screen.findByRole('searchbox', { name: en.home.searchLabel }), 'SUV Dubai Marina{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?type=suv&pickup=dubai-marina');
    expect(await screen.findByLabelText(en.search.pickupLocation)).toHaveDisplayValue('Dubai Marina, Marina Walk');
    expect(screen.getByLabelText(en.search.dropoffLocation)).toHaveDisplayValue('Dubai Marina, Marina Walk');
    await cardOf('Nissan Patrol');
    expect(screen.getByLabelText(en.search.type)).toHaveDisplayValue('SUV');
    expect(models().sort()).toEqual(['Nissan Patrol', 'Range Rover Sport']);
  });

  it('"SUV Dubai airport next week with a baby seat": next Monday, and the words it could not use are said', async () => {
    const { user, router } = await renderAt('/home');
    await user.type(await screen.findByRole('searchbox', { name: en.home.searchLabel }), 'SUV Dubai airport next week with a baby seat{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByText(fill(en.search.unused, { words: 'baby seat' }))).toHaveAttribute('role', 'status');
    // Next week starts on its Monday.
    const pickup = (screen.getByLabelText(en.search.pickupAt) as HTMLInputElement).value;
    expect(new Date(`${pickup.slice(0, 10)}T12:00Z`).getUTCDay()).toBe(1);
    expect(Date.parse(`${pickup.slice(0, 10)}T12:00Z`) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(`${pickup.slice(0, 10)}T12:00Z`) - Date.now()).toBeLessThan(8 * DAY_MS);
    expect(await screen.findByLabelText(en.search.type)).toHaveDisplayValue('SUV');
  });

  it('Arabic: an SUV from Abu Dhabi airport returned in Sharjah, with the one-way fee said before choosing', async () => {
    const { user, router } = await renderAt('/arabic');
    await user.type(await screen.findByRole('searchbox', { name: ar.home.searchLabel }), 'سيارة دفع رباعي من مطار أبوظبي إلى الشارقة{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/arabic/search'));
    expect(router.state.location.search).toBe('?type=suv&pickup=auh&dropoff=sharjah-city');
    const dropoff = await screen.findByLabelText(ar.search.dropoffLocation);
    expect(dropoff).toHaveAccessibleDescription(expect.stringContaining('الإرجاع في إمارة أخرى'));
    const patrol = await cardOf('Nissan Patrol');
    expect(valueIn(patrol, ar.cars.oneWayFee)).toHaveTextContent('250.00');
  });
});

describe('the Home box says what it read, as chips, before searching', () => {
  it('each part is a chip the renter can leave out; the search goes without it', async () => {
    const { user, router } = await renderAt('/home');
    await user.type(await screen.findByRole('searchbox', { name: en.home.searchLabel }), 'SUV Dubai airport next week 3 days baby seat');
    const read = await screen.findByRole('group', { name: en.search.read.title });
    expect(read).toHaveAccessibleDescription(en.search.read.hint);
    const suv = within(read).getByRole('button', { name: /SUV/, pressed: true });
    within(read).getByRole('button', { name: fill(en.search.read.pickup, { place: LOCATION_NAMES['dxb-t3'].en }), pressed: true });
    // Next week's Monday, for 3 days, written out in the page's language.
    const dates = within(read).getByRole('button', { name: /^Mon, .* to Thu, /, pressed: true });
    expect(screen.getByText(fill(en.search.read.unused, { words: 'baby seat' }))).toBeInTheDocument();
    // Left out: the search runs on the rest.
    await user.click(suv);
    expect(suv).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: en.search.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('type')).toBeNull();
    expect(params.get('pickup')).toBe('dxb-t3');
    expect(new Date(`${params.get('from')!.slice(0, 10)}T12:00Z`).getUTCDay()).toBe(1);
    expect(dates).not.toBeInTheDocument();
  });

  it('Arabic: the chips in Arabic; the return place left out keeps the car at the pickup place', async () => {
    const { user, router } = await renderAt('/arabic');
    await user.type(await screen.findByRole('searchbox', { name: ar.home.searchLabel }), 'سيارة دفع رباعي من مطار أبوظبي إلى الشارقة');
    const read = await screen.findByRole('group', { name: ar.search.read.title });
    within(read).getByRole('button', { name: new RegExp(ar.categories.suv), pressed: true });
    const back = within(read).getByRole('button', { name: fill(ar.search.read.dropoff, { place: LOCATION_NAMES['sharjah-city'].ar }), pressed: true });
    await user.click(back);
    await user.type(screen.getByRole('searchbox', { name: ar.home.searchLabel }), '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/arabic/search'));
    expect(router.state.location.search).toBe('?type=suv&pickup=auh');
  });
});

describe('results: free cars with every price before choosing', () => {
  it('price per day, total for the period with VAT, the deposit, the company', async () => {
    const trip = tripIn(1);
    await renderAt(searchPath(trip));
    const camry = await cardOf('Toyota Camry');
    expect(camry).toHaveTextContent('240.00/day');
    expect(camry).toHaveTextContent('Sedan');
    await waitFor(() => expect(camry).toHaveTextContent('Elite Auto Rentals'));
    expect(within(camry).getByText(/^3 days at/, { selector: 'dt' }).nextElementSibling).toHaveTextContent('720.00');
    expect(valueIn(camry, en.price.vat)).toHaveTextContent('36.00');
    expect(valueIn(camry, en.cars.total)).toHaveTextContent('756.00');
    expect(within(camry).getByText(en.cars.depositNote).closest('dt')!.nextElementSibling).toHaveTextContent('1,500.00');
    // Returned at the pickup place: no one-way fee line; the form still says what it would be.
    expect(within(camry).queryByText(en.cars.oneWayFee)).toBeNull();
    expect(screen.getByLabelText(en.search.dropoffLocation)).toHaveAccessibleDescription(expect.stringContaining('250.00'));
    // Cheapest first.
    expect(models()[0]).toBe('Toyota Yaris');
  });

  it('returned in another emirate: the one-way fee is its own line, with VAT on it', async () => {
    await renderAt(searchPath(tripIn(1, { dropoffLocation: 'abu-dhabi-city' })));
    const camry = await cardOf('Toyota Camry');
    expect(valueIn(camry, en.cars.oneWayFee)).toHaveTextContent('250.00');
    expect(valueIn(camry, en.price.vat)).toHaveTextContent('48.50');
    expect(valueIn(camry, en.cars.total)).toHaveTextContent('1,018.50');
  });

  it('filter by type and company, sort by price, all kept in the URL', async () => {
    const { user, router } = await renderAt(searchPath(tripIn(2)));
    await cardOf('Toyota Yaris');
    await user.selectOptions(screen.getByLabelText(en.search.type), 'SUV');
    await waitFor(() => expect(models().sort()).toEqual(['Nissan Patrol', 'Range Rover Sport']));
    expect(router.state.location.search).toContain('type=suv');

    await user.selectOptions(screen.getByLabelText(en.search.type), 'Sports car');
    await user.selectOptions(screen.getByLabelText(en.search.company), 'Desert Drive');
    expect(await screen.findByText(en.search.noneFiltered)).toBeInTheDocument();
    expect(models()).toEqual([]);
    await user.click(screen.getByRole('button', { name: en.search.showAll }));
    await waitFor(() => expect(models()).toHaveLength(7));

    await user.selectOptions(screen.getByLabelText(en.search.sort), en.search.sorts['price-desc']);
    await waitFor(() => expect(models()[0]).toBe('Mercedes-Benz S-Class'));
    expect(router.state.location.search).toContain('sort=price-desc');
    await router.navigate(-1);
    await waitFor(() => expect(models()[0]).toBe('Toyota Yaris'));
  });

  it('a company that joined after the samples: its car carries its name, and the company filter offers it', async () => {
    // The operator's new company, its admin, a desk at Dubai airport open around the clock, one car.
    const server = await testServer();
    await server.deps.db.insert(companies).values({ id: 'falcon-cars', nameEn: 'Falcon Cars', nameAr: 'فالكون للسيارات', subtitleEn: '', subtitleAr: '' });
    const admin = await adminOf(server, 'falcon-cars');
    const hours = Array.from({ length: 7 }, () => ({ closed: false, open: '00:00', close: '00:00' }));
    const desk = await admin.addBranch({ nameEn: 'Falcon DXB', nameAr: 'فالكون المطار', place: 'dxb-t3', addressEn: 'Terminal 3', addressAr: 'المبنى 3', coordinates: '25.2528, 55.3644', hours });
    if (!desk.ok) throw new Error(JSON.stringify(desk));
    const car = { emirate: 'Dubai', code: 'F', number: '40404', model: 'Kia Sportage', category: 'suv', dailyRate: '280', deposit: '2500', odometerKm: '9000', tankLitres: '60', homeBranch: desk.body.branch.id };
    expect((await admin.addCar(car)).ok).toBe(true);

    const { user, router } = await renderAt(searchPath(tripIn(4)));
    await waitFor(() => expect(cardOf('Kia Sportage')).resolves.toHaveTextContent('Falcon Cars'));
    await user.selectOptions(screen.getByLabelText(en.search.company), 'Falcon Cars');
    await waitFor(() => expect(models()).toEqual(['Kia Sportage']));
    expect(router.state.location.search).toContain('company=falcon-cars');
    // The next tests count every car there is: they get a database without this company.
    await resetServer();
  });

  it('no car free: the empty state says what to try', async () => {
    // Every car is taken for this week by other renters.
    const trip = tripIn(3);
    await Promise.all(CAR_IDS.map((id) => someoneElseBooks(id, trip)));
    await renderAt(searchPath(trip));
    expect(await screen.findByText(en.cars.none)).toBeInTheDocument();
    expect(models()).toEqual([]);
  });
});

describe('choosing a car starts the booking with that car, place and time', () => {
  it('signed out: to log in, with the car and trip kept for afterwards', async () => {
    const trip = tripIn(4, { pickupLocation: 'dubai-marina', dropoffLocation: 'dubai-marina' });
    // As in a browser: the search runs without the journey's code; the tap loads it.
    const { user, router, session } = await renderAt(searchPath(trip), { journeyFirst: false });
    const rent = await screen.findByRole('button', { name: fill(en.cars.rentCar, { car: 'Toyota Camry' }) });
    expect(session.journey).toBeNull();
    await user.click(rent);
    await waitFor(() => expect(router.state.location.pathname).toBe('/log-in'));
    // The car's facts as its record has them (the sample's, with the specs the pickup screen shows).
    expect(session.journey!.getSnapshot().context.booking).toEqual({ carId: 'camry', car: { ...FLEET.camry, specs: SAMPLE_SPECS.camry }, ...trip });
  });

  it('signed in: on to the contract, and the server keeps the car and the trip', async () => {
    const trip = tripIn(5, { dropoffLocation: 'sharjah-city' });
    const { user, router, session } = await renderAt(searchPath(trip), { journey: 'toPayment' });
    await user.click(await screen.findByRole('button', { name: fill(en.cars.rentCar, { car: 'Toyota Yaris' }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rental-contract'));
    await waitFor(async () => {
      const answer = await session.api.bookings();
      expect(answer.ok && answer.body.bookings[0]).toMatchObject({ carId: 'yaris', ...tripQueryOf(trip) });
    });
  });

  it('taken meanwhile by someone else: back to the cars still free, and told why', async () => {
    const trip = tripIn(6);
    const { user, router } = await renderAt(searchPath(trip), { journey: 'toPayment' });
    const rent = await screen.findByRole('button', { name: fill(en.cars.rentCar, { car: 'Toyota Yaris' }) });
    await someoneElseBooks('yaris', trip);
    await user.click(rent);
    // Back on the search for the same trip (the notice is drawn again for the new page), and told why.
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(searchPath(trip)));
    await waitFor(() => expect(screen.getByText(en.journey.sync.taken)).toBeInTheDocument());
    // The list is asked for again: the car just taken leaves it (the list on screen had it).
    await waitFor(() => expect(models()).not.toContain('Toyota Yaris'));
    await cardOf('Toyota Camry');
  });

  it('a car refused as taken leaves the list on screen even when the screen was never left (the answer came before the route moved)', async () => {
    const trip = tripIn(7);
    const { session } = await renderAt(searchPath(trip), { journey: 'toPayment' });
    await cardOf('Toyota Yaris');
    await someoneElseBooks('yaris', trip);
    // The server's refusal of a step, as the journey reports it: the list is older than that booking.
    act(() => session.notices.set('taken'));
    await waitFor(() => expect(models()).not.toContain('Toyota Yaris'));
    await cardOf('Toyota Camry');
  });
});

/** The booking summary's fields for a trip. */
const tripQueryOf = (trip: Trip) => ({
  pickupLocation: trip.pickupLocation,
  dropoffLocation: trip.dropoffLocation,
  pickupAt: trip.pickupAt,
  returnAt: trip.dropoffAt,
});

describe('reservations', () => {
  it('signed out: a prompt to log in', async () => {
    await renderAt('/reservations');
    expect(await screen.findByText(en.reservations.signIn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.reservations.logIn })).toHaveAttribute('href', '/log-in');
  });

  it('nothing booked yet: says so and offers the search; the unfinished booking is listed apart', async () => {
    await renderAt('/arabic/reservations', { journey: 'toPayment' });
    expect(await screen.findByText(ar.reservations.none)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar.reservations.search })).toHaveAttribute('href', '/arabic/search');
    const unpaid = screen.getByRole('region', { name: ar.reservations.unpaid });
    expect(within(unpaid).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/arabic\/booking-details\/[\w-]+$/));
    // What it will cost: the specification's 1,260.00, still to pay.
    expect(within(unpaid).getByRole('link')).toHaveTextContent(`${ar.reservations.toPay.replace('{amount}', '').trim()}`);
    expect(within(unpaid).getByRole('link')).toHaveTextContent('1,260.00');
    expect(screen.queryByRole('region', { name: ar.reservations.upcoming })).toBeNull();
  });

  it('grouped: the rental on the road is Active; once returned it is Past, and a new one is Upcoming', async () => {
    const first = await renderAt('/reservations', { journey: 'sample' });
    const active = await screen.findByRole('region', { name: en.reservations.active });
    const link = within(active).getByRole('link', { name: /BMW 7 Series/ });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/booking-details\/[\w-]+$/));
    expect(link).toHaveTextContent(en.bookingDetails.statuses.active);
    // What was paid for it (five days of the BMW at 2,000.00, with VAT).
    expect(link).toHaveTextContent(en.reservations.charged.replace('{amount}', '').trim());
    expect(link).toHaveTextContent('10,500.00');
    expect(screen.queryByText(en.reservations.none)).toBeNull();

    // The car comes back: the counter checks it in, the renter accepts and the deposit is settled;
    // then the renter books another for later.
    const journey = first.actor;
    journey.send({ type: 'return.start' });
    const number = journey.bookingNumber!;
    const counter = await staffOf(await testServer(), journey.getSnapshot().context.booking.car);
    expect((await counterChecksIn(counter, number)).ok).toBe(true);
    await first.session.refreshJourney();
    await wait(journey, (s) => s.matches({ signedIn: { carReturn: 'reviewing' } }));
    journey.send({ type: 'return.accept', at: Date.now() });
    await wait(journey, (s) => s.context.refund !== null && !s.hasTag('pending'));
    journey.send({ type: 'return.finish', at: Date.now() });
    await wait(journey, (s) => s.context.completedAt !== null);
    journey.send({ type: 'booking.start', car: FLEET.camry, trip: tripIn(7), at: Date.now() });
    await signAndPay(journey, first.session, journey.getSnapshot().context.renter!.fullName);
    first.unmount();

    const second = await renderAt('/reservations', { browser: first.browser });
    const upcoming = await screen.findByRole('region', { name: en.reservations.upcoming });
    expect(within(upcoming).getByRole('link', { name: /Toyota Camry/ })).toHaveTextContent(en.bookingDetails.statuses.upcoming);
    const past = screen.getByRole('region', { name: en.reservations.past });
    expect(within(past).getByRole('link', { name: /BMW 7 Series/ })).toHaveTextContent(en.bookingDetails.statuses.completed);
    expect(screen.queryByRole('region', { name: en.reservations.active })).toBeNull();

    second.unmount();
    // Past Rentals lists the finished one only, with what it cost and what came back, opening its details.
    await renderAt('/arabic/past-rentals', { browser: first.browser });
    const finished = await screen.findByRole('link', { name: /BMW 7 Series/ });
    expect(finished).toHaveAttribute('href', expect.stringMatching(/^\/arabic\/booking-details\/[\w-]+$/));
    expect(finished).toHaveTextContent(ar.pastRentals.charged.replace('{amount}', '').trim());
    expect(finished).toHaveTextContent(ar.pastRentals.refunded.replace('{amount}', '').trim());
    expect(screen.queryByRole('link', { name: /Toyota Camry/ })).toBeNull();
  });
});
