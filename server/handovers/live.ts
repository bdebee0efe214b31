// Who hears of a handover as it moves: the renter's open screens and the company's counter screens.
import { and, eq, inArray } from 'drizzle-orm';
import { carOf, isCarId } from '../../machines/fleet';
import type { JourneySnapshot } from '../../machines/journey';
import type { Db, Tx } from '../db/open';
import { users } from '../db/schema';
import { pushTo } from '../live/hub';
import type { BookingRow } from '../journey/bookings';

/** The company's people who see its handovers live: its agents and managers. */
export async function staffOf(db: Db | Tx, companyId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, ['agent', 'manager'])));
  return rows.map((r) => r.id);
}

/**
 * Called in the transaction of every journey step that changes the handover (the agent's record,
 * the renter's confirmation or flag): the renter's open screens and the company's counter screens
 * load it again. Last in the transaction (it pushes).
 */
export async function pushHandover(tx: Tx, row: BookingRow) {
  const company = isCarId(row.carId) ? carOf(row.carId).company : null;
  await pushTo(tx, [row.renterId, ...(company ? await staffOf(tx, company) : [])], 'journey', row.number);
}

/** Whether the step moved the handover on (recorded, flagged, confirmed). */
export const handoverChanged = (before: JourneySnapshot['context'], after: JourneySnapshot['context']) =>
  JSON.stringify(before.checkout) !== JSON.stringify(after.checkout) || before.pickedUpAt !== after.pickedUpAt;

