// Fines and Salik-style charges that reach a renter after the deposit was released: the deposit cannot
// pay them, so the card the renter saved for them (their consent on the payment page says so) is
// charged, as a merchant-initiated charge, CARD_CHARGE_NOTICE_DAYS after they were told, with the
// fine's evidence, unless they paid it another way or disputed it meanwhile. The charge is the same
// step as the renter's own "pay by card" (./service.ts): its intent first, the tax invoice and the
// notice with it. A card that refuses is asked again a day later; the fine stays payable meanwhile.
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { restoreViolation } from '../../machines/violation';
import { violations } from '../db/schema';
import type { Deps } from '../deps';
import { stepViolation } from './service';
import { cardChargeOf } from './afterRelease';
import { violationWithParties } from './store';

/** A refused charge is asked again this much later. */
export const CARD_CHARGE_RETRY_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;

/** One round: the payable fines past their notice whose deposit is gone, charged. */
export async function chargeFinesAfterRelease(deps: Deps, stopping: () => boolean = () => false): Promise<boolean> {
  const now = deps.now();
  // Payable fines are few at any time (most are paid or disputed within days); those tried lately wait.
  const payable = await deps.db
    .select({ id: violations.id })
    .from(violations)
    .where(
      and(
        sql`${violations.state}->>'value' = 'payable'`,
        or(isNull(violations.cardTriedAt), lt(violations.cardTriedAt, new Date(now.getTime() - CARD_CHARGE_RETRY_MS))),
      ),
    )
    // The oldest first: they are the ones past their notice.
    .orderBy(asc(violations.createdAt))
    .limit(BATCH);
  for (const { id } of payable) {
    if (stopping()) return false;
    const found = await violationWithParties(deps.db, id);
    const snapshot = found && restoreViolation(found.violation.state);
    const card = found && snapshot && cardChargeOf(found.booking, snapshot);
    if (!found || !card || card.at > now.getTime()) continue;
    try {
      const answer = await stepViolation(deps, found, { type: 'violation.payByCard' }, found.violation.version);
      if (answer.status !== 200) {
        // Refused by the card (or changed meanwhile): asked again later, not at every round.
        await deps.db.update(violations).set({ cardTriedAt: now }).where(eq(violations.id, id));
        deps.log.info('fines: a fine could not be charged to the saved card now', { violation: id, answer: answer.body.error });
      }
    } catch (error) {
      deps.log.error('fines: a fine could not be charged now', { violation: id, reason: error instanceof Error ? error.message : 'unknown' });
    }
  }
  // Not "more at once": most payable fines are still within their notice; the next round takes the rest.
  return false;
}
