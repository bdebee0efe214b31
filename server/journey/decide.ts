// The one accept-or-refuse function for a renter's journey event, used by the API and by the fuzz
// test alike: restore the stored snapshot, run the same machine the browser runs (with the server's
// own calls: signature check, payment gateway), and accept the event only if the machine takes it.
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import {
  JourneyFailure,
  journeyMachine,
  stepOf,
  type CallInputs,
  type JourneyEvent,
  type JourneySnapshot,
  type OpenedCheckout,
} from '../../machines/journey';
import {
  PAYMENT_SESSION_MS,
  refundReleaseBy,
  type DepositHold,
  type BookingChange,
  type Cancellation,
  signatureMatches,
  type ExtensionCharge,
  type JourneyError,
  type Settlement,
  type Step,
} from '../../machines/journey-rules';
import type { Problem } from '../../machines/validation';
import type { PaymentGateway } from '../payments/gateway';

export interface JourneyServices {
  gateway: PaymentGateway;
  inspect?: (event: InspectionEvent) => void;
  /** Unique per booking and version: a retried step reaches the gateway with the same key. */
  idempotencyKey: string;
  /** What the provider's page is opened with: the booking, the renter, their language, where it returns. */
  checkout?: {
    bookingId: string;
    description: string;
    email: string;
    customer: string | null;
    language: 'en' | 'ar';
    returnUrl: string;
    cancelUrl: string;
  };
  /**
   * Told of a call that failed without an answer (the gateway unreachable, a timeout): unlike a
   * declined card, part of it may have happened. decide() then throws rather than record a failure.
   */
  unknownOutcome?: (error: unknown) => void;
}

/** The server's side of the journey's calls, for one set of services (the machine tests' way). */
export const serverJourneyActors = (services: JourneyServices) => journeyCalls(() => services);

/**
 * The server's side of the journey's calls. Every amount arrives from the machine, not the client.
 * The services are looked up at each call from the running actor's system, so one provided machine
 * serves every request (building a machine costs more than deciding a step).
 */
function journeyCalls(servicesOf: (system: object) => JourneyServices) {
  const call = <K extends keyof CallInputs, O>(run: (input: CallInputs[K], services: JourneyServices, key: (purpose: string) => string) => Promise<O>) =>
    fromPromise<O, CallInputs[K]>(({ input, system }) => {
      const services = servicesOf(system);
      // The key names the step being taken.
      const key = (purpose: string) => `${services.idempotencyKey}:${purpose}`;
      return run(input, services, key).catch((error: unknown) => {
        if (!(error instanceof JourneyFailure)) services.unknownOutcome?.(error);
        throw error;
      });
    });
  return {
    signContract: call<'signContract', { signedAt: number }>(async (input) => {
      if (!signatureMatches(input.signature, input.fullName)) throw new JourneyFailure('signatureFailed');
      return { signedAt: input.at };
    }),
    // The provider's page for the rental's total: the renter pays there, the webhook or the return
    // tells the journey. A session left for another is closed at the provider first; if it was paid
    // meanwhile, no second page opens (its completion reaches the journey instead).
    openCheckout: call<'openCheckout', OpenedCheckout>(async (input, { gateway, checkout }, key) => {
      if (!checkout) throw new JourneyFailure('network');
      // Opening a page moves no money: whatever went wrong, the renter can simply try again.
      const provider = <T>(ask: () => Promise<T>) =>
        ask().catch((error: unknown) => {
          throw error instanceof JourneyFailure ? error : new JourneyFailure('providerDown');
        });
      if (input.previous) {
        const before = await provider(() => gateway.expireCheckout(input.previous!));
        if (before.status === 'complete') throw new JourneyFailure('network');
      }
      return provider(() =>
        gateway.openCheckout({ ...checkout, amount: input.amount, expiresAt: input.at + PAYMENT_SESSION_MS, idempotencyKey: key('checkout') }),
      );
    }),
    // The deposit, authorised on the saved card as the car is handed over (none again for a booking
    // paid before the deposit moved to pickup: it holds one already).
    holdDeposit: call<'holdDeposit', DepositHold>(async (input, { gateway }, key) => {
      if (input.amount === 0) return { amount: 0, reference: '', heldAt: input.at };
      const hold = await gateway.hold({ cardToken: input.cardToken, amount: input.amount, idempotencyKey: key('hold') });
      return { amount: input.amount, reference: hold.reference, heldAt: input.at, captureBefore: hold.captureBefore, extended: hold.extended };
    }),
    chargeExtension: call<'chargeExtension', ExtensionCharge>(async (input, { gateway }, key) => {
      const charge = await gateway.charge({
        cardToken: input.cardToken,
        amount: input.price.total,
        idempotencyKey: key('extension'),
      });
      return { days: input.days, price: input.price, reference: charge.reference, chargedAt: input.at };
    }),
    // A dearer change is charged to the card on file, a cheaper one refunded to it; same price, no call.
    changeBooking: call<'changeBooking', BookingChange>(async (input, { gateway }, key) => {
      const { difference, cardToken, charges } = input;
      const done =
        difference > 0
          ? await gateway.charge({ cardToken, amount: difference, idempotencyKey: key('change') })
          : difference < 0
            ? await gateway.refund({ references: charges, amount: -difference, idempotencyKey: key('change') })
            : null;
      return { at: input.at, trip: input.trip, price: input.price, difference, reference: done?.reference ?? null };
    }),
    // The policy's refund goes back to the card and the whole deposit hold is released.
    cancelBooking: call<'cancelBooking', Cancellation>(async (input, { gateway }, key) => {
      const refund =
        input.refund > 0
          ? await gateway.refund({ references: input.charges, amount: input.refund, idempotencyKey: key('cancel') })
          : null;
      // Only a booking paid before the deposit moved to pickup holds one now.
      if (input.deposit?.reference) await gateway.settle({ holdReference: input.deposit.reference, capture: 0, idempotencyKey: key('release') });
      const cancellation = { at: input.at, fee: input.fee, refunded: input.refund, reference: refund?.reference ?? null };
      if (input.byCompany) return { ...cancellation, byCompany: input.byCompany };
      return input.noShow ? { ...cancellation, noShow: true as const } : cancellation;
    }),
    // The lines captured from the hold, the rest released; an early return's unused days back to the card.
    settleDeposit: call<'settleDeposit', Settlement>(async (input, { gateway }, key) => {
      const settled = await gateway.settle({
        holdReference: input.deposit.reference,
        capture: input.deductions,
        idempotencyKey: key('settle'),
      });
      const early =
        input.unused > 0
          ? await gateway.refund({ references: input.charges, amount: input.unused, idempotencyKey: key('early') })
          : null;
      return {
        refunded: settled.released,
        captured: settled.captured,
        // What the hold could not cover is owed: above the deposit, or all of it if the hold was gone.
        due: Math.max(0, input.deductions - settled.captured),
        releaseBy: refundReleaseBy(input.returnedAt),
        settledAt: input.at,
        reference: settled.reference,
        ...(early ? { early: { amount: input.unused, reference: early.reference } } : {}),
      };
    }),
  };
}

export type Decision =
  /** The machine took the event; `failed` when its call failed (a declined card), which it records. */
  | { kind: 'accepted'; snapshot: JourneySnapshot; failed: JourneyError | null }
  /** Not a step the journey can take now: `due` is where it is. */
  | { kind: 'refused'; due: Step }
  /** The form's rules refused it: problems by field (nothing is stored). */
  | { kind: 'invalid'; fields: Partial<Record<string, Problem>> };

const CALL_TIMEOUT_MS = 30_000;

/** Each running decision's services, by its actor's system (gone with the actor). */
const servicesBySystem = new WeakMap<object, JourneyServices>();
const serverMachine = journeyMachine.provide({
  actors: journeyCalls((system) => {
    const services = servicesBySystem.get(system);
    if (!services) throw new Error('a journey call outside decide()');
    return services;
  }),
});

export async function decide(
  stored: JourneySnapshot,
  event: JourneyEvent,
  services: JourneyServices,
): Promise<Decision> {
  let unknown: { error: unknown } | null = null;
  const actor = createActor(serverMachine, {
    snapshot: journeyMachine.getPersistedSnapshot(stored) as never,
    input: { now: 0 },
    inspect: services.inspect,
  });
  servicesBySystem.set(actor.system, { ...services, unknownOutcome: (error) => (unknown = { error }) });
  actor.start();
  try {
    const before = actor.getSnapshot();
    if (!before.can(event)) return { kind: 'refused', due: stepOf(before) };
    let called = false;
    const watching = actor.subscribe((s) => (called ||= s.hasTag('pending')));
    actor.send(event);
    const after = await waitFor(actor, (s) => !s.hasTag('pending'), { timeout: CALL_TIMEOUT_MS });
    watching.unsubscribe();
    // Not a refusal the renter can act on: the step's intent stays open for the reconciler (server/journey/intents.ts).
    if (unknown) throw (unknown as { error: unknown }).error;
    const fields = { ...after.context.fieldErrors, ...after.context.profileErrors };
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
    // A transition that changed nothing (a route to the step already shown) is still accepted.
    return { kind: 'accepted', snapshot: after, failed: called ? after.context.error : null };
  } finally {
    actor.stop();
  }
}
