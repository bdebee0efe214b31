// @vitest-environment node
import { type Car } from '../../machines/fleet';
import { FLEET } from '../../machines/sampleFleet';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { JourneyFailure, journeyMachine, stepOf } from '../../machines/journey';
import { CANCELLATION_POLICY, dueBackAt, freeCancellationUntil, lateCancellationFee, extensionPrice, MAX_EXTENSION_DAYS, NO_SHOW_AFTER_MS, PICKUP_WINDOW_MS, whyNot } from '../../machines/journey-rules';
import { normaliseEmail, type Renter } from '../../machines/renter';
import type { RegistrationInput as RegistrationForm } from '../../machines/validation';
import { DAY_MS, fineDeduction, aed } from '../../machines/money';
import { moneyTimeline } from '../../machines/ledger';
import { decide, serverJourneyActors, type JourneyServices } from '../../server/journey/decide';
import { eventFor } from '../../server/payments/events';
import type { PaymentGateway } from '../../server/payments/gateway';
import { CARDS, localProvider, typeCard } from '../support/provider';

// The provider: the local stand-in, reached through the real adapter (server/payments/stripe.ts).
const provider = await localProvider();
afterAll(() => provider.standIn.close());

const NOW = new Date(2026, 10, 21, 9).getTime();
const FORM: RegistrationForm = {
  fullName: 'Mariam Al Suwaidi',
  email: 'Mariam@Example.ae',
  phone: '050 123 4567',
  password: 'desert-rose-42',
  confirmPassword: 'desert-rose-42',
  emiratesId: '784-1990-1234567-6',
  emiratesIdExpiry: '2031-01-31',
  licenceExpiry: '2030-06-30',
  emiratesIdFile: { name: 'emirates-id.png', type: 'image/png', size: 120_000 },
  emiratesIdBackFile: { name: 'emirates-id-back.png', type: 'image/png', size: 110_000 },
  licenceFile: { name: 'licence.pdf', type: 'application/pdf', size: 240_000 },
  termsAccepted: true,
};

/** Accounts for the sign-in calls: the machine only needs their outcome (the server's are tested there). */
function accounts(known: { email: string; password: string; verified?: boolean }[] = []) {
  const byEmail = new Map(known.map((k) => [normaliseEmail(k.email), k]));
  const renterOf = (email: string, verified = false): Renter => ({
    email: normaliseEmail(email),
    fullName: FORM.fullName,
    phone: '+971501234567',
    verified,
  });
  return {
    registerAccount: fromPromise<Renter, RegistrationForm>(async ({ input }) => {
      if (byEmail.has(normaliseEmail(input.email))) throw new JourneyFailure('emailTaken');
      return renterOf(input.email);
    }),
    verifyAccount: fromPromise<Renter, { email: string; password: string }>(async ({ input }) => {
      const known = byEmail.get(normaliseEmail(input.email));
      if (!known || known.password !== input.password) throw new JourneyFailure('wrongCredentials');
      return renterOf(input.email, known.verified);
    }),
  };
}

/** What the server opens the provider's page with (server/journey/service.ts checkoutFor). */
const PAGE = {
  bookingId: '00000000-0000-4000-8000-000000000000',
  description: 'Toyota Camry',
  email: 'm@example.ae',
  customer: null,
  language: 'en',
  returnUrl: 'http://movecar.test/api/payments/return?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://movecar.test/payment',
} as const;

/** The machine with the server's own calls (signature check, the provider's stand-in); `gateway` to wrap it. */
function start(known: Parameters<typeof accounts>[0] = [], gateway: PaymentGateway = provider.gateway) {
  // Keys of this journey's own: the one stand-in serves the whole file.
  const prefix = randomUUID();
  let step = 0;
  const services: JourneyServices = { gateway, checkout: PAGE, get idempotencyKey() { return `${prefix}:${step++}`; } };
  const actor = createActor(
    journeyMachine.provide({ actors: { ...accounts(known), ...serverJourneyActors(services) } }),
    { input: { now: NOW } },
  ).start();
  /** What moved on the renter's card, as the provider's books say: [kind, amount]. */
  const moves = () => provider.standIn.log.filter((m) => m.key.startsWith(prefix)).map((m) => [m.kind, m.amount]);
  return { actor, moves, state: () => actor.getSnapshot() };
}

type Journey = ReturnType<typeof start>;

async function register({ actor }: Journey, form: RegistrationForm = FORM) {
  actor.send({ type: 'registration.submit', form, at: Date.now() });
  await waitFor(actor, (s) => !s.hasTag('pending'));
}

async function signContract(j: Journey) {
  await register(j);
  j.actor.send({ type: 'contract.acceptTerms' });
  j.actor.send({ type: 'contract.verifyIdentity' });
  j.actor.send({ type: 'contract.sign', signature: ' mariam  al suwaidi ', at: NOW });
  await waitFor(j.actor, (s) => !s.hasTag('pending'));
}

/**
 * To the provider's page, the card typed there, and what the provider then says given to the machine
 * as the server gives it (server/payments/events.ts): paid, or why not.
 */
async function pay(j: Journey, number: string = CARDS.approved) {
  if (!j.state().context.paymentSession) {
    // The provider opens its page for the next half hour of its own clock (the test's is days behind).
    j.actor.send({ type: 'payment.submit', consent: true, at: Date.now() });
    await waitFor(j.actor, (s) => !s.hasTag('pending'));
  }
  const session = j.state().context.paymentSession!;
  await typeCard(session.url, number);
  const event = eventFor(await provider.gateway.checkout(session.sessionId), session, NOW);
  if (event) j.actor.send(event);
}

/** Signed, paid, on the pickup step. */
async function paid(j: Journey) {
  await signContract(j);
  j.actor.send({ type: 'contract.proceed' });
  await pay(j);
  j.actor.send({ type: 'payment.proceed' });
}

/** What the counter records at a handover. */
const CHECKOUT = {
  odometer: '12 480',
  fuel: 'F',
  damage: 'Scratch on the rear door',
  licenceExpiry: '2030-05-31',
  identityChecked: true,
  photos: ['00000000-0000-4000-8000-000000000001'],
};
const record = (at: number, checkout: Partial<typeof CHECKOUT> = {}) =>
  ({ type: 'handover.record', checkout: { ...CHECKOUT, ...checkout }, agent: 'Hamdan  Saeed', at }) as const;

/** The counter records the car at the booked time and the renter confirms; the deposit is authorised then. */
async function handOver(j: Journey) {
  const { pickupAt } = j.state().context.booking;
  j.actor.send(record(pickupAt));
  j.actor.send({ type: 'pickup.confirm', at: pickupAt });
  await waitFor(j.actor, (s) => !s.hasTag('pending'));
}

async function pickedUp(j: Journey) {
  await paid(j);
  await handOver(j);
}

/** What the counter records when the car comes back: as handed over (12,480 km, full), no damage. */
const CHECKIN = { odometer: '12 900', fuel: 'F', damage: [] as { item: string; amount: string; note: string; photos?: string[] }[], photos: ['00000000-0000-4000-8000-000000000002'] };
const checkIn = (at: number, checkin: Partial<typeof CHECKIN> = {}) =>
  ({ type: 'handover.checkin', checkin: { ...CHECKIN, ...checkin }, agent: 'Yousef  Rahman', at }) as const;

const settled = (j: Journey) => waitFor(j.actor, (s) => !s.hasTag('pending'));

describe('journey guards, each both ways', () => {
  it('termsAccepted: registration is refused without the terms, with the reason by field', async () => {
    const j = start();
    j.actor.send({ type: 'registration.submit', form: { ...FORM, termsAccepted: false }, at: Date.now() });
    expect(j.state().matches({ signedOut: { registration: 'editing' } })).toBe(true);
    expect(j.state().context.fieldErrors).toEqual({ termsAccepted: 'terms' });
    await register(j);
    expect(j.state().matches('signedIn')).toBe(true);
  });

  it('passwordsMatch: a different confirmation is refused; the same is accepted', async () => {
    const j = start();
    j.actor.send({ type: 'registration.submit', form: { ...FORM, confirmPassword: 'desert-rose-43' }, at: Date.now() });
    expect(j.state().context.fieldErrors).toEqual({ confirmPassword: 'mismatch' });
    expect(stepOf(j.state())).toBe('registration');
    await register(j);
    expect(stepOf(j.state())).toBe('rentalContract');
    expect(j.state().context.fieldErrors).toEqual({});
  });

  it('signedIn: a visitor routed to a signed-in step goes to log in, then comes back there', async () => {
    const j = start([FORM]);
    j.actor.send({ type: 'xstate.route', to: '#rentalContract' });
    expect(stepOf(j.state())).toBe('logIn');
    expect(j.state().context.returnTo).toBe('rentalContract');
    j.actor.send({ type: 'logIn.submit', email: FORM.email, password: FORM.password });
    await waitFor(j.actor, (s) => s.matches('signedIn'));
    expect(stepOf(j.state())).toBe('rentalContract');
    expect(j.state().context.returnTo).toBeNull();
  });

  it('registration and log-in are refused once signed in', async () => {
    const j = start();
    await register(j);
    for (const to of ['#registration', '#logIn'] as const) {
      j.actor.send({ type: 'xstate.route', to });
      expect(stepOf(j.state())).toBe('rentalContract');
    }
    expect(whyNot('logIn', j.state().context)).toBe('signedIn');
  });

  it('contractSigned: payment opens only after signing', async () => {
    const j = start();
    await register(j);
    j.actor.send({ type: 'xstate.route', to: '#payment' });
    expect(stepOf(j.state())).toBe('rentalContract');
    expect(whyNot('payment', j.state().context)).toBe('signContract');
    j.actor.send({ type: 'contract.acceptTerms' });
    j.actor.send({ type: 'contract.verifyIdentity' });
    j.actor.send({ type: 'contract.sign', signature: FORM.fullName, at: NOW });
    await waitFor(j.actor, (s) => s.matches({ signedIn: { rentalContract: 'signed' } }));
    j.actor.send({ type: 'xstate.route', to: '#payment' });
    expect(j.state().matches({ signedIn: { payment: 'editing' } })).toBe(true);
  });

  it('paid: pickup opens only after payment; pickedUp: return only after pickup', async () => {
    const j = start();
    await signContract(j);
    j.actor.send({ type: 'contract.proceed' });
    j.actor.send({ type: 'xstate.route', to: '#carPickup' });
    expect(stepOf(j.state())).toBe('payment');
    await pay(j);
    j.actor.send({ type: 'xstate.route', to: '#carPickup' });
    expect(j.state().matches({ signedIn: { carPickup: 'awaitingHandover' } })).toBe(true);
    j.actor.send({ type: 'xstate.route', to: '#carReturn' });
    expect(stepOf(j.state())).toBe('carPickup');
    expect(whyNot('carReturn', j.state().context)).toBe('pickUp');
    await handOver(j);
    j.actor.send({ type: 'xstate.route', to: '#carReturn' });
    expect(j.state().matches({ signedIn: { carReturn: 'returning' } })).toBe(true);
  });

  it('pickupOpen: the counter records the car from the window before the booked pickup until the no-show mark, not days early', async () => {
    const j = start();
    await paid(j);
    const { pickupAt } = j.state().context.booking;
    expect(j.state().can(record(pickupAt - 6 * DAY_MS))).toBe(false);
    expect(j.state().can(record(pickupAt - PICKUP_WINDOW_MS - 1))).toBe(false);
    expect(j.state().can(record(pickupAt + NO_SHOW_AFTER_MS))).toBe(false);
    expect(j.state().can(record(pickupAt + NO_SHOW_AFTER_MS - 1))).toBe(true);
    j.actor.send(record(pickupAt - 6 * DAY_MS));
    expect(j.state().context.checkout).toBeNull();
    j.actor.send(record(pickupAt - PICKUP_WINDOW_MS));
    expect(j.state().context.checkout).toMatchObject({ at: pickupAt - PICKUP_WINDOW_MS, odometerKm: 12_480, agent: 'Hamdan Saeed', flag: null });
    expect(j.state().matches({ signedIn: { carPickup: 'handingOver' } })).toBe(true);
  });

  it('the car is out only when both have done their part: the renter confirms the counter’s record, never alone', async () => {
    const j = start();
    await paid(j);
    const { pickupAt } = j.state().context.booking;
    const confirm = { type: 'pickup.confirm', at: pickupAt } as const;
    expect(j.state().can(confirm)).toBe(false);
    j.actor.send(record(pickupAt));
    expect(j.state().can(confirm)).toBe(true);
    // A difference flagged: nothing to confirm until the counter records the car again.
    j.actor.send({ type: 'pickup.flag', note: '  The tank is half full  ', at: pickupAt + 60_000 });
    expect(j.state().context.checkout!.flag).toEqual({ note: 'The tank is half full', at: pickupAt + 60_000 });
    expect(j.state().can(confirm)).toBe(false);
    expect(j.state().can({ type: 'pickup.flag', note: 'again', at: pickupAt })).toBe(false);
    j.actor.send(record(pickupAt + 120_000, { fuel: '1/2' }));
    expect(j.state().context.checkout).toMatchObject({ fuel: '1/2', flag: null });
    j.actor.send(confirm);
    await settled(j);
    expect(j.state().context.pickedUpAt).toBe(pickupAt);
    expect(j.state().matches({ signedIn: { carPickup: { onRent: 'driving' } } })).toBe(true);
    // Once out, the record is the rental's evidence: nobody records it again.
    expect(j.state().can(record(pickupAt))).toBe(false);
  });

  it('checkoutValid: an expired licence, no photos, an unchecked identity or an odometer below the car’s are refused; nothing is kept', async () => {
    const j = start();
    await paid(j);
    const { pickupAt } = j.state().context.booking;
    for (const refused of [
      { licenceExpiry: '2020-01-31' },
      { photos: [] },
      { identityChecked: false },
      { odometer: '100' },
      { fuel: 'half' },
    ]) {
      expect(j.state().can(record(pickupAt, refused as never))).toBe(false);
    }
    // Valid through its last day in the UAE.
    const day = new Date(pickupAt + 4 * 3_600_000).toISOString().slice(0, 10);
    expect(j.state().can(record(pickupAt, { licenceExpiry: day }))).toBe(true);
    expect(j.state().context.checkout).toBeNull();
    expect(j.state().context.fieldErrors).toEqual({});
  });

  it('noShow: only past the no-show mark and never picked up; cancelled by the policy, its fee kept, the hold released', async () => {
    const j = start();
    await paid(j);
    const { pickupAt } = j.state().context.booking;
    const charged = j.state().context.payment!.amount;
    expect(j.state().can({ type: 'booking.noShow', at: pickupAt + NO_SHOW_AFTER_MS - 1 })).toBe(false);
    j.actor.send({ type: 'booking.noShow', at: pickupAt + NO_SHOW_AFTER_MS });
    await settled(j);
    const { cancellation } = j.state().context;
    // Camry: one day's rent with VAT (240.00 + 12.00) is kept; the rest goes back.
    expect(CANCELLATION_POLICY.lateFeeDays).toBe(1);
    expect(cancellation).toMatchObject({ noShow: true, fee: 25_200, refunded: charged - 25_200 });
    // Nothing was held before pickup: the refund is all that moves.
    expect(j.moves()).toEqual([['charge', charged], ['refund', charged - 25_200]]);
    expect(j.state().matches({ signedIn: { carPickup: 'cancelled' } })).toBe(true);
    // And once picked up, never a no-show; nor once the counter has recorded the car (the renter came).
    const k = start();
    await pickedUp(k);
    expect(k.state().can({ type: 'booking.noShow', at: pickupAt + 2 * NO_SHOW_AFTER_MS })).toBe(false);
    const l = start();
    await paid(l);
    l.actor.send(record(pickupAt));
    expect(l.state().can({ type: 'booking.noShow', at: pickupAt + 2 * NO_SHOW_AFTER_MS })).toBe(false);
  });

  it('a late cancellation or a no-show keeps a day’s rent as this booking pays it: after its offer, with VAT', () => {
    const pickupAt = NOW + 10 * DAY_MS;
    const booking = { carId: 'patrol', car: FLEET.patrol, pickupLocation: 'dxb-t3', dropoffLocation: 'dxb-t3', pickupAt, dropoffAt: pickupAt + 3 * DAY_MS } as const;
    // Patrol: 950.00 a day, 5% VAT.
    expect(lateCancellationFee(booking)).toBe(99_750);
    // With the winter offer (20% off the rent): 760.00 and its VAT.
    expect(lateCancellationFee({ ...booking, offer: 'winter' })).toBe(79_800);
    expect(freeCancellationUntil(booking)).toBe(pickupAt - CANCELLATION_POLICY.freeUntilHours * 60 * 60 * 1000);
  });

  it('movable: the company moves a paid booking to another of its cars, as good or better, before the handover, at the same price', async () => {
    const j = start();
    const move = (to: Car) => ({ type: 'booking.moveCar', to, at: NOW }) as const;
    const sClass = FLEET['s-class'];
    await signContract(j);
    expect(j.state().can(move(sClass))).toBe(false); // not paid: the renter can still choose another car themselves
    j.actor.send({ type: 'contract.proceed' });
    await pay(j);
    const { payment, deposit } = j.state().context;
    // The Camry is a standard car of Elite Auto's.
    expect(j.state().can(move({ ...FLEET.camry, id: 'yaris-2', category: 'economy' }))).toBe(false); // a lesser type
    expect(j.state().can(move(FLEET.patrol))).toBe(false); // another company's
    expect(j.state().can(move(FLEET.camry))).toBe(false); // the same car
    expect(j.state().can(move({ ...sClass, dailyRate: 0 }))).toBe(false); // not a real car
    expect(j.state().can(move({ ...FLEET.camry, id: 'camry-2', plate: 'Dubai K 48214' }))).toBe(true); // the same type
    j.actor.send(move(sClass));
    const { booking } = j.state().context;
    expect(booking).toMatchObject({ carId: 's-class', car: sClass, movedFrom: FLEET.camry });
    // Nothing more to pay, now or for added days: the booking keeps the Camry's rate and deposit.
    expect(j.state().context.payment).toEqual(payment);
    expect(j.state().context.deposit).toEqual(deposit);
    expect(extensionPrice(booking, 2)).toEqual(extensionPrice({ ...booking, car: FLEET.camry, movedFrom: undefined }, 2));
    // Moved again, it still remembers the car it was booked with.
    j.actor.send(move(FLEET['bmw-7']));
    expect(j.state().context.booking).toMatchObject({ carId: 'bmw-7', movedFrom: FLEET.camry });
    // Once the counter has recorded the handover, the car is the renter's: no more moves.
    j.actor.send({ type: 'payment.proceed' });
    j.actor.send(record(j.state().context.booking.pickupAt));
    expect(j.state().can(move(sClass))).toBe(false);
  });

  it('checkinOpen: the counter checks the car in once it is out, with odometer not below the pickup record, fuel and a photo', async () => {
    const j = start();
    await paid(j);
    const { pickupAt, dropoffAt } = j.state().context.booking;
    expect(j.state().can(checkIn(pickupAt))).toBe(false); // not out yet
    await handOver(j);
    expect(j.state().can(checkIn(pickupAt - 1))).toBe(false); // before it left
    expect(j.state().can(checkIn(dropoffAt, { odometer: '12 479' }))).toBe(false); // below the check-out's 12,480
    expect(j.state().can(checkIn(dropoffAt, { fuel: '' }))).toBe(false);
    expect(j.state().can(checkIn(dropoffAt, { photos: [] }))).toBe(false);
    expect(j.state().can(checkIn(dropoffAt, { damage: [{ item: 'other', amount: '', note: 'Bumper' }] }))).toBe(false);
    expect(j.state().can(checkIn(dropoffAt, { damage: [{ item: 'other', amount: '300', note: ' ' }] }))).toBe(false);
    // An amount typed off the price list is shown in a photo, one of the check-in's.
    const photo = CHECKIN.photos[0]!;
    expect(j.state().can(checkIn(dropoffAt, { damage: [{ item: 'other', amount: '300', note: 'Bumper' }] }))).toBe(false);
    expect(j.state().can(checkIn(dropoffAt, { damage: [{ item: 'other', amount: '300', note: 'Bumper', photos: ['00000000-0000-4000-8000-000000000009'] }] }))).toBe(false);
    expect(j.state().can(checkIn(dropoffAt, { damage: [{ item: 'other', amount: '300', note: 'Bumper', photos: [photo] }] }))).toBe(true);
    // From the road, without the renter opening the return first.
    j.actor.send(checkIn(dropoffAt));
    expect(j.state().matches({ signedIn: { carReturn: 'reviewing' } })).toBe(true);
    expect(j.state().context.checkin).toMatchObject({ odometerKm: 12_900, agent: 'Yousef Rahman', at: dropoffAt, acceptedAt: null });
    expect(j.state().context.returnedAt).toBe(dropoffAt);
    expect(j.state().context.deductions).toEqual([]);
  });

  it('prices the check-in: fuel short of the check-out in litres at the pump price, damage by the price list or typed, a late return by the hour', async () => {
    const j = start();
    await pickedUp(j);
    const due = dueBackAt(j.state().context);
    j.actor.send(
      checkIn(due + 2 * 60 * 60 * 1000 + 1, {
        fuel: '3/4',
        damage: [
          { item: 'scratch', amount: '', note: 'Rear bumper, left' },
          { item: 'other', amount: '1,250.50', note: 'Broken seat lever', photos: [CHECKIN.photos[0]!] },
        ],
      }),
    );
    // Camry: 60 L, handed over full, back at ¾: 15 L × AED 2.85 = AED 42.75, no VAT or fee added.
    // Scratch from the list AED 350; the lever AED 1,250.50 as typed.
    // Late 2 h + 1 ms (past the 30 min grace): 3 started hours × AED 60 (a quarter of AED 240) = 180 + VAT 9.
    expect(j.state().context.deductions).toEqual([
      { kind: 'fuel', amount: 4_275, adminFee: 0, basis: { unit: 'litre', count: 15, price: 285, vat: 0 } },
      { kind: 'damage', amount: 35_000, adminFee: 0, damage: { item: 'scratch', note: 'Rear bumper, left' } },
      { kind: 'damage', amount: 125_050, adminFee: 0, damage: { item: 'other', note: 'Broken seat lever', photos: [CHECKIN.photos[0]] } },
      { kind: 'late', amount: 18_900, adminFee: 0, basis: { unit: 'hour', count: 3, price: 6_000, vat: 900 } },
    ]);
    // Corrected before the renter answers: the lines are replaced, not added.
    j.actor.send(checkIn(due, { fuel: 'F' }));
    expect(j.state().context.deductions).toEqual([]);
  });

  it('a car back days late is charged a day’s rent per started day; days early give back the whole unused days', async () => {
    const late = start();
    await pickedUp(late);
    const due = dueBackAt(late.state().context);
    late.actor.send(checkIn(due + DAY_MS + 60_000));
    // Two started days × AED 240 + VAT 24.
    expect(late.state().context.deductions).toEqual([
      { kind: 'late', amount: 50_400, adminFee: 0, basis: { unit: 'day', count: 2, price: 24_000, vat: 2_400 } },
    ]);
    const early = start();
    await pickedUp(early);
    early.actor.send(checkIn(due - 2 * DAY_MS - 60_000));
    // Two whole days unused at the booking's day price (AED 240) with VAT: AED 504 back to the card.
    expect(early.state().context.checkin!.unused).toEqual({ days: 2, amount: 50_400 });
    early.actor.send({ type: 'return.accept', at: due - 2 * DAY_MS });
    await settled(early);
    expect(early.state().context.refund!.early).toMatchObject({ amount: 50_400 });
    expect(early.moves()).toContainEqual(['refund', 50_400]);
  });

  it('a disputed line waits for the manager: waived, it is not taken; the last decision settles the deposit', async () => {
    const j = start();
    await pickedUp(j);
    const due = dueBackAt(j.state().context);
    j.actor.send(checkIn(due, { damage: [{ item: 'dent', amount: '', note: 'Driver door' }], fuel: '1/2' }));
    expect(j.state().can({ type: 'return.dispute', line: 1, reason: ' ', at: due })).toBe(false); // a reason is needed
    expect(j.state().can({ type: 'return.dispute', line: 9, reason: 'Not me', at: due })).toBe(false); // no such line
    j.actor.send({ type: 'return.dispute', line: 1, reason: 'The dent was there at pickup', at: due });
    expect(j.state().can({ type: 'return.dispute', line: 1, reason: 'Again', at: due })).toBe(false); // once
    expect(j.state().can(checkIn(due))).toBe(false); // the counter cannot rewrite a disputed check-in
    expect(j.state().can({ type: 'return.decide', line: 1, outcome: 'waived', note: 'ok', by: 'M', at: due })).toBe(false); // not before the renter sends
    j.actor.send({ type: 'return.accept', at: due });
    expect(j.state().matches({ signedIn: { carReturn: 'awaitingDecision' } })).toBe(true);
    expect(j.state().context.refund).toBeNull();
    expect(j.state().can({ type: 'return.decide', line: 0, outcome: 'waived', note: 'ok', by: 'M', at: due })).toBe(false); // not disputed
    expect(j.state().can({ type: 'return.decide', line: 1, outcome: 'waived', note: '', by: 'M', at: due })).toBe(false); // a reason is needed
    j.actor.send({ type: 'return.decide', line: 1, outcome: 'waived', note: 'Noted at pickup', by: 'Sara  Khan', at: due + 1 });
    await settled(j);
    // Fuel (30 L × 2.85 = 85.50) taken; the dent (AED 650) waived and kept on the list at nothing.
    expect(j.state().context.deductions[1]!.dispute!.decision).toEqual({ outcome: 'waived', note: 'Noted at pickup', by: 'Sara Khan', at: due + 1 });
    expect(j.state().context.refund).toMatchObject({ captured: 8_550, refunded: 150_000 - 8_550, due: 0 });
    expect(j.state().matches({ signedIn: { carReturn: 'finalInvoice' } })).toBe(true);
    // Booking Details lists the money in order, with dates: paid and held, then taken and released at settlement.
    expect(moneyTimeline(j.state().context).map((m) => [m.kind, m.amount])).toEqual([
      ['paid', j.state().context.payment!.amount],
      ['depositHeld', 150_000],
      ['deducted', 8_550],
      ['depositReleased', 150_000 - 8_550],
    ]);
  });

  it(`canExtend: up to ${MAX_EXTENSION_DAYS} whole added days, priced before confirming, charged when confirmed`, async () => {
    const j = start();
    await pickedUp(j);
    const end = dueBackAt(j.state().context);
    j.actor.send({ type: 'rental.extend', days: 2 });
    const price = { days: 2, dailyRate: 24_000, cost: 48_000, fees: 0, vat: 2_400, total: 50_400 };
    expect(j.state().context.extensionQuote).toEqual({ days: 2, price });
    expect(dueBackAt(j.state().context)).toBe(end); // nothing moves before confirmation
    j.actor.send({ type: 'rental.confirmExtension', at: NOW + 2 * DAY_MS });
    expect(j.state().hasTag('pending')).toBe(true);
    await settled(j);
    expect(dueBackAt(j.state().context)).toBe(end + 2 * DAY_MS);
    expect(j.state().context.extensions).toEqual([
      { days: 2, price, reference: expect.stringMatching(/^pi_/), chargedAt: NOW + 2 * DAY_MS },
    ]);
    // The gateway took exactly the quoted total from the card on file.
    expect(j.moves().filter(([kind]) => kind === 'charge').map(([, amount]) => amount)).toEqual([126_000, 50_400]);
    expect(j.state().can({ type: 'rental.extend', days: MAX_EXTENSION_DAYS - 1 })).toBe(false);
    expect(j.state().can({ type: 'rental.extend', days: MAX_EXTENSION_DAYS - 2 })).toBe(true);
    j.actor.send({ type: 'rental.extend', days: 1 });
    j.actor.send({ type: 'rental.cancelExtension' });
    expect(dueBackAt(j.state().context)).toBe(end + 2 * DAY_MS);
  });

  it('canExtend refuses fractional, zero and negative days', async () => {
    const j = start();
    await pickedUp(j);
    for (const days of [1.5, 0.5, 0, -1, Number.NaN]) expect(j.state().can({ type: 'rental.extend', days })).toBe(false);
  });

  it('canDeduct: only a positive whole deduction, its admin fee part of it, while the deposit is held', async () => {
    const j = start();
    await signContract(j);
    const fine = fineDeduction(aed(500));
    expect(j.state().can({ type: 'deposit.deduct', deduction: fine })).toBe(false); // nothing held yet
    j.actor.send({ type: 'contract.proceed' });
    await pay(j);
    expect(j.state().can({ type: 'deposit.deduct', deduction: fine })).toBe(false); // paid: held only from pickup
    j.actor.send({ type: 'payment.proceed' });
    await handOver(j);
    for (const deduction of [
      { ...fine, amount: -55_000 },
      { ...fine, amount: 0 },
      { ...fine, amount: 100.5 },
      { ...fine, adminFee: -1 },
      { ...fine, adminFee: 60_000 },
      { ...fine, kind: 'bonus' as never },
    ])
      expect(j.state().can({ type: 'deposit.deduct', deduction }), JSON.stringify(deduction)).toBe(false);
    j.actor.send({ type: 'deposit.deduct', deduction: fine });
    expect(j.state().context.deductions).toEqual([fine]);
  });

  it('canRenewHold: only the hold the journey has now, while it is held; the new one replaces it, and a renewal of the old one after is refused', async () => {
    const j = start();
    await paid(j);
    const renewal = (replaces: string, reference: string) =>
      ({ type: 'deposit.renewed', replaces, hold: { reference, captureBefore: NOW + 40 * DAY_MS, extended: true }, at: NOW + 28 * DAY_MS }) as const;
    expect(j.state().can(renewal('', 'pi_new'))).toBe(false); // paid: nothing held before the pickup
    await handOver(j);
    const first = j.state().context.deposit!;
    // The new hold, placed at the provider as the server's job places it.
    const { reference } = await provider.gateway.hold({ cardToken: j.state().context.payment!.cardToken, amount: first.amount, idempotencyKey: `renew:${first.reference}` });
    expect(j.state().can(renewal('pi_other', reference))).toBe(false);
    j.actor.send(renewal(first.reference, reference));
    expect(j.state().context.deposit).toEqual({ ...first, reference, captureBefore: NOW + 40 * DAY_MS, extended: true, renewed: { from: first.reference, at: NOW + 28 * DAY_MS } });
    expect(j.state().matches({ signedIn: { carPickup: { onRent: 'driving' } } })).toBe(true);
    expect(j.state().can(renewal(first.reference, 'pi_late'))).toBe(false);
    // Back, accepted and settled (from the new hold): nothing is held any more.
    j.actor.send({ type: 'return.start' });
    j.actor.send(checkIn(dueBackAt(j.state().context)));
    expect(j.state().can(renewal(reference, 'pi_after'))).toBe(true); // checked in, the charges still to answer
    j.actor.send({ type: 'return.accept', at: NOW + 6 * DAY_MS });
    await settled(j);
    expect(j.state().context.refund).toMatchObject({ refunded: first.amount, captured: 0 });
    expect(j.state().can(renewal(reference, 'pi_after'))).toBe(false);
  });

  it('canStartBooking refuses a car that is no record to book (a bad id, no rate, a negative deposit)', () => {
    const j = start();
    for (const car of [
      { ...FLEET['911'], id: '__proto__' },
      { ...FLEET['911'], id: '' },
      { ...FLEET['911'], dailyRate: 0 },
      { ...FLEET['911'], dailyRate: Number.NaN },
      { ...FLEET['911'], deposit: -1 },
    ])
      expect(j.state().can({ type: 'booking.start', car, at: NOW })).toBe(false);
    expect(j.state().can({ type: 'booking.start', car: FLEET['911'], at: NOW })).toBe(true);
  });

  it('canStartBooking: not during a paid rental; yes once it is complete', async () => {
    const j = start();
    await pickedUp(j);
    expect(j.state().can({ type: 'booking.start', car: FLEET['911'], at: NOW })).toBe(false);
    j.actor.send({ type: 'return.start' });
    j.actor.send(checkIn(dueBackAt(j.state().context)));
    j.actor.send({ type: 'return.accept', at: NOW + 6 * DAY_MS });
    await settled(j);
    j.actor.send({ type: 'return.finish', at: NOW + 6 * DAY_MS });
    expect(j.state().matches({ signedIn: { carReturn: 'completed' } })).toBe(true);
    j.actor.send({ type: 'booking.start', car: FLEET['911'], at: NOW + 7 * DAY_MS });
    expect(j.state().matches({ signedIn: { rentalContract: 'reviewingTerms' } })).toBe(true);
    expect(j.state().context.booking.carId).toBe('911');
    expect(j.state().context.payment).toBeNull();
    expect(j.state().context.renter?.fullName).toBe(FORM.fullName);
  });
});

describe('server-like calls and their error paths', () => {
  it('an e-mail that already exists is refused with emailTaken, and the form stays', async () => {
    const j = start([FORM]);
    await register(j);
    expect(j.state().matches({ signedOut: { registration: 'editing' } })).toBe(true);
    expect(j.state().context.error).toBe('emailTaken');
  });

  it('a wrong password and an unknown e-mail give the same wrongCredentials error', async () => {
    for (const [email, password] of [
      [FORM.email, 'not-the-password'],
      ['nobody@example.ae', FORM.password],
    ]) {
      const j = start([FORM]);
      j.actor.send({ type: 'xstate.route', to: '#logIn' });
      j.actor.send({ type: 'logIn.submit', email: email!, password: password! });
      expect(j.state().hasTag('pending')).toBe(true);
      await waitFor(j.actor, (s) => !s.hasTag('pending'));
      expect(j.state().matches({ signedOut: { logIn: 'idle' } })).toBe(true);
      expect(j.state().context.error).toBe('wrongCredentials');
    }
  });

  it('a renter UAE PASS has verified needs no separate identity step (at sign-in, or told later)', async () => {
    const j = start([{ ...FORM, verified: true }]);
    j.actor.send({ type: 'xstate.route', to: '#logIn' });
    j.actor.send({ type: 'logIn.submit', email: FORM.email, password: FORM.password });
    await waitFor(j.actor, (s) => s.matches('signedIn'));
    j.actor.send({ type: 'contract.acceptTerms' });
    expect(j.state().matches({ signedIn: { rentalContract: 'readyToSign' } })).toBe(true);

    const later = start();
    await register(later);
    later.actor.send({ type: 'account.refresh', renter: { ...later.state().context.renter!, verified: true } });
    later.actor.send({ type: 'contract.acceptTerms' });
    expect(later.state().matches({ signedIn: { rentalContract: 'readyToSign' } })).toBe(true);
  });

  it('a signature that does not match the renter’s name fails and can be tried again', async () => {
    const j = start();
    await register(j);
    j.actor.send({ type: 'contract.acceptTerms' });
    j.actor.send({ type: 'contract.verifyIdentity' });
    j.actor.send({ type: 'contract.sign', signature: 'Someone Else', at: NOW });
    await waitFor(j.actor, (s) => !s.hasTag('pending'));
    expect(j.state().matches({ signedIn: { rentalContract: 'readyToSign' } })).toBe(true);
    expect(j.state().context).toMatchObject({ error: 'signatureFailed', contract: null });
  });

  it('no consent, no page: the card is kept for the deposit and later charges only as the renter agrees', async () => {
    const j = start();
    await signContract(j);
    j.actor.send({ type: 'contract.proceed' });
    j.actor.send({ type: 'payment.submit', consent: false, at: NOW });
    expect(j.state().matches({ signedIn: { payment: 'editing' } })).toBe(true);
    expect(j.state().context.fieldErrors).toEqual({ consent: 'cardConsent' });
    expect(j.moves()).toEqual([]);
  });

  it('a declined card on the provider’s page: the reason reaches the journey, nothing moves; another card pays the total with VAT', async () => {
    const j = start();
    await signContract(j);
    j.actor.send({ type: 'contract.proceed' });
    await pay(j, CARDS.declined);
    expect(j.state().matches({ signedIn: { payment: 'atProvider' } })).toBe(true);
    expect(j.state().context).toMatchObject({ error: 'cardDeclined', payment: null, paymentSession: { failure: 'cardDeclined' } });
    expect(j.moves()).toEqual([]);
    // The same page, another card.
    await pay(j);
    expect(j.state().context.payment).toEqual({
      last4: '4242',
      amount: 126_000,
      paidAt: NOW,
      reference: expect.stringMatching(/^pi_/),
      cardToken: expect.stringMatching(/^cus_.+\/pm_.+/),
    });
    expect(j.state().context).toMatchObject({ paymentSession: null, error: null, deposit: null });
    expect(provider.standIn.log.filter((m) => m.reference === j.state().context.payment!.reference).map((m) => [m.kind, m.amount])).toEqual([['charge', 126_000]]);
    // The deposit (standard car: AED 1,500) is held on the same card at pickup, not charged.
    j.actor.send({ type: 'payment.proceed' });
    await handOver(j);
    expect(j.state().context.deposit).toMatchObject({ amount: 150_000, heldAt: j.state().context.booking.pickupAt, extended: true });
    expect(j.moves()).toEqual([['charge', 126_000], ['hold', 150_000]]);
  });

  /** Signed and on the provider's page: the journey and that page's session. */
  async function onProviderPage() {
    const j = start();
    await signContract(j);
    j.actor.send({ type: 'contract.proceed' });
    j.actor.send({ type: 'payment.submit', consent: true, at: Date.now() });
    await waitFor(j.actor, (s) => !s.hasTag('pending'));
    return { j, first: j.state().context.paymentSession! };
  }
  /** The provider's news that the page `sessionId` was paid. */
  const paidOn = (sessionId: string, reference: string) =>
    ({ type: 'payment.completed', sessionId, reference, cardToken: 'cus_x/pm_x', card: { last4: '4242', brand: 'visa', expiry: '12/30' }, at: NOW }) as const;

  it('the provider’s news is taken only for the page the renter is on: a closed page’s is ignored', async () => {
    const { j, first } = await onProviderPage();
    j.actor.send({ type: 'payment.submit', consent: true, at: Date.now() });
    await waitFor(j.actor, (s) => !s.hasTag('pending'));
    const second = j.state().context.paymentSession!;
    expect(second.sessionId).not.toBe(first.sessionId);
    const stale = paidOn(first.sessionId, 'pi_x');
    expect(j.state().can(stale)).toBe(false);
    expect(j.state().can({ ...stale, sessionId: second.sessionId })).toBe(true);
  });

  it('the old page paid while a new one opens: the payment counts, and the renter is not sent to pay again', async () => {
    const { j, first } = await onProviderPage();
    j.actor.send({ type: 'payment.submit', consent: true, at: Date.now() });
    expect(j.state().matches({ signedIn: { payment: 'opening' } })).toBe(true);
    j.actor.send(paidOn(first.sessionId, 'pi_old'));
    expect(j.state().matches({ signedIn: { payment: 'paid' } })).toBe(true);
    expect(j.state().context.payment).toMatchObject({ reference: 'pi_old', last4: '4242' });
  });

  it('a pending call cannot be sent twice', async () => {
    const j = start();
    await signContract(j);
    j.actor.send({ type: 'contract.proceed' });
    j.actor.send({ type: 'payment.submit', consent: true, at: NOW });
    expect(j.state().can({ type: 'payment.submit', consent: true, at: NOW })).toBe(false);
    expect(j.state().context.pending).toBe('checkout');
  });
});

describe('the whole journey', () => {
  it('goes from registration to a completed return, with the refund due within 30 days', async () => {
    const j = start();
    await pickedUp(j);
    const steps = [stepOf(j.state())];
    j.actor.send({ type: 'return.start' });
    steps.push(stepOf(j.state()));
    const returnedAt = dueBackAt(j.state().context);
    j.actor.send(checkIn(returnedAt));
    j.actor.send({ type: 'return.accept', at: returnedAt + 60_000 });
    await settled(j);
    expect(j.state().context.refund).toMatchObject({
      refunded: 150_000,
      captured: 0,
      due: 0,
      releaseBy: returnedAt + 30 * DAY_MS,
    });
    j.actor.send({ type: 'return.finish', at: returnedAt });
    expect(steps).toEqual(['carPickup', 'carReturn']);
    expect(j.state().matches({ signedIn: { carReturn: 'completed' } })).toBe(true);
  });

  it('a settlement that fails on the way reopens the answer: nothing is settled, the renter accepts again', async () => {
    const gateway = provider.gateway;
    let down = false;
    const flaky = { ...gateway, settle: (...args: Parameters<typeof gateway.settle>) => (down ? Promise.reject(new JourneyFailure('network')) : gateway.settle(...args)) };
    const j = start([], flaky);
    await pickedUp(j);
    const due = dueBackAt(j.state().context);
    j.actor.send(checkIn(due));
    down = true;
    j.actor.send({ type: 'return.accept', at: due });
    await settled(j);
    expect(j.state().matches({ signedIn: { carReturn: 'reviewing' } })).toBe(true);
    expect(j.state().context).toMatchObject({ error: 'network', refund: null });
    expect(j.state().context.checkin!.acceptedAt).toBeNull();
    down = false;
    j.actor.send({ type: 'return.accept', at: due });
    await settled(j);
    expect(j.state().matches({ signedIn: { carReturn: 'finalInvoice' } })).toBe(true);
  });
});

describe("the server's decision", () => {
  it('two renters picking up at the same moment each reach the provider with their own key, and each gets their own outcome', async () => {
    const atCounter = async (number: string) => {
      const j = start();
      await signContract(j);
      j.actor.send({ type: 'contract.proceed' });
      await pay(j, number);
      j.actor.send({ type: 'payment.proceed' });
      j.actor.send(record(j.state().context.booking.pickupAt));
      return j.state();
    };
    // The second card's bank wants its holder for every charge: a hold off the session is refused.
    const [first, second] = [await atCounter(CARDS.approved), await atCounter(CARDS.alwaysAuthenticate)];
    // Each hold answers late, so both decisions are in flight together.
    const late: PaymentGateway = { ...provider.gateway, hold: async (...args) => (await new Promise((r) => setTimeout(r, 20)), provider.gateway.hold(...args)) };
    const keys = [randomUUID(), randomUUID()];
    const confirm = (s: typeof first, key: string) => decide(s, { type: 'pickup.confirm', at: s.context.booking.pickupAt }, { gateway: late, idempotencyKey: key });
    const [held, refused] = await Promise.all([confirm(first, keys[0]!), confirm(second, keys[1]!)]);
    expect(held).toMatchObject({ kind: 'accepted', failed: null });
    expect(refused).toMatchObject({ kind: 'accepted', failed: 'authenticationRequired' });
    const movesOf = (key: string) => provider.standIn.log.filter((m) => m.key.startsWith(key)).map((m) => `${m.kind} ${m.key}`);
    expect(movesOf(keys[0]!)).toEqual([`hold ${keys[0]}:hold`]);
    expect(movesOf(keys[1]!)).toEqual([]);
  });
});
