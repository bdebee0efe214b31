// A contract's traffic violations as they are read (the manager's contract page, the renter's list),
// apart from the routes that move them (./violations.ts), which run journey steps: reading them needs none.
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/open';
import { violations } from '../db/schema';

export type ViolationRow = typeof violations.$inferSelect;

export const violationView = (row: ViolationRow, bookingNumber?: string) => ({
  id: row.id,
  contractCode: row.contractCode,
  bookingNumber: bookingNumber ?? null,
  version: row.version,
  createdAt: row.createdAt.getTime(),
  state: row.state as Record<string, unknown>,
});
export type ViolationView = ReturnType<typeof violationView>;

export async function violationsOfContract(db: Db | Tx, code: string) {
  const rows = await db.select().from(violations).where(eq(violations.contractCode, code)).orderBy(desc(violations.createdAt));
  return rows.map((row) => violationView(row));
}

