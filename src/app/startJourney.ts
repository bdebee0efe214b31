import { createActor, type ActorOptions } from 'xstate';
import type { KeyValueStore } from '../../machines/accounts';
import { makeJourneyActors, journeyMachine } from '../../machines/journey';
import { restoreJourney, saveJourney } from '../../machines/persistence';
import type { JourneyActor } from '../ui/journey';
export { browserStore } from '../ui/storage';

interface StartOptions {
  store: KeyValueStore;
  /** Simulated network latency of the local services, so loading states are visible. */
  latencyMs: number;
  inspect?: ActorOptions<typeof journeyMachine>['inspect'];
  now?: number;
}

/** Restores (or starts) the journey, and saves it after every change. */
export function startJourney({ store, latencyMs, inspect, now = Date.now() }: StartOptions) {
  const { snapshot, problem } = restoreJourney(store);
  const actor: JourneyActor = createActor(
    journeyMachine.provide({ actors: makeJourneyActors(store, latencyMs) }),
    { input: { now }, snapshot, inspect },
  );
  actor.subscribe((s) => saveJourney(store, s));
  actor.start();
  // Saving the fresh start also replaces a discarded entry, so its notice shows only once.
  if (problem) saveJourney(store, actor.getSnapshot());
  return { actor, restoreProblem: problem };
}
