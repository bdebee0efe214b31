// E-mail verification: a registration, or a changed e-mail, gets a link (single use, 24 hours; only its
// SHA-256 kept) that shows the address is the account's. Until then the account works, but UAE PASS
// links to it by e-mail only once it is verified (auth/routes.ts), so registering with someone else's
// e-mail, or changing to it, takes nothing of theirs. The link is a plain GET from a mail app: it
// verifies and sends the browser on to the app, where the screen says so.
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../db/open';
import { emailVerifications, users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { queueMail } from '../mail/queue';
import { verifyEmailMail, type MailLang } from '../mail/words';
import { requireRole } from './middleware';
import { hashToken } from './sessions';

export const VERIFY_HOURS = 24;
const HOUR = 60 * 60 * 1000;
/** Links sent to one account per hour (a resend button pressed again and again sends no more). */
export const VERIFY_LINKS_PER_HOUR = 3;

/** Queues the link for `email` in `tx` (the registration's, or the change's, own transaction). */
export async function queueVerification(
  tx: Db | Tx,
  deps: Pick<Deps, 'now' | 'config'>,
  user: { id: string; fullName: string },
  email: string,
  lang: MailLang,
) {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email,
    lang,
    expiresAt: new Date(now.getTime() + VERIFY_HOURS * HOUR),
    createdAt: now,
  });
  const href = `${deps.config.publicOrigin}/api/auth/email/verify?${new URLSearchParams({ token, lang })}`;
  await queueMail(tx, { to: email, ...verifyEmailMail(lang, user.fullName, href) }, now);
}

/** Where the browser goes after the link: the account if signed in here, else Log In; with what happened. */
const after = (lang: MailLang, signedIn: boolean, outcome: 'verified' | 'expired') =>
  `${lang === 'ar' ? '/arabic' : ''}/${signedIn ? 'account' : 'log-in'}?email=${outcome}`;

export const verifyRoutes = new Hono<AppEnv>()
  .get(
    '/verify',
    validate(
      'query',
      z.object({ token: z.string().min(1).max(200), lang: z.enum(['en', 'ar']).default('en') }),
    ),
    async (c) => {
      const deps = c.var.deps;
      const { token, lang } = c.req.valid('query');
      const now = deps.now();
      const verified = await deps.db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerifications.tokenHash, hashToken(token)),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, now),
            ),
          )
          .returning();
        if (!used) return null;
        // Only while the account still has that address (changed since: the old link proves nothing now).
        const [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
          .returning({ id: users.id });
        return user ? used : null;
      });
      const signedIn = c.var.user !== null;
      return c.redirect(
        after(verified ? (verified.lang as MailLang) : lang, signedIn, verified ? 'verified' : 'expired'),
      );
    },
  )
  // Another link to the account's e-mail, when the first is lost or late.
  .post(
    '/resend',
    requireRole('renter', 'manager', 'agent', 'admin', 'operator'),
    jsonOnly,
    validate('json', z.object({ lang: z.enum(['en', 'ar']) }).strict()),
    async (c) => {
      const deps = c.var.deps;
      const user = c.var.user!;
      const [fresh] = await deps.db
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, user.id));
      if (fresh?.verifiedAt) return c.json({ error: 'alreadyVerified' as const }, 409);
      const [recent] = await deps.db
        .select({ n: count() })
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, user.id),
            gt(emailVerifications.createdAt, new Date(deps.now().getTime() - HOUR)),
          ),
        );
      if ((recent?.n ?? 0) >= VERIFY_LINKS_PER_HOUR) return c.json({ error: 'tooMany' as const }, 429);
      await queueVerification(deps.db, deps, user, user.email, c.req.valid('json').lang);
      deps.mail.nudge();
      return c.json({ ok: true as const }, 202);
    },
  );
