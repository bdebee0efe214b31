// Emergency's reports. The renter's report is attached to their rental that is out, so its company's
// managers see it at once (live, and as a notification); with no rental out it is e-mailed to Move
// car's support desk (support.ts). Photos of the scene are uploaded first and attached by the report that names them. The company acknowledges it and closes it with a note; each change reaches the renter live,
// in their language.
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Car } from '../../machines/fleet';
import { emergencyProblems } from '../../machines/validation';
import type { AppEnv } from '../deps';
import type { Db, Tx } from '../db/open';
import { bookings, incidentPhotos, incidents, users } from '../db/schema';
import { keepPhoto, PHOTO_BODY_MAX, photoForm, photoResponse } from '../documents/photos';
import { HANDOVER_PHOTOS_MAX } from '../../machines/validation';
import { requireRole } from '../auth/middleware';
import { jsonOnly, limitBody } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { bookedCar } from '../journey/bookings';
import { managersOf } from '../companies/managers';
import { queueMail } from '../mail/queue';
import { supportIncidentMail } from './support';

type IncidentRow = typeof incidents.$inferSelect;
export type IncidentStatus = IncidentRow['status'];

/** Photos one report takes (and a renter may have waiting for their next report). */
export const INCIDENT_PHOTOS_MAX = HANDOVER_PHOTOS_MAX;
const reportBody = z
  .object({
    description: z.string().max(2000),
    location: z.string().max(100),
    more: z.string().max(2000),
    photos: z.array(z.uuid()).max(INCIDENT_PHOTOS_MAX).optional(),
  })
  .strict();
const statusBody = z
  .object({ status: z.enum(['acknowledged', 'closed']), note: z.string().max(500).optional() })
  .strict();

/** What each side sees of a report: the renter's own, the company's with who and which rental. */
function viewOf(row: IncidentRow, booking: { number: string; car: Car | null } | null, renter: string | null, photos: string[]) {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    note: row.note,
    description: row.description,
    location: row.location,
    more: row.more,
    bookingNumber: booking?.number ?? null,
    /** The rental's car, as booked. */
    car: booking?.car ? { model: booking.car.model, plate: booking.car.plate } : null,
    renter,
    /** The scene's photos (ids for GET /api/incidents/photos/:id), in the order taken. */
    photos,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}
export type IncidentView = ReturnType<typeof viewOf>;

/** The renter's rental that is out now (picked up, not handed back), the newest if several. */
async function rentalOut(db: Db | Tx, renterId: string) {
  const [row] = await db
    .select({ id: bookings.id, number: bookings.number, journey: bookings.journey })
    .from(bookings)
    .where(
      and(
        eq(bookings.renterId, renterId),
        isNotNull(bookings.pickedUpAt),
        isNull(bookings.returnedAt),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ? { id: row.id, number: row.number, car: bookedCar(row) } : null;
}

const newReference = () =>
  `ER-${randomInt(0, 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0')}`;

async function listFor(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ incident: incidents, number: bookings.number, journey: bookings.journey, renter: users.fullName })
    .from(incidents)
    .innerJoin(users, eq(users.id, incidents.renterId))
    .leftJoin(bookings, eq(bookings.id, incidents.bookingId))
    .where(where)
    .orderBy(desc(incidents.createdAt))
    .limit(50);
  const photos = await photosOf(db, rows.map((r) => r.incident.id));
  return rows.map((r) =>
    viewOf(r.incident, r.number ? { number: r.number, car: bookedCar({ journey: r.journey }) } : null, r.renter, photos.get(r.incident.id) ?? []),
  );
}

/** The photos of these incidents, by incident, in the order taken. */
async function photosOf(db: Db | Tx, ids: string[]) {
  const byIncident = new Map<string, string[]>();
  if (ids.length === 0) return byIncident;
  const rows = await db
    .select({ id: incidentPhotos.id, incidentId: incidentPhotos.incidentId })
    .from(incidentPhotos)
    .where(inArray(incidentPhotos.incidentId, ids))
    .orderBy(asc(incidentPhotos.createdAt));
  for (const row of rows) byIncident.set(row.incidentId!, [...(byIncident.get(row.incidentId!) ?? []), row.id]);
  return byIncident;
}

/** The renter's photos not yet attached to a report. */
const waitingPhotos = (db: Db | Tx, renterId: string) =>
  db
    .select({ id: incidentPhotos.id })
    .from(incidentPhotos)
    .where(and(eq(incidentPhotos.renterId, renterId), isNull(incidentPhotos.incidentId)));

export const incidentRoutes = new Hono<AppEnv>()
  // A photo of the scene, before the report that attaches it: the renter's, and no more than one report takes.
  .post('/photos', requireRole('renter'), limitBody(PHOTO_BODY_MAX), validate('form', photoForm), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    if ((await waitingPhotos(deps.db, user.id)).length >= INCIDENT_PHOTOS_MAX)
      return c.json({ error: 'invalid' as const, fields: { photo: 'tooManyPhotos' as const } }, 400);
    const photo = await keepPhoto(c, c.req.valid('form').photo);
    if (photo instanceof Response) return photo;
    const [row] = await deps.db
      .insert(incidentPhotos)
      // On the server's clock, which housekeeping measures the day from (not the database's).
      .values({ renterId: user.id, ...photo.kept, createdAt: deps.now() })
      .returning({ id: incidentPhotos.id });
    return c.json({ photo: { id: row!.id } }, 201);
  })
  // A photo of a report: the renter who took it, or a manager of the report's company. Nobody else.
  .get('/photos/:id', requireRole('renter', 'manager'), validate('param', z.object({ id: z.uuid() })), async (c) => {
    const user = c.var.user!;
    const deps = c.var.deps;
    const [found] = await deps.db
      .select({ photo: incidentPhotos, companyId: incidents.companyId })
      .from(incidentPhotos)
      .leftJoin(incidents, eq(incidents.id, incidentPhotos.incidentId))
      .where(eq(incidentPhotos.id, c.req.valid('param').id));
    const theirs =
      found && (user.role === 'renter' ? found.photo.renterId === user.id : found.companyId !== null && found.companyId === user.companyId);
    const bytes = theirs ? await deps.documents.get(found.photo.storageKey) : null;
    if (!found || !bytes) return c.json({ error: 'notFound' as const }, 404);
    return photoResponse(c, bytes, found.photo.contentType);
  })
  // The renter's own reports; the company's, for its managers.
  .get('/', requireRole('renter', 'manager'), async (c) => {
    const user = c.var.user!;
    const db = c.var.deps.db;
    const list =
      user.role === 'renter'
        ? (await listFor(db, eq(incidents.renterId, user.id))).map((i) => ({ ...i, renter: null }))
        : await listFor(db, eq(incidents.companyId, user.companyId ?? ''));
    return c.json({ incidents: list });
  })
  .post('/', requireRole('renter'), jsonOnly, validate('json', reportBody), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    const body = c.req.valid('json');
    // The same rules as the form: a description, and a location that is coordinates when given.
    const problems = emergencyProblems({
      description: body.description,
      gps: body.location,
      more: body.more,
    });
    if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const now = deps.now();
    // Only the renter's own photos, not yet in another report.
    const photos = [...new Set(body.photos ?? [])];
    const waiting = new Set((await waitingPhotos(deps.db, user.id)).map((p) => p.id));
    if (!photos.every((id) => waiting.has(id))) return c.json({ error: 'invalid' as const, fields: { photos: 'invalid' as const } }, 400);
    const created = await deps.db.transaction(async (tx) => {
      const rental = await rentalOut(tx, user.id);
      const company = rental?.car?.company ?? null;
      const [row] = await tx
        .insert(incidents)
        .values({
          reference: newReference(),
          renterId: user.id,
          bookingId: rental?.id ?? null,
          companyId: company,
          description: body.description.trim(),
          location: body.location.trim(),
          more: body.more.trim(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (photos.length > 0)
        await tx
          .update(incidentPhotos)
          .set({ incidentId: row!.id })
          .where(and(inArray(incidentPhotos.id, photos), eq(incidentPhotos.renterId, user.id), isNull(incidentPhotos.incidentId)));
      const managers = company ? await managersOf(tx, company) : [];
      if (!company) {
        const [renter] = await tx.select().from(users).where(eq(users.id, user.id));
        const report = { ...row!, photos: photos.length };
        await queueMail(tx, { to: deps.config.mail.support, ...supportIncidentMail(report, renter!) }, now);
      }
      const model = rental?.car?.model ?? '';
      for (const manager of managers)
        await notify(
          tx,
          now,
          manager,
          'incidentReported',
          { reference: row!.reference, number: rental!.number, model },
          'contracts',
        );
      await pushTo(tx, [user.id, ...managers], 'incidents', row!.id);
      return viewOf(row!, rental, null, photos);
    });
    return c.json({ incident: created }, 201);
  })
  // The company moves its report on: acknowledged, then closed with a note. Never back.
  .post(
    '/:id/status',
    requireRole('manager'),
    jsonOnly,
    validate('param', z.object({ id: z.uuid() })),
    validate('json', statusBody),
    async (c) => {
      const deps = c.var.deps;
      const user = c.var.user!;
      const { status, note } = c.req.valid('json');
      if (status === 'closed' && !note?.trim())
        return c.json({ error: 'invalid' as const, fields: { note: 'required' as const } }, 400);
      const now = deps.now();
      const result = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(incidents)
          .where(
            and(eq(incidents.id, c.req.valid('param').id), eq(incidents.companyId, user.companyId ?? '')),
          )
          .for('update');
        if (!row) return { error: 'notFound' as const };
        if (row.status === 'closed' || row.status === status) return { error: 'closed' as const, row };
        const [saved] = await tx
          .update(incidents)
          .set({ status, note: status === 'closed' ? note!.trim() : row.note, updatedAt: now })
          .where(eq(incidents.id, row.id))
          .returning();
        await notify(
          tx,
          now,
          row.renterId,
          'incidentUpdated',
          { reference: row.reference, status },
          'emergencyAssistance',
        );
        await pushTo(
          tx,
          [row.renterId, ...(await managersOf(tx, user.companyId ?? ''))],
          'incidents',
          row.id,
        );
        return { saved: saved! };
      });
      if ('saved' in result && result.saved)
        return c.json({ incident: viewOf(result.saved, null, null, (await photosOf(deps.db, [result.saved.id])).get(result.saved.id) ?? []) });
      if (result.error === 'notFound') return c.json({ error: 'notFound' as const }, 404);
      return c.json({ error: 'closed' as const, status: result.row!.status }, 409);
    },
  );
