// The rental journey: register → log in → rental contract → payment → car pickup → car return.
// Pure XState v5: no React, no DOM, no database. The browser runs it to guide the renter; the server
// runs the same machine on the stored snapshot to decide. Each step lives in machines/journey/.
import { and, assertEvent, type SnapshotFrom } from 'xstate';
import type { Car } from './fleet';
import { tripProblems, type Trip } from './booking';
import { offerProblem } from './offers';
import {
  canStartBooking,
  defaultBooking,
  freshRental,
  initialContext,
  isBookable,
  isOver,
  isPaid,
  isSignedIn,
  liveHold,
} from './journey-rules';
import { DEDUCTION_KINDS, type Deduction } from './money';
import { normaliseEmail, type Renter } from './renter';
import { normaliseName } from './text';
import { refundAllowed } from './refunds';
import { normaliseUaeMobile, profileProblems } from './validation';
import { journeySetup, type JourneyGuard } from './journey/setup';
import { signedOutStep } from './journey/signedOut';
import { contractStep } from './journey/contract';
import { paymentStep, providerNews } from './journey/payment';
import { pickupStep } from './journey/pickup';
import { returnStep } from './journey/return';
import { changeEvents, changesStep } from './journey/changes';

export { stepOf } from './journey-rules';
export {
  JourneyFailure,
  errorCode,
  type CallInputs,
  type CardSeen,
  type JourneyEvent,
  type OpenedCheckout,
} from './journey/setup';

/** A deduction the deposit can carry: positive whole fils, its admin fee a part of it. */
export const validDeduction = (d: Deduction) =>
  DEDUCTION_KINDS.includes(d.kind) &&
  Number.isSafeInteger(d.amount) &&
  d.amount > 0 &&
  Number.isSafeInteger(d.adminFee) &&
  d.adminFee >= 0 &&
  d.adminFee <= d.amount;

const guards = {
  signedIn: ({ context }) => isSignedIn(context),
  canStartBooking: ({ context, event }) =>
    event.type === 'booking.start' &&
    context.pending === null &&
    isBookable(event.car) &&
    (event.trip === undefined || Object.keys(tripProblems(event.trip, event.at)).length === 0) &&
    canStartBooking(context),
  /** The deposit is held from the pickup until it is settled; only real, positive deductions come off it. */
  canDeduct: ({ context, event }) =>
    event.type === 'deposit.deduct' &&
    isPaid(context) &&
    context.deposit !== null &&
    context.refund === null &&
    validDeduction(event.deduction),
  /** A renewal of the hold the journey has now (not of one it replaced already), with no call of its own under way. */
  canRenewHold: ({ context, event }) => {
    const hold = liveHold(context);
    return event.type === 'deposit.renewed' && context.pending === null && hold !== null && hold.reference === event.replaces;
  },
  /** A refund by the company of part of one charge, within what is left of it, once the rental's own money is done (machines/refunds.ts). */
  canRefund: ({ context, event }) =>
    event.type === 'money.refunded' && typeof event.refund === 'object' && context.pending === null && refundAllowed(context, event.refund),
  /** Before payment only, when the offer's own rule holds (machines/offers.ts). */
  canApplyOffer: ({ context, event }) =>
    event.type === 'offer.apply' &&
    (event.offerId === 'winter' || event.offerId === 'loyalty') &&
    context.pending === null &&
    // The provider's open page is for the price as it was.
    context.paymentSession === null &&
    !isOver(context) &&
    offerProblem(
      event.offerId,
      {
        booking: { ...context.booking, paid: isPaid(context) },
        completedRentals: event.completedRentals,
        upgradeTo: event.upgradeTo,
      },
      event.at,
    ) === null,
  profileValid: ({ event }) =>
    event.type === 'account.update' && Object.keys(profileProblems(event.profile)).length === 0,
} satisfies Record<string, JourneyGuard>;

const actions = {
  startBooking: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'booking.start');
    return freshRental(context, event.car, event.at, event.trip);
  }),
  updateProfile: journeySetup.assign({
    renter: ({ context, event }) => {
      assertEvent(event, 'account.update');
      const p = event.profile;
      return {
        ...context.renter!,
        fullName: normaliseName(p.fullName),
        phone: normaliseUaeMobile(p.phone) ?? p.phone,
        email: normaliseEmail(p.email),
        address: p.address.trim(),
      };
    },
    profileErrors: {},
  }),
  rejectProfile: journeySetup.assign({
    profileErrors: ({ event }) => {
      assertEvent(event, 'account.update');
      return profileProblems(event.profile);
    },
  }),
  /** The account's current facts; a verified identity also completes the contract's identity step. */
  refreshRenter: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'account.refresh');
    return { renter: event.renter, identityVerified: context.identityVerified || event.renter.verified };
  }),
  applyOffer: journeySetup.assign({
    booking: ({ context, event }) => {
      assertEvent(event, 'offer.apply');
      const { booking } = context;
      return event.offerId === 'loyalty'
        ? { ...booking, offer: 'loyalty', carId: event.upgradeTo!.id, car: event.upgradeTo!, upgradedFrom: booking.car }
        : { ...booking, offer: event.offerId };
    },
  }),
  /** The deposit is held anew, for the same amount, until the new hold's own lapse. */
  renewHold: journeySetup.assign({
    deposit: ({ context, event }) => {
      assertEvent(event, 'deposit.renewed');
      const { reference, captureBefore, extended } = event.hold;
      return { ...context.deposit!, reference, captureBefore, extended, renewed: { from: event.replaces, at: event.at } };
    },
  }),
  recordRefund: journeySetup.assign({
    companyRefunds: ({ context, event }) => {
      assertEvent(event, 'money.refunded');
      return [...context.companyRefunds, event.refund];
    },
  }),
  /** Something paid from the deposit (a fine with its admin fee): the ledger shows it. */
  deduct: journeySetup.assign({
    deductions: ({ context, event }) => {
      assertEvent(event, 'deposit.deduct');
      return [...context.deductions, event.deduction];
    },
  }),
};

export const journeyMachine = journeySetup
  .extend({
    guards: {
      ...guards,
      ...signedOutStep.guards,
      ...contractStep.guards,
      ...paymentStep.guards,
      ...pickupStep.guards,
      ...returnStep.guards,
      ...changesStep.guards,
    },
    actions: {
      ...actions,
      ...signedOutStep.actions,
      ...contractStep.actions,
      ...paymentStep.actions,
      ...pickupStep.actions,
      ...returnStep.actions,
      ...changesStep.actions,
    },
  })
  .createMachine({
    id: 'journey',
    context: ({ input }) => initialContext(input.now),
    initial: 'signedOut',
    on: {
      'booking.start': [
        { guard: and(['canStartBooking', 'signedIn']), target: '#rentalContract', actions: 'startBooking' },
        {
          guard: 'canStartBooking',
          target: '#logIn',
          actions: ['startBooking', journeySetup.assign({ returnTo: 'rentalContract' })],
        },
      ],
    },
    states: {
      signedOut: signedOutStep.state,
      signedIn: {
        id: 'signedIn',
        on: {
          'account.update': [{ guard: 'profileValid', actions: 'updateProfile' }, { actions: 'rejectProfile' }],
          'deposit.deduct': { guard: 'canDeduct', actions: 'deduct' },
          'deposit.renewed': { guard: 'canRenewHold', actions: 'renewHold' },
          'money.refunded': { guard: 'canRefund', actions: 'recordRefund' },
          'offer.apply': { guard: 'canApplyOffer', actions: 'applyOffer' },
          'account.refresh': { actions: 'refreshRenter' },
          ...changeEvents,
          ...providerNews,
        },
        // A fresh sign-in lands on the contract, the first step of a rental.
        initial: 'rentalContract',
        states: {
          rentalContract: contractStep.state,
          payment: paymentStep.state,
          carPickup: pickupStep.state,
          carReturn: returnStep.state,
        },
      },
    },
  });

export type JourneySnapshot = SnapshotFrom<typeof journeyMachine>;

/** A signed-in renter's new rental: the contract is the step that is due. */
export function openJourney(renter: Renter, car: Car, now: number, trip?: Trip): JourneySnapshot {
  return journeyMachine.resolveState({
    value: { signedIn: { rentalContract: 'reviewingTerms' } },
    context: {
      ...initialContext(now),
      renter,
      booking: defaultBooking(now, car, trip),
      identityVerified: renter.verified,
    },
  });
}
