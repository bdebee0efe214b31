// Money rules, in integer fils (1 AED = 100 fils) so no figure is ever a floating-point guess.
// Formatting belongs to the UI edge (src/i18n/format.ts); nothing here knows about languages.

export type Fils = number;

export const FILS_PER_AED = 100;
/** UAE VAT on car rental, in percent (since 2018, tourists included). */
export const VAT_PERCENT = 5;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole dirhams to fils: `aed(1200)` is 120000. */
export const aed = (dirhams: number): Fils => Math.round(dirhams * FILS_PER_AED);

/** VAT on an amount, rounded half up to the fil. */
export const vatOf = (amount: Fils): Fils => Math.round((amount * VAT_PERCENT) / 100);

/** Rental days between pick-up and drop-off: every started 24 h counts as a day, at least one. */
export function rentalDays(pickup: Date, dropoff: Date): number {
  const ms = dropoff.getTime() - pickup.getTime();
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

export interface RentalPrice {
  days: number;
  dailyRate: Fils;
  cost: Fils;
  vat: Fils;
  total: Fils;
}

/** Rental cost = daily rate × days; VAT on it is its own line; total = cost + VAT. */
export function priceRental(dailyRate: Fils, days: number): RentalPrice {
  const cost = dailyRate * days;
  const vat = vatOf(cost);
  return { days, dailyRate, cost, vat, total: cost + vat };
}

export interface DepositRefund {
  held: Fils;
  deductions: Fils;
  /** What goes back to the renter: never below zero. */
  refundable: Fils;
  /** What the deductions exceed the deposit by, owed by the renter. */
  due: Fils;
}

/** Refundable = held − deductions, floored at zero; the excess becomes a balance due. */
export function depositRefund(held: Fils, deductions: readonly Fils[]): DepositRefund {
  const total = deductions.reduce((sum, d) => sum + d, 0);
  return { held, deductions: total, refundable: Math.max(0, held - total), due: Math.max(0, total - held) };
}
