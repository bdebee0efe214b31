// A traffic violation on a rented car, from the authority's fine to the renter paying or disputing it.
// The contract's transfer settings (at the time the fine arrives) decide its path:
//   pending → transferred (automatically, or when the manager transfers it) →
//   [awaitingConsent → accept | decline with a reason] → payable →
//   paid (security deposit | the card on file, last 4 only) | disputed (reason) → resolved: upheld → payable | cancelled
import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { DAY_MS, fineDeduction, type Deduction, type Fils } from './money';
import type { TransferSettings } from './transferSettings';

export interface Fine {
  type: { en: string; ar: string };
  code: string;
  date: number;
  /** The authority's fine, before the rental company's admin fee. */
  amount: Fils;
  blackPoints: number;
  /** Where it happened, as the authority wrote it (older records have none). */
  location?: string;
  /** The authority's own reference. */
  reference?: string;
}

export interface ViolationContext {
  fine: Fine;
  settings: TransferSettings;
  /** The contract passes fines on to the renter at all (its "Enable traffic violation transfer"). */
  transferEnabled: boolean;
  /** The fine plus admin fee: what the renter pays, every part shown. */
  charge: Deduction;
  transferredAt: number | null;
  /** Set when notify-on-transfer is on: the renter's notification of the transfer. */
  notifiedAt: number | null;
  reason: string | null;
  paid: { with: 'deposit' } | { with: 'card'; last4: string } | null;
  paidAt: number | null;
}

export type ViolationEvent =
  | { type: 'violation.transfer'; at: number }
  | { type: 'violation.accept' }
  | { type: 'violation.decline'; reason: string }
  | { type: 'violation.payFromDeposit'; at: number }
  /** Charged to the card on file (the provider's saved card, with the renter's consent): `last4` is the server's record of it. */
  | { type: 'violation.payByCard'; last4: string; at: number }
  | { type: 'violation.dispute'; reason: string }
  | { type: 'violation.resolve'; outcome: 'upheld' | 'cancelled' };

/** A reason the renter wrote, not just spaces; long enough to act on. */
export const REASON_MIN = 10;
export const reasonGiven = (reason: string) => reason.trim().length >= REASON_MIN;

export const violationMachine = setup({
  types: {
    context: {} as ViolationContext,
    events: {} as ViolationEvent,
    input: {} as { fine: Fine; settings: TransferSettings; transferEnabled: boolean; arrivedAt: number },
  },
  guards: {
    automatic: ({ context }) => context.transferEnabled && context.settings.mode === 'automatic',
    transferEnabled: ({ context }) => context.transferEnabled,
    consentRequired: ({ context }) => context.settings.consent,
    reasonGiven: ({ event }) =>
      (event.type === 'violation.decline' || event.type === 'violation.dispute') && reasonGiven(event.reason),
    upheld: ({ event }) => event.type === 'violation.resolve' && event.outcome === 'upheld',
  },
  actions: {
    transfer: assign(({ context, event }) => {
      const at = event.type === 'violation.transfer' ? event.at : (context.transferredAt ?? 0);
      return { transferredAt: at, notifiedAt: context.settings.notify ? at : null };
    }),
    keepReason: assign({
      reason: ({ event }) => {
        assertEvent(event, ['violation.decline', 'violation.dispute']);
        return event.reason.trim();
      },
    }),
    payFromDeposit: assign({
      paid: { with: 'deposit' as const },
      paidAt: ({ event }) => {
        assertEvent(event, 'violation.payFromDeposit');
        return event.at;
      },
    }),
    payByCard: assign(({ event }) => {
      assertEvent(event, 'violation.payByCard');
      return { paid: { with: 'card' as const, last4: event.last4 }, paidAt: event.at };
    }),
  },
}).createMachine({
  id: 'violation',
  context: ({ input }) => {
    // In automatic mode (with transfer enabled) the fine is transferred the moment it arrives.
    const now = input.transferEnabled && input.settings.mode === 'automatic';
    return {
      fine: input.fine,
      settings: input.settings,
      transferEnabled: input.transferEnabled,
      charge: fineDeduction(input.fine.amount),
      transferredAt: now ? input.arrivedAt : null,
      notifiedAt: now && input.settings.notify ? input.arrivedAt : null,
      reason: null,
      paid: null,
      paidAt: null,
    };
  },
  initial: 'pending',
  states: {
    /** Received from the authority; with the company until passed to the renter (if the contract allows). */
    pending: {
      always: { guard: 'automatic', target: 'transferred' },
      on: { 'violation.transfer': { guard: 'transferEnabled', target: 'transferred', actions: 'transfer' } },
    },
    transferred: {
      always: [{ guard: 'consentRequired', target: 'awaitingConsent' }, { target: 'payable' }],
    },
    awaitingConsent: {
      on: {
        'violation.accept': { target: 'payable' },
        'violation.decline': { guard: 'reasonGiven', target: 'disputed', actions: 'keepReason' },
      },
    },
    payable: {
      on: {
        'violation.payFromDeposit': { target: 'paid', actions: 'payFromDeposit' },
        // Which card is the server's to say (the booking's card on file): it refuses when there is none.
        'violation.payByCard': { target: 'paid', actions: 'payByCard' },
        'violation.dispute': { guard: 'reasonGiven', target: 'disputed', actions: 'keepReason' },
      },
    },
    paid: { type: 'final' },
    /** The renter's reason is with the rental company, who decides. */
    disputed: {
      on: {
        'violation.resolve': [{ guard: 'upheld', target: 'payable' }, { target: 'cancelled' }],
      },
    },
    cancelled: { type: 'final' },
  },
});

export type ViolationSnapshot = SnapshotFrom<typeof violationMachine>;

/**
 * A fine passed on once the deposit is no longer held is charged to the card the renter saved for
 * it (they agreed to that on the payment page) this many days after they are told, unless they pay
 * it another way or dispute it first: the notice gives the day.
 */
export const CARD_CHARGE_NOTICE_DAYS = 7;

/** When a payable fine is due to be charged to the saved card (if the deposit no longer covers it); null when it is not payable. */
export const cardChargeDueAt = (s: ViolationSnapshot): number | null =>
  s.value === 'payable' && s.context.transferredAt !== null ? s.context.transferredAt + CARD_CHARGE_NOTICE_DAYS * DAY_MS : null;

/** A stored violation (the machine's persisted snapshot), or null when it is not a state the machine has. */
export function restoreViolation(stored: unknown): ViolationSnapshot | null {
  try {
    const state = stored as { value: never; context: never };
    return violationMachine.resolveState({ value: state.value, context: state.context });
  } catch {
    return null;
  }
}
