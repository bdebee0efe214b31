// Fines and Salik crossings from the authorities, into the company's records. Each row is matched to
// the booking that had the plate at that time (the contract's linked car, else the booked one; from
// pickup until return, however late) or kept unmatched for the manager. A row is taken once per
// authority reference: importing the same file again creates nothing, except that a row left unmatched
// is matched when a booking now claims it. Each row commits on its own, so one bad or conflicting row
// never stops the others.
import { and, desc, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { DAY_MS } from '../../machines/money';
import { CARD_CHARGE_NOTICE_DAYS } from '../../machines/violation';
import type { Fine } from '../../machines/violation';
import type { Tx } from '../db/open';
import { authorityRecords, bookings, contracts, users } from '../db/schema';
import type { Deps } from '../deps';
import { applyStep, StaleRecord } from '../journey/service';
import { pushTo } from '../live/hub';
import { notify } from '../notifications/store';
import { createViolation } from '../violations/service';
import { cardAfterRelease } from '../violations/afterRelease';
import { crossingDeduction } from '../violations/salik';
import { carByPlate } from '../cars/store';
import type { AuthorityRow, RejectedRow } from './csv';

/** Names of the common offences in both languages, by the authority's code prefix. */
const OFFENCES: Record<string, { en: string; ar: string }> = {
  SPEED: { en: 'Speeding', ar: 'تجاوز السرعة' },
  RED: { en: 'Jumping a red light', ar: 'تجاوز الإشارة الحمراء' },
  PARK: { en: 'Parking violation', ar: 'مخالفة وقوف' },
  MOBILE: { en: 'Using a phone while driving', ar: 'استخدام الهاتف أثناء القيادة' },
  SEATBELT: { en: 'Seat belt not fastened', ar: 'عدم ربط حزام الأمان' },
  LANE: { en: 'Sudden lane change', ar: 'الانحراف المفاجئ' },
};

export function offenceOf(code: string, description: string) {
  const known = OFFENCES[code.toUpperCase().split(/[-_ ]/)[0] ?? ''];
  return known ?? { en: description || code, ar: description || code };
}

export type Unmatched = 'notOurCar' | 'noBooking';

export interface ImportReport {
  matched: { line: number; reference: string; kind: 'fine' | 'salik'; bookingNumber: string; contract: string }[];
  unmatched: { line: number; reference: string; kind: 'fine' | 'salik'; plate: string; reason: Unmatched }[];
  duplicates: { line: number; reference: string }[];
  rejected: RejectedRow[];
}

/**
 * What each renter was charged for Salik in one import (renter id → fils, crossings), and what is to
 * be charged to their saved card after the deposit's release (`card`: fils, crossings, the card, the
 * last day): told once, not crossing by crossing.
 */
export type SalikCharges = Record<string, { amount: number; count: number; card?: { amount: number; count: number; last4: string; at: number } }>;

const addCharge = (charges: SalikCharges, renterId: string, amount: number) => {
  const sum = charges[renterId] ?? { amount: 0, count: 0 };
  charges[renterId] = { ...sum, amount: sum.amount + amount, count: sum.count + 1 };
};

const addCardCharge = (charges: SalikCharges, renterId: string, amount: number, card: { last4: string; at: number }) => {
  const sum = charges[renterId] ?? { amount: 0, count: 0 };
  const before = sum.card ?? { amount: 0, count: 0, at: 0 };
  charges[renterId] = { ...sum, card: { amount: before.amount + amount, count: before.count + 1, last4: card.last4, at: Math.max(before.at, card.at) } };
};

/** An import's report before its first row. */
export const emptyReport = (rejected: RejectedRow[]): ImportReport => ({ matched: [], unmatched: [], duplicates: [], rejected });

/** A duplicate found inside a row's transaction: everything it did is undone. */
class Duplicate extends Error {}

/** The company's contract whose booking had the car at `at` (the latest pickup, if several claim it). */
async function bookingAt(tx: Deps['db'] | Tx, companyId: string, carId: string, at: Date) {
  const [hit] = await tx
    .select({ contract: contracts, booking: bookings })
    .from(contracts)
    .innerJoin(bookings, eq(bookings.id, contracts.bookingId))
    .where(
      and(
        eq(contracts.companyId, companyId),
        sql`coalesce(${contracts.carId}, ${bookings.carId}) = ${carId}`,
        lte(bookings.periodStart, at),
        // Only a car that was picked up was the renter's; before that it was with the company. Until
        // it is returned it still is, even past the day it was due back.
        isNotNull(bookings.pickedUpAt),
        or(gte(bookings.periodEnd, at), isNull(bookings.returnedAt)),
      ),
    )
    // Two rentals claiming the car at once (a double booking) go to the later pickup, then the newer booking.
    .orderBy(desc(bookings.periodStart), desc(bookings.createdAt))
    .limit(1);
  return hit ?? null;
}

const recordOf = (companyId: string, row: AuthorityRow) => ({
  companyId,
  kind: row.kind,
  reference: row.reference,
  plate: row.plate,
  occurredAt: row.at,
  location: row.location,
  code: row.code,
  description: row.description,
  amount: row.amount,
  blackPoints: row.blackPoints,
});

async function insertRecord(tx: Tx, values: typeof authorityRecords.$inferInsert) {
  // The same reference left unmatched before gives way to this matched one.
  if (values.bookingId) {
    await tx
      .delete(authorityRecords)
      .where(
        and(
          eq(authorityRecords.companyId, values.companyId),
          eq(authorityRecords.kind, values.kind),
          eq(authorityRecords.reference, values.reference),
          isNull(authorityRecords.bookingId),
        ),
      );
  }
  const [record] = await tx
    .insert(authorityRecords)
    .values(values)
    .onConflictDoNothing({ target: [authorityRecords.companyId, authorityRecords.kind, authorityRecords.reference] })
    .returning();
  if (!record) throw new Duplicate();
  return record;
}

/** One row: recorded once, matched, and its consequence (a fine on the violation machine, a Salik deduction). */
export async function importRow(deps: Deps, companyId: string, row: AuthorityRow, report: ImportReport, charges: SalikCharges) {
  const car = await carByPlate(deps.db, row.plate);
  const ours = car?.company === companyId;
  const hit = ours ? await bookingAt(deps.db, companyId, car!.id, row.at) : null;
  try {
    if (!hit) {
      await deps.db.transaction((tx) => insertRecord(tx, recordOf(companyId, row)));
      report.unmatched.push({ line: row.line, reference: row.reference, kind: row.kind, plate: row.plate, reason: ours ? 'noBooking' : 'notOurCar' });
      return;
    }
    const { booking, contract } = hit;
    if (row.kind === 'fine') {
      const fine: Fine = {
        type: offenceOf(row.code, row.description),
        code: row.code,
        date: row.at.getTime(),
        amount: row.amount,
        blackPoints: row.blackPoints,
        location: row.location,
        reference: row.reference,
      };
      await deps.db.transaction(async (tx) => {
        const record = await insertRecord(tx, { ...recordOf(companyId, row), bookingId: booking.id });
        const violation = await createViolation(tx, deps, booking, contract, fine, deps.now());
        await tx.update(authorityRecords).set({ violationId: violation.id }).where(eq(authorityRecords.id, record.id));
      });
    } else await importCrossing(deps, companyId, row, booking, charges);
    report.matched.push({ line: row.line, reference: row.reference, kind: row.kind, bookingNumber: booking.number, contract: contract.code });
  } catch (error) {
    if (error instanceof Duplicate) return void report.duplicates.push({ line: row.line, reference: row.reference });
    throw error;
  }
}

/**
 * A Salik crossing, priced by its band (toll + admin per charged crossing) and taken from the booking's
 * deposit with its time and place, while the deposit is held; after settlement it is recorded as due.
 */
async function importCrossing(deps: Deps, companyId: string, row: AuthorityRow, booking: typeof bookings.$inferSelect, charges: SalikCharges) {
  const deduction = crossingDeduction(row.reference, row.at, row.location);
  const record = async (tx: Tx, charged: number | null, card: { last4: string; at: number } | null = null) => {
    await insertRecord(tx, { ...recordOf(companyId, row), bookingId: booking.id, charged, ...(card ? { cardDueAt: new Date(card.at), cardLast4: card.last4 } : {}) });
    if (card) addCardCharge(charges, booking.renterId, deduction.amount, card);
    if (charged) addCharge(charges, booking.renterId, charged);
    await pushTo(tx, [booking.renterId], 'violations', row.reference);
    if (charged) await pushTo(tx, [booking.renterId], 'journey');
  };
  if (deduction.amount === 0) return deps.db.transaction((tx) => record(tx, null));
  const [renter] = await deps.db.select().from(users).where(eq(users.id, booking.renterId));
  for (let attempt = 0, current = booking; attempt < 3; attempt++) {
    try {
      const step = await applyStep(deps, renter!, current, { type: 'deposit.deduct', deduction }, current.version, (tx) => record(tx, deduction.amount));
      if (step.status === 200) return;
      if (step.status === 409 && step.body.error === 'conflict') {
        // The renter moved on meanwhile: decide again on the booking as it is now.
        const [fresh] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
        if (!fresh) break;
        current = fresh;
        continue;
      }
      break;
    } catch (error) {
      if (!(error instanceof StaleRecord)) throw error;
    }
  }
  // No deposit to take it from any more (settled): charged to the saved card a week after the renter is
  // told (server/violations/salik.ts), as a fine after the release is; without a card, recorded as due.
  const [now] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
  const card = now ? cardAfterRelease(now) : null;
  // On the hour: the crossings of one import (its rows read over seconds or minutes) fall due together,
  // so they are one charge, on the day and time the renter is told.
  const hour = 3_600_000;
  const at = Math.ceil((Math.max(deps.now().getTime(), card?.releasedAt ?? 0) + CARD_CHARGE_NOTICE_DAYS * DAY_MS) / hour) * hour;
  await deps.db.transaction((tx) => record(tx, null, card && { last4: card.last4, at }));
}

/** An import's end: each renter told what Salik took from their deposit, the company's `managers` what came in. */
export async function finishImport(deps: Deps, companyId: string, managers: string[], report: ImportReport, charges: SalikCharges) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const [renterId, { amount, count, card }] of Object.entries(charges)) {
      if (count > 0) await notify(tx, at, renterId, 'salikCharged', { amount, count }, 'trafficViolation');
      if (card) await notify(tx, at, renterId, 'salikChargeScheduled', card, 'trafficViolation');
    }
    for (const id of managers)
      await notify(tx, at, id, 'importFinished', { matched: report.matched.length, unmatched: report.unmatched.length, rejected: report.rejected.length }, 'contracts');
    await pushTo(tx, managers, 'imports');
  });
  deps.log.info('authority import', {
    company: companyId,
    matched: report.matched.length,
    unmatched: report.unmatched.length,
    duplicates: report.duplicates.length,
    rejected: report.rejected.length,
  });
}
