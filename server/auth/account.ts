// The signed-in user's own account settings: a new password (the current one proves it is them; every
// other session is signed out) and the language and currency the app shows them. Passwords are
// hashed here and never logged or sent back.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { DISPLAY_CURRENCIES } from '../../machines/money';
import { checkPassword } from '../../machines/validation';
import { users } from '../db/schema';
import type { AppEnv } from '../deps';
import { clientAddress, jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { notify } from '../notifications/store';
import { pushTo } from '../live/hub';
import { requireRole } from './middleware';
import { forgetCard, savedCardOf, shownCard } from '../payments/cards';
import { hashPassword } from './passwords';
import { refusedPassword } from './proof';
import { invalidateOtherSessions } from './sessions';

const passwordBody = z.object({ currentPassword: z.string().max(200), newPassword: z.string().max(200) }).strict();

const preferencesBody = z.object({ language: z.enum(['en', 'ar']), currency: z.enum(DISPLAY_CURRENCIES) }).strict();

export const accountRoutes = new Hono<AppEnv>()
  .use(requireRole('renter', 'manager', 'agent', 'admin', 'operator'))
  .post('/password', jsonOnly, validate('json', passwordBody), async (c) => {
    const deps = c.var.deps;
    const user = c.var.user!;
    const { currentPassword, newPassword } = c.req.valid('json');
    if (user.passwordHash === null) return c.json({ error: 'noPassword' as const }, 409);
    // The registration rules, by field, before the current password is even tried.
    const newProblem = checkPassword(newPassword, user.email);
    const fields = {
      ...(currentPassword === '' ? { currentPassword: 'required' as const } : {}),
      ...(newProblem ? { newPassword: newProblem } : {}),
    };
    if (Object.keys(fields).length > 0) return c.json({ error: 'invalid' as const, fields }, 400);
    const refused = await refusedPassword(c, currentPassword);
    if (refused) return refused;
    const client = clientAddress(c, deps.config.trustProxy);
    const passwordHash = await deps.hashing(client, () => hashPassword(newPassword, deps.config.scryptCost));
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever else holds a session (a lost phone, a shared computer) is out; this browser stays in.
      await invalidateOtherSessions(tx, user.id, c.var.sessionToken!);
      await notify(tx, deps.now(), user.id, 'accountAlert', { event: 'passwordChanged' }, 'account');
      // Their live streams end now, on whichever instance they are open.
      await pushTo(tx, [user.id], 'session');
    });
    deps.log.info('password changed', { userId: user.id });
    return c.json({ ok: true as const });
  })
  .put('/preferences', jsonOnly, validate('json', preferencesBody), async (c) => {
    const { language, currency } = c.req.valid('json');
    await c.var.deps.db.update(users).set({ language, currency }).where(eq(users.id, c.var.user!.id));
    return c.json({ language, currency });
  })
  // The renter's card on file, as Account shows it (never the provider's token).
  .get('/card', requireRole('renter'), async (c) => {
    const saved = await savedCardOf(c.var.deps.db, c.var.user!.id);
    return c.json({ card: saved && shownCard(saved) });
  })
  /** Forgets the card on file (at the provider too); refused while a booking paid with it is open. */
  .delete('/card', requireRole('renter'), async (c) => {
    const { deps, user } = c.var;
    if ((await forgetCard(deps.db, deps.gateway, user!.id)) === 'inUse') return c.json({ error: 'cardInUse' as const }, 409);
    return c.json({ card: null });
  });
