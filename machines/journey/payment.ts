// Payment: the rental's total is paid on the payment provider's own page, where the card is typed
// and its bank's challenge (3-D Secure) runs; our pages never see the card. The renter agrees here
// that the card is kept with the provider for the deposit at pickup and the charges after the return.
// What happens at the provider reaches the journey as the server's events, from the provider's
// webhook or the browser's return, whichever comes first, once (the session id must be the open one).
import { assertEvent } from 'xstate';
import { bookingPrice, isOver, isPaid } from '../journey-rules';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  consented: ({ event }) => event.type === 'payment.submit' && event.consent === true,
  paid: ({ context }) => isPaid(context),
  atProvider: ({ context }) => context.paymentSession !== null,
  notOver: ({ context }) => !isOver(context),
  /** The provider's news is about the session the renter is on now, not one closed before. */
  thisSession: ({ context, event }) =>
    (event.type === 'payment.completed' || event.type === 'payment.failed' || event.type === 'payment.challenge' || event.type === 'payment.expired') &&
    context.paymentSession !== null &&
    typeof event.sessionId === 'string' &&
    context.paymentSession.sessionId === event.sessionId,
} satisfies Record<string, JourneyGuard>;

const actions = {
  refuseWithoutConsent: journeySetup.assign({ fieldErrors: { consent: 'cardConsent' }, error: null }),
  openSession: journeySetup.assign(({ event }) => {
    assertEvent(event, 'xstate.done.actor.openCheckout');
    return { paymentSession: { ...event.output, challenge: false, failure: null }, error: null, pending: null };
  }),
  startChallenge: journeySetup.assign({
    paymentSession: ({ context }) => ({ ...context.paymentSession!, challenge: true }),
  }),
  /** A card refused on the provider's page: the page stays open for another card; the renter is told why here too. */
  recordFailure: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'payment.failed');
    return { paymentSession: { ...context.paymentSession!, challenge: false, failure: event.reason }, error: event.reason };
  }),
  recordPayment: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'payment.completed');
    return {
      payment: { last4: event.card.last4, amount: bookingPrice(context.booking).total, paidAt: event.at, reference: event.reference, cardToken: event.cardToken },
      paymentSession: null,
      error: null,
    };
  }),
  closeSession: journeySetup.assign({ paymentSession: null, error: 'paymentExpired', fieldErrors: {} }),
};

const step = journeySetup.extend({ guards, actions });

const submit = {
  'payment.submit': [
    { guard: 'consented', target: 'opening', actions: 'startRequest' },
    { actions: 'refuseWithoutConsent' },
  ],
} as const;

/** The provider's news about the open session. */
const fromProvider = {
  'payment.completed': { guard: 'thisSession', target: 'paid', actions: 'recordPayment' },
  'payment.failed': { guard: 'thisSession', target: 'atProvider', actions: 'recordFailure' },
  'payment.challenge': { guard: 'thisSession', target: 'atProvider', actions: 'startChallenge' },
  'payment.expired': { guard: 'thisSession', target: 'editing', actions: 'closeSession' },
  // Another card, or the page lost: a new session, the open one closed first (openCheckout). The
  // renter agreed already: the screen's "start again" asks nothing more.
  'payment.submit': { guard: 'consented', target: 'opening', actions: 'startRequest' },
} as const;

/**
 * The same news when the renter has left the payment screen meanwhile (back to the contract, say):
 * the page at the provider is still theirs, and what it says still counts.
 */
export const providerNews = {
  'payment.completed': { guard: 'thisSession', target: '#payment.paid', actions: 'recordPayment' },
  'payment.failed': { guard: 'thisSession', actions: 'recordFailure' },
  'payment.challenge': { guard: 'thisSession', actions: 'startChallenge' },
  'payment.expired': { guard: 'thisSession', actions: 'closeSession' },
} as const;

export const paymentStep = {
  guards,
  actions,
  state: step.createStateConfig({
    id: 'payment',
    route: { guard: { type: 'stepAllowed', params: { step: 'payment' } } },
    initial: 'resolve',
    states: {
      resolve: {
        always: [{ guard: 'paid', target: 'paid' }, { guard: 'atProvider', target: 'atProvider' }, { target: 'editing' }],
      },
      editing: { on: submit },
      opening: pendingCall(
        'openCheckout',
        ({ context, event }) => {
          assertEvent(event, 'payment.submit');
          return { amount: bookingPrice(context.booking).total, previous: context.paymentSession?.sessionId ?? null, at: event.at };
        },
        {
          done: { target: 'atProvider', actions: 'openSession' },
          // The open session finished meanwhile (paid on another tab): the provider's news follows.
          error: { target: 'resolve', actions: 'showError' },
        },
      ),
      /** On the provider's page (its challenge included), for the session's time; the car waits. */
      atProvider: { on: fromProvider },
      paid: {
        on: { 'payment.proceed': { guard: 'notOver', target: '#carPickup' } },
      },
    },
  }),
};
