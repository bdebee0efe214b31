// Joining a company's staff: an admin (or, for a company's first admin, the platform's operator)
// invites one e-mail for one role; the link goes to that mailbox only, works once and for 72 hours,
// and only its SHA-256 is kept. Opening it, the person chooses their name and password: the account
// is made with the role and the company, its e-mail verified (the link came to it), and signed in.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { normaliseEmail } from '../../machines/renter';
import { normaliseName } from '../../machines/text';
import { checkFullName, checkPassword } from '../../machines/validation';
import type { Db, Tx } from '../db/open';
import type { StaffRole } from '../../machines/roles';
import { companies, staffInvitations, users } from '../db/schema';
import type { AppEnv, Deps } from '../deps';
import { clientAddress, jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { queueMail } from '../mail/queue';
import { invitationMail, type MailLang } from '../mail/words';
import { hashPassword } from '../auth/passwords';
import { signIn } from '../auth/routes';
import { hashToken } from '../auth/sessions';
import { staffChanged } from './live';

export const INVITATION_HOURS = 72;
const HOUR = 60 * 60 * 1000;

/** Queues an invitation in `tx` (the request's own transaction): the row, and the e-mail with its link. */
export async function invite(
  tx: Db | Tx,
  deps: Pick<Deps, 'now' | 'config'>,
  input: { companyId: string; email: string; role: StaffRole; lang: MailLang; invitedBy: { id: string; fullName: string } },
) {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId));
  const [row] = await tx
    .insert(staffInvitations)
    .values({
      tokenHash: hashToken(token),
      companyId: input.companyId,
      email: normaliseEmail(input.email),
      role: input.role,
      invitedBy: input.invitedBy.id,
      lang: input.lang,
      expiresAt: new Date(now.getTime() + INVITATION_HOURS * HOUR),
      createdAt: now,
    })
    .returning();
  const href = `${deps.config.publicOrigin}${input.lang === 'ar' ? '/arabic' : ''}/join?${new URLSearchParams({ token })}`;
  const words = { company: input.lang === 'ar' ? company!.nameAr : company!.nameEn, inviter: input.invitedBy.fullName, role: input.role };
  await queueMail(tx, { to: row!.email, ...invitationMail(input.lang, words, href) }, now);
  return row!;
}

/** An invitation whose link still works at `now`: not used, not withdrawn, not expired. */
export const stillOpen = (now: Date) =>
  and(isNull(staffInvitations.usedAt), isNull(staffInvitations.cancelledAt), gt(staffInvitations.expiresAt, now));

/** An invitation that can still be used (stillOpen), its company not suspended. */
async function openInvitation(db: Db | Tx, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: staffInvitations, company: companies })
    .from(staffInvitations)
    .innerJoin(companies, eq(companies.id, staffInvitations.companyId))
    .where(
      and(eq(staffInvitations.tokenHash, hashToken(token)), stillOpen(now), isNull(companies.suspendedAt)),
    );
  return row ?? null;
}

const tokenQuery = z.object({ token: z.string().min(1).max(200) });
const acceptBody = z
  .object({
    token: z.string().min(1).max(200),
    fullName: z.string().max(200),
    password: z.string().max(200),
    language: z.enum(['en', 'ar']),
  })
  .strict();

const expired = { error: 'linkExpired' as const };

export const invitationRoutes = new Hono<AppEnv>()
  // What the link is for, so the screen can say it before the person chooses a password.
  .get('/', validate('query', tokenQuery), async (c) => {
    const found = await openInvitation(c.var.deps.db, c.req.valid('query').token, c.var.deps.now());
    if (!found) return c.json(expired, 410);
    const { invitation, company } = found;
    return c.json({
      email: invitation.email,
      role: invitation.role,
      company: { id: company.id, name: { en: company.nameEn, ar: company.nameAr } },
    });
  })
  .post('/accept', jsonOnly, validate('json', acceptBody), async (c) => {
    const deps = c.var.deps;
    const { token, fullName, password, language } = c.req.valid('json');
    const now = deps.now();
    const found = await openInvitation(deps.db, token, now);
    if (!found) return c.json(expired, 410);
    const fields = {
      ...(checkFullName(fullName) && { fullName: checkFullName(fullName)! }),
      ...(checkPassword(password, found.invitation.email) && { password: checkPassword(password, found.invitation.email)! }),
    };
    if (Object.keys(fields).length > 0) return c.json({ error: 'invalid' as const, fields }, 400);
    const client = clientAddress(c, deps.config.trustProxy);
    const busy = deps.hashing.refuses(client);
    if (busy) throw busy;
    const passwordHash = await deps.hashing(client, () => hashPassword(password, deps.config.scryptCost));
    const user = await deps.db.transaction(async (tx) => {
      // Single use: the first to take it (two tabs submitting at once make one account).
      const [taken] = await tx
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(and(eq(staffInvitations.id, found.invitation.id), isNull(staffInvitations.usedAt), isNull(staffInvitations.cancelledAt)))
        .returning();
      if (!taken) return 'expired' as const;
      const person = {
        role: taken.role,
        companyId: taken.companyId,
        passwordHash,
        fullName: normaliseName(fullName),
        verified: true,
        emailVerifiedAt: now,
        language,
      };
      const [created] = await tx
        .insert(users)
        .values({ email: taken.email, ...person })
        .onConflictDoNothing({ target: users.email })
        .returning();
      // Someone revoked before (here or at another company) comes back on the same account.
      const [back] = created
        ? [created]
        : await tx
            .update(users)
            .set({ ...person, revokedAt: null })
            .where(and(eq(users.email, taken.email), ne(users.role, 'renter'), isNotNull(users.revokedAt)))
            .returning();
      // Otherwise the e-mail has an account already (a renter's, say): one e-mail, one account.
      if (!back) throw new EmailHasAccount();
      // The company's admins see them join (last: it pushes live).
      await staffChanged(tx, taken.companyId);
      return back;
    }).catch((error: unknown) => {
      if (error instanceof EmailHasAccount) return 'emailTaken' as const;
      throw error;
    });
    if (user === 'expired') return c.json(expired, 410);
    if (user === 'emailTaken') return c.json({ error: 'emailTaken' as const }, 409);
    deps.log.info('staff joined', { userId: user.id, role: user.role, companyId: user.companyId });
    return c.json(await signIn(c, user), 201);
  });

/** Rolls the invitation's use back with the account that could not be made. */
class EmailHasAccount extends Error {}
