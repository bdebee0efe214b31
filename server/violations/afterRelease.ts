// A fine the deposit no longer covers (released, or never held) is charged to the booking's saved
// card, CARD_CHARGE_NOTICE_DAYS after the renter was told, with its evidence. The renter is told when
// the fine reaches them after the release (./service.ts), and at the release itself for each fine
// still payable then (server/journey/service.ts, in the settlement's save): either way the notice
// names the day and the card. Apart from ./service.ts so that the journey's save can tell it without
// an import cycle.
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../machines/money';
import { restoreJourney } from '../../machines/persistence';
import { CARD_CHARGE_NOTICE_DAYS, cardChargeDueAt, restoreViolation, type ViolationSnapshot } from '../../machines/violation';
import type { Tx } from '../db/open';
import { violations } from '../db/schema';
import type { BookingRow } from '../journey/bookings';
import { notify } from '../notifications/store';

/**
 * The card a fine is charged to when the deposit no longer covers it (released, or never held): the
 * booking's saved card; null while the deposit is held (the renter chooses how to pay then).
 */
export function cardAfterRelease(booking: BookingRow) {
  const c = restoreJourney(booking.journey).snapshot?.context;
  return c?.payment && c.refund ? { ...c.payment, releasedAt: c.refund.settledAt } : null;
}

/**
 * When a payable fine is charged to the saved card, and which card: a week after the renter was told,
 * and never sooner than a week after the release (a fine still payable then gets its full notice).
 * Null while the deposit is held, or when the fine is not payable.
 */
export function cardChargeOf(booking: BookingRow, state: ViolationSnapshot): { last4: string; at: number } | null {
  const card = cardAfterRelease(booking);
  const due = cardChargeDueAt(state);
  return card && due !== null ? { last4: card.last4, at: Math.max(due, card.releasedAt + CARD_CHARGE_NOTICE_DAYS * DAY_MS) } : null;
}

/** The renter told that the fine will be charged to the card on its day, with what the authority recorded. */
export async function tellCardCharge(tx: Tx, at: Date, booking: BookingRow, state: ViolationSnapshot, card: { last4: string; at: number }) {
  const { fine, charge } = state.context;
  const evidence = { date: fine.date, place: fine.location ?? '', reference: fine.reference ?? fine.code };
  await notify(tx, at, booking.renterId, 'fineChargeScheduled', { amount: charge.amount, code: fine.code, ...evidence, last4: card.last4, at: card.at }, 'trafficViolation');
}

/** At the release: each of the booking's fines still payable is told again, now with its card and day. */
export async function tellChargesAtRelease(tx: Tx, at: Date, booking: BookingRow) {
  for (const row of await tx.select({ state: violations.state }).from(violations).where(eq(violations.bookingId, booking.id))) {
    const state = restoreViolation(row.state);
    const card = state && cardChargeOf(booking, state);
    if (state && card) await tellCardCharge(tx, at, booking, state, card);
  }
}
