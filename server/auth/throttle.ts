// Repeated wrong passwords for one e-mail: after a few, each answer is held back a little longer;
// after more, the e-mail is locked for a while (even the right password waits). The answer never
// says which of e-mail or password was wrong.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { loginThrottle } from '../db/schema';

/** Failures answered at once, before answers start to slow down. */
export const FREE_FAILURES = 3;
/** Failures after which the e-mail is locked. */
export const LOCK_AFTER = 8;
export const LOCK_MINUTES = 15;
/** Failures older than this are forgotten. */
const WINDOW_MINUTES = 60;
const MINUTE = 60_000;

export type ThrottleState = { locked: false; failures: number } | { locked: true; until: Date };

export async function throttleState(db: Db, email: string, now: Date): Promise<ThrottleState> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.email, email));
  if (!row) return { locked: false, failures: 0 };
  if (row.lockedUntil && row.lockedUntil > now) return { locked: true, until: row.lockedUntil };
  const stale = now.getTime() - row.lastFailureAt.getTime() > WINDOW_MINUTES * MINUTE;
  return { locked: false, failures: stale || row.lockedUntil ? 0 : row.failures };
}

/** Records a failure; returns how long to hold the answer back (ms). */
export async function recordFailure(db: Db, email: string, now: Date, delayMs: number): Promise<number> {
  const state = await throttleState(db, email, now);
  const failures = (state.locked ? 0 : state.failures) + 1;
  const lockedUntil = failures >= LOCK_AFTER ? new Date(now.getTime() + LOCK_MINUTES * MINUTE) : null;
  await db
    .insert(loginThrottle)
    .values({ email, failures, lastFailureAt: now, lockedUntil })
    .onConflictDoUpdate({
      target: loginThrottle.email,
      set: { failures: sql`excluded.failures`, lastFailureAt: now, lockedUntil },
    });
  return Math.max(0, failures - FREE_FAILURES) * delayMs;
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}
