// Changing or cancelling a paid booking before pickup. Both are calls: the server re-prices and
// charges or refunds the difference, or refunds under the cancellation policy and releases the
// deposit hold. The states sit in the pickup step (that is where a paid booking waits), but the
// events are taken from anywhere once paid: Booking Details sends them whatever screen was last.
import { and, assertEvent } from 'xstate';
import { tripProblems } from '../booking';
import { canMoveTo, cancellationQuote, chargeReferences, changeQuote, companyCancellation, isBookable, isChangeable, isNoShow } from '../journey-rules';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  changeable: ({ context }) => isChangeable(context),
  noShow: ({ context, event }) => event.type === 'booking.noShow' && isNoShow(context, event.at),
  tripValid: ({ event }) => event.type === 'booking.modify' && Object.keys(tripProblems(event.trip, event.at)).length === 0,
  /** Before the handover, to a real car of the company's that is as good or better (canMoveTo). */
  movable: ({ context, event }) =>
    event.type === 'booking.moveCar' && isChangeable(context) && isBookable(event.to) && canMoveTo(context.booking.car, event.to),
} satisfies Record<string, JourneyGuard>;

const actions = {
  rejectTrip: journeySetup.assign({
    fieldErrors: ({ event }) => {
      assertEvent(event, 'booking.modify');
      return tripProblems(event.trip, event.at);
    },
    error: null,
  }),
  recordChange: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'xstate.done.actor.changeBooking');
    const { trip } = event.output;
    return {
      booking: { ...context.booking, ...trip },
      changes: [...context.changes, event.output],
      error: null,
      pending: null,
    };
  }),
  /** The new car's facts, as its record says now; the price stays the first car's (`movedFrom`). */
  moveCar: journeySetup.assign({
    booking: ({ context, event }) => {
      assertEvent(event, 'booking.moveCar');
      const { booking } = context;
      return { ...booking, carId: event.to.id, car: event.to, movedFrom: booking.movedFrom ?? booking.car };
    },
  }),
  recordCancellation: journeySetup.assign(({ event }) => {
    assertEvent(event, 'xstate.done.actor.cancelBooking');
    return { cancellation: event.output, error: null, pending: null };
  }),
};

/** Taken on the signed-in state: a paid booking can be changed or cancelled from any screen. */
export const changeEvents = {
  'booking.modify': [
    { guard: and(['changeable', 'tripValid']), target: '#changingBooking', actions: 'startRequest' },
    { guard: 'changeable', actions: 'rejectTrip' },
  ],
  'booking.cancel': { guard: 'changeable', target: '#cancellingBooking', actions: 'startRequest' },
  'booking.noShow': { guard: 'noShow', target: '#cancellingBooking', actions: 'startRequest' },
  // Before the car is handed over (the counter's record not yet confirmed): the company may not keep a fee.
  'booking.companyCancel': { guard: 'changeable', target: '#cancellingBooking', actions: 'startRequest' },
  'booking.moveCar': { guard: 'movable', actions: 'moveCar' },
} as const;

export const changesStep = {
  guards,
  actions,
  states: {
    changing: {
      id: 'changingBooking',
      ...pendingCall(
        'changeBooking',
        ({ context, event }) => {
          assertEvent(event, 'booking.modify');
          const { price, difference } = changeQuote(context, event.trip);
          return { trip: event.trip, price, difference, cardToken: context.payment!.cardToken, charges: chargeReferences(context), at: event.at };
        },
        {
          done: { target: 'awaitingHandover', actions: 'recordChange' },
          error: { target: 'awaitingHandover', actions: 'showError' },
        },
      ),
    },
    cancelling: {
      id: 'cancellingBooking',
      ...pendingCall(
        'cancelBooking',
        ({ context, event }) => {
          assertEvent(event, ['booking.cancel', 'booking.noShow', 'booking.companyCancel']);
          // A no-show is past the free cancellation, so the policy's fee is kept; the company keeps none.
          const byCompany = event.type === 'booking.companyCancel' ? event.reason : null;
          const { fee, refund } = byCompany ? companyCancellation(context, event.at) : cancellationQuote(context, event.at);
          const noShow = event.type === 'booking.noShow';
          return { fee, refund, charges: chargeReferences(context), deposit: context.deposit, cardToken: context.payment!.cardToken, at: event.at, noShow, byCompany };
        },
        {
          done: { target: 'cancelled', actions: 'recordCancellation' },
          error: { target: 'awaitingHandover', actions: 'showError' },
        },
      ),
    },
    /** Cancelled before pickup: nothing follows but a new booking. */
    cancelled: {},
  },
};
