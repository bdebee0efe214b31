// Salik crossings that come after the deposit's release (server/imports/authority.ts records them with
// the day they are due, CARD_CHARGE_NOTICE_DAYS after the renter was told): charged to the booking's
// saved card as one merchant-initiated charge per booking, with their tax invoice and a notice. The
// crossings due together are first marked as one charge (`card_batch`), then charged under that key,
// then marked charged: a round that dies half way and runs again charges the same crossings under the
// same key, which the provider answers as it did the first time. A refusal is asked again a day later
// under a new key (the provider would answer the old one with the same refusal).
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { JourneyFailure } from '../../machines/journey';
import { salikBand, salikDeduction, type Deduction } from '../../machines/money';
import { deductionsInvoice } from '../../machines/taxDocuments';
import { authorityRecords, bookings, users } from '../db/schema';
import type { Deps } from '../deps';
import { issueDocuments } from '../invoices/store';
import { notify } from '../notifications/store';
import { pushTo } from '../live/hub';
import { cardAfterRelease } from './afterRelease';
import { CARD_CHARGE_RETRY_MS } from './charges';

const BATCH = 100;
type Crossing = typeof authorityRecords.$inferSelect;

/** A crossing as a line of the renter's money: its toll and admin fee by its band, when and where (the deposit's line, or the card's). */
export const crossingDeduction = (reference: string, at: Date, place: string): Deduction => ({
  ...salikDeduction([salikBand(at.getTime())]),
  item: { reference, at: at.getTime(), place },
});

/** One round: the crossings due on the saved card, a charge per booking. */
export async function chargeSalikAfterRelease(deps: Deps, stopping: () => boolean = () => false) {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(authorityRecords)
    .where(
      and(
        lte(authorityRecords.cardDueAt, now),
        isNull(authorityRecords.cardChargedAt),
        or(isNull(authorityRecords.cardTriedAt), lt(authorityRecords.cardTriedAt, new Date(now.getTime() - CARD_CHARGE_RETRY_MS))),
      ),
    )
    .orderBy(asc(authorityRecords.cardDueAt))
    .limit(BATCH);
  for (const bookingId of new Set(due.map((row) => row.bookingId).filter((id): id is string => id !== null))) {
    if (stopping()) return;
    await chargeBooking(
      deps,
      bookingId,
      due.filter((row) => row.bookingId === bookingId),
    ).catch((error: unknown) => deps.log.error('salik: crossings could not be charged now', { booking: bookingId, reason: error instanceof Error ? error.message : 'unknown' }));
  }
}

async function chargeBooking(deps: Deps, bookingId: string, rows: Crossing[]) {
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const card = booking && cardAfterRelease(booking);
  if (!booking || !card) return;
  // A charge begun before (and not finished) is finished first, exactly as it was (nothing added: the
  // provider would refuse its key for another amount); else these crossings are one.
  const begun = rows.find((row) => row.cardBatch)?.cardBatch;
  const batch = begun ?? `salik:${bookingId}:${rows[0]!.id}`;
  if (!begun)
    await deps.db
      .update(authorityRecords)
      .set({ cardBatch: batch })
      .where(and(inArray(authorityRecords.id, rows.map((row) => row.id)), isNull(authorityRecords.cardBatch)));
  const crossings = await deps.db.select().from(authorityRecords).where(and(eq(authorityRecords.cardBatch, batch), isNull(authorityRecords.cardChargedAt)));
  if (crossings.length === 0) return;
  const lines = crossings.map((row) => crossingDeduction(row.reference, row.occurredAt, row.location));
  const amount = lines.reduce((sum, d) => sum + d.amount, 0);
  const tried = crossings.map((row) => row.cardTriedAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  const key = tried ? `${batch}:${tried}` : batch;
  let reference: string;
  try {
    ({ reference } = await deps.gateway.charge({ cardToken: card.cardToken, amount, idempotencyKey: key, description: `Salik ${booking.number}` }));
  } catch (error) {
    if (!(error instanceof JourneyFailure)) throw error;
    // Refused: asked again a day later; the crossings stay on the renter's list as due.
    await deps.db.update(authorityRecords).set({ cardTriedAt: deps.now() }).where(eq(authorityRecords.cardBatch, batch));
    deps.log.info('salik: the saved card refused the crossings after the release', { booking: booking.number, reason: error.code });
    return;
  }
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const charged = await tx
      .update(authorityRecords)
      .set({ cardChargedAt: at, cardReference: reference })
      .where(and(eq(authorityRecords.cardBatch, batch), isNull(authorityRecords.cardChargedAt)))
      .returning({ id: authorityRecords.id });
    // Another instance finished it first: its invoice and notice stand.
    if (charged.length === 0) return;
    const [renter] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, booking.renterId));
    // The company whose feed brought the crossings is the car's: the supplier of the tolls passed on.
    const supply = deductionsInvoice(batch, at.getTime(), lines);
    const issued = await issueDocuments(tx, { booking, renterName: renter?.name ?? '', companyId: crossings[0]!.companyId }, supply, at);
    await notify(tx, at, booking.renterId, 'salikCharged', { amount, count: crossings.length }, 'trafficViolation', { attach: issued });
    await pushTo(tx, [booking.renterId], 'violations', batch);
  });
  deps.log.info('salik: crossings after the release were charged to the saved card', { booking: booking.number, amount, crossings: crossings.length });
}
