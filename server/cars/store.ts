// The cars as the server keeps them: a company's records, read where a booking is made, priced,
// searched, handed over or fined. A booking copies the facts it needs when it is made (machines/fleet.ts
// `Car`), so what is read here is the car as it is now.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Trip } from '../../machines/booking';
import { plateKey } from '../../machines/cars';
import { type Car } from '../../machines/fleet';
import { defaultCar as placeholderCar } from '../../machines/journey-rules';
import type { JourneyEvent } from '../../machines/journey';
import type { Db, Tx } from '../db/open';
import { cars, companies } from '../db/schema';

type CarRow = typeof cars.$inferSelect;

export const carOfRow = (row: CarRow): Car => ({
  id: row.id,
  company: row.companyId,
  model: row.model,
  category: row.category,
  picture: row.picture,
  plate: row.plate,
  dailyRate: row.dailyRate,
  deposit: row.deposit,
  odometerKm: row.odometerKm,
  tankLitres: row.tankLitres,
  ...(row.photos[0] ? { photo: row.photos[0] } : {}),
  ...(Object.keys(row.specs).length > 0 ? { specs: row.specs } : {}),
});

/** The car's record as it is now, or null when there is no such car. */
export async function carById(db: Db | Tx, id: string): Promise<Car | null> {
  const [row] = await db.select().from(cars).where(eq(cars.id, id));
  return row ? carOfRow(row) : null;
}

/** Several cars by id (those that exist), keyed by id: for lists that name each booking's car. */
export async function carsById(db: Db | Tx, ids: readonly string[]): Promise<Map<string, Car>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(cars).where(inArray(cars.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, carOfRow(row)]));
}

/**
 * The cars renters can book (or the one car `id`, if it can be; or one company's): available, of a
 * company that is not suspended.
 */
export async function bookableCars(db: Db | Tx, id?: string, companyId?: string): Promise<Car[]> {
  const rows = await db
    .select({ car: cars })
    .from(cars)
    .innerJoin(companies, eq(companies.id, cars.companyId))
    .where(
      and(
        eq(cars.status, 'available'),
        isNull(companies.suspendedAt),
        id === undefined ? undefined : eq(cars.id, id),
        companyId === undefined ? undefined : eq(cars.companyId, companyId),
      ),
    );
  return rows.map((r) => carOfRow(r.car));
}

/**
 * In a step that claims the car (paying, changing dates, adding days): whether it can still be
 * booked, holding its row until the step's transaction ends, so an admin taking it out of service
 * (server/cars/fleet.ts, which locks the row to change it) either waits for the claim and sees it, or
 * goes first and the claim sees the car is no longer offered.
 */
export async function lockBookable(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: cars.id })
    .from(cars)
    .innerJoin(companies, eq(companies.id, cars.companyId))
    .where(and(eq(cars.id, id), eq(cars.status, 'available'), isNull(companies.suspendedAt)))
    .for('share', { of: cars });
  return rows.length > 0;
}

/**
 * The car a renter's first journey shows before they choose one (registered straight away, say): the
 * default car's record when it can be booked, else the cheapest that can, else the machine's placeholder.
 */
export async function defaultCar(db: Db | Tx): Promise<Car> {
  const cars = await bookableCars(db);
  const placeholder = placeholderCar();
  return cars.find((c) => c.id === placeholder.id) ?? cars.sort((a, b) => a.dailyRate - b.dailyRate)[0] ?? placeholder;
}

/** A company's own cars, whatever their status. */
export async function companyCars(db: Db | Tx, companyId: string): Promise<Car[]> {
  return (await db.select().from(cars).where(eq(cars.companyId, companyId))).map(carOfRow);
}

/** The ids of a company's cars, whatever their status: what its bookings are found by. */
export async function companyCarIds(db: Db | Tx, companyId: string): Promise<string[]> {
  return (await db.select({ id: cars.id }).from(cars).where(eq(cars.companyId, companyId))).map((r) => r.id);
}

/** The car with this plate (in any spelling the authorities use), if a company has it. */
export async function carByPlate(db: Db | Tx, plate: string): Promise<Car | null> {
  const [row] = await db.select().from(cars).where(eq(cars.plateKey, plateKey(plate)));
  return row ? carOfRow(row) : null;
}

/** A car checked in: its record's odometer reads the return's, never less than it did. */
export async function carCameBack(tx: Tx, id: string, odometerKm: number) {
  await tx
    .update(cars)
    .set({ odometerKm: sql`greatest(${cars.odometerKm}, ${odometerKm})` })
    .where(eq(cars.id, id));
}

/**
 * The machine's `booking.start` for the car a renter chose: the car's facts as its record says now,
 * which the booking then keeps. Null when there is no such car to book (unknown, in maintenance,
 * retired, or its company suspended).
 */
export async function startEvent(db: Db | Tx, carId: string, trip: Trip | undefined, at: number): Promise<StartEvent | null> {
  const car = (await bookableCars(db, carId))[0];
  return car ? { type: 'booking.start', car, ...(trip ? { trip } : {}), at } : null;
}
type StartEvent = Extract<JourneyEvent, { type: 'booking.start' }>;
