// @vitest-environment node
import { aed } from '../../machines/money';
import { FLEET } from '../../machines/sampleFleet';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { journeyMachine, openJourney } from '../../machines/journey';
import { isSettled, JOURNEY_SCHEMA_VERSION, restoreJourney, serializeJourney } from '../../machines/persistence';

const NOW = new Date(2026, 10, 21, 9).getTime();
const RENTER = { email: 'mariam@example.ae', fullName: 'Mariam Al Suwaidi', phone: '+971501234567', verified: false };

/** What the server stores: through JSON, as the database's jsonb gives it back. */
const stored = (snapshot: Parameters<typeof serializeJourney>[0]) => JSON.parse(JSON.stringify(serializeJourney(snapshot)));

describe('a stored journey, as the server keeps it', () => {
  it('round trip: a stored journey comes back in the same state and goes on from there', () => {
    const actor = createActor(journeyMachine, {
      snapshot: journeyMachine.getPersistedSnapshot(openJourney(RENTER, FLEET['bmw-7'], NOW)) as never,
      input: { now: NOW },
    }).start();
    actor.send({ type: 'contract.acceptTerms' });
    const before = actor.getSnapshot();
    const restored = restoreJourney(stored(before));
    expect(restored.problem).toBeNull();
    expect(restored.snapshot!.value).toEqual(before.value);
    expect(restored.snapshot!.context).toEqual(before.context);
    const again = createActor(journeyMachine, {
      snapshot: journeyMachine.getPersistedSnapshot(restored.snapshot!) as never,
      input: { now: NOW },
    }).start();
    again.send({ type: 'contract.verifyIdentity' });
    expect(again.getSnapshot().matches({ signedIn: { rentalContract: 'readyToSign' } })).toBe(true);
  });

  it.each([
    ['foreign', 'not an object'],
    ['foreign', { hello: 'world' }],
    ['foreign', [1, 2, 3]],
    ['oldVersion', { version: 2, snapshot: {} }],
    ['corrupt', { version: JOURNEY_SCHEMA_VERSION, snapshot: { status: 'active', value: 'nowhere', context: {} } }],
  ] as const)('a %s record is refused, with that reason: %j', (problem, record) => {
    expect(restoreJourney(record)).toEqual({ snapshot: null, problem });
  });

  it('a record with an impossible context or state is refused as corrupt, never trusted', () => {
    const good = stored(openJourney(RENTER, FLEET['camry'], NOW));
    const context = good.snapshot.context;
    const variants = [
      { ...context, booking: { ...context.booking, carId: 'constructor' } },
      { ...context, deductions: [{ kind: 'fine', amount: -55_000, adminFee: 0 }] },
      { ...context, payment: { last4: '4242', amount: 1.5, paidAt: NOW, reference: 'r', cardToken: 't' } },
      { ...context, extensions: [{ days: 0.5, price: {}, reference: 'r', chargedAt: NOW }] },
      { ...context, error: 'exploded' },
      null,
    ];
    for (const variant of variants)
      expect(restoreJourney({ ...good, snapshot: { ...good.snapshot, context: variant } }).problem).toBe('corrupt');
    expect(restoreJourney({ ...good, snapshot: { ...good.snapshot, value: { signedIn: 'teleporting' } } }).problem).toBe(
      'corrupt',
    );
    expect(restoreJourney(good).problem).toBeNull();
  });

  it('a booking keeps its car’s facts as booked; one stored before it did reads the sample car it names', () => {
    const good = stored(openJourney(RENTER, { ...FLEET.camry, dailyRate: aed(199) }, NOW));
    // The rate the booking was made at, not the fleet's today.
    expect(restoreJourney(good).snapshot!.context.booking.car.dailyRate).toBe(aed(199));
    const legacy = { ...good.snapshot.context.booking, car: undefined };
    const old = (booking: object, version = JOURNEY_SCHEMA_VERSION) =>
      restoreJourney({ version, snapshot: { ...good.snapshot, context: { ...good.snapshot.context, booking } } });
    // Stored under version 3, before bookings kept their car's facts: its upgrade reads the sample cars.
    expect(old({ ...legacy, upgradedFrom: 'yaris' }, 3).snapshot!.context.booking).toMatchObject({ car: FLEET.camry, upgradedFrom: FLEET.yaris });
    // Under the current version the facts are the booking's own: none is no booking.
    expect(old({ ...legacy, upgradedFrom: 'yaris' }).problem).toBe('corrupt');
    // A car nobody knows, or facts that are not a car's, are no booking to go on with.
    expect(old({ ...legacy, carId: 'tesla' }, 3).problem).toBe('corrupt');
    expect(old({ ...legacy, upgradedFrom: 'tesla' }, 3).problem).toBe('corrupt');
    expect(old({ ...good.snapshot.context.booking, upgradedFrom: { id: 'yaris' } }).problem).toBe('corrupt');
    expect(old({ ...good.snapshot.context.booking, carId: 'yaris' }).problem).toBe('corrupt');
  });

  it('a moment in the middle of a call is never a stored journey (it could not be resumed)', () => {
    const signing = journeyMachine.resolveState({
      value: { signedIn: { rentalContract: 'signing' } },
      context: { ...openJourney(RENTER, FLEET['camry'], NOW).context, termsAccepted: true, identityVerified: true },
    });
    expect(isSettled(signing)).toBe(false);
    expect(restoreJourney(stored(signing)).problem).toBe('corrupt');
  });
});
