// Where and when a renter books, and what it costs before they choose: the rules the search screen
// checks as the renter types and the server applies when it searches, books or changes a booking.
import { EMIRATE_OF, isLocationId, type Car, type LocationId } from './fleet';
import { aed, DAY_MS, priceRental, rentalDays, type Fils, type RentalPrice } from './money';
import type { Problem } from './validation';

/** A pickup at least this far ahead: the branch needs time to prepare the car. */
export const MIN_LEAD_MS = 2 * 60 * 60 * 1000;
/** A rental of one day at least, 30 days at most (longer is a monthly lease, not sold here). */
export const MAX_RENTAL_DAYS = 30;
/** How far ahead a booking may start. */
export const MAX_ADVANCE_DAYS = 365;
/** Returning the car in another emirate than it was picked up in: a one-way fee, shown as its own line. */
export const ONE_WAY_FEE: Fils = aed(250);

/** Where and when: what the search asks, what a booking keeps. Times are epoch milliseconds. */
export interface Trip {
  pickupLocation: LocationId;
  dropoffLocation: LocationId;
  pickupAt: number;
  dropoffAt: number;
}

export type TripField = keyof Trip;
export type TripProblem = Extract<Problem, 'required' | 'tooSoon' | 'tooFar' | 'beforePickup' | 'tooShort' | 'rentalTooLong'>;

/** What is wrong with a trip, by field (codes worded in the catalogs' `problems`); empty when it can be booked at `now`. */
export function tripProblems(
  trip: Partial<Record<TripField, unknown>> | undefined,
  now: number,
): Partial<Record<TripField, TripProblem>> {
  trip ??= {};
  const problems: Partial<Record<TripField, TripProblem>> = {};
  if (!isLocationId(trip.pickupLocation)) problems.pickupLocation = 'required';
  if (!isLocationId(trip.dropoffLocation)) problems.dropoffLocation = 'required';
  const pickupAt = Number.isSafeInteger(trip.pickupAt) ? (trip.pickupAt as number) : null;
  const dropoffAt = Number.isSafeInteger(trip.dropoffAt) ? (trip.dropoffAt as number) : null;
  if (pickupAt === null) problems.pickupAt = 'required';
  else if (pickupAt < now + MIN_LEAD_MS) problems.pickupAt = 'tooSoon';
  else if (pickupAt > now + MAX_ADVANCE_DAYS * DAY_MS) problems.pickupAt = 'tooFar';
  if (dropoffAt === null) problems.dropoffAt = 'required';
  else if (pickupAt !== null) {
    if (dropoffAt <= pickupAt) problems.dropoffAt = 'beforePickup';
    else if (dropoffAt - pickupAt < DAY_MS) problems.dropoffAt = 'tooShort';
    else if (dropoffAt - pickupAt > MAX_RENTAL_DAYS * DAY_MS) problems.dropoffAt = 'rentalTooLong';
  }
  return problems;
}

export const oneWayFee = (trip: Pick<Trip, 'pickupLocation' | 'dropoffLocation'>): Fils =>
  EMIRATE_OF[trip.pickupLocation] === EMIRATE_OF[trip.dropoffLocation] ? 0 : ONE_WAY_FEE;

/** The rental's price for a car and trip: daily rate × days, the one-way fee as a fee, VAT on both. */
export function tripPrice(car: Pick<Car, 'dailyRate'>, trip: Trip): RentalPrice {
  return priceRental(car.dailyRate, rentalDays(new Date(trip.pickupAt), new Date(trip.dropoffAt)), oneWayFee(trip));
}

/** One car offered for a trip: the car, and every figure the renter sees before choosing it. */
export function carOffer(car: Car, trip: Trip) {
  return {
    carId: car.id,
    /** The car as offered (model, company, rate, deposit): a booking of it starts with these facts, the server's own record's. */
    car,
    price: tripPrice(car, trip),
    oneWayFee: oneWayFee(trip),
  };
}
export type CarOffer = ReturnType<typeof carOffer>;

/** These cars offered for a trip, cheapest first (the server knows which are free). */
export const offersFor = (trip: Trip, cars: readonly Car[]): CarOffer[] =>
  cars.map((car) => carOffer(car, trip)).sort((a, b) => a.price.total - b.price.total);

// ---- Asia/Dubai wall-clock times, as the native date and time inputs give them ----

/** Dubai keeps UTC+4 all year. */
export const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

/** `2026-12-01T10:00` read as Dubai time, to epoch ms; null when it is not such a value. */
export function fromDubaiInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi) - DUBAI_OFFSET_MS;
  // Date.UTC rolls 31 February over into March: such a value is refused, not moved.
  return toDubaiInput(ms) === value ? ms : null;
}

/** Epoch ms as a Dubai wall-clock value for `<input type="datetime-local">`. */
export function toDubaiInput(ms: number): string {
  return new Date(ms + DUBAI_OFFSET_MS).toISOString().slice(0, 16);
}

/** The default search: pickup tomorrow at 10:00 Dubai time, back three days later, at Dubai airport. */
export function defaultTrip(now: number): Trip {
  const tomorrow = new Date(now + DUBAI_OFFSET_MS + DAY_MS);
  const pickupAt = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 10) - DUBAI_OFFSET_MS;
  return { pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 3 * DAY_MS };
}
