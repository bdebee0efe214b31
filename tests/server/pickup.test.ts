// When the car can be handed over (machines/journey-rules.ts): not days early (one car went to two
// renters that way), from an hour before the booked pickup, with the car's hold moved to the real
// start; and a booking nobody came for is cancelled as a no-show by a job (server/journey/noShows.ts)
// that runs once however many instances look, and picks up again after a restart.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NO_SHOW_AFTER_MS, PICKUP_WINDOW_MS } from '../../machines/journey-rules';
import { bookings } from '../../server/db/schema';
import { cancelNoShows } from '../../server/journey/noShows';
import { travelTo } from '../support/clock';
import { startTestServer } from '../support/server';
import { browser, moves, PAY, checkInAtCounter, contextOf, counter, manager, pickUp, renter, renterAt, server, tripIn } from './helpers';
import { SECOND_MANAGER } from '../../server/seed';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A trip starting `hours` from now on the hour, `days` long. */
type Renter = Awaited<ReturnType<typeof renterAt>>;
const rowOf = async (r: Renter) =>
  (await (await server()).deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId)))[0]!;
const opsOf = (r: Renter) => moves(r.journey().bookingId);
const free = async (carId: string, t: ReturnType<typeof tripIn>) => {
  const answer = await (await browser()).request(
    `/api/cars/search?pickupLocation=${t.pickupLocation}&dropoffLocation=${t.dropoffLocation}&pickupAt=${t.pickupAt}&dropoffAt=${t.dropoffAt}`,
  );
  return ((await answer.json()) as { results: { carId: string }[] }).results.some((c) => c.carId === carId);
};

describe('handing the car over', () => {
  it('days early the counter is refused and nothing changes; inside the window the car is recorded, confirmed, and its hold starts then', async () => {
    const t = tripIn(6 * 24, 1);
    const r = await renterAt('paid', { carId: 's-class', trip: t });
    const agent = await counter('s-class');
    const number = r.journey().number;
    const version = r.journey().version;
    expect(await agent.record(number)).toMatchObject({ status: 409, body: { error: 'refused', due: 'carPickup' } });
    // The renter alone never takes the car.
    expect(await r.step({ type: 'pickup.confirm' })).toMatchObject({ status: 409, body: { error: 'refused' } });
    expect((await rowOf(r)).version).toBe(version);

    travelTo(t.pickupAt - PICKUP_WINDOW_MS - 60_000);
    expect(await agent.record(number)).toMatchObject({ status: 409, body: { error: 'refused' } });
    travelTo(t.pickupAt - 30 * 60_000);
    const recorded = await agent.record(number);
    expect(recorded.ok).toBe(true);
    await r.refresh();
    const at = contextOf(r.journey()).checkout!.at;
    expect(t.pickupAt - at).toBeGreaterThan(29 * 60_000);
    // The car is held from the handover, before the renter has even confirmed.
    expect((await rowOf(r)).heldFrom!.getTime()).toBe(at);
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(true);
    const row = await rowOf(r);
    expect(row.heldFrom!.getTime()).toBe(at);
    expect(row.heldUntil!.getTime()).toBe(t.dropoffAt);
  });

  it('an early handover into another booking’s time is refused as taken: the car is in one pair of hands', async () => {
    const first = tripIn(30, 1);
    const a = await renterAt('paid', { carId: 'patrol', trip: first });
    const b = await renterAt('paid', { carId: 'patrol', trip: { ...first, pickupAt: first.dropoffAt, dropoffAt: first.dropoffAt + DAY } });
    // Half an hour before b's booked time the car is still a's booking's (a has not come for it yet).
    travelTo(first.dropoffAt - 30 * 60_000);
    const agent = await counter('patrol');
    expect(await agent.record(b.journey().number)).toMatchObject({ status: 409, body: { error: 'taken' } });
    await b.refresh();
    expect(contextOf(b.journey()).checkout).toBeNull();
    expect((await rowOf(b)).heldFrom!.getTime()).toBe(first.dropoffAt);
    expect(contextOf((await a.refresh(), a.journey())).pickedUpAt).toBeNull();
    // At b's own time it is b's.
    expect((await pickUp(b)).ok).toBe(true);
  });

  it('a car its last renter has not brought back is handed to nobody, and the renter waiting for it is no no-show', async () => {
    const first = tripIn(30, 1);
    const a = await renterAt('paid', { carId: 'yaris', trip: first });
    // b's booking starts two hours after a's car is due back: the bookings do not overlap.
    const later = { ...first, pickupAt: first.dropoffAt + 2 * HOUR, dropoffAt: first.dropoffAt + 2 * HOUR + DAY };
    const b = await renterAt('paid', { carId: 'yaris', trip: later });
    expect((await pickUp(a)).ok).toBe(true);
    // Ten minutes past b's time; a is late and the car is not checked in.
    travelTo(later.pickupAt + 10 * 60_000);
    const agent = await counter('yaris');
    const seen = await agent.api.handover(b.journey().number);
    expect(seen.ok && seen.body.handover.carNotBack).toEqual({ number: a.journey().number, dueBackAt: first.dropoffAt });
    const version = b.journey().version;
    expect(await agent.record(b.journey().number)).toMatchObject({ status: 409, body: { error: 'carNotBack' } });
    expect(await b.step({ type: 'pickup.confirm' })).toMatchObject({ status: 409 });
    expect((await rowOf(b)).version).toBe(version);
    // Past b's no-show mark the job leaves b alone: the car was not there to take at the booked time.
    const { deps } = await server();
    await cancelNoShows({ ...deps, now: () => new Date(later.pickupAt + NO_SHOW_AFTER_MS + 60_000) });
    expect((await rowOf(b)).holdsCar).toBe(true);

    // a brings it back twenty minutes later: checked in, the car goes to b.
    expect((await checkInAtCounter(a, {}, later.pickupAt + 20 * 60_000)).ok).toBe(true);
    travelTo(later.pickupAt + 30 * 60_000);
    const after = await agent.api.handover(b.journey().number);
    expect(after.ok && after.body.handover.carNotBack).toBeNull();
    expect((await agent.record(b.journey().number)).ok).toBe(true);
    await b.refresh();
    expect((await b.step({ type: 'pickup.confirm' })).ok).toBe(true);
  });
});

describe('no-shows', () => {
  it('nobody came: past the mark the booking is cancelled by the policy (no deposit was held: it is held at pickup), the car free; the renter is told', async () => {
    const t = tripIn(48, 3);
    const r = await renterAt('paid', { carId: 'camry', trip: t });
    const { deps } = await server();
    const at = (ms: number) => ({ ...deps, now: () => new Date(ms) });
    // An hour before the mark: nothing yet.
    await cancelNoShows(at(t.pickupAt + NO_SHOW_AFTER_MS - HOUR));
    expect((await rowOf(r)).holdsCar).toBe(true);

    // Two instances look at once: one cancellation, one refund, one notice.
    const mark = t.pickupAt + NO_SHOW_AFTER_MS + 60_000;
    await Promise.all([cancelNoShows(at(mark)), cancelNoShows(at(mark))]);
    const row = await rowOf(r);
    expect(row.holdsCar).toBe(false);
    const answer = await r.request('/api/bookings/current');
    const { journey } = (await answer.json()) as { journey: Parameters<typeof contextOf>[0] };
    const c = contextOf(journey);
    // Camry, 3 days: 720.00 + VAT 36.00 = 756.00 paid; one day with VAT (252.00) kept; 504.00 back.
    expect(c.cancellation).toEqual({ at: mark, fee: 25_200, refunded: 50_400, reference: expect.any(String), noShow: true });
    const ops = await opsOf(r);
    expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amount)).toEqual([50_400]);
    expect(ops.filter((o) => o.kind === 'hold' || o.kind === 'release')).toEqual([]);
    const list = await r.api.notifications();
    expect(list.ok && list.body.notifications.filter((n) => n.kind === 'noShow')).toEqual([
      expect.objectContaining({ params: { number: r.journey().number, model: 'Toyota Camry', amount: 25_200 }, link: 'bookingDetails' }),
    ]);
    // The company's manager is told once, with a link to the booking at the counter.
    const told = await (await manager()).api.notifications();
    expect(told.ok && told.body.notifications.filter((n) => n.kind === 'noShowReported' && n.params.number === r.journey().number)).toEqual([
      expect.objectContaining({ params: { number: r.journey().number, model: 'Toyota Camry' }, link: `handovers:${r.journey().number}` }),
    ]);
    const bookingsList = await r.api.bookings();
    expect(bookingsList.ok && bookingsList.body.bookings[0]).toMatchObject({ status: 'cancelled' });
    // The car is free for those days again.
    expect(await free('camry', { ...t, pickupAt: t.pickupAt + DAY, dropoffAt: t.pickupAt + 2 * DAY })).toBe(true);
  });

  it('a picked-up booking or a cancelled one is never a no-show; the job picks up due ones after a restart', async () => {
    const s = await startTestServer({}, { noShows: true });
    try {
      const t = tripIn(5, 1);
      const onRent = await renter({}, s);
      const due = await renter({}, s);
      const atCounter = await renter({}, s);
      for (const [r, car] of [[onRent, '911'], [due, 'range-rover'], [atCounter, 's-class']] as const) {
        for (const event of [
          { type: 'booking.start', carId: car, trip: t },
          { type: 'contract.acceptTerms' },
          { type: 'contract.verifyIdentity' },
          { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
          { type: 'contract.proceed' },
          PAY,
          { type: 'payment.proceed' },
        ])
          expect((await r.step(event)).ok, `${car} ${event.type}`).toBe(true);
      }
      expect((await pickUp(onRent, s)).ok).toBe(true);
      // The renter came: the counter recorded the car, and the confirmation is still to come.
      expect((await (await counter('s-class', s)).record(atCounter.journey().number)).ok).toBe(true);
      // The clock passes the mark; the server restarts and its job, at once, cancels only the one nobody came for.
      travelTo(t.pickupAt + NO_SHOW_AFTER_MS + 60_000);
      await s.restart();
      const cancelled = async (r: typeof due) => {
        const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
        return !row!.holdsCar;
      };
      await expect.poll(() => cancelled(due), { timeout: 10_000 }).toBe(true);
      expect(await cancelled(onRent)).toBe(false);
      expect(await cancelled(atCounter)).toBe(false);
    } finally {
      await s.close();
    }
  });
});

describe('the company cannot hand the car over', () => {
  it('its manager cancels before the handover: nothing kept, all refunded (no deposit held yet), the car free; the renter is told why', async () => {
    const t = tripIn(50, 3);
    const r = await renterAt('paid', { carId: 'camry', trip: t });
    const number = r.journey().number;
    const m = await manager();
    const view = await m.api.handover(number);
    if (!view.ok) throw new Error('the manager cannot open the booking');
    const { version, paid } = view.body.handover;
    // Camry, 3 days: 720.00 + VAT 36.00, all of it back.
    expect(paid).toBe(75_600);
    // Refused: an agent (a manager decides), another company's manager, a reason that is not one.
    expect(await (await counter('camry')).api.cancelForCompany(number, { reason: 'carNotBack', version })).toMatchObject({ status: 403 });
    const desert = await browser();
    expect((await desert.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'staff' })).ok).toBe(true);
    expect(await desert.api.cancelForCompany(number, { reason: 'carNotBack', version })).toMatchObject({ status: 404 });
    const odd = await m.request(`/api/handovers/${number}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'renterLate', version }),
    });
    expect(odd.status).toBe(400);

    const cancelled = await m.api.cancelForCompany(number, { reason: 'carNotBack', version });
    expect(cancelled.ok && cancelled.body.handover.state).toBe('cancelled');
    await r.refresh();
    expect(contextOf(r.journey()).cancellation).toMatchObject({ fee: 0, refunded: 75_600, byCompany: 'carNotBack' });
    const ops = await opsOf(r);
    expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amount)).toEqual([75_600]);
    expect(ops.filter((o) => o.kind === 'hold' || o.kind === 'release')).toEqual([]);
    expect((await rowOf(r)).holdsCar).toBe(false);
    expect(await free('camry', t)).toBe(true);
    const list = await r.api.notifications();
    expect(list.ok && list.body.notifications.filter((n) => n.kind === 'cancelledByCompany')).toEqual([
      expect.objectContaining({ params: { number, model: 'Toyota Camry', amount: 75_600, reason: 'carNotBack' }, link: 'bookingDetails' }),
    ]);
    // Once cancelled (or once handed over), there is nothing left to cancel.
    const again = await m.api.cancelForCompany(number, { reason: 'carUnavailable', version: version + 1 });
    expect(again).toMatchObject({ ok: false, status: 409 });
  });
});
