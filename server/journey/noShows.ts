// No-shows, off the request path: a job on every instance looks every NO_SHOW_EVERY_MS for paid
// bookings nobody came for by NO_SHOW_AFTER_MS after the booked pickup (machines/journey-rules.ts)
// and cancels each through the journey's own step (booking.noShow: the cancellation policy's fee
// kept, the rest refunded, the deposit hold released, the car free again), under the money outbox.
// Two instances reaching one booking at once: the step is saved over the version it was decided on,
// so one wins and the other's answer is a conflict, and the gateway keys are the same for both.
import { and, asc, eq, isNull, lte, not, sql } from 'drizzle-orm';
import { NO_SHOW_AFTER_MS } from '../../machines/journey-rules';
import { bookings, users } from '../db/schema';
import type { Deps, Logger } from '../deps';
import { startWorker, type Worker } from '../worker';
import { applyStep } from './service';
import { carAwayAtSql } from './availability';

export const NO_SHOW_EVERY_MS = 5 * 60 * 1000;
const BATCH = 50;

/** One round: cancels the no-shows due; true when there may be more. */
export async function cancelNoShows(deps: Deps, stopping: () => boolean = () => false): Promise<boolean> {
  const now = deps.now();
  // Held from the booked pickup (a handover moves it to when it happened): not picked up, and long past.
  const due = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.holdsCar, true),
        lte(bookings.heldFrom, new Date(now.getTime() - NO_SHOW_AFTER_MS)),
        isNull(bookings.pickedUpAt),
        // The counter has started the handover: the renter came (machines/journey-rules.ts isNoShow).
        isNull(bookings.checkedOutAt),
        // The car was still out with its last renter at the booked time: the renter could not have taken it.
        not(carAwayAtSql(sql`${bookings.heldFrom}`)),
      ),
    )
    .orderBy(asc(bookings.heldFrom))
    .limit(BATCH);
  let cancelled = 0;
  for (const row of due) {
    if (stopping()) return false;
    const [renter] = await deps.db.select().from(users).where(eq(users.id, row.renterId));
    if (!renter) continue;
    const event = { type: 'booking.noShow', at: now.getTime() } as const;
    // The step's save tells the renter and the company, and their open screens load it again
    // (server/journey/service.ts), whichever path saves it.
    const result = await applyStep(deps, renter, row, event, row.version);
    if (result.status === 200) cancelled++;
    // Anything else (another instance got there, a step under way, the gateway down) is tried next round.
    else deps.log.info('no-show not cancelled this round', { booking: row.number, status: result.status });
  }
  if (cancelled > 0) deps.log.info('no-shows cancelled', { count: cancelled });
  return due.length === BATCH && cancelled > 0;
}

export const startNoShows = (deps: () => Deps, log: Logger): Worker =>
  startWorker('no-shows', (stopping) => cancelNoShows(deps(), stopping), NO_SHOW_EVERY_MS, log);
