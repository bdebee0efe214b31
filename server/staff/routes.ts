// A company's people, kept by its admin: who is on the staff and with which role, the invitations
// still open; invite, change a role, revoke. A change of role or a revocation ends that person's
// sessions at once (their open screens hear it live). Everything is the admin's own company: another
// company's person or invitation is 404, as if it did not exist. The last admin cannot be removed or
// demoted, so a company is never left without someone to keep it.
import { and, asc, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkEmail } from '../../machines/validation';
import type { Db, Tx } from '../db/open';
import { STAFF_ROLES, type StaffRole } from '../../machines/roles';
import { staffInvitations, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { invalidateUserSessions } from '../auth/sessions';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { invite, stillOpen } from './invitations';
import { ownBranches } from '../branches/store';
import { staffChanged } from './live';

/** Invitations an admin may send an hour: a company grows by people, not by thousands. */
export const INVITATIONS_PER_HOUR = 30;
const HOUR = 60 * 60 * 1000;

const roleBody = z.object({ role: z.enum(STAFF_ROLES) }).strict();
const inviteBody = z.object({ email: z.string().max(320), role: z.enum(STAFF_ROLES), lang: z.enum(['en', 'ar']) }).strict();
const idParam = z.object({ id: z.string().uuid() });
const branchesBody = z.object({ branches: z.array(z.uuid()).max(100) }).strict();

/** One of the company's people (not revoked), or null. */
async function member(db: Db | Tx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId), isNull(users.revokedAt)));
  return row ?? null;
}

/** True when `id` is the company's only admin left: they may not be demoted or revoked. */
async function lastAdmin(db: Db | Tx, companyId: string, id: string) {
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), isNull(users.revokedAt), ne(users.id, id)));
  return (others?.n ?? 0) === 0;
}

/** Ends someone's sessions, and their open screens with them. */
async function signOutEverywhere(tx: Tx, id: string) {
  await invalidateUserSessions(tx, id);
  await pushTo(tx, [id], 'session');
}

const personView = (u: typeof users.$inferSelect) => ({
  id: u.id,
  fullName: u.fullName,
  email: u.email,
  role: u.role as StaffRole,
  /** An agent's branches (ids); none: all of the company's. */
  branches: u.branchIds,
  since: u.createdAt.getTime(),
});

export const staffRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    const { db, now } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const people = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.revokedAt)))
      .orderBy(asc(users.fullName));
    const invitations = await db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.companyId, companyId), stillOpen(now())))
      .orderBy(desc(staffInvitations.createdAt));
    return c.json({
      staff: people.map(personView),
      invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.getTime() })),
    });
  })
  .post('/invitations', jsonOnly, validate('json', inviteBody), async (c) => {
    const deps = c.var.deps;
    const admin = c.var.user!;
    const { email, role, lang } = c.req.valid('json');
    const problem = checkEmail(email);
    if (problem) return c.json({ error: 'invalid' as const, fields: { email: problem } }, 400);
    const [recent] = await deps.db
      .select({ n: count() })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.companyId, admin.companyId!), gt(staffInvitations.createdAt, new Date(deps.now().getTime() - HOUR))));
    if ((recent?.n ?? 0) >= INVITATIONS_PER_HOUR) return c.json({ error: 'tooMany' as const }, 429);
    const row = await deps.db.transaction(async (tx) => {
      const made = await invite(tx, deps, { companyId: admin.companyId!, email, role, lang, invitedBy: admin });
      await staffChanged(tx, admin.companyId!);
      return made;
    });
    deps.mail.nudge();
    return c.json({ invitation: { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.getTime() } }, 201);
  })
  .delete('/invitations/:id', validate('param', idParam), async (c) => {
    const { db, now } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const [withdrawn] = await db
      .update(staffInvitations)
      .set({ cancelledAt: now() })
      .where(
        and(
          eq(staffInvitations.id, c.req.valid('param').id),
          eq(staffInvitations.companyId, companyId),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.cancelledAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (!withdrawn) return c.json({ error: 'notFound' as const }, 404);
    await staffChanged(db, companyId);
    return c.json({ ok: true as const });
  })
  .patch('/:id', jsonOnly, validate('param', idParam), validate('json', roleBody), async (c) => {
    const { db } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const result = await db.transaction(async (tx) => {
      const person = await member(tx, companyId, id);
      if (!person) return 'notFound' as const;
      if (person.role === role) return person;
      if (person.role === 'admin' && (await lastAdmin(tx, companyId, id))) return 'lastAdmin' as const;
      const [changed] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
      // What they may do changed: they sign in again and get the screens of their new role.
      await signOutEverywhere(tx, id);
      await staffChanged(tx, companyId);
      return changed!;
    });
    if (result === 'notFound') return c.json({ error: 'notFound' as const }, 404);
    if (result === 'lastAdmin') return c.json({ error: 'lastAdmin' as const }, 409);
    return c.json({ person: personView(result) });
  })
  // The branches an agent works at: the handovers they see and record (none ticked: all the company's).
  .put('/:id/branches', jsonOnly, validate('param', idParam), validate('json', branchesBody), async (c) => {
    const { db } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const { id } = c.req.valid('param');
    const wanted = [...new Set(c.req.valid('json').branches)];
    const person = await member(db, companyId, id);
    if (!person) return c.json({ error: 'notFound' as const }, 404);
    if (person.role !== 'agent') return c.json({ error: 'invalid' as const, fields: { branches: 'notAgent' as const } }, 400);
    // Another company's branch is not one to give: as if it did not exist.
    if ((await ownBranches(db, companyId, wanted)).length !== wanted.length)
      return c.json({ error: 'invalid' as const, fields: { branches: 'unknownBranch' as const } }, 400);
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ branchIds: wanted }).where(eq(users.id, id)).returning();
      // Their counter's list changes: it reads again (it listens to the bookings' changes).
      await pushTo(tx, [id], 'journey');
      await staffChanged(tx, companyId);
      return row!;
    });
    return c.json({ person: personView(changed) });
  })
  .post('/:id/revoke', jsonOnly, validate('param', idParam), validate('json', z.object({}).strict()), async (c) => {
    const { db, now } = c.var.deps;
    const companyId = c.var.user!.companyId!;
    const { id } = c.req.valid('param');
    const result = await db.transaction(async (tx) => {
      const person = await member(tx, companyId, id);
      if (!person) return 'notFound' as const;
      if (person.role === 'admin' && (await lastAdmin(tx, companyId, id))) return 'lastAdmin' as const;
      // The account stays (the handovers and decisions they signed keep their name); it no longer opens.
      await tx.update(users).set({ revokedAt: now(), passwordHash: null }).where(eq(users.id, id));
      await signOutEverywhere(tx, id);
      await staffChanged(tx, companyId);
      return 'revoked' as const;
    });
    if (result === 'notFound') return c.json({ error: 'notFound' as const }, 404);
    if (result === 'lastAdmin') return c.json({ error: 'lastAdmin' as const }, 409);
    return c.json({ ok: true as const });
  });
