// A deposit hold never outlives its authorisation. The provider lets an authorisation lapse at its
// `capture_before` (about 7 days, 30 where the issuer extends it for car rental); a rental, or a
// return whose charges are still being answered, can last longer. RENEW_HOLD_BEFORE_MS before that,
// the payments worker places a new hold for the same amount on the saved card (a merchant-initiated
// authorisation, under a key named for the hold it replaces), the journey takes it (`deposit.renewed`,
// which the machine accepts only for the hold it has now), and only then is the old one released: the
// journey never points at a hold that is gone. A card that refuses is tried again every
// HOLD_RETRY_MS, and the company's managers are told at the first refusal, with the day it lapses.
//
// Each step is under its own idempotency key, so a round that dies half way and runs again (here or
// on another instance) places nothing twice. Dying between the journey's save and the old hold's
// release leaves that old hold to lapse at its own time (within RENEW_HOLD_BEFORE_MS).
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { JourneyFailure } from '../../machines/journey';
import { liveHold } from '../../machines/journey-rules';
import type { Car } from '../../machines/fleet';
import { restoreJourney } from '../../machines/persistence';
import { bookings, users } from '../db/schema';
import type { Deps } from '../deps';
import type { BookingRow } from '../journey/bookings';
import { applyStep } from '../journey/service';
import { notify } from '../notifications/store';
import { managersOf } from '../companies/managers';
import { pushTo } from '../live/hub';

/** A refused renewal is asked again this much later (the renter may have paid their card off). */
export const HOLD_RETRY_MS = 6 * 60 * 60 * 1000;
const BATCH = 50;

export type Renewal = 'renewed' | 'refused' | 'busy' | 'gone';

/** Renews the booking's deposit hold (the row as read by the caller); what happened. */
export async function renewHold(deps: Deps, row: BookingRow): Promise<Renewal> {
  const snapshot = restoreJourney(row.journey).snapshot;
  const hold = snapshot && liveHold(snapshot.context);
  const cardToken = snapshot?.context.payment?.cardToken;
  if (!snapshot || !hold || !cardToken) {
    await deps.db.update(bookings).set({ holdRenewAt: null }).where(and(eq(bookings.id, row.id), eq(bookings.version, row.version)));
    return 'gone';
  }
  // The provider answers a key it has seen as it did the first time, a refusal included: each try
  // after a refusal (which moves holdRenewalFailedAt) is a new key; a try cut short is the same one.
  const key = `${row.id}:renew:${hold.reference}${row.holdRenewalFailedAt ? `:${row.holdRenewalFailedAt.getTime()}` : ''}`;
  let placed;
  try {
    placed = await deps.gateway.hold({ cardToken, amount: hold.amount, idempotencyKey: key });
  } catch (error) {
    // No answer (the provider down): the next round asks again, under the same key.
    if (!(error instanceof JourneyFailure)) throw error;
    await refused(deps, row, snapshot.context.booking.car, hold.captureBefore, error.code);
    return 'refused';
  }
  const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
  if (!renter) return 'gone';
  const at = deps.now();
  const event = {
    type: 'deposit.renewed',
    replaces: hold.reference,
    hold: { reference: placed.reference, captureBefore: placed.captureBefore, extended: placed.extended },
    at: at.getTime(),
  } as const;
  const result = await applyStep(deps, renter, row, event, row.version, async (tx) => {
    await tx.update(bookings).set({ holdRenewalFailedAt: null }).where(eq(bookings.id, row.id));
    await notify(tx, at, row.renterId, 'depositRenewed', { number: row.number, amount: hold.amount, at: placed.captureBefore }, 'bookingDetails');
    // The renter's open screens load the journey again (its version moved on).
    await pushTo(tx, [row.renterId], 'journey');
  });
  if (result.status === 200) {
    await deps.gateway.settle({ holdReference: hold.reference, capture: 0, idempotencyKey: `${key}:release` });
    deps.log.info('payment: a deposit hold was renewed', { booking: row.number, lapsesAt: new Date(placed.captureBefore).toISOString() });
    return 'renewed';
  }
  // Saved by someone else since it was read: the next round reads it again (and gets the same hold back).
  if (result.status === 409 && result.body.error === 'conflict') return 'busy';
  // The journey no longer holds that deposit (settled, cancelled, or renewed already): the new hold goes back.
  await deps.gateway.settle({ holdReference: placed.reference, capture: 0, idempotencyKey: `${key}:void` });
  return 'gone';
}

/** The card refused the renewal: asked again later; the company's managers hear of it once per hold. */
async function refused(deps: Deps, row: BookingRow, car: Car, lapsesAt: number, reason: string) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [put] = await tx
      .update(bookings)
      .set({ holdRenewAt: new Date(at.getTime() + HOLD_RETRY_MS), holdRenewalFailedAt: at })
      // Not over a save made meanwhile (its own renewal time stands), nor twice for one try (two
      // instances asking at once were given the same answer under the same key).
      .where(
        and(
          eq(bookings.id, row.id),
          eq(bookings.version, row.version),
          row.holdRenewalFailedAt ? eq(bookings.holdRenewalFailedAt, row.holdRenewalFailedAt) : isNull(bookings.holdRenewalFailedAt),
        ),
      )
      .returning({ id: bookings.id });
    if (!put || row.holdRenewalFailedAt) return;
    for (const manager of await managersOf(tx, car.company)) {
      await notify(tx, at, manager, 'holdRenewalFailed', { number: row.number, model: car.model, at: lapsesAt }, `handovers:${row.number}`);
    }
  });
  deps.log.info('payment: a deposit hold could not be renewed', { booking: row.number, reason, lapsesAt: new Date(lapsesAt).toISOString() });
}

/** One round: the holds due to be renewed, soonest first. True when more may be waiting. */
export async function renewHolds(deps: Deps, stopping: () => boolean = () => false): Promise<boolean> {
  const due = await deps.db.select().from(bookings).where(lte(bookings.holdRenewAt, deps.now())).orderBy(asc(bookings.holdRenewAt)).limit(BATCH);
  for (const row of due) {
    if (stopping()) return false;
    await renewHold(deps, row).catch((error: unknown) =>
      deps.log.error('payment: a deposit hold could not be renewed now', { booking: row.number, reason: error instanceof Error ? error.message : 'unknown' }),
    );
  }
  return due.length === BATCH;
}
