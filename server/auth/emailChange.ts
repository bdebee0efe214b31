// A renter's e-mail is the key to their account: whoever reads its mail can reset the password. So a
// change is proved (server/auth/proof.ts, asked by the journey's account.update step) and the old
// address hears of it with a link that undoes it: the address comes back as it was, every device is
// signed out and every link sent since stops working. For the link's 7 days the old address stays
// the account's, so nobody can register it meanwhile and leave the link nothing to put back. The link
// opens a page that asks (Log In, `?undo=`) and the page posts: a mail scanner that follows every link
// must not undo a change the owner made.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../db/open';
import { emailChanges, emailVerifications, passwordResets, users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { queueMail } from '../mail/queue';
import { emailChangedMail, type MailLang } from '../mail/words';
import { notify } from '../notifications/store';
import { hashToken, invalidateUserSessions, type User } from './sessions';

export const UNDO_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

/** Queues, in the change's own transaction, the old address's notice with the link that undoes it. */
export async function recordEmailChange(tx: Tx, deps: Pick<Deps, 'now' | 'config'>, user: User, newEmail: string, lang: MailLang) {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailChanges).values({
    tokenHash: hashToken(token),
    userId: user.id,
    oldEmail: user.email,
    oldVerifiedAt: user.emailVerifiedAt,
    newEmail,
    lang,
    expiresAt: new Date(now.getTime() + UNDO_DAYS * DAY),
    createdAt: now,
  });
  await notify(tx, now, user.id, 'accountAlert', { event: 'emailChanged' }, 'account');
  const href = `${deps.config.publicOrigin}${lang === 'ar' ? '/arabic' : ''}/log-in?undo=${token}`;
  await queueMail(tx, { to: user.email, ...emailChangedMail(lang, user.fullName, newEmail, href) }, now);
}

/** The account an address given up in the last UNDO_DAYS still belongs to (its undo link may bring it back), if any. */
export async function heldBy(db: Db | Tx, email: string, now: Date): Promise<string | null> {
  const [held] = await db
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(and(eq(emailChanges.oldEmail, email), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .limit(1);
  return held?.userId ?? null;
}

/** 200 when the address is back (every session of the account ended, this one too); 410 `linkExpired` when used or past its days. */
export const emailUndoRoutes = new Hono<AppEnv>().post(
  '/undo',
  jsonOnly,
  validate('json', z.object({ token: z.string().min(1).max(200) }).strict()),
  async (c) => {
    const deps = c.var.deps;
    const { token } = c.req.valid('json');
    const now = deps.now();
    const outcome = await deps.db.transaction(async (tx): Promise<{ userId: string } | null> => {
      const [used] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
        .returning();
      if (!used) return null;
      // Another account cannot have taken the address: it was held for this one (heldBy).
      await tx.update(users).set({ email: used.oldEmail, emailVerifiedAt: used.oldVerifiedAt }).where(eq(users.id, used.userId));
      // The links sent since the change stop working: a reset or a confirmation to the new address, and
      // the undo links of later changes (an earlier change's link, the true owner's, stays theirs).
      await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt), gte(passwordResets.createdAt, used.createdAt)));
      await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.userId, used.userId), isNull(emailVerifications.usedAt), ne(emailVerifications.email, used.oldEmail)));
      await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.userId, used.userId), isNull(emailChanges.usedAt), gte(emailChanges.createdAt, used.createdAt)));
      // Whoever changed it holds a session: every one ends, on every instance.
      await invalidateUserSessions(tx, used.userId);
      await pushTo(tx, [used.userId], 'session');
      await notify(tx, now, used.userId, 'accountAlert', { event: 'emailRestored' }, 'account');
      return { userId: used.userId };
    });
    if (!outcome) return c.json({ error: 'linkExpired' as const }, 410);
    deps.log.info('e-mail change undone', outcome);
    return c.json({ ok: true as const });
  },
);
