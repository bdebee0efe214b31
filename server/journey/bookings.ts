// Bookings and their journeys in the database: load the renter's own (anyone else's is not found),
// open a new one, save a step only over the version it was decided on.
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Car } from '../../machines/fleet';
import { openJourney, type JourneySnapshot } from '../../machines/journey';
import { bookingStatus, carPeriod, dueBackAt, holdRenewalAt, rentalPhase } from '../../machines/journey-rules';
import { ledgerOf, moneyTimeline } from '../../machines/ledger';
import { restoreJourney, serializeJourney, type RestoreProblem, type StoredJourney } from '../../machines/persistence';
import type { Renter } from '../../machines/renter';
import type { Db, Tx } from '../db/open';
import { bookings } from '../db/schema';
import type { User } from '../auth/sessions';
import { freeDefaultTrip, holdOf } from './availability';
import type { Trip } from '../../machines/booking';
import { defaultCar } from '../cars/store';

export type BookingRow = typeof bookings.$inferSelect;

/** What the browser renders a journey from. */
export interface JourneyView {
  bookingId: string;
  number: string;
  version: number;
  journey: StoredJourney;
  /** Set when the stored journey could not be read and a fresh one was opened instead. */
  problem?: RestoreProblem;
}

export const viewOf = (row: BookingRow, snapshot: JourneySnapshot, problem?: RestoreProblem): JourneyView => ({
  bookingId: row.id,
  number: row.number,
  version: row.version,
  journey: serializeJourney(snapshot),
  ...(problem ? { problem } : {}),
});

/** The journey's view of the signed-in renter (the account row is the source). */
export const renterOf = (u: User): Renter => ({
  email: u.email,
  fullName: u.fullName,
  ...(u.fullNameAr ? { fullNameAr: u.fullNameAr } : {}),
  phone: u.phone,
  ...(u.emiratesId ? { emiratesId: u.emiratesId } : {}),
  ...(u.address ? { address: u.address } : {}),
  verified: u.verified,
});

/** The columns fines are matched on: when the car was (or is to be) the renter's. */
export function periodOf(snapshot: JourneySnapshot) {
  const { start, end } = carPeriod(snapshot.context);
  return { periodStart: new Date(start), periodEnd: new Date(end) };
}

/**
 * The columns the money jobs find bookings by, written with every save: when the provider's open page
 * closes (server/payments/events.ts), when the deposit hold is renewed (server/payments/holds.ts).
 */
export function deadlinesOf(snapshot: JourneySnapshot) {
  const c = snapshot.context;
  const renew = holdRenewalAt(c);
  return {
    pageClosesAt: c.paymentSession ? new Date(c.paymentSession.expiresAt) : null,
    holdRenewAt: renew === null ? null : new Date(renew),
  };
}

/**
 * The journey's facts that queries select bookings by (a column each, written with every save): SQL
 * reads these, never the stored snapshot, whose shape changes with its schema version. A fact renamed
 * in the context fails to compile here, not in a query nobody checks.
 */
export function factsOf(snapshot: JourneySnapshot) {
  const c = snapshot.context;
  const at = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));
  return {
    pickedUpAt: at(c.pickedUpAt),
    returnedAt: at(c.returnedAt),
    checkedOutAt: at(c.checkout?.at),
    settledAt: at(c.refund?.settledAt),
    cancelledAt: at(c.cancellation?.at),
    cardToken: c.payment?.cardToken ?? null,
    paymentSessionId: c.paymentSession?.sessionId ?? null,
  };
}

/** Bookings saved before the period columns existed get them from their journey (once, at start). */
export async function backfillPeriods(db: Db) {
  const rows = await db.select().from(bookings).where(isNull(bookings.periodStart));
  for (const row of rows) {
    const restored = restoreJourney(row.journey);
    if (restored.snapshot) await db.update(bookings).set(periodOf(restored.snapshot)).where(eq(bookings.id, row.id));
  }
}

/** A booking as the renter's list shows it: the car, the places and times, where it is, what it cost. */
export function bookingSummary(row: BookingRow, c: JourneySnapshot['context'], contract: string | null = null) {
  const ledger = ledgerOf(c);
  return {
    bookingId: row.id,
    number: row.number,
    /** The rental contract's number with the company, once signed (signing opens it). */
    contract,
    carId: c.booking.carId,
    /** The car as booked. */
    car: { model: c.booking.car.model, plate: c.booking.car.plate, category: c.booking.car.category },
    /** The car it was booked with, when the company moved it to this one (at the same price). */
    movedFrom: c.booking.movedFrom ? { model: c.booking.movedFrom.model } : null,
    status: bookingStatus(c),
    /** A rental picked up and not over: where it stands (the current-rental card's next step). */
    phase: rentalPhase(c),
    pickupAt: c.pickedUpAt ?? c.booking.pickupAt,
    returnAt: c.returnedAt ?? dueBackAt(c),
    pickupLocation: c.booking.pickupLocation,
    dropoffLocation: c.booking.dropoffLocation,
    /** What was charged for the rental (with VAT and added days); 0 before payment. */
    charged: ledger.charged,
    /** The rental's price as booked (with VAT): what an unpaid booking will charge. */
    price: ledger.rental.total,
    /** Every movement of the money with its date (machines/ledger.ts moneyTimeline). */
    money: moneyTimeline(c),
    /** Once the deposit is settled: what went back to the card, and what is owed. */
    refund: c.refund ? { refunded: c.refund.refunded, due: c.refund.due } : null,
    /** Once cancelled: when, what the policy kept and what went back to the card. */
    cancellation: c.cancellation
      ? { at: c.cancellation.at, fee: c.cancellation.fee, refunded: c.cancellation.refunded, noShow: c.cancellation.noShow === true }
      : null,
  };
}
export type BookingSummary = ReturnType<typeof bookingSummary>;

/** `MC-YYMMDD-NNNNNN`, the date of booking and a random part (unique in the table). */
function bookingNumber(now: Date) {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `MC-${date}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export async function insertBooking(tx: Db | Tx, renterId: string, snapshot: JourneySnapshot, now: Date, sample = false) {
  for (let attempt = 0; ; attempt++) {
    const rows = await tx
      .insert(bookings)
      .values({
        number: bookingNumber(now),
        renterId,
        carId: snapshot.context.booking.carId,
        journey: serializeJourney(snapshot),
        completed: snapshot.context.completedAt !== null,
        ...periodOf(snapshot),
        ...deadlinesOf(snapshot),
        ...factsOf(snapshot),
        ...holdOf(snapshot, sample),
        sample,
      })
      .onConflictDoNothing({ target: bookings.number })
      .returning();
    if (rows[0]) return rows[0];
    if (attempt > 5) throw new Error('no free booking number');
  }
}

/** A new rental for a signed-in renter, the contract being the step that is due. */
export const openBooking = async (tx: Db | Tx, user: User, car: Car, now: Date, trip?: Trip) =>
  insertBooking(tx, user.id, openJourney(renterOf(user), car, now.getTime(), trip ?? (await freeDefaultTrip(tx, car.id, now))), now);

/** The car a booking's stored journey keeps (its facts as booked), or null when the record cannot be read. */
export const bookedCar = (row: Pick<BookingRow, 'journey'>): Car | null => restoreJourney(row.journey).snapshot?.context.booking.car ?? null;

export async function latestBooking(db: Db | Tx, renterId: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.renterId, renterId))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

export async function ownBooking(db: Db | Tx, id: string, renterId: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.renterId, renterId)));
  return row ?? null;
}

/** The renter's latest booking as stored, for a read (it writes nothing): null when there is none it can read. */
export async function readJourney(db: Db, userId: string): Promise<{ row: BookingRow; snapshot: JourneySnapshot } | null> {
  const row = await latestBooking(db, userId);
  const snapshot = row && restoreJourney(row.journey).snapshot;
  return row && snapshot ? { row, snapshot } : null;
}

/**
 * The renter's current journey, for a step (it may write): their latest booking, or a new one when
 * there is none. A stored journey that cannot be read is kept for the staff to look at, and the renter
 * gets a fresh one with the reason, instead of an error page.
 */
export async function currentJourney(db: Db, user: User, now: Date): Promise<{ row: BookingRow; snapshot: JourneySnapshot; problem?: RestoreProblem }> {
  const row = (await latestBooking(db, user.id)) ?? (await openBooking(db, user, await defaultCar(db), now));
  const restored = restoreJourney(row.journey);
  if (restored.snapshot) return { row, snapshot: restored.snapshot };
  const fresh = await openBooking(db, user, await defaultCar(db), now);
  return { row: fresh, snapshot: restoreJourney(fresh.journey).snapshot!, problem: restored.problem };
}

/** Saves a step over the version it was decided on; null when someone else saved first. */
export async function saveJourney(tx: Tx, row: BookingRow, snapshot: JourneySnapshot, now: Date) {
  const updated = await tx
    .update(bookings)
    .set({
      journey: serializeJourney(snapshot),
      carId: snapshot.context.booking.carId,
      completed: snapshot.context.completedAt !== null,
      ...periodOf(snapshot),
      ...deadlinesOf(snapshot),
      ...factsOf(snapshot),
      ...holdOf(snapshot, row.sample),
      version: row.version + 1,
      updatedAt: now,
    })
    .where(and(eq(bookings.id, row.id), eq(bookings.version, row.version)))
    .returning();
  return updated[0] ?? null;
}
