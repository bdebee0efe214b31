// Return: the car is handed back and inspected; the deposit is settled (deductions captured from
// the hold, the rest released) and the rental is complete.
import { and, assertEvent, not } from 'xstate';
import { carOf } from '../fleet';
import { fuelDeduction } from '../money';
import { inspectionProblems, type FuelLevel } from '../validation';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  inspectionValid: ({ context, event }) =>
    event.type === 'return.submitInspection' &&
    Object.keys(inspectionProblems(event.inspection, carOf(context.booking.carId).odometerKm)).length === 0,
  handedBack: ({ context }) => context.returnedAt !== null,
  inspected: ({ context }) => context.inspection !== null,
  refundProcessed: ({ context }) => context.refund !== null,
  completed: ({ context }) => context.completedAt !== null,
} satisfies Record<string, JourneyGuard>;

const actions = {
  recordHandover: journeySetup.assign({
    returnedAt: ({ event }) => {
      assertEvent(event, 'return.confirmHandover');
      return event.at;
    },
  }),
  rejectInspection: journeySetup.assign({
    fieldErrors: ({ context, event }) => {
      assertEvent(event, 'return.submitInspection');
      return inspectionProblems(event.inspection, carOf(context.booking.carId).odometerKm);
    },
    error: null,
  }),
  /** The inspection, and what it costs: a tank returned short is charged at the pump price. */
  recordInspection: journeySetup.assign(({ context, event }) => {
    assertEvent(event, 'return.submitInspection');
    const fuel = fuelDeduction(event.inspection.fuel as FuelLevel, carOf(context.booking.carId).tankLitres);
    return {
      inspection: event.inspection,
      deductions: [...context.deductions.filter((d) => d.kind !== 'fuel'), ...(fuel ? [fuel] : [])],
      fieldErrors: {},
    };
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
          { guard: 'inspected', target: 'depositRefund' },
          { target: 'inspection' },
        ],
      },
      inspection: {
        on: {
          'return.confirmHandover': { guard: not('handedBack'), actions: 'recordHandover' },
          'return.submitInspection': [
            { guard: and(['handedBack', 'inspectionValid']), target: 'depositRefund', actions: 'recordInspection' },
            { guard: 'handedBack', actions: 'rejectInspection' },
          ],
        },
      },
      depositRefund: {
        on: { 'return.processRefund': { target: 'settling', actions: 'startRequest' } },
      },
      settling: pendingCall(
        'settleDeposit',
        ({ context, event }) => {
          assertEvent(event, 'return.processRefund');
          return {
            deposit: context.deposit!,
            deductions: context.deductions.reduce((sum, d) => sum + d.amount, 0),
            returnedAt: context.returnedAt!,
            at: event.at,
          };
        },
        {
          done: { target: 'finalInvoice', actions: 'recordSettlement' },
          error: { target: 'depositRefund', actions: 'showError' },
        },
      ),
      finalInvoice: {
        on: { 'return.finish': { target: 'completed', actions: 'complete' } },
      },
      completed: {},
    },
  }),
};
