// Pickup and the rental period: the car is handed over; while it is out the renter can add days,
// priced first and charged to the card on file when confirmed.
import { assertEvent } from 'xstate';
import { extensionAllowed, extensionPrice, isCancelled, isPickedUp, pickupOpen } from '../journey-rules';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';
import { changesStep } from './changes';

const guards = {
  pickedUp: ({ context }) => isPickedUp(context),
  cancelled: ({ context }) => isCancelled(context),
  // Not days early (the car may be with someone else), nor once it is a no-show.
  pickupOpen: ({ context, event }) => event.type === 'pickup.confirm' && pickupOpen(context, event.at),
  // Only while the car is out: once handed back, the rental period is closed.
  canExtend: ({ context, event }) =>
    event.type === 'rental.extend' && context.returnedAt === null && extensionAllowed(context, event.days),
} satisfies Record<string, JourneyGuard>;

const actions = {
  recordPickup: journeySetup.assign({
    pickedUpAt: ({ event }) => {
      assertEvent(event, 'pickup.confirm');
      return event.at;
    },
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

const step = journeySetup.extend({ guards, actions });

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
          { target: 'awaitingConfirmation' },
        ],
      },
      ...changesStep.states,
      awaitingConfirmation: {
        on: { 'pickup.confirm': { guard: 'pickupOpen', target: 'onRent', actions: 'recordPickup' } },
      },
      onRent: {
        initial: 'driving',
        on: { 'return.start': { target: '#carReturn' } },
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
