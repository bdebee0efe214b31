// What a return costs, each rule once: the fuel short of what was handed over, damage by the
// company's price list (or an amount with a reason), a late return by the hour then by the day, and
// the unused days of an early return given back. The counter's form, the renter's screen and the
// server's machine all price a return with these.
import { priceRental, vatOf, DAY_MS, FUEL_FRACTION, FUEL_PRICE_PER_LITRE, aed, type Deduction, type Fils } from './money';
import type { Car } from './fleet';
import type { CheckinInput, FuelLevel } from './validation';
import { latinDigits } from './text';

/** Common damage, priced by the company's list (the agent picks one, or `other` with an amount and a reason). */
export const DAMAGE_ITEMS = [
  'scratch',
  'dent',
  'windscreenChip',
  'windscreenCrack',
  'mirror',
  'tyre',
  'rim',
  'interiorStain',
  'smoking',
  'lostKey',
] as const;
export type DamageItem = (typeof DAMAGE_ITEMS)[number];
export type DamageChoice = DamageItem | 'other';
export const isDamageChoice = (value: string): value is DamageChoice =>
  value === 'other' || (DAMAGE_ITEMS as readonly string[]).includes(value);

/**
 * The price list every sample company uses today, VAT included (a repair is charged at what it costs
 * the company). Each company keeps its own once companies are records (issue 21): `damagePrices` is
 * the one place that reads it.
 */
export const DAMAGE_PRICES: Record<DamageItem, Fils> = {
  scratch: aed(350),
  dent: aed(650),
  windscreenChip: aed(250),
  windscreenCrack: aed(1200),
  mirror: aed(800),
  tyre: aed(450),
  rim: aed(550),
  interiorStain: aed(200),
  smoking: aed(500),
  lostKey: aed(1500),
};

/** An amount the agent may type for damage that is not on the list: up to AED 50,000. */
export const DAMAGE_AMOUNT_MAX = aed(50_000);

/**
 * A late return: 30 minutes of grace, then each started hour at a quarter of a day's rent, never more
 * than a day's rent for the first day; beyond a day late, each started day at a day's rent. VAT on top.
 */
export const LATE_RETURN = { graceMs: 30 * 60 * 1000, hourShareOfDay: 0.25 } as const;
const HOUR_MS = 60 * 60 * 1000;

/** The late-return line for a car back at `at`, due at `dueAt`; null when it is on time (or within the grace). */
export function lateDeduction(dailyRate: Fils, dueAt: number, at: number): Deduction | null {
  const late = at - dueAt;
  if (late <= LATE_RETURN.graceMs) return null;
  const perHour = Math.round(dailyRate * LATE_RETURN.hourShareOfDay);
  const hours = Math.ceil(late / HOUR_MS);
  const byHour = hours * perHour;
  const basis =
    late <= DAY_MS && byHour <= dailyRate
      ? { unit: 'hour' as const, count: hours, price: perHour }
      : { unit: 'day' as const, count: Math.ceil(late / DAY_MS), price: dailyRate };
  const net = basis.count * basis.price;
  const vat = vatOf(net);
  return { kind: 'late', amount: net + vat, adminFee: 0, basis: { ...basis, vat } };
}

/** The fuel short of the level handed over, in litres (one decimal) at the pump price; null when none is short. */
export function fuelShortfall(
  handedOver: keyof typeof FUEL_FRACTION,
  returned: keyof typeof FUEL_FRACTION,
  tankLitres: number,
): Deduction | null {
  const litres = Math.round((FUEL_FRACTION[handedOver] - FUEL_FRACTION[returned]) * tankLitres * 10) / 10;
  if (litres <= 0) return null;
  return {
    kind: 'fuel',
    amount: Math.round(litres * FUEL_PRICE_PER_LITRE),
    adminFee: 0,
    basis: { unit: 'litre', count: litres, price: FUEL_PRICE_PER_LITRE, vat: 0 },
  };
}

/** One damage line: the list's price for an item, or the amount typed (in dirhams) for `other`. */
export function damageLine(item: DamageChoice, amount: string, note: string, photos: string[] = []): Deduction {
  const price = item === 'other' ? parseAmount(amount) ?? 0 : DAMAGE_PRICES[item];
  return { kind: 'damage', amount: price, adminFee: 0, damage: { item, note: note.trim(), ...(photos.length > 0 ? { photos } : {}) } };
}

/** Dirhams as typed ("1,250.50"; Arabic-Indic digits and separators "١٬٢٥٠٫٥" too) in fils; null when it is not an amount. */
export function parseAmount(text: string): Fils | null {
  const t = latinDigits(text).trim().replace(/[,\s\u066C]/g, '').replace('\u066B', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/**
 * An early return: each whole day left before the car was due is given back at the rental's own day
 * price (its cost less any discount, per day) with its VAT. A started day counts as used; fees (a
 * one-way fee) are not given back.
 */
export const EARLY_RETURN = { refundsWholeUnusedDays: true } as const;
export function unusedDays(
  price: { days: number; cost: Fils; discount?: Fils },
  dueAt: number,
  at: number,
): { days: number; amount: Fils } {
  const days = Math.max(0, Math.floor((dueAt - at) / DAY_MS));
  if (days === 0) return { days: 0, amount: 0 };
  const perDay = Math.floor((price.cost - (price.discount ?? 0)) / price.days);
  return { days, amount: priceRental(perDay, days).total };
}

/** Lines the counter adds at return (the ones a renter may dispute); fines and Salik come otherwise. */
export const isReturnLine = (d: Deduction) => d.kind === 'fuel' || d.kind === 'damage' || d.kind === 'late';

/** What the renter says is wrong with a line, or the manager's reason for a decision. */
export const checkReason = (text: string) => (text.trim() === '' ? 'required' : text.length > 500 ? 'tooLong' : null);

/**
 * The check-in's lines, priced: the fuel short of the level handed over, each damage line, a late
 * return. The machine records these; the counter's form shows the same before it is sent.
 */
export function checkinLines(car: Car, handedOver: FuelLevel, dueAt: number, form: CheckinInput, at: number): Deduction[] {
  const returned = form.fuel as FuelLevel;
  return [
    FUEL_FRACTION[returned] === undefined ? null : fuelShortfall(handedOver, returned, car.tankLitres),
    ...form.damage.map((d) => damageLine(isDamageChoice(d.item) ? d.item : 'other', d.amount, d.note, d.photos)),
    lateDeduction(car.dailyRate, dueAt, at),
  ].filter((d) => d !== null);
}
