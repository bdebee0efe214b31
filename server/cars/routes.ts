// Search: the cars free for a whole trip, priced by the same rules the booking will be charged by
// (machines/booking.ts), cheapest first. Public: a visitor searches before signing in.
import { isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { offersFor, tripProblems } from '../../machines/booking';
import { CAR_CATEGORIES, carOf, COMPANY_IDS, LOCATIONS } from '../../machines/fleet';
import type { AppEnv } from '../deps';
import { validate } from '../http/validate';
import { takenCars } from '../journey/availability';
import { companies } from '../db/schema';

const query = z
  .object({
    pickupLocation: z.enum(LOCATIONS),
    dropoffLocation: z.enum(LOCATIONS),
    pickupAt: z.coerce.number().int(),
    dropoffAt: z.coerce.number().int(),
    category: z.enum(CAR_CATEGORIES).optional(),
    company: z.enum(COMPANY_IDS).optional(),
  })
  .strict();

export type { CarOffer } from '../../machines/booking';

export const carRoutes = new Hono<AppEnv>().get('/search', validate('query', query), async (c) => {
  const { category, company, ...trip } = c.req.valid('query');
  const problems = tripProblems(trip, c.var.deps.now().getTime());
  if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
  const taken = await takenCars(c.var.deps.db, { start: new Date(trip.pickupAt), end: new Date(trip.dropoffAt) });
  // A suspended company's cars are out of search.
  const suspended = new Set(
    (await c.var.deps.db.select({ id: companies.id }).from(companies).where(isNotNull(companies.suspendedAt))).map((r) => r.id),
  );
  const results = offersFor(
    trip,
    (id) =>
      !taken.has(id) &&
      !suspended.has(carOf(id).company) &&
      (!category || carOf(id).category === category) &&
      (!company || carOf(id).company === company),
  );
  return c.json({ results });
});
