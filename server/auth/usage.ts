// What one client (its address) may spend in an hour, kept as rows so every instance counts the same:
// registrations and the bytes of the documents they store. Without it one client stored 300 MB of
// documents in 5 s through 20 anonymous registrations. Generous, since phones share carriers'
// addresses; a request made in-process (no address) is not counted.
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import type { Db } from '../db/open';
import { clientUsage } from '../db/schema';

export interface Allowance {
  /** Spendings (registrations) per window. */
  count: number;
  /** Bytes stored per window. */
  bytes: number;
  windowMs: number;
}

const MB = 1024 * 1024;
/** Ten registrations, or 50 MB of documents (three full-size ones each: 15 MB), per client per hour. */
export const REGISTRATION_ALLOWANCE: Allowance = { count: 10, bytes: 50 * MB, windowMs: 60 * 60 * 1000 };
/**
 * The registration bodies one instance reads at once, by their declared sizes (one sent without a
 * size counts as the largest allowed): what they hold in memory (120 of 15 MB at once took 350 MB
 * more). 128 MB: dozens of phones' registrations at once, or eight of the largest.
 */
export const REGISTRATION_READ_BYTES = 128 * MB;

/** Authority files per company, and per client address, an hour: a feed sends a few a day; a screen one at a time. */
export const IMPORT_ALLOWANCE: Allowance = { count: 30, bytes: 30 * MB, windowMs: 60 * 60 * 1000 };

const HOUR = 60 * 60 * 1000;
/**
 * Pictures an hour (kept as files: every upload route counts against one), by who takes them. A renter:
 * an incident's scene and their side of a return, two reports' worth. One of a company's people: a
 * counter's busiest hour (12 photos a handover). A company, all its people together: handovers, its
 * fleet's photos and its logo. Without them one renter stored 48 MB of photos in 0.9 s.
 */
export const PICTURE_ALLOWANCES = {
  renter: { count: 36, bytes: 36 * MB, windowMs: HOUR },
  staff: { count: 240, bytes: 240 * MB, windowMs: HOUR },
  company: { count: 600, bytes: 600 * MB, windowMs: HOUR },
} satisfies Record<string, Allowance>;
export type PictureAllowances = typeof PICTURE_ALLOWANCES;

export type Spent = { ok: true } | { ok: false; retryAfter: number };

/** Whether `client` has used the whole of `allowance` for `what` in the window now open (asked before any work, nothing counted). */
export async function usedUp(db: Db, what: string, client: string | null, allowance: Allowance, now: Date): Promise<Spent> {
  if (client === null) return { ok: true };
  const [row] = await db.select().from(clientUsage).where(eq(clientUsage.key, `${what} ${client}`));
  const ends = row ? row.windowStart.getTime() + allowance.windowMs : 0;
  if (!row || ends <= now.getTime() || (row.count < allowance.count && row.bytes < allowance.bytes)) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}

/** Counts one `what` of `bytes` for `client` at `now`; past the allowance, when the window ends (s). */
export async function spend(
  db: Db,
  what: string,
  client: string | null,
  bytes: number,
  allowance: Allowance,
  now: Date,
): Promise<Spent> {
  if (client === null) return { ok: true };
  const at = now.toISOString();
  // A window older than the allowance's starts again from this spending (every expression reads the old row).
  const stale = sql`${clientUsage.windowStart} <= ${new Date(now.getTime() - allowance.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(clientUsage)
    .values({ key: `${what} ${client}`, windowStart: now, count: 1, bytes })
    .onConflictDoUpdate({
      target: clientUsage.key,
      set: {
        windowStart: sql`case when ${stale} then ${at}::timestamptz else ${clientUsage.windowStart} end`,
        count: sql`case when ${stale} then 1 else ${clientUsage.count} + 1 end`,
        bytes: sql`case when ${stale} then excluded.bytes else ${clientUsage.bytes} + excluded.bytes end`,
      },
    })
    .returning();
  if (row!.count <= allowance.count && row!.bytes <= allowance.bytes) return { ok: true };
  return {
    ok: false,
    retryAfter: Math.max(
      1,
      Math.ceil((row!.windowStart.getTime() + allowance.windowMs - now.getTime()) / 1000),
    ),
  };
}

/**
 * Counts one `what` of `bytes` against each of `allowances` (who → allowance) in turn: null when all
 * allow it, else the 429 to answer (with Retry-After), the first that does not.
 */
export async function overAllowance(c: Context, db: Db, what: string, bytes: number, allowances: [string | null, Allowance][], now: Date) {
  for (const [who, allowance] of allowances) {
    const spent = await spend(db, what, who, bytes, allowance, now);
    if (!spent.ok) {
      c.header('Retry-After', String(spent.retryAfter));
      return c.json({ error: 'tooMany' as const, retryAfter: spent.retryAfter }, 429);
    }
  }
  return null;
}

/**
 * Counts a picture of `bytes` (a photo, a car's, a logo) against the signed-in person's allowance, and
 * a company person's against their company's too: the 429 to answer past one, else null.
 */
export function overPictureAllowance(c: Context<AppEnv>, bytes: number) {
  const { db, config, now } = c.var.deps;
  const user = c.var.user!;
  const allowances: [string, Allowance][] =
    user.role === 'renter'
      ? [[`account:${user.id}`, config.pictureAllowances.renter]]
      : [
          [`account:${user.id}`, config.pictureAllowances.staff],
          [`company:${user.companyId ?? ''}`, config.pictureAllowances.company],
        ];
  return overAllowance(c, db, 'pictures', bytes, allowances, now());
}

/** Usage whose window has ended, however long ago it was spent (removed by the housekeeping). */
export const endedBefore = (now: Date, allowance: Allowance) => new Date(now.getTime() - allowance.windowMs);
