// Traffic violations and Salik crossings as stored: a violation's view as both sides read it (the
// manager's contract page, the renter's list), saved over the version it was read at, and a Salik
// crossing's price. Moving a violation is ./service.ts; HTTP is ./routes.ts.
import { and, desc, eq } from 'drizzle-orm';
import { salikBand, salikDeduction } from '../../machines/money';
import type { Db, Tx } from '../db/open';
import { authorityRecords, bookings, contracts, violations } from '../db/schema';
import { StaleRecord } from '../journey/service';

export type ViolationRow = typeof violations.$inferSelect;

export const violationView = (row: ViolationRow, bookingNumber?: string, cardCharge: { last4: string; at: number } | null = null) => ({
  id: row.id,
  contractCode: row.contractCode,
  bookingNumber: bookingNumber ?? null,
  version: row.version,
  createdAt: row.createdAt.getTime(),
  state: row.state as Record<string, unknown>,
  /** After the deposit's release: the saved card it will be charged to, and when (server/violations/charges.ts). */
  cardCharge,
});
export type ViolationView = ReturnType<typeof violationView>;

/** A fine with its booking and its contract (a step on it needs all three), or undefined. */
export async function violationWithParties(db: Db | Tx, id: string) {
  const [found] = await db
    .select({ violation: violations, booking: bookings, contract: contracts })
    .from(violations)
    .innerJoin(bookings, eq(bookings.id, violations.bookingId))
    .innerJoin(contracts, eq(contracts.code, violations.contractCode))
    .where(eq(violations.id, id));
  return found;
}

export async function violationsOfContract(db: Db | Tx, code: string) {
  const rows = await db.select().from(violations).where(eq(violations.contractCode, code)).orderBy(desc(violations.createdAt));
  return rows.map((row) => violationView(row));
}

/** Saves a violation over the version it was read at; a stale version means someone acted first. */
export async function saveViolation(tx: Db | Tx, row: ViolationRow, state: unknown) {
  const [saved] = await tx
    .update(violations)
    .set({ state, version: row.version + 1 })
    .where(and(eq(violations.id, row.id), eq(violations.version, row.version)))
    .returning();
  if (!saved) throw new StaleRecord();
  return saved;
}

/** A Salik crossing on the renter's booking: its price (toll + admin) and whether the deposit paid it. */
export const salikView = (row: typeof authorityRecords.$inferSelect, bookingNumber: string) => {
  const price = salikDeduction([salikBand(row.occurredAt.getTime())]);
  return {
    id: row.id,
    reference: row.reference,
    bookingNumber,
    at: row.occurredAt.getTime(),
    location: row.location,
    toll: price.amount - price.adminFee,
    adminFee: price.adminFee,
    total: price.amount,
    fromDeposit: row.charged !== null,
    /** After the deposit's release: the saved card it is (or was) charged to, and on which day. */
    card: row.cardDueAt
      ? { last4: row.cardLast4 ?? '', at: (row.cardChargedAt ?? row.cardDueAt).getTime(), charged: row.cardChargedAt !== null }
      : null,
  };
};
export type SalikView = ReturnType<typeof salikView>;
