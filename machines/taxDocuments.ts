// What a journey step supplies or gives back, as UAE VAT documents: every charge is a tax invoice and
// every refund a tax credit note. Pure: the server numbers and keeps them (server/invoices/store.ts),
// the screens and the PDF only say them. Every total is a figure the ledger already holds (the payment,
// a change's difference, an extension's price, a cancellation's or an early return's refund, the
// deductions); the lines split it into net and VAT so that they add up to that figure to the fil.
import type { DamageChoice } from './returns';
import { bookingPrice, type JourneyContext } from './journey-rules';
import { owed } from './ledger';
import type { CompanyRefund } from './refunds';
import { VAT_PERCENT, vatOf, type Deduction, type Fils } from './money';

export type TaxDocumentKind = 'invoice' | 'credit';

/** What a line is, said in the reader's language by the screen or the PDF. */
export type TaxItem =
  | { kind: 'rental'; model: string; days: number }
  | { kind: 'fees' }
  | { kind: 'discount' }
  | { kind: 'extension'; model: string; days: number }
  | { kind: 'change' }
  | { kind: 'cancellationRefund' }
  | { kind: 'unusedDays'; days: number }
  /** Part of a charge the company gave back after the rental, with the reason the renter was given. */
  | { kind: 'companyRefund'; reason: string }
  | { kind: 'fine' | 'salik'; reference: string | null }
  | { kind: 'adminFee'; of: 'fine' | 'salik' }
  | { kind: 'fuel' | 'late'; unit: 'litre' | 'hour' | 'day' | null; count: number | null }
  | { kind: 'damage'; item: DamageChoice | null };

export interface TaxLine {
  item: TaxItem;
  quantity: number;
  /** Net of VAT (negative for a discount). */
  unitPrice: Fils;
  /** quantity × unit price, net of VAT. */
  net: Fils;
  /** In percent; null for what is outside VAT's scope (a fine or toll paid on the renter's behalf, damage compensation). */
  vatRate: number | null;
  vat: Fils;
}

/** One document to issue: what the step supplied (an invoice) or gave back (a credit note). */
export interface Supply {
  /** Which of the booking's movements it is, once per booking: `payment`, `change:2`, `extension:0`, `cancellation`, `settlement`, `unused`, `deduction:4`. */
  source: string;
  kind: TaxDocumentKind;
  suppliedAt: number;
  lines: TaxLine[];
  net: Fils;
  vat: Fils;
  /** The ledger's figure: net + VAT. */
  total: Fils;
  /** A credit note names the invoice it adjusts, by that invoice's source. */
  adjusts: string | null;
}

/** The VAT inside an amount that includes it at the standard rate (an admin fee is charged as one figure). */
export const vatWithin = (gross: Fils): Fils => gross - Math.round((gross * 100) / (100 + VAT_PERCENT));

function line(item: TaxItem, quantity: number, net: Fils, vat: Fils, vatRate: number | null = VAT_PERCENT): TaxLine {
  return { item, quantity, unitPrice: quantity === 0 ? net : Math.round(net / quantity), net, vatRate, vat };
}

/** A document whose lines add up to `total`: the last standard-rated line takes the rounding's fils. */
function supply(source: string, kind: TaxDocumentKind, suppliedAt: number, lines: TaxLine[], total: Fils, adjusts: string | null = null): Supply {
  const net = lines.reduce((sum, l) => sum + l.net, 0);
  const rest = total - net - lines.reduce((sum, l) => sum + l.vat, 0);
  const rated = lines.findLastIndex((l) => l.vatRate !== null);
  if (rest !== 0 && rated >= 0) lines = lines.map((l, i) => (i === rated ? { ...l, vat: l.vat + rest } : l));
  const vat = lines.reduce((sum, l) => sum + l.vat, 0);
  return { source, kind, suppliedAt, lines, net, vat, total: net + vat, adjusts };
}

/** A refund gives back its share of what was charged, VAT in the same proportion. */
function refundOf(source: string, at: number, item: TaxItem, quantity: number, amount: Fils, c: JourneyContext): Supply {
  const price = bookingPrice(c.booking);
  const vat = price.total > 0 ? Math.round((amount * price.vat) / price.total) : vatWithin(amount);
  return supply(source, 'credit', at, [line(item, quantity, amount - vat, vat)], amount, 'payment');
}

/** A deduction's lines: what the authority charged (outside VAT) and the company's admin fee; a return line with its basis. */
function deductionLines(d: Deduction): TaxLine[] {
  const amount = owed(d);
  if (d.kind === 'fine' || d.kind === 'salik') {
    const passedOn = amount - d.adminFee;
    return [
      line({ kind: d.kind, reference: d.item?.reference ?? null }, 1, passedOn, 0, null),
      ...(d.adminFee > 0 ? [line({ kind: 'adminFee', of: d.kind }, 1, d.adminFee - vatWithin(d.adminFee), vatWithin(d.adminFee))] : []),
    ];
  }
  if (d.kind === 'damage') return [line({ kind: 'damage', item: d.damage?.item ?? null }, 1, amount, 0, null)];
  // A late return's basis carries its VAT; fuel at the pump price has it inside that price.
  const vat = d.basis?.vat || vatWithin(amount);
  return [line({ kind: d.kind, unit: d.basis?.unit ?? null, count: d.basis?.count ?? null }, d.basis?.count ?? 1, amount - vat, vat)];
}

/** The invoice for `deductions` (a settlement's, or a fine paid by card), none when nothing is owed. */
export function deductionsInvoice(source: string, at: number, deductions: Deduction[]): Supply[] {
  const due = deductions.filter((d) => owed(d) > 0);
  if (due.length === 0) return [];
  return [supply(source, 'invoice', at, due.flatMap(deductionLines), due.reduce((sum, d) => sum + owed(d), 0))];
}

/**
 * The documents a step from `before` to `after` calls for, each from the figures the step recorded:
 * the payment, a change charged or refunded, added days, a cancellation's refund, and at settlement
 * the deductions taken and an early return's refund (a deduction added after settlement is its own
 * invoice, supplied `at` the step). A deposit released is not a refund of anything charged: it has no document.
 */
export function suppliesOfStep(before: JourneyContext, after: JourneyContext, at: number): Supply[] {
  const out: Supply[] = [];
  const model = after.booking.car.model;
  if (!before.payment && after.payment) {
    const price = bookingPrice(after.booking);
    const lines = [
      line({ kind: 'rental', model, days: price.days }, price.days, price.cost, vatOf(price.cost)),
      ...(price.fees > 0 ? [line({ kind: 'fees' }, 1, price.fees, vatOf(price.fees))] : []),
      ...(price.discount ? [line({ kind: 'discount' }, 1, -price.discount, -vatOf(price.discount))] : []),
    ];
    out.push(supply('payment', 'invoice', after.payment.paidAt, lines, after.payment.amount));
  }
  after.changes.slice(before.changes.length).forEach((change, i) => {
    if (change.difference === 0) return;
    const source = `change:${before.changes.length + i}`;
    // The VAT the new price adds or takes off, against the price before this change.
    const vat = change.price.vat - bookingPrice(before.booking).vat;
    const [kind, sign] = change.difference > 0 ? (['invoice', 1] as const) : (['credit', -1] as const);
    const amount = sign * change.difference;
    out.push(supply(source, kind, change.at, [line({ kind: 'change' }, 1, amount - sign * vat, sign * vat)], amount, kind === 'credit' ? 'payment' : null));
  });
  after.extensions.slice(before.extensions.length).forEach((e, i) => {
    const lines = [line({ kind: 'extension', model, days: e.days }, e.days, e.price.cost, e.price.vat)];
    out.push(supply(`extension:${before.extensions.length + i}`, 'invoice', e.chargedAt, lines, e.price.total));
  });
  const cancelled = !before.cancellation && after.cancellation;
  if (cancelled && cancelled.refunded > 0) {
    out.push(refundOf('cancellation', cancelled.at, { kind: 'cancellationRefund' }, 1, cancelled.refunded, before));
  }
  if (!before.refund && after.refund) {
    out.push(...deductionsInvoice('settlement', after.refund.settledAt, after.deductions));
    const early = after.refund.early;
    if (early && early.amount > 0) {
      const days = after.checkin?.unused.days ?? 1;
      out.push(refundOf('unused', after.refund.settledAt, { kind: 'unusedDays', days }, days, early.amount, after));
    }
  } else if (before.refund) {
    after.deductions.slice(before.deductions.length).forEach((d, i) => {
      out.push(...deductionsInvoice(`deduction:${before.deductions.length + i}`, at, [d]));
    });
  }
  after.companyRefunds.slice(before.companyRefunds.length).forEach((r, i) => {
    out.push(companyRefundNote(`refund:${before.companyRefunds.length + i}`, r, after));
  });
  return out;
}

/**
 * The credit note for a company's refund, adjusting the charge's own invoice: a rental charge gives
 * back VAT at the standard rate inside it; what the settlement captured is split between its
 * standard-rated lines (fuel, a late return, admin fees) and those outside VAT (fines, tolls, damage)
 * as that invoice was.
 */
function companyRefundNote(source: string, r: CompanyRefund, c: JourneyContext): Supply {
  const item: TaxItem = { kind: 'companyRefund', reason: r.reason };
  if (r.charge !== 'settlement') return supply(source, 'credit', r.at, [line(item, 1, r.amount - vatWithin(r.amount), vatWithin(r.amount))], r.amount, r.charge);
  const [invoice] = deductionsInvoice('settlement', r.at, settledDeductions(c));
  const rated = (invoice?.lines ?? []).filter((l) => l.vatRate !== null).reduce((sum, l) => sum + l.net + l.vat, 0);
  const ratedPart = invoice && invoice.total > 0 ? Math.round((r.amount * rated) / invoice.total) : 0;
  const lines = [
    ...(ratedPart > 0 ? [line(item, 1, ratedPart - vatWithin(ratedPart), vatWithin(ratedPart))] : []),
    ...(r.amount - ratedPart > 0 ? [line(item, 1, r.amount - ratedPart, 0, null)] : []),
  ];
  return supply(source, 'credit', r.at, lines, r.amount, 'settlement');
}

/** The deductions the settlement took: the first ones, as many as its figures (captured + owed) add up to; later ones are their own invoices. */
function settledDeductions(c: JourneyContext): Deduction[] {
  const total = (c.refund?.captured ?? 0) + (c.refund?.due ?? 0);
  const out: Deduction[] = [];
  let sum = 0;
  for (const d of c.deductions) {
    if (sum >= total) break;
    out.push(d);
    sum += owed(d);
  }
  return out;
}

/** A document's number as printed: its series and its place in it (`INV-000042`, `CN-000007`). */
export const documentNumber = (kind: TaxDocumentKind, n: number) => `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;
