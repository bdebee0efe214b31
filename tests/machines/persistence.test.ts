// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { memoryStore, type KeyValueStore } from '../../machines/accounts';
import { journeyMachine, makeJourneyActors } from '../../machines/journey';
import {
  JOURNEY_KEY,
  JOURNEY_SCHEMA_VERSION,
  restoreJourney,
  saveJourney,
  serializeJourney,
} from '../../machines/persistence';
import { startJourney } from '../../src/app/startJourney';
import { DOCUMENTS } from '../render';

const NOW = new Date(2026, 10, 21, 9).getTime();
const PASSWORD = 'desert-rose-42';
const CARD_NUMBER = '5555 3412 4444 1115';
const CVV = '987';

/** A store that remembers every value ever written, to search for secrets afterwards. */
function recordingStore() {
  const store = memoryStore();
  const written: string[] = [];
  return {
    written,
    getItem: store.getItem,
    setItem: (key: string, value: string) => {
      written.push(value);
      store.setItem(key, value);
    },
  } satisfies KeyValueStore & { written: string[] };
}

async function fullJourney(store: KeyValueStore) {
  const { actor } = startJourney({ store, latencyMs: 0, now: NOW });
  const settle = () => waitFor(actor, (s) => !s.hasTag('pending'));
  actor.send({
    type: 'registration.submit',
    form: {
      fullName: 'Mariam Al Suwaidi',
      email: 'mariam@example.ae',
      phone: '0501234567',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...DOCUMENTS,
      termsAccepted: true,
    },
  });
  await settle();
  actor.send({ type: 'contract.acceptTerms' });
  actor.send({ type: 'contract.verifyIdentity' });
  actor.send({ type: 'contract.sign', signature: 'Mariam Al Suwaidi', at: NOW });
  await settle();
  actor.send({ type: 'contract.proceed' });
  actor.send({
    type: 'payment.submit',
    card: { email: 'm@example.ae', name: 'Mariam', number: CARD_NUMBER, expiry: '12/29', cvv: CVV },
    at: NOW,
  });
  await settle();
  actor.send({ type: 'payment.proceed' });
  actor.send({ type: 'pickup.confirm', at: NOW });
  actor.send({ type: 'return.start' });
  actor.send({ type: 'return.confirmHandover', at: NOW });
  actor.send({
    type: 'return.submitInspection',
    inspection: { fuel: 'F', mileage: '12009', damage: '', notes: '' },
  });
  actor.send({ type: 'return.processRefund', at: NOW });
  actor.send({ type: 'return.finish', at: NOW });
  return actor;
}

describe('journey persistence', () => {
  it('round trip: a saved journey comes back in the same state and goes on from there', async () => {
    const store = memoryStore();
    const first = startJourney({ store, latencyMs: 0, now: NOW }).actor;
    first.send({ type: 'journey.loadSample', at: NOW });
    first.send({ type: 'rental.extend', days: 1 });
    const before = first.getSnapshot();

    const { actor, restoreProblem } = startJourney({ store, latencyMs: 0, now: NOW + 1 });
    expect(restoreProblem).toBeNull();
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context).toEqual(before.context);
    actor.send({ type: 'rental.confirmExtension' });
    expect(actor.getSnapshot().context.extensions).toHaveLength(1);
  });

  it.each([
    ['corrupt', 'not json {'],
    ['foreign', JSON.stringify({ hello: 'world' })],
    ['foreign', JSON.stringify([1, 2, 3])],
    ['oldVersion', JSON.stringify({ version: 0, snapshot: {} })],
    [
      'corrupt',
      JSON.stringify({
        version: JOURNEY_SCHEMA_VERSION,
        snapshot: { status: 'active', value: 'nowhere', context: {} },
      }),
    ],
  ] as const)('a %s entry is discarded, with that reason: %s', (problem, raw) => {
    const store = memoryStore();
    store.setItem(JOURNEY_KEY, raw);
    expect(restoreJourney(store)).toEqual({ snapshot: undefined, problem });
    const started = startJourney({ store, latencyMs: 0, now: NOW });
    expect(started.restoreProblem).toBe(problem);
    expect(started.actor.getSnapshot().matches({ signedOut: 'registration' })).toBe(true);
    // The bad entry is replaced, so the notice is shown once, not on every load.
    expect(restoreJourney(store).problem).toBeNull();
  });

  it('a valid entry with an impossible context or state is rejected as corrupt', () => {
    const actor = createActor(journeyMachine, { input: { now: NOW } }).start();
    actor.send({ type: 'journey.loadSample', at: NOW });
    const good = JSON.parse(serializeJourney(actor.getSnapshot()));
    const variants = [
      {
        ...good,
        snapshot: { ...good.snapshot, context: { ...good.snapshot.context, booking: { carId: 'tesla' } } },
      },
      { ...good, snapshot: { ...good.snapshot, value: { signedIn: 'teleporting' } } },
      { ...good, snapshot: { ...good.snapshot, context: null } },
    ];
    for (const variant of variants) {
      const store = memoryStore();
      store.setItem(JOURNEY_KEY, JSON.stringify(variant));
      expect(restoreJourney(store).problem).toBe('corrupt');
    }
    const store = memoryStore();
    store.setItem(JOURNEY_KEY, JSON.stringify(good));
    expect(restoreJourney(store).problem).toBeNull();
  });

  it('does not save while a call is under way (it could not be resumed)', async () => {
    const store = memoryStore();
    const actor = createActor(journeyMachine.provide({ actors: makeJourneyActors(store, 50) }), {
      input: { now: NOW },
    }).start();
    saveJourney(store, actor.getSnapshot());
    const saved = store.getItem(JOURNEY_KEY);
    actor.send({
      type: 'registration.submit',
      form: {
        fullName: 'Amna Bin Ali',
        email: 'a@b.ae',
        phone: '0501234567',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...DOCUMENTS,
        termsAccepted: true,
      },
    });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    saveJourney(store, actor.getSnapshot());
    expect(store.getItem(JOURNEY_KEY)).toBe(saved);
    await waitFor(actor, (s) => !s.hasTag('pending'));
    saveJourney(store, actor.getSnapshot());
    expect(store.getItem(JOURNEY_KEY)).not.toBe(saved);
  });

  it('after a full journey, nothing ever written to storage holds the password, card number or CVV', async () => {
    const store = recordingStore();
    const actor = await fullJourney(store);
    expect(actor.getSnapshot().matches({ signedIn: { carReturn: 'completed' } })).toBe(true);
    expect(store.written.length).toBeGreaterThan(5);
    const everything = store.written.join('\n');
    expect(everything).toContain('mariam@example.ae'); // the search does look at real content
    expect(everything).toContain('"last4":"1115"');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(CARD_NUMBER);
    expect(everything).not.toContain(CARD_NUMBER.replace(/\s/g, ''));
    expect(everything).not.toMatch(new RegExp(`"${CVV}"|cvv`, 'i'));
  });
});
