// A company's branches as its admin keeps them: list, add, edit. Saved over a version (two admins
// editing one branch: the second gets 409 with the branch as it is now). Always the admin's own
// company's: another's branch is 404. A company has one branch per place renters choose from.
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkBranch } from '../../machines/branches';
import { formatCoordinates } from '../../machines/validation';
import type { Db } from '../db/open';
import { branches } from '../db/schema';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { isUniqueViolation } from '../db/errors';
import { jsonOnly } from '../http/security';
import { validate, version } from '../http/validate';

const text = z.string().max(1000);
const time = z.string().max(10);
const branchBody = z
  .object({
    nameEn: text,
    nameAr: text,
    place: z.string().max(40),
    addressEn: text,
    addressAr: text,
    coordinates: z.string().max(100),
    hours: z.array(z.object({ closed: z.boolean(), open: time, close: time }).strict()).length(7),
  })
  .strict();
const editBody = branchBody.extend({ version: version() }).strict();
const byId = z.object({ id: z.uuid() });

type BranchRow = typeof branches.$inferSelect;

/** What the admin's screens show and edit: the branch as kept, its coordinates as the form types them. */
export const branchView = (row: BranchRow) => ({
  id: row.id,
  version: row.version,
  place: row.place,
  nameEn: row.nameEn,
  nameAr: row.nameAr,
  addressEn: row.addressEn,
  addressAr: row.addressAr,
  coordinates: formatCoordinates(row.lat, row.lng),
  hours: row.hours,
});
export type BranchView = ReturnType<typeof branchView>;

/** The company's branches, by their English name. */
export async function companyBranches(db: Db, companyId: string) {
  return (await db.select().from(branches).where(eq(branches.companyId, companyId)).orderBy(asc(branches.nameEn))).map(branchView);
}

async function companyBranch(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.companyId, companyId)));
  return row ?? null;
}

/** A place is one branch per company: a second there is the admin's slip, said at the field. */
const placeTaken = { error: 'invalid' as const, fields: { place: 'placeTaken' as const } };

async function saving<T>(write: () => Promise<T>): Promise<T | typeof placeTaken> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return placeTaken;
    throw error;
  }
}

export const branchRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json({ branches: await companyBranches(c.var.deps.db, c.var.user!.companyId!) }))
  .post('/', jsonOnly, validate('json', branchBody), async (c) => {
    const { problems, values } = checkBranch(c.req.valid('json'));
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    const companyId = c.var.user!.companyId!;
    const saved = await saving(async () => (await c.var.deps.db.insert(branches).values({ companyId, ...values }).returning())[0]!);
    if ('error' in saved) return c.json(saved, 400);
    return c.json({ branch: branchView(saved) }, 201);
  })
  .put('/:id', jsonOnly, validate('param', byId), validate('json', editBody), async (c) => {
    const db = c.var.deps.db;
    const { version, ...input } = c.req.valid('json');
    const companyId = c.var.user!.companyId!;
    const id = c.req.valid('param').id;
    if (!(await companyBranch(db, companyId, id))) return c.json({ error: 'notFound' as const }, 404);
    const { problems, values } = checkBranch(input);
    if (!values) return c.json({ error: 'invalid' as const, fields: problems }, 400);
    // One UPDATE guarded by the version: a save over another admin's change updates nothing.
    const saved = await saving(
      async () =>
        (
          await db
            .update(branches)
            .set({ ...values, version: version + 1 })
            .where(and(eq(branches.id, id), eq(branches.companyId, companyId), eq(branches.version, version)))
            .returning()
        )[0] ?? null,
    );
    if (saved && 'error' in saved) return c.json(saved, 400);
    if (!saved) return c.json({ error: 'conflict' as const, branch: branchView((await companyBranch(db, companyId, id))!) }, 409);
    return c.json({ branch: branchView(saved) });
  });
