import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { journeyMachine, JourneySnapshot } from '../../machines/journey';
import type { RestoreProblem } from '../../machines/persistence';
import type { Requirement } from '../../machines/journey-rules';

export type JourneyActor = Actor<typeof journeyMachine>;

interface JourneyValue {
  actor: JourneyActor;
  /** Why a saved journey was discarded at start-up, if it was. */
  restoreProblem: RestoreProblem | null;
}

const JourneyContext = createContext<JourneyValue | null>(null);

export function JourneyProvider({ children, ...value }: JourneyValue & { children: ReactNode }) {
  return <JourneyContext value={value}>{children}</JourneyContext>;
}

function useJourneyValue(): JourneyValue {
  const value = useContext(JourneyContext);
  if (!value) throw new Error('useJourney outside JourneyProvider');
  return value;
}

/** The live journey actor: screens send events to it. */
export const useJourney = () => useJourneyValue().actor;
export const useRestoreProblem = () => useJourneyValue().restoreProblem;

/** A narrow read of the journey; the component re-renders only when the selected value changes. */
export function useJourneySelector<T>(
  selector: (snapshot: JourneySnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useJourney(), selector, compare);
}

/** True while a server-like call is under way: buttons show busy and cannot submit twice. */
export const usePending = () => useJourneySelector((s) => s.hasTag('pending'));

/** Why the app moved the renter to another screen, carried in the history entry (shown as a notice). */
export interface RedirectNotice {
  notice?: Requirement | 'activeRental' | 'busy';
}
