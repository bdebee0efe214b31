// The sample rental companies DEMO=1 makes at start when missing (server/seed.ts); afterwards each is
// its admin's to name (server/companies/profile.ts), and a restart keeps what they set.
import type { CompanyId } from '../../machines/fleet';
import type { Db } from '../db/open';
import { companies } from '../db/schema';

/** The sample companies whose cars the sample fleet lists. */
export const COMPANIES: Record<CompanyId, Omit<typeof companies.$inferInsert, 'id'>> = {
  'elite-auto': {
    nameEn: 'Elite Auto Rentals',
    nameAr: 'إيليت لتأجير السيارات',
    subtitleEn: 'Premium selection',
    subtitleAr: 'تشكيلة فاخرة',
    picture: 'company',
  },
  'desert-drive': {
    nameEn: 'Desert Drive',
    nameAr: 'ديزرت درايف',
    subtitleEn: 'SUVs for the city and the dunes',
    subtitleAr: 'سيارات دفع رباعي للمدينة والكثبان',
    picture: 'company',
  },
  'marina-motors': {
    nameEn: 'Marina Motors',
    nameAr: 'مارينا موتورز',
    subtitleEn: 'Economy cars, fair prices',
    subtitleAr: 'سيارات اقتصادية بأسعار عادلة',
    picture: 'company',
  },
};

export async function ensureCompanies(db: Db) {
  for (const [id, values] of Object.entries(COMPANIES)) {
    // Made once: afterwards the company is its admin's to name (server/companies/profile.ts), and a restart keeps it.
    await db.insert(companies).values({ id, ...values }).onConflictDoNothing({ target: companies.id });
  }
}
