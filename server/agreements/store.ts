// A booking's signed agreement, read for whoever may: its renter, the car's company's managers, or
// the server itself (an e-mail's attachment).
import { eq } from 'drizzle-orm';
import { restoreJourney } from '../../machines/persistence';
import { actsAs } from '../../machines/roles';
import type { User } from '../auth/sessions';
import { bookings, companies, contracts } from '../db/schema';
import type { Db } from '../db/open';
import { readAgreement } from './print';

/** The booking's signed agreement as `user` may read it in `lang` (null: the server's own reading), or null. */
export async function signedAgreement(db: Db, bookingId: string, user: Pick<User, 'id' | 'role' | 'companyId'> | null, lang: 'en' | 'ar') {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const context = row && restoreJourney(row.journey).snapshot?.context;
  if (!row || !context?.contract) return null;
  const company = context.booking.car.company;
  if (user && !((user.role === 'renter' && row.renterId === user.id) || (actsAs(user.role, 'manager') && user.companyId === company))) return null;
  const [named] = await db.select({ en: companies.nameEn, ar: companies.nameAr }).from(companies).where(eq(companies.id, company));
  const [contract] = await db.select({ clauses: contracts.clauses }).from(contracts).where(eq(contracts.bookingId, row.id));
  const own = contract?.clauses ?? { en: [], ar: [] };
  return { number: row.number, reading: readAgreement(context, row.number, named?.[lang] ?? company, lang, own) };
}

