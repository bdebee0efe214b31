// Traffic violations over HTTP: the renter's fines and Salik crossings, and the steps on one fine.
// Renter and manager each send only their own events, on the fines they may see; the step itself is
// ./service.ts `stepViolation`.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { actsAs } from '../../machines/roles';
import { requireRole } from '../auth/middleware';
import { authorityRecords, bookings, violations } from '../db/schema';
import type { AppEnv } from '../deps';
import { jsonOnly } from '../http/security';
import { validate, version } from '../http/validate';
import { stepViolation } from './service';
import { cardChargeOf } from './afterRelease';
import { restoreViolation } from '../../machines/violation';
import { salikView, violationView, violationWithParties } from './store';

const text = z.string().max(1000);
const renterEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('violation.accept') }).strict(),
  z.object({ type: z.literal('violation.decline'), reason: text }).strict(),
  z.object({ type: z.literal('violation.payFromDeposit') }).strict(),
  // Charged to the card on file: no card number is ever sent to us.
  z.object({ type: z.literal('violation.payByCard') }).strict(),
  z.object({ type: z.literal('violation.dispute'), reason: text }).strict(),
]);
const managerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('violation.transfer') }).strict(),
  z.object({ type: z.literal('violation.resolve'), outcome: z.enum(['upheld', 'cancelled']) }).strict(),
]);
const eventBody = z.object({ event: z.union([renterEvent, managerEvent]), version: version() }).strict();
const MANAGER_EVENTS = new Set(['violation.transfer', 'violation.resolve']);

export const violationRoutes = new Hono<AppEnv>()
  // The renter's fines and Salik crossings, on every booking they have, newest first.
  .get('/', requireRole('renter'), async (c) => {
    const { db } = c.var.deps;
    const own = await db.select({ id: bookings.id, number: bookings.number }).from(bookings).where(eq(bookings.renterId, c.var.user!.id));
    const numbers = new Map(own.map((b) => [b.id, b.number]));
    if (own.length === 0) return c.json({ violations: [], salik: [] });
    const ids = [...numbers.keys()];
    const [fines, crossings] = await Promise.all([
      db.select().from(violations).where(inArray(violations.bookingId, ids)).orderBy(desc(violations.createdAt)),
      db
        .select()
        .from(authorityRecords)
        .where(and(inArray(authorityRecords.bookingId, ids), eq(authorityRecords.kind, 'salik')))
        .orderBy(desc(authorityRecords.occurredAt)),
    ]);
    // A payable fine after the deposit's release is charged to the saved card on a day: its booking says.
    const payableOn = [...new Set(fines.filter((row) => (row.state as { value?: string }).value === 'payable').map((row) => row.bookingId))];
    const rows = payableOn.length === 0 ? [] : await db.select().from(bookings).where(inArray(bookings.id, payableOn));
    const bookingOf = new Map(rows.map((b) => [b.id, b]));
    const cardCharge = (row: (typeof fines)[number]) => {
      const booking = bookingOf.get(row.bookingId);
      const state = booking && restoreViolation(row.state);
      return booking && state ? cardChargeOf(booking, state) : null;
    };
    return c.json({
      violations: fines.map((row) => violationView(row, numbers.get(row.bookingId), cardCharge(row))),
      salik: crossings.map((row) => salikView(row, numbers.get(row.bookingId!) ?? '')),
    });
  })
  .post(
    '/:id/events',
    requireRole('renter', 'manager'),
    jsonOnly,
    validate('param', z.object({ id: z.uuid() })),
    validate('json', eventBody),
    async (c) => {
      const user = c.var.user!;
      const { event, version } = c.req.valid('json');
      const found = await violationWithParties(c.var.deps.db, c.req.valid('param').id);
      const visible =
        found && (user.role === 'renter' ? found.booking.renterId === user.id : found.contract.companyId === user.companyId);
      if (!found || !visible) return c.json({ error: 'notFound' as const }, 404);
      if (MANAGER_EVENTS.has(event.type) !== actsAs(user.role, 'manager')) return c.json({ error: 'forbidden' as const }, 403);
      const answer = await stepViolation(c.var.deps, found, event, version);
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status);
    },
  );
