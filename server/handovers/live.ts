// Who hears of a handover as it moves: the renter's open screens and the company's counter screens.
import type { JourneySnapshot } from '../../machines/journey';
import type { Tx } from '../db/open';
import { pushTo } from '../live/hub';
import type { BookingRow } from '../journey/bookings';
import { notify } from '../notifications/store';
import { managersOf } from '../companies/managers';

/**
 * Called in the transaction of every journey step that changes the handover (the agent's record,
 * the renter's confirmation or flag): the renter's open screens and the company's counter screens
 * load it again. Last in the transaction (it pushes).
 */
export async function pushHandover(tx: Tx, row: BookingRow, company: string) {
  await pushTo(tx, [row.renterId, ...(await managersOf(tx, company, ['agent', 'manager']))], 'journey', row.number);
}

type Context = JourneySnapshot['context'];

/**
 * Whether the step moved the handover on: at pickup (recorded, flagged, confirmed), at return (checked
 * in, disputed, decided, settled), or called it off (cancelled by the renter or the company, or a
 * no-show), which takes it off the counter's list.
 */
export const handoverChanged = (before: Context, after: Context) =>
  JSON.stringify([before.checkout, before.pickedUpAt, before.checkin, before.deductions, before.refund, before.cancellation]) !==
  JSON.stringify([after.checkout, after.pickedUpAt, after.checkin, after.deductions, after.refund, after.cancellation]);

/**
 * Who is told what of a return as it moves, in the step's transaction: the renter of the check-in,
 * of each decision and of the settlement (its e-mail with the documents the step `issued`); the
 * company's managers of a dispute to decide.
 */
export async function returnNotices(tx: Tx, row: BookingRow, before: Context, after: Context, at: Date, issued: readonly { id: string }[] = []) {
  const car = after.booking.car;
  const number = row.number;
  if (!before.checkin && after.checkin) await notify(tx, at, row.renterId, 'returnRecorded', { number, model: car.model }, 'carReturn');
  const disputed = (c: Context) => c.deductions.filter((d) => d.dispute).length;
  if (disputed(after) > disputed(before)) {
    for (const manager of await managersOf(tx, car.company))
      await notify(tx, at, manager, 'returnDisputed', { number, model: car.model }, `handovers:${number}`);
  }
  const decided = (c: Context) => c.deductions.filter((d) => d.dispute?.decision).map((d) => d.dispute!.decision!.outcome);
  const outcomes = decided(after).slice(decided(before).length);
  for (const outcome of outcomes) await notify(tx, at, row.renterId, 'disputeDecided', { number, outcome }, 'carReturn');
  if (!before.refund && after.refund)
    await notify(tx, at, row.renterId, 'depositSettled', { number, amount: after.refund.refunded + (after.refund.early?.amount ?? 0) }, 'carReturn', { attach: issued });
}

