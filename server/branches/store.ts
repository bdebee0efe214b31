// A company's branches as the server reads them where a trip is offered or booked: a company's cars
// are offered for a trip only when it has a branch at the pickup place open at the pickup time, and one
// at the return place open at the return time (machines/branches.ts `isOpenAt`).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isOpenAt } from '../../machines/branches';
import { handoverPlace } from '../../machines/journey-rules';
import type { Trip } from '../../machines/booking';
import { LOCATIONS, type LocationId } from '../../machines/fleet';
import type { Db, Tx } from '../db/open';
import { branches, cars, companies } from '../db/schema';

type TripPlaces = Pick<Trip, 'pickupLocation' | 'dropoffLocation' | 'pickupAt' | 'dropoffAt'>;
/** A moment a renter comes to a branch: to pick a car up or to bring it back. */
export type Visit = { place: LocationId; at: number };

/** The pickup and the return of a trip: the two visits its branches must be open for. */
export const visitsOf = (trip: TripPlaces): Visit[] => [
  { place: trip.pickupLocation, at: trip.pickupAt },
  { place: trip.dropoffLocation, at: trip.dropoffAt },
];

/** The companies (not suspended) with a branch open for every one of these visits. */
export async function companiesServing(db: Db | Tx, visits: readonly Visit[], companyId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ company: branches.companyId, place: branches.place, hours: branches.hours })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(
      and(
        inArray(branches.place, visits.map((v) => v.place)),
        isNull(companies.suspendedAt),
        companyId === undefined ? undefined : eq(branches.companyId, companyId),
      ),
    );
  const open = visits.map(({ place, at }) => new Set(rows.filter((r) => r.place === place && isOpenAt(r.hours, at)).map((r) => r.company)));
  return new Set(rows.map((r) => r.company).filter((company) => open.every((set) => set.has(company))));
}

/** Whether the car's company has its branches open for these visits (a booking's last word, beside the car's own). */
export async function servesVisits(db: Db | Tx, carId: string, visits: readonly Visit[]): Promise<boolean> {
  if (visits.length === 0) return true;
  const [car] = await db.select({ company: cars.companyId }).from(cars).where(eq(cars.id, carId));
  return car ? (await companiesServing(db, visits, car.company)).has(car.company) : false;
}

/** The place a car's trips start from by default: its home branch's, else its company's first. */
export async function homePlace(db: Db | Tx, carId: string): Promise<LocationId | null> {
  const rows = await db
    .select({ place: branches.place, home: cars.homeBranchId, id: branches.id })
    .from(cars)
    .innerJoin(branches, eq(branches.companyId, cars.companyId))
    .where(eq(cars.id, carId));
  return (rows.find((r) => r.id === r.home) ?? rows.sort((a, b) => LOCATIONS.indexOf(a.place) - LOCATIONS.indexOf(b.place))[0])?.place ?? null;
}

/**
 * The places whose handovers a person of the company sees and records: an agent's branches' places, or
 * null for everywhere (a manager, or an agent the admin gave no branch).
 */
/**
 * Whether a person whose places are `places` (placesOf) may see a booking's handover, its photos and
 * its renter's documents: anyone of the company when unrestricted, an agent where the handover is.
 */
export const reachesHandover = (places: Set<LocationId> | null, c: Parameters<typeof handoverPlace>[0]) => !places || places.has(handoverPlace(c));

export async function placesOf(db: Db | Tx, user: { role: string; companyId: string | null; branchIds: string[] }): Promise<Set<LocationId> | null> {
  if (user.role !== 'agent' || user.branchIds.length === 0 || !user.companyId) return null;
  const rows = await db
    .select({ place: branches.place })
    .from(branches)
    .where(and(eq(branches.companyId, user.companyId), inArray(branches.id, user.branchIds)));
  return new Set(rows.map((r) => r.place));
}

/** The company's branches' names by place (one branch per place): the dashboard's list headings. */
export async function branchNamesOf(db: Db | Tx, companyId: string): Promise<Partial<Record<LocationId, { en: string; ar: string }>>> {
  const rows = await db.select({ place: branches.place, en: branches.nameEn, ar: branches.nameAr }).from(branches).where(eq(branches.companyId, companyId));
  return Object.fromEntries(rows.map(({ place, en, ar }) => [place, { en, ar }]));
}

/** The ids among `ids` that are the company's branches. */
export async function ownBranches(db: Db | Tx, companyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), inArray(branches.id, [...ids])));
  return rows.map((r) => r.id);
}

/** The places renters can choose: where a company that is not suspended has a branch, in the list's order. */
export async function servedPlaces(db: Db | Tx): Promise<LocationId[]> {
  const rows = await db
    .selectDistinct({ place: branches.place })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(isNull(companies.suspendedAt));
  const served = new Set(rows.map((r) => r.place));
  return LOCATIONS.filter((place) => served.has(place));
}
