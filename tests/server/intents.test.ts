// Money and steps that cannot part (server/journey/intents.ts): a step whose process fails between the
// gateway and its save leaves an open intent; the reconciler replays it when it can (a cancellation)
// or gives back what the gateway took (a payment), and the renter's journey, the car's hold and the
// gateway's books then agree.
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JourneyFailure } from '../../machines/journey';
import { DAY_MS } from '../../machines/money';
import { bookings, carHolds, liveEvents, moneyIntents } from '../../server/db/schema';
import type { PaymentGateway } from '../../server/payments/gateway';
import { INSTANCE_LOCK } from '../../server/db/open';
import { INTENT_GRACE_MS, openIntent, reconcile } from '../../server/journey/intents';
import { applyStep } from '../../server/journey/service';
import { engine } from '../support/server';
import { browser, contextOf, counter, manager, moves, renter, renterAt, server, tripIn } from './helpers';
import { travelTo } from '../support/clock';
import { fineFor, setUp } from './fines';

/** The gateway does `kind` (a charge, a refund, a hold) and then the process "dies": the call never answers the step. */
function dyingAfter(gateway: PaymentGateway, kind: 'charge' | 'refund' | 'hold'): PaymentGateway {
  return {
    ...gateway,
    [kind]: async (request: never) => {
      await (gateway[kind] as (r: never) => Promise<unknown>)(request);
      throw new Error('connection reset (the process died here)');
    },
  };
}

/** The provider's books for the booking: what moved, under which of our keys. */
const gatewayBooks = async (bookingId: string) => (await moves(bookingId)).map(({ key, kind, amount, reference }) => ({ key, kind, amount, reference }));

/** The counter records the car at the booked time: the renter's confirmation (which holds the deposit) is next. */
async function atCounter(r: Awaited<ReturnType<typeof renterAt>>) {
  travelTo(contextOf(r.journey()).booking.pickupAt);
  const agent = await counter(contextOf(r.journey()).booking.carId);
  const view = await agent.api.handover(r.journey().number);
  const out = view.ok ? view.body.handover.carNotBack : null;
  if (out) await agent.checkIn(out.number);
  expect((await agent.record(r.journey().number)).ok).toBe(true);
  await r.refresh();
  return agent;
}

/** Net money with the renter's card: charges less refunds; and the holds not released. */
function net(ops: { kind: string; amount: number }[]) {
  const sum = (kind: string) => ops.filter((o) => o.kind === kind).reduce((t, o) => t + o.amount, 0);
  return { charged: sum('charge') - sum('refund'), holds: ops.filter((o) => o.kind === 'hold').length - ops.filter((o) => o.kind === 'release').length };
}

/** The journey as the server has it now. */
async function stored(r: { request: (path: string) => Promise<Response> }, bookingId: string) {
  return ((await (await r.request(`/api/bookings/${bookingId}`)).json()) as { journey: { journey: { snapshot: Record<string, unknown> } } }).journey;
}

/** The reconciler as it runs `ms` after now (past the grace: a step that old is not in flight). */
async function reconcileLater(ms = INTENT_GRACE_MS + 1000) {
  const s = await server();
  const later = new Date(Date.now() + ms);
  return reconcile({ ...s.deps, now: () => later }, applyStep);
}

/** What the car's calendar holds for the booking: its own hold, and any kept for a step in flight. */
async function holdsOf(bookingId: string) {
  const s = await server();
  const rows = await s.deps.db.select().from(carHolds).where(eq(carHolds.bookingId, bookingId));
  return rows.map((h) => ({ from: h.heldFrom.getTime(), until: h.heldUntil.getTime(), kept: h.keptFor !== null })).sort((a, b) => a.from - b.from);
}

describe('money and steps that cannot part', () => {
  let original: PaymentGateway | null = null;
  afterEach(async () => {
    if (original) (await server()).deps.gateway = original;
    original = null;
  });
  const gatewayDies = async (kind: 'charge' | 'refund' | 'hold') => {
    const s = await server();
    original = s.deps.gateway;
    s.deps.gateway = dyingAfter(original, kind);
  };
  const gatewayLives = async () => {
    (await server()).deps.gateway = original!;
    original = null;
  };

  // Two connections only on PostgreSQL (PGlite runs one transaction at a time).
  it.skipIf(engine() !== 'postgres')('the step tried again while the reconciler undoes it: neither waits on the other, and the step stays undone', async () => {
    const r = await renterAt('paid');
    const { bookingId } = r.journey();
    const agent = await atCounter(r);
    await gatewayDies('hold');
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(false);
    await gatewayLives();
    // The agent corrects the car's record meanwhile: what the renter confirmed is not the record now,
    // so the reconciler undoes the step (gives the hold back) rather than replaying it.
    expect((await agent.record(r.journey().number)).ok).toBe(true);
    const { db } = (await server()).deps;
    const intentOf = async () => (await db.select().from(moneyIntents).where(eq(moneyIntents.bookingId, bookingId)).orderBy(moneyIntents.createdAt)).at(-1)!;
    const { key, version } = await intentOf();
    // The renter's retry of the same step: it has taken the booking's row and is about to open the
    // step's intent (openIntent) when the reconciler starts undoing the step.
    let goOn!: () => void;
    const later = new Promise<void>((resolve) => (goOn = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const retry = db.transaction(async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
      holding();
      await later;
      return openIntent(tx, { key, bookingId, version, event: { type: 'pickup.confirm', at: Date.now() } }, new Date(), (await server()).deps.instance);
    });
    await holds;
    const undoing = reconcileLater();
    // The reconciler has taken the intent (no step can complete it now) and gone on to end it.
    await vi.waitFor(async () => expect((await intentOf()).status).toBe('reverting'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    goOn();
    // Before, each held one row and waited for the other's, and PostgreSQL failed one of the two.
    const [opened] = await Promise.all([retry, undoing]);
    expect(opened).toBe(false);
    expect((await intentOf()).status).toBe('reverted');
    expect(net(await gatewayBooks(bookingId)).holds).toBe(0);
  });

  it('a deposit held at pickup but never saved is completed by the reconciler: the car is out, the deposit held once', async () => {
    const r = await renterAt('paid');
    const { bookingId } = r.journey();
    await atCounter(r);
    const { version } = r.journey();
    await gatewayDies('hold');
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(false);
    await gatewayLives();

    // As a crash leaves it: the provider holds the deposit, the journey does not know it.
    expect(net(await gatewayBooks(bookingId)).holds).toBe(1);
    expect(contextOf(await stored(r, bookingId)).deposit).toBeNull();

    // Within the grace the step may still be in flight: nothing is touched.
    await reconcileLater(INTENT_GRACE_MS / 3);
    expect(contextOf(await stored(r, bookingId)).deposit).toBeNull();

    // The renter confirmed: the step is replayed under its key, and the provider answers with the same hold.
    await reconcileLater();
    const after = contextOf(await stored(r, bookingId));
    expect(after.pickedUpAt).not.toBeNull();
    expect(after.deposit!.reference).toBe((await gatewayBooks(bookingId)).find((o) => o.kind === 'hold')!.reference);
    expect(net(await gatewayBooks(bookingId)).holds).toBe(1);
    const s = await server();
    const [intent] = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, `${bookingId}:${version}`));
    expect(intent!.status).toBe('completed');
    // A second round finds nothing left to do.
    await reconcileLater();
    expect(net(await gatewayBooks(bookingId)).holds).toBe(1);
  });

  it('a step left by an instance that is gone (killed, its lock dropped) is ended at once, not after the grace; a living one’s is left to it', async () => {
    const r = await renterAt('paid');
    const { bookingId } = r.journey();
    await atCounter(r);
    const { version } = r.journey();
    await gatewayDies('hold');
    expect((await r.step({ type: 'pickup.confirm' })).ok).toBe(false);
    await gatewayLives();
    const s = await server();
    const key = `${bookingId}:${version}`;
    const intent = async () => (await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, key)))[0]!;
    // This instance's own step, just begun: it may still be in flight, so nothing is touched.
    expect((await intent()).owner).toBe(s.deps.instance);
    await reconcileLater(0);
    expect(contextOf(await stored(r, bookingId)).deposit).toBeNull();
    // Another living instance's (its lock held, here by a session of this test): left to it as well.
    const living = s.deps.instance === 2_000_001 ? 2_000_002 : 2_000_001;
    await s.deps.db.update(moneyIntents).set({ owner: living }).where(eq(moneyIntents.key, key));
    const round = () => reconcile(s.deps, applyStep);
    if (engine() === 'postgres') {
      // Held on a connection of its own, as an instance's listener holds it; the reconciler asks on another.
      await s.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${INSTANCE_LOCK}, ${living})`);
        await round();
      });
    } else {
      // PGlite's one connection (only for this test: a PGlite instance never shares its folder).
      await s.deps.db.execute(sql`select pg_advisory_lock(${INSTANCE_LOCK}, ${living})`);
      await round();
      await s.deps.db.execute(sql`select pg_advisory_unlock(${INSTANCE_LOCK}, ${living})`);
    }
    expect((await intent()).status).toBe('open');
    // An instance that is gone (no lock): its step is replayed now, with no wait.
    await reconcileLater(0);
    expect(contextOf(await stored(r, bookingId)).pickedUpAt).not.toBeNull();
    expect((await intent()).status).toBe('completed');
    expect(net(await gatewayBooks(bookingId)).holds).toBe(1);
  });

  it('a cancellation refunded but never saved is completed: the journey shows it, refunded once', async () => {
    const r = await renterAt('paid');
    const { bookingId, version } = r.journey();
    const paid = net(await gatewayBooks(bookingId)).charged;
    await gatewayDies('refund');
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(false);
    await gatewayLives();
    expect(contextOf(await stored(r, bookingId)).cancellation ?? null).toBeNull();

    await reconcileLater();
    const cancellation = contextOf(await stored(r, bookingId)).cancellation!;
    expect(cancellation.refunded).toBeGreaterThan(0);
    const ops = await gatewayBooks(bookingId);
    // One refund (the one the journey shows), the deposit released, the car free.
    expect(ops.filter((o) => o.kind === 'refund')).toEqual([expect.objectContaining({ key: `${bookingId}:${version}:cancel`, amount: cancellation.refunded, reference: cancellation.reference })]);
    expect(net(ops)).toEqual({ charged: paid - cancellation.refunded, holds: 0 });
    const s = await server();
    const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.holdsCar).toBe(false);
    const [intent] = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, `${bookingId}:${version}`));
    expect(intent!.status).toBe('completed');
  });

  it('a step that completed leaves nothing for the reconciler', async () => {
    const r = await renterAt('pickedUp');
    const { bookingId } = r.journey();
    const before = await gatewayBooks(bookingId);
    await reconcileLater();
    expect(await gatewayBooks(bookingId)).toEqual(before);
    const s = await server();
    const intents = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.bookingId, bookingId));
    expect(intents.map((i) => i.status)).toEqual(['completed']);
    // The card is never kept, not even in the intent.
    expect(JSON.stringify(intents)).not.toContain('4242');
  });

  it('a charge the gateway makes after the reconciler looked (a late answer) is given back at its next round', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    const fine = await fineFor(r, m);
    const key = `violation:${fine.id}:${fine.version}:charge`;
    const movesOf = async () => (await server()).deps.paymentsStandIn!.log.filter((o) => o.key.startsWith(key));
    // A fine paid by card: the charge is sent and the step gives up waiting; the provider does it only later.
    const s = await server();
    original = s.deps.gateway;
    const real = original;
    let late: (() => Promise<unknown>) | null = null;
    s.deps.gateway = {
      ...real,
      charge: async (request) => {
        late = () => real.charge(request);
        throw new Error('timed out (the gateway has not answered yet)');
      },
    };
    expect((await r.api.violationEvent(fine.id, { type: 'violation.payByCard' }, fine.version)).ok).toBe(false);
    await gatewayLives();

    // The reconciler looks: nothing was charged.
    await reconcileLater();
    expect(net(await movesOf())).toEqual({ charged: 0, holds: 0 });
    // Then the charge lands.
    await late!();
    const charged = net(await movesOf()).charged;
    expect(charged).toBeGreaterThan(0);

    await reconcileLater();
    expect(net(await movesOf())).toEqual({ charged: 0, holds: 0 });
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications[0]).toMatchObject({ kind: 'paymentReversed', params: { amount: charged } });
    // Looked for again, it is not given back twice.
    await reconcileLater();
    expect((await movesOf()).filter((o) => o.kind === 'refund')).toHaveLength(1);
  });

  it('new dates in flight keep the old ones: nobody takes them meanwhile, and a change then declined puts the booking back on them', async () => {
    const t = tripIn(60 * 24, 3);
    const r = await renterAt('paid', { carId: '911', trip: t });
    const { bookingId, version } = r.journey();
    const s = await server();
    original = s.deps.gateway;
    const real = original;
    // The charge for the new dates gets no answer (the gateway is slow, or the process dies here).
    s.deps.gateway = {
      ...real,
      charge: async () => {
        throw new Error('timed out (the gateway has not answered yet)');
      },
    };
    // Two days later and a day longer: the new dates overlap the old ones.
    const moved = { ...t, pickupAt: t.pickupAt + 2 * DAY_MS, dropoffAt: t.dropoffAt + 3 * DAY_MS };
    expect((await r.step({ type: 'booking.modify', trip: moved })).ok).toBe(false);
    expect(await holdsOf(bookingId)).toEqual([
      { from: t.pickupAt, until: t.dropoffAt, kept: true },
      { from: moved.pickupAt, until: moved.dropoffAt, kept: false },
    ]);
    // Another renter wants the first two days, which only the old dates cover: the car is not free.
    const other = await renter();
    const firstDays = { ...t, dropoffAt: t.pickupAt + 2 * DAY_MS };
    expect(await other.step({ type: 'booking.start', carId: '911', trip: firstDays })).toMatchObject({ status: 409, body: { error: 'taken' } });

    // The reconciler replays the change, and the card is declined: the booking is back on its dates.
    s.deps.gateway = {
      ...real,
      charge: async () => {
        throw new JourneyFailure('cardDeclined');
      },
    };
    await reconcileLater();
    await gatewayLives();
    const [intent] = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, `${bookingId}:${version}`));
    expect(intent!.status).toBe('completed');
    const after = contextOf(await stored(r, bookingId));
    expect(after.booking).toMatchObject({ pickupAt: t.pickupAt, dropoffAt: t.dropoffAt });
    expect(after.changes).toEqual([]);
    expect(await holdsOf(bookingId)).toEqual([{ from: t.pickupAt, until: t.dropoffAt, kept: false }]);
    expect((await gatewayBooks(bookingId)).filter((o) => o.key.endsWith(':change'))).toEqual([]);
    // The days only the new dates had are free again; the old ones are still this renter's.
    expect((await other.step({ type: 'booking.start', carId: '911', trip: { ...t, pickupAt: t.dropoffAt, dropoffAt: moved.dropoffAt } })).ok).toBe(true);
    const third = await renter();
    expect(await third.step({ type: 'booking.start', carId: '911', trip: firstDays })).toMatchObject({ status: 409, body: { error: 'taken' } });
  });

  it('a cancellation while a change is in flight waits for it: the change is ended first, then the cancellation gives all of it back', async () => {
    const t = tripIn(90 * 24, 3);
    const r = await renterAt('paid', { carId: 'patrol', trip: t });
    const { bookingId, version } = r.journey();
    const paid = net(await gatewayBooks(bookingId)).charged;
    await gatewayDies('charge');
    const longer = { ...t, dropoffAt: t.dropoffAt + 2 * DAY_MS };
    expect((await r.step({ type: 'booking.modify', trip: longer })).ok).toBe(false);
    await gatewayLives();
    const withChange = net(await gatewayBooks(bookingId)).charged;
    expect(withChange).toBeGreaterThan(paid);

    // From a second tab, at the same version: not while the change is open.
    const waiting = await r.step({ type: 'booking.cancel' });
    expect(waiting).toMatchObject({ ok: false, status: 409, body: { error: 'conflict' } });
    const [open] = await (await server()).deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, `${bookingId}:${version}`));
    expect(open).toMatchObject({ status: 'open', event: expect.objectContaining({ type: 'booking.modify' }) });

    // The reconciler completes the change as asked (its charge was made); then the cancellation goes through.
    await reconcileLater();
    await r.refresh();
    expect(contextOf(r.journey()).booking.dropoffAt).toBe(longer.dropoffAt);
    expect((await r.step({ type: 'booking.cancel' })).ok).toBe(true);
    // Free cancellation this far ahead: the booking and its change, all back; the deposit released.
    expect(contextOf(r.journey()).cancellation).toMatchObject({ fee: 0, refunded: withChange });
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    expect(await holdsOf(bookingId)).toEqual([]);
  });

  it("the company's cancellation refunded but never saved is completed: the renter's booking shows it, refunded once", async () => {
    const t = tripIn(120 * 24);
    const r = await renterAt('paid', { carId: 'camry', trip: t });
    const { bookingId, number } = r.journey();
    const m = await manager();
    const view = await m.api.handover(number);
    if (!view.ok) throw new Error('the manager cannot open the booking');
    await gatewayDies('refund');
    expect((await m.api.cancelForCompany(number, { reason: 'carUnavailable', version: view.body.handover.version })).ok).toBe(false);
    await gatewayLives();
    expect(contextOf(await stored(r, bookingId)).cancellation ?? null).toBeNull();

    await reconcileLater();
    const cancellation = contextOf(await stored(r, bookingId)).cancellation!;
    expect(cancellation).toMatchObject({ fee: 0, byCompany: 'carUnavailable', refunded: view.body.handover.paid });
    const ops = await gatewayBooks(bookingId);
    expect(ops.filter((o) => o.kind === 'refund')).toHaveLength(1);
    expect(net(ops)).toEqual({ charged: 0, holds: 0 });
    expect(await holdsOf(bookingId)).toEqual([]);
    // The renter's open screens load the booking again, as if the manager's request had been saved.
    const pushed = await (await server()).deps.db.select().from(liveEvents).where(eq(liveEvents.ref, number));
    expect(pushed.filter((e) => e.userId === r.user.id).map((e) => e.topic)).toContain('journey');
    // Told why, once.
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications.filter((n) => n.kind === 'cancelledByCompany')).toEqual([
      expect.objectContaining({ params: { number, model: 'Toyota Camry', amount: view.body.handover.paid, reason: 'carUnavailable' } }),
    ]);
  });

  it("the demo's sample rental goes through the same outbox: charged but never saved, its money is given back", async () => {
    const s = await server();
    const sampleIntents = () =>
      s.deps.db
        .select({ key: moneyIntents.key, status: moneyIntents.status, bookingId: moneyIntents.bookingId })
        .from(moneyIntents)
        .innerJoin(bookings, eq(bookings.id, moneyIntents.bookingId))
        .where(eq(bookings.sample, true));
    const before = new Set((await sampleIntents()).map((i) => i.key));
    await gatewayDies('charge');
    const lost = await (await browser()).json('POST', '/api/demo/sample-rental', {});
    expect(lost.ok).toBe(false);
    await gatewayLives();
    const [left] = (await sampleIntents()).filter((i) => !before.has(i.key));
    expect(left).toMatchObject({ status: 'open' });
    const bookingId = left!.bookingId;
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: expect.any(Number), holds: 1 });
    expect(net(await gatewayBooks(bookingId)).charged).toBeGreaterThan(0);

    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    const [intent] = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, left!.key));
    expect(intent!.status).toBe('reverted');

    // One that goes through completes its intent, and the rental shows the money the gateway took.
    const made = await (await browser()).json('POST', '/api/demo/sample-rental', {});
    expect(made.status).toBe(201);
    const { journey } = (await made.json()) as { journey: { bookingId: string; journey: { snapshot: { context: { payment: { amount: number } } } } } };
    const [done] = (await sampleIntents()).filter((i) => i.bookingId === journey.bookingId);
    expect(done).toMatchObject({ status: 'completed' });
    expect(net(await gatewayBooks(journey.bookingId))).toEqual({ charged: journey.journey.snapshot.context.payment.amount, holds: 1 });
  });
});
