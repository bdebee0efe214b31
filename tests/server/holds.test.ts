// A deposit hold never outlives its authorisation: before the provider's `capture_before`, the
// payments worker holds the deposit anew on the saved card and releases the old hold; a card that
// refuses is asked again later and the company's managers are told, once.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARDS, checkInAtCounter, contextOf, pay, pickUp, renter, server, tripIn } from './helpers';
import { bookings, notifications } from '../../server/db/schema';
import { takeInPaymentEvents } from '../../server/payments/events';
import { HOLD_RETRY_MS } from '../../server/payments/holds';
import { partsOf } from '../../server/payments/gateway';
import { managersOf } from '../../server/companies/managers';
import { dueBackAt, RENEW_HOLD_BEFORE_MS } from '../../machines/journey-rules';
import { DAY_MS } from '../../machines/money';
import { travelTo } from '../support/clock';

type Renter = Awaited<ReturnType<typeof renter>>;

/**
 * A week's rental of the Camry paid with a card whose bank allows no extended authorisation (a hold
 * lasts 7 days: it lapses as the car is due back), picked up.
 */
async function onTheRoad() {
  const r = await renter();
  for (const event of [{ type: 'booking.start', carId: 'camry', trip: tripIn(48, 7) }, { type: 'contract.acceptTerms' }, { type: 'contract.verifyIdentity' }, { type: 'contract.sign', signature: 'Mariam Al Suwaidi' }, { type: 'contract.proceed' }]) {
    expect((await r.step(event)).ok).toBe(true);
  }
  await pay(r, CARDS.noExtendedAuthorisation);
  expect((await r.step({ type: 'payment.proceed' })).ok).toBe(true);
  expect((await pickUp(r)).ok).toBe(true);
  return r;
}

/** The car back 10 minutes after it was due (within the grace: no late line), with a scratch from the price list (AED 350). */
const backScratched = (r: Renter) =>
  checkInAtCounter(r, { damage: [{ item: 'scratch', amount: '', note: 'Rear bumper' }] }, dueBackAt(contextOf(r.journey())) + 10 * 60_000);

async function noticesOf(userId: string, kind: string) {
  const { db } = (await server()).deps;
  return db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

/** One round of the payments worker, and the renter's screen loaded again. */
async function round(r: Renter) {
  await takeInPaymentEvents((await server()).deps);
  await r.refresh();
  return contextOf(r.journey()).deposit!;
}

describe('a deposit hold about to lapse', () => {
  it('is held anew on the saved card two days before, the old hold released; the return is settled from the new one', async () => {
    const r = await onTheRoad();
    const s = await server();
    const provider = s.deps.paymentsStandIn!;
    const first = contextOf(r.journey()).deposit!;
    expect(first.extended).toBe(false);

    // Not before its time.
    travelTo(first.captureBefore! - RENEW_HOLD_BEFORE_MS - 60 * 60_000);
    const version = r.journey().version;
    expect((await round(r)).reference).toBe(first.reference);
    expect(r.journey().version).toBe(version);

    travelTo(first.captureBefore! - RENEW_HOLD_BEFORE_MS + 60_000);
    const renewed = await round(r);
    expect(renewed).toMatchObject({ amount: first.amount, renewed: { from: first.reference } });
    expect(renewed.reference).not.toBe(first.reference);
    expect(renewed.captureBefore! - Date.now()).toBeGreaterThan(6 * DAY_MS);
    // One hold on the card at a time: the old one released at the provider, the new one for the same amount.
    expect(provider.intents.get(first.reference)!.status).toBe('canceled');
    expect(provider.intents.get(renewed.reference)).toMatchObject({ status: 'requires_capture', amount: first.amount });
    // Placed on the card the renter paid with, and said to them.
    expect(provider.intents.get(renewed.reference)!.payment_method).toBe(partsOf(contextOf(r.journey()).payment!.cardToken)!.paymentMethod);
    expect(await noticesOf(r.user.id, 'depositRenewed')).toMatchObject([{ params: { number: r.journey().number, amount: first.amount, at: renewed.captureBefore } }]);

    // The next round has nothing to do.
    const after = r.journey().version;
    expect((await round(r)).reference).toBe(renewed.reference);
    expect(r.journey().version).toBe(after);

    // Past the first hold's lapse, the car comes back scratched: the scratch is captured from the new hold.
    expect((await backScratched(r)).ok).toBe(true);
    expect(Date.now()).toBeGreaterThan(first.captureBefore!);
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
    const settled = contextOf(r.journey()).refund!;
    expect(settled).toMatchObject({ captured: 35_000, refunded: first.amount - 35_000, due: 0 });
    expect(provider.intents.get(renewed.reference)).toMatchObject({ status: 'succeeded', amount_received: 35_000 });
    // Settled, nothing is left to renew.
    const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
    expect(row!.holdRenewAt).toBeNull();
  });

  it('refused by the card: asked again every 6 hours, the managers told once; what the hold cannot cover at the return is owed', async () => {
    const r = await onTheRoad();
    const s = await server();
    const provider = s.deps.paymentsStandIn!;
    const first = contextOf(r.journey()).deposit!;
    provider.cardBecomes(partsOf(contextOf(r.journey()).payment!.cardToken)!.paymentMethod, 'insufficientFunds');
    const managers = await managersOf(s.deps.db, contextOf(r.journey()).booking.car.company);
    expect(managers.length).toBeGreaterThan(0);
    const told = async () => (await Promise.all(managers.map((m) => noticesOf(m, 'holdRenewalFailed')))).flat();
    const before = (await told()).length;

    travelTo(first.captureBefore! - RENEW_HOLD_BEFORE_MS + 60_000);
    expect((await round(r)).reference).toBe(first.reference);
    const refusedAt = Date.now();
    const notices = (await told()).slice(before);
    expect(notices).toHaveLength(managers.length);
    expect(notices[0]).toMatchObject({ params: { number: r.journey().number, at: first.captureBefore }, link: `handovers:${r.journey().number}` });
    const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
    expect(row!.holdRenewAt!.getTime()).toBeGreaterThanOrEqual(refusedAt + HOLD_RETRY_MS - 5_000);
    // Not asked again (nor told again) before its time; asked again after it, and refused again: still told once.
    const holdsAsked = provider.intents.size;
    await round(r);
    expect(provider.intents.size).toBe(holdsAsked);
    travelTo(refusedAt + HOLD_RETRY_MS + 60_000);
    await round(r);
    expect(provider.intents.size).toBe(holdsAsked + 1);
    expect((await told()).slice(before)).toHaveLength(managers.length);

    // The hold lapses; the car comes back scratched: nothing can be captured, so the scratch is owed.
    expect((await backScratched(r)).ok).toBe(true);
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
    expect(contextOf(r.journey()).refund).toMatchObject({ captured: 0, due: 35_000 });
  });
});
