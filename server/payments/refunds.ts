// Refunds by the company (machines/refunds.ts decides what may be given back). In order:
//
// 1. The refund's row is written, in one transaction with a lock on the booking, after the rule is
//    checked against the journey and the refunds still being asked. The same refund asked twice is
//    refused by the row's unique key, before any money moves.
// 2. The provider gives back that amount of that charge only, under a key named for the row.
// 3. The journey takes it (`money.refunded`, guarded by the same rule). Its save marks the row
//    refunded and writes the audit line; the credit note is issued and the renter told with it
//    (server/journey/service.ts).
//
// A refund the provider refused is deleted (it may be asked again). One whose answer never came, or
// whose process died before the journey's save, is finished by the payments worker past
// REFUND_GRACE_MS under the same key: the provider answers a key it has seen with what it did then.
import { and, asc, eq, isNull, lt, sum } from 'drizzle-orm';
import { JourneyFailure } from '../../machines/journey';
import { chargesOf, refundProblems, type RefundInput } from '../../machines/refunds';
import { restoreJourney } from '../../machines/persistence';
import { parseAmount } from '../../machines/returns';
import type { JourneyError } from '../../machines/journey-rules';
import type { Problem } from '../../machines/validation';
import { auditLines, bookings, companyRefunds, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { Deps } from '../deps';
import type { User } from '../auth/sessions';
import type { BookingRow } from '../journey/bookings';
import { applyStep, StaleRecord } from '../journey/service';

/** A refund asked this long ago and still not in the journey was left by a request that died: the worker finishes it. */
export const REFUND_GRACE_MS = 60_000;
const TRIES = 3;

type RefundRow = typeof companyRefunds.$inferSelect;

export type RefundAnswer =
  | { status: 200 }
  | { status: 400; body: { error: 'invalid'; fields: Partial<Record<keyof RefundInput, Problem>> } }
  /** The same refund was given (or is being given) already: when, and by whom. */
  | { status: 409; body: { error: 'alreadyRefunded'; at: number; by: string } }
  | { status: 409; body: { error: 'conflict' } }
  /** The provider refused: nothing was given back. */
  | { status: 402; body: { error: 'refundFailed'; reason: JourneyError } }
  /** No answer from the provider: the payments worker finishes it (the renter is told then). */
  | { status: 503; body: { error: 'providerDown' } };

/** A manager's refund of part of one of the booking's charges (the row as the caller read it, at `version`). */
export async function refundCharge(deps: Deps, manager: User, row: BookingRow, input: RefundInput, version: number): Promise<RefundAnswer> {
  if (row.version !== version) return { status: 409, body: { error: 'conflict' } };
  let asked: RefundRow | { problems: Partial<Record<keyof RefundInput, Problem>> } | { already: RefundRow };
  try {
    asked = await deps.db.transaction(async (tx) => {
      // Two refunds of one charge at once: the second waits here and counts the first as asked.
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      const snapshot = locked && locked.version === version ? restoreJourney(locked.journey).snapshot : null;
      if (!snapshot) throw new StaleRecord();
      const [open] = await tx
        .select({ amount: sum(companyRefunds.amount).mapWith(Number) })
        .from(companyRefunds)
        .where(and(eq(companyRefunds.bookingId, row.id), eq(companyRefunds.charge, input.charge), isNull(companyRefunds.refundedAt)));
      const problems = refundProblems(snapshot.context, input, open?.amount ?? 0);
      if (Object.keys(problems).length > 0) return { problems };
      const [made] = await tx
        .insert(companyRefunds)
        .values({ bookingId: row.id, charge: input.charge, amount: parseAmount(input.amount)!, reason: input.reason.trim(), byUserId: manager.id, byName: manager.fullName, createdAt: deps.now() })
        .returning();
      return made!;
    });
  } catch (error) {
    if (error instanceof StaleRecord) return { status: 409, body: { error: 'conflict' } };
    if (!isUniqueViolation(error)) throw error;
    const [earlier] = await deps.db
      .select()
      .from(companyRefunds)
      .where(
        and(
          eq(companyRefunds.bookingId, row.id),
          eq(companyRefunds.charge, input.charge),
          eq(companyRefunds.amount, parseAmount(input.amount)!),
          eq(companyRefunds.reason, input.reason.trim()),
        ),
      );
    asked = { already: earlier! };
  }
  if ('problems' in asked) return { status: 400, body: { error: 'invalid', fields: asked.problems } };
  if ('already' in asked) return { status: 409, body: { error: 'alreadyRefunded', at: (asked.already.refundedAt ?? asked.already.createdAt).getTime(), by: asked.already.byName } };
  return carryOut(deps, asked);
}

/** Asks the provider for the row's refund, then has the journey take it. */
async function carryOut(deps: Deps, refund: RefundRow): Promise<RefundAnswer> {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, refund.bookingId));
  const c = row && restoreJourney(row.journey).snapshot?.context;
  const charge = c && chargesOf(c).find((ch) => ch.id === refund.charge);
  if (!row || !charge) {
    deps.log.error('payment: a refund names a charge the booking does not have', { refund: refund.id });
    return { status: 409, body: { error: 'conflict' } };
  }
  let reference: string;
  try {
    ({ reference } = await deps.gateway.refund({ references: [charge.reference], amount: refund.amount, idempotencyKey: `${refund.bookingId}:refund:${refund.id}` }));
  } catch (error) {
    if (error instanceof JourneyFailure) {
      // Refused: nothing moved. The row goes, so the same refund can be asked again.
      await deps.db.delete(companyRefunds).where(eq(companyRefunds.id, refund.id));
      return { status: 402, body: { error: 'refundFailed', reason: error.code } };
    }
    deps.log.error('payment: a refund got no answer from the provider', { refund: refund.id, reason: error instanceof Error ? error.message : 'unknown' });
    return { status: 503, body: { error: 'providerDown' } };
  }
  return record(deps, refund, reference);
}

/** The provider gave it back: the journey records it (again at a newer version when another step saved meanwhile). */
async function record(deps: Deps, refund: RefundRow, reference: string): Promise<RefundAnswer> {
  for (let i = 0; i < TRIES; i++) {
    const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, refund.bookingId));
    const [renter] = row ? await deps.db.select().from(users).where(eq(users.id, row.renterId)) : [];
    if (!row || !renter) return { status: 409, body: { error: 'conflict' } };
    const at = deps.now();
    const event = {
      type: 'money.refunded',
      refund: { charge: refund.charge, amount: refund.amount, reason: refund.reason, by: refund.byName, at: at.getTime(), reference },
    } as const;
    const result = await applyStep(deps, renter, row, event, row.version, async (tx) => {
      // Recorded once: a second process finishing the same row loses here.
      const [marked] = await tx
        .update(companyRefunds)
        .set({ refundedAt: at, reference })
        .where(and(eq(companyRefunds.id, refund.id), isNull(companyRefunds.refundedAt)))
        .returning({ id: companyRefunds.id });
      if (!marked) throw new StaleRecord();
      const company = restoreJourney(row.journey).snapshot?.context.booking.car.company ?? null;
      await tx.insert(auditLines).values({
        at,
        byUserId: refund.byUserId,
        byName: refund.byName,
        companyId: company,
        action: 'refund',
        bookingId: refund.bookingId,
        details: { number: row.number, charge: refund.charge, amount: refund.amount, reason: refund.reason, reference },
      });
    });
    if (result.status === 200) {
      deps.log.info('payment: the company refunded part of a charge', { booking: row.number, charge: refund.charge, amount: refund.amount });
      return { status: 200 };
    }
    if (result.status === 409 && result.body.error === 'conflict') {
      const [now] = await deps.db.select({ refundedAt: companyRefunds.refundedAt }).from(companyRefunds).where(eq(companyRefunds.id, refund.id));
      if (now?.refundedAt) return { status: 200 };
      continue;
    }
    break;
  }
  // Given back at the provider but not yet in the journey: the worker records it on its next round.
  deps.log.error('payment: a refund given back is not yet in the journey', { refund: refund.id });
  return { status: 409, body: { error: 'conflict' } };
}

/** One round: refunds asked and left unfinished past REFUND_GRACE_MS, oldest first, carried out under their own keys. */
export async function finishRefunds(deps: Deps, stopping: () => boolean = () => false) {
  const left = await deps.db
    .select()
    .from(companyRefunds)
    .where(and(isNull(companyRefunds.refundedAt), lt(companyRefunds.createdAt, new Date(deps.now().getTime() - REFUND_GRACE_MS))))
    .orderBy(asc(companyRefunds.createdAt))
    .limit(50);
  for (const refund of left) {
    if (stopping()) return;
    await carryOut(deps, refund).catch((error: unknown) =>
      deps.log.error('payment: a refund could not be finished now', { refund: refund.id, reason: error instanceof Error ? error.message : 'unknown' }),
    );
  }
}
