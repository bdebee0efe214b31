// Money rules, in integer fils (1 AED = 100 fils) so no figure is ever a floating-point guess.
// Formatting belongs to the UI edge (src/i18n/format.ts); nothing here knows about languages.

import type { DamageChoice } from './returns';

export type Fils = number;

export const FILS_PER_AED = 100;
/** UAE VAT on car rental, in percent (since 2018, tourists included). */
export const VAT_PERCENT = 5;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole dirhams to fils: `aed(1200)` is 120000. */
// Pure: a constant a page does not use (SALIK_TOLL on Home) leaves its bundle with its call.
export const aed = /* @__NO_SIDE_EFFECTS__ */ (dirhams: number): Fils => Math.round(dirhams * FILS_PER_AED);

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
  /** Daily rate × days. */
  cost: Fils;
  /** Extras charged with the rental (none in the standard offer), shown as their own line. */
  fees: Fils;
  /** An offer's discount off the cost, its own line (absent when there is none). */
  discount?: Fils;
  /** VAT on cost and fees less the discount, its own line. */
  vat: Fils;
  /** cost + fees − discount + vat: every part is shown, nothing else is added. */
  total: Fils;
}

/** Rental cost = daily rate × days; VAT 5% on cost and fees less any discount; total = all of it with VAT. */
export function priceRental(dailyRate: Fils, days: number, fees: Fils = 0, discount: Fils = 0): RentalPrice {
  const cost = dailyRate * days;
  const net = cost + fees - discount;
  const vat = vatOf(net);
  return { days, dailyRate, cost, fees, ...(discount > 0 ? { discount } : {}), vat, total: net + vat };
}

// ---- what can be taken from the deposit after a rental ----

export const DEDUCTION_KINDS = ['fine', 'salik', 'fuel', 'damage', 'late'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

export interface Deduction {
  kind: DeductionKind;
  /** Everything taken for this item, admin fees included. */
  amount: Fils;
  /** The part of `amount` that is the rental company's admin fee, shown as its own line. */
  adminFee: Fils;
  /** What the authority charged: its reference, when it happened and where (fines and Salik). */
  item?: { reference: string; at: number; place?: string };
  /** How a return line was priced, shown with it: litres × the pump price, hours or days × the rate, and VAT. */
  basis?: { unit: 'litre' | 'hour' | 'day'; count: number; price: Fils; vat: Fils };
  /** Damage found at return: the price list's item (or `other`) and what the agent wrote. */
  /** A damage line: the item, the agent's words and the check-in photos that show it. */
  damage?: { item: DamageChoice; note: string; photos?: string[] };
  /** The renter disputes a return line; the company's manager upholds or waives it. */
  dispute?: Dispute;
}

export interface Dispute {
  reason: string;
  at: number;
  decision: { outcome: 'upheld' | 'waived'; note: string; by: string; at: number } | null;
}

/** Salik toll per crossing (peak 6–10 am and 4–8 pm; free 1–6 am) and the company's admin fee. */
export const SALIK_TOLL = { peak: aed(6), offPeak: aed(4), night: 0 } as const;
export const SALIK_ADMIN_FEE = aed(1.5);
/** Admin fee on a traffic fine passed to the renter. */
export const FINE_ADMIN_PERCENT = 10;
/** Pump price used for a fuel shortfall (no refuelling service fee is added). */
export const FUEL_PRICE_PER_LITRE = aed(2.85);

export const fineDeduction = (fine: Fils): Deduction => {
  const adminFee = Math.round((fine * FINE_ADMIN_PERCENT) / 100);
  return { kind: 'fine', amount: fine + adminFee, adminFee };
};

export function salikDeduction(crossings: readonly (keyof typeof SALIK_TOLL)[]): Deduction {
  const tolls = crossings.reduce((sum, band) => sum + SALIK_TOLL[band], 0);
  const adminFee = crossings.filter((band) => SALIK_TOLL[band] > 0).length * SALIK_ADMIN_FEE;
  return { kind: 'salik', amount: tolls + adminFee, adminFee };
}

/** Dubai keeps UTC+4 all year (no daylight saving). */
export const DUBAI_UTC_OFFSET_HOURS = 4;

/** The Salik band of a crossing by its hour in Dubai: free 1–6 am, peak 6–10 am and 4–8 pm, off-peak otherwise. */
export function salikBand(at: number): keyof typeof SALIK_TOLL {
  const hour = new Date(at + DUBAI_UTC_OFFSET_HOURS * 3_600_000).getUTCHours();
  if (hour >= 1 && hour < 6) return 'night';
  if ((hour >= 6 && hour < 10) || (hour >= 16 && hour < 20)) return 'peak';
  return 'offPeak';
}

/** Tank levels as a fraction of full, for the return inspection's fixed scale. */
export const FUEL_FRACTION = { E: 0, '1/4': 0.25, '1/2': 0.5, '3/4': 0.75, F: 1 } as const;

export const damageDeduction = (assessed: Fils): Deduction => ({
  kind: 'damage',
  amount: assessed,
  adminFee: 0,
});

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

// ---- the other currencies a renter may see figures in (payments stay in AED) ----

/** Currencies a renter may choose to see figures in; every charge is still made in AED. */
export const DISPLAY_CURRENCIES = ['AED', 'USD', 'SAR'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The dirham's peg to the US dollar (Central Bank of the UAE, fixed since 1997). */
export const AED_PER_USD = 3.6725;
/** The Saudi riyal's peg to the US dollar (SAMA, fixed since 1986). */
export const SAR_PER_USD = 3.75;

/**
 * Each currency per US dollar in ten-thousandths, so the conversion is integer arithmetic with one
 * rounding at the end (3.6725 has four decimals).
 */
const PER_USD_E4: Record<DisplayCurrency, number> = {
  AED: Math.round(AED_PER_USD * 10_000),
  USD: 10_000,
  SAR: Math.round(SAR_PER_USD * 10_000),
};

/**
 * An amount in fils as minor units (cents, halalas) of `currency` at the pegs, rounded to the nearest:
 * an approximate figure to show beside the AED amount, never an amount to charge.
 */
export const convertFils = (amount: Fils, currency: DisplayCurrency): number =>
  Math.round((amount * PER_USD_E4[currency]) / PER_USD_E4.AED);
