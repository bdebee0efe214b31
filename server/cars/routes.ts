// Search: the cars free for a whole trip, priced by the same rules the booking will be charged by
// (machines/booking.ts), cheapest first. Public: a visitor searches before signing in.
import { Hono } from 'hono';
import { z } from 'zod';
import { offersFor, tripProblems } from '../../machines/booking';
import { CAR_CATEGORIES, LOCATIONS } from '../../machines/fleet';
import type { AppEnv } from '../deps';
import { validate } from '../http/validate';
import { takenCars } from '../journey/availability';
import { bookableCars } from './store';
import { companiesServing, servedPlaces, visitsOf } from '../branches/store';

const query = z
  .object({
    pickupLocation: z.enum(LOCATIONS),
    dropoffLocation: z.enum(LOCATIONS),
    pickupAt: z.coerce.number().int(),
    dropoffAt: z.coerce.number().int(),
    category: z.enum(CAR_CATEGORIES).optional(),
    company: z.string().max(60).optional(),
  })
  .strict();

export type { CarOffer } from '../../machines/booking';

export const carRoutes = new Hono<AppEnv>().get('/search', validate('query', query), async (c) => {
  const { category, company, ...trip } = c.req.valid('query');
  const problems = tripProblems(trip, c.var.deps.now().getTime());
  if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
  const taken = await takenCars(c.var.deps.db, { start: new Date(trip.pickupAt), end: new Date(trip.dropoffAt) });
  // Cars in maintenance or retired, and a suspended company's, are not bookable at all; a company
  // whose branches are not open at the pickup and the return places then offers none.
  const serving = await companiesServing(c.var.deps.db, visitsOf(trip));
  const cars = (await bookableCars(c.var.deps.db)).filter(
    (car) =>
      serving.has(car.company) && !taken.has(car.id) && (!category || car.category === category) && (!company || car.company === company),
  );
  const results = offersFor(trip, cars);
  return c.json({ results });
})
  // The places renters can choose from: where a company has a branch.
  .get('/places', async (c) => c.json({ places: await servedPlaces(c.var.deps.db) }));
