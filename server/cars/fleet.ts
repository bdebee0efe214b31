// A company's cars as its admin keeps them: add a car, change its rate, deposit, odometer or status.
// Saved over a version (two admins editing one car: the second gets 409 with the car as it is now).
// A booking copies its car's facts when it is made, so a new rate applies to bookings made after it
// and a booking already made keeps its price. Always the admin's own company's cars: another's is 404.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { amountText, checkCar, plateKey, plateParts, type CarValues } from '../../machines/cars';
import { CAR_STATUSES } from '../../machines/fleet';
import { CAR_ID } from '../../machines/journey-rules';
import type { Db, Tx } from '../db/open';
import { bookings, cars } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { isUniqueViolation } from '../db/errors';

const text = z.string().max(200);
const carBody = z
  .object({
    emirate: text,
    code: text,
    number: text,
    model: text,
    category: text,
    dailyRate: text,
    deposit: text,
    odometerKm: text,
    tankLitres: text,
  })
  .strict();
const editBody = carBody.extend({ status: z.enum(CAR_STATUSES), version: z.number().int().positive() }).strict();
const byId = z.object({ id: z.string().regex(CAR_ID) });

type CarRow = typeof cars.$inferSelect;

/** What the admin's screens show and edit: the car as kept, its plate's parts and figures as the form types them. */
export const fleetView = (row: CarRow) => ({
  id: row.id,
  version: row.version,
  status: row.status,
  plate: row.plate,
  ...plateParts(row.plate),
  model: row.model,
  category: row.category,
  picture: row.picture,
  dailyRate: amountText(row.dailyRate),
  deposit: amountText(row.deposit),
  odometerKm: String(row.odometerKm),
  tankLitres: String(row.tankLitres),
});
export type FleetCar = ReturnType<typeof fleetView>;

const recordOf = (values: CarValues) => ({ ...values, plateKey: plateKey(values.plate) });

/** A short id readers can type in a URL: the model's words and a random tail (`toyota-camry-7f3k`). */
const newCarId = (model: string) =>
  `${model
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)}-${randomBytes(3).toString('hex')}`.replace(/^-/, 'car-');

async function companyCar(db: Db | Tx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(cars)
    .where(and(eq(cars.id, id), eq(cars.companyId, companyId)));
  return row ?? null;
}

/**
 * The paid bookings that still need this car (not yet back, not cancelled): taking it out of service
 * would leave each without a car, so the admin is told which.
 */
async function bookingsNeeding(db: Db | Tx, carId: string, now: Date) {
  const rows = await db
    .select({ number: bookings.number, from: bookings.heldFrom, until: bookings.heldUntil })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), eq(bookings.holdsCar, true), gt(bookings.heldUntil, now)))
    .orderBy(asc(bookings.heldFrom));
  return rows.map((r) => ({ number: r.number, from: r.from!.getTime(), until: r.until!.getTime() }));
}

export const fleetRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(cars)
      .where(eq(cars.companyId, c.var.user!.companyId!))
      .orderBy(asc(cars.model), asc(cars.plate));
    return c.json({ cars: rows.map(fleetView) });
  })
  .get('/:id', validate('param', byId), async (c) => {
    const row = await companyCar(c.var.deps.db, c.var.user!.companyId!, c.req.valid('param').id);
    if (!row) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ car: fleetView(row), bookings: await bookingsNeeding(c.var.deps.db, row.id, c.var.deps.now()) });
  })
  .post('/', jsonOnly, validate('json', carBody), async (c) => {
    const { problems, values } = checkCar(c.req.valid('json'));
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    try {
      const [row] = await c.var.deps.db
        .insert(cars)
        .values({ id: newCarId(values.model), companyId: c.var.user!.companyId!, ...recordOf(values) })
        .returning();
      return c.json({ car: fleetView(row!) }, 201);
    } catch (error) {
      // A plate is one car in the whole country, whichever company has it.
      if (isUniqueViolation(error)) return c.json({ error: 'invalid' as const, fields: { number: 'plateTaken' as const } }, 400);
      throw error;
    }
  })
  .put('/:id', jsonOnly, validate('param', byId), validate('json', editBody), async (c) => {
    const { db, now } = c.var.deps;
    const { status, version, ...input } = c.req.valid('json');
    const { problems, values } = checkCar(input);
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const companyId = c.var.user!.companyId!;
    const id = c.req.valid('param').id;
    try {
      const outcome = await db.transaction(async (tx) => {
        const current = await companyCar(tx, companyId, id);
        if (!current) return { status: 'notFound' as const };
        if (current.version !== version) return { status: 'conflict' as const, car: current };
        // Out of service over a paid booking would leave its renter without a car: refused, with which.
        const needing = status === 'available' ? [] : await bookingsNeeding(tx, id, now());
        if (needing.length > 0) return { status: 'bookings' as const, bookings: needing };
        const [saved] = await tx
          .update(cars)
          .set({ ...recordOf(values), status, version: version + 1 })
          .where(and(eq(cars.id, id), eq(cars.version, version)))
          .returning();
        return saved ? { status: 'saved' as const, car: saved } : { status: 'conflict' as const, car: (await companyCar(tx, companyId, id))! };
      });
      if (outcome.status === 'notFound') return c.json({ error: 'notFound' as const }, 404);
      if (outcome.status === 'conflict') return c.json({ error: 'conflict' as const, car: fleetView(outcome.car) }, 409);
      if (outcome.status === 'bookings') return c.json({ error: 'bookings' as const, bookings: outcome.bookings }, 409);
      return c.json({ car: fleetView(outcome.car) }, 200);
    } catch (error) {
      if (isUniqueViolation(error)) return c.json({ error: 'invalid' as const, fields: { number: 'plateTaken' as const } }, 400);
      throw error;
    }
  });

