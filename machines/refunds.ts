// Refunds by the rental company: a manager gives back part of one charge on the renter's card (the
// payment, a dearer change, added days, or what the settlement captured), with a reason the renter
// reads. Pure: the machine guards with these rules (machines/journey.ts `money.refunded`), the counter's
// form says the same problems before it sends, and the server keeps each refund once
// (server/payments/refunds.ts).
import type { Fils } from './money';
import { checkReason, parseAmount } from './returns';
import type { JourneyContext } from './journey-rules';
import type { Problem } from './validation';

/** One refund the company gave: of which charge (`Charge.id`), how much, why, who, when, the provider's reference. */
export interface CompanyRefund {
  charge: string;
  amount: Fils;
  reason: string;
  /** The manager's name, as the renter and the audit read it. */
  by: string;
  at: number;
  reference: string;
}

/** A charge on the renter's card the company may refund part of, and what is left of it to refund. */
export interface Charge {
  /** The charge's tax invoice's source (machines/taxDocuments.ts): `payment`, `change:N`, `extension:N`, `settlement`. */
  id: string;
  kind: 'payment' | 'change' | 'extension' | 'settlement';
  reference: string;
  amount: Fils;
  at: number;
  refundable: Fils;
}

/**
 * Whether the company may refund now: once the rental's own money is done, after the deposit's
 * settlement or a cancellation. Before then the journey still refunds on its own (a cheaper change,
 * a cancellation, an early return, each from the same charges), and the two would overlap.
 */
export const refundsOpen = (c: JourneyContext) => c.payment !== null && (c.refund !== null || c.cancellation !== null);

/**
 * The booking's charges, in the order the provider took them, each with what the journey's own
 * refunds (cheaper changes, a cancellation, an early return; taken from the charges in that order,
 * as the provider gives them back) and the company's earlier refunds of it have left.
 */
export function chargesOf(c: JourneyContext): Charge[] {
  if (!c.payment) return [];
  const rental: Omit<Charge, 'refundable'>[] = [
    { id: 'payment', kind: 'payment', reference: c.payment.reference, amount: c.payment.amount, at: c.payment.paidAt },
    ...c.changes.flatMap((change, i) =>
      change.difference > 0 && change.reference ? [{ id: `change:${i}`, kind: 'change' as const, reference: change.reference, amount: change.difference, at: change.at }] : [],
    ),
    ...c.extensions.map((e, i) => ({ id: `extension:${i}`, kind: 'extension' as const, reference: e.reference, amount: e.price.total, at: e.chargedAt })),
  ];
  let given =
    c.changes.reduce((sum, change) => sum + Math.max(0, -change.difference), 0) + (c.cancellation?.refunded ?? 0) + (c.refund?.early?.amount ?? 0);
  const charges = rental.map((charge) => {
    const taken = Math.min(given, charge.amount);
    given -= taken;
    return { ...charge, left: charge.amount - taken };
  });
  if (c.refund && c.refund.captured > 0 && c.refund.reference)
    charges.push({ id: 'settlement', kind: 'settlement', reference: c.refund.reference, amount: c.refund.captured, at: c.refund.settledAt, left: c.refund.captured });
  const refunds = c.companyRefunds;
  return charges.map(({ left, ...charge }) => ({
    ...charge,
    refundable: Math.max(0, left - refunds.filter((r) => r.charge === charge.id).reduce((sum, r) => sum + r.amount, 0)),
  }));
}

/** What the company refunded in all. */
export const companyRefunded = (c: JourneyContext): Fils => c.companyRefunds.reduce((sum, r) => sum + r.amount, 0);

export interface RefundInput {
  charge: string;
  /** Dirhams as typed. */
  amount: string;
  reason: string;
}

/** What is wrong with a refund the manager asks for, by field; `pending`: fils of this charge's refunds asked but not yet recorded. */
export const refundProblems = (c: JourneyContext, input: RefundInput, pending: Fils = 0) =>
  problemsOf(c, { charge: input.charge, amount: parseAmount(input.amount), reason: input.reason }, pending);

/** The machine's rule for a refund the server records: one the form would have let through, by somebody. */
export const refundAllowed = (c: JourneyContext, refund: CompanyRefund) =>
  refund.by.trim() !== '' && Number.isSafeInteger(refund.amount) && Object.keys(problemsOf(c, refund, 0)).length === 0;

function problemsOf(c: JourneyContext, input: { charge: string; amount: Fils | null; reason: string }, pending: Fils) {
  const charge = refundsOpen(c) ? chargesOf(c).find((ch) => ch.id === input.charge) : undefined;
  return chargeRefundProblems(charge && { ...charge, refundable: charge.refundable - pending }, input.amount, input.reason);
}

/** The problems of refunding `amount` (fils; null when not an amount) of `charge` (none chosen, or not one of the booking's) with `reason`. */
export function chargeRefundProblems(charge: Pick<Charge, 'refundable'> | undefined, amount: Fils | null, reason: string) {
  const problems: Partial<Record<keyof RefundInput, Problem>> = {};
  if (!charge) problems.charge = 'required';
  if (amount === null || amount <= 0) problems.amount = 'amount';
  else if (charge && amount > charge.refundable) problems.amount = 'refundTooHigh';
  const why = checkReason(reason);
  if (why) problems.reason = why;
  return problems;
}
