// Payment: the rental's total is charged and the security deposit held on the same card, in one
// call to the payment gateway. The amounts are the machine's, from the fleet's prices. The card is
// typed now, or is the one the renter kept on file, its CVV asked again.
import { assertEvent } from 'xstate';
import { bookingPrice, isOver, isPaid } from '../journey-rules';
import { paymentProblems } from '../validation';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  cardValid: ({ event }) =>
    event.type === 'payment.submit' && Object.keys(paymentProblems(event.card, new Date(event.at))).length === 0,
  paid: ({ context }) => isPaid(context),
  notOver: ({ context }) => !isOver(context),
} satisfies Record<string, JourneyGuard>;

const actions = {
  rejectCard: journeySetup.assign({
    fieldErrors: ({ event }) => {
      assertEvent(event, 'payment.submit');
      return paymentProblems(event.card, new Date(event.at));
    },
    error: null,
  }),
  recordPayment: journeySetup.assign(({ event }) => {
    assertEvent(event, 'xstate.done.actor.submitPayment');
    return { payment: event.output.payment, deposit: event.output.deposit, error: null, pending: null };
  }),
};

const step = journeySetup.extend({ guards, actions });

const submit = {
  'payment.submit': [
    { guard: 'cardValid', target: 'submitting', actions: 'startRequest' },
    { actions: 'rejectCard' },
  ],
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
        always: [{ guard: 'paid', target: 'paid' }, { target: 'editing' }],
      },
      editing: { on: submit },
      submitting: pendingCall(
        'submitPayment',
        ({ context, event }) => {
          assertEvent(event, 'payment.submit');
          return {
            card: event.card,
            amount: bookingPrice(context.booking).total,
            deposit: context.booking.car.deposit,
            at: event.at,
          };
        },
        {
          done: { target: 'paid', actions: 'recordPayment' },
          error: { target: 'declined', actions: 'showError' },
        },
      ),
      /** The card was declined: the form stays, with the reason, ready for another card. */
      declined: { on: submit },
      paid: {
        on: { 'payment.proceed': { guard: 'notOver', target: '#carPickup' } },
      },
    },
  }),
};
