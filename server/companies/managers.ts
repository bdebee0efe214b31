// Who at a company hears about what happens to its contracts, fines, handovers and reports.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/open';
import { users } from '../db/schema';

/** The company's managers: who hears about what happens to its contracts and fines. */
export async function managersOf(db: Db | Tx, companyId: string, roles: ('manager' | 'agent')[] = ['manager']) {
  // An admin may do what a manager may (machines/roles.ts), so hears what managers hear.
  const wanted = roles.includes('manager') ? [...roles, 'admin' as const] : roles;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, wanted), isNull(users.revokedAt)));
  return rows.map((r) => r.id);
}
