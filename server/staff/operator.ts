// The platform's operator: creates rental companies, each with its first admin (invited by e-mail,
// who then invites the rest), and suspends one: its staff are signed out and cannot sign in, its cars
// leave search, its invitations stop working; reinstating undoes it. Only the operator role.
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { companyProblems } from '../../machines/company';
import { checkEmail } from '../../machines/validation';
import { companies, sessions, users } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { pushTo } from '../live/hub';
import { invite } from './invitations';

const companyBody = z
  .object({
    nameEn: z.string().max(200),
    nameAr: z.string().max(200),
    subtitleEn: z.string().max(200).default(''),
    subtitleAr: z.string().max(200).default(''),
    adminEmail: z.string().max(320),
    lang: z.enum(['en', 'ar']),
  })
  .strict();
const idParam = z.object({ id: z.string().min(1).max(60) });

/** The company's id, from its English name (`Palm Cars LLC` → `palm-cars-llc`). */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'company';


export const operatorRoutes = new Hono<AppEnv>()
  .use(requireRole('operator'))
  .get('/companies', async (c) => {
    const { db } = c.var.deps;
    const rows = await db.select().from(companies).orderBy(asc(companies.createdAt), asc(companies.id));
    const staff = await db
      .select({ companyId: users.companyId, n: count() })
      .from(users)
      .where(isNull(users.revokedAt))
      .groupBy(users.companyId);
    const staffOf = new Map(staff.map((s) => [s.companyId, s.n]));
    return c.json({
      companies: rows.map((r) => ({
        id: r.id,
        name: { en: r.nameEn, ar: r.nameAr },
        suspended: r.suspendedAt !== null,
        staff: staffOf.get(r.id) ?? 0,
      })),
    });
  })
  .post('/companies', jsonOnly, validate('json', companyBody), async (c) => {
    const deps = c.var.deps;
    const body = c.req.valid('json');
    const fields = companyProblems(body);
    if (Object.keys(fields).length > 0) return c.json({ error: 'invalid' as const, fields }, 400);
    const nameEn = body.nameEn.trim();
    const created = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({
          id: slugOf(nameEn),
          nameEn,
          nameAr: body.nameAr.trim(),
          subtitleEn: body.subtitleEn.trim(),
          subtitleAr: body.subtitleAr.trim(),
        })
        .onConflictDoNothing({ target: companies.id })
        .returning();
      if (!row) return null;
      await invite(tx, deps, { companyId: row.id, email: body.adminEmail, role: 'admin', lang: body.lang, invitedBy: c.var.user! });
      return row;
    });
    // The id comes from the English name: two companies of one name would be one company to renters.
    if (!created) return c.json({ error: 'invalid' as const, fields: { nameEn: 'nameTaken' as const } }, 409);
    deps.mail.nudge();
    deps.log.info('company created', { companyId: created.id });
    return c.json({ company: { id: created.id, name: { en: created.nameEn, ar: created.nameAr }, suspended: false, staff: 0 } }, 201);
  })
  .post('/companies/:id/suspend', jsonOnly, validate('param', idParam), validate('json', z.object({}).strict()), async (c) => {
    const { db, now } = c.var.deps;
    const { id } = c.req.valid('param');
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.update(companies).set({ suspendedAt: now() }).where(eq(companies.id, id)).returning();
      if (!row) return false;
      const staff = (await tx.select({ id: users.id }).from(users).where(eq(users.companyId, id))).map((u) => u.id);
      if (staff.length > 0) {
        await tx.delete(sessions).where(inArray(sessions.userId, staff));
        await pushTo(tx, staff, 'session');
      }
      return true;
    });
    if (!done) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ ok: true as const });
  })
  .post('/companies/:id/reinstate', jsonOnly, validate('param', idParam), validate('json', z.object({}).strict()), async (c) => {
    const { db } = c.var.deps;
    const [row] = await db.update(companies).set({ suspendedAt: null }).where(eq(companies.id, c.req.valid('param').id)).returning();
    if (!row) return c.json({ error: 'notFound' as const }, 404);
    return c.json({ ok: true as const });
  })
  // Another invitation for a company's admin (the first was lost, or its admin left).
  .post('/companies/:id/admins', jsonOnly, validate('param', idParam), validate('json', companyBody.pick({ adminEmail: true, lang: true }).strict()), async (c) => {
    const deps = c.var.deps;
    const { id } = c.req.valid('param');
    const { adminEmail, lang } = c.req.valid('json');
    const problem = checkEmail(adminEmail);
    if (problem) return c.json({ error: 'invalid' as const, fields: { adminEmail: problem } }, 400);
    const [company] = await deps.db.select().from(companies).where(and(eq(companies.id, id), isNull(companies.suspendedAt)));
    if (!company) return c.json({ error: 'notFound' as const }, 404);
    await deps.db.transaction((tx) => invite(tx, deps, { companyId: id, email: adminEmail, role: 'admin', lang, invitedBy: c.var.user! }));
    deps.mail.nudge();
    return c.json({ ok: true as const }, 201);
  });
