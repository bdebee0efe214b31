// A company's admin keeps its cars as records: adds one, changes its rate, takes it out of service.
// Search and booking read the records; a booking keeps the rate it was made at. Every refusal is
// tested: no session 401, a manager or a renter 403, another company's car 404, bad values 400 by
// field, a plate another car has, two admins saving at once (409 with the car as it is now), and a car
// taken out of service over a paid booking (409 with the booking).
import { beforeAll, describe, expect, it } from 'vitest';
import { aed, DAY_MS } from '../../machines/money';
import { SAMPLE_ADMIN, SAMPLE_MANAGER } from '../../server/seed';
import { browser, CARD, contextOf, renter, server } from './helpers';

type Browser = Awaited<ReturnType<typeof browser>>;

async function signedIn(who: { email: string; password: string }) {
  const b = await browser();
  const result = await b.api.logIn({ email: who.email, password: who.password, role: 'staff' });
  expect(result.ok, JSON.stringify(result.body)).toBe(true);
  return b;
}

const HOUR = 60 * 60 * 1000;
let slot = 0;
/** A trip on its own stretch of the calendar, so the tests here never meet by accident. */
function trip(days = 3) {
  const pickupAt = Math.floor((Date.now() + 20 * DAY_MS + slot++ * 11 * DAY_MS) / HOUR) * HOUR;
  return { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + days * DAY_MS } as const;
}
const query = (t: ReturnType<typeof trip>) =>
  `pickupLocation=${t.pickupLocation}&dropoffLocation=${t.dropoffLocation}&pickupAt=${t.pickupAt}&dropoffAt=${t.dropoffAt}`;
async function offered(t: ReturnType<typeof trip>, carId: string) {
  const { results } = (await (await (await browser()).request(`/api/cars/search?${query(t)}`)).json()) as {
    results: { carId: string; car: { dailyRate: number }; price: { total: number } }[];
  };
  return results.find((r) => r.carId === carId) ?? null;
}

/** A renter who books `carId` for `t` and pays. */
async function paidBooking(carId: string, t: ReturnType<typeof trip>) {
  const r = await renter();
  for (const event of [
    { type: 'booking.start', carId, trip: t },
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
    { type: 'contract.proceed' },
    { type: 'payment.submit', card: CARD },
  ]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
  }
  return r;
}

const A_CAR = {
  emirate: 'Dubai',
  code: 'Q',
  number: '70707',
  model: 'Kia  Sportage',
  category: 'suv',
  dailyRate: '390',
  deposit: '2,500',
  odometerKm: '18400',
  tankLitres: '62',
};

describe("a company's cars, kept by its admin", () => {
  let admin: Browser;
  let id: string;
  let version: number;

  beforeAll(async () => {
    await server();
    admin = await signedIn(SAMPLE_ADMIN);
  });

  it('is the admin’s alone: nobody signed in 401, a manager or a renter 403', async () => {
    expect((await (await browser()).request('/api/fleet')).status).toBe(401);
    expect((await (await signedIn(SAMPLE_MANAGER)).request('/api/fleet')).status).toBe(403);
    expect((await (await renter()).request('/api/fleet')).status).toBe(403);
    const mine = await admin.request('/api/fleet');
    expect(mine.status).toBe(200);
    const { cars } = (await mine.json()) as { cars: { id: string; plate: string; dailyRate: string }[] };
    // Its own cars only: the sample company's, not another's.
    expect(cars.map((c) => c.id)).toContain('camry');
    expect(cars.map((c) => c.id)).not.toContain('range-rover');
    expect(cars.find((c) => c.id === 'camry')).toMatchObject({ plate: 'Dubai K 48213', emirate: 'Dubai', code: 'K', number: '48213', dailyRate: '240' });
  });

  it('another company’s car is not found, to read or to change', async () => {
    expect((await admin.request('/api/fleet/range-rover')).status).toBe(404);
    const put = await admin.json('PUT', '/api/fleet/range-rover', { ...A_CAR, status: 'retired', version: 1 });
    expect(put.status).toBe(404);
    expect((await (await browser()).request(`/api/cars/search?${query(trip())}`)).status).toBe(200);
    expect(await offered(trip(), 'range-rover')).not.toBeNull();
  });

  it('refuses a bad car field by field: no plate, a plate that is not one, a rate of zero or absurd, a tank too small', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ ...A_CAR, emirate: '', model: ' ' }, { emirate: 'required', model: 'required' }],
      [{ ...A_CAR, code: 'ABC' }, { code: 'plate' }],
      [{ ...A_CAR, number: '123456' }, { number: 'plate' }],
      [{ ...A_CAR, code: '51' }, { code: 'plate' }],
      [{ ...A_CAR, dailyRate: '0' }, { dailyRate: 'outOfRange' }],
      [{ ...A_CAR, dailyRate: '900000' }, { dailyRate: 'outOfRange' }],
      [{ ...A_CAR, dailyRate: 'cheap' }, { dailyRate: 'amount' }],
      [{ ...A_CAR, tankLitres: '5', odometerKm: '1.5' }, { tankLitres: 'outOfRange', odometerKm: 'wholeNumber' }],
      [{ ...A_CAR, category: 'spaceship' }, { category: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await admin.json('POST', '/api/fleet', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json(), JSON.stringify(body)).toEqual({ error: 'invalid', fields });
    }
    // A field the schema does not know, or a number for a text: 400 before any rule.
    expect((await admin.json('POST', '/api/fleet', { ...A_CAR, company: 'desert-drive' })).status).toBe(400);
  });

  it('adds a car, with its plate kept whole, and refuses a second car with the same plate in any spelling', async () => {
    const added = await admin.json('POST', '/api/fleet', A_CAR);
    expect(added.status).toBe(201);
    const { car } = (await added.json()) as { car: { id: string; version: number } & Record<string, string> };
    expect(car).toMatchObject({ plate: 'Dubai Q 70707', model: 'Kia Sportage', category: 'suv', picture: 'suv', dailyRate: '390', deposit: '2500', status: 'available' });
    id = car.id;
    version = car.version;
    // In Arabic-Indic digits it is the same plate; another company's plate is taken too.
    const again = await admin.json('POST', '/api/fleet', { ...A_CAR, number: '٧٠٧٠٧' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid', fields: { number: 'plateTaken' } });
    const theirs = await admin.json('POST', '/api/fleet', { ...A_CAR, code: 'R', number: '7781' });
    expect(await theirs.json()).toEqual({ error: 'invalid', fields: { number: 'plateTaken' } });
  });

  it('offers the new car in search at its rate; a booking made keeps that rate after the admin changes it', async () => {
    const first = trip();
    expect(await offered(first, id)).toMatchObject({ car: { dailyRate: aed(390) } });
    const r = await paidBooking(id, first);
    const paid = contextOf(r.journey());
    expect(paid.booking.car).toMatchObject({ id, dailyRate: aed(390), deposit: aed(2500), plate: 'Dubai Q 70707' });
    expect(paid.payment!.amount).toBe(Math.round(3 * aed(390) * 1.05));

    const changed = await admin.json('PUT', `/api/fleet/${id}`, { ...A_CAR, dailyRate: '450', status: 'available', version });
    expect(changed.status).toBe(200);
    version = ((await changed.json()) as { car: { version: number } }).car.version;

    // Bookings made after the change pay the new rate…
    const next = trip();
    expect(await offered(next, id)).toMatchObject({ car: { dailyRate: aed(450) }, price: { total: Math.round(3 * aed(450) * 1.05) } });
    // …and the booking already paid keeps its own, on the renter's list too.
    const { bookings } = (await (await r.request('/api/bookings')).json()) as { bookings: { price: number; charged: number }[] };
    expect(bookings[0]).toMatchObject({ price: Math.round(3 * aed(390) * 1.05), charged: Math.round(3 * aed(390) * 1.05) });
  });

  it('a second admin saving over the first gets 409 with the car as it is now', async () => {
    const stale = version - 1;
    const answer = await admin.json('PUT', `/api/fleet/${id}`, { ...A_CAR, dailyRate: '100', status: 'available', version: stale });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: 'conflict', car: { id, dailyRate: '450', version } });
  });

  it('out of service over a paid booking is refused with that booking; without one it leaves search', async () => {
    const refused = await admin.json('PUT', `/api/fleet/${id}`, { ...A_CAR, dailyRate: '450', status: 'maintenance', version });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; bookings: { number: string }[] };
    expect(body.error).toBe('bookings');
    expect(body.bookings).toHaveLength(1);

    // A car nobody has booked: in maintenance it is not offered, and cannot be booked by its id either.
    const spare = (await (await admin.json('POST', '/api/fleet', { ...A_CAR, code: 'Q', number: '70708' })).json()) as { car: { id: string; version: number } };
    const t = trip();
    expect(await offered(t, spare.car.id)).not.toBeNull();
    const out = await admin.json('PUT', `/api/fleet/${spare.car.id}`, { ...A_CAR, number: '70708', status: 'maintenance', version: spare.car.version });
    expect(out.status).toBe(200);
    expect(await offered(t, spare.car.id)).toBeNull();
    const r = await renter();
    expect(await r.step({ type: 'booking.start', carId: spare.car.id, trip: t })).toMatchObject({ status: 409, body: { error: 'taken' } });
  });
});
