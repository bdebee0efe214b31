// A company's cars as its admin keeps them: add a car, change its rate, deposit, odometer or status.
// Saved over a version (two admins editing one car: the second gets 409 with the car as it is now).
// A booking copies its car's facts when it is made, so a new rate applies to bookings made after it
// and a booking already made keeps its price. Always the admin's own company's cars: another's is 404.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { amountText, CAR_PHOTOS_MAX, checkBlock, checkCar, plateKey, plateParts, type CarInput, type CarValues, type SpecsInput } from '../../machines/cars';
import { CAR_STATUSES, type CarSpecs } from '../../machines/fleet';
import { CAR_ID, canMoveTo } from '../../machines/journey-rules';
import { restoreJourney } from '../../machines/persistence';
import type { Db, Tx } from '../db/open';
import { bookings, carHolds, cars, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly, limitBody } from '../http/security';
import { overPictureAllowance } from '../auth/usage';
import { upload, validate, version, versionText } from '../http/validate';
import { CAR_PHOTO, IMAGE_BODY_MAX, imageView, keepImage } from '../images/images';
import { isOverlap, isUniqueViolation } from '../db/errors';
import { takenCars } from '../journey/availability';
import { applyStep } from '../journey/service';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { bookableCars, carOfRow } from './store';
import { ownBranches } from '../branches/store';

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
    homeBranch: text,
    year: text.optional(),
    seats: text.optional(),
    transmission: text.optional(),
    fuel: text.optional(),
    engineEn: text.optional(),
    engineAr: text.optional(),
    horsepower: text.optional(),
    topSpeedKmh: text.optional(),
  })
  .strict();
const editBody = carBody.extend({ status: z.enum(CAR_STATUSES), version: version() }).strict();
const byId = z.object({ id: z.string().regex(CAR_ID) });
const blockBody = z.object({ from: text, until: text, note: z.string().max(1000) }).strict();
const byBlock = byId.extend({ blockId: z.uuid() });
const byBooking = byId.extend({ number: z.string().max(40) });
const moveBody = z.object({ to: z.string().regex(CAR_ID) }).strict();
const versionQuery = versionText();
const photoForm = z.object({ photo: upload, version: versionQuery });
const byPhoto = byId.extend({ n: z.coerce.number().int().nonnegative().max(CAR_PHOTOS_MAX) });

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
  /** Its branch's id; empty for a car from before branches were records, until its admin chooses one. */
  homeBranch: row.homeBranchId ?? '',
  /** Its technical facts as the form types them (empty where the admin gave none). */
  ...specsText(row.specs),
  /** Its photos as the screens draw them, in order: the first is the one renters see. */
  photos: row.photos.map((sizes) => imageView(sizes)!),
});
export type FleetCar = ReturnType<typeof fleetView>;

const numberText = (n: number | undefined) => (n === undefined ? '' : String(n));
const specsText = (specs: CarSpecs) => ({
  year: numberText(specs.year),
  seats: numberText(specs.seats),
  transmission: specs.transmission ?? '',
  fuel: specs.fuel ?? '',
  engineEn: specs.engine?.en ?? '',
  engineAr: specs.engine?.ar ?? '',
  horsepower: numberText(specs.horsepower),
  topSpeedKmh: numberText(specs.topSpeedKmh),
});

const recordOf = (values: CarValues) => ({ ...values, plateKey: plateKey(values.plate) });

/** The machine's check of a car as typed, and the server's own: its branch is one of the company's. */
async function checkCarOf(db: Db, companyId: string, input: CarInput & SpecsInput): Promise<ReturnType<typeof checkCar>> {
  const checked = checkCar(input);
  if (!checked.values) return checked;
  const branch = checked.values.homeBranchId;
  // Not an id at all is not asked of the database (PostgreSQL refuses a malformed uuid).
  const own = z.uuid().safeParse(branch).success && (await ownBranches(db, companyId, [branch])).length === 1;
  return own ? checked : { problems: { homeBranch: 'required' }, values: null };
}

/** A short id readers can type in a URL: the model's words and a random tail (`toyota-camry-7f3k`). */
const newCarId = (model: string) =>
  `${model
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)}-${randomBytes(3).toString('hex')}`.replace(/^-/, 'car-');

/**
 * One of the company's cars, or null. In a transaction that changes it, `lock` holds the row until the
 * end, so a payment claiming the car (server/cars/store.ts `lockBookable`) waits for the change, and
 * the change sees a claim that was first.
 */
async function companyCar(db: Db | Tx, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(cars)
    .where(and(eq(cars.id, id), eq(cars.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The paid bookings that still need this car (not yet back, not cancelled): taking it out of service
 * would leave each without a car, so the admin is told which.
 */
async function bookingsNeeding(db: Db | Tx, carId: string, period: { start: Date; end?: Date }) {
  return (await heldBy(db, carId, period)).map(({ number, from, until }) => ({ number, from, until }));
}

async function heldBy(db: Db | Tx, carId: string, period: { start: Date; end?: Date }) {
  const rows = await db
    .select({ id: bookings.id, number: bookings.number, from: bookings.heldFrom, until: bookings.heldUntil })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, carId),
        eq(bookings.holdsCar, true),
        gt(bookings.heldUntil, period.start),
        period.end ? lt(bookings.heldFrom, period.end) : undefined,
      ),
    )
    .orderBy(asc(bookings.heldFrom));
  return rows.map((r) => ({ id: r.id, number: r.number, from: r.from!.getTime(), until: r.until!.getTime() }));
}

/**
 * The paid bookings that still need the car, each with the company's cars it could move to: as good
 * or better (canMoveTo), available, and free for all of that booking's time.
 */
async function bookingsToMove(db: Db | Tx, row: CarRow, now: Date) {
  const from = carOfRow(row);
  const candidates = (await bookableCars(db, undefined, row.companyId)).filter((car) => canMoveTo(from, car));
  return Promise.all(
    (await heldBy(db, row.id, { start: now })).map(async ({ id, ...booking }) => {
      const taken = await takenCars(db, { start: new Date(booking.from), end: new Date(booking.until) }, id);
      const free = candidates.filter((car) => !taken.has(car.id));
      return { ...booking, moveTo: free.map(({ id, model, plate, category }) => ({ id, model, plate, category })) };
    }),
  );
}

/** The car's maintenance blocks that are not over (or those over part of `period`), soonest first. */
async function blocksOf(db: Db | Tx, carId: string, period: { start: Date; end?: Date }) {
  const rows = await db
    .select()
    .from(carHolds)
    .where(
      and(
        eq(carHolds.carId, carId),
        isNull(carHolds.bookingId),
        gt(carHolds.heldUntil, period.start),
        period.end ? lt(carHolds.heldFrom, period.end) : undefined,
      ),
    )
    .orderBy(asc(carHolds.heldFrom));
  return rows.map((r) => ({ id: r.id, from: r.heldFrom.getTime(), until: r.heldUntil.getTime(), note: r.note }));
}
export type Block = Awaited<ReturnType<typeof blocksOf>>[number];
/** A paid booking that still needs a car, with the cars it could move to. */
export type CarBooking = Awaited<ReturnType<typeof bookingsToMove>>[number];

/** What the car's page shows beside the form: the paid bookings that still need it and its blocks to come. */
async function carPage(db: Db | Tx, row: CarRow, now: Date) {
  return { car: fleetView(row), bookings: await bookingsToMove(db, row, now), blocks: await blocksOf(db, row.id, { start: now }) };
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
    return c.json(await carPage(c.var.deps.db, row, c.var.deps.now()));
  })
  .post('/', jsonOnly, validate('json', carBody), async (c) => {
    const { problems, values } = await checkCarOf(c.var.deps.db, c.var.user!.companyId!, c.req.valid('json'));
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
    const companyId = c.var.user!.companyId!;
    const { problems, values } = await checkCarOf(db, companyId, input);
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const id = c.req.valid('param').id;
    try {
      const outcome = await db.transaction(async (tx) => {
        const current = await companyCar(tx, companyId, id, true);
        if (!current) return { status: 'notFound' as const };
        if (current.version !== version) return { status: 'conflict' as const, car: current };
        // Out of service over a paid booking would leave its renter without a car: refused, with which.
        const needing = status === 'available' ? [] : await bookingsNeeding(tx, id, { start: now() });
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
  })
  // A car's maintenance blocks: a period it is out of search, planned ahead. A block is a row beside
  // the bookings' holds (car_holds), under the same exclusion constraint: over a paid booking, or over
  // another block, the database refuses it and the admin is told which bookings and blocks are in the way.
  .post('/:id/blocks', jsonOnly, validate('param', byId), validate('json', blockBody), async (c) => {
    const { db, now } = c.var.deps;
    const { problems, values } = checkBlock(c.req.valid('json'), now().getTime());
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const period = { start: new Date(values.from), end: new Date(values.until) };
    const car = await companyCar(db, c.var.user!.companyId!, c.req.valid('param').id);
    if (!car) return c.json({ error: 'notFound' as const }, 404);
    try {
      await db.insert(carHolds).values({ carId: car.id, heldFrom: period.start, heldUntil: period.end, note: values.note, createdBy: c.var.user!.id });
    } catch (error) {
      if (!isOverlap(error)) throw error;
      const [inTheWay, blocks] = [await bookingsNeeding(db, car.id, period), await blocksOf(db, car.id, period)];
      return c.json({ error: 'held' as const, bookings: inTheWay, blocks }, 409);
    }
    return c.json(await carPage(db, car, now()), 201);
  })
  .delete('/:id/blocks/:blockId', validate('param', byBlock), async (c) => {
    const { db, now } = c.var.deps;
    const { id, blockId } = c.req.valid('param');
    const car = await companyCar(db, c.var.user!.companyId!, id);
    if (!car) return c.json({ error: 'notFound' as const }, 404);
    const [gone] = await db
      .delete(carHolds)
      .where(and(eq(carHolds.id, blockId), eq(carHolds.carId, car.id), isNull(carHolds.bookingId)))
      .returning({ id: carHolds.id });
    if (!gone) return c.json({ error: 'notFound' as const }, 404);
    return c.json(await carPage(db, car, now()), 200);
  })
  // A paid booking moved to another of the company's cars, as good or better, before the handover:
  // so the car it had can go out of service. The journey's machine decides (booking.moveCar); the new
  // car is claimed like a payment claims one, and the renter is told at once, in their language.
  .post('/:id/bookings/:number/move', jsonOnly, validate('param', byBooking), validate('json', moveBody), async (c) => {
    const deps = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const { id, number } = c.req.valid('param');
    const car = await companyCar(deps.db, companyId, id);
    if (!car) return c.json({ error: 'notFound' as const }, 404);
    const [row] = await deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.number, number), eq(bookings.carId, car.id), eq(bookings.holdsCar, true)));
    const booked = row && restoreJourney(row.journey).snapshot?.context.booking.car;
    if (!row || !booked) return c.json({ error: 'notFound' as const }, 404);
    const target = await companyCar(deps.db, companyId, c.req.valid('json').to);
    // Another company's car is no more a choice than a car that does not exist.
    if (!target || !canMoveTo(booked, carOfRow(target))) return c.json({ error: 'invalid' as const, fields: { to: 'notAsGood' as const } }, 400);
    const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
    const now = deps.now();
    const event = { type: 'booking.moveCar', to: carOfRow(target), at: now.getTime() } as const;
    const step = await applyStep(deps, renter!, row, event, row.version, async (tx) => {
      await pushTo(tx, [row.renterId], 'journey');
      await notify(tx, now, row.renterId, 'carMoved', { number: row.number, from: booked.model, model: target.model }, 'bookingDetails');
    });
    if (step.status === 200) return c.json(await carPage(deps.db, car, now), 200);
    // Held by another booking or a block for part of the time, or no longer offered.
    if (step.status === 409 && step.body.error === 'taken') return c.json({ error: 'taken' as const, ...(await carPage(deps.db, car, now)) }, 409);
    // Handed over, cancelled or changed since the page was loaded: the page as it is now.
    return c.json({ error: 'changed' as const, ...(await carPage(deps.db, car, now)) }, 409);
  })
  // The car's photos, resized on the server (server/images/images.ts), saved over the car's version
  // like its figures: the first is the one search, the booking and the pickup screen show.
  .post('/:id/photos', limitBody(IMAGE_BODY_MAX), validate('param', byId), validate('form', photoForm), async (c) => {
    const deps = c.var.deps;
    const { photo, version: from } = c.req.valid('form');
    const car = await companyCar(deps.db, c.var.user!.companyId!, c.req.valid('param').id);
    if (!car) return c.json({ error: 'notFound' as const }, 404);
    if (car.photos.length >= CAR_PHOTOS_MAX) return c.json({ error: 'invalid' as const, fields: { photo: 'photoLimit' as const } }, 400);
    const tooMany = await overPictureAllowance(c, photo.size);
    if (tooMany) return tooMany;
    const kept = await keepImage(deps, car.companyId, photo, CAR_PHOTO.widths, CAR_PHOTO.aspect);
    if ('problem' in kept) return c.json({ error: 'invalid' as const, fields: { photo: kept.problem } }, 400);
    if ('storageFull' in kept) return c.json({ error: 'storageFull' as const }, 507);
    return savePhotos(c, car, from, (photos) => (photos.length < CAR_PHOTOS_MAX ? [...photos, kept.sizes] : null));
  })
  .delete('/:id/photos/:n', validate('param', byPhoto), validate('query', z.object({ version: versionQuery })), async (c) => {
    const { id, n } = c.req.valid('param');
    const car = await companyCar(c.var.deps.db, c.var.user!.companyId!, id);
    if (!car || n >= car.photos.length) return c.json({ error: 'notFound' as const }, 404);
    return savePhotos(c, car, c.req.valid('query').version, (photos) => photos.filter((_, i) => i !== n));
  });

/**
 * Saves the car's photos as `change` makes them of the kept ones, over `version`; another admin's save
 * first is a conflict with the car as it is now (the admin sees its photos and tries again).
 */
async function savePhotos(c: Context<AppEnv>, car: CarRow, version: number, change: (photos: CarRow['photos']) => CarRow['photos'] | null) {
  const { db, now } = c.var.deps;
  const photos = car.version === version ? change(car.photos) : null;
  const [saved] = photos
    ? await db
        .update(cars)
        .set({ photos, version: version + 1 })
        .where(and(eq(cars.id, car.id), eq(cars.version, version)))
        .returning()
    : [];
  if (!saved) return c.json({ error: 'conflict' as const, ...(await carPage(db, (await companyCar(db, car.companyId, car.id))!, now())) }, 409);
  return c.json(await carPage(db, saved, now()), 200);
}
