// A company's day and month in figures, from its bookings' journeys: what the counter has today, the
// cars out and overdue, and each month's use of the fleet and money (from the rental's own money
// story, machines/ledger.ts, so a figure here is the one the renter's screens show). Pure: the
// routes read the rows, these count them.
import { DAY_MS, type Fils } from '../../machines/money';
import { bookingPrice, bookingStatus, dueBackAt, type JourneyContext } from '../../machines/journey-rules';
import { moneyTimeline } from '../../machines/ledger';
import { DUBAI_OFFSET_MS } from '../../machines/booking';


export interface Span {
  start: number;
  end: number;
}

/** The Dubai calendar day `at` falls on, as [start, end). */
export function dayAround(at: number): Span {
  const start = Math.floor((at + DUBAI_OFFSET_MS) / DAY_MS) * DAY_MS - DUBAI_OFFSET_MS;
  return { start, end: start + DAY_MS };
}

/** The Dubai calendar month `at` falls in, and the one before it, as [start, end). */
export function monthsAround(at: number): { current: Span; previous: Span } {
  const local = new Date(at + DUBAI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const startOf = (year: number, month: number) => Date.UTC(year, month, 1) - DUBAI_OFFSET_MS;
  return {
    current: { start: startOf(y, m), end: startOf(y, m + 1) },
    previous: { start: startOf(y, m - 1), end: startOf(y, m) },
  };
}

export interface MonthFigures {
  /** Car-days rented ÷ car-days the fleet had, 0 to 1. */
  utilisation: number;
  /** Card charges for rentals (payments, changes, added days), without the bookings' fees. */
  rent: Fils;
  /** The bookings' fees line (with the payments that carried them). */
  fees: Fils;
  /** Taken from deposits at returns. */
  deductions: Fils;
  /** Given back: cancellations, changes to a cheaper booking, unused days. */
  refunds: Fils;
}

const inside = (at: number, span: Span) => at >= span.start && at < span.end;
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** One month's figures for a company with `cars` cars, from its bookings' journeys. */
export function monthFigures(journeys: readonly JourneyContext[], cars: number, month: Span): MonthFigures {
  const figures: MonthFigures = { utilisation: 0, rent: 0, fees: 0, deductions: 0, refunds: 0 };
  let rented = 0;
  for (const c of journeys) {
    for (const e of moneyTimeline(c)) {
      if (!inside(e.at, month)) continue;
      if (e.kind === 'paid') {
        const fees = bookingPrice(c.booking).fees;
        figures.fees += fees;
        figures.rent += e.amount - fees;
      } else if (e.kind === 'changeCharged' || e.kind === 'extension') figures.rent += e.amount;
      else if (e.kind === 'changeRefunded' || e.kind === 'unusedRefunded' || e.kind === 'companyRefunded') figures.refunds += e.amount;
      else if (e.kind === 'deducted') figures.deductions += e.amount;
    }
    if (c.cancellation && inside(c.cancellation.at, month)) figures.refunds += c.cancellation.refunded;
    // The time the car was the renter's (picked up, or booked and paid), within the month.
    const status = bookingStatus(c);
    if (status === 'active' || status === 'completed' || status === 'upcoming')
      rented += overlap({ start: c.pickedUpAt ?? c.booking.pickupAt, end: c.returnedAt ?? dueBackAt(c) }, month);
  }
  const available = cars * (month.end - month.start);
  figures.utilisation = available > 0 ? Math.min(1, rented / available) : 0;
  return figures;
}
