// Rental companies as records: the card renters see (Services carousel, a car's company), the ones
// renters can rent from, a company's branches as renters read them, and per company the API key its
// authority feeds (police fines, Salik) import with: shown once, only its SHA-256 kept. HTTP is ./routes.ts.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { clausesOf } from '../../machines/company';
import type { Db } from '../db/open';
import { branches, cars, companies } from '../db/schema';
import { imageView } from '../images/images';

type CompanyRow = typeof companies.$inferSelect;

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

/** The companies renters can rent from (a suspended one is offered to nobody), oldest first. */
export async function offeredCompanies(db: Db) {
  const rows = await db
    .select({ company: companies, bookable: sql<number>`count(${cars.id})::int` })
    .from(companies)
    .leftJoin(cars, and(eq(cars.companyId, companies.id), eq(cars.status, 'available')))
    .where(isNull(companies.suspendedAt))
    .groupBy(companies.id)
    .orderBy(asc(companies.createdAt), asc(companies.id));
  return rows.map((r) => companyView(r.company, r.bookable));
}

/** A company's branches as renters read them (where to go, when it is open); none for a suspended one. */
export async function offeredBranches(db: Db, companyId: string) {
  const rows = await db
    .select({ branch: branches })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(eq(branches.companyId, companyId), isNull(companies.suspendedAt)));
  return rows.map(({ branch: b }) => ({
    place: b.place,
    name: { en: b.nameEn, ar: b.nameAr },
    address: { en: b.addressEn, ar: b.addressAr },
    lat: b.lat,
    lng: b.lng,
    hours: b.hours,
  }));
}
