// Pickup reminders, off the request path: a job on every instance looks every REMIND_EVERY_MS for paid
// bookings whose car is to be picked up within REMIND_BEFORE_MS and not yet, and tells each renter once
// (the booking's pickup_reminded_at is set by whichever instance gets there first). A reminder is an
// optional notification: a renter who turned notifications off is not sent one.
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { restoreJourney } from '../../machines/persistence';
import { bookings } from '../db/schema';
import type { Deps, Logger } from '../deps';
import { notify } from '../notifications/store';
import { startWorker, type Worker } from '../worker';

export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000;
export const REMIND_EVERY_MS = 5 * 60 * 1000;
const BATCH = 100;

/** One round: reminds the renters whose pickup is near; true when there may be more. */
export async function remindPickups(deps: Deps, stopping: () => boolean = () => false): Promise<boolean> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.holdsCar, true),
        isNull(bookings.pickupRemindedAt),
        gt(bookings.heldFrom, now),
        lte(bookings.heldFrom, new Date(now.getTime() + REMIND_BEFORE_MS)),
      ),
    )
    .orderBy(asc(bookings.heldFrom))
    .limit(BATCH);
  for (const row of due) {
    if (stopping()) return false;
    const context = restoreJourney(row.journey).snapshot?.context;
    await deps.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(bookings)
        .set({ pickupRemindedAt: now })
        .where(and(eq(bookings.id, row.id), isNull(bookings.pickupRemindedAt)))
        .returning({ id: bookings.id });
      // Another instance reminded them, or the car is already with the renter: nothing to say.
      if (!mine || !context || context.pickedUpAt !== null) return;
      const params = { model: context.booking.car.model, at: context.booking.pickupAt };
      await notify(tx, now, row.renterId, 'pickupReminder', params, 'bookingDetails');
    });
  }
  return due.length === BATCH;
}

export const startReminders = (deps: () => Deps, log: Logger): Worker =>
  startWorker('pickup reminders', (stopping) => remindPickups(deps(), stopping), REMIND_EVERY_MS, log);
