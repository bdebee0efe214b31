// The companies over HTTP: public, the ones renters can rent from and a company's branches; for its
// managers, a new API key for the authorities' feeds. The data is ./store.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole } from '../auth/middleware';
import type { AppEnv } from '../deps';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { offeredBranches, offeredCompanies, rotateApiKey } from './store';

export const companyRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ companies: await offeredCompanies(c.var.deps.db) }))
  .get('/:id/branches', validate('param', z.object({ id: z.string().max(60) })), async (c) =>
    c.json({ branches: await offeredBranches(c.var.deps.db, c.req.valid('param').id) }),
  )
  .post('/api-key', requireRole('manager'), jsonOnly, validate('json', z.object({}).strict()), async (c) =>
    c.json(await rotateApiKey(c.var.deps.db, c.var.user!.companyId!, c.var.deps.now()), 201),
  );
