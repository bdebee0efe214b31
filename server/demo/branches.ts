// The sample companies' branches, made at start with DEMO=1 when missing (server/seed.ts): afterwards
// their admins' records to change.
import { and, eq, isNull } from 'drizzle-orm';
import { ALWAYS_OPEN } from '../../machines/branches';
import { COMPANY_IDS, type LocationId } from '../../machines/fleet';
import type { Db } from '../db/open';
import { branches, cars } from '../db/schema';

/** Where the sample desks are: each sample company has one at each place in Dubai, Abu Dhabi and Sharjah, open around the clock. */
export const SAMPLE_DESKS = {
  'dxb-t3': { en: 'Dubai Airport T3', ar: 'مطار دبي المبنى 3', addressEn: 'Arrivals hall, Terminal 3, Dubai International Airport', addressAr: 'صالة الوصول، المبنى 3، مطار دبي الدولي', lat: 25.2528, lng: 55.3644 },
  dwc: { en: 'Al Maktoum Airport', ar: 'مطار آل مكتوم', addressEn: 'Arrivals, Dubai World Central', addressAr: 'صالة الوصول، دبي وورلد سنترال', lat: 24.8964, lng: 55.1614 },
  auh: { en: 'Zayed Airport', ar: 'مطار زايد', addressEn: 'Arrivals, Terminal A, Zayed International Airport', addressAr: 'صالة الوصول، المبنى A، مطار زايد الدولي', lat: 24.4331, lng: 54.6511 },
  shj: { en: 'Sharjah Airport', ar: 'مطار الشارقة', addressEn: 'Arrivals hall, Sharjah International Airport', addressAr: 'صالة الوصول، مطار الشارقة الدولي', lat: 25.3286, lng: 55.5172 },
  downtown: { en: 'Downtown Dubai', ar: 'وسط مدينة دبي', addressEn: 'Sheikh Mohammed bin Rashid Blvd, Downtown Dubai', addressAr: 'بوليفارد الشيخ محمد بن راشد، وسط مدينة دبي', lat: 25.1972, lng: 55.2744 },
  'dubai-marina': { en: 'Dubai Marina', ar: 'دبي مارينا', addressEn: 'Marina Walk, Dubai Marina', addressAr: 'ممشى المارينا، دبي مارينا', lat: 25.0805, lng: 55.1403 },
  'abu-dhabi-city': { en: 'Abu Dhabi Corniche', ar: 'كورنيش أبوظبي', addressEn: 'Corniche Road, Abu Dhabi', addressAr: 'شارع الكورنيش، أبوظبي', lat: 24.4764, lng: 54.3705 },
  'sharjah-city': { en: 'Al Majaz, Sharjah', ar: 'المجاز، الشارقة', addressEn: 'Al Majaz Waterfront, Sharjah', addressAr: 'واجهة المجاز المائية، الشارقة', lat: 25.3236, lng: 55.385 },
} satisfies Partial<Record<LocationId, { en: string; ar: string; addressEn: string; addressAr: string; lat: number; lng: number }>>;

/**
 * The sample companies' branches, made once (DEMO=1): afterwards they are their admins' records. Each
 * sample car's home branch is its company's first desk, at Dubai airport.
 */
export async function ensureSampleBranches(db: Db) {
  for (const company of COMPANY_IDS) {
    for (const place of Object.keys(SAMPLE_DESKS) as (keyof typeof SAMPLE_DESKS)[]) {
      const desk = SAMPLE_DESKS[place];
      await db
        .insert(branches)
        .values({ companyId: company, place, nameEn: desk.en, nameAr: desk.ar, addressEn: desk.addressEn, addressAr: desk.addressAr, lat: desk.lat, lng: desk.lng, hours: ALWAYS_OPEN })
        .onConflictDoNothing();
    }
    const [home] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.companyId, company), eq(branches.place, 'dxb-t3')));
    if (home) await db.update(cars).set({ homeBranchId: home.id }).where(and(eq(cars.companyId, company), isNull(cars.homeBranchId)));
  }
}
