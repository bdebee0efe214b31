// The company's admins' open Staff screens hear of a change to its people.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/open';
import { users } from '../db/schema';
import { pushTo } from '../live/hub';

/** The company's admins' open Staff screens load it again (someone joined, a role or an invitation changed). */
export async function staffChanged(tx: Db | Tx, companyId: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), isNull(users.revokedAt)));
  await pushTo(tx, admins.map((a) => a.id), 'staff');
}
