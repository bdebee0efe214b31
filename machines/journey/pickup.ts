// Pickup and the rental period: the company's agent records the car's condition at the counter and
// the renter confirms the same record on their phone (or flags a difference, and the agent records
// again); the car is theirs only when both have done their part. While it is out the renter can add
// days, priced first and charged to the card on file when confirmed.
import { and, assertEvent } from 'xstate';
import {
  checkoutOpen,
  checkoutToConfirm,
  extensionAllowed,
  extensionPrice,
  isCancelled,
  isPickedUp,
} from '../journey-rules';
import { latinDigits, normaliseName } from '../text';
import { checkFlagNote, checkoutProblems, kmOf, type FuelLevel } from '../validation';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';
import { changesStep } from './changes';
import { checkIn, returnStep } from './return';

const guards = {
  pickedUp: ({ context }) => isPickedUp(context),
  cancelled: ({ context }) => isCancelled(context),
  checkedOut: ({ context }) => context.checkout !== null,
  // Not days early (the car may be with someone else), nor once it is a no-show.
  checkoutOpen: ({ context, event }) => event.type === 'handover.record' && checkoutOpen(context, event.at),
  checkoutValid: ({ context, event }) =>
    event.type === 'handover.record' &&
    Object.keys(checkoutProblems(event.checkout, context.booking.car.odometerKm, event.at)).length === 0,
  checkoutToConfirm: ({ context }) => checkoutToConfirm(context),
  flagValid: ({ event }) => event.type === 'pickup.flag' && checkFlagNote(event.note) === null,
  // Only while the car is out: once handed back, the rental period is closed.
  canExtend: ({ context, event }) =>
    event.type === 'rental.extend' && context.returnedAt === null && extensionAllowed(context, event.days),
} satisfies Record<string, JourneyGuard>;

const actions = {
  recordCheckout: journeySetup.assign(({ event }) => {
    assertEvent(event, 'handover.record');
    const { checkout: form, agent, at } = event;
    return {
      checkout: {
        odometerKm: kmOf(form.odometer),
        fuel: form.fuel as FuelLevel,
        damage: form.damage.trim(),
        photos: form.photos,
        licenceExpiry: latinDigits(form.licenceExpiry).trim(),
        agent: normaliseName(agent),
        at,
        flag: null,
      },
    };
  }),
  flagCheckout: journeySetup.assign({
    checkout: ({ context, event }) => {
      assertEvent(event, 'pickup.flag');
      return { ...context.checkout!, flag: { note: event.note.trim(), at: event.at } };
    },
  }),
  /** The renter confirmed and the deposit is authorised: the car is theirs from the confirmation. */
  recordPickup: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'xstate.done.actor.holdDeposit');
    return { pickedUpAt: event.output.heldAt, deposit: context.deposit ?? event.output, error: null, pending: null };
  }),
  quoteExtension: journeySetup.assign({
    extensionQuote: ({ context, event }) => {
      assertEvent(event, 'rental.extend');
      return { days: event.days, price: extensionPrice(context.booking, event.days) };
    },
    error: null,
  }),
  recordExtension: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'xstate.done.actor.chargeExtension');
    return {
      extensions: [...context.extensions, event.output],
      extensionQuote: null,
      error: null,
      pending: null,
    };
  }),
  dropQuote: journeySetup.assign({ extensionQuote: null, error: null }),
};

// The counter's check-in may come while the car is still on the road (return's own guards and action).
const step = journeySetup.extend({ guards: { ...guards, ...returnStep.guards }, actions: { ...actions, ...returnStep.actions } });

/**
 * The agent records the car (again). A record the rules refuse is refused like a step out of turn:
 * the forms say their problems by field before sending (the counter's form and the API's body check
 * the same rules), so nothing of a refused record is ever kept in the renter's journey.
 */
const recordCheckout = (target?: 'handingOver') => ({
  guard: and(['checkoutOpen', 'checkoutValid']),
  target,
  actions: 'recordCheckout' as const,
});

export const pickupStep = {
  guards,
  actions,
  state: step.createStateConfig({
    id: 'carPickup',
    route: { guard: { type: 'stepAllowed', params: { step: 'carPickup' } } },
    initial: 'resolve',
    states: {
      resolve: {
        always: [
          { guard: 'cancelled', target: 'cancelled' },
          { guard: 'pickedUp', target: 'onRent' },
          { guard: 'checkedOut', target: 'handingOver' },
          { target: 'awaitingHandover' },
        ],
      },
      ...changesStep.states,
      /** Paid: the renter comes to the counter, where the agent records the car's condition. */
      awaitingHandover: {
        on: { 'handover.record': recordCheckout('handingOver') },
      },
      /** The counter's record is on the renter's phone: confirmed, the car is out; flagged, the agent records again. */
      handingOver: {
        on: {
          'handover.record': recordCheckout(),
          'pickup.confirm': { guard: 'checkoutToConfirm', target: 'holdingDeposit', actions: 'startRequest' },
          'pickup.flag': { guard: and(['checkoutToConfirm', 'flagValid']), actions: 'flagCheckout' },
        },
      },
      /**
       * The deposit is authorised on the saved card now, with the renter at the counter (a hold placed
       * at payment would lapse before pickup); a booking paid before that change already holds one.
       */
      holdingDeposit: pendingCall(
        'holdDeposit',
        ({ context, event }) => {
          assertEvent(event, 'pickup.confirm');
          return { amount: context.deposit ? 0 : context.booking.car.deposit, cardToken: context.payment!.cardToken, at: event.at };
        },
        {
          done: { target: 'onRent', actions: 'recordPickup' },
          error: { target: 'handingOver', actions: 'showError' },
        },
      ),
      onRent: {
        initial: 'driving',
        // The agent may check the car in whether or not the renter opened the return screen first.
        on: { 'return.start': { target: '#carReturn' }, 'handover.checkin': checkIn },
        states: {
          driving: {
            on: {
              'rental.extend': { guard: 'canExtend', target: 'quotingExtension', actions: 'quoteExtension' },
            },
          },
          /** The added days are priced and shown before the renter confirms. */
          quotingExtension: {
            on: {
              'rental.confirmExtension': { target: 'chargingExtension', actions: 'startRequest' },
              'rental.cancelExtension': { target: 'driving', actions: 'dropQuote' },
            },
          },
          chargingExtension: pendingCall(
            'chargeExtension',
            ({ context, event }) => {
              assertEvent(event, 'rental.confirmExtension');
              const quote = context.extensionQuote!;
              return { days: quote.days, price: quote.price, cardToken: context.payment!.cardToken, at: event.at };
            },
            {
              done: { target: 'driving', actions: 'recordExtension' },
              error: { target: 'quotingExtension', actions: 'showError' },
            },
          ),
        },
      },
    },
  }),
};
