// The rental journey: register → log in → rental contract → payment → car pickup → car return.
// Pure XState v5: no React, no DOM. Server-like calls are fromPromise actors, started with spawnChild
// on entry of a pending state and answered by their done/error events (no `invoke`), so
// xstate/graph's createTestModel can traverse the machine and drive those outcomes as events.
import {
  and,
  assertEvent,
  assign,
  fromPromise,
  setup,
  spawnChild,
  stopChild,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import {
  AccountError,
  createAccount,
  memoryStore,
  normaliseEmail,
  verifyAccount,
  type KeyValueStore,
  type Renter,
} from './accounts';
import { DECLINED_TEST_CARD, last4 } from './cards';
import { carOf, isCarId, type CarId } from './fleet';
import { DAY_MS, fuelDeduction, priceRental, type Deduction } from './money';
import { SANDBOX_PROFILE } from './uaePass';
import {
  CONTRACT_VERSION,
  MAX_EXTENSION_DAYS,
  refundReleaseBy,
  STEPS,
  bookingPrice,
  canStartBooking,
  defaultBooking,
  initialContext,
  isContractSigned,
  isPaid,
  isPickedUp,
  isSignedIn,
  refundFor,
  stepAllowed,
  type Inspection,
  type JourneyContext,
  type JourneyError,
  type Step,
} from './journey-rules';
import {
  cardProblems,
  checkEmiratesId,
  digitsOf,
  inspectionProblems,
  normaliseName,
  normaliseUaeMobile,
  registrationProblems,
  profileProblems,
  type CardInput,
  type FuelLevel,
  type ProfileInput,
  type RegistrationInput,
} from './validation';

export type CardForm = CardInput;

export interface PaymentRecord {
  last4: string;
  amount: number;
  paidAt: number;
}

export type JourneyEvent =
  | { type: 'xstate.route'; to: `#${Step}` }
  | { type: 'registration.submit'; form: RegistrationInput }
  | { type: 'logIn.submit'; email: string; password: string }
  | { type: 'logIn.uaePass' }
  | { type: 'contract.acceptTerms' }
  | { type: 'contract.verifyIdentity' }
  | { type: 'contract.sign'; signature: string; at: number }
  | { type: 'contract.proceed' }
  | { type: 'payment.submit'; card: CardForm; at: number }
  | { type: 'payment.proceed' }
  | { type: 'pickup.confirm'; at: number }
  | { type: 'rental.extend'; days: number }
  | { type: 'rental.confirmExtension' }
  | { type: 'rental.cancelExtension' }
  | { type: 'return.start' }
  | { type: 'return.confirmHandover'; at: number }
  | { type: 'return.submitInspection'; inspection: Inspection }
  | { type: 'return.processRefund'; at: number }
  | { type: 'return.finish'; at: number }
  | { type: 'booking.start'; carId: CarId; at: number }
  | { type: 'journey.loadSample'; at: number }
  | { type: 'account.update'; profile: ProfileInput }
  | { type: 'deposit.deduct'; deduction: Deduction }
  | { type: 'xstate.done.actor.registerAccount'; output: Renter }
  | { type: 'xstate.error.actor.registerAccount'; error: unknown }
  | { type: 'xstate.done.actor.verifyAccount'; output: Renter }
  | { type: 'xstate.error.actor.verifyAccount'; error: unknown }
  | { type: 'xstate.done.actor.uaePassSandbox'; output: Renter }
  | { type: 'xstate.done.actor.signContract'; output: { signedAt: number } }
  | { type: 'xstate.error.actor.signContract'; error: unknown }
  | { type: 'xstate.done.actor.submitPayment'; output: PaymentRecord }
  | { type: 'xstate.error.actor.submitPayment'; error: unknown };

/** A failure a local service reports, by the code the screens translate. */
export class JourneyFailure extends Error {
  constructor(readonly code: JourneyError) {
    super(code);
  }
}

const errorCode = (error: unknown): JourneyError =>
  error instanceof AccountError || error instanceof JourneyFailure ? error.code : 'network';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local stand-ins for the server: accounts in `store` (PBKDF2 hashes), a payment service that
 * declines DECLINED_TEST_CARD, and a signature check against the renter's name. `latencyMs` makes
 * loading states visible as they would be on a network.
 */
export function makeJourneyActors(store: KeyValueStore, latencyMs: number) {
  return {
    registerAccount: fromPromise<Renter, RegistrationInput>(async ({ input }) => {
      await wait(latencyMs);
      return createAccount(
        store,
        {
          email: input.email.trim(),
          fullName: normaliseName(input.fullName),
          phone: normaliseUaeMobile(input.phone) ?? input.phone,
          emiratesId: checkEmiratesId(input.emiratesId).value ?? undefined,
          verified: false,
        },
        input.password,
      );
    }),
    verifyAccount: fromPromise<Renter, { email: string; password: string }>(async ({ input }) => {
      await wait(latencyMs);
      return verifyAccount(store, input.email, input.password);
    }),
    uaePassSandbox: fromPromise<Renter>(async () => {
      await wait(latencyMs);
      return SANDBOX_PROFILE;
    }),
    signContract: fromPromise<{ signedAt: number }, { signature: string; fullName: string; at: number }>(
      async ({ input }) => {
        await wait(latencyMs);
        const same = (s: string) => normaliseName(s).toLocaleLowerCase();
        if (same(input.signature) !== same(input.fullName)) throw new JourneyFailure('signatureFailed');
        return { signedAt: input.at };
      },
    ),
    submitPayment: fromPromise<PaymentRecord, { card: CardForm; amount: number; at: number }>(
      async ({ input }) => {
        await wait(latencyMs);
        if (digitsOf(input.card.number) === DECLINED_TEST_CARD) throw new JourneyFailure('cardDeclined');
        return { last4: last4(input.card.number), amount: input.amount, paidAt: input.at };
      },
    ),
  };
}

/** The sample renter and rental a reviewer can load from the index: signed, paid, picked up. */
function sampleContext(at: number): JourneyContext {
  // 5 days of a luxury car at AED 2,000 → the specification's 10,000 rental and 5,000 deposit.
  const booking = defaultBooking(at - 2 * DAY_MS, 'bmw-7');
  return {
    ...initialContext(at),
    renter: {
      email: 'ahmed.almansoori@example.ae',
      fullName: 'Ahmed Al Mansoori',
      fullNameAr: 'أحمد المنصوري',
      phone: '+971501234567',
      verified: true,
    },
    booking,
    termsAccepted: true,
    identityVerified: true,
    contract: { signedAt: booking.pickupAt - DAY_MS, version: CONTRACT_VERSION },
    payment: { last4: '4242', amount: bookingPrice(booking).total, paidAt: booking.pickupAt - DAY_MS },
    pickedUpAt: booking.pickupAt,
  };
}

/** A rental that starts over (new car, new dates) for the same renter. */
const freshRental = (c: JourneyContext, carId: CarId, at: number): JourneyContext => ({
  ...initialContext(at),
  booking: defaultBooking(at, carId),
  renter: c.renter,
  identityVerified: c.renter?.verified ?? false,
});

export const journeyMachine = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as JourneyEvent,
    input: {} as { now: number },
    /** `pending`: a server-like call is under way (buttons busy; the snapshot is not persisted). */
    tags: {} as 'pending',
  },
  actors: makeJourneyActors(memoryStore(), 0),
  guards: {
    termsAccepted: ({ event }) => event.type === 'registration.submit' && event.form.termsAccepted,
    passwordsMatch: ({ event }) =>
      event.type === 'registration.submit' && event.form.password === event.form.confirmPassword,
    registrationComplete: ({ event }) =>
      event.type === 'registration.submit' && Object.keys(registrationProblems(event.form)).length === 0,
    cardValid: ({ event }) =>
      event.type === 'payment.submit' &&
      Object.keys(cardProblems(event.card, new Date(event.at))).length === 0,
    inspectionValid: ({ context, event }) =>
      event.type === 'return.submitInspection' &&
      Object.keys(inspectionProblems(event.inspection, carOf(context.booking.carId).odometerKm)).length === 0,
    signedIn: ({ context }) => isSignedIn(context),
    identityVerified: ({ context }) => context.identityVerified,
    contractTermsAccepted: ({ context }) => context.termsAccepted,
    contractSigned: ({ context }) => isContractSigned(context),
    paid: ({ context }) => isPaid(context),
    pickedUp: ({ context }) => isPickedUp(context),
    handedBack: ({ context }) => context.returnedAt !== null,
    inspected: ({ context }) => context.inspection !== null,
    refundProcessed: ({ context }) => context.refund !== null,
    completed: ({ context }) => context.completedAt !== null,
    // Only while the car is out: once handed back, the rental period is closed.
    canExtend: ({ context, event }) =>
      event.type === 'rental.extend' &&
      context.returnedAt === null &&
      event.days >= 1 &&
      context.extensions.reduce((sum, e) => sum + e.days, 0) + event.days <= MAX_EXTENSION_DAYS,
    canStartBooking: ({ context, event }) =>
      event.type === 'booking.start' &&
      context.pending === null &&
      isCarId(event.carId) &&
      canStartBooking(context),
    /** The deposit is held from payment until the refund is processed. */
    depositHeld: ({ context }) => isPaid(context) && context.refund === null,
    profileValid: ({ event }) =>
      event.type === 'account.update' && Object.keys(profileProblems(event.profile)).length === 0,
    // While a call is under way the journey stays put: a payment cannot be cancelled by leaving the page.
    idle: ({ context }) => context.pending === null,
    stepAllowed: ({ context }, params: { step: Step }) =>
      context.pending === null && stepAllowed(params.step, context),
    /** A route into a step that needs a signed-in renter. */
    routeNeedsSignIn: ({ context, event }) =>
      event.type === 'xstate.route' &&
      context.pending === null &&
      !isSignedIn(context) &&
      event.to !== '#registration' &&
      event.to !== '#logIn',
  },
  actions: {
    rememberReturnTo: assign({
      returnTo: ({ event }) => {
        assertEvent(event, 'xstate.route');
        return event.to.slice(1) as Step;
      },
    }),
    /** A refused form: its problems by field, for the screen to show next to each field. */
    rejectForm: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, ['registration.submit', 'payment.submit', 'return.submitInspection']);
        if (event.type === 'registration.submit') return registrationProblems(event.form);
        if (event.type === 'payment.submit') return cardProblems(event.card, new Date(event.at));
        return inspectionProblems(event.inspection, carOf(context.booking.carId).odometerKm);
      },
      error: null,
    }),
    /** A call starts: remember what it is about (never a password, card number or CVV). */
    startRequest: assign({
      error: null,
      fieldErrors: {},
      pending: ({ event }) => {
        assertEvent(event, [
          'registration.submit',
          'logIn.submit',
          'logIn.uaePass',
          'contract.sign',
          'payment.submit',
        ]);
        switch (event.type) {
          case 'registration.submit':
            return normaliseEmail(event.form.email);
          case 'logIn.submit':
            return normaliseEmail(event.email);
          case 'logIn.uaePass':
            return 'UAE PASS';
          case 'contract.sign':
            return event.signature;
          case 'payment.submit':
            return last4(event.card.number);
        }
      },
    }),
    showError: assign({
      error: ({ event }) => ('error' in event ? errorCode(event.error) : 'network'),
      pending: null,
    }),
    signIn: assign(({ event, context }) => {
      assertEvent(event, [
        'xstate.done.actor.registerAccount',
        'xstate.done.actor.verifyAccount',
        'xstate.done.actor.uaePassSandbox',
      ]);
      return {
        renter: event.output,
        // A UAE PASS profile is a verified identity: the contract's identity step is done.
        identityVerified: context.identityVerified || event.output.verified,
        returnTo: null,
        error: null,
        pending: null,
      };
    }),
    updateProfile: assign({
      renter: ({ context, event }) => {
        assertEvent(event, 'account.update');
        const p = event.profile;
        return {
          ...context.renter!,
          fullName: normaliseName(p.fullName),
          phone: normaliseUaeMobile(p.phone) ?? p.phone,
          email: p.email.trim(),
          address: p.address.trim(),
        };
      },
      profileErrors: {},
    }),
    /** Something paid from the deposit (a fine with its admin fee): the refund and invoice show it. */
    deduct: assign({
      deductions: ({ context, event }) => {
        assertEvent(event, 'deposit.deduct');
        return [...context.deductions, event.deduction];
      },
    }),
    rejectProfile: assign({
      profileErrors: ({ event }) => {
        assertEvent(event, 'account.update');
        return profileProblems(event.profile);
      },
    }),
    acceptTerms: assign({ termsAccepted: true }),
    verifyIdentity: assign({ identityVerified: true }),
    recordSignature: assign({
      contract: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.signContract');
        return { signedAt: event.output.signedAt, version: CONTRACT_VERSION };
      },
      error: null,
      pending: null,
    }),
    recordPayment: assign({
      payment: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.submitPayment');
        return event.output;
      },
      error: null,
      pending: null,
    }),
    recordPickup: assign({
      pickedUpAt: ({ event }) => {
        assertEvent(event, 'pickup.confirm');
        return event.at;
      },
    }),
    quoteExtension: assign({
      extensionQuote: ({ context, event }) => {
        assertEvent(event, 'rental.extend');
        return { days: event.days, price: priceRental(carOf(context.booking.carId).dailyRate, event.days) };
      },
    }),
    applyExtension: assign(({ context }) => {
      const quote = context.extensionQuote!;
      return {
        booking: { ...context.booking, dropoffAt: context.booking.dropoffAt + quote.days * DAY_MS },
        extensions: [...context.extensions, { days: quote.days, amount: quote.price.total }],
        extensionQuote: null,
      };
    }),
    dropQuote: assign({ extensionQuote: null }),
    recordHandover: assign({
      returnedAt: ({ event }) => {
        assertEvent(event, 'return.confirmHandover');
        return event.at;
      },
    }),
    /** The inspection, and what it costs: a tank returned short is charged at the pump price. */
    recordInspection: assign(({ context, event }) => {
      assertEvent(event, 'return.submitInspection');
      const fuel = fuelDeduction(event.inspection.fuel as FuelLevel, carOf(context.booking.carId).tankLitres);
      return {
        inspection: event.inspection,
        deductions: [...context.deductions.filter((d) => d.kind !== 'fuel'), ...(fuel ? [fuel] : [])],
        fieldErrors: {},
      };
    }),
    recordRefund: assign({
      refund: ({ context, event }) => {
        assertEvent(event, 'return.processRefund');
        return {
          amount: refundFor(context).refundable,
          releaseBy: refundReleaseBy(context.returnedAt ?? event.at),
        };
      },
    }),
    complete: assign({
      completedAt: ({ event }) => {
        assertEvent(event, 'return.finish');
        return event.at;
      },
    }),
    startBooking: assign(({ context, event }) => {
      assertEvent(event, 'booking.start');
      return freshRental(context, event.carId, event.at);
    }),
    loadSample: assign(({ event }) => {
      assertEvent(event, 'journey.loadSample');
      return sampleContext(event.at);
    }),
  },
}).createMachine({
  id: 'journey',
  context: ({ input }) => initialContext(input.now),
  initial: 'signedOut',
  on: {
    'booking.start': [
      { guard: and(['canStartBooking', 'signedIn']), target: '#rentalContract', actions: 'startBooking' },
      {
        guard: 'canStartBooking',
        target: '#logIn',
        actions: ['startBooking', assign({ returnTo: 'rentalContract' })],
      },
    ],
    'journey.loadSample': { guard: 'idle', target: '#carPickup', actions: 'loadSample' },
  },
  states: {
    signedOut: {
      initial: 'registration',
      on: {
        // Checked before the root's route transitions: a signed-in step sends the visitor to log in
        // first, remembering where they wanted to go.
        'xstate.route': { guard: 'routeNeedsSignIn', target: '#logIn', actions: 'rememberReturnTo' },
      },
      states: {
        registration: {
          id: 'registration',
          route: { guard: { type: 'stepAllowed', params: { step: 'registration' } } },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'registration.submit': [
                  {
                    guard: and(['termsAccepted', 'passwordsMatch', 'registrationComplete']),
                    target: 'submitting',
                    actions: 'startRequest',
                  },
                  { actions: 'rejectForm' },
                ],
              },
            },
            submitting: {
              tags: ['pending'],
              entry: spawnChild('registerAccount', {
                id: 'registerAccount',
                input: ({ event }) => {
                  assertEvent(event, 'registration.submit');
                  return event.form;
                },
              }),
              exit: stopChild('registerAccount'),
              on: {
                'xstate.done.actor.registerAccount': { target: '#signedIn', actions: 'signIn' },
                'xstate.error.actor.registerAccount': { target: 'editing', actions: 'showError' },
              },
            },
          },
        },
        logIn: {
          id: 'logIn',
          route: { guard: { type: 'stepAllowed', params: { step: 'logIn' } } },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'logIn.submit': { target: 'verifying', actions: 'startRequest' },
                'logIn.uaePass': { target: 'uaePass', actions: 'startRequest' },
              },
            },
            verifying: {
              tags: ['pending'],
              entry: spawnChild('verifyAccount', {
                id: 'verifyAccount',
                input: ({ event }) => {
                  assertEvent(event, 'logIn.submit');
                  return { email: event.email, password: event.password };
                },
              }),
              exit: stopChild('verifyAccount'),
              on: {
                'xstate.done.actor.verifyAccount': { target: '#signedIn', actions: 'signIn' },
                'xstate.error.actor.verifyAccount': { target: 'idle', actions: 'showError' },
              },
            },
            /** The sandbox returns its sample profile; the real UAE PASS is a redirect (see src/ui/uaePass). */
            uaePass: {
              tags: ['pending'],
              entry: spawnChild('uaePassSandbox', { id: 'uaePassSandbox' }),
              exit: stopChild('uaePassSandbox'),
              on: {
                'xstate.done.actor.uaePassSandbox': { target: '#signedIn', actions: 'signIn' },
              },
            },
          },
        },
      },
    },
    signedIn: {
      id: 'signedIn',
      on: {
        'account.update': [{ guard: 'profileValid', actions: 'updateProfile' }, { actions: 'rejectProfile' }],
        'deposit.deduct': { guard: 'depositHeld', actions: 'deduct' },
      },
      // A fresh sign-in has no rental attached yet, so the contract is always the step that is due;
      // a visitor who asked for a later step is told what comes first (see returnTo).
      initial: 'rentalContract',
      states: {
        rentalContract: {
          id: 'rentalContract',
          route: { guard: { type: 'stepAllowed', params: { step: 'rentalContract' } } },
          initial: 'resolve',
          states: {
            /** Re-entering (back, a link, reload) lands on the sub-step the context says. */
            resolve: {
              always: [
                { guard: 'contractSigned', target: 'signed' },
                { guard: and(['contractTermsAccepted', 'identityVerified']), target: 'readyToSign' },
                { guard: 'contractTermsAccepted', target: 'verifyingIdentity' },
                { target: 'reviewingTerms' },
              ],
            },
            reviewingTerms: {
              on: { 'contract.acceptTerms': { target: 'resolve', actions: 'acceptTerms' } },
            },
            verifyingIdentity: {
              on: { 'contract.verifyIdentity': { target: 'readyToSign', actions: 'verifyIdentity' } },
            },
            readyToSign: {
              on: { 'contract.sign': { target: 'signing', actions: 'startRequest' } },
            },
            signing: {
              tags: ['pending'],
              entry: spawnChild('signContract', {
                id: 'signContract',
                input: ({ context, event }) => {
                  assertEvent(event, 'contract.sign');
                  return {
                    signature: event.signature,
                    fullName: context.renter?.fullName ?? '',
                    at: event.at,
                  };
                },
              }),
              exit: stopChild('signContract'),
              on: {
                'xstate.done.actor.signContract': { target: 'signed', actions: 'recordSignature' },
                'xstate.error.actor.signContract': { target: 'readyToSign', actions: 'showError' },
              },
            },
            signed: {
              on: { 'contract.proceed': { target: '#payment' } },
            },
          },
        },
        payment: {
          id: 'payment',
          route: { guard: { type: 'stepAllowed', params: { step: 'payment' } } },
          initial: 'resolve',
          states: {
            resolve: {
              always: [{ guard: 'paid', target: 'paid' }, { target: 'editing' }],
            },
            editing: {
              on: {
                'payment.submit': [
                  { guard: 'cardValid', target: 'submitting', actions: 'startRequest' },
                  { actions: 'rejectForm' },
                ],
              },
            },
            submitting: {
              tags: ['pending'],
              entry: spawnChild('submitPayment', {
                id: 'submitPayment',
                input: ({ context, event }) => {
                  assertEvent(event, 'payment.submit');
                  return { card: event.card, amount: bookingPrice(context.booking).total, at: event.at };
                },
              }),
              exit: stopChild('submitPayment'),
              on: {
                'xstate.done.actor.submitPayment': { target: 'paid', actions: 'recordPayment' },
                'xstate.error.actor.submitPayment': { target: 'declined', actions: 'showError' },
              },
            },
            /** The card was declined: the form stays, with the reason, ready for another card. */
            declined: {
              on: {
                'payment.submit': [
                  { guard: 'cardValid', target: 'submitting', actions: 'startRequest' },
                  { actions: 'rejectForm' },
                ],
              },
            },
            paid: {
              on: { 'payment.proceed': { target: '#carPickup' } },
            },
          },
        },
        carPickup: {
          id: 'carPickup',
          route: { guard: { type: 'stepAllowed', params: { step: 'carPickup' } } },
          initial: 'resolve',
          states: {
            resolve: {
              always: [{ guard: 'pickedUp', target: 'onRent' }, { target: 'awaitingConfirmation' }],
            },
            awaitingConfirmation: {
              on: { 'pickup.confirm': { target: 'onRent', actions: 'recordPickup' } },
            },
            onRent: {
              initial: 'driving',
              on: { 'return.start': { target: '#carReturn' } },
              states: {
                driving: {
                  on: {
                    'rental.extend': {
                      guard: 'canExtend',
                      target: 'quotingExtension',
                      actions: 'quoteExtension',
                    },
                  },
                },
                /** The added days are priced and shown before the renter confirms. */
                quotingExtension: {
                  on: {
                    'rental.confirmExtension': { target: 'driving', actions: 'applyExtension' },
                    'rental.cancelExtension': { target: 'driving', actions: 'dropQuote' },
                  },
                },
              },
            },
          },
        },
        carReturn: {
          id: 'carReturn',
          route: { guard: { type: 'stepAllowed', params: { step: 'carReturn' } } },
          initial: 'resolve',
          states: {
            resolve: {
              always: [
                { guard: 'completed', target: 'completed' },
                { guard: 'refundProcessed', target: 'finalInvoice' },
                { guard: 'inspected', target: 'depositRefund' },
                { target: 'inspection' },
              ],
            },
            inspection: {
              on: {
                'return.confirmHandover': { actions: 'recordHandover' },
                'return.submitInspection': [
                  {
                    guard: and(['handedBack', 'inspectionValid']),
                    target: 'depositRefund',
                    actions: 'recordInspection',
                  },
                  { guard: 'handedBack', actions: 'rejectForm' },
                ],
              },
            },
            depositRefund: {
              on: { 'return.processRefund': { target: 'finalInvoice', actions: 'recordRefund' } },
            },
            finalInvoice: {
              on: { 'return.finish': { target: 'completed', actions: 'complete' } },
            },
            completed: {},
          },
        },
      },
    },
  },
});

export type JourneySnapshot = SnapshotFrom<typeof journeyMachine>;

/** Where each step sits in the state tree. */
const STEP_STATES: Record<Step, StateValue> = {
  registration: { signedOut: 'registration' },
  logIn: { signedOut: 'logIn' },
  rentalContract: { signedIn: 'rentalContract' },
  payment: { signedIn: 'payment' },
  carPickup: { signedIn: 'carPickup' },
  carReturn: { signedIn: 'carReturn' },
};

/** The step the journey is on (every stable state is inside exactly one step). */
export function stepOf(snapshot: JourneySnapshot): Step {
  return STEPS.find((step) => snapshot.matches(STEP_STATES[step] as never)) ?? 'registration';
}
