// The journey's types, its calls to the outside world, and the rules every step shares. Each step
// (signedOut, contract, payment, pickup, return) adds its own guards, actions and states to this.
import { assertEvent, assign, fromPromise, setup, type GuardPredicate } from 'xstate';
import type { Car } from '../fleet';
import type { Deduction, Fils, RentalPrice } from '../money';
import type { Renter } from '../renter';
import type { Trip } from '../booking';
import type { BookingOfferId } from '../offers';
import type { CompanyRefund } from '../refunds';
import {
  stepAllowed,
  type PaymentFailure,
  type BookingChange,
  type Cancellation,
  type CompanyCancelReason,
  type DepositHold,
  type ExtensionCharge,
  type JourneyContext,
  type JourneyError,
  type Settlement,
  type Step,
} from '../journey-rules';
import { normaliseEmail } from '../renter';
import type { CheckinInput, CheckoutInput, Problem, ProfileInput, RegistrationInput } from '../validation';

/** What the provider says of the card it read: never the number, only what a receipt shows. */
export interface CardSeen {
  last4: string;
  brand: string;
  /** MM/YY. */
  expiry: string;
}

export type JourneyEvent =
  | { type: 'xstate.route'; to: `#${Step}` }
  | { type: 'registration.submit'; form: RegistrationInput; at: number }
  | { type: 'logIn.submit'; email: string; password: string }
  | { type: 'contract.acceptTerms' }
  | { type: 'contract.verifyIdentity' }
  | { type: 'contract.sign'; signature: string; at: number }
  | { type: 'contract.proceed' }
  /**
   * To the provider's page, to pay; `consent`: the renter agrees that the card stays with the provider
   * for the deposit at pickup and the charges after the return (the page says so in those words).
   */
  | { type: 'payment.submit'; consent: boolean; language?: 'en' | 'ar'; at: number }
  /** Only the server sends these, from the provider (its webhook, or the session read on the browser's return). */
  | { type: 'payment.challenge'; sessionId: string }
  | { type: 'payment.failed'; sessionId: string; reason: PaymentFailure }
  | { type: 'payment.completed'; sessionId: string; reference: string; cardToken: string; card: CardSeen; at: number }
  | { type: 'payment.expired'; sessionId: string }
  | { type: 'payment.proceed' }
  /**
   * Only the server sends this, for the company's agent at the counter (server/handovers): the car's
   * condition as handed over, and who recorded it. Recorded again after the renter flags a difference.
   */
  | { type: 'handover.record'; checkout: CheckoutInput; agent: string; at: number }
  /** The renter confirms the counter's record: the car is theirs from now. */
  | { type: 'pickup.confirm'; at: number }
  /** The renter says what differs from the counter's record (a scratch not noted, the fuel). */
  | { type: 'pickup.flag'; note: string; at: number }
  | { type: 'rental.extend'; days: number }
  | { type: 'rental.confirmExtension'; at: number }
  | { type: 'rental.cancelExtension' }
  | { type: 'return.start' }
  /**
   * Only the server sends this, for the company's agent: the car as it came back (odometer, fuel, damage
   * lines, photos), and who recorded it. Recorded again to correct a figure until the renter answers.
   */
  | { type: 'handover.checkin'; checkin: CheckinInput; agent: string; at: number }
  /** The renter disputes one of the check-in's lines (its place among the deductions), with a reason. */
  | { type: 'return.dispute'; line: number; reason: string; at: number }
  /** The renter accepts every line they did not dispute; the deposit is settled once nothing is disputed. */
  | { type: 'return.accept'; at: number }
  /** Only the server sends this, for the company's manager: a disputed line upheld or waived, with the reason. */
  | { type: 'return.decide'; line: number; outcome: 'upheld' | 'waived'; note: string; by: string; at: number }
  | { type: 'return.finish'; at: number }
  /** A new booking: the car, and where and when (the default trip when none is given). */
  | { type: 'booking.start'; car: Car; trip?: Trip; at: number }
  /** Before pickup: new dates or places, re-priced; the difference is charged or refunded. */
  | { type: 'booking.modify'; trip: Trip; at: number }
  /** Before pickup: cancelled under CANCELLATION_POLICY; the car is free again. */
  | { type: 'booking.cancel'; at: number }
  /** Only the server sends this (server/journey/noShows.ts): nobody came for the car; cancelled as booking.cancel is. */
  | { type: 'booking.noShow'; at: number }
  /**
   * Only the server sends this, for the car's company (server/handovers): it cannot hand the car over
   * (the car is not back from its last rental, or out of service). Cancelled with everything refunded.
   */
  | { type: 'booking.companyCancel'; reason: CompanyCancelReason; at: number }
  /**
   * Only the server sends this, for the car's company (server/cars/fleet.ts): the booked car goes out
   * of service, so the paid booking moves to another of its cars, as good or better, at the same price.
   */
  | { type: 'booking.moveCar'; to: Car; at: number }
  | { type: 'account.update'; profile: ProfileInput }
  /** Only the server sends this, from its own records (a fine paid from the deposit). */
  | { type: 'deposit.deduct'; deduction: Deduction }
  /** Only the server sends this (server/payments/refunds.ts), once the provider gave back part of a charge for the company. */
  | { type: 'money.refunded'; refund: CompanyRefund }
  /**
   * Only the server sends this (server/payments/holds.ts), once the provider has placed a new hold on
   * the saved card for the deposit that `replaces` was about to lapse.
   */
  | { type: 'deposit.renewed'; replaces: string; hold: { reference: string; captureBefore: number; extended: boolean }; at: number }
  /**
   * Only the server sends this, with what only it knows: the renter's finished rentals, and the car
   * of the next category free for the booking's dates (loyalty upgrade).
   */
  | { type: 'offer.apply'; offerId: BookingOfferId; completedRentals: number; upgradeTo: Car | null; at: number }
  /** Only the server sends this: the account as it is now (e.g. UAE PASS has since verified it). */
  | { type: 'account.refresh'; renter: Renter }
  | { type: 'xstate.done.actor.registerAccount'; output: Renter }
  | { type: 'xstate.error.actor.registerAccount'; error: unknown }
  | { type: 'xstate.done.actor.verifyAccount'; output: Renter }
  | { type: 'xstate.error.actor.verifyAccount'; error: unknown }
  | { type: 'xstate.done.actor.signContract'; output: { signedAt: number } }
  | { type: 'xstate.error.actor.signContract'; error: unknown }
  | { type: 'xstate.done.actor.openCheckout'; output: OpenedCheckout }
  | { type: 'xstate.error.actor.openCheckout'; error: unknown }
  | { type: 'xstate.done.actor.holdDeposit'; output: DepositHold }
  | { type: 'xstate.error.actor.holdDeposit'; error: unknown }
  | { type: 'xstate.done.actor.chargeExtension'; output: ExtensionCharge }
  | { type: 'xstate.error.actor.chargeExtension'; error: unknown }
  | { type: 'xstate.done.actor.settleDeposit'; output: Settlement }
  | { type: 'xstate.error.actor.settleDeposit'; error: unknown }
  | { type: 'xstate.done.actor.changeBooking'; output: BookingChange }
  | { type: 'xstate.error.actor.changeBooking'; error: unknown }
  | { type: 'xstate.done.actor.cancelBooking'; output: Cancellation }
  | { type: 'xstate.error.actor.cancelBooking'; error: unknown };

/** The provider's page opened for the payment: where the renter goes, and until when it waits. */
export interface OpenedCheckout {
  sessionId: string;
  url: string;
  expiresAt: number;
}

/** What each call is given. Amounts are the machine's own figures, never the client's. */
export interface CallInputs {
  registerAccount: RegistrationInput;
  verifyAccount: { email: string; password: string };
  signContract: { signature: string; fullName: string; at: number };
  /** `previous`: the session the renter leaves for a new one (closed at the provider first). */
  openCheckout: { amount: Fils; previous: string | null; at: number };
  /** The deposit, authorised on the saved card as the car is handed over. */
  holdDeposit: { amount: Fils; cardToken: string; at: number };
  chargeExtension: { days: number; price: RentalPrice; cardToken: string; at: number };
  /** `unused`: an early return's days given back to the card on file (`cardToken`). */
  settleDeposit: { deposit: DepositHold; deductions: Fils; unused: Fils; charges: string[]; returnedAt: number; at: number };
  /**
   * A dearer change is charged to the saved card (`cardToken`), a cheaper one refunded from what was
   * charged (`charges`: the provider's payments, in order, chargeReferences).
   */
  changeBooking: { trip: Trip; price: RentalPrice; difference: Fils; cardToken: string; charges: string[]; at: number };
  /** `deposit`: held only by bookings paid before the deposit moved to pickup. */
  cancelBooking: { fee: Fils; refund: Fils; charges: string[]; deposit: DepositHold | null; cardToken: string; at: number; noShow: boolean; byCompany: CompanyCancelReason | null };
}

/** A failure a service reports, by the code the screens translate. */
export class JourneyFailure extends Error {
  constructor(
    readonly code: JourneyError,
    /** With `invalid`: the server's problems by field (e.g. a document that is not what its name says). */
    readonly fields: Partial<Record<string, Problem>> = {},
  ) {
    super(code);
  }
}

export const errorCode = (error: unknown): JourneyError =>
  error instanceof JourneyFailure ? error.code : 'network';

/** Calls nobody has provided fail as a network error would; the browser and the server provide them. */
const unprovided = <TOutput, TInput>() =>
  fromPromise<TOutput, TInput>(async () => {
    throw new JourneyFailure('network');
  });

export const journeySetup = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as JourneyEvent,
    input: {} as { now: number },
    /** `pending`: a call is under way (buttons busy; the snapshot is not persisted). */
    tags: {} as 'pending',
  },
  actors: {
    registerAccount: unprovided<Renter, CallInputs['registerAccount']>(),
    verifyAccount: unprovided<Renter, CallInputs['verifyAccount']>(),
    signContract: unprovided<{ signedAt: number }, CallInputs['signContract']>(),
    openCheckout: unprovided<OpenedCheckout, CallInputs['openCheckout']>(),
    holdDeposit: unprovided<DepositHold, CallInputs['holdDeposit']>(),
    chargeExtension: unprovided<ExtensionCharge, CallInputs['chargeExtension']>(),
    settleDeposit: unprovided<Settlement, CallInputs['settleDeposit']>(),
    changeBooking: unprovided<BookingChange, CallInputs['changeBooking']>(),
    cancelBooking: unprovided<Cancellation, CallInputs['cancelBooking']>(),
  },
  guards: {
    // While a call is under way the journey stays put: a payment cannot be cancelled by leaving the page.
    idle: ({ context }) => context.pending === null,
    stepAllowed: ({ context }, params: { step: Step }) =>
      context.pending === null && stepAllowed(params.step, context),
  },
  actions: {
    /** A call starts: remember what it is about (never a password, card number or CVV). */
    startRequest: assign({
      error: null,
      fieldErrors: {},
      pending: ({ event }) => {
        assertEvent(event, [
          'registration.submit',
          'logIn.submit',
          'contract.sign',
          'payment.submit',
          'pickup.confirm',
          'rental.confirmExtension',
          'return.accept',
          'return.decide',
          'booking.modify',
          'booking.cancel',
          'booking.noShow',
          'booking.companyCancel',
        ]);
        switch (event.type) {
          case 'registration.submit':
            return normaliseEmail(event.form.email);
          case 'logIn.submit':
            return normaliseEmail(event.email);
          case 'contract.sign':
            return event.signature;
          case 'payment.submit':
            return 'checkout';
          case 'pickup.confirm':
            return 'deposit';
          case 'rental.confirmExtension':
            return 'extension';
          case 'return.accept':
            return 'settle';
          // The manager's last decision settles on the server (the renter's screen only sees the outcome).
          case 'return.decide':
            return 'decision';
          case 'booking.modify':
            return 'change';
          case 'booking.cancel':
            return 'cancel';
          case 'booking.noShow':
            return 'noShow';
          case 'booking.companyCancel':
            return 'companyCancel';
        }
      },
    }),
    /** A call failed: its reason, by code, for the screen to explain. */
    showError: assign({
      error: ({ event }) => ('error' in event ? errorCode(event.error) : 'network'),
      fieldErrors: ({ event }) => ('error' in event && event.error instanceof JourneyFailure ? event.error.fields : {}),
      pending: null,
    }),
  },
});

export type CallId = keyof CallInputs;

/**
 * The pending-call pattern, once: entering the state starts the call (a fromPromise actor spawned on
 * entry, stopped on exit) and its done/error events decide where the journey goes. No `invoke`, so
 * xstate/graph's createTestModel can traverse the machine and drive the outcomes as plain events.
 */
export function pendingCall<K extends CallId>(
  src: K,
  input: (args: { context: JourneyContext; event: JourneyEvent }) => CallInputs[K],
  on: { done: object; error?: object },
) {
  return {
    tags: ['pending'],
    entry: journeySetup.spawnChild(src, { id: src, input: input as never }),
    exit: journeySetup.stopChild(src),
    on: {
      [`xstate.done.actor.${src}`]: on.done,
      ...(on.error ? { [`xstate.error.actor.${src}`]: on.error } : {}),
    },
    // Typed as a plain pending leaf: the done/error keys are built from `src`, which the config
    // types cannot follow; the machine's own tests and the graph cover them.
  } as unknown as { tags: ['pending'] };
}

export type JourneyGuard = GuardPredicate<JourneyContext, JourneyEvent, undefined, never>;
