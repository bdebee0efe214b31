// Repeated wrong passwords: after a few, each answer is held back a little longer; after more, the
// log-in is locked for a while (even the right password waits). The answer never says which of
// e-mail or password was wrong. Failures count twice over:
// - per account *from one client*: an attacker elsewhere cannot lock the owner out of their account;
// - per client over every account: one client trying many e-mails (credential stuffing) slows down,
//   then stops, whichever e-mails it tries.
// The counts are rows in the database, so every instance shares them.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import type { Deps } from '../deps';
import { verifyPassword } from './passwords';
import { loginThrottle } from '../db/schema';

export interface Limits {
  /** Failures answered at once, before answers start to slow down. */
  free: number;
  /** Failures after which it is locked. */
  lockAfter: number;
}
/** One account from one client. */
export const ACCOUNT_LIMITS: Limits = { free: 3, lockAfter: 8 };
/**
 * One client, over every account it tries: generous, since many phones share one address behind a
 * carrier's NAT; past the free ones each answer is held longer (20 s at 60), and at 100 it stops.
 */
export const CLIENT_LIMITS: Limits = { free: 20, lockAfter: 100 };
/** Failures after which an account is locked from a client (the tests' count). */
export const LOCK_AFTER = ACCOUNT_LIMITS.lockAfter;
export const LOCK_MINUTES = 15;
const MINUTE = 60_000;
/** Failures older than this are forgotten (and their rows removed: server/housekeeping.ts). */
export const FAILURE_WINDOW_MS = 60 * MINUTE;

/** What the failures are counted against: an account from a client, or a client. */
export interface Counted {
  key: string;
  limits: Limits;
}
/** An e-mail has no space, an address none either: the keys cannot meet. A client not known: `unknown`. */
export const accountFrom = (email: string, client: string | null): Counted => ({
  key: `${email} ${client ?? 'unknown'}`,
  limits: ACCOUNT_LIMITS,
});
const fromClient = (client: string): Counted => ({ key: `client ${client}`, limits: CLIENT_LIMITS });
/** A log-in's counts: the account from this client, and the client (when its address is known). */
export const logInCounts = (email: string, client: string | null): Counted[] =>
  client === null ? [accountFrom(email, null)] : [accountFrom(email, client), fromClient(client)];

export type ThrottleState = { locked: false; failures: number } | { locked: true; until: Date };

type Row = typeof loginThrottle.$inferSelect;
const stateOf = (row: Row | undefined, now: Date): ThrottleState => {
  if (!row) return { locked: false, failures: 0 };
  if (row.lockedUntil && row.lockedUntil > now) return { locked: true, until: row.lockedUntil };
  const stale = now.getTime() - row.lastFailureAt.getTime() > FAILURE_WINDOW_MS;
  return { locked: false, failures: stale || row.lockedUntil ? 0 : row.failures };
};

/** Locked if any of `counted` is (until the latest of them); else not. */
export async function throttleState(db: Db, counted: Counted[], now: Date): Promise<ThrottleState> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, counted.map((c) => c.key)));
  const locks = rows.map((row) => stateOf(row, now)).filter((s) => s.locked);
  if (locks.length === 0) return { locked: false, failures: 0 };
  return { locked: true, until: new Date(Math.max(...locks.map((s) => s.until.getTime()))) };
}

/** An attempt as counted before its password is checked (countAttempt). */
export interface Attempt {
  /** Every count still allows it (the attempt that reaches a limit is the last one allowed). */
  allowed: boolean;
  /** Were it wrong, how long to hold the answer back (ms). */
  holdMs: number;
  /** When the lock it met ends, if it was refused. */
  until: Date;
}

/**
 * Counts an attempt against each of `counted` *before* its password is checked, each in one
 * statement, so attempts in flight together are counted one after another: before, about ten log-ins
 * sent at once all passed the lock check (ten guesses where eight were allowed). A count whose window
 * passed or whose lock ended starts again. The right password then takes its count back
 * (attemptSucceeded).
 */
export async function countAttempt(db: Db, counted: Counted[], now: Date, delayMs: number): Promise<Attempt> {
  const attempt: Attempt = { allowed: true, holdMs: 0, until: now };
  const lockUntil = new Date(now.getTime() + LOCK_MINUTES * MINUTE);
  for (const { key, limits } of counted) {
    const restarts = sql`(${loginThrottle.lockedUntil} is not null and ${loginThrottle.lockedUntil} <= ${now.toISOString()}::timestamptz) or ${loginThrottle.lastFailureAt} < ${new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
    const failures = sql`case when ${restarts} then 1 else ${loginThrottle.failures} + 1 end`;
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, lastFailureAt: now, lockedUntil: limits.lockAfter <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          lastFailureAt: now,
          lockedUntil: sql`case when ${failures} >= ${limits.lockAfter} then ${lockUntil.toISOString()}::timestamptz when ${restarts} then null else ${loginThrottle.lockedUntil} end`,
        },
      })
      .returning();
    const n = row!.failures;
    if (n > limits.lockAfter) {
      attempt.allowed = false;
      if (row!.lockedUntil && row!.lockedUntil > attempt.until) attempt.until = row!.lockedUntil;
    }
    attempt.holdMs = Math.max(attempt.holdMs, Math.max(0, n - limits.free) * delayMs);
  }
  return attempt;
}

/**
 * The right password from this client: its count for that account is forgotten, and the attempt is
 * taken back from the client's (a right password is no failure: phones behind one address log in).
 */
export async function attemptSucceeded(db: Db, counted: Counted[]) {
  const [account, ...others] = counted;
  if (account) await db.delete(loginThrottle).where(eq(loginThrottle.key, account.key));
  // A lock this very attempt set (it reached the limit) goes with it.
  for (const { key, limits } of others)
    await db
      .update(loginThrottle)
      .set({
        failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
        lockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${limits.lockAfter} then null else ${loginThrottle.lockedUntil} end`,
      })
      .where(eq(loginThrottle.key, key));
}

/** A password checked in its turn (passwordInTurn): locked, or right or wrong (the hold to wait if wrong). */
export type Checked<T> = { locked: Date } | { right: boolean; holdMs: number; account: T };

/**
 * Checks a password in its turn at the hashing gate: the lock is read and the attempt counted once
 * the turn has come, then the hash. Read before the line, the statements of every log-in let in ran
 * at once: a flood's first second (80 networks, 640 log-ins) queued thousands on the embedded
 * database, whose work is this thread's, and no other answer went out for 2.8 s. In turn, they come
 * at the pace of hashing. `stored` reads the account and the hash to check against in turn too (a
 * decoy's when the e-mail is unknown).
 */
export async function passwordInTurn<T>(
  deps: Pick<Deps, 'db' | 'now' | 'hashing' | 'config'>,
  place: { client: string | null; known?: string | null },
  counted: Counted[],
  password: string,
  stored: () => Promise<{ account: T; hash: string }>,
): Promise<Checked<T>> {
  const { db, now } = deps;
  return deps.hashing(
    place.client,
    async () => {
      const throttle = await throttleState(db, counted, now());
      if (throttle.locked) return { locked: throttle.until };
      // Counted before the password is checked: log-ins in flight together cannot all pass the lock.
      const attempt = await countAttempt(db, counted, now(), deps.config.throttleDelayMs);
      if (!attempt.allowed) return { locked: attempt.until };
      const { account, hash } = await stored();
      return { right: await verifyPassword(password, hash), holdMs: attempt.holdMs, account };
    },
    place.known,
  );
}
