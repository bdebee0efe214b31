// Forgot password: a link by e-mail (single use, 30 minutes) to set a new one. Asking says the same
// whether or not the e-mail has an account, so nobody learns who has one; the link's token is kept
// only as its SHA-256. Setting the password signs every device out, and shows that the person holds
// the mailbox (the e-mail counts as verified from then on).
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { normaliseEmail } from '../../machines/renter';
import { checkEmail, checkPassword } from '../../machines/validation';
import type { Db } from '../db/open';
import { passwordResets, resetAsks, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { clientAddress, jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { queueMail } from '../mail/queue';
import { passwordResetMail } from '../mail/words';
import { notify } from '../notifications/store';
import { hashPassword } from './passwords';
import { hashToken, invalidateUserSessions } from './sessions';
import { spend, type Allowance } from './usage';

/** How long a link works. */
export const RESET_MINUTES = 30;
const HOUR = 60 * 60 * 1000;
/** Links asked for from one client per hour (a client trying e-mails sends nobody a flood of them). */
export const RESET_ALLOWANCE: Allowance = { count: 10, bytes: 0, windowMs: HOUR };
/** Links sent to one account per hour: more asks say the same, and send nothing. */
export const LINKS_PER_ACCOUNT = 3;

const forgotBody = z.object({ email: z.string().max(320), lang: z.enum(['en', 'ar']) }).strict();
const resetBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(200) }).strict();

/** Asks turned in one round of the mail worker. */
export const RESET_ASKS_BATCH = 20;

/**
 * Turns the asks waiting into links (the mail worker, before it sends): for an address with an
 * account, under LINKS_PER_ACCOUNT an hour, a link and its mail; for one without, nothing. Each ask
 * is removed in the transaction that turns it, so a worker that dies leaves it for the next round,
 * and instances never turn the same one.
 */
export async function turnResetAsks(db: Db, publicOrigin: string, now: Date, batch = RESET_ASKS_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.select({ id: resetAsks.id }).from(resetAsks).orderBy(asc(resetAsks.createdAt)).limit(batch).for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const asks = await tx.delete(resetAsks).where(inArray(resetAsks.id, due.map((ask) => ask.id))).returning();
    for (const { email, lang } of asks) {
      const [user] = await tx.select().from(users).where(eq(users.email, email));
      if (!user) continue;
      const [recent] = await tx
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - HOUR))));
      if ((recent?.n ?? 0) >= LINKS_PER_ACCOUNT) continue;
      const token = randomBytes(32).toString('base64url');
      const href = `${publicOrigin}${lang === 'ar' ? '/arabic' : ''}/log-in?reset=${token}`;
      await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000), createdAt: now });
      await queueMail(tx, { to: user.email, ...passwordResetMail(lang, user.fullName, href) }, now);
    }
    return asks.length;
  });
}

export const resetRoutes = new Hono<AppEnv>()
  .post('/forgot', jsonOnly, validate('json', forgotBody), async (c) => {
    const deps = c.var.deps;
    const { lang } = c.req.valid('json');
    const problem = checkEmail(c.req.valid('json').email);
    if (problem) return c.json({ error: 'invalid' as const, fields: { email: problem } }, 400);
    const spent = await spend(
      deps.db,
      'reset',
      clientAddress(c, deps.config.trustProxy),
      0,
      RESET_ALLOWANCE,
      deps.now(),
    );
    if (!spent.ok) {
      c.header('Retry-After', String(spent.retryAfter));
      return c.json({ error: 'tooMany' as const, retryAfter: spent.retryAfter }, 429);
    }
    // Only the ask is written here, the same for every address: the mail worker makes the link.
    await deps.db.insert(resetAsks).values({ email: normaliseEmail(c.req.valid('json').email), lang, createdAt: deps.now() });
    deps.mail.nudge();
    // The same answer for every e-mail, known or not.
    return c.json({ ok: true as const }, 202);
  })
  .post('/reset', jsonOnly, validate('json', resetBody), async (c) => {
    const deps = c.var.deps;
    const { token, password } = c.req.valid('json');
    const now = deps.now();
    const open = and(
      eq(passwordResets.tokenHash, hashToken(token)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
    );
    const [found] = await deps.db
      .select({ user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(open);
    if (!found) return c.json({ error: 'linkExpired' as const }, 410);
    const { user } = found;
    const problem = checkPassword(password, user.email);
    if (problem) return c.json({ error: 'invalid' as const, fields: { password: problem } }, 400);
    const passwordHash = await deps.hashing(clientAddress(c, deps.config.trustProxy), () =>
      hashPassword(password, deps.config.scryptCost),
    );
    const done = await deps.db.transaction(async (tx) => {
      // Used once: of two tabs sending the same link, one sets the password.
      const [used] = await tx.update(passwordResets).set({ usedAt: now }).where(open).returning();
      if (!used) return false;
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
        .where(eq(users.id, user.id));
      // Any other link still open for this account stops working too.
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      // Whoever holds a session (perhaps whoever knew the old password) is out, on every device.
      await invalidateUserSessions(tx, user.id);
      await notify(tx, now, user.id, 'accountAlert', { event: 'passwordChanged' }, 'account');
      await pushTo(tx, [user.id], 'session');
      return true;
    });
    if (!done) return c.json({ error: 'linkExpired' as const }, 410);
    deps.log.info('password reset', { userId: user.id });
    return c.json({ ok: true as const });
  });
