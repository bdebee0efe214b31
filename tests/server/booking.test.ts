// Finding and holding a car, and changing or cancelling a booking before pickup, on the real
// database: the exclusion constraint decides who gets the last car, and every amount is the server's.
import { describe, expect, it } from 'vitest';
import { bookingPrice, CANCELLATION_POLICY } from '../../machines/journey-rules';
import { aed, DAY_MS } from '../../machines/money';
import { browser, pay, moves, contextOf, PDF, PNG, pickUp, renter, walk } from './helpers';

const HOUR = 60 * 60 * 1000;
let slot = 0;
/** A trip of `days` days (up to 10) on its own stretch of the calendar, so tests in this file never meet by accident. */
function trip(days = 3, from = Date.now() + 30 * DAY_MS + (slot++ % 30) * 11 * DAY_MS) {
  const pickupAt = Math.floor(from / HOUR) * HOUR;
  return { pickupLocation: 'dxb-t3', dropoffLocation: 'downtown', pickupAt, dropoffAt: pickupAt + days * DAY_MS } as const;
}
const search = async (t: ReturnType<typeof trip>, query = '') =>
  (await browser()).request(
    `/api/cars/search?pickupLocation=${t.pickupLocation}&dropoffLocation=${t.dropoffLocation}&pickupAt=${t.pickupAt}&dropoffAt=${t.dropoffAt}${query}`,
  );
const freeCars = async (t: ReturnType<typeof trip>) =>
  ((await (await search(t)).json()) as { results: { carId: string }[] }).results.map((r) => r.carId);

/** A renter who chose `carId` for `t`, signed the contract and is on the payment step. */
async function chose(carId: string, t: ReturnType<typeof trip>) {
  const r = await renter();
  const start = await r.step({ type: 'booking.start', carId, trip: t });
  if (!start.ok) throw new Error(JSON.stringify(start.body));
  for (const event of [
    { type: 'contract.acceptTerms' },
    { type: 'contract.verifyIdentity' },
    { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
    { type: 'contract.proceed' },
  ]) {
    const answer = await r.step(event);
    if (!answer.ok) throw new Error(JSON.stringify(answer.body));
  }
  return r;
}
async function paid(carId: string, t: ReturnType<typeof trip>) {
  const r = await chose(carId, t);
  expect((await pay(r)).ok).toBe(true);
  return r;
}
const opsOf = (bookingId: string) => moves(bookingId);

describe('search and availability', () => {
  it('lists every car free for the trip, cheapest first, with VAT, deposit and the one-way fee', async () => {
    const t = trip(3);
    const answer = await search(t);
    expect(answer.status).toBe(200);
    const { results } = (await answer.json()) as { results: Array<Record<string, unknown> & { price: { total: number } }> };
    expect(results.map((r) => r.carId)).toEqual(['yaris', 'camry', 'patrol', 'range-rover', 'bmw-7', '911', 's-class']);
    // Camry: 3 days × AED 240 = 720.00, VAT 36.00, total 756.00; deposit 1,500.00; no one-way fee within Dubai.
    expect(results[1]).toMatchObject({
      car: { model: 'Toyota Camry', company: 'elite-auto', dailyRate: 24_000, deposit: 150_000 },
      price: { days: 3, cost: 72_000, fees: 0, vat: 3_600, total: 75_600 },
      oneWayFee: 0,
    });
    const oneWay = (await (await search({ ...t, dropoffLocation: 'auh' } as never, '&category=suv')).json()) as typeof answer extends never ? never : { results: { carId: string; oneWayFee: number; price: { fees: number } }[] };
    expect(oneWay.results.map((r) => r.carId)).toEqual(['patrol', 'range-rover']);
    expect(oneWay.results[0]).toMatchObject({ oneWayFee: 25_000, price: { fees: 25_000 } });
  });

  it('refuses a trip it cannot book, by field', async () => {
    const soon = trip(3, Date.now() + HOUR);
    expect(await (await search(soon)).json()).toEqual({ error: 'invalid', fields: { pickupAt: 'tooSoon' } });
    const long = trip(31);
    expect(await (await search(long)).json()).toEqual({ error: 'invalid', fields: { dropoffAt: 'rentalTooLong' } });
    expect((await (await browser()).request('/api/cars/search?pickupLocation=mars')).status).toBe(400);
  });

  it('the last car: two renters pay at the same moment, one gets it, the other is told and charged nothing', async () => {
    const t = trip(4);
    const [a, b] = [await chose('911', t), await chose('911', t)];
    const answers = await Promise.all([a, b].map((r) => pay(r)));
    expect(answers.map((x) => x.ok).sort()).toEqual([false, true]);
    const loser = answers[0]!.ok ? b : a;
    expect(answers.find((x) => !x.ok)!.body).toMatchObject({ error: 'taken' });
    expect(await opsOf(loser.journey().bookingId)).toEqual([]);
    expect(contextOf(loser.journey()).payment).toBeNull();
    // The car is gone for that time, and for any overlapping one, but free right after.
    expect(await freeCars(t)).not.toContain('911');
    expect(await freeCars({ ...t, pickupAt: t.pickupAt + DAY_MS, dropoffAt: t.dropoffAt + DAY_MS })).not.toContain('911');
    expect(await freeCars({ ...t, pickupAt: t.dropoffAt, dropoffAt: t.dropoffAt + 2 * DAY_MS })).toContain('911');
    // Choosing it again for that time is refused straight away.
    expect(await loser.step({ type: 'booking.start', carId: '911', trip: t })).toMatchObject({ status: 409, body: { error: 'taken' } });
  });
});

describe('changing and cancelling before pickup', () => {
  it('cancelled early: everything back, no deposit to release (it is held only at pickup), the car free again, and a new booking is a new record', async () => {
    const t = trip(5);
    const r = await paid('camry', t);
    const id = r.journey().bookingId;
    expect(await freeCars(t)).not.toContain('camry');
    const cancelled = await r.step({ type: 'booking.cancel' });
    expect(cancelled.ok).toBe(true);
    expect(contextOf(r.journey()).cancellation).toMatchObject({ fee: 0, refunded: 126_000 });
    const ops = await opsOf(id);
    expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amount)).toEqual([126_000]);
    expect(ops.filter((o) => o.kind === 'hold' || o.kind === 'release')).toEqual([]);
    expect(await freeCars(t)).toContain('camry');
    const list = await r.api.bookings();
    expect(list.ok && list.body.bookings[0]).toMatchObject({ bookingId: id, status: 'cancelled' });
    // Nothing else can happen to it; a new choice opens a new booking.
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(false);
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(false);
    expect((await r.step({ type: 'booking.start', carId: 'yaris', trip: trip(2) })).ok).toBe(true);
    expect(r.journey().bookingId).not.toBe(id);
  });

  it(`cancelled within ${CANCELLATION_POLICY.freeUntilHours} h of pickup: one day’s rent with VAT is kept`, async () => {
    const t = trip(5, Date.now() + 24 * HOUR);
    const r = await paid('camry', t);
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    // AED 240 + 5% VAT = 252.00 kept of 1,260.00.
    expect(contextOf(r.journey()).cancellation).toMatchObject({ fee: 25_200, refunded: 100_800 });
  });

  it('new dates: longer is charged the difference, shorter refunds it, and the car follows the new dates', async () => {
    const t = trip(5);
    const r = await paid('camry', t);
    const id = r.journey().bookingId;
    const longer = { ...t, dropoffAt: t.dropoffAt + 2 * DAY_MS };
    expect((await r.step({ type: 'booking.modify', trip: longer })).ok).toBe(true);
    // 7 days: 1,680.00 + VAT 84.00 = 1,764.00, so 504.00 more.
    expect(contextOf(r.journey()).changes).toEqual([expect.objectContaining({ difference: 50_400, price: expect.objectContaining({ days: 7, total: 176_400 }) })]);
    const shorter = { ...t, pickupLocation: 'dubai-marina', dropoffAt: t.pickupAt + 2 * DAY_MS } as const;
    expect((await r.step({ type: 'booking.modify', trip: shorter })).ok).toBe(true);
    // 2 days: 504.00 in all, so 1,260.00 back.
    expect(contextOf(r.journey()).changes.at(-1)).toMatchObject({ difference: -126_000 });
    expect(contextOf(r.journey()).booking).toMatchObject({ pickupLocation: 'dubai-marina', dropoffAt: shorter.dropoffAt });
    const ops = await opsOf(id);
    expect(ops.filter((o) => o.kind === 'charge').map((o) => o.amount).sort((x, y) => x - y)).toEqual([50_400, 126_000]);
    expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amount)).toEqual([126_000]);
    expect(await freeCars({ ...t, pickupAt: t.pickupAt + 3 * DAY_MS })).toContain('camry');
  });

  it('new dates that another renter holds are refused as taken, nothing charged; bad dates get field codes', async () => {
    // Soon enough to be picked up at the end (the tests' clock goes three hours on, not weeks).
    const t = trip(3, Date.now() + 3 * HOUR);
    const first = await paid('patrol', t);
    const later = { ...t, pickupAt: t.dropoffAt + DAY_MS, dropoffAt: t.dropoffAt + 4 * DAY_MS };
    const second = await paid('patrol', later);
    const before = (await opsOf(first.journey().bookingId)).length;
    const clash = await first.step({ type: 'booking.modify', trip: { ...t, dropoffAt: later.pickupAt + DAY_MS } });
    expect(clash).toMatchObject({ status: 409, body: { error: 'taken' } });
    expect(await opsOf(first.journey().bookingId)).toHaveLength(before);
    expect(contextOf(first.journey()).booking.dropoffAt).toBe(t.dropoffAt);
    const bad = await first.json('POST', `/api/bookings/${first.journey().bookingId}/events`, {
      event: { type: 'booking.modify', trip: { ...t, dropoffAt: t.pickupAt } },
      version: first.journey().version,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid', fields: { dropoffAt: 'beforePickup' } });
    const backwards = await first.json('POST', `/api/bookings/${first.journey().bookingId}/events`, {
      event: { type: 'booking.modify', trip: { ...t, dropoffAt: t.pickupAt - DAY_MS } },
      version: first.journey().version,
    });
    expect(backwards.status).toBe(400);
    // Once the car is picked up, the booking can no longer be changed or cancelled.
    expect((await first.step({ type: 'payment.proceed' })).ok).toBe(true);
    expect((await pickUp(first)).ok).toBe(true);
    expect(await first.step({ type: 'booking.cancel' })).toMatchObject({ status: 409, body: { error: 'refused' } });
    expect(await first.step({ type: 'booking.modify', trip: t })).toMatchObject({ status: 409, body: { error: 'refused' } });
    expect(contextOf(second.journey()).cancellation).toBeNull();
  });

  it('adding days is refused when the next renter has the car then', async () => {
    const t = trip(3, Date.now() + 3 * HOUR);
    const r = await paid('s-class', t);
    await paid('s-class', { ...t, pickupAt: t.dropoffAt, dropoffAt: t.dropoffAt + 2 * DAY_MS });
    expect((await r.step({ type: 'payment.proceed' })).ok).toBe(true);
    expect((await pickUp(r)).ok).toBe(true);
    expect((await r.step({ type: 'rental.extend', days: 1 })).ok).toBe(true);
    expect(await r.step({ type: 'rental.confirmExtension' })).toMatchObject({ status: 409, body: { error: 'taken' } });
    expect(contextOf(r.journey()).extensions).toEqual([]);
    const charges = (await opsOf(r.journey().bookingId)).filter((o) => o.kind === 'charge');
    expect(charges.map((o) => o.amount)).toEqual([contextOf(r.journey()).payment!.amount]);
  });
});

describe('offers', () => {
  const redeem = (r: Awaited<ReturnType<typeof renter>>, id: string) => r.json('POST', `/api/offers/${id}/redeem`, {});

  it('Winter Escape takes 20% off an SUV’s rent as its own line, before VAT, and the card pays that', async () => {
    const r = await renter();
    expect((await r.step({ type: 'booking.start', carId: 'patrol', trip: trip(3) })).ok).toBe(true);
    const answer = await redeem(r, 'winter');
    expect(answer.status).toBe(200);
    const { journey } = (await answer.json()) as { journey: Parameters<typeof contextOf>[0] };
    // 3 days × AED 950 = 2,850.00, less 570.00, VAT on 2,280.00 = 114.00: 2,394.00.
    expect(bookingPrice(contextOf(journey).booking)).toEqual({ days: 3, dailyRate: 95_000, cost: 285_000, fees: 0, discount: 57_000, vat: 11_400, total: 239_400 });
    const reloaded = (await (await r.request('/api/bookings/current')).json()) as { journey: Parameters<typeof contextOf>[0] };
    expect(contextOf(reloaded.journey).booking.offer).toBe('winter');
    // Twice is refused, and so is any offer once paid.
    expect(await (await redeem(r, 'winter')).json()).toEqual({ error: 'offer', problem: 'alreadyApplied' });
  });

  it('an offer that does not apply says why; Partner Perks gives the renter their code', async () => {
    const r = await renter();
    expect(await (await redeem(r, 'winter')).json()).toEqual({ error: 'offer', problem: 'notSuv' });
    expect(await (await redeem(r, 'loyalty')).json()).toEqual({ error: 'offer', problem: 'notLoyal' });
    expect(await (await redeem(r, 'summer')).json()).toEqual({ error: 'offer', problem: 'notYet' });
    const code = (await (await redeem(r, 'partner')).json()) as { code: string };
    expect(code.code).toMatch(/^MOVE-[0-9A-Z]{7}$/);
    expect(await (await redeem(r, 'partner')).json()).toEqual(code);
    const paid = await (async () => {
      const p = await renter();
      expect((await p.step({ type: 'booking.start', carId: 'range-rover', trip: trip(2) })).ok).toBe(true);
      for (const event of [{ type: 'contract.acceptTerms' }, { type: 'contract.verifyIdentity' }, { type: 'contract.sign', signature: 'Mariam Al Suwaidi' }, { type: 'contract.proceed' }])
        expect((await p.step(event)).ok).toBe(true);
      expect((await pay(p)).ok).toBe(true);
      return p;
    })();
    expect(await (await redeem(paid, 'winter')).json()).toEqual({ error: 'offer', problem: 'alreadyPaid' });
    // Once that booking is cancelled there is no booking to apply it to: "choose a car", not "already paid".
    expect((await paid.step({ type: 'booking.cancel' })).ok).toBe(true);
    expect(await (await redeem(paid, 'winter')).json()).toEqual({ error: 'offer', problem: 'noBooking' });
    expect((await (await browser()).json('POST', '/api/offers/winter/redeem', {})).status).toBe(401);
  });

  it('Loyalty Bonus, after a finished rental: the next category’s car for the booked car’s price', async () => {
    const r = await paid('yaris', trip(2, Date.now() + 3 * HOUR));
    for (const event of [
      { type: 'payment.proceed' },
      { type: 'pickup.confirm' },
      { type: 'return.start' },
      // The counter checks the car in (walk), the renter accepts: the deposit is settled.
      { type: 'return.accept' },
      { type: 'return.finish' },
    ])
      expect((await walk(r, event)).ok, event.type).toBe(true);
    const t = trip(4);
    expect((await r.step({ type: 'booking.start', carId: 'yaris', trip: t })).ok).toBe(true);
    const answer = await redeem(r, 'loyalty');
    expect(answer.status).toBe(200);
    const { booking } = contextOf(((await answer.json()) as { journey: Parameters<typeof contextOf>[0] }).journey);
    // Economy → the cheapest free "standard" car, the Camry, at the Yaris's AED 140 a day.
    // The upgraded car, at the booked car's price: the booking keeps both cars' facts as they were.
    expect(booking).toMatchObject({ carId: 'camry', car: { id: 'camry', model: 'Toyota Camry' }, upgradedFrom: { id: 'yaris', dailyRate: aed(140) }, offer: 'loyalty' });
    expect(bookingPrice(booking)).toMatchObject({ dailyRate: 14_000, total: 58_800 });
  });
});

describe('a visitor’s choice survives signing in', () => {
  it('logging in or registering with the car and trip chosen before opens that booking', async () => {
    const t = trip(2);
    const r = await renter({ password: 'palm-grove-2026' });
    await r.json('POST', '/api/auth/logout', {});
    const login = await r.json('POST', '/api/auth/login', { email: r.email, password: 'palm-grove-2026', carId: '911', trip: t });
    expect(login.status).toBe(200);
    const { journey } = (await login.json()) as { journey: Parameters<typeof contextOf>[0] };
    expect(contextOf(journey).booking).toMatchObject({ carId: '911', ...t });

    const b = await browser();
    const form = new FormData();
    for (const [k, v] of Object.entries({ fullName: 'Mariam Al Suwaidi', email: `m${Date.now()}@example.ae`, phone: '050 123 4567', password: 'palm-grove-2026', confirmPassword: 'palm-grove-2026', emiratesId: '784-1990-1234567-6', emiratesIdExpiry: '2031-01-31', licenceExpiry: '2030-06-30', termsAccepted: 'true', carId: 'patrol', ...Object.fromEntries(Object.entries(t).map(([k2, v2]) => [k2, String(v2)])) }))
      form.append(k, v);
    form.append('emiratesIdFile', new File([PNG], 'id.png', { type: 'image/png' }));
    form.append('emiratesIdBackFile', new File([PNG], 'id-back.png', { type: 'image/png' }));
    form.append('licenceFile', new File([PDF], 'licence.pdf', { type: 'application/pdf' }));
    const registered = await b.request('/api/auth/register', { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    const view = (await registered.json()) as { journey: Parameters<typeof contextOf>[0] };
    expect(contextOf(view.journey).booking).toMatchObject({ carId: 'patrol', ...t });
  });
});
