// The search as the URL keeps it (`/search?type=suv&pickup=dubai-marina&from=2026-12-01T10:00&…`), so
// back, forward, a bookmark or a shared link open the same search. Times are Dubai wall-clock values,
// readable in the address bar and exactly what the date-time inputs show.
import { defaultTrip, fromDubaiInput, toDubaiInput, type Trip } from '../../machines/booking';
import {
  CAR_CATEGORIES,
  isCompanyId,
  isLocationId,
  type CarCategory,
  type LocationId,
} from '../../machines/fleet';

/** Cheapest first (the server's order), or dearest first. */
export const SORTS = ['price', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

export interface SearchQuery {
  type: CarCategory | null;
  /** A company's id (any company's: they are the server's records). */
  company: string | null;
  sort: Sort;
  /** A place id, or '' when the URL has none the app knows. */
  pickup: LocationId | '';
  dropoff: LocationId | '';
  /** As typed or linked (kept even when it is not a valid date, so the form can say what is wrong). */
  from: string;
  to: string;
  /** The Home box's words it could not use, said back on the search (null once a trip is searched). */
  unused: string | null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The search in a URL; what it leaves out is the default trip (tomorrow at 10:00 at Dubai airport, three days). */
export function readQuery(params: URLSearchParams, now: number): SearchQuery {
  const trip = defaultTrip(now);
  const place = (name: string): LocationId | '' | null => {
    const value = params.get(name);
    return value === null ? null : isLocationId(value) ? value : '';
  };
  const pickup = place('pickup') ?? trip.pickupLocation;
  return {
    type: oneOf(CAR_CATEGORIES, params.get('type')),
    company: [params.get('company') ?? ''].find(isCompanyId) ?? null,
    sort: oneOf(SORTS, params.get('sort')) ?? 'price',
    pickup,
    // Returned where it was picked up unless said otherwise.
    dropoff: place('dropoff') ?? pickup,
    from: params.get('from') ?? toDubaiInput(trip.pickupAt),
    to: params.get('to') ?? toDubaiInput(trip.dropoffAt),
    unused: params.get('unused') || null,
  };
}

/** The URL's query for a search: the trip always (a shared link means the same dates), filters when set. */
export function queryString(query: Partial<SearchQuery>): string {
  const params = new URLSearchParams();
  for (const key of ['type', 'pickup', 'dropoff', 'from', 'to', 'unused', 'company'] as const) if (query[key]) params.set(key, query[key]);
  if (query.sort && query.sort !== 'price') params.set('sort', query.sort);
  // ':' is allowed in a query: `from=2026-12-01T10:00` reads better in a shared link than `%3A`.
  const text = params.toString().replace(/%3A/gi, ':');
  return text ? `?${text}` : '';
}

/** The trip of a query, as far as it is one (tripProblems says what is missing or wrong). */
export function tripOf(query: Pick<SearchQuery, 'pickup' | 'dropoff' | 'from' | 'to'>): Partial<Trip> {
  const trip: Partial<Trip> = {};
  if (query.pickup) trip.pickupLocation = query.pickup;
  if (query.dropoff) trip.dropoffLocation = query.dropoff;
  const pickupAt = fromDubaiInput(query.from);
  const dropoffAt = fromDubaiInput(query.to);
  if (pickupAt !== null) trip.pickupAt = pickupAt;
  if (dropoffAt !== null) trip.dropoffAt = dropoffAt;
  return trip;
}

/** The query of a whole trip, e.g. to show the cars still free for it. */
export const tripQuery = (trip: Trip): Pick<SearchQuery, 'pickup' | 'dropoff' | 'from' | 'to'> => ({
  pickup: trip.pickupLocation,
  dropoff: trip.dropoffLocation,
  from: toDubaiInput(trip.pickupAt),
  to: toDubaiInput(trip.dropoffAt),
});
