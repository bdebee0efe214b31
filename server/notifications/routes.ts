// The signed-in user's notifications (renter or manager): the newest with the unread count, marking
// one's own read, and the preference for the optional kinds.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { users } from '../db/schema';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { LIST_LIMIT, listNotifications, markRead } from './store';

/** `{ ids: [...] }` or `{ all: true }`, exactly one of them. */
const readBody = z
  .object({ ids: z.array(z.uuid()).min(1).max(LIST_LIMIT).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { path: ['ids'] });

const preferencesBody = z.object({ notificationsOn: z.boolean() }).strict();

export const notificationRoutes = new Hono<AppEnv>()
  .use(requireRole('renter', 'manager', 'agent', 'admin', 'operator'))
  .get('/', async (c) => c.json(await listNotifications(c.var.deps.db, c.var.user!.id)))
  .post('/read', jsonOnly, validate('json', readBody), async (c) => {
    const { ids } = c.req.valid('json');
    const which = ids ? { ids } : { all: true as const };
    const unread = await markRead(c.var.deps.db, c.var.user!.id, which, c.var.deps.now());
    return c.json({ unread });
  })
  .get('/preferences', (c) => c.json({ notificationsOn: c.var.user!.notificationsOn }))
  .put('/preferences', jsonOnly, validate('json', preferencesBody), async (c) => {
    const { notificationsOn } = c.req.valid('json');
    await c.var.deps.db.update(users).set({ notificationsOn }).where(eq(users.id, c.var.user!.id));
    return c.json({ notificationsOn });
  });
