// The rental contract: accept the terms, confirm identity, sign (a call: the signature is checked
// against the account's name by the server).
import { and, assertEvent } from 'xstate';
import { CONTRACT_VERSION, isContractSigned, isOver } from '../journey-rules';
import { journeySetup, pendingCall, type JourneyGuard } from './setup';

const guards = {
  identityVerified: ({ context }) => context.identityVerified,
  contractTermsAccepted: ({ context }) => context.termsAccepted,
  contractSigned: ({ context }) => isContractSigned(context),
  bookingOpen: ({ context }) => !isOver(context),
} satisfies Record<string, JourneyGuard>;

const actions = {
  acceptTerms: journeySetup.assign({ termsAccepted: true }),
  verifyIdentity: journeySetup.assign({ identityVerified: true }),
  recordSignature: journeySetup.assign({
    contract: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signContract');
      return { signedAt: event.output.signedAt, version: CONTRACT_VERSION };
    },
    error: null,
    pending: null,
  }),
};

const step = journeySetup.extend({ guards, actions });

export const contractStep = {
  guards,
  actions,
  state: step.createStateConfig({
    id: 'rentalContract',
    route: { guard: { type: 'stepAllowed', params: { step: 'rentalContract' } } },
    initial: 'resolve',
    states: {
      /** Re-entering (back, a link, reload) lands on the sub-step the context says. */
      resolve: {
        always: [
          { guard: 'contractSigned', target: 'signed' },
          { guard: and(['contractTermsAccepted', 'identityVerified']), target: 'readyToSign' },
          { guard: 'contractTermsAccepted', target: 'verifyingIdentity' },
          { target: 'reviewingTerms' },
        ],
      },
      reviewingTerms: {
        on: { 'contract.acceptTerms': { target: 'resolve', actions: 'acceptTerms' } },
      },
      verifyingIdentity: {
        on: { 'contract.verifyIdentity': { target: 'readyToSign', actions: 'verifyIdentity' } },
      },
      readyToSign: {
        on: { 'contract.sign': { target: 'signing', actions: 'startRequest' } },
      },
      signing: pendingCall(
        'signContract',
        ({ context, event }) => {
          assertEvent(event, 'contract.sign');
          return { signature: event.signature, fullName: context.renter?.fullName ?? '', at: event.at };
        },
        {
          done: { target: 'signed', actions: 'recordSignature' },
          error: { target: 'readyToSign', actions: 'showError' },
        },
      ),
      signed: {
        // A finished or cancelled booking goes nowhere from here: its contract is only a record.
        on: { 'contract.proceed': { guard: 'bookingOpen', target: '#payment' } },
      },
    },
  }),
};
