// Which cars are free, and claiming one. A booking holds its car from payment until it is cancelled
// (bookings.holds_car, mirrored into car_holds by the database); the exclusion constraint on car_holds
// lets no two such bookings of one car, nor a booking and the car's maintenance, overlap. So a payment or a change of dates first claims the car (a row update the constraint can
// refuse), then charges: of two renters paying for the last car, the second is told it was just
// taken before any money moves.
import { and, asc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tripProblems, type Trip } from '../../machines/booking';
import { defaultBooking, dueBackAt } from '../../machines/journey-rules';
import type { CarId } from '../../machines/fleet';
import type { JourneySnapshot } from '../../machines/journey';
import type { Db, Tx } from '../db/open';
import { bookings, carHolds } from '../db/schema';
import type { BookingRow } from './bookings';
import { homePlace, servesVisits, visitsOf } from '../branches/store';

/**
 * What a booking holds: paid and not cancelled, the car is its own from the booked pickup (or the
 * handover, when that was earlier: inside PICKUP_WINDOW_MS) to the booked return (extensions
 * included). Saved in the step's transaction, so an early handover over another booking's time is
 * refused by the exclusion constraint. A late return changes when the car was the renter's
 * (bookings.period_*, for fines), not what was booked.
 */
export function holdOf(snapshot: JourneySnapshot, sample = false) {
  const c = snapshot.context;
  return {
    // Paid, or while the renter is on the provider's page (for the session's time, then released).
    holdsCar: !sample && (c.payment !== null || c.paymentSession !== null) && c.cancellation === null,
    // From the booked pickup, or earlier from when the counter started the handover inside its window.
    heldFrom: new Date(Math.min(c.booking.pickupAt, c.checkout?.at ?? Infinity, c.pickedUpAt ?? Infinity)),
    // Until due back, or from the check-in of an early return: the car is bookable again at once.
    heldUntil: new Date(Math.min(dueBackAt(c), c.returnedAt ?? Infinity)),
  };
}

export interface Period {
  start: Date;
  end: Date;
}

/** Cars some booking (other than `except`) holds, or maintenance blocks, for part of the period. */
export async function takenCars(db: Db | Tx, period: Period, except?: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ carId: carHolds.carId })
    .from(carHolds)
    .where(
      and(
        lt(carHolds.heldFrom, period.end),
        gt(carHolds.heldUntil, period.start),
        except ? or(isNull(carHolds.bookingId), ne(carHolds.bookingId, except)) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.carId));
}

const other = alias(bookings, 'other');
/**
 * Another booking's renter had the car of `bookings` at `at` (a timestamp): picked up by then and not checked in
 * by then (or not yet). A hold ends when the car is due back, but a car comes back when it comes
 * back: until the counter checks it in, it cannot go to the next renter, whatever their booking says.
 * A visitor's sample rental (DEMO=1) is no rental: it holds no car, and keeps none away.
 */
const awayAt = (at: SQL) =>
  and(
    eq(other.carId, bookings.carId),
    ne(other.id, bookings.id),
    eq(other.sample, false),
    sql`${other.pickedUpAt} <= ${at}`,
    sql`(${other.returnedAt} is null or ${other.returnedAt} > ${at})`,
  );
/** SQL, in a query of bookings: the booking's car was with another renter at `at` (awayAt). */
export const carAwayAtSql = (at: SQL) =>
  sql`exists (select 1 from ${bookings} as ${sql.identifier('other')} where ${awayAt(at)})`;

/** The booking's car, with another renter at `at` (awayAt): that rental's number and when it was due back, or null. */
export async function carAwayAt(db: Db | Tx, bookingId: string, at: Date) {
  const [away] = await db
    .select({ number: other.number, dueBackAt: other.heldUntil })
    .from(bookings)
    .innerJoin(other, awayAt(sql`${at.toISOString()}::timestamptz`))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return away ? { number: away.number, dueBackAt: away.dueBackAt!.getTime() } : null;
}

export const isFree = async (db: Db | Tx, carId: CarId, period: Period, except?: string) =>
  !(await takenCars(db, period, except)).has(carId);

/** PostgreSQL's exclusion_violation, from PGlite or node-postgres, as drizzle passes it on. */
export { isOverlap } from '../db/errors';

/**
 * Claims `carId` for `period` on this booking (as stored at `row.version`), in the caller's
 * transaction: another booking holding it for part of that time fails it with an exclusion violation
 * (`isOverlap`). Nothing else of the row changes; `releaseClaim` undoes it.
 */
export async function claimCar(tx: Tx, row: BookingRow, carId: CarId, period: Period) {
  await tx
    .update(bookings)
    .set({ holdsCar: true, carId, heldFrom: period.start, heldUntil: period.end })
    .where(and(eq(bookings.id, row.id), eq(bookings.version, row.version)));
}

/**
 * Keeps what the booking holds now, in the step's transaction, before a money step's claim moves it
 * (new dates, say): while the gateway answers, nobody can take the old time, so a step that does not
 * go through (declined, or undone by the reconciler) can always put the booking back on it. Once per
 * step: the reconciler's replay of it finds the first one. Ended with the step's intent (`dropKeptHold`).
 */
export async function keepHold(tx: Tx, row: BookingRow, key: string) {
  await tx.execute(sql`
    insert into ${carHolds} (car_id, booking_id, held_from, held_until, kept_for)
    select car_id, booking_id, held_from, held_until, ${key} from ${carHolds}
    where booking_id = ${row.id} and kept_for is null
    on conflict (kept_for) do nothing`);
}

/** Lets the old hold go: the step it was kept for ended (saved, refused, or undone). */
export async function dropKeptHold(tx: Tx, key: string) {
  await tx.delete(carHolds).where(eq(carHolds.keptFor, key));
}

/** Puts back what the row held before a claim whose step did not go through. */
export async function releaseClaim(db: Db | Tx, row: BookingRow) {
  await db
    .update(bookings)
    .set({ holdsCar: row.holdsCar, carId: row.carId, heldFrom: row.heldFrom, heldUntil: row.heldUntil })
    .where(and(eq(bookings.id, row.id), eq(bookings.version, row.version)));
}


/**
 * The trip of a booking opened before the renter chose one (registered straight away, say): the
 * default rental of `carId`, moved to the first time the car is free for all of it.
 */
export async function freeDefaultTrip(db: Db | Tx, carId: CarId, now: Date): Promise<Trip> {
  const fallback = defaultBooking(now.getTime());
  const { pickupAt, dropoffAt } = fallback;
  // From the car's own branch: the default trip's airport may not be one of its company's places.
  const home = await homePlace(db, carId);
  const [pickupLocation, dropoffLocation] = home ? [home, home] : [fallback.pickupLocation, fallback.dropoffLocation];
  const length = dropoffAt - pickupAt;
  const held = await db
    .select({ start: carHolds.heldFrom, end: carHolds.heldUntil })
    .from(carHolds)
    .where(and(eq(carHolds.carId, carId), gt(carHolds.heldUntil, new Date(pickupAt))))
    .orderBy(asc(carHolds.heldFrom));
  let start = pickupAt;
  for (const h of held) {
    if (h.start.getTime() >= start + length) break;
    start = Math.max(start, h.end.getTime());
  }
  return { pickupLocation, dropoffLocation, pickupAt: start, dropoffAt: start + length };
}

/** `trip` for `carId` when it can be booked now (the trip's rules, the car free, its branches open); otherwise null. */
export async function bookableTrip(db: Db | Tx, carId: CarId, trip: Trip, now: Date): Promise<Trip | null> {
  if (Object.keys(tripProblems(trip, now.getTime())).length > 0) return null;
  const free = await isFree(db, carId, { start: new Date(trip.pickupAt), end: new Date(trip.dropoffAt) });
  return free && (await servesVisits(db, carId, visitsOf(trip))) ? trip : null;
}
