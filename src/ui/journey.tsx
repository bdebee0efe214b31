import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { JourneySnapshot } from '../../machines/journey';
import type { Requirement } from '../../machines/journey-rules';
import type { DisplayCurrency } from '../../machines/money';
import type { JourneyClient } from '../client/journeyClient';
import type { Session } from '../client/session';

export type JourneyActor = JourneyClient;

const SessionContext = createContext<Session | null>(null);

/** The app's session (who is signed in, the renter's journey, the API) for every screen below. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

/**
 * A session made for a prerendered page asks the server who this is once the part of the page this
 * sits in has been hydrated: were the answer to arrive while React is still taking over the
 * prerendered HTML, the page would no longer match it.
 */
export function SessionStart() {
  const session = useSession();
  useEffect(() => {
    void session.load();
  }, [session]);
  return null;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Who is signed in (as the server said), the demo flag and whether UAE PASS is offered. */
export function useSessionState() {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

const noSubscription = () => () => undefined;
const noSession = () => null;

/**
 * The currency the signed-in user also sees figures in: AED signed out, and where no session is
 * provided (an amount drawn on its own), so an amount never needs a session to render.
 */
export function useDisplayCurrency(): DisplayCurrency {
  const session = useContext(SessionContext);
  const getState = session?.getState ?? noSession;
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, getState, getState);
  return state?.user?.currency ?? 'AED';
}

/** The live journey: screens send events to it. */
export const useJourney = () => useSession().journey;

/** A narrow read of the journey; the component re-renders only when the selected value changes. */
export function useJourneySelector<T>(
  selector: (snapshot: JourneySnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useJourney(), selector, compare);
}

/** True while a call is under way: buttons show busy and cannot submit twice. */
export const usePending = () => useJourneySelector((s) => s.hasTag('pending'));

/** Why the journey on screen changed by itself (another window, a refused step, no connection). */
export function useSyncNotice() {
  const journey = useJourney();
  const notice = () => journey.notice;
  return useSyncExternalStore(journey.onNotice, notice, notice);
}

/** Why the app moved the renter to another screen, carried in the history entry (shown as a notice). */
export interface RedirectNotice {
  notice?: Requirement | 'activeRental' | 'busy';
}
