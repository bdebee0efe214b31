// A fine that reaches the renter after their deposit was released: the deposit cannot pay it, so the
// card they saved for it is charged, a week after they were told (with the fine's evidence), unless
// they pay it another way or dispute it first.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkInAtCounter, contextOf, manager, renterAt, server } from './helpers';
import { fineFor, HEADER, iso, ref, setUp } from './fines';
import { importAndWait } from '../support/imports';
import { notifications } from '../../server/db/schema';
import { takeInPaymentEvents } from '../../server/payments/events';
import { CARD_CHARGE_NOTICE_DAYS } from '../../machines/violation';
import { DAY_MS } from '../../machines/money';
import { travelTo } from '../support/clock';

type Renter = Awaited<ReturnType<typeof renterAt>>;

/** A rental returned on time, accepted and settled: the deposit hold released. */
async function settledRental() {
  const r = await renterAt('pickedUp');
  const m = await manager();
  await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
  expect((await checkInAtCounter(r)).ok).toBe(true);
  expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
  expect(contextOf(r.journey()).refund).not.toBeNull();
  return { r, m };
}

const stateOf = async (r: Renter, id: string) => {
  const list = await r.api.violations();
  if (!list.ok) throw new Error('violations');
  return list.body.violations.find((v) => v.id === id)!.state as { value: string; context: { paid: unknown } };
};

async function noticesOf(r: Renter, kind: string) {
  const { db } = (await server()).deps;
  return db.select().from(notifications).where(and(eq(notifications.userId, r.user.id), eq(notifications.kind, kind)));
}

describe('a fine after the deposit’s release', () => {
  it('is charged to the saved card a week after the renter is told, with its evidence; not before', async () => {
    const { r, m } = await settledRental();
    const provider = (await server()).deps.paymentsStandIn!;
    const fine = await fineFor(r, m, 400);
    const [told] = await noticesOf(r, 'fineChargeScheduled');
    // The day it will be charged, the card, and what the authority recorded.
    expect(told).toMatchObject({ params: { amount: 44_000, code: 'SPEED-20', last4: '4242', place: 'Sheikh Zayed Road' } });
    const params = told!.params as Record<string, unknown>;
    const due = Number(params.at);
    expect(due - Date.now()).toBeGreaterThan((CARD_CHARGE_NOTICE_DAYS - 1) * DAY_MS);
    expect(String(params.reference)).toMatch(/^DXB-/);
    // The fine's screen says the same day and card.
    const list = await r.api.violations();
    expect(list.ok && list.body.violations.find((v) => v.id === fine.id)!.cardCharge).toEqual({ last4: '4242', at: due });

    const charges = () => provider.log.filter((m) => m.kind === 'charge' && m.key.startsWith(`violation:${fine.id}`));
    await takeInPaymentEvents((await server()).deps);
    expect((await stateOf(r, fine.id)).value).toBe('payable');
    expect(charges()).toEqual([]);

    travelTo(due + 60_000);
    await takeInPaymentEvents((await server()).deps);
    expect(await stateOf(r, fine.id)).toMatchObject({ value: 'paid', context: { paid: { with: 'card', last4: '4242' } } });
    expect(charges().map((c) => c.amount)).toEqual([44_000]);
    expect(await noticesOf(r, 'fineCharged')).toMatchObject([{ params: { amount: 44_000, last4: '4242' } }]);
    // Its tax invoice, as for a fine the renter paid by card.
    const docs = await r.api.taxDocuments(r.journey().bookingId);
    expect(docs.ok && docs.body.documents.at(-1)).toMatchObject({ kind: 'invoice', total: 44_000 });
    // Charged once: the next round finds nothing to do.
    await takeInPaymentEvents((await server()).deps);
    expect(charges()).toHaveLength(1);
  });

  it('a fine still payable when the deposit is released: the renter is told again then, with the card and the day, a week after the release', async () => {
    const r = await renterAt('pickedUp');
    const m = await manager();
    await setUp(m, r, { mode: 'automatic', notify: false, consent: false });
    // Passed on while the deposit is held: the renter may pay it from the deposit, and does not.
    const fine = await fineFor(r, m, 300);
    expect(await noticesOf(r, 'fineChargeScheduled')).toEqual([]);
    expect((await checkInAtCounter(r)).ok).toBe(true);
    expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
    const releasedAt = contextOf(r.journey()).refund!.settledAt;
    const told = await noticesOf(r, 'fineChargeScheduled');
    expect(told).toMatchObject([{ params: { code: 'SPEED-20', last4: '4242', at: releasedAt + CARD_CHARGE_NOTICE_DAYS * DAY_MS } }]);
    const list = await r.api.violations();
    expect(list.ok && list.body.violations.find((v) => v.id === fine.id)!.cardCharge).toEqual({ last4: '4242', at: releasedAt + CARD_CHARGE_NOTICE_DAYS * DAY_MS });
  });

  it('Salik crossings that come after the release are charged to the saved card a week after the renter is told, once, with their invoice', async () => {
    const { r, m } = await settledRental();
    const provider = (await server()).deps.paymentsStandIn!;
    const { bookingId } = r.journey();
    // Two crossings on the road (peak and off-peak, Dubai time), in a feed that comes after the release.
    const pickedUp = contextOf(r.journey()).pickedUpAt!;
    const day = Math.floor((pickedUp + 4 * 3_600_000) / DAY_MS) * DAY_MS + DAY_MS - 4 * 3_600_000;
    const at = (hour: number) => iso(day + hour * 3_600_000);
    const csv = [HEADER, `${ref('SLK')},salik,Dubai K 48213,${at(8)},Al Maktoum Bridge,SALIK,Toll gate,6,0`, `${ref('SLK')},salik,Dubai K 48213,${at(13)},Al Safa,SALIK,Toll gate,4,0`].join('\n');
    const imported = await importAndWait(m.api, csv);
    expect(imported.ok && imported.body.report.matched).toHaveLength(2);

    // Told once, with the card and the day; the list says the same for each crossing.
    const [told] = await noticesOf(r, 'salikChargeScheduled');
    expect(told).toMatchObject({ params: { amount: 1_300, count: 2, last4: '4242' } });
    const due = Number((told!.params as Record<string, unknown>).at);
    expect(due - Date.now()).toBeGreaterThan((CARD_CHARGE_NOTICE_DAYS - 1) * DAY_MS);
    const crossings = async () => {
      const list = await r.api.violations();
      if (!list.ok) throw new Error('violations');
      return list.body.salik.map((c) => ({ total: c.total, fromDeposit: c.fromDeposit, card: c.card }));
    };
    expect(await crossings()).toEqual([
      { total: 550, fromDeposit: false, card: { last4: '4242', at: due, charged: false } },
      { total: 750, fromDeposit: false, card: { last4: '4242', at: due, charged: false } },
    ]);
    const charges = () => provider.log.filter((op) => op.kind === 'charge' && op.key.startsWith(`salik:${bookingId}`));
    await takeInPaymentEvents((await server()).deps);
    expect(charges()).toEqual([]);

    // Past the day: one charge for both, its invoice, the renter told; the next round charges nothing.
    travelTo(due + 60_000);
    await takeInPaymentEvents((await server()).deps);
    expect(charges().map((c) => c.amount)).toEqual([1_300]);
    expect((await crossings()).map((c) => c.card?.charged)).toEqual([true, true]);
    expect(await noticesOf(r, 'salikCharged')).toMatchObject([{ params: { amount: 1_300, count: 2 } }]);
    const docs = await r.api.taxDocuments(bookingId);
    expect(docs.ok && docs.body.documents.at(-1)).toMatchObject({ kind: 'invoice', total: 1_300 });
    await takeInPaymentEvents((await server()).deps);
    expect(charges()).toHaveLength(1);
  });

  it('disputed within the week, it is not charged', async () => {
    const { r, m } = await settledRental();
    const fine = await fineFor(r, m, 250);
    const disputed = await r.api.violationEvent(fine.id, { type: 'violation.dispute', reason: 'I had returned the car by then' }, fine.version);
    expect(disputed.ok).toBe(true);
    travelTo(Date.now() + (CARD_CHARGE_NOTICE_DAYS + 1) * DAY_MS);
    await takeInPaymentEvents((await server()).deps);
    expect((await stateOf(r, fine.id)).value).toBe('disputed');
    expect(await noticesOf(r, 'fineCharged')).toEqual([]);
  });
});
