// Emergency's reports. The renter's report is attached to their rental that is out, so its company's
// managers see it at once (live, and as a notification); with no rental out it goes to Move car's
// support. The company acknowledges it and closes it with a note; each change reaches the renter live,
// in their language.
import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { carOf, isCarId } from '../../machines/fleet';
import { emergencyProblems } from '../../machines/validation';
import type { AppEnv } from '../deps';
import type { Db, Tx } from '../db/open';
import { bookings, incidents, users } from '../db/schema';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { managersOf } from '../manager/contracts';

type IncidentRow = typeof incidents.$inferSelect;
export type IncidentStatus = IncidentRow['status'];

const reportBody = z
  .object({ description: z.string().max(2000), location: z.string().max(100), more: z.string().max(2000) })
  .strict();
const statusBody = z
  .object({ status: z.enum(['acknowledged', 'closed']), note: z.string().max(500).optional() })
  .strict();

/** What each side sees of a report: the renter's own, the company's with who and which rental. */
function viewOf(row: IncidentRow, booking: { number: string; carId: string } | null, renter: string | null) {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    note: row.note,
    description: row.description,
    location: row.location,
    more: row.more,
    bookingNumber: booking?.number ?? null,
    carId: booking && isCarId(booking.carId) ? booking.carId : null,
    renter,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}
export type IncidentView = ReturnType<typeof viewOf>;

/** The renter's rental that is out now (picked up, not handed back), the newest if several. */
async function rentalOut(db: Db | Tx, renterId: string) {
  const [row] = await db
    .select({ id: bookings.id, number: bookings.number, carId: bookings.carId })
    .from(bookings)
    .where(
      and(
        eq(bookings.renterId, renterId),
        sql`${bookings.journey} #> '{snapshot,context,pickedUpAt}' <> 'null'::jsonb`,
        sql`${bookings.journey} #> '{snapshot,context,returnedAt}' = 'null'::jsonb`,
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

const newReference = () =>
  `ER-${randomInt(0, 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0')}`;

async function listFor(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ incident: incidents, number: bookings.number, carId: bookings.carId, renter: users.fullName })
    .from(incidents)
    .innerJoin(users, eq(users.id, incidents.renterId))
    .leftJoin(bookings, eq(bookings.id, incidents.bookingId))
    .where(where)
    .orderBy(desc(incidents.createdAt))
    .limit(50);
  return rows.map((r) =>
    viewOf(r.incident, r.number && r.carId ? { number: r.number, carId: r.carId } : null, r.renter),
  );
}

export const incidentRoutes = new Hono<AppEnv>()
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
    const created = await deps.db.transaction(async (tx) => {
      const rental = await rentalOut(tx, user.id);
      const company = rental && isCarId(rental.carId) ? carOf(rental.carId).company : null;
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
      const managers = company ? await managersOf(tx, company) : [];
      const model = rental && isCarId(rental.carId) ? carOf(rental.carId).model : '';
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
      return viewOf(row!, rental, null);
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
      if ('saved' in result && result.saved) return c.json({ incident: viewOf(result.saved, null, null) });
      if (result.error === 'notFound') return c.json({ error: 'notFound' as const }, 404);
      return c.json({ error: 'closed' as const, status: result.row!.status }, 409);
    },
  );
