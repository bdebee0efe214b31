// The session for every screen: who is signed in, the demo flag, the notice at the top of the
// screen, and light reads of the renter's journey once its code is loaded. Nothing here loads the
// journey's code (XState, the journey's machine): screens that drive the journey use ./journey.
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Requirement } from '../../machines/steps';
import type { DisplayCurrency } from '../../machines/money';
import type { JourneySnapshot } from '../../machines/journey';
import type { JourneyClient } from '../client/journeyClient';
import type { Session } from '../client/session';

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

const noJourney = () => null;

/**
 * The journey's client once its code is loaded, else null; re-renders when it comes. A prerendered
 * page is hydrated as it was made, before any screen made the client (null), and follows after.
 */
export function useLoadedJourney(): JourneyClient | null {
  const session = useSession();
  const loaded = () => session.journey;
  return useSyncExternalStore(session.subscribeJourney, loaded, noJourney);
}

/**
 * A narrow read of the journey once it is loaded (`fallback` before, and while a prerendered page is
 * hydrated): for the parts of a page that follow the journey without driving it. The value is
 * compared with ===, so select a primitive.
 */
export function useLoadedJourneyValue<T extends string | number | boolean | null>(
  selector: (snapshot: JourneySnapshot) => T,
  fallback: T,
): T {
  const session = useSession();
  const read = () => {
    const journey = session.journey;
    return journey ? selector(journey.getSnapshot()) : fallback;
  };
  return useSyncExternalStore(session.subscribeJourney, read, () => fallback);
}

/** Why the journey on screen changed by itself (another window, a refused step, no connection). */
export function useSyncNotice() {
  const { notices } = useSession();
  return useSyncExternalStore(notices.subscribe, notices.get, notices.get);
}

/** Why the app moved the renter to another screen, carried in the history entry (shown as a notice). */
export interface RedirectNotice {
  notice?: Requirement | 'activeRental' | 'busy';
}
