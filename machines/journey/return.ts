// Return: the company's agent checks the car in (odometer, fuel, damage, photos) and each line is
// priced by machines/returns.ts; the renter sees every line on their phone and accepts, or disputes a
// line with a reason, which the company's manager upholds or waives. The deposit is settled (lines
// captured from the hold, the rest released, an early return's unused days given back) only once
// both sides agree: never by the renter alone.
import { and, assertEvent } from 'xstate';
import { carPeriod, chargeReferences, checkinOpen, checkinToAnswer, dueBackAt, handedOverKm, openDisputes, bookingPrice } from '../journey-rules';
import { checkinLines, checkReason, isReturnLine, unusedDays } from '../returns';
import { normaliseName } from '../text';
import { owed } from '../ledger';
import { checkinProblems, kmOf, type FuelLevel } from '../validation';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  checkinOpen: ({ context, event }) => event.type === 'handover.checkin' && checkinOpen(context, event.at),
  checkinValid: ({ context, event }) =>
    event.type === 'handover.checkin' && Object.keys(checkinProblems(event.checkin, handedOverKm(context))).length === 0,
  checkedIn: ({ context }) => context.checkin !== null,
  accepted: ({ context }) => context.checkin?.acceptedAt != null,
  /** A return line not yet disputed, and a reason given. */
  disputable: ({ context, event }) => {
    if (event.type !== 'return.dispute' || !checkinToAnswer(context)) return false;
    const line = context.deductions[event.line];
    return line !== undefined && isReturnLine(line) && !line.dispute && checkReason(event.reason) === null;
  },
  disputed: ({ context }) => openDisputes(context).length > 0,
  /** A line the renter disputed and nobody has decided, and the manager's reason. */
  decidable: ({ context, event }) =>
    event.type === 'return.decide' &&
    context.deductions[event.line]?.dispute?.decision === null &&
    (event.outcome === 'upheld' || event.outcome === 'waived') &&
    checkReason(event.note) === null,
  lastDispute: ({ context }) => openDisputes(context).length === 1,
  refundProcessed: ({ context }) => context.refund !== null,
  completed: ({ context }) => context.completedAt !== null,
} satisfies Record<string, JourneyGuard>;

const actions = {
  /**
   * The check-in and its lines, priced here and nowhere else: the fuel short of what was handed over,
   * each damage line, a late return; and an early return's unused days. A check-in recorded again
   * replaces the lines of the one before.
   */
  recordCheckin: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'handover.checkin');
    const { checkin: form, agent, at } = event;
    const due = dueBackAt(context);
    const lines = checkinLines(context.booking.car, context.checkout?.fuel ?? 'F', due, form, at);
    return {
      checkin: {
        odometerKm: kmOf(form.odometer),
        fuel: form.fuel as FuelLevel,
        photos: form.photos,
        agent: normaliseName(agent),
        at,
        unused: unusedDays(bookingPrice(context.booking), due, at),
        acceptedAt: null,
      },
      returnedAt: at,
      // Nothing is being quoted once the car is back.
      extensionQuote: null,
      deductions: [...context.deductions.filter((d) => !isReturnLine(d)), ...lines],
    };
  }),
  recordDispute: journeySetup.assign({
    deductions: ({ context, event }) => {
      assertEvent(event, 'return.dispute');
      return context.deductions.map((d, i) =>
        i === event.line ? { ...d, dispute: { reason: event.reason.trim(), at: event.at, decision: null } } : d,
      );
    },
  }),
  recordAcceptance: journeySetup.assign({
    checkin: ({ context, event }) => {
      assertEvent(event, 'return.accept');
      return { ...context.checkin!, acceptedAt: event.at };
    },
  }),
  reopenAnswer: journeySetup.assign({
    checkin: ({ context }) => ({ ...context.checkin!, acceptedAt: null }),
  }),
  recordDecision: journeySetup.assign({
    deductions: ({ context, event }) => {
      assertEvent(event, 'return.decide');
      const decision = { outcome: event.outcome, note: event.note.trim(), by: normaliseName(event.by), at: event.at };
      return context.deductions.map((d, i) => (i === event.line ? { ...d, dispute: { ...d.dispute!, decision } } : d));
    },
  }),
  recordSettlement: journeySetup.assign({
    refund: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.settleDeposit');
      return event.output;
    },
    error: null,
    pending: null,
  }),
  complete: journeySetup.assign({
    completedAt: ({ event }) => {
      assertEvent(event, 'return.finish');
      return event.at;
    },
  }),
};

const step = journeySetup.extend({ guards, actions });

/** The agent checks the car in (again, to correct a figure before the renter answers). */
export const checkIn = {
  guard: and(['checkinOpen', 'checkinValid']),
  target: '#carReturn.reviewing',
  actions: 'recordCheckin' as const,
};

export const returnStep = {
  guards,
  actions,
  state: step.createStateConfig({
    id: 'carReturn',
    route: { guard: { type: 'stepAllowed', params: { step: 'carReturn' } } },
    initial: 'resolve',
    states: {
      resolve: {
        always: [
          { guard: 'completed', target: 'completed' },
          { guard: 'refundProcessed', target: 'finalInvoice' },
          // Accepted with nothing disputed is never stored: it is settling (a failed settlement reopens the answer).
          { guard: 'accepted', target: 'awaitingDecision' },
          { guard: 'checkedIn', target: 'reviewing' },
          { target: 'returning' },
        ],
      },
      /** The renter brings the car back (their own photos are kept as evidence); the agent checks it in. */
      returning: {
        on: { 'handover.checkin': checkIn },
      },
      /** Every line on the renter's phone: dispute one with a reason, or accept the rest. */
      reviewing: {
        on: {
          'handover.checkin': checkIn,
          'return.dispute': { guard: 'disputable', actions: 'recordDispute' },
          'return.accept': [
            { guard: 'disputed', target: 'awaitingDecision', actions: 'recordAcceptance' },
            { target: 'settling', actions: ['recordAcceptance', 'startRequest'] },
          ],
        },
      },
      /** The company's manager upholds or waives each disputed line; the last decision settles. */
      awaitingDecision: {
        on: {
          'return.decide': [
            { guard: and(['decidable', 'lastDispute']), target: 'settling', actions: ['recordDecision', 'startRequest'] },
            { guard: 'decidable', actions: 'recordDecision' },
          ],
        },
      },
      settling: pendingCall(
        'settleDeposit',
        ({ context, event }) => {
          assertEvent(event, ['return.accept', 'return.decide']);
          return {
            deposit: context.deposit!,
            deductions: context.deductions.reduce((sum, d) => sum + owed(d), 0),
            unused: context.checkin!.unused.amount,
            charges: chargeReferences(context),
            returnedAt: carPeriod(context).end,
            at: event.at,
          };
        },
        {
          done: { target: 'finalInvoice', actions: 'recordSettlement' },
          // Nothing was settled: the renter accepts again (the manager's decisions are kept).
          error: { target: 'reviewing', actions: ['showError', 'reopenAnswer'] },
        },
      ),
      finalInvoice: {
        on: { 'return.finish': { target: 'completed', actions: 'complete' } },
      },
      completed: {},
    },
  }),
};
