// Rental companies as records: the cards renters see (Services carousel) and, per company, the API key
// its authority feeds (police fines, Salik) import with. The key is shown once; only its SHA-256 is kept.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { CompanyId } from '../../machines/fleet';
import type { Db } from '../db/open';
import { branches, cars, companies } from '../db/schema';
import { clausesOf } from '../../machines/company';
import type { AppEnv } from '../deps';
import { requireRole } from '../auth/middleware';
import { jsonOnly } from '../http/security';
import { validate } from '../http/validate';
import { imageView } from '../images/images';

type CompanyRow = typeof companies.$inferSelect;

/** The companies whose cars the fleet lists; made at start when missing. */
export const COMPANIES: Record<CompanyId, Omit<typeof companies.$inferInsert, 'id'>> = {
  'elite-auto': {
    nameEn: 'Elite Auto Rentals',
    nameAr: 'إيليت لتأجير السيارات',
    subtitleEn: 'Premium selection',
    subtitleAr: 'تشكيلة فاخرة',
    picture: 'company',
  },
  'desert-drive': {
    nameEn: 'Desert Drive',
    nameAr: 'ديزرت درايف',
    subtitleEn: 'SUVs for the city and the dunes',
    subtitleAr: 'سيارات دفع رباعي للمدينة والكثبان',
    picture: 'company',
  },
  'marina-motors': {
    nameEn: 'Marina Motors',
    nameAr: 'مارينا موتورز',
    subtitleEn: 'Economy cars, fair prices',
    subtitleAr: 'سيارات اقتصادية بأسعار عادلة',
    picture: 'company',
  },
};

export async function ensureCompanies(db: Db) {
  for (const [id, values] of Object.entries(COMPANIES)) {
    // Made once: afterwards the company is its admin's to name (server/companies/profile.ts), and a restart keeps it.
    await db.insert(companies).values({ id, ...values }).onConflictDoNothing({ target: companies.id });
  }
}

export const companyView = (row: CompanyRow, bookable = 0) => ({
  id: row.id,
  name: { en: row.nameEn, ar: row.nameAr },
  subtitle: { en: row.subtitleEn, ar: row.subtitleAr },
  picture: row.picture,
  /** The logo its admin uploaded (server/companies/profile.ts), or null: the cards then show the app's picture. */
  logo: imageView(row.logo ?? null),
  /** The party to a renter's contract, as its admin keeps it: what a contract and an invoice print. */
  address: { en: row.addressEn, ar: row.addressAr },
  trn: row.trn,
  supportPhone: row.supportPhone,
  /** Its own clauses, after the standard agreement's: what a renter reads before accepting. */
  clauses: { en: clausesOf(row.clausesEn), ar: clausesOf(row.clausesAr) },
  /** Renters can rent from it: it has cars to offer (a new company has none yet). */
  hasCars: bookable > 0,
});
export type CompanyView = ReturnType<typeof companyView>;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The company a feed's API key belongs to (its current key, or the one it replaced while that still works), or null. */
export async function companyByKey(db: Db, key: string, now: Date) {
  const hash = hashKey(key);
  const [row] = await db
    .select()
    .from(companies)
    .where(or(eq(companies.apiKeyHash, hash), and(eq(companies.previousApiKeyHash, hash), gt(companies.previousKeyUntil, now))));
  return row ?? null;
}

/** How long a replaced key keeps working: a day to give the authorities' systems the new one. */
export const KEY_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * A new API key for the company, returned once and never stored; the key it replaces keeps working
 * until the returned moment (null when there was none), so a feed does not stop at one tap.
 */
export async function rotateApiKey(db: Db, companyId: string, now: Date) {
  const key = `mck_${randomBytes(24).toString('base64url')}`;
  const until = new Date(now.getTime() + KEY_GRACE_MS).toISOString();
  // One statement: the right-hand sides read the row as it was, so two rotations at once cannot lose a key.
  const [row] = await db
    .update(companies)
    .set({
      apiKeyHash: hashKey(key),
      previousApiKeyHash: sql`${companies.apiKeyHash}`,
      previousKeyUntil: sql`case when ${companies.apiKeyHash} is null then null else ${until}::timestamptz end`,
    })
    .where(eq(companies.id, companyId))
    .returning({ previousUntil: companies.previousKeyUntil });
  return { key, previousUntil: row?.previousUntil?.getTime() ?? null };
}

export const companyRoutes = new Hono<AppEnv>()
  // Public: the companies renters can rent from.
  .get('/', async (c) => {
    // A suspended company is not offered to anyone.
    const rows = await c.var.deps.db
      .select({ company: companies, bookable: sql<number>`count(${cars.id})::int` })
      .from(companies)
      .leftJoin(cars, and(eq(cars.companyId, companies.id), eq(cars.status, 'available')))
      .where(isNull(companies.suspendedAt))
      .groupBy(companies.id)
      .orderBy(asc(companies.createdAt), asc(companies.id));
    return c.json({ companies: rows.map((r) => companyView(r.company, r.bookable)) });
  })
  // Public: a company's branches as renters read them (where to go, when it is open), not a suspended one's.
  .get('/:id/branches', validate('param', z.object({ id: z.string().max(60) })), async (c) => {
    const rows = await c.var.deps.db
      .select({ branch: branches })
      .from(branches)
      .innerJoin(companies, eq(companies.id, branches.companyId))
      .where(and(eq(branches.companyId, c.req.valid('param').id), isNull(companies.suspendedAt)));
    return c.json({
      branches: rows.map(({ branch: b }) => ({
        place: b.place,
        name: { en: b.nameEn, ar: b.nameAr },
        address: { en: b.addressEn, ar: b.addressAr },
        lat: b.lat,
        lng: b.lng,
        hours: b.hours,
      })),
    });
  })
  .post('/api-key', requireRole('manager'), jsonOnly, validate('json', z.object({}).strict()), async (c) => {
    return c.json(await rotateApiKey(c.var.deps.db, c.var.user!.companyId!, c.var.deps.now()), 201);
  });
