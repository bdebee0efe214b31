// Money and steps that cannot part (server/journey/intents.ts): a step whose process fails between the
// gateway and its save leaves an open intent; the reconciler replays it when it can (a cancellation)
// or gives back what the gateway took (a payment), and the renter's journey, the car's hold and the
// gateway's books then agree.
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bookings, gatewayOperations, moneyIntents } from '../../server/db/schema';
import type { PaymentGateway } from '../../server/payments/gateway';
import { INTENT_GRACE_MS, reconcile } from '../../server/journey/intents';
import { applyStep } from '../../server/journey/service';
import { postgresSkipped } from '../support/server';
import { browser, CARD, contextOf, renterAt, server } from './helpers';

/** The gateway does `kind` (a charge, a refund) and then the process "dies": the call never answers the step. */
function dyingAfter(gateway: PaymentGateway, kind: 'charge' | 'refund'): PaymentGateway {
  return {
    ...gateway,
    [kind]: async (request: never) => {
      await (gateway[kind] as (r: never) => Promise<unknown>)(request);
      throw new Error('connection reset (the process died here)');
    },
  };
}

async function gatewayBooks(bookingId: string) {
  const s = await server();
  return s.deps.db
    .select({ key: gatewayOperations.idempotencyKey, kind: gatewayOperations.kind, amount: gatewayOperations.amount, reference: gatewayOperations.reference })
    .from(gatewayOperations)
    .where(like(gatewayOperations.idempotencyKey, `${bookingId}:%`));
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

describe.skipIf(postgresSkipped)('money and steps that cannot part', () => {
  let original: PaymentGateway | null = null;
  afterEach(async () => {
    if (original) (await server()).deps.gateway = original;
    original = null;
  });
  const gatewayDies = async (kind: 'charge' | 'refund') => {
    const s = await server();
    original = s.deps.gateway;
    s.deps.gateway = dyingAfter(original, kind);
  };
  const gatewayLives = async () => {
    (await server()).deps.gateway = original!;
    original = null;
  };

  it('a payment charged but never saved is refunded and its hold released; the renter is told and pays again once', async () => {
    const r = await renterAt('signed');
    const { bookingId, version } = r.journey();
    await gatewayDies('charge');
    const lost = await r.step({ type: 'payment.submit', card: CARD });
    expect(lost.ok).toBe(false);
    await gatewayLives();

    // As a crash leaves it: the gateway holds and charged, the journey is not paid, the car is held.
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: expect.any(Number), holds: 1 });
    const charged = net(await gatewayBooks(bookingId)).charged;
    expect(charged).toBeGreaterThan(0);
    const s = await server();
    const [held] = await s.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(held!.holdsCar).toBe(true);
    expect(contextOf(await stored(r, bookingId)).payment).toBeNull();

    // Within the grace the step may still be in flight: nothing is touched.
    await reconcileLater(INTENT_GRACE_MS / 3);
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged, holds: 1 });

    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    const [after] = await s.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after!.holdsCar).toBe(false);
    const [intent] = await s.deps.db.select().from(moneyIntents).where(eq(moneyIntents.key, `${bookingId}:${version}`));
    expect(intent!.status).toBe('reverted');
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications[0]).toMatchObject({ kind: 'paymentReversed', params: { amount: charged } });

    // The page still on the old version is told the booking changed; paying again charges once.
    const retry = await r.step({ type: 'payment.submit', card: CARD });
    expect(retry).toMatchObject({ ok: false, status: 409, body: { error: 'conflict' } });
    const paid = await r.step({ type: 'payment.submit', card: CARD });
    expect(paid.ok).toBe(true);
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged, holds: 1 });
    expect(contextOf(r.journey() as never).payment!.amount).toBe(charged);
    // A second round finds nothing left to do.
    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged, holds: 1 });
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
    const r = await renterAt('paid');
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
    const r = await renterAt('signed');
    const { bookingId } = r.journey();
    // The charge is sent and the step gives up waiting; the gateway does it only later.
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
    expect((await r.step({ type: 'payment.submit', card: CARD })).ok).toBe(false);
    await gatewayLives();

    // The reconciler looks: only the hold is there, and it is released.
    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    // Then the charge lands.
    await late!();
    const charged = net(await gatewayBooks(bookingId)).charged;
    expect(charged).toBeGreaterThan(0);

    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    const told = await r.api.notifications();
    expect(told.ok && told.body.notifications[0]).toMatchObject({ kind: 'paymentReversed', params: { amount: charged } });
    // Looked for again, it is not given back twice.
    await reconcileLater();
    expect(net(await gatewayBooks(bookingId))).toEqual({ charged: 0, holds: 0 });
    expect((await gatewayBooks(bookingId)).filter((o) => o.kind === 'refund')).toHaveLength(1);
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
