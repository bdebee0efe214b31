// The company's refunds as the rules have them (machines/refunds.ts): which charges, what is left of
// each after the journey's own refunds, the problems by field, the machine's guard, the ledger and the
// credit note.
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { journeyMachine } from '../../machines/journey';
import { initialContext, type JourneyContext } from '../../machines/journey-rules';
import { ledgerOf, moneyTimeline } from '../../machines/ledger';
import { chargesOf, refundProblems } from '../../machines/refunds';
import { FLEET } from '../../machines/sampleFleet';
import { suppliesOfStep, vatWithin } from '../../machines/taxDocuments';
import type { CompanyRefund } from '../../machines/refunds';

const NOW = new Date(2026, 10, 21, 9).getTime();
const DAY = 86_400_000;
const settlement = { refunded: 150_000, captured: 0, due: 0, releaseBy: NOW + 20 * DAY, settledAt: NOW + 10 * DAY, reference: 'pi_hold' };

/** A rental paid AED 1,000, changed for AED 200 more, AED 50 given back by a cheaper change, 2 days added for AED 300; returned, settled. */
function rental(over: Partial<JourneyContext> = {}): JourneyContext {
  const base = initialContext(NOW);
  const price = { ...base.booking, car: FLEET.camry };
  return {
    ...base,
    booking: price,
    payment: { last4: '4242', amount: 100_000, paidAt: NOW, reference: 'pi_paid', cardToken: 'cus_1/pm_1' },
    changes: [
      { at: NOW + DAY, trip: { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt: NOW, dropoffAt: NOW + 3 * DAY }, price: base.booking.car.dailyRate as never, difference: 20_000, reference: 'pi_change' },
      { at: NOW + 2 * DAY, trip: { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt: NOW, dropoffAt: NOW + 3 * DAY }, price: base.booking.car.dailyRate as never, difference: -5_000, reference: 're_change' },
    ],
    extensions: [{ days: 2, price: { total: 30_000 } as never, reference: 'pi_ext', chargedAt: NOW + 5 * DAY }],
    refund: settlement,
    ...over,
  };
}

const refund = (over: Partial<CompanyRefund> = {}): CompanyRefund => ({ charge: 'payment', amount: 21_000, reason: 'Late at the counter', by: 'Sara Khan', at: NOW + 12 * DAY, reference: 're_1', ...over });

describe('refunds by the company', () => {
  it('lists the charges in the provider’s order, the journey’s own refunds taken from the payment first, then the company’s', () => {
    expect(chargesOf(rental()).map(({ id, amount, refundable, reference }) => ({ id, amount, refundable, reference }))).toEqual([
      { id: 'payment', amount: 100_000, refundable: 95_000, reference: 'pi_paid' },
      { id: 'change:0', amount: 20_000, refundable: 20_000, reference: 'pi_change' },
      { id: 'extension:0', amount: 30_000, refundable: 30_000, reference: 'pi_ext' },
    ]);
    // A cancellation's refund larger than the payment reaches the next charge; the settlement's capture is a charge of its own.
    const c = rental({ cancellation: { at: NOW, fee: 0, refunded: 110_000, reference: 're_cancel' }, refund: { ...settlement, captured: 30_000 }, companyRefunds: [refund({ charge: 'settlement', amount: 10_000 })] });
    expect(chargesOf(c).map((ch) => [ch.id, ch.refundable])).toEqual([
      ['payment', 0],
      ['change:0', 5_000],
      ['extension:0', 30_000],
      ['settlement', 20_000],
    ]);
  });

  it('says what is wrong by field; nothing is refundable before the rental’s own money is done', () => {
    const c = rental();
    expect(refundProblems(c, { charge: 'payment', amount: '950', reason: 'Goodwill' })).toEqual({});
    expect(refundProblems(c, { charge: 'payment', amount: '950.01', reason: 'Goodwill' })).toEqual({ amount: 'refundTooHigh' });
    // What other managers are asking for at this moment counts too.
    expect(refundProblems(c, { charge: 'payment', amount: '900', reason: 'Goodwill' }, 6_000)).toEqual({ amount: 'refundTooHigh' });
    expect(refundProblems(c, { charge: 'settlement', amount: '٠', reason: ' ' })).toEqual({ charge: 'required', amount: 'amount', reason: 'required' });
    expect(refundProblems(c, { charge: 'payment', amount: '1', reason: 'x'.repeat(501) })).toEqual({ reason: 'tooLong' });
    expect(refundProblems(rental({ refund: null }), { charge: 'payment', amount: '1', reason: 'Goodwill' })).toEqual({ charge: 'required' });
  });

  it('the machine takes a refund the rules allow, once it is recorded the rest is less; the ledger, the timeline and the credit note say it', () => {
    const before = journeyMachine.resolveState({ value: { signedIn: { carReturn: 'finalInvoice' } }, context: rental() });
    expect(before.can({ type: 'money.refunded', refund: refund({ amount: 95_001 }) })).toBe(false);
    expect(before.can({ type: 'money.refunded', refund: refund({ by: ' ' }) })).toBe(false);
    // Without its payload (a model walk's bare event), refused rather than thrown.
    expect(before.can({ type: 'money.refunded' } as never)).toBe(false);
    const [after] = transition(journeyMachine, before, { type: 'money.refunded', refund: refund() });
    expect(after.context.companyRefunds).toEqual([refund()]);
    expect(chargesOf(after.context)[0]!.refundable).toBe(74_000);
    expect(ledgerOf(after.context)).toMatchObject({ companyRefunded: 21_000 });
    expect(moneyTimeline(after.context).at(-1)).toEqual({ kind: 'companyRefunded', amount: 21_000, at: NOW + 12 * DAY });
    const [note] = suppliesOfStep(before.context, after.context, NOW + 12 * DAY);
    expect(note).toMatchObject({ source: 'refund:0', kind: 'credit', total: 21_000, vat: vatWithin(21_000), adjusts: 'payment' });
    expect(note!.lines).toMatchObject([{ item: { kind: 'companyRefund', reason: 'Late at the counter' }, vatRate: 5 }]);
  });
});
