// The offers a renter can redeem, each rule once: when it is valid, what it needs, and what it does to
// the price. The Offers screen says why one does not apply; the machine and the server apply the same.
import { CAR_CATEGORIES, type Car, type CarCategory } from './fleet';
import { DAY_MS, type Fils } from './money';

export const OFFER_IDS = ['winter', 'loyalty', 'partner', 'summer'] as const;
export type OfferId = (typeof OFFER_IDS)[number];
/** The offers that change a booking (partner perks is a code for the partner hotels). */
export type BookingOfferId = 'winter' | 'loyalty';

/** Midnight at the start of a Dubai calendar day (UTC+4), as epoch ms. */
const dubaiDay = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 4 * 60 * 60 * 1000;

export interface Offer {
  id: OfferId;
  /** Valid from the start of this day to the end of `until` (Dubai time). */
  from: number;
  until: number;
}

export const OFFERS: Record<OfferId, Offer> = {
  /** 20% off the rental cost of an SUV. */
  winter: { id: 'winter', from: dubaiDay(2026, 11, 1), until: dubaiDay(2027, 2, 28) + DAY_MS },
  /** For a renter with a finished rental: the next category's car at the booked car's price. */
  loyalty: { id: 'loyalty', from: dubaiDay(2026, 11, 1), until: dubaiDay(2027, 3, 31) + DAY_MS },
  /** 15% off at partner hotels: a code to show there. */
  partner: { id: 'partner', from: dubaiDay(2026, 11, 1), until: dubaiDay(2027, 1, 31) + DAY_MS },
  /** Convertible rates: not open yet. */
  summer: { id: 'summer', from: dubaiDay(2027, 6, 1), until: dubaiDay(2027, 8, 31) + DAY_MS },
};

export const WINTER_PERCENT = 20;
export const WINTER_CATEGORIES: readonly CarCategory[] = ['suv'];

/** Why an offer cannot be redeemed on a booking now; the catalogs word each. */
export type OfferProblem = 'notYet' | 'expired' | 'noBooking' | 'alreadyPaid' | 'alreadyApplied' | 'notSuv' | 'notLoyal' | 'noUpgrade';

/** What the offer needs to know of the booking and the renter. */
export interface OfferFacts {
  /** The booking it would apply to, if the renter has one still to pay for. */
  booking: { car: Pick<Car, 'category'>; offer?: BookingOfferId; paid: boolean } | null;
  /** How many of the renter's rentals are finished (loyalty). */
  completedRentals: number;
  /** The car of the next category the renter would get (loyalty), if one is free for the booking's dates. */
  upgradeTo: Car | null;
}

export function offerProblem(id: OfferId, facts: OfferFacts, at: number): OfferProblem | null {
  const offer = OFFERS[id];
  if (at < offer.from) return 'notYet';
  if (at >= offer.until) return 'expired';
  if (id === 'partner') return null;
  const { booking } = facts;
  if (!booking) return 'noBooking';
  if (booking.paid) return 'alreadyPaid';
  if (booking.offer) return 'alreadyApplied';
  if (id === 'winter' && !WINTER_CATEGORIES.includes(booking.car.category)) return 'notSuv';
  if (id === 'loyalty') {
    if (facts.completedRentals < 1) return 'notLoyal';
    if (!facts.upgradeTo) return 'noUpgrade';
  }
  return null;
}

/** The winter discount on a rental cost. */
export const winterDiscount = (cost: Fils): Fils => Math.round((cost * WINTER_PERCENT) / 100);

/** Of `cars`, those of the category above `car`'s, cheapest first (none above sports). */
export function upgradesFor(car: Pick<Car, 'category'>, cars: readonly Car[]): Car[] {
  const next = CAR_CATEGORIES[CAR_CATEGORIES.indexOf(car.category) + 1];
  return cars.filter((c) => next !== undefined && c.category === next).sort((a, b) => a.dailyRate - b.dailyRate);
}

/** The code a renter shows at a partner hotel: the same for them every time. */
export function partnerCode(renterKey: string): string {
  let hash = 2166136261;
  for (const ch of renterKey) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `MOVE-${hash.toString(36).toUpperCase().padStart(7, '0').slice(-7)}`;
}
