// The counter's side of a pickup and a return. A company's agent (or manager) sees the company's
// pickups due today and its cars out; at pickup the renter's identity with the documents on file, and the
// car's condition recorded with photos, which the renter confirms on their phone (or flags a
// difference); at return the car checked in with photos and priced lines, which the renter accepts
// or disputes, and the manager decides a dispute. The renter's journey decides every step: the
// agent's records are its `handover.record` and `handover.checkin` events, through applyStep.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { DAY_MS } from '../../machines/money';
import { latinDigits } from '../../machines/text';
import {
  bookingPaid,
  bookingPrice,
  bookingStatus,
  checkinOpen,
  COMPANY_CANCEL_REASONS,
  dueBackAt,
  handedOverKm,
  NO_SHOW_AFTER_MS,
  noShowAt,
  openDisputes,
  pickupOpensAt,
} from '../../machines/journey-rules';
import { restoreJourney } from '../../machines/persistence';
import { checkinProblems, checkoutProblems, CHECKIN_DAMAGE_MAX, HANDOVER_PHOTOS_MAX, kmOf } from '../../machines/validation';
import { checkReason, isReturnLine } from '../../machines/returns';
import type { JourneyEvent, JourneySnapshot } from '../../machines/journey';
import type { AppEnv, Deps } from '../deps';
import type { Db, Tx } from '../db/open';
import { bookings, documents, handoverPhotos, users } from '../db/schema';
import { requireRole } from '../auth/middleware';
import type { User } from '../auth/sessions';
import { jsonOnly, limitBody } from '../http/security';
import { validate, version } from '../http/validate';
import { keepPhoto, PHOTO_BODY_MAX, photoForm, photoResponse } from '../documents/photos';
import { notify } from '../notifications/store';
import { applyStep } from '../journey/service';
import { carAwayAt } from '../journey/availability';
import type { BookingRow } from '../journey/bookings';
import { carCameBack, companyCarIds } from '../cars/store';
import { placesOf, reachesHandover } from '../branches/store';
import { RECORD_KEY } from '../../machines/recordKey';
import { chargesOf, refundsOpen } from '../../machines/refunds';
import { refundCharge } from '../payments/refunds';

const byNumber = z.object({ number: z.string().regex(RECORD_KEY) });
const field = (max: number) => z.string().max(max);
const checkoutBody = z
  .object({
    version: version(),
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

const checkinBody = z
  .object({
    version: version(),
    checkin: z
      .object({
        odometer: field(20),
        fuel: field(8),
        damage: z
          .array(z.object({ item: field(40), amount: field(20), note: field(1000), photos: z.array(z.uuid()).max(HANDOVER_PHOTOS_MAX + 1).optional() }).strict())
          .max(CHECKIN_DAMAGE_MAX + 1),
        photos: z.array(z.uuid()).max(HANDOVER_PHOTOS_MAX + 1),
      })
      .strict(),
  })
  .strict();
const refundBody = z.object({ charge: field(40), amount: field(20), reason: field(1000), version: version() }).strict();
const cancelBody = z.object({ reason: z.enum(COMPANY_CANCEL_REASONS), version: version() }).strict();
const decisionBody = z
  .object({
    version: version(),
    line: z.number().int().nonnegative().max(100),
    outcome: z.enum(['upheld', 'waived']),
    note: field(1000).refine((note) => checkReason(note) === null),
  })
  .strict();

/** The renter's own booking, by its number, while its car is out or being checked in (not yet settled). */
async function ownReturn(db: Db, user: User, number: string) {
  const [row] = await db.select().from(bookings).where(and(eq(bookings.number, number), eq(bookings.renterId, user.id)));
  const c = row && restoreJourney(row.journey).snapshot?.context;
  return row && c && c.pickedUpAt !== null && c.refund === null ? row : null;
}

/**
 * One of the company's bookings, by its number, whose handover is at one of the person's places (an
 * agent's branches); null for any other (another company's, another branch's, a number nobody has).
 */
async function companyBooking(db: Db, user: User, number: string) {
  const cars = await companyCarIds(db, user.companyId ?? '');
  if (cars.length === 0) return null;
  const [row] = await db.select().from(bookings).where(and(eq(bookings.number, number), inArray(bookings.carId, cars)));
  const snapshot = row && restoreJourney(row.journey).snapshot;
  const places = snapshot ? await placesOf(db, user) : null;
  if (snapshot && !reachesHandover(places, snapshot.context)) return null;
  return row && snapshot ? { row, snapshot } : null;
}

/** Where the handover is, as the counter's list says it: a pickup's states, then a return's. */
export type HandoverState =
  | 'early'
  | 'open'
  | 'recorded'
  | 'flagged'
  | 'out'
  | 'checkedIn'
  | 'disputed'
  | 'settled'
  | 'cancelled';
function stateOf(c: JourneySnapshot['context'], now: number): HandoverState {
  const status = bookingStatus(c);
  if (status === 'cancelled') return 'cancelled';
  if (c.refund) return 'settled';
  if (openDisputes(c).length > 0) return 'disputed';
  if (c.checkin) return 'checkedIn';
  if (status !== 'upcoming') return 'out';
  if (c.checkout) return c.checkout.flag ? 'flagged' : 'recorded';
  return now < pickupOpensAt(c) ? 'early' : 'open';
}

export type HandoverSummary = ReturnType<typeof summaryOf>;
export type HandoverView = Awaited<ReturnType<typeof detailOf>>;

/** A booking as the counter's list (and the company's day) shows it. */
export function summaryOf(row: { number: string }, c: JourneySnapshot['context'], renter: string, now: number) {
  return {
    number: row.number,
    renter,
    carId: c.booking.carId,
    /** The car as booked: model, plate, tank. */
    car: c.booking.car,
    pickupAt: c.booking.pickupAt,
    pickupLocation: c.booking.pickupLocation,
    dueBackAt: dueBackAt(c),
    dropoffLocation: c.booking.dropoffLocation,
    /** Whether the counter hands this car over or takes it back. */
    kind: c.pickedUpAt === null ? ('pickup' as const) : ('return' as const),
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
  // The renter's own photos at return: their side of the evidence.
  const renterPhotos = await renterReturnPhotos(deps.db, row);
  const now = deps.now();
  return {
    ...summaryOf(row, c, renter?.fullName ?? '', now.getTime()),
    bookingId: row.id,
    version: row.version,
    renter: {
      fullName: renter?.fullName ?? '',
      fullNameAr: renter?.fullNameAr ?? null,
      phone: renter?.phone ?? '',
      emiratesId: renter?.emiratesId ?? null,
      /** The last valid days the renter gave (or the counter last read): checked against the cards shown. */
      emiratesIdExpiry: renter?.emiratesIdExpiry ?? null,
      licenceExpiry: renter?.licenceExpiry ?? null,
      verified: renter?.verified ?? false,
    },
    documents: docs,
    dueBackAt: dueBackAt(c),
    opensAt: pickupOpensAt(c),
    noShowAt: noShowAt(c),
    carKm: c.booking.car.odometerKm,
    checkout: c.checkout,
    pickedUpAt: c.pickedUpAt,
    /** The odometer as handed over: the check-in cannot read less. */
    handedOverKm: handedOverKm(c),
    /** What the card was charged for the booking: all of it goes back if the company cancels. */
    paid: bookingPaid(c),
    /** The booking's price, for the counter to show an early return's unused days before it checks in. */
    price: bookingPrice(c.booking),
    checkin: c.checkin,
    /** The check-in's lines, each with its place among the deductions (what a dispute and a decision name). */
    lines: c.deductions.flatMap((d, line) => (isReturnLine(d) ? [{ ...d, line }] : [])),
    renterPhotos,
    settledAt: c.refund?.settledAt ?? null,
    /** Whether the counter may check the car in now: the journey's own rule (checkinOpen), not a copy of it. */
    canCheckIn: checkinOpen(c, now.getTime()),
    /** The charges on the renter's card, with what the company may still refund of each (none before the rental's own money is done). */
    charges: refundsOpen(c) ? chargesOf(c) : [],
    companyRefunds: c.companyRefunds,
    /** Before the handover: the car still out with its last rental (not checked in), that rental's number and when it was due back. */
    carNotBack: c.pickedUpAt === null ? await carAwayAt(deps.db, row.id, now) : null,
  };
}

async function renterReturnPhotos(db: Db, row: BookingRow) {
  const rows = await db
    .select({ id: handoverPhotos.id })
    .from(handoverPhotos)
    .where(and(eq(handoverPhotos.bookingId, row.id), eq(handoverPhotos.stage, 'return'), eq(handoverPhotos.takenBy, row.renterId)))
    .orderBy(asc(handoverPhotos.createdAt));
  return rows.map((r) => r.id);
}

/** Stores one photo of a handover (keepPhoto): its id, or the answer that refuses it. */
async function storePhoto(c: Context<AppEnv>, file: File, bookingId: string, stage: 'pickup' | 'return', takenBy: string) {
  const photo = await keepPhoto(c, file);
  if (photo instanceof Response) return photo;
  const [row] = await c.var.deps.db
    .insert(handoverPhotos)
    .values({ bookingId, stage, takenBy, ...photo.kept })
    .returning({ id: handoverPhotos.id });
  return { id: row!.id };
}

/** Whether every id is a photo the company took for this booking at `stage`. */
async function ownPhotos(db: Db, row: BookingRow, stage: 'pickup' | 'return', ids: string[]) {
  if (ids.length === 0) return true;
  const own = await db
    .select({ id: handoverPhotos.id })
    .from(handoverPhotos)
    .where(and(eq(handoverPhotos.bookingId, row.id), eq(handoverPhotos.stage, stage), ne(handoverPhotos.takenBy, row.renterId), inArray(handoverPhotos.id, ids)));
  return own.length === ids.length;
}

/**
 * A step of the counter's (record, check-in, decision) in the renter's journey, answered as the
 * counter sees it: the handover as it is now, with the journey's refusal when there is one.
 */
async function counterStep(
  c: Context<AppEnv>,
  found: { row: BookingRow },
  event: JourneyEvent,
  version: number,
  alongside?: (tx: Tx) => Promise<void>,
) {
  const deps = c.var.deps;
  const user = c.var.user!;
  const { row } = found;
  const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
  if (!renter) return c.json({ error: 'notFound' as const }, 404);
  const result = await applyStep(deps, renter, row, event, version, alongside);
  const now = await companyBooking(deps.db, user, row.number);
  const handover = now ? await detailOf(deps, now.row, now.snapshot) : null;
  if (result.status === 200) return c.json({ handover });
  const body = result.body as Record<string, unknown>;
  // Not the renter's journey itself: the counter sees the handover.
  const answer = { error: body['error'], ...(body['fields'] ? { fields: body['fields'] } : {}), ...(body['due'] ? { due: body['due'] } : {}) };
  return c.json({ ...answer, handover }, result.status);
}

export const handoverRoutes = new Hono<AppEnv>()
  // A handover's photo: the renter whose booking it is, or the company's people who may open its
  // handover (an agent at the branch it is at). Nobody else.
  .get('/photos/:id', requireRole('renter', 'agent', 'manager'), validate('param', z.object({ id: z.uuid() })), async (c) => {
    const user = c.var.user!;
    const deps = c.var.deps;
    const [found] = await deps.db
      .select({ photo: handoverPhotos, renterId: bookings.renterId, journey: bookings.journey })
      .from(handoverPhotos)
      .innerJoin(bookings, eq(bookings.id, handoverPhotos.bookingId))
      .where(eq(handoverPhotos.id, c.req.valid('param').id));
    const snapshot = found && user.role !== 'renter' ? restoreJourney(found.journey).snapshot : null;
    const theirs =
      found &&
      (user.role === 'renter'
        ? found.renterId === user.id
        : snapshot?.context.booking.car.company === user.companyId && reachesHandover(await placesOf(deps.db, user), snapshot.context));
    const bytes = theirs ? await deps.documents.get(found.photo.storageKey) : null;
    if (!found || !bytes) return c.json({ error: 'notFound' as const }, 404);
    return photoResponse(c, bytes, found.photo.contentType);
  })
  // The renter's own photos of the car as they bring it back, kept as their side of the evidence.
  .get('/mine/:number/photos', requireRole('renter'), validate('param', byNumber), async (c) => {
    const row = await ownReturn(c.var.deps.db, c.var.user!, c.req.valid('param').number);
    if (!row) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ photos: await renterReturnPhotos(c.var.deps.db, row) });
  })
  .post('/mine/:number/photos', requireRole('renter'), limitBody(PHOTO_BODY_MAX), validate('param', byNumber), validate('form', photoForm), async (c) => {
    const deps = c.var.deps;
    const row = await ownReturn(deps.db, c.var.user!, c.req.valid('param').number);
    if (!row) return c.json({ error: 'notFound' as const }, 404);
    if ((await renterReturnPhotos(deps.db, row)).length >= HANDOVER_PHOTOS_MAX)
      return c.json({ error: 'invalid' as const, fields: { photo: 'tooManyPhotos' as const } }, 400);
    const stored = await storePhoto(c, c.req.valid('form').photo, row.id, 'return', row.renterId);
    if (stored instanceof Response) return stored;
    return c.json({ photo: { id: stored.id } }, 201);
  })
  .use(requireRole('agent', 'manager'))
  // Today's pickups of the company's cars (from the no-show mark back to a day ahead, and any recorded
  // but not confirmed) and every car out or checked in but not settled, soonest first.
  .get('/', async (c) => {
    const deps = c.var.deps;
    const cars = await companyCarIds(deps.db, c.var.user!.companyId ?? '');
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
          isNull(bookings.settledAt),
          or(
            and(
              isNull(bookings.pickedUpAt),
              or(
                and(gte(bookings.heldFrom, new Date(now - NO_SHOW_AFTER_MS)), lte(bookings.heldFrom, new Date(now + DAY_MS))),
                isNotNull(bookings.checkedOutAt),
              ),
            ),
            // Every car out: a renter may bring it back days early.
            isNotNull(bookings.pickedUpAt),
          ),
        ),
      )
      .orderBy(asc(sql`case when ${bookings.pickedUpAt} is null then ${bookings.heldFrom} else ${bookings.heldUntil} end`))
      .limit(200);
    // An agent sees the handovers at their branches only.
    const places = await placesOf(deps.db, c.var.user!);
    return c.json({
      handovers: rows.flatMap(({ booking, renter }) => {
        const snapshot = restoreJourney(booking.journey).snapshot;
        if (!snapshot || !reachesHandover(places, snapshot.context)) return [];
        return [summaryOf(booking, snapshot.context, renter, now)];
      }),
    });
  })
  .get('/:number', validate('param', byNumber), async (c) => {
    const found = await companyBooking(c.var.deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ handover: await detailOf(c.var.deps, found.row, found.snapshot) });
  })
  // A photo of the car for the booking's handover, taken on the agent's phone (compressed there first):
  // the pickup's until the renter has confirmed it, the return's after.
  .post('/:number/photos', limitBody(PHOTO_BODY_MAX), validate('param', byNumber), validate('form', photoForm), async (c) => {
    const deps = c.var.deps;
    const found = await companyBooking(deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const stage = found.snapshot.context.pickedUpAt === null ? 'pickup' : 'return';
    const stored = await storePhoto(c, c.req.valid('form').photo, found.row.id, stage, c.var.user!.id);
    if (stored instanceof Response) return stored;
    return c.json({ photo: { id: stored.id } }, 201);
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
    if (!(await ownPhotos(deps.db, row, 'pickup', photos))) return c.json({ error: 'invalid' as const, fields: { photos: 'photosRequired' as const } }, 400);
    const at = deps.now();
    // The rules the machine guards with, said by field (an expired licence, no photo, the identity unchecked).
    const problems = checkoutProblems({ ...checkout, photos }, found.snapshot.context.booking.car.odometerKm, at.getTime());
    if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const event = { type: 'handover.record', checkout: { ...checkout, photos }, agent: user.fullName, at: at.getTime() } as const;
    const first = found.snapshot.context.checkout === null;
    return counterStep(c, found, event, version, async (tx) => {
      const { model } = found.snapshot.context.booking.car;
      if (first) await notify(tx, at, row.renterId, 'handoverRecorded', { number: row.number, model }, 'carPickup');
      // The licence as read off the card now is the account's from here on (a renewed one, or one UAE PASS did not give).
      await tx.update(users).set({ licenceExpiry: latinDigits(checkout.licenceExpiry).trim() }).where(eq(users.id, row.renterId));
    });
  })
  // The car back: odometer, fuel, damage lines, photos. The journey prices the lines and decides (machines/journey/return.ts).
  .post('/:number/checkin', jsonOnly, validate('param', byNumber), validate('json', checkinBody), async (c) => {
    const deps = c.var.deps;
    const found = await companyBooking(deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const { checkin, version } = c.req.valid('json');
    const photos = [...new Set(checkin.photos)];
    if (!(await ownPhotos(deps.db, found.row, 'return', photos))) return c.json({ error: 'invalid' as const, fields: { photos: 'photosRequired' as const } }, 400);
    const problems = checkinProblems({ ...checkin, photos }, handedOverKm(found.snapshot.context));
    if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const event = { type: 'handover.checkin', checkin: { ...checkin, photos }, agent: c.var.user!.fullName, at: deps.now().getTime() } as const;
    // The car's record reads what it came back with: the next renter's pickup cannot record less.
    return counterStep(c, found, event, version, (tx) => carCameBack(tx, found.row.carId, kmOf(checkin.odometer)));
  })
  // A line the renter disputed, upheld or waived with the reason: the company's manager's to decide.
  .post('/:number/decide', requireRole('manager'), jsonOnly, validate('param', byNumber), validate('json', decisionBody), async (c) => {
    const deps = c.var.deps;
    const found = await companyBooking(deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const { line, outcome, note, version } = c.req.valid('json');
    const event = { type: 'return.decide', line, outcome, note, by: c.var.user!.fullName, at: deps.now().getTime() } as const;
    return counterStep(c, found, event, version);
  })
  // Part of a charge given back by the company, with the reason the renter reads (./payments/refunds.ts decides and keeps it once).
  .post('/:number/refund', requireRole('manager'), jsonOnly, validate('param', byNumber), validate('json', refundBody), async (c) => {
    const deps = c.var.deps;
    const found = await companyBooking(deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const { version, ...input } = c.req.valid('json');
    const answer = await refundCharge(deps, c.var.user!, found.row, input, version);
    const now = await companyBooking(deps.db, c.var.user!, found.row.number);
    const handover = now ? await detailOf(deps, now.row, now.snapshot) : null;
    if (answer.status === 200) return c.json({ handover });
    return c.json({ ...answer.body, handover }, answer.status);
  })
  // The company cannot hand the car over (not back from its last rental, or out of service): a manager
  // cancels the booking before the handover, and the renter keeps nothing from it but a full refund.
  .post('/:number/cancel', requireRole('manager'), jsonOnly, validate('param', byNumber), validate('json', cancelBody), async (c) => {
    const deps = c.var.deps;
    const found = await companyBooking(deps.db, c.var.user!, c.req.valid('param').number);
    if (!found) return c.json({ error: 'notFound' as const }, 404);
    const { reason, version } = c.req.valid('json');
    const now = deps.now();
    const event = { type: 'booking.companyCancel', reason, at: now.getTime() } as const;
    // Everything paid goes back, by the machine's own rule; the step's save tells the renter why.
    return counterStep(c, found, event, version);
  });
