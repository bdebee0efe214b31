// The cars free for a whole trip, priced by the same rules the booking will be charged by
// (machines/booking.ts), cheapest first: the search's answer, and what the server renders Home's and
// Services' cars with (server/http/livePages.ts).
import { offersFor, type CarOffer, type Trip } from '../../machines/booking';
import type { CarCategory } from '../../machines/fleet';
import type { Db } from '../db/open';
import { takenCars } from '../journey/availability';
import { companiesServing, visitsOf } from '../branches/store';
import { bookableCars } from './store';

export async function freeCarOffers(db: Db, trip: Trip, filter: { category?: CarCategory; company?: string } = {}): Promise<CarOffer[]> {
  const taken = await takenCars(db, { start: new Date(trip.pickupAt), end: new Date(trip.dropoffAt) });
  // Cars in maintenance or retired, and a suspended company's, are not bookable at all; a company
  // whose branches are not open at the pickup and the return places then offers none.
  const serving = await companiesServing(db, visitsOf(trip));
  const cars = (await bookableCars(db)).filter(
    (car) =>
      serving.has(car.company) &&
      !taken.has(car.id) &&
      (!filter.category || car.category === filter.category) &&
      (!filter.company || car.company === filter.company),
  );
  return offersFor(trip, cars);
}
