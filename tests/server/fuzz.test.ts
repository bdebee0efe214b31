// Random event sequences (valid, invalid, out of order, forged) through the one accept-or-refuse
// function the API uses, and a few hundred through the real API and database, checking after every
// step that the journey's rules and its money hold. FUZZ_RUNS sets the count (.ci/run: 4,000).
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CAR_IDS, FLEET, isCarId } from '../../machines/sampleFleet';
import { openJourney, type JourneyEvent, type JourneySnapshot } from '../../machines/journey';
import { bookingPaid, bookingPrice, dueBackAt, isOver, MAX_EXTENSION_DAYS, STEPS, type JourneyContext } from '../../machines/journey-rules';
import { owed } from '../../machines/ledger';
import { DAY_MS } from '../../machines/money';
import { ledgerOf } from '../../machines/ledger';
import { suppliesOfStep, type Supply } from '../../machines/taxDocuments';
import { restoreJourney, serializeJourney } from '../../machines/persistence';
import { decide } from '../../server/journey/decide';
import { stamp, type ClientEvent } from '../../server/journey/events';
import { eventFor } from '../../server/payments/events';
import { engine } from '../support/server';
import { CARDS, localProvider, typeCard } from '../support/provider';
import { moves, PROVIDER_PAGE, renter, server, walk } from './helpers';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { bookings, users } from '../../server/db/schema';
import { clockOffset, shiftClock } from '../support/clock';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const API_RUNS = Math.max(20, Math.round(RUNS / 50));
const NOW = new Date(2026, 10, 21, 9).getTime();
const RENTER = { email: 'fuzz@example.ae', fullName: 'Mariam Al Suwaidi', phone: '+971501234567', verified: false };

/** New dates for a booking: later and longer, shorter and elsewhere, and two the rules refuse. */
const TRIPS = [
  { pickupLocation: 'dxb-t3', dropoffLocation: 'auh', pickupAt: NOW + 3 * DAY_MS, dropoffAt: NOW + 10 * DAY_MS },
  { pickupLocation: 'dubai-marina', dropoffLocation: 'dubai-marina', pickupAt: NOW + DAY_MS, dropoffAt: NOW + 2 * DAY_MS },
  { pickupLocation: 'downtown', dropoffLocation: 'downtown', pickupAt: NOW + DAY_MS, dropoffAt: NOW + DAY_MS },
  { pickupLocation: 'shj', dropoffLocation: 'shj', pickupAt: NOW + 60_000, dropoffAt: NOW + 40 * DAY_MS },
] as const;

/** The renter on the provider's open page with one of its test cards (approved, declined, refused by the bank's challenge...). */
type ProviderPage = { type: typeof PROVIDER_PAGE; card: string };
const cards = fc.constantFrom(CARDS.approved, CARDS.declined, CARDS.insufficientFunds, CARDS.expired, CARDS.challengeFails, '4242 4242 4242 4241');
const providerPage: fc.Arbitrary<ProviderPage> = cards.map((card) => ({ type: PROVIDER_PAGE, card }));
/** The counter's record of the car at a handover (the odometer past every car's). */
const COUNTER_RECORD = {
  odometer: '31000',
  fuel: 'F',
  damage: '',
  licenceExpiry: '2030-05-31',
  identityChecked: true,
  photos: ['00000000-0000-4000-8000-000000000001'],
};

/** The counter's check-in (the server's own event, for the agent): half a tank short and a scratch. */
const COUNTER_CHECKIN = {
  odometer: '32000',
  fuel: '1/2',
  damage: [{ item: 'scratch', amount: '', note: 'Rear bumper' }],
  photos: ['00000000-0000-4000-8000-000000000002'],
};

/** What a renter's browser may send (the API's own list): valid and invalid payloads, in any order. */
const clientEvent: fc.Arbitrary<ClientEvent> = fc.oneof(
  fc.constantFrom(...STEPS).map((s) => ({ type: 'xstate.route' as const, to: `#${s}` as const })),
  fc.constantFrom(
    'contract.acceptTerms',
    'contract.verifyIdentity',
    'contract.proceed',
    'payment.proceed',
    'pickup.confirm',
    'rental.confirmExtension',
    'rental.cancelExtension',
    'return.start',
    'return.accept',
    'return.finish',
  ).map((type) => ({ type }) as ClientEvent),
  fc.constantFrom('Mariam Al Suwaidi', ' mariam  al suwaidi ', 'Someone Else', '').map((signature) => ({ type: 'contract.sign' as const, signature })),
  fc.constantFrom('The tank is half full', '').map((note) => ({ type: 'pickup.flag' as const, note })),
  fc.boolean().map((consent) => ({ type: 'payment.submit' as const, consent })),
  fc.integer({ min: 1, max: MAX_EXTENSION_DAYS }).map((days) => ({ type: 'rental.extend' as const, days })),
  fc.record({ line: fc.integer({ min: 0, max: 4 }), reason: fc.constantFrom('It was there at pickup', ' ') }).map(({ line, reason }) => ({ type: 'return.dispute' as const, line, reason })),
  fc.constantFrom(...CAR_IDS).map((carId) => ({ type: 'booking.start' as const, carId: carId as string })),
  fc.constantFrom(...TRIPS).map((trip) => ({ type: 'booking.modify' as const, trip })),
  fc.constant({ type: 'booking.cancel' as const }),
  fc.constantFrom('050 123 4567', '123').map((phone) => ({
    type: 'account.update' as const,
    profile: { fullName: 'Mariam Al Suwaidi', phone, email: 'fuzz@example.ae', address: '' },
  })),
);

/** The journey in order, as most renters go through it; each step may be swapped for any other event. */
const HAPPY: ClientEvent[] = [
  { type: 'contract.acceptTerms' },
  { type: 'contract.verifyIdentity' },
  { type: 'contract.sign', signature: 'Mariam Al Suwaidi' },
  { type: 'contract.proceed' },
  { type: 'payment.submit', consent: true },
  { type: PROVIDER_PAGE, card: CARDS.approved } as never,
  { type: 'payment.proceed' },
  { type: 'booking.modify', trip: TRIPS[0] },
  { type: 'pickup.confirm' },
  { type: 'rental.extend', days: 2 },
  { type: 'rental.confirmExtension' },
  { type: 'return.start' },
  { type: 'return.dispute', line: 1, reason: 'It was there at pickup' },
  { type: 'return.accept' },
  { type: 'return.finish' },
  { type: 'booking.start', carId: 'range-rover' },
];

/** The machine's event for a client's, as the server makes it: a booking's start with its car's record (server/cars/store.ts). */
const machineEvent = (e: ClientEvent | ProviderPage): JourneyEvent | ProviderPage =>
  e.type === PROVIDER_PAGE
    ? e
    : e.type === 'booking.start'
    ? { type: 'booking.start', car: isCarId(e.carId) ? FLEET[e.carId] : (undefined as never), ...(e.trip ? { trip: e.trip } : {}), at: NOW }
    : stamp(e, NOW);

/** Events no browser may send, forged as if one did: the machine's own guards are the last line. */
const forged: fc.Arbitrary<JourneyEvent> = fc.oneof(
  fc.record({
    type: fc.constant('deposit.deduct' as const),
    deduction: fc.record({
      kind: fc.constantFrom('fine', 'salik', 'fuel', 'damage', 'bonus') as fc.Arbitrary<'fine'>,
      amount: fc.oneof(fc.integer({ min: -100_000, max: 1_000_000 }), fc.double({ noNaN: false })),
      adminFee: fc.integer({ min: -10, max: 100_000 }),
    }),
  }),
  fc.double().map((days) => ({ type: 'rental.extend' as const, days })),
  // A car that is no record to book, or none at all: what a forged step could carry.
  fc
    .constantFrom({ ...FLEET['911'], id: '__proto__' }, { ...FLEET['911'], dailyRate: -1 }, { ...FLEET['911'], deposit: Number.NaN }, undefined, null)
    .map((car) => ({ type: 'booking.start' as const, car: car as never, at: NOW })),
  fc.constant({ type: 'xstate.done.actor.openCheckout' as const, output: { sessionId: 'cs_forged', url: 'http://evil.example/pay', expiresAt: NOW } }),
  fc.constant({ type: 'xstate.done.actor.holdDeposit' as const, output: { amount: 0, reference: 'forged', heldAt: NOW } }),
  // The provider's news for a page that is not the booking's.
  fc.constant({ type: 'payment.completed' as const, sessionId: 'cs_forged', reference: 'pi_forged', cardToken: 'cus_x/pm_x', card: { last4: '0000', brand: 'visa', expiry: '12/30' }, at: NOW }),
  fc.constant({ type: 'xstate.done.actor.signContract' as const, output: { signedAt: NOW } }),
  // The server's own, before its time: a booking is a no-show only hours after its pickup.
  fc.constant({ type: 'booking.noShow' as const, at: NOW }),
  fc.constant({ type: 'xstate.done.actor.settleDeposit' as const, output: { refunded: 9_999_999, captured: 0, due: 0, releaseBy: NOW, settledAt: NOW, reference: 'forged' } }),
  fc.constant({ type: 'logIn.submit' as const, email: 'other@example.ae', password: 'whatever-12345' }),
  // The counter's and the manager's, out of turn or with what the rules refuse.
  fc.constant({ type: 'handover.checkin' as const, checkin: COUNTER_CHECKIN, agent: 'Yousef Rahman', at: NOW }),
  fc.constant({ type: 'handover.checkin' as const, checkin: { ...COUNTER_CHECKIN, odometer: '10' }, agent: 'Yousef Rahman', at: NOW + 30 * DAY_MS }),
  fc.record({ line: fc.integer({ min: -1, max: 4 }), outcome: fc.constantFrom('upheld', 'waived', 'forgiven') as fc.Arbitrary<'waived'>, note: fc.constantFrom('Checked', '') }).map(
    (d) => ({ type: 'return.decide' as const, ...d, by: 'Sara Khan', at: NOW + 30 * DAY_MS }),
  ),
);

/** Mostly in order with detours (so sequences reach every step), or entirely at random. */
const sequences = <T,>(any: fc.Arbitrary<T>, inOrder: (e: ClientEvent) => T) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(...HAPPY.map((step) => fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constant(inOrder(step)) }, { weight: 1, arbitrary: any }), fc.array(any, { maxLength: 2 }))))
        .map((segments) => segments.flatMap(([step, detours]) => [step, ...detours])),
    },
    { weight: 1, arbitrary: fc.array(any, { maxLength: 30 }) },
  );

const INVARIANTS = [
  'the snapshot is settled (no call left half-done) and restores from storage as it was',
  'no payment before the signature; the deposit is held exactly once the car is picked up (never at payment)',
  'no pickup before payment; no return before pickup; settlement after the renter answered the check-in and every dispute was decided; completion after settlement',
  'extensions: whole days, at least one each, no more than the maximum in all, only while the car is out',
  'every amount is whole fils and not negative; each deduction is positive with its admin fee a part of it',
  'the rental charged is the fleet price of the booking; the deposit is the car category’s',
  'the ledger adds up: rental + extensions = total; charged = payment ± changes + extensions − a cancellation’s or an early return’s refund',
  'a changed booking was paid its new price; a cancelled one was refunded all but the policy’s fee',
  'refundable ≥ 0: refund = deposit − deductions (floored), owed = the excess; captured + released = deposit; a waived charge is not captured',
  'the gateway took exactly what the ledger says was charged',
  'tax documents: each one’s lines add up to its total to the fil; invoices less credit notes = what the card paid for the rental, plus the deductions once settled',
];

/** What the provider took from the card: charges less refunds. */
const netCharged = (ops: { kind: string; amount: number }[]) =>
  ops.reduce((sum, o) => sum + (o.kind === 'charge' ? o.amount : o.kind === 'refund' ? -o.amount : 0), 0);

const whole = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function checkInvariants(s: JourneySnapshot, charges: number, docs?: Supply[]) {
  const c: JourneyContext = s.context;
  expect(s.hasTag('pending')).toBe(false);
  const restored = restoreJourney(JSON.parse(JSON.stringify(serializeJourney(s))));
  expect(restored.problem).toBeNull();
  expect(restored.snapshot!.value).toEqual(s.value);
  expect(JSON.parse(JSON.stringify(restored.snapshot!.context))).toEqual(JSON.parse(JSON.stringify(c)));

  if (c.payment) expect(c.contract).not.toBeNull();
  expect(c.deposit === null).toBe(c.pickedUpAt === null);
  if (c.paymentSession) expect(c.payment).toBeNull();
  if (c.pickedUpAt !== null) expect(c.payment).not.toBeNull();
  if (c.returnedAt !== null) expect(c.pickedUpAt).not.toBeNull();
  if (c.checkin !== null) expect(c.returnedAt).toBe(c.checkin.at);
  if (c.refund !== null) expect(c.checkin?.acceptedAt).not.toBeNull();
  // Settled only with nothing left in dispute; a waived charge is never taken.
  if (c.refund !== null) expect(c.deductions.filter((d) => d.dispute && !d.dispute.decision)).toEqual([]);
  if (c.completedAt !== null) expect(c.refund).not.toBeNull();

  const days = c.extensions.map((e) => e.days);
  expect(days.every((d) => Number.isInteger(d) && d >= 1)).toBe(true);
  expect(days.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_EXTENSION_DAYS);
  if (c.extensions.length > 0) expect(c.pickedUpAt).not.toBeNull();

  for (const d of c.deductions) {
    expect(whole(d.amount) && d.amount > 0).toBe(true);
    expect(whole(d.adminFee) && d.adminFee <= d.amount).toBe(true);
  }
  const ledger = ledgerOf(c);
  for (const n of [ledger.rentalTotal, ledger.charged, ledger.deductionsTotal, ledger.refund, ledger.due, ledger.deposit.amount])
    expect(whole(n), String(n)).toBe(true);
  const rental = bookingPrice(c.booking);
  expect(rental.total).toBe(rental.cost + rental.fees + rental.vat);
  if (c.payment && !c.cancellation) expect(bookingPaid(c)).toBe(rental.total);
  if (c.cancellation) expect(c.cancellation.refunded + c.cancellation.fee).toBe(bookingPaid(c));
  if (c.deposit) expect(c.deposit.amount).toBe(c.booking.car.deposit);
  const extensions = c.extensions.reduce((sum, e) => sum + e.price.total, 0);
  expect(ledger.rentalTotal).toBe(rental.total + extensions);
  expect(ledger.charged).toBe(c.payment ? bookingPaid(c) + extensions - (c.cancellation?.refunded ?? 0) - (c.refund?.early?.amount ?? 0) : 0);
  if (c.refund) expect(c.refund.captured).toBe(Math.min(c.refund.captured + c.refund.refunded, c.deductions.reduce((sum, d) => sum + owed(d), 0)));
  const held = ledger.deposit.amount;
  expect(ledger.refund).toBe(Math.max(0, held - ledger.deductionsTotal));
  expect(ledger.due).toBe(Math.max(0, ledger.deductionsTotal - held));
  if (c.refund) expect(c.refund.refunded + c.refund.captured).toBe(c.deposit!.amount);
  expect(charges).toBe(ledger.charged);
  if (docs) {
    for (const d of docs) {
      expect(d.lines.reduce((sum, l) => sum + l.net + l.vat, 0)).toBe(d.total);
      expect(d.net + d.vat).toBe(d.total);
      expect(d.total).toBeGreaterThan(0);
    }
    const invoiced = docs.reduce((sum, d) => sum + (d.kind === 'invoice' ? d.total : -d.total), 0);
    expect(invoiced).toBe(ledger.charged + (c.refund ? ledger.deductionsTotal : 0));
    expect(new Set(docs.map((d) => d.source)).size).toBe(docs.length);
  }
}

// The provider: the local stand-in through the real adapter, one for the file (each sequence keys its own steps).
const provider = await localProvider();
afterAll(() => provider.standIn.close());
/** What the server opens the provider's page with (server/journey/service.ts checkoutFor). */
const PAGE = {
  bookingId: '00000000-0000-4000-8000-000000000000',
  description: 'Fuzz',
  email: RENTER.email,
  customer: null,
  language: 'en',
  returnUrl: 'http://movecar.test/api/payments/return?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://movecar.test/payment',
} as const;

describe('fuzz: random event sequences', () => {
  // No database (the provider's stand-in on loopback): the same whatever the database, so run once, in the PGlite project.
  it.skipIf(engine() === 'postgres')(`${RUNS} sequences through decide() (the API's accept-or-refuse function), with the provider's stand-in`, async () => {
    const counts = { events: 0, accepted: 0, refused: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CAR_IDS),
        sequences(
          fc.oneof({ weight: 5, arbitrary: clientEvent.map(machineEvent) }, { weight: 1, arbitrary: forged }, { weight: 1, arbitrary: providerPage }),
          machineEvent,
        ),
        async (carId, events) => {
          // This sequence's own keys at the one provider: what moved under them is its books.
          let prefix = randomUUID();
          const { gateway } = provider;
          const books = () => provider.standIn.log.filter((m) => m.key.startsWith(`${prefix}:`));
          const services = (version: number) => ({ gateway, idempotencyKey: `${prefix}:${version}`, checkout: PAGE });
          let snapshot = openJourney(RENTER, FLEET[carId], NOW);
          let version = 1;
          // The tax documents the steps call for, as the server issues them.
          let docs: Supply[] = [];
          const take = (next: JourneySnapshot, at: number) => {
            docs.push(...suppliesOfStep(snapshot.context, next.context, at));
            snapshot = next;
            version++;
          };
          // The renter comes for the car at its booked time (not before the window opens); time never goes back.
          let clock = NOW;
          for (const sent of events) {
            if (sent.type === 'pickup.confirm') {
              clock = Math.max(clock, snapshot.context.booking.pickupAt);
              // The counter records the car first (the server's own event, for the agent).
              const counter = await decide(snapshot, { type: 'handover.record', checkout: COUNTER_RECORD, agent: 'Hamdan Saeed', at: clock }, services(version));
              if (counter.kind === 'accepted') take(counter.snapshot, clock);
            }
            if ((sent.type === 'return.accept' || sent.type === 'return.dispute') && !snapshot.context.checkin) {
              clock = Math.max(clock, dueBackAt(snapshot.context));
              // The counter checks the car in first, when it is due.
              const counter = await decide(snapshot, { type: 'handover.checkin', checkin: COUNTER_CHECKIN, agent: 'Yousef Rahman', at: clock }, services(version));
              if (counter.kind === 'accepted') take(counter.snapshot, clock);
            }
            // A dispute waits for the manager: when the renter has answered, the manager decides it.
            if (sent.type === 'return.finish' && snapshot.context.checkin?.acceptedAt && !snapshot.context.refund) {
              for (const line of snapshot.context.deductions.flatMap((d, i) => (d.dispute && !d.dispute.decision ? [i] : []))) {
                const decision = await decide(snapshot, { type: 'return.decide', line, outcome: line % 2 ? 'waived' : 'upheld', note: 'Checked the photos', by: 'Sara Khan', at: clock }, services(version));
                if (decision.kind === 'accepted') {
                  take(decision.snapshot, clock);
                  checkInvariants(snapshot, netCharged(books()), docs);
                }
              }
            }
            // The renter types a card on the provider's page (when one is open); the provider's news, as the server reads it, is the step.
            if (sent.type === PROVIDER_PAGE) {
              const session = snapshot.context.paymentSession;
              if (!session) continue;
              await typeCard(session.url, sent.card);
              const news = eventFor(await gateway.checkout(session.sessionId), session, clock);
              if (!news) continue;
              const decision = await decide(snapshot, news, services(version));
              expect(decision.kind).toBe('accepted');
              if (decision.kind === 'accepted') take(decision.snapshot, clock);
              checkInvariants(snapshot, netCharged(books()), docs);
              continue;
            }
            const event = 'at' in sent && sent.type !== 'booking.start' ? { ...sent, at: sent.type === 'payment.submit' ? Date.now() : clock } : sent;
            counts.events++;
            const decision = await decide(snapshot, event, services(version));
            if (decision.kind !== 'accepted') {
              counts[decision.kind]++;
              continue;
            }
            counts.accepted++;
            // A new booking after a finished rental starts its own books.
            if (event.type === 'booking.start' && isOver(snapshot.context)) {
              prefix = randomUUID();
              docs = [];
              snapshot = decision.snapshot;
              version++;
            } else take(decision.snapshot, clock);
            checkInvariants(snapshot, netCharged(books()), docs);
          }
        },
      ),
      { numRuns: RUNS },
    );
    console.log(
      `Fuzz (decide, no database): ${RUNS} sequences, ${counts.events} events — ${counts.accepted} accepted, ` +
        `${counts.refused} refused (out of order or forged), ${counts.invalid} invalid (form rules).\n` +
        `Invariants checked after every accepted step:\n${INVARIANTS.map((i) => `  - ${i}`).join('\n')}`,
    );
    // Deep enough to reach every step (a random cancellation ends a sequence early, so not more).
    expect(counts.accepted).toBeGreaterThan(counts.events / 5);
    expect(counts.refused).toBeGreaterThan(0);
  }, 900_000);

  it(`${API_RUNS} sequences through the real API and database`, async () => {
    const s = await server();
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(sequences(fc.oneof({ weight: 8, arbitrary: clientEvent as fc.Arbitrary<ClientEvent | ProviderPage> }, { weight: 1, arbitrary: providerPage }), (e) => e), async (events) => {
        const r = await renter();
        // A sequence that reaches the pickup moves the clock to it; the next one starts from here again.
        const back = clockOffset();
        for (const event of events) {
          const answer = await walk(r, event as Record<string, unknown>);
          statuses[answer.ok ? 200 : answer.status] = (statuses[answer.ok ? 200 : answer.status] ?? 0) + 1;
          expect([200, 400, 402, 409, 422]).toContain(answer.ok ? 200 : answer.status);
        }
        const view = r.journey();
        const restored = restoreJourney(view.journey);
        expect(restored.problem).toBeNull();
        checkInvariants(restored.snapshot!, netCharged(await moves(view.bookingId, s)));
        // The next sequence's renter books the same car: this one's holds go (as a demo sample's
        // never hold), so the next is a day ahead, not weeks, and its session lives to its pickup.
        const mine = s.deps.db.select({ id: users.id }).from(users).where(eq(users.email, r.email));
        await s.deps.db.update(bookings).set({ holdsCar: false, sample: true }).where(inArray(bookings.renterId, mine));
        shiftClock(back);
      }),
      { numRuns: API_RUNS },
    );
    console.log(`Fuzz (API and database): ${API_RUNS} sequences; answers by status ${JSON.stringify(statuses)}; the same invariants held.`);
  }, 900_000);
});
