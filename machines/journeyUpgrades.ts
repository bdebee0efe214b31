// Stored journeys evolve as the database does, by explicit steps: each schema version the code still
// reads has one upgrade to the next, on the stored JSON, before anything is checked. A rental lasts
// weeks and a deploy comes in between: a record saved under an older version is carried on to the
// current one (and saved under it at its next step), never refused. Each upgrade is tested against
// records the older code really stored (tests/fixtures/journeys, tests/server/journeyUpgrades.test.ts).
// Versions 1 and 2 were before launch: no record of them is kept anywhere, and they stay refused.
import { sampleCarOf } from './journey-rules';

type Json = Record<string, unknown>;
/** A stored journey's snapshot (the machine's persisted one) as JSON: no field of it is trusted yet. */
export type StoredSnapshot = { value?: unknown; context?: unknown; [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Version 3 grew without bumps; version 4 is what version 3 records became:
 * - the states renamed since: a paid booking waiting for its car (`awaitingConfirmation`, before the
 *   counter's handover: `awaitingHandover`); a return the renter inspected themselves (`inspection`,
 *   `depositRefund`: back at `returning`, for the counter's check-in); a card declined on our own form
 *   (before the provider's page: the payment again, `editing`);
 * - the fields added since, as those records meant them: never cancelled or changed, no company
 *   refund, no counter's record of either handover, no provider's page open;
 * - the car's facts, for a booking stored before it kept them: the sample car it names (the only
 *   cars there were), and so for the car it was upgraded from.
 */
function v3ToV4(snapshot: StoredSnapshot): StoredSnapshot {
  const v = snapshot.value as { signedIn?: { carPickup?: unknown; carReturn?: unknown; payment?: unknown } } | null;
  let value = snapshot.value;
  if (v?.signedIn?.payment === 'declined') value = { signedIn: { payment: 'editing' } };
  else if (v?.signedIn?.carPickup === 'awaitingConfirmation') value = { signedIn: { carPickup: 'awaitingHandover' } };
  else if (v?.signedIn?.carReturn === 'inspection' || v?.signedIn?.carReturn === 'depositRefund') value = { signedIn: { carReturn: 'returning' } };
  if (!isObject(snapshot.context)) return { ...snapshot, value };
  const context = snapshot.context;
  const booking = isObject(context.booking) ? context.booking : undefined;
  const sample = (id: unknown) => (typeof id === 'string' ? (sampleCarOf(id) ?? id) : id);
  return {
    ...snapshot,
    value,
    context: {
      cancellation: null,
      changes: [],
      companyRefunds: [],
      checkout: null,
      checkin: null,
      paymentSession: null,
      ...context,
      ...(booking && {
        booking: {
          ...booking,
          car: booking.car ?? sample(booking.carId),
          ...(booking.upgradedFrom === undefined ? {} : { upgradedFrom: sample(booking.upgradedFrom) }),
        },
      }),
    },
  };
}

/** The upgrade from each version still read to the next. */
export const UPGRADES: Record<number, (snapshot: StoredSnapshot) => StoredSnapshot> = { 3: v3ToV4 };

/** The oldest version still read. */
export const OLDEST_READ = Math.min(...Object.keys(UPGRADES).map(Number));

/**
 * The snapshot of a record stored under `version`, upgraded step by step to `current`; null when the
 * version is not one this code reads (older than every upgrade, or newer than itself).
 */
export function upgradeSnapshot(version: unknown, snapshot: unknown, current: number): StoredSnapshot | null {
  if (typeof version !== 'number' || !Number.isInteger(version) || version > current || !isObject(snapshot)) return null;
  let at = version;
  let upgraded: StoredSnapshot = snapshot;
  while (at < current) {
    const upgrade = UPGRADES[at];
    if (!upgrade) return null;
    upgraded = upgrade(upgraded);
    at++;
  }
  return upgraded;
}
