// One money story for a rental, read by every screen and by the server alike: what the rental costs
// (each part once), what the card was charged, what the deposit holds, what was taken from it and
// what goes back. Every figure comes from the booking's prices and the amounts the server recorded.
import type { Car } from './fleet';
import type { BookingOfferId } from './offers';
import { depositRefund, type Deduction, type Fils, type RentalPrice } from './money';
import { companyRefunded } from './refunds';
import { bookingPaid, bookingPrice, type ExtensionCharge, type JourneyContext } from './journey-rules';

export type DepositState = 'toHold' | 'held' | 'settled';

export interface Ledger {
  /** The rental as booked: daily rate × days, fees, an offer's discount, VAT, total. */
  rental: RentalPrice;
  /** The offer redeemed on the booking, and with the loyalty upgrade the car whose price it keeps. */
  offer: { id: BookingOfferId; upgradedFrom: Car | null } | null;
  /** Each confirmed extension with its own price and VAT, charged when confirmed. */
  extensions: ExtensionCharge[];
  /** The whole rental with VAT: the booking plus every extension. */
  rentalTotal: Fils;
  /** What the card has been charged so far for the rental, net of the rental's own refunds (0 before payment). */
  charged: Fils;
  /** What the company gave back since, of any charge (machines/refunds.ts). */
  companyRefunded: Fils;
  /** An early return's whole unused days and what goes back for them (given back with the settlement). */
  unused: { days: number; amount: Fils } | null;
  deposit: { amount: Fils; state: DepositState };
  /** Taken from the deposit after the rental, each listed once with its admin fee (a waived line stays listed, at nothing). */
  deductions: Deduction[];
  deductionsTotal: Fils;
  /** What goes back to the renter's card: deposit − deductions, never below zero. */
  refund: Fils;
  /** What the deductions exceed the deposit by: the renter owes it. */
  due: Fils;
  /** When the deposit hold was settled: the rest released to the card then. Null until it is. */
  releasedAt: number | null;
}

export function ledgerOf(c: JourneyContext): Ledger {
  const rental = bookingPrice(c.booking);
  const extensionsTotal = c.extensions.reduce((sum, e) => sum + e.price.total, 0);
  const amount = c.deposit?.amount ?? c.booking.car.deposit;
  const deposit = depositRefund(
    amount,
    c.deductions.map(owed),
  );
  const unused = c.checkin && c.checkin.unused.days > 0 ? c.checkin.unused : null;
  return {
    rental,
    offer: c.booking.offer ? { id: c.booking.offer, upgradedFrom: c.booking.upgradedFrom ?? null } : null,
    extensions: c.extensions,
    rentalTotal: rental.total + extensionsTotal,
    // The payment, each change's difference (+ charged, − refunded), the added days, less a cancellation's
    // refund and an early return's.
    charged: bookingPaid(c) + extensionsTotal - (c.cancellation?.refunded ?? 0) - (c.refund?.early?.amount ?? 0),
    companyRefunded: companyRefunded(c),
    unused,
    deposit: { amount, state: c.refund ? 'settled' : c.deposit ? 'held' : 'toHold' },
    deductions: c.deductions,
    deductionsTotal: deposit.deductions,
    refund: c.refund?.refunded ?? deposit.refundable,
    due: c.refund?.due ?? deposit.due,
    releasedAt: c.refund?.settledAt ?? null,
  };
}


/** What a line takes from the deposit: nothing once the company's manager has waived it. */
export const owed = (d: Deduction): Fils => (d.dispute?.decision?.outcome === 'waived' ? 0 : d.amount);

/** One movement of the rental's money, as Booking Details lists it: what, how much, when. */
export interface MoneyEvent {
  kind:
    | 'paid'
    | 'depositHeld'
    | 'changeCharged'
    | 'changeRefunded'
    | 'extension'
    | 'deducted'
    | 'depositReleased'
    | 'unusedRefunded'
    | 'owed'
    | 'companyRefunded';
  amount: Fils;
  at: number;
}

/**
 * Every movement of the rental's money in order, each with its date: the payment and the deposit
 * hold, each change's charge or refund, each added day's charge, and at settlement what was taken
 * from the deposit, what went back and what is owed. (A cancellation says its own figures.)
 */
export function moneyTimeline(c: JourneyContext): MoneyEvent[] {
  const events: MoneyEvent[] = [];
  if (c.payment) events.push({ kind: 'paid', amount: c.payment.amount, at: c.payment.paidAt });
  if (c.deposit) events.push({ kind: 'depositHeld', amount: c.deposit.amount, at: c.deposit.heldAt });
  for (const change of c.changes) {
    if (change.difference !== 0)
      events.push({ kind: change.difference > 0 ? 'changeCharged' : 'changeRefunded', amount: Math.abs(change.difference), at: change.at });
  }
  for (const e of c.extensions) events.push({ kind: 'extension', amount: e.price.total, at: e.chargedAt });
  if (c.refund) {
    const at = c.refund.settledAt;
    if (c.refund.captured > 0) events.push({ kind: 'deducted', amount: c.refund.captured, at });
    if (c.refund.refunded > 0) events.push({ kind: 'depositReleased', amount: c.refund.refunded, at });
    if (c.refund.early) events.push({ kind: 'unusedRefunded', amount: c.refund.early.amount, at });
    if (c.refund.due > 0) events.push({ kind: 'owed', amount: c.refund.due, at });
  }
  for (const r of c.companyRefunds) events.push({ kind: 'companyRefunded', amount: r.amount, at: r.at });
  return events.sort((a, b) => a.at - b.at);
}
