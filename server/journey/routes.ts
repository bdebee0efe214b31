// The renter's bookings: read the current one or one by id (only one's own: anyone else's is 404),
// and send a journey event, which the machine on the server accepts or refuses.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { desc, eq, inArray } from 'drizzle-orm';
import { bookings, contracts } from '../db/schema';
import { bookingSummary, currentJourney, ownBooking, readJourney, viewOf } from './bookings';
import { eventBodySchema, stamp } from './events';
import { applyStep } from './service';
import { carById, startEvent } from '../cars/store';
import { normaliseEmail } from '../../machines/renter';
import { queueVerification } from '../auth/verify';
import { recordEmailChange } from '../auth/emailChange';
import { refusedPassword, signedInJustNow } from '../auth/proof';
import { profileProblems } from '../../machines/validation';
import type { Tx } from '../db/open';
import { restoreJourney } from '../../machines/persistence';

const byId = z.object({ id: z.uuid() });

export const journeyRoutes = new Hono<AppEnv>()
  .use(requireRole('renter'))
  // The renter's own bookings, newest first, as their list shows them (one that cannot be read is left out).
  .get('/', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.renterId, c.var.user!.id))
      .orderBy(desc(bookings.createdAt))
      .limit(100);
    // Each signed booking's contract with its company (signing opens it), by its number.
    const codes = rows.length === 0 ? [] : await c.var.deps.db.select({ code: contracts.code, bookingId: contracts.bookingId }).from(contracts).where(inArray(contracts.bookingId, rows.map((r) => r.id)));
    const contractOf = new Map(codes.map((r) => [r.bookingId, r.code]));
    return c.json({
      bookings: rows.flatMap((row) => {
        const snapshot = restoreJourney(row.journey).snapshot;
        return snapshot ? [bookingSummary(row, snapshot.context, contractOf.get(row.id) ?? null)] : [];
      }),
    });
  })
  // The latest booking, read only: 404 when there is none that can be read (POST opens one).
  .get('/current', async (c) => {
    const current = await readJourney(c.var.deps.db, c.var.user!.id);
    if (!current) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ journey: viewOf(current.row, current.snapshot) });
  })
  // The journey to go on with: the latest booking, or a new one when there is none or it cannot be
  // read (its `problem` says why). Signing in does the same; this is for a session that outlived its
  // booking's record.
  .post('/current', jsonOnly, validate('json', z.object({}).strict()), async (c) => {
    const { row, snapshot, problem } = await currentJourney(c.var.deps.db, c.var.user!, c.var.deps.now());
    return c.json({ journey: viewOf(row, snapshot, problem) });
  })
  .get('/:id', validate('param', byId), async (c) => {
    const row = await ownBooking(c.var.deps.db, c.req.valid('param').id, c.var.user!.id);
    const snapshot = row && restoreJourney(row.journey).snapshot;
    if (!row || !snapshot) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ journey: viewOf(row, snapshot) });
  })
  .post('/:id/events', jsonOnly, validate('param', byId), validate('json', eventBodySchema), async (c) => {
    const deps = c.var.deps;
    const row = await ownBooking(deps.db, c.req.valid('param').id, c.var.user!.id);
    if (!row) return c.json({ error: 'notFound' as const }, 404);
    const { event, version, currentPassword } = c.req.valid('json');
    const user = c.var.user!;
    // A changed e-mail is proved first, then gets its verification link and the old address its undo
    // link, in the step's own transaction: a stolen session cannot move the account to another mailbox.
    const newEmail = event.type === 'account.update' ? normaliseEmail(event.profile.email) : user.email;
    let changeEmail: ((tx: Tx) => Promise<void>) | undefined;
    if (event.type === 'account.update' && newEmail !== user.email) {
      // The form's own rules before the proof: a typo costs no attempt.
      const fields = profileProblems(event.profile);
      if (Object.keys(fields).length > 0) return c.json({ error: 'invalid' as const, fields }, 400);
      const refused =
        user.passwordHash !== null
          ? await refusedPassword(c, currentPassword ?? '')
          : !(await signedInJustNow(c)) && c.json({ error: 'invalid' as const, fields: { email: 'signInAgain' as const } }, 400);
      if (refused) return refused;
      changeEmail = async (tx: Tx) => {
        await queueVerification(tx, deps, user, newEmail, user.language);
        await recordEmailChange(tx, deps, user, newEmail, user.language);
      };
    }
    const at = deps.now().getTime();
    const step = event.type === 'booking.start' ? await startEvent(deps.db, event.carId, event.trip, at) : stamp(event, at);
    if (!step) {
      // A car in maintenance, retired or of a suspended company is gone from search like a booked one.
      if (!(await carById(deps.db, (event as { carId: string }).carId))) return c.json({ error: 'invalid' as const, fields: { 'event.carId': 'invalid' } }, 400);
      return c.json({ error: 'taken' as const, journey: viewOf(row, restoreJourney(row.journey).snapshot!) }, 409);
    }
    const result = await applyStep(deps, user, row, step, version, changeEmail);
    if (changeEmail && result.status === 200) deps.mail.nudge();
    return c.json(result.body, result.status);
  });
