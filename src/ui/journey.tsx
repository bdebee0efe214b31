// The renter's journey for the screens that drive it. Importing this module brings the journey's
// code (XState, the machines) with the screen; pages that only follow the journey use ./session.
import { useSelector } from '@xstate/react';
import type { JourneySnapshot } from '../../machines/journey';
import * as journeyCode from '../client/journeyClient';
import type { JourneyClient } from '../client/journeyClient';
import { useSession } from './session';

export type JourneyActor = JourneyClient;

/** The live journey: screens send events to it. Made by the first screen that asks for it. */
export const useJourney = (): JourneyClient => useSession().journeyWith(journeyCode);

/** A narrow read of the journey; the component re-renders only when the selected value changes. */
export function useJourneySelector<T>(
  selector: (snapshot: JourneySnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useJourney(), selector, compare);
}

/** True while a call is under way: buttons show busy and cannot submit twice. */
export const usePending = () => useJourneySelector((s) => s.hasTag('pending'));
