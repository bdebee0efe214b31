// What fills the agreement's words for one booking: its facts and the rules the app charges by, one
// list for the contract screen (src/screens/rental-contract/Agreement.tsx) and the printed agreement
// (server/agreements). How a date or an amount is written is the caller's (each side has its own).
import { INSURANCE_EXCESS_BY_CATEGORY } from '../machines/fleet';
import { lateCancellationFee, NO_SHOW_AFTER_MS, REFUND_RELEASE_DAYS, type JourneyContext } from '../machines/journey-rules';
import { FINE_ADMIN_PERCENT, FUEL_PRICE_PER_LITRE, SALIK_ADMIN_FEE, type Fils } from '../machines/money';
import { LATE_RETURN } from '../machines/returns';
import { LOCATION_NAMES } from './places';

export interface AgreementWriting {
  lang: 'en' | 'ar';
  /** The car's company, by name. */
  company: string;
  date: (ms: number) => string;
  money: (fils: Fils) => string;
}

export function agreementValues(context: JourneyContext, { lang, company, date, money }: AgreementWriting) {
  const { booking, renter } = context;
  const { car } = booking;
  return {
    company,
    renter: renter?.fullName ?? '',
    car: car.model,
    plate: car.plate,
    from: date(booking.pickupAt),
    to: date(booking.dropoffAt),
    pickup: LOCATION_NAMES[booking.pickupLocation][lang],
    dropoff: LOCATION_NAMES[booking.dropoffLocation][lang],
    dailyRate: money(car.dailyRate),
    deposit: money(car.deposit),
    releaseDays: REFUND_RELEASE_DAYS,
    fuelPrice: money(FUEL_PRICE_PER_LITRE),
    excess: money(INSURANCE_EXCESS_BY_CATEGORY[car.category]),
    fineFee: FINE_ADMIN_PERCENT,
    salikFee: money(SALIK_ADMIN_FEE),
    lateFee: money(lateCancellationFee(booking)),
    noShowHours: NO_SHOW_AFTER_MS / 3_600_000,
    grace: LATE_RETURN.graceMs / 60_000,
  };
}

/** The company's own clauses, numbered after the standard agreement's `standard` clauses: `12. …`. */
export const numberedClauses = (clauses: readonly string[], standard: number) => clauses.map((text, i) => `${standard + i + 1}. ${text}`);

/** `{key}` in `text` replaced by its value (a key without one is left as it is). */
export const fillAgreement = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
