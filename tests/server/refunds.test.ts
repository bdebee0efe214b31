// Refunds by the company (server/payments/refunds.ts), through the API as the manager's browser calls
// it: part of a charge given back once, with its credit note, the renter told, an audit line; refused
// by field, by role, by company, twice, and finished by the payments worker when the request died.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerOf } from '../../machines/ledger';
import { vatWithin } from '../../machines/taxDocuments';
import { SAMPLE_MANAGER, SECOND_MANAGER } from '../../server/seed';
import { auditLines, companyRefunds } from '../../server/db/schema';
import { finishRefunds, REFUND_GRACE_MS } from '../../server/payments/refunds';
import type { PaymentGateway } from '../../server/payments/gateway';
import { travelTo } from '../support/clock';
import { browser, checkInAtCounter, contextOf, counter, manager, moves, renterAt, server, tripIn } from './helpers';

/** A rental of `carId` brought back on time and settled (a dent at the return when `dent`); the renter. */
async function settled(carId: string, hours: number, dent = false) {
  const r = await renterAt('pickedUp', { carId, trip: tripIn(hours) });
  const agent = await counter(carId);
  const photo = await agent.photo(r.journey().number);
  const damage = dent ? [{ item: 'other', amount: '300', note: 'Dent on the driver’s door', photos: [photo] }] : [];
  const back = await checkInAtCounter(r, { damage, photos: [photo] });
  if (!back.ok) throw new Error(JSON.stringify(back.body));
  expect((await r.step({ type: 'return.accept' })).ok).toBe(true);
  return r;
}

const refundsAtProvider = async (bookingId: string) => (await moves(bookingId)).filter((m) => m.kind === 'refund');

describe('refunds by the company', () => {
  it('a manager gives back part of the payment once: the provider refunds that charge, the renter gets a credit note and a notice, the audit keeps who', async () => {
    const r = await settled('camry', 40);
    const { number, bookingId } = r.journey();
    const boss = await manager();
    const view = await boss.api.handover(number);
    if (!view.ok) throw new Error('no handover');
    const h = view.body.handover;
    const payment = h.charges.find((c) => c.id === 'payment')!;
    expect(payment).toMatchObject({ kind: 'payment', amount: contextOf(r.journey()).payment!.amount, refundable: contextOf(r.journey()).payment!.amount });
    const ask = { charge: 'payment', amount: '100.50', reason: 'The air conditioning failed on the first day', version: h.version };

    // Refused by field, nothing moved.
    expect(await boss.api.refundCharge(number, { ...ask, amount: String(payment.amount / 100 + 1) })).toMatchObject({ status: 400, body: { fields: { amount: 'refundTooHigh' } } });
    expect(await boss.api.refundCharge(number, { ...ask, amount: 'a lot', reason: ' ', charge: 'extension:7' })).toMatchObject({
      status: 400,
      body: { error: 'invalid', fields: { amount: 'amount', reason: 'required', charge: 'required' } },
    });
    expect(await refundsAtProvider(bookingId)).toHaveLength(0);

    const done = await boss.api.refundCharge(number, ask);
    if (!done.ok) throw new Error(JSON.stringify(done.body));
    expect(done.body.handover!.companyRefunds).toMatchObject([{ charge: 'payment', amount: 10_050, reason: ask.reason, by: SAMPLE_MANAGER.name }]);
    expect(done.body.handover!.charges.find((c) => c.id === 'payment')!.refundable).toBe(payment.amount - 10_050);
    const given = await refundsAtProvider(bookingId);
    expect(given).toMatchObject([{ amount: 10_050 }]);

    // The same refund again (a second click, another manager's screen): refused, saying when and by whom; the provider asked once.
    const again = await boss.api.refundCharge(number, { ...ask, version: done.body.handover!.version });
    expect(again).toMatchObject({ status: 409, body: { error: 'alreadyRefunded', by: SAMPLE_MANAGER.name } });
    expect(await refundsAtProvider(bookingId)).toHaveLength(1);

    // The renter's books: the refund beside the rental's own figures, and in the timeline.
    await r.refresh();
    const c = contextOf(r.journey());
    expect(ledgerOf(c)).toMatchObject({ companyRefunded: 10_050 });
    expect(c.companyRefunds[0]).toMatchObject({ reference: given[0]!.reference });
    const docs = await r.api.taxDocuments(bookingId);
    if (!docs.ok) throw new Error('documents');
    const invoice = docs.body.documents.find((d) => d.kind === 'invoice')!;
    const credit = docs.body.documents.at(-1)!;
    expect(credit).toMatchObject({ kind: 'credit', total: 10_050, vat: vatWithin(10_050), adjusts: invoice.number });
    expect(credit.lines[0]).toMatchObject({ item: { kind: 'companyRefund', reason: ask.reason }, vatRate: 5 });
    const notices = await r.api.notifications();
    expect(notices.ok && notices.body.notifications.find((n) => n.kind === 'companyRefund')).toMatchObject({ params: { number, amount: 10_050, reason: ask.reason } });

    const db = (await server()).deps.db;
    expect(await db.select().from(auditLines).where(eq(auditLines.bookingId, bookingId))).toMatchObject([
      { action: 'refund', byName: SAMPLE_MANAGER.name, companyId: c.booking.car.company, details: { charge: 'payment', amount: 10_050, reason: ask.reason } },
    ]);
  });

  it('only the car’s company’s managers refund: the renter and the agent are refused, another company’s manager finds nothing', async () => {
    const r = await settled('camry', 46);
    const { number, version } = r.journey();
    const ask = { charge: 'payment', amount: '10', reason: 'Goodwill', version };
    expect(await r.api.refundCharge(number, ask)).toMatchObject({ status: 403 });
    expect(await (await counter('camry')).api.refundCharge(number, ask)).toMatchObject({ status: 403 });
    const other = await browser();
    expect((await other.api.logIn({ email: SECOND_MANAGER.email, password: SECOND_MANAGER.password, role: 'staff' })).ok).toBe(true);
    expect(await other.api.refundCharge(number, ask)).toMatchObject({ status: 404 });
    expect(await refundsAtProvider(r.journey().bookingId)).toHaveLength(0);
  });

  it('before the rental’s own money is done nothing is offered; after it, part of a damage line captured at settlement is credited outside VAT', async () => {
    const out = await renterAt('pickedUp', { carId: 'camry', trip: tripIn(52) });
    const boss = await manager();
    const early = await boss.api.handover(out.journey().number);
    expect(early.ok && early.body.handover.charges).toEqual([]);
    expect(await boss.api.refundCharge(out.journey().number, { charge: 'payment', amount: '10', reason: 'Goodwill', version: out.journey().version })).toMatchObject({
      status: 400,
      body: { fields: { charge: 'required' } },
    });

    const r = await settled('camry', 58, true);
    const view = await boss.api.handover(r.journey().number);
    if (!view.ok) throw new Error('no handover');
    expect(view.body.handover.charges.find((c) => c.id === 'settlement')).toMatchObject({ amount: 30_000, refundable: 30_000 });
    const done = await boss.api.refundCharge(r.journey().number, { charge: 'settlement', amount: '100', reason: 'Half the dent was there before', version: view.body.handover.version });
    expect(done.ok).toBe(true);
    const docs = await r.api.taxDocuments(r.journey().bookingId);
    const credit = docs.ok ? docs.body.documents.at(-1) : null;
    expect(credit).toMatchObject({ kind: 'credit', total: 10_000, vat: 0 });
    expect(credit!.lines.map((l) => l.vatRate)).toEqual([null]);
  });

  it('two managers at once with the same refund: one is given, the other refused, the provider asked once', async () => {
    const r = await settled('camry', 64);
    const { number, version, bookingId } = r.journey();
    const ask = { charge: 'payment', amount: '25', reason: 'Late at the counter', version };
    const [a, b] = await Promise.all([(await manager()).api.refundCharge(number, ask), (await manager()).api.refundCharge(number, ask)]);
    expect([a.ok ? 200 : a.status, b.ok ? 200 : b.status].sort()).toEqual([200, 409]);
    expect(await refundsAtProvider(bookingId)).toHaveLength(1);
  });

  it('the provider refunds but the request dies before the save: the payments worker records it once, under the same key', async () => {
    const r = await settled('camry', 70);
    const { number, version, bookingId } = r.journey();
    const s = await server();
    const original: PaymentGateway = s.deps.gateway;
    s.deps.gateway = {
      ...original,
      refund: async (request) => {
        await original.refund(request);
        throw new Error('connection reset (the process died here)');
      },
    };
    try {
      const answer = await (await manager()).api.refundCharge(number, { charge: 'payment', amount: '40', reason: 'Dirty car at pickup', version });
      expect(answer).toMatchObject({ status: 503, body: { error: 'providerDown' } });
    } finally {
      s.deps.gateway = original;
    }
    expect(await refundsAtProvider(bookingId)).toHaveLength(1);
    travelTo(s.deps.now().getTime() + REFUND_GRACE_MS + 1_000);
    await finishRefunds(s.deps);
    await finishRefunds(s.deps);
    expect(await refundsAtProvider(bookingId)).toHaveLength(1);
    await r.refresh();
    expect(contextOf(r.journey()).companyRefunds).toMatchObject([{ amount: 4_000, reason: 'Dirty car at pickup' }]);
    const [row] = await s.deps.db.select().from(companyRefunds).where(eq(companyRefunds.bookingId, bookingId));
    expect(row!.refundedAt).not.toBeNull();
  });
});
