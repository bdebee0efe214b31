// The cars a renter can choose, as the server offers them for a trip, and choosing one. Search, Home's
// featured cars and the Services fleet all read the same answer, so a price is the same everywhere.
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { defaultTrip, type Trip, type TripField, type TripProblem } from '../../machines/booking';
import type { Car } from '../../machines/fleet';
import { stepOf } from '../../machines/steps';
import type { Answer, CarOffer } from '../client/api';
import type { Notices } from '../client/notices';
import { useLocale } from '../i18n/locale';
import { pathOf } from '../i18n/paths';
import { queryString, tripQuery } from '../search/query';
import { seeded, useServerData } from './serverData';
import { useSession, type RedirectNotice } from './session';

export type { CarOffer };

/** The server's answer to a search: the free cars, or what is wrong with the trip (by field). */
export interface Offers {
  results: CarOffer[];
  problems?: Partial<Record<TripField, TripProblem>>;
}

/** The key a search's answer is kept under (and seeded under, in a page the server rendered with it). */
export const carsKey = (trip: Trip | null) => `cars:${trip ? JSON.stringify(trip) : ''}`;

/**
 * The trip Home's and Services' prices are for: the default one (tomorrow, three days), as the server
 * rendered the page with it, else from this phone's clock.
 */
export const shownTrip = () => seeded<Trip>('trip') ?? defaultTrip(Date.now());

/** The cars free for the whole of `trip`, cheapest first; `null` asks nothing (the trip is not complete yet). */
export function useCarSearch(trip: Trip | null) {
  const { api, notices } = useSession();
  const search = useServerData(async (): Promise<Answer<Offers>> => {
    if (!trip) return { ok: true, body: { results: [] } };
    const answer = await api.searchCars(trip);
    // A trip the server refuses (its clock said "too soon") is an answer too: shown next to the fields.
    if (!answer.ok && answer.error === 'invalid')
      return { ok: true, body: { results: [], problems: (answer.fields ?? {}) as Offers['problems'] } };
    return answer;
  }, carsKey(trip));
  // The server refused a car as taken: the list on screen is older than that booking, so it is asked
  // again. Whether the screen was left meanwhile (and so asks anyway) depends on how fast the answer came.
  const { reload } = search;
  useEffect(() => notices.subscribe(() => notices.get() === 'taken' && reload()), [notices, reload]);
  return search;
}

/**
 * The cars free for `trip` as the server offers them (the companies' records); none until its answer
 * is in (`answered`), when the screens show empty cards in their place.
 */
export function useShownCars(trip: Trip) {
  const search = useCarSearch(trip);
  return { failed: search.failed, answered: search.data !== null, results: search.data?.results ?? [] };
}


/**
 * Starts a booking of this car for this trip: signed in, the journey goes on to the contract; signed
 * out, through log-in or registration and back. During a paid rental it goes back to that rental and
 * says why. If the server answers that someone else has just booked the car, the renter is brought
 * back to the cars still free for the same trip (the notice says why). The journey's code comes with
 * the first tap: the pages that list cars do not load it before.
 */
export function useRentCar() {
  const session = useSession();
  const navigate = useNavigate();
  const { lang } = useLocale();
  return useCallback(
    async (car: Car, trip: Trip) => {
      // Its code could not be fetched (offline before the app was stored for offline use): say so.
      const journey = await session.loadJourney().catch(() => null);
      if (!journey) return session.notices.set('needsConnection');
      const event = { type: 'booking.start', car, trip, at: Date.now() } as const;
      const snapshot = journey.getSnapshot();
      if (!snapshot.can(event)) {
        const state: RedirectNotice = { notice: 'activeRental' };
        navigate(pathOf(stepOf(snapshot), lang), { state });
        return;
      }
      onceTaken(session.notices, () => navigate(`${pathOf('search', lang)}${queryString(tripQuery(trip))}`, { replace: true }));
      journey.send(event);
    },
    [session, navigate, lang],
  );
}

/**
 * Calls `then` if the server refuses the step just sent because the car is taken. The journey first
 * takes the server's record back (a task after the notice) and the route follows it; going to the
 * search after both keeps the renter there. Listens to the next notice only, for a minute at most.
 */
function onceTaken(notices: Notices, then: () => void) {
  const stop = notices.subscribe(() => {
    if (notices.get() === null) return; // cleared as the step is sent
    stop();
    clearTimeout(timer);
    if (notices.get() === 'taken') setTimeout(() => setTimeout(then, 0), 0);
  });
  const timer = setTimeout(stop, 60_000);
}
