// Redeeming an offer: the server finds what the rule needs (the renter's finished rentals, a car of
// the next category free for the booking's dates) and the journey machine applies it to the booking
// still to be paid, as its own line in the price. Partner perks is a code for the partner hotels.
import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { bookingStatus, isPaid } from '../../machines/journey-rules';
import { OFFER_IDS, offerProblem, partnerCode, upgradesFor } from '../../machines/offers';
import { requireRole } from '../auth/middleware';
import { bookings } from '../db/schema';
import type { AppEnv } from '../deps';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { takenCars } from '../journey/availability';
import { bookableCars } from '../cars/store';
import { currentJourney } from '../journey/bookings';
import { applyStep } from '../journey/service';

export const offerRoutes = new Hono<AppEnv>()
  .use(requireRole('renter'))
  .post('/:id/redeem', jsonOnly, validate('param', z.object({ id: z.enum(OFFER_IDS) })), validate('json', z.object({}).strict()), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const id = c.req.valid('param').id;
    const now = deps.now();
    if (id === 'partner' || id === 'summer') {
      const problem = offerProblem(id, { booking: null, completedRentals: 0, upgradeTo: null }, now.getTime());
      if (problem) return c.json({ error: 'offer' as const, problem }, 422);
      return c.json({ code: partnerCode(user.id) }, 200);
    }
    const { row, snapshot } = await currentJourney(deps.db, user, now);
    const { booking } = snapshot.context;
    const [finished] = await deps.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.renterId, user.id), eq(bookings.completed, true)));
    // The cheapest car of the next category free for the booking's dates: one query for all of them.
    const taken = id === 'loyalty' ? await takenCars(deps.db, { start: new Date(booking.pickupAt), end: new Date(booking.dropoffAt) }) : null;
    const upgradeTo = (taken && upgradesFor(booking.car, await bookableCars(deps.db)).find((car) => !taken.has(car.id))) || null;
    const facts = { completedRentals: finished?.n ?? 0, upgradeTo };
    // A cancelled or finished booking is no booking to apply an offer to: the renter is told to choose a
    // car, not that it is "already paid".
    const over = ['cancelled', 'completed'].includes(bookingStatus(snapshot.context));
    const problem = offerProblem(id, { booking: over ? null : { ...booking, paid: isPaid(snapshot.context) }, ...facts }, now.getTime());
    if (problem) return c.json({ error: 'offer' as const, problem }, 422);
    const result = await applyStep(deps, user, row, { type: 'offer.apply', offerId: id, ...facts, at: now.getTime() }, row.version);
    return c.json(result.body, result.status);
  });
