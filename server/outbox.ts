// The outboxes (mail_outbox, push_outbox): a message is a row written in the transaction that decides
// it, and a worker on each instance sends what is due. A row is claimed before it is sent (its next
// attempt moved on, its attempts counted) in a transaction that skips rows another worker holds, so two
// instances never send one row at once; a restart finds the rows where they were.
import { and, asc, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from './db/open';
import { mailOutbox, pushOutbox } from './db/schema';

type Outbox = typeof mailOutbox | typeof pushOutbox;

/** How long a claimed row is left to the worker that claimed it before another may try it. */
const CLAIM_MS = 60_000;

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min … up to an hour. */
export const retryAfterMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/** Claims up to `batch` rows of `table` due at `now` and tried fewer than `maxAttempts` times, oldest first. */
export async function claimDue<T extends Outbox>(
  db: Db,
  table: T,
  now: Date,
  maxAttempts: number,
  batch: number,
): Promise<T['$inferSelect'][]> {
  // One table's columns, whichever it is (both have these four with the same types).
  const t = table as typeof mailOutbox;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(isNull(t.sentAt), lte(t.nextAttemptAt, now), sql`${t.attempts} < ${maxAttempts}`))
      .orderBy(asc(t.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(t)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: sql`${t.attempts} + 1` })
      .where(inArray(t.id, due.map((row) => row.id)))
      .returning();
  }) as Promise<T['$inferSelect'][]>;
}
