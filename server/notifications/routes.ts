// The signed-in user's notifications (renter or manager): the newest with the unread count, marking
// one's own read, and the preference for the optional kinds.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { MAIL_GROUPS, type MailGroup } from '../mail/notices';
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

const preferencesBody = z
  .object({ notificationsOn: z.boolean().optional(), email: z.partialRecord(z.enum(MAIL_GROUPS), z.boolean()).optional() })
  .strict()
  // Something to save: the switch, or a group by e-mail.
  .refine((b) => b.notificationsOn !== undefined || b.email !== undefined, { path: ['notificationsOn'] });

/** The preferences as the account screen shows them: optional notifications, and each group by e-mail or not. */
const preferencesOf = (user: { notificationsOn: boolean; mailOff: string[] }) => ({
  notificationsOn: user.notificationsOn,
  email: Object.fromEntries(MAIL_GROUPS.map((group) => [group, !user.mailOff.includes(group)])) as Record<MailGroup, boolean>,
});

export const notificationRoutes = new Hono<AppEnv>()
  .use(requireRole('renter', 'manager', 'agent', 'admin', 'operator'))
  .get('/', async (c) => c.json(await listNotifications(c.var.deps.db, c.var.user!.id)))
  .post('/read', jsonOnly, validate('json', readBody), async (c) => {
    const { ids } = c.req.valid('json');
    const which = ids ? { ids } : { all: true as const };
    const unread = await markRead(c.var.deps.db, c.var.user!.id, which, c.var.deps.now());
    return c.json({ unread });
  })
  .get('/preferences', async (c) => {
    const [user] = await c.var.deps.db.select().from(users).where(eq(users.id, c.var.user!.id));
    return c.json(preferencesOf(user!));
  })
  // Each part sent is saved; a group left out keeps its setting.
  .put('/preferences', jsonOnly, validate('json', preferencesBody), async (c) => {
    const { notificationsOn, email = {} } = c.req.valid('json');
    const [user] = await c.var.deps.db.transaction(async (tx) => {
      const [now] = await tx.select().from(users).where(eq(users.id, c.var.user!.id)).for('update');
      const mailOff = MAIL_GROUPS.filter((group) => (email[group] === undefined ? now!.mailOff.includes(group) : !email[group]));
      return tx
        .update(users)
        .set({ mailOff, ...(notificationsOn === undefined ? {} : { notificationsOn }) })
        .where(eq(users.id, c.var.user!.id))
        .returning();
    });
    return c.json(preferencesOf(user!));
  });
