// Rows that only matter for a while, removed once they cannot matter any more: expired sessions, UAE
// PASS requests past their ten minutes, and log-in failure counts that no longer count (unlocked and
// older than their window). Run at start and then every hour by each instance: the deletes are
// idempotent, so several instances doing it at once do no harm.
import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from './db/open';
import { loginThrottle, sessions, uaePassRequests } from './db/schema';
import { FAILURE_WINDOW_MS } from './auth/throttle';
import type { Logger } from './deps';

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** Removes what has expired at `now`; returns how many rows of each. */
export async function housekeeping(db: Db, now: Date) {
  const forgotten = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [expiredSessions, staleRequests, staleCounts] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(uaePassRequests).where(lt(uaePassRequests.expiresAt, now)).returning({ state: uaePassRequests.state }),
    db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.lastFailureAt, forgotten), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))))
      .returning({ key: loginThrottle.key }),
  ]);
  return { sessions: expiredSessions.length, uaePassRequests: staleRequests.length, loginCounts: staleCounts.length };
}

/** Housekeeping now (before the server answers) and every hour after, off the request path; returns how to stop it. */
export async function startHousekeeping(db: Db, now: () => Date, log: Logger): Promise<() => void> {
  const run = () =>
    housekeeping(db, now()).then(
      (removed) => log.info('housekeeping', removed),
      (error: unknown) => log.error('housekeeping failed', { reason: error instanceof Error ? error.message : 'unknown' }),
    );
  await run();
  const timer = setInterval(() => void run(), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
