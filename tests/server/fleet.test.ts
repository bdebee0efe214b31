// A company's admin keeps its cars as records: adds one, changes its rate, takes it out of service.
// Search and booking read the records; a booking keeps the rate it was made at. Every refusal is
// tested: no session 401, a manager or a renter 403, another company's car 404, bad values 400 by
// field, a plate another car has, two admins saving at once (409 with the car as it is now), and a car
// taken out of service over a paid booking (409 with the booking).
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { toDubaiInput } from '../../machines/booking';
import { aed, DAY_MS } from '../../machines/money';
import { SAMPLE_ADMIN, SAMPLE_MANAGER } from '../../server/seed';
import { browser, pay, contextOf, renter, server } from './helpers';

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

/** A renter who chooses `carId` for `t` and signs the contract: payment is the next step. */
async function signedBooking(carId: string, t: ReturnType<typeof trip>) {
  const r = await renter();
  for (const event of [
    { type: 'booking.start', carId, trip: t },
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
    { type: 'contract.proceed' },
  ]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(`${event.type}: ${JSON.stringify(answer.body)}`);
  }
  return r;
}

/** A renter who books `carId` for `t` and pays. */
async function paidBooking(carId: string, t: ReturnType<typeof trip>) {
  const r = await signedBooking(carId, t);
  const answer = await pay(r);
  if (!answer.ok) throw new Error(`payment.submit: ${JSON.stringify(answer.body)}`);
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
  /** The sample company's branch at Dubai airport (its id is the database's). */
  homeBranch: '',
};

beforeAll(async () => {
  await server();
  const { branches } = (await (await (await signedIn(SAMPLE_ADMIN)).request('/api/branches')).json()) as { branches: { id: string; place: string }[] };
  A_CAR.homeBranch = branches.find((b) => b.place === 'dxb-t3')!.id;
});

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

describe("a car's maintenance blocks", () => {
  let admin: Browser;
  let id: string;
  /** The block form's values for a trip's time (Dubai wall clock, as the inputs give them). */
  const blockOf = (t: { pickupAt: number; dropoffAt: number }, note = '') => ({ from: toDubaiInput(t.pickupAt), until: toDubaiInput(t.dropoffAt), note });
  const block = (carId: string, body: { from: string; until: string; note: string }) => admin.json('POST', `/api/fleet/${carId}/blocks`, body);

  beforeAll(async () => {
    await server();
    admin = await signedIn(SAMPLE_ADMIN);
    const added = (await (await admin.json('POST', '/api/fleet', { ...A_CAR, number: '80808' })).json()) as { car: { id: string; version: number } };
    id = added.car.id;
  });

  it('takes the car out of search for the blocked week only, and back in when the block is removed', async () => {
    const week = trip(7);
    const answer = await block(id, blockOf(week, ' 30,000 km  service '));
    expect(answer.status).toBe(201);
    const page = (await answer.json()) as { blocks: { id: string; from: number; until: number; note: string }[] };
    expect(page.blocks).toEqual([{ id: expect.any(String), from: week.pickupAt, until: week.dropoffAt, note: '30,000 km service' }]);

    // Inside the week, overlapping its start or its end: not offered, not bookable by id either.
    const inside = { ...week, pickupAt: week.pickupAt + DAY_MS, dropoffAt: week.pickupAt + 3 * DAY_MS };
    const across = { ...week, pickupAt: week.dropoffAt - DAY_MS, dropoffAt: week.dropoffAt + 2 * DAY_MS };
    expect(await offered(inside, id)).toBeNull();
    expect(await offered(across, id)).toBeNull();
    const r = await renter();
    expect(await r.step({ type: 'booking.start', carId: id, trip: inside })).toMatchObject({ status: 409, body: { error: 'taken' } });
    // From the moment it is back, it is offered.
    const after = { ...week, pickupAt: week.dropoffAt, dropoffAt: week.dropoffAt + 3 * DAY_MS };
    expect(await offered(after, id)).not.toBeNull();

    // On the car's page, and removed from it.
    const shown = (await (await admin.request(`/api/fleet/${id}`)).json()) as { blocks: { id: string }[] };
    expect(shown.blocks.map((b) => b.id)).toEqual([page.blocks[0]!.id]);
    const removed = await admin.request(`/api/fleet/${id}/blocks/${page.blocks[0]!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { blocks: unknown[] }).blocks).toEqual([]);
    expect(await offered(inside, id)).not.toBeNull();
    expect((await admin.request(`/api/fleet/${id}/blocks/${page.blocks[0]!.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('over a paid booking, or another block, is refused with what is in the way', async () => {
    const booked = trip();
    await paidBooking(id, booked);
    const overBooking = await block(id, blockOf({ pickupAt: booked.pickupAt + DAY_MS, dropoffAt: booked.dropoffAt + DAY_MS }));
    expect(overBooking.status).toBe(409);
    const refused = (await overBooking.json()) as { error: string; bookings: { from: number; until: number }[]; blocks: unknown[] };
    expect(refused).toMatchObject({ error: 'held', blocks: [] });
    expect(refused.bookings).toEqual([{ number: expect.any(String), from: booked.pickupAt, until: booked.dropoffAt }]);

    const garage = trip();
    expect((await block(id, blockOf(garage))).status).toBe(201);
    const overBlock = await block(id, blockOf({ pickupAt: garage.pickupAt - DAY_MS, dropoffAt: garage.pickupAt + DAY_MS }));
    expect(overBlock.status).toBe(409);
    expect(await overBlock.json()).toMatchObject({ error: 'held', bookings: [], blocks: [{ from: garage.pickupAt, until: garage.dropoffAt }] });
  });

  it('a renter who chose the car before it was blocked, or taken out of service, is told it was taken when paying', async () => {
    const blockedLater = trip();
    const r = await signedBooking(id, blockedLater);
    expect((await block(id, blockOf(blockedLater))).status).toBe(201);
    expect(await pay(r)).toMatchObject({ status: 409, body: { error: 'taken' } });
    expect(contextOf(r.journey()).payment).toBeNull();

    // The same when its status changes: a car in maintenance is not paid for.
    const spare = (await (await admin.json('POST', '/api/fleet', { ...A_CAR, number: '80809' })).json()) as { car: { id: string; version: number } };
    const other = await signedBooking(spare.car.id, trip());
    const out = await admin.json('PUT', `/api/fleet/${spare.car.id}`, { ...A_CAR, number: '80809', status: 'maintenance', version: spare.car.version });
    expect(out.status).toBe(200);
    expect(await pay(other)).toMatchObject({ status: 409, body: { error: 'taken' } });
  });

  it('refuses a bad block field by field, and is the admin’s own company’s alone', async () => {
    const t = trip();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ from: '', until: '', note: '' }, { from: 'required', until: 'required' }],
      [{ from: '2026-02-30T10:00', until: 'soon', note: '' }, { from: 'date', until: 'date' }],
      [{ ...blockOf(t), until: toDubaiInput(t.pickupAt - DAY_MS) }, { until: 'beforeStart' }],
      [{ from: toDubaiInput(Date.now() - 3 * DAY_MS), until: toDubaiInput(Date.now() - DAY_MS), note: '' }, { until: 'blockOver' }],
      [{ ...blockOf(t), until: toDubaiInput(t.pickupAt + 91 * DAY_MS) }, { until: 'blockTooLong' }],
      [{ ...blockOf(t), note: 'x'.repeat(201) }, { note: 'tooLong' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await block(id, body as { from: string; until: string; note: string });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toEqual({ error: 'invalid', fields });
    }
    expect((await admin.json('POST', `/api/fleet/${id}/blocks`, { ...blockOf(t), extra: 1 })).status).toBe(400);
    expect((await block('range-rover', blockOf(t))).status).toBe(404);
    expect((await (await signedIn(SAMPLE_MANAGER)).json('POST', `/api/fleet/${id}/blocks`, blockOf(t))).status).toBe(403);
    expect((await admin.request(`/api/fleet/range-rover/blocks/${crypto.randomUUID()}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('moving a paid booking to another car, so its car can go out of service', () => {
  let admin: Browser;
  type Page = { bookings: { number: string; moveTo: { id: string; model: string }[] }[]; blocks: unknown[] };
  const add = async (car: Partial<typeof A_CAR>) =>
    ((await (await admin.json('POST', '/api/fleet', { ...A_CAR, ...car })).json()) as { car: { id: string; version: number } }).car;
  const move = (carId: string, number: string, to: string) => admin.json('POST', `/api/fleet/${carId}/bookings/${number}/move`, { to });

  beforeAll(async () => {
    await server();
    admin = await signedIn(SAMPLE_ADMIN);
  });

  it('offers the company’s free cars as good or better; the renter keeps the price and is told; the car can then be blocked', async () => {
    const [booked, sameType, better, lesser, busy] = [
      await add({ number: '90901' }),
      await add({ number: '90902', model: 'Hyundai Tucson' }),
      await add({ number: '90903', model: 'Lexus LS', category: 'luxury', dailyRate: '1500', deposit: '5000' }),
      await add({ number: '90904', model: 'Nissan Sunny', category: 'economy', dailyRate: '120', deposit: '750' }),
      await add({ number: '90905', model: 'Mazda CX-5' }),
    ];
    const t = trip();
    const r = await paidBooking(booked.id, t);
    await paidBooking(busy.id, t);
    const paid = contextOf(r.journey());
    const number = ((await (await r.request('/api/bookings')).json()) as { bookings: { number: string }[] }).bookings[0]!.number;

    const page = (await (await admin.request(`/api/fleet/${booked.id}`)).json()) as Page;
    const choices = page.bookings.find((b) => b.number === number)!.moveTo.map((c) => c.id);
    expect(choices).toEqual(expect.arrayContaining([sameType.id, better.id]));
    // Not a lesser type, not a car another renter has then, not the car itself, not another company's.
    for (const no of [lesser.id, busy.id, booked.id, 'patrol']) expect(choices).not.toContain(no);

    // What the page does not offer, the server refuses: a lesser type, another company's car.
    expect(await (await move(booked.id, number, lesser.id)).json()).toEqual({ error: 'invalid', fields: { to: 'notAsGood' } });
    expect((await move(booked.id, number, 'patrol')).status).toBe(400);
    // A car another booking holds then: taken, with the page as it is now.
    const taken = await move(booked.id, number, busy.id);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: 'taken' });

    const moved = await move(booked.id, number, better.id);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Page).bookings).toEqual([]);
    const now = contextOf(await r.refresh());
    expect(now.booking).toMatchObject({ carId: better.id, car: { model: 'Lexus LS' }, movedFrom: { id: booked.id } });
    // Nothing more to pay: the same charge, the same deposit hold.
    expect(now.payment).toEqual(paid.payment);
    expect(now.deposit).toEqual(paid.deposit);
    const { notifications } = (await (await r.request('/api/notifications')).json()) as { notifications: { kind: string; params: Record<string, unknown> }[] };
    expect(notifications[0]).toMatchObject({ kind: 'carMoved', params: { number, from: 'Kia Sportage', model: 'Lexus LS' } });
    // Their booking's page says so too.
    const { bookings: mine } = (await (await r.request('/api/bookings')).json()) as { bookings: { number: string; car: { model: string }; movedFrom: { model: string } | null }[] };
    expect(mine.find((x) => x.number === number)).toMatchObject({ car: { model: 'Lexus LS' }, movedFrom: { model: 'Kia Sportage' } });

    // The car it left can now go to the garage for that time; the one it went to cannot.
    expect((await admin.json('POST', `/api/fleet/${booked.id}/blocks`, { from: toDubaiInput(t.pickupAt), until: toDubaiInput(t.dropoffAt), note: '' })).status).toBe(201);
    expect((await admin.json('POST', `/api/fleet/${better.id}/blocks`, { from: toDubaiInput(t.pickupAt), until: toDubaiInput(t.dropoffAt), note: '' })).status).toBe(409);
    // And the booking is no longer this car's to move.
    expect((await move(booked.id, number, sameType.id)).status).toBe(404);
  });

  it('is the admin’s own company’s alone', async () => {
    const car = await add({ number: '90906' });
    const r = await paidBooking(car.id, trip());
    const number = ((await (await r.request('/api/bookings')).json()) as { bookings: { number: string }[] }).bookings[0]!.number;
    expect((await r.json('POST', `/api/fleet/${car.id}/bookings/${number}/move`, { to: 'camry' })).status).toBe(403);
    expect((await (await signedIn(SAMPLE_MANAGER)).json('POST', `/api/fleet/${car.id}/bookings/${number}/move`, { to: 'camry' })).status).toBe(403);
    expect((await move('range-rover', number, 'camry')).status).toBe(404);
    expect((await move(car.id, 'MC-NOSUCH', 'camry')).status).toBe(404);
    expect((await admin.json('POST', `/api/fleet/${car.id}/bookings/${number}/move`, { to: 'camry', extra: true })).status).toBe(400);
  });
});

describe("a car's photos", () => {
  let admin: Browser;
  const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
    sharp({ create: { width, height, channels: 3, background: '#b45309' } })[format]().toBuffer();
  const upload = (carId: string, bytes: Uint8Array, version: number, type = 'image/png') => {
    const form = new FormData();
    form.append('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'car.png', { type }));
    form.append('version', String(version));
    return admin.request(`/api/fleet/${carId}/photos`, { method: 'POST', body: form });
  };
  type Page = { car: { version: number; photos: { src: string; srcSet: string; width: number; height: number }[] } };

  beforeAll(async () => {
    await server();
    admin = await signedIn(SAMPLE_ADMIN);
  });

  it('are cut to 16:9 on the server; the first is the one search shows, and a booking keeps it', async () => {
    const added = (await (await admin.json('POST', '/api/fleet', { ...A_CAR, number: '91001' })).json()) as { car: { id: string; version: number } };
    const { id } = added.car;
    const t = trip();
    // No photo yet: search shows the app's picture of its type.
    expect((await offered(t, id)) as unknown).not.toHaveProperty('car.photo');

    const first = await upload(id, await picture(1200, 1200, 'png'), added.car.version);
    expect(first.status, await first.clone().text()).toBe(200);
    let page = (await first.json()) as Page;
    expect(page.car.photos).toHaveLength(1);
    expect(page.car.photos[0]).toMatchObject({ width: 400, height: 225 });
    expect(page.car.photos[0]!.srcSet).toMatch(/ 400w, .* 800w$/);
    const served = await (await browser()).request(page.car.photos[0]!.src);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 225 });

    page = (await (await upload(id, await picture(640, 480, 'jpeg'), page.car.version, 'image/jpeg')).json()) as Page;
    expect(page.car.photos).toHaveLength(2);
    const shown = (await offered(t, id)) as unknown as { car: { photo: { hash: string; width: number }[] } };
    expect(shown.car.photo.map((s) => s.width)).toEqual([400, 800]);
    expect(page.car.photos[0]!.src).toBe(`/api/images/${shown.car.photo[0]!.hash}`);

    // A booking keeps the photo its car had when it was made.
    const r = await paidBooking(id, t);
    expect(contextOf(r.journey()).booking.car.photo).toEqual(shown.car.photo);

    // The first removed: the other is the one renters see from now on.
    const removed = await admin.request(`/api/fleet/${id}/photos/0?version=${page.car.version}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    page = (await removed.json()) as Page;
    expect(page.car.photos).toHaveLength(1);
    expect(((await offered(trip(), id)) as unknown as { car: { photo: { width: number; height: number }[] } }).car.photo[0]).toMatchObject({ width: 400, height: 225 });
  });

  it('refuses what is not a picture, one over 10 MB, an old version, a seventh photo, and another company’s car', async () => {
    const added = (await (await admin.json('POST', '/api/fleet', { ...A_CAR, number: '91002' })).json()) as { car: { id: string; version: number } };
    const { id } = added.car;
    let version = added.car.version;
    const field = async (response: Response) => [response.status, ((await response.json()) as { fields?: { photo?: string } }).fields?.photo];
    expect(await field(await upload(id, new TextEncoder().encode('just text'), version))).toEqual([400, 'imageType']);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture(10, 10, 'jpeg'));
    expect(await field(await upload(id, big, version, 'image/jpeg'))).toEqual([400, 'imageSize']);
    const stale = await upload(id, await picture(300, 200, 'png'), version - 1 || 99);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'conflict', car: { photos: [] } });
    for (let i = 0; i < 6; i++) {
      const answer = await upload(id, await picture(300 + i, 200, 'png'), version);
      expect(answer.status).toBe(200);
      version = ((await answer.json()) as Page).car.version;
    }
    expect(await field(await upload(id, await picture(320, 200, 'png'), version))).toEqual([400, 'photoLimit']);
    expect((await admin.request(`/api/fleet/${id}/photos/6?version=${version}`, { method: 'DELETE' })).status).toBe(404);
    expect((await upload('range-rover', await picture(300, 200, 'png'), 1)).status).toBe(404);
    expect((await (await signedIn(SAMPLE_MANAGER)).request(`/api/fleet/${id}/photos/0?version=${version}`, { method: 'DELETE' })).status).toBe(403);
  });
});
