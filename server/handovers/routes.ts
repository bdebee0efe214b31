// The counter's side of a pickup. A company's agent (or manager) sees the company's pickups due
// today, the renter's identity with the documents on file, photographs the car and records its
// condition; the renter confirms the same record on their phone, or flags a difference. The renter's
// journey decides every step: the agent's record is its `handover.record` event, through applyStep.
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { carsOf, carOf, isCarId } from '../../machines/fleet';
import { DAY_MS } from '../../machines/money';
import { bookingStatus, dueBackAt, NO_SHOW_AFTER_MS, noShowAt, pickupOpensAt } from '../../machines/journey-rules';
import { restoreJourney } from '../../machines/persistence';
import { checkoutProblems, HANDOVER_PHOTOS_MAX } from '../../machines/validation';
import type { JourneySnapshot } from '../../machines/journey';
import type { AppEnv, Deps } from '../deps';
import type { Db } from '../db/open';
import { bookings, documents, handoverPhotos, users } from '../db/schema';
import { requireRole } from '../auth/middleware';
import type { User } from '../auth/sessions';
import { jsonOnly, limitBody } from '../http/security';
import { upload, validate } from '../http/validate';
import { sha256, sniffType, UPLOAD_LIMIT } from '../documents/store';
import { notify } from '../notifications/store';
import { applyStep } from '../journey/service';
import type { BookingRow } from '../journey/bookings';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A photo's multipart body: the photo (compressed by the browser first) and its booking number. */
export const PHOTO_BODY_MAX = UPLOAD_LIMIT + 16 * 1024;

const photoForm = z.object({ photo: upload });
const byNumber = z.object({ number: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
const field = (max: number) => z.string().max(max);
const checkoutBody = z
  .object({
    version: z.number().int().positive(),
    checkout: z
      .object({
        odometer: field(20),
        fuel: field(8),
        damage: field(1000),
        licenceExpiry: field(20),
        identityChecked: z.boolean(),
        photos: z.array(z.uuid()).max(HANDOVER_PHOTOS_MAX + 1),
      })
      .strict(),
  })
  .strict();

/** One of the company's bookings, by its number; null for any other company's or a number nobody has. */
async function companyBooking(db: Db, user: User, number: string) {
  const cars = carsOf(user.companyId ?? '').map((car) => car.id);
  if (cars.length === 0) return null;
  const [row] = await db.select().from(bookings).where(and(eq(bookings.number, number), inArray(bookings.carId, cars)));
  const snapshot = row && restoreJourney(row.journey).snapshot;
  return row && snapshot ? { row, snapshot } : null;
}

/** Where the handover is, as the counter's list says it. */
export type HandoverState = 'early' | 'open' | 'recorded' | 'flagged' | 'out' | 'cancelled';
function stateOf(c: JourneySnapshot['context'], now: number): HandoverState {
  const status = bookingStatus(c);
  if (status === 'cancelled') return 'cancelled';
  if (status !== 'upcoming') return 'out';
  if (c.checkout) return c.checkout.flag ? 'flagged' : 'recorded';
  return now < pickupOpensAt(c) ? 'early' : 'open';
}

export type HandoverSummary = ReturnType<typeof summaryOf>;
export type HandoverView = Awaited<ReturnType<typeof detailOf>>;

function summaryOf(row: BookingRow, snapshot: JourneySnapshot, renter: string, now: number) {
  const c = snapshot.context;
  return {
    number: row.number,
    renter,
    carId: c.booking.carId,
    pickupAt: c.booking.pickupAt,
    pickupLocation: c.booking.pickupLocation,
    state: stateOf(c, now),
  };
}

async function detailOf(deps: Deps, row: BookingRow, snapshot: JourneySnapshot) {
  const c = snapshot.context;
  const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
  const docs = await deps.db
    .select({ id: documents.id, kind: documents.kind, contentType: documents.contentType })
    .from(documents)
    .where(eq(documents.userId, row.renterId));
  return {
    ...summaryOf(row, snapshot, renter?.fullName ?? '', deps.now().getTime()),
    bookingId: row.id,
    version: row.version,
    renter: {
      fullName: renter?.fullName ?? '',
      fullNameAr: renter?.fullNameAr ?? null,
      phone: renter?.phone ?? '',
      emiratesId: renter?.emiratesId ?? null,
      verified: renter?.verified ?? false,
    },
    documents: docs,
    dueBackAt: dueBackAt(c),
    opensAt: pickupOpensAt(c),
    noShowAt: noShowAt(c),
    carKm: carOf(c.booking.carId).odometerKm,
    checkout: c.checkout,
    pickedUpAt: c.pickedUpAt,
  };
}

export const handoverRoutes = new Hono<AppEnv>()
  // A handover's photo: the renter whose booking it is, or the company's people. Nobody else.
  .get('/photos/:id', requireRole('renter', 'agent', 'manager'), validate('param', z.object({ id: z.uuid() })), async (c) => {
    const user = c.var.user!;
    const deps = c.var.deps;
    const [found] = await deps.db
      .select({ photo: handoverPhotos, renterId: bookings.renterId, carId: bookings.carId })
      .from(handoverPhotos)
      .innerJoin(bookings, eq(bookings.id, handoverPhotos.bookingId))
      .where(eq(handoverPhotos.id, c.req.valid('param').id));
    const theirs =
      found &&
      (user.role === 'renter'
        ? found.renterId === user.id
        : isCarId(found.carId) && carOf(found.carId).company === user.companyId);
    const bytes = theirs ? await deps.documents.get(found.photo.storageKey) : null;
    if (!found || !bytes) return c.json({ error: 'notFound' as const }, 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': found.photo.contentType,
      // The bytes of an id never change: kept by the browser, never by a shared cache.
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
    });
  })
  .use(requireRole('agent', 'manager'))
  // Today's pickups of the company's cars: due from the no-show mark back to a day ahead, and any
  // the counter has recorded and the renter not yet confirmed.
  .get('/', async (c) => {
    const deps = c.var.deps;
    const cars = carsOf(c.var.user!.companyId ?? '').map((car) => car.id);
    const now = deps.now().getTime();
    if (cars.length === 0) return c.json({ handovers: [] });
    const rows = await deps.db
      .select({ booking: bookings, renter: users.fullName })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.renterId))
      .where(
        and(
          inArray(bookings.carId, cars),
          eq(bookings.holdsCar, true),
          sql`${bookings.journey} #> '{snapshot,context,pickedUpAt}' = 'null'::jsonb`,
          or(
            and(gte(bookings.heldFrom, new Date(now - NO_SHOW_AFTER_MS)), lte(bookings.heldFrom, new Date(now + DAY_MS))),
            sql`coalesce(${bookings.journey} #> '{snapshot,context,checkout}', 'null'::jsonb) <> 'null'::jsonb`,
          ),
        ),
      )
      .orderBy(asc(bookings.heldFrom))
      .limit(200);
    return c.json({
      handovers: rows.flatMap(({ booking, renter }) => {
        const snapshot = restoreJourney(booking.journey).snapshot;
        return snapshot ? [summaryOf(booking, snapshot, renter, now)] : [];
      }),
    });
  })
  .get('/:number', validate('param', byNumber), async (c) => {
    const found = await companyBooking(c.var.deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ handover: await detailOf(c.var.deps, found.row, found.snapshot) });
  })
  // A photo of the car for the booking's handover, taken on the agent's phone (compressed there first).
  .post('/:number/photos', limitBody(PHOTO_BODY_MAX), validate('param', byNumber), validate('form', photoForm), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    const found = await companyBooking(deps.db, user, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const file = c.req.valid('form').photo;
    if (file.size === 0) return c.json({ error: 'invalid' as const, fields: { photo: 'required' as const } }, 400);
    if (file.size > UPLOAD_LIMIT) return c.json({ error: 'invalid' as const, fields: { photo: 'fileSize' as const } }, 400);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!type || !PHOTO_TYPES.has(type)) return c.json({ error: 'invalid' as const, fields: { photo: 'fileType' as const } }, 400);
    if (!(await deps.documents.room(bytes.byteLength))) return c.json({ error: 'storageFull' as const }, 507);
    const storageKey = await deps.documents.put(bytes);
    const [photo] = await deps.db
      .insert(handoverPhotos)
      .values({ bookingId: found.row.id, stage: 'pickup', takenBy: user.id, contentType: type, size: bytes.byteLength, storageKey, sha256: sha256(bytes) })
      .returning({ id: handoverPhotos.id });
    return c.json({ photo: { id: photo!.id } }, 201);
  })
  // The agent's record of the car: the renter's journey decides it (machines/journey/pickup.ts).
  .post('/:number/checkout', jsonOnly, validate('param', byNumber), validate('json', checkoutBody), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    const found = await companyBooking(deps.db, user, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const { checkout, version } = c.req.valid('json');
    const { row } = found;
    // Only photos taken for this booking's pickup count as its evidence.
    const photos = [...new Set(checkout.photos)];
    if (photos.length > 0) {
      const own = await deps.db
        .select({ id: handoverPhotos.id })
        .from(handoverPhotos)
        .where(and(eq(handoverPhotos.bookingId, row.id), eq(handoverPhotos.stage, 'pickup'), inArray(handoverPhotos.id, photos)));
      if (own.length !== photos.length) return c.json({ error: 'invalid' as const, fields: { photos: 'photosRequired' as const } }, 400);
    }
    const at = deps.now();
    // The rules the machine guards with, said by field (an expired licence, no photo, the identity unchecked).
    const problems = checkoutProblems({ ...checkout, photos }, carOf(found.snapshot.context.booking.carId).odometerKm, at.getTime());
    if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
    if (!renter) return c.json({ error: 'notFound' as const }, 404);
    const event = { type: 'handover.record', checkout: { ...checkout, photos }, agent: user.fullName, at: at.getTime() } as const;
    const first = found.snapshot.context.checkout === null;
    const result = await applyStep(deps, renter, row, event, version, async (tx) => {
      const model = carOf(found.snapshot.context.booking.carId).model;
      if (first) await notify(tx, at, row.renterId, 'handoverRecorded', { number: row.number, model }, 'carPickup');
    });
    if (result.status !== 200) {
      // The journey's answer, as the counter sees it: the same handover, as it is now.
      const now = await companyBooking(deps.db, user, row.number);
      const handover = now ? await detailOf(deps, now.row, now.snapshot) : null;
      const body = result.body as Record<string, unknown>;
      // Not the renter's journey itself: the counter sees the handover.
      const answer = { error: body['error'], ...(body['fields'] ? { fields: body['fields'] } : {}), ...(body['due'] ? { due: body['due'] } : {}) };
      return c.json({ ...answer, handover }, result.status);
    }
    const saved = await companyBooking(deps.db, user, row.number);
    return c.json({ handover: await detailOf(deps, saved!.row, saved!.snapshot) });
  });
