// Tax invoices and credit notes in the database: issued in the transaction of the step that moved the
// money (server/journey/service.ts), numbered per company without gaps or repeats, read by the renter
// they were issued to and by their company's managers.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { JourneyContext } from '../../machines/journey-rules';
import { documentNumber, suppliesOfStep, type Supply } from '../../machines/taxDocuments';
import type { Db, Tx } from '../db/open';
import { companies, taxCounters, taxDocuments, type TaxSupplier } from '../db/schema';
import type { BookingRow } from '../journey/bookings';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The next number in the company's series for `kind`: the counter's row is moved on in `tx`, so it is
 * locked until `tx` ends. Another issuer waits for it and gets the number after; a rollback gives it back.
 */
export async function nextTaxNumber(tx: Tx, companyId: string, kind: TaxDocumentRow['kind']): Promise<number> {
  const [row] = await tx
    .insert(taxCounters)
    .values({ companyId, kind, last: 1 })
    .onConflictDoUpdate({ target: [taxCounters.companyId, taxCounters.kind], set: { last: sql`${taxCounters.last} + 1` } })
    .returning({ last: taxCounters.last });
  return row!.last;
}

/** The supplier as the company's profile says it now. */
async function supplierOf(tx: Tx, companyId: string): Promise<TaxSupplier> {
  const [c] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return { nameEn: c?.nameEn ?? companyId, nameAr: c?.nameAr ?? companyId, addressEn: c?.addressEn ?? '', addressAr: c?.addressAr ?? '', trn: c?.trn ?? null };
}

/**
 * Issues the documents the step from `before` to `after` on `row` (saved in `tx`, which holds its row)
 * calls for. Runs in the step's transaction: the step and its documents commit together or not at all.
 */
export async function issueTaxDocuments(tx: Tx, row: BookingRow, before: JourneyContext, after: JourneyContext, now: Date) {
  const supplies = suppliesOfStep(before, after, now.getTime());
  return issueDocuments(tx, { booking: row, renterName: after.renter?.fullName ?? '', companyId: after.booking.car.company }, supplies, now);
}

/** Issues `supplies` for `to.booking`, by its car's company, each with the next number of its series. */
export async function issueDocuments(
  tx: Tx,
  to: { booking: Pick<BookingRow, 'id' | 'number' | 'renterId'>; renterName: string; companyId: string },
  supplies: Supply[],
  now: Date,
) {
  if (supplies.length === 0) return [];
  const { booking, renterName, companyId } = to;
  const supplier = await supplierOf(tx, companyId);
  const issued: TaxDocumentRow[] = [];
  for (const s of supplies) {
    let adjusts: string | null = null;
    if (s.adjusts) {
      const [invoice] = await tx
        .select({ kind: taxDocuments.kind, number: taxDocuments.number })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.bookingId, booking.id), eq(taxDocuments.source, s.adjusts)));
      adjusts = invoice ? documentNumber(invoice.kind, invoice.number) : null;
    }
    const [doc] = await tx
      .insert(taxDocuments)
      .values({
        companyId,
        kind: s.kind,
        number: await nextTaxNumber(tx, companyId, s.kind),
        bookingId: booking.id,
        bookingNumber: booking.number,
        source: s.source,
        renterId: booking.renterId,
        renterName,
        supplier,
        adjusts,
        lines: s.lines,
        net: s.net,
        vat: s.vat,
        total: s.total,
        suppliedAt: new Date(s.suppliedAt),
        issuedAt: now,
      })
      .returning();
    issued.push(doc!);
  }
  return issued;
}

/** A document as the browser gets it: its number written out, times in ms. */
export const taxDocumentView = (d: TaxDocumentRow) => ({
  id: d.id,
  kind: d.kind,
  number: documentNumber(d.kind, d.number),
  bookingNumber: d.bookingNumber,
  renterName: d.renterName,
  supplier: d.supplier,
  adjusts: d.adjusts,
  lines: d.lines,
  net: d.net,
  vat: d.vat,
  total: d.total,
  suppliedAt: d.suppliedAt.getTime(),
  issuedAt: d.issuedAt.getTime(),
});
export type TaxDocumentView = ReturnType<typeof taxDocumentView>;

/** A booking's documents, in the order they were issued (the caller keeps those its user may read). */
export const bookingDocuments = (db: Db, bookingId: string) =>
  db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.bookingId, bookingId))
    // A step that charges and refunds issues the invoice first.
    .orderBy(asc(taxDocuments.issuedAt), desc(taxDocuments.kind), asc(taxDocuments.number));

export async function taxDocumentById(db: Db, id: string): Promise<TaxDocumentRow | null> {
  const [doc] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return doc ?? null;
}

/** The company's documents issued in [from, to), newest first. */
export const companyDocuments = (db: Db, companyId: string, from: Date, to: Date) =>
  db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.companyId, companyId), gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.number));
