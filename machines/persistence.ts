// The journey survives reload: its persisted snapshot is saved under a schema version and checked on
// the way back in. Anything corrupt, foreign or from another version is discarded, never trusted.
import type { Snapshot } from 'xstate';
import type { KeyValueStore } from './accounts';
import { isCarId, LOCATIONS } from './fleet';
import { journeyMachine, type JourneySnapshot } from './journey';
import type { JourneyContext } from './journey-rules';

export const JOURNEY_KEY = 'movecar.journey';
/** Bump when the context's shape changes: older entries are then discarded with a notice. */
export const JOURNEY_SCHEMA_VERSION = 2;

export type RestoreProblem = 'corrupt' | 'foreign' | 'oldVersion';
export type Restored = { snapshot: Snapshot<unknown> | undefined; problem: RestoreProblem | null };

/** What is saved: the machine's persisted snapshot without child actors (their inputs are requests). */
export function serializeJourney(snapshot: JourneySnapshot): string {
  const persisted = journeyMachine.getPersistedSnapshot(snapshot) as Record<string, unknown>;
  return JSON.stringify({ version: JOURNEY_SCHEMA_VERSION, snapshot: { ...persisted, children: {} } });
}

/** A pending call cannot be resumed after a reload, so such moments are not saved. */
export const shouldSave = (snapshot: JourneySnapshot) => !snapshot.hasTag('pending');

/** Saves when it may. A browser that refuses storage loses only the reload-survival, not the journey. */
export function saveJourney(store: KeyValueStore, snapshot: JourneySnapshot) {
  if (!shouldSave(snapshot)) return;
  try {
    store.setItem(JOURNEY_KEY, serializeJourney(snapshot));
  } catch {
    /* quota or private mode: the journey goes on in memory */
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isNumber = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
const isNullOr = (x: unknown, check: (y: unknown) => boolean) => x === null || check(x);

/** A structural check of everything the screens read from the context. */
function isJourneyContext(c: unknown): c is JourneyContext {
  if (!isObject(c)) return false;
  const b = c.booking;
  return (
    isObject(b) &&
    isCarId(b.carId) &&
    LOCATIONS.includes(b.pickupLocation as never) &&
    LOCATIONS.includes(b.dropoffLocation as never) &&
    isNumber(b.pickupAt) &&
    isNumber(b.dropoffAt) &&
    isNullOr(c.renter, (r) => isObject(r) && typeof r.email === 'string' && typeof r.fullName === 'string') &&
    typeof c.termsAccepted === 'boolean' &&
    typeof c.identityVerified === 'boolean' &&
    isNullOr(c.contract, (x) => isObject(x) && isNumber(x.signedAt)) &&
    isNullOr(c.payment, (x) => isObject(x) && typeof x.last4 === 'string' && isNumber(x.amount)) &&
    isNullOr(c.pickedUpAt, isNumber) &&
    isNullOr(c.returnedAt, isNumber) &&
    isNullOr(c.completedAt, isNumber) &&
    isNullOr(c.refund, (x) => isObject(x) && isNumber(x.amount) && isNumber(x.releaseBy)) &&
    isNullOr(c.extensionQuote, isObject) &&
    isNullOr(c.inspection, isObject) &&
    isNullOr(c.pending, (x) => typeof x === 'string') &&
    Array.isArray(c.extensions) &&
    Array.isArray(c.deductions) &&
    isObject(c.fieldErrors) &&
    isObject(c.profileErrors)
  );
}

export function restoreJourney(store: KeyValueStore): Restored {
  const raw = store.getItem(JOURNEY_KEY);
  if (raw === null) return { snapshot: undefined, problem: null };
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return { snapshot: undefined, problem: 'corrupt' };
  }
  if (!isObject(entry) || !('version' in entry) || !isObject(entry.snapshot)) {
    return { snapshot: undefined, problem: 'foreign' };
  }
  if (entry.version !== JOURNEY_SCHEMA_VERSION) return { snapshot: undefined, problem: 'oldVersion' };
  const snapshot = entry.snapshot;
  if (snapshot.status !== 'active' || !isJourneyContext(snapshot.context)) {
    return { snapshot: undefined, problem: 'corrupt' };
  }
  try {
    // Throws on a state value the machine does not have.
    const resolved = journeyMachine.resolveState({
      value: snapshot.value as never,
      context: snapshot.context,
    });
    if (resolved.hasTag('pending')) return { snapshot: undefined, problem: 'corrupt' };
  } catch {
    return { snapshot: undefined, problem: 'corrupt' };
  }
  return { snapshot: snapshot as unknown as Snapshot<unknown>, problem: null };
}
