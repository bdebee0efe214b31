// Search: the cars free for a whole trip (service.ts). Public: a visitor searches before signing in.
import { Hono } from 'hono';
import { z } from 'zod';
import { tripProblems } from '../../machines/booking';
import { CAR_CATEGORIES, LOCATIONS } from '../../machines/fleet';
import type { AppEnv } from '../deps';
import { instantText, validate } from '../http/validate';
import { servedPlaces } from '../branches/store';
import { freeCarOffers } from './service';

const query = z
  .object({
    pickupLocation: z.enum(LOCATIONS),
    dropoffLocation: z.enum(LOCATIONS),
    pickupAt: instantText(),
    dropoffAt: instantText(),
    category: z.enum(CAR_CATEGORIES).optional(),
    company: z.string().max(60).optional(),
  })
  .strict();

export type { CarOffer } from '../../machines/booking';

export const carRoutes = new Hono<AppEnv>().get('/search', validate('query', query), async (c) => {
  const { category, company, ...trip } = c.req.valid('query');
  const problems = tripProblems(trip, c.var.deps.now().getTime());
  if (Object.keys(problems).length > 0) return c.json({ error: 'invalid' as const, fields: problems }, 400);
  return c.json({ results: await freeCarOffers(c.var.deps.db, trip, { category, company }) });
})
  // The places renters can choose from: where a company has a branch.
  .get('/places', async (c) => c.json({ places: await servedPlaces(c.var.deps.db) }));
